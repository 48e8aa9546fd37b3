//! The breadth-first kernels (`kernels/bfs.wgsl`), compiled once per
//! workgroup size and slider method and kept by the context: their source,
//! their uniform, their bind-group layout and pipelines.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::layout::{Kernel, DEFAULT_WORKGROUP_SIZE, MAX_PLIES};
use super::pipeline::shader_source;
use super::sliders::{AttackMethod, MAGIC_BINDING};
use super::{poisoned, GpuError, GpuPerft};

/// The breadth-first kernels as written (appended to the depth-first source).
pub const BFS_WGSL: &str = include_str!(concat!(env!("OUT_DIR"), "/bfs.wgsl"));
/// The multiplicities' functions (appended after bfs.wgsl, always).
pub const MULTISET_WGSL: &str = include_str!(concat!(env!("OUT_DIR"), "/multiset.wgsl"));
/// The merging kernels (appended after those when merging, `bfs_merge`).
pub const MERGE_WGSL: &str = include_str!(concat!(env!("OUT_DIR"), "/merge.wgsl"));

/// The WGSL the host compiles for workgroup size `wg`, a slider method, the
/// side to move of the positions its entry points read (`white`) and how
/// the leaf kernels add up their counts (`direct`: each invocation on its
/// own, for a software adapter): the depth-first source, the constants
/// bfs.wgsl leaves to the host, then bfs.wgsl.
pub fn bfs_source(
    wg: u32,
    slider: AttackMethod,
    white: bool,
    direct: bool,
) -> Result<String, GpuError> {
    bfs_source_with(wg, slider, white, direct, false)
}

/// [`bfs_source`], and with `merge` the positions carry multiplicities and
/// merge.wgsl follows (`bfs_merge`).
pub fn bfs_source_with(
    wg: u32,
    slider: AttackMethod,
    white: bool,
    direct: bool,
    merge: bool,
) -> Result<String, GpuError> {
    let base = shader_source(Kernel::Private, DEFAULT_WORKGROUP_SIZE, MAX_PLIES, slider)
        .map_err(|e| GpuError::Shader(e.to_string()))?;
    let merging = if merge { MERGE_WGSL } else { "" };
    Ok(format!(
        "{base}\nconst BWG: u32 = {wg}u;\nconst BF_WHITE: bool = {white};\nconst BF_DIRECT: bool = {direct};\nconst BF_MERGE: bool = {merge};\n{BFS_WGSL}\n{MULTISET_WGSL}\n{merging}"
    ))
}

/// The uniform of every breadth-first dispatch (the WGSL `BfParams`); one
/// slot per dispatch, bound at a dynamic offset.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, bytemuck::Pod, bytemuck::Zeroable)]
pub(super) struct BfParams {
    pub count: u32,
    pub base: u32,
    pub nblocks: u32,
    pub cap: u32,
    pub sub: u32,
    /// Leaf kernels: 1 for a piece of a level sized on the GPU.
    pub indirect: u32,
    pub pad: [u32; 2],
}

/// The compiled kernels of one workgroup size and slider method.
pub(super) struct Kernels {
    /// Which build this is (the buffer pool's bind groups are per build).
    pub id: usize,
    pub wg: u32,
    slider: AttackMethod,
    /// Built for merging (`BF_MERGE`): positions with multiplicities.
    merge: bool,
    /// The merging kernels and their layout (merge builds only).
    pub mg: Option<MergeKernels>,
    /// The magic tables, bound at [`MAGIC_BINDING`] (magic sliders only).
    pub magic: Option<wgpu::Buffer>,
    pub layout: wgpu::BindGroupLayout,
    /// `bf_leaf_args`' own group: the leaf pieces' indirect arguments.
    pub args_layout: wgpu::BindGroupLayout,
    /// The kernels that read positions, for white to move and for black.
    sides: [SideKernels; 2],
    pub block_scan: wgpu::ComputePipeline,
    pub leaf_args: wgpu::ComputePipeline,
    /// The test hook's kernel (not in the page: build.rs).
    #[cfg(not(target_arch = "wasm32"))]
    pub reduce_test: wgpu::ComputePipeline,
}

/// merge.wgsl's passes and their bind-group layout (bindings 30..35: 20 is the magic sliders' table).
pub(super) struct MergeKernels {
    pub layout: wgpu::BindGroupLayout,
    pub insert: wgpu::ComputePipeline,
    pub commit: wgpu::ComputePipeline,
}

/// The kernels of one side to move (`BF_WHITE` in bfs.wgsl).
pub(super) struct SideKernels {
    pub count_scan: wgpu::ComputePipeline,
    pub expand: wgpu::ComputePipeline,
    /// The last two plies fused (`bf_leaf`).
    pub leaf: wgpu::ComputePipeline,
    /// The same with the transposition table (`bf_leaf_hash`, `bfs_hash`).
    pub leaf_hash: wgpu::ComputePipeline,
    /// The last ply (`bf_leaf_count`).
    pub leaf_count: wgpu::ComputePipeline,
}

impl Kernels {
    /// The kernels for positions with `white` to move.
    pub fn side(&self, white: bool) -> &SideKernels {
        &self.sides[usize::from(!white)]
    }
}

/// Compiled kernels per workgroup size and slider, built once (a field of
/// [`GpuPerft`]).
pub(super) type KernelCache = Mutex<Vec<Arc<Kernels>>>;

static BUILDS: AtomicUsize = AtomicUsize::new(0);

