//! The breadth-first kernels (`kernels/bfs.wgsl`), compiled once per
//! workgroup size and slider method and kept by the context: their source,
//! their uniform, their bind-group layout and pipelines.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use super::super::context::{Cache, Context};
use super::super::layout::{Kernel, DEFAULT_WORKGROUP_SIZE, MAX_PLIES};
use super::super::pipeline::{
    compute_pipeline, shader_module, shader_source, specialized_pipeline,
};
use super::super::sliders::{AttackMethod, MAGIC_BINDING};
use super::super::GpuError;

/// The breadth-first kernels as written (appended to the depth-first source).
pub const BFS_WGSL: &str = include_str!(concat!(env!("OUT_DIR"), "/bfs.wgsl"));
/// The multiplicities' functions (appended after bfs.wgsl, always).
pub const MULTISET_WGSL: &str = include_str!(concat!(env!("OUT_DIR"), "/multiset.wgsl"));
/// The merging kernels (appended after those when merging, [`super::merge`]).
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
/// merge.wgsl follows ([`super::merge`]).
pub fn bfs_source_with(
    wg: u32,
    slider: AttackMethod,
    white: bool,
    direct: bool,
    merge: bool,
) -> Result<String, GpuError> {
    let base = shader_source(Kernel::Private, DEFAULT_WORKGROUP_SIZE, MAX_PLIES, slider)
        .map_err(|e| GpuError::Shader(e.to_string()))?;
    let merging = if merge {
        format!("{}{MERGE_WGSL}", MgParams::WGSL)
    } else {
        String::new()
    };
    let bf_params = BfParams::WGSL;
    Ok(format!(
        "{base}\nconst BWG: u32 = {wg}u;\nconst BF_WHITE: bool = {white};\nconst BF_DIRECT: bool = {direct};\nconst BF_MERGE: bool = {merge};\n{bf_params}{BFS_WGSL}\n{MULTISET_WGSL}\n{merging}"
    ))
}

uniform! {
    /// The uniform of every breadth-first dispatch (bfs.wgsl's `bf`); one
    /// slot per dispatch, bound at a dynamic offset.
    pub(super) struct BfParams {
        /// Positions in this dispatch.
        pub count,
        /// Index of its first position in `bf_src`.
        pub base,
        /// `bf_block_scan`: the number of block sums.
        pub nblocks,
        /// `bf_expand`: the capacity of `bf_dst`, in positions.
        pub cap,
        /// `bf_expand`: the scanned offset of its range's first child
        /// (subtracted).
        pub sub,
        /// Leaf kernels: 1 when the dispatch is a piece of a level whose
        /// size is known on the GPU only (`bf_acc[3]`): its positions end
        /// there.
        pub indirect,
        /// `bf_leaf_args`: the accumulator word its level's size is in
        /// (0: the block scan's total, word 2).
        pub counter,
        pub pad1,
    }
}

uniform! {
    /// merge.wgsl's uniform (`mp`, which the merged walk fills), the size
    /// of [`BfParams`].
    pub(super) struct MgParams {
        /// Staged children in this dispatch.
        pub count,
        /// Index of its first staged child.
        pub base,
        /// Positions the level holds.
        pub cap,
        /// Table entries - 1 (a power of two - 1).
        pub mask,
        /// Parts - 1 (a power of two - 1), and the part being built.
        pub parts,
        pub part,
        pub pad0,
        pub pad1,
    }
}

/// The compiled kernels of one workgroup size and slider method.
pub(super) struct Kernels {
    /// Which build this is (the buffer pool's bind groups are per build).
    pub id: usize,
    pub wg: u32,
    /// The merging kernels and their layout (merge builds only).
    pub mg: Option<MergeKernels>,
    /// The magic tables, bound at [`MAGIC_BINDING`] (magic sliders only).
    pub magic: Option<wgpu::Buffer>,
    pub layout: wgpu::BindGroupLayout,
    /// `bf_leaf_args`' own group: the leaf pieces' indirect arguments.
    pub args_layout: wgpu::BindGroupLayout,
    /// The layout of the kernels on group 0 alone (the ones built late).
    pipeline_layout: wgpu::PipelineLayout,
    /// The kernels that read positions, for white to move and for black.
    sides: [SideKernels; 2],
    pub block_scan: wgpu::ComputePipeline,
    pub leaf_args: wgpu::ComputePipeline,
    /// The test hook's kernel (not in the page: build.rs), built on first use.
    #[cfg(not(target_arch = "wasm32"))]
    reduce_test: OnceLock<wgpu::ComputePipeline>,
}