fn binding(binding: u32, ty: wgpu::BufferBindingType, dynamic: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty,
            has_dynamic_offset: dynamic,
            min_binding_size: None,
        },
        count: None,
    }
}

/// The bind-group layouts: the kernels' group 0 (bindings 10..17, and the
/// magic tables where the slider method has them) and `bf_leaf_args`'
/// group 1.
fn layouts(dev: &wgpu::Device, magic: bool) -> (wgpu::BindGroupLayout, wgpu::BindGroupLayout) {
    let rw = wgpu::BufferBindingType::Storage { read_only: false };
    let ro = wgpu::BufferBindingType::Storage { read_only: true };
    let mut entries = vec![
        binding(10, wgpu::BufferBindingType::Uniform, true),
        binding(11, ro, false),
        binding(12, rw, false),
        binding(13, rw, false),
        binding(14, rw, false),
        binding(15, rw, false),
        binding(16, ro, false),
        binding(17, rw, false),
    ];
    if magic {
        entries.push(binding(MAGIC_BINDING, ro, false));
    }
    let layout = dev.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("bfs bindings"),
        entries: &entries,
    });
    let args_layout = dev.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("bfs leaf arguments"),
        entries: &[binding(0, rw, false)],
    });
    (layout, args_layout)
}

/// merge.wgsl's bind-group layout: its uniform (dynamic offset), the
/// staged children, the level, the table, the matches, its counters.
fn merge_layout(dev: &wgpu::Device) -> wgpu::BindGroupLayout {
    let rw = wgpu::BufferBindingType::Storage { read_only: false };
    let ro = wgpu::BufferBindingType::Storage { read_only: true };
    dev.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("merge bindings"),
        entries: &[
            binding(30, wgpu::BufferBindingType::Uniform, true),
            binding(31, ro, false),
            binding(32, rw, false),
            binding(33, rw, false),
            binding(34, rw, false),
            binding(35, rw, false),
        ],
    })
}

/// The kernels of workgroup size `wg` and `slider`, from the cache or built.
pub(super) fn kernels(
    gpu: &GpuPerft,
    wg: u32,
    slider: AttackMethod,
) -> Result<Arc<Kernels>, GpuError> {
    kernels_for(gpu, wg, slider, false)
}

/// [`kernels`], built for merging (`merge`) or not.
pub(super) fn kernels_for(
    gpu: &GpuPerft,
    wg: u32,
    slider: AttackMethod,
    merge: bool,
) -> Result<Arc<Kernels>, GpuError> {
    if let Some(k) = gpu
        .bfs
        .lock()
        .map_err(poisoned)?
        .iter()
        .find(|k| k.wg == wg && k.slider == slider && k.merge == merge)
    {
        return Ok(k.clone());
    }
    let magic = gpu.magic_table_for(slider)?;
    let dev = &gpu.device;
    let module = |white: bool| {
        bfs_source_with(wg, slider, white, gpu.direct_leaf_counts, merge).map(|src| {
            dev.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some("bfs.wgsl"),
                source: wgpu::ShaderSource::Wgsl(src.into()),
            })
        })
    };
    let (white, black) = (module(true)?, module(false)?);
    let (layout, args_layout) = layouts(dev, magic.is_some());
    let pipeline_layout = |groups: &[Option<&wgpu::BindGroupLayout>]| {
        dev.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("bfs"),
            bind_group_layouts: groups,
            immediate_size: 0,
        })
    };
    let pl = pipeline_layout(&[Some(&layout)]);
    let args_pl = pipeline_layout(&[Some(&layout), Some(&args_layout)]);
    let make_with = |pl: &wgpu::PipelineLayout, module: &wgpu::ShaderModule, name: &str| {
        dev.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(name),
            layout: Some(pl),
            module,
            entry_point: Some(name),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants: &[],
                zero_initialize_workgroup_memory: false,
            },
            cache: None,
        })
    };
    let make = |module: &wgpu::ShaderModule, name: &str| make_with(&pl, module, name);
    let side = |m| SideKernels {
        count_scan: make(m, "bf_count_scan"),
        expand: make(m, "bf_expand"),
        leaf: make(m, "bf_leaf"),
        leaf_hash: make(m, "bf_leaf_hash"),
        leaf_count: make(m, "bf_leaf_count"),
    };
    let mg = merge.then(|| {
        let layout = merge_layout(dev);
        let pl = pipeline_layout(&[Some(&layout)]);
        MergeKernels {
            insert: make_with(&pl, &white, "mg_insert"),
            commit: make_with(&pl, &white, "mg_commit"),
            layout,
        }
    });
    // (shared between threads natively; in the browser wgpu's handles are
    // not Send, and the one thread shares it)
    #[allow(clippy::arc_with_non_send_sync)]
    let k = Arc::new(Kernels {
        id: BUILDS.fetch_add(1, Ordering::Relaxed),
        wg,
        slider,
        merge,
        mg,
        magic,
        sides: [side(&white), side(&black)],
        block_scan: make(&white, "bf_block_scan"),
        leaf_args: make_with(&args_pl, &white, "bf_leaf_args"),
        #[cfg(not(target_arch = "wasm32"))]
        reduce_test: make(&white, "bf_reduce_test"),
        layout,
        args_layout,
    });
    gpu.take_device_error()
        .map_err(|e| GpuError::Shader(e.to_string()))?;
    gpu.bfs.lock().map_err(poisoned)?.push(k.clone());
    Ok(k)
}