/// merge.wgsl's passes and their bind-group layout (bindings 30..35: 20 is the magic sliders' table).
pub(super) struct MergeKernels {
    pub layout: wgpu::BindGroupLayout,
    pub insert: wgpu::ComputePipeline,
    pub commit: wgpu::ComputePipeline,
}

/// The kernels of one side to move (`BF_WHITE` in bfs.wgsl).
pub(super) struct SideKernels {
    /// Their module, for the kernels built on first use.
    module: wgpu::ShaderModule,
    pub count_scan: wgpu::ComputePipeline,
    pub expand: wgpu::ComputePipeline,
    /// The last two plies fused (`bf_leaf`, [`LeafMode::Fused`]).
    pub leaf: wgpu::ComputePipeline,
    /// The same with the transposition table ([`LeafMode::Hash`],
    /// [`super::hash`]): built on first use, since only a run with a table
    /// needs it, and it is one of the two largest kernels to compile.
    leaf_hash: OnceLock<wgpu::ComputePipeline>,
    /// The table's lookups alone, then the misses they listed walked, then
    /// the waiters' counts read ([`LeafMode::Lookup`], [`LeafMode::Misses`],
    /// [`LeafMode::Waiters`]): the merged walk's unmerged leaf level;
    /// built on first use.
    leaf_lookup: OnceLock<[wgpu::ComputePipeline; 3]>,
    /// The last ply ([`LeafMode::LastPly`]).
    pub leaf_count: wgpu::ComputePipeline,
}

impl Kernels {
    /// The kernels for positions with `white` to move.
    pub fn side(&self, white: bool) -> &SideKernels {
        &self.sides[usize::from(!white)]
    }

    /// `bf_leaf_hash` for `white` to move, compiled on `dev` the first time.
    pub fn leaf_hash(&self, dev: &wgpu::Device, white: bool) -> &wgpu::ComputePipeline {
        let side = self.side(white);
        side.leaf_hash
            .get_or_init(|| LeafMode::Hash.pipeline(dev, &self.pipeline_layout, &side.module))
    }

    /// The table's lookups, the walk of their misses and the waiters'
    /// reads for `white` to move, compiled on `dev` the first time.
    pub fn leaf_lookup(&self, dev: &wgpu::Device, white: bool) -> &[wgpu::ComputePipeline; 3] {
        let side = self.side(white);
        let build = |mode: LeafMode| mode.pipeline(dev, &self.pipeline_layout, &side.module);
        side.leaf_lookup
            .get_or_init(|| [LeafMode::Lookup, LeafMode::Misses, LeafMode::Waiters].map(build))
    }

    /// The test hook's `bf_reduce_test`, compiled on `dev` the first time.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn reduce_test(&self, dev: &wgpu::Device) -> &wgpu::ComputePipeline {
        self.reduce_test.get_or_init(|| {
            let module = &self.sides[0].module;
            compute_pipeline(dev, Some(&self.pipeline_layout), module, "bf_reduce_test")
        })
    }
}

/// How the leaf kernel `bf_leaf` counts (its pipeline constant
/// `BF_LEAF_MODE`); each mode is a pipeline of its own.
#[derive(Clone, Copy, Debug)]
enum LeafMode {
    /// The last two plies fused.
    Fused,
    /// The last ply.
    LastPly,
    /// The last two plies through the transposition table.
    Hash,
    /// The table's lookups alone: a hit counted, a miss listed.
    Lookup,
    /// The listed misses' last two plies, stored in the table.
    Misses,
    /// The listed waiters' counts from the table.
    Waiters,
}

impl LeafMode {
    /// `bf_leaf`'s pipeline in this mode, named as the mode.
    fn pipeline(
        self,
        dev: &wgpu::Device,
        layout: &wgpu::PipelineLayout,
        module: &wgpu::ShaderModule,
    ) -> wgpu::ComputePipeline {
        let label = match self {
            LeafMode::Fused => "bf_leaf",
            LeafMode::LastPly => "bf_leaf_count",
            LeafMode::Hash => "bf_leaf_hash",
            LeafMode::Lookup => "bf_leaf_lookup",
            LeafMode::Misses => "bf_leaf_misses",
            LeafMode::Waiters => "bf_leaf_waiters",
        };
        let mode = [("BF_LEAF_MODE", f64::from(self as u8))];
        specialized_pipeline(dev, Some(layout), module, ("bf_leaf", label), &mode)
    }
}

/// What a set of kernels is built for: workgroup size, slider method, and
/// merging (`BF_MERGE`: positions with multiplicities).
pub(super) type KernelKey = (u32, AttackMethod, bool);

/// Compiled kernels per key, built once (kept in [`super::State`]).
pub(super) type KernelCache = Cache<KernelKey, Arc<Kernels>>;

static BUILDS: AtomicUsize = AtomicUsize::new(0);

/// How the kernels take a binding: the uniform (at a dynamic offset), a
/// storage buffer they read, or one they write.
#[derive(Clone, Copy)]
enum Access {
    Uniform,
    Read,
    Write,
}

/// A bind-group layout of the compute bindings `bindings`.
fn layout(dev: &wgpu::Device, label: &str, bindings: &[(u32, Access)]) -> wgpu::BindGroupLayout {
    let entry = |&(binding, access): &(u32, Access)| wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: match access {
                Access::Uniform => wgpu::BufferBindingType::Uniform,
                Access::Read => wgpu::BufferBindingType::Storage { read_only: true },
                Access::Write => wgpu::BufferBindingType::Storage { read_only: false },
            },
            has_dynamic_offset: matches!(access, Access::Uniform),
            min_binding_size: None,
        },
        count: None,
    };
    let entries: Vec<_> = bindings.iter().map(entry).collect();
    dev.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some(label),
        entries: &entries,
    })
}

/// The bind-group layouts: the kernels' group 0 (bindings 10..17, and the
/// magic tables where the slider method has them) and `bf_leaf_args`'
/// group 1.
fn layouts(dev: &wgpu::Device, magic: bool) -> (wgpu::BindGroupLayout, wgpu::BindGroupLayout) {
    use Access::{Read as R, Uniform as U, Write as W};
    let mut group0 = vec![
        (10, U),
        (11, R),
        (12, W),
        (13, W),
        (14, W),
        (15, W),
        (16, R),
        (17, W),
    ];
    if magic {
        group0.push((MAGIC_BINDING, R));
    }
    let args = layout(dev, "bfs leaf arguments", &[(0, W)]);
    (layout(dev, "bfs bindings", &group0), args)
}

/// merge.wgsl's bind-group layout: its uniform, the staged children, the
/// level, the table, the matches, its counters.
fn merge_layout(dev: &wgpu::Device) -> wgpu::BindGroupLayout {
    use Access::{Read as R, Uniform as U, Write as W};
    let bindings = [(30, U), (31, R), (32, W), (33, W), (34, W), (35, W)];
    layout(dev, "merge bindings", &bindings)
}

/// The kernels of `key`, from `built` or compiled (and kept there); the
/// leaf kernels add their counts on their own (`direct`) or per workgroup.
pub(super) fn kernels(
    ctx: &Context,
    built: &KernelCache,
    key: KernelKey,
    direct: bool,
) -> Result<Arc<Kernels>, GpuError> {
    if let Some(k) = built.get(&key)? {
        return Ok(k);
    }
    let (wg, slider, merge) = key;
    let magic = ctx.magic_table_for(slider)?;
    let dev = &ctx.device;
    let module = |white: bool| {
        bfs_source_with(wg, slider, white, direct, merge)
            .map(|src| shader_module(dev, "bfs.wgsl", src))
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
    let make =
        |module: &wgpu::ShaderModule, name: &str| compute_pipeline(dev, Some(&pl), module, name);
    let side = |m: &wgpu::ShaderModule| SideKernels {
        count_scan: make(m, "bf_count_scan"),
        expand: make(m, "bf_expand"),
        leaf: LeafMode::Fused.pipeline(dev, &pl, m),
        leaf_hash: OnceLock::new(),
        leaf_lookup: OnceLock::new(),
        leaf_count: LeafMode::LastPly.pipeline(dev, &pl, m),
        module: m.clone(),
    };
    let mg = merge.then(|| {
        let layout = merge_layout(dev);
        let pl = pipeline_layout(&[Some(&layout)]);
        MergeKernels {
            insert: compute_pipeline(dev, Some(&pl), &white, "mg_insert"),
            commit: compute_pipeline(dev, Some(&pl), &white, "mg_commit"),
            layout,
        }
    });
    // (shared between threads natively; in the browser wgpu's handles are
    // not Send, and the one thread shares it)
    #[allow(clippy::arc_with_non_send_sync)]
    let k = Arc::new(Kernels {
        id: BUILDS.fetch_add(1, Ordering::Relaxed),
        wg,
        mg,
        magic,
        sides: [side(&white), side(&black)],
        block_scan: make(&white, "bf_block_scan"),
        leaf_args: compute_pipeline(dev, Some(&args_pl), &white, "bf_leaf_args"),
        #[cfg(not(target_arch = "wasm32"))]
        reduce_test: OnceLock::new(),
        pipeline_layout: pl,
        layout,
        args_layout,
    });
    ctx.take_device_error()
        .map_err(|e| GpuError::Shader(e.to_string()))?;
    built.keep(key, k)
}
