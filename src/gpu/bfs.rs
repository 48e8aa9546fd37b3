//! The breadth-first kernel family ([`Variant::BreadthFirst`]): the GPU
//! expands the tree level by level and counts the last two plies fused.
//!
//! ```text
//!  root --CPU split--> frontier chunk --upload--> level 0
//!  level l (remaining r > 2), per range of positions whose children fit:
//!     bf_count_scan   count each position's legal moves, scan them per workgroup
//!     bf_block_scan   scan the block sums (one workgroup), total -> acc[2]
//!     (read back 16 bytes: the total)
//!     bf_expand       write each position's children at its offset -> level l + 1
//!  level with r <= 2, in dispatches of bounded size:
//!     bf_leaf         r = 2: play each legal move, count the child's moves
//!     bf_leaf_count   r = 1: count the moves
//!                     both: (lo, hi) with carry -> acc[0], acc[1] by
//!                     atomics, after a workgroup reduction on a GPU, per
//!                     invocation on a software adapter (no barrier)
//!  (read back 16 bytes per chunk: the chunk's leaves)
//!  two chunks in flight: while one set's read-back is awaited, the other
//!  set's dispatches are queued behind it
//! ```
//!
//! Buffers (two sets per run, two chunks in flight: `bfs_walk.rs`): one
//! position buffer per materialized level (the chunk in level 0, `cap`
//! positions of [`POS_BYTES`] each beyond), one offsets buffer (`cap` u32),
//! one block-sums buffer, the 16-byte accumulator, a uniform. `cap` and the
//! dispatch sizes come from the adapter's limits (max storage binding / buffer
//! size, workgroups per dimension, 2-D dispatch beyond it) and from whether it
//! is a software adapter. A range whose children would overflow `cap` is cut
//! smaller and scanned again, so any tree fits.
//!
//! The kernels (`kernels/bfs.wgsl`) are appended to the depth-first source, so
//! the move generator exists once.

use std::sync::{Arc, Mutex};

use super::bfs_walk::Walk;
use super::layout::{Variant, DEFAULT_WORKGROUP_SIZE, MAX_PLIES};
use super::packed::{board, check_packed, pack, white_to_move, Packed, POS_BYTES};
use super::pipeline::shader_source;
use super::run::{check_root, frontier_size, Frontier, BRANCHING};
use super::sliders::{Slider, MAGIC_BINDING};
use super::{poisoned, GpuError, GpuPerft, GpuRun, Options};
use crate::chess::Position;

/// The breadth-first kernels as written (appended to the depth-first source).
pub const BFS_WGSL: &str = include_str!(concat!(env!("OUT_DIR"), "/bfs.wgsl"));

/// Pieces besides pawns and the king that one side may have in a
/// breadth-first run: the walk keeps one move source per piece (two per
/// queen), four for the pawns and one for the king, 36 at most
/// (`BF_SOURCES` in bfs.wgsl). A game from the start position never has
/// more than 15.
pub const BFS_MAX_OFFICERS: u32 = 15;

/// Private memory of one breadth-first invocation beyond its registers: the
/// walk's move sources (`Sources` in bfs.wgsl: 36 x 16 B and their number,
/// rounded to 16 B), indexed at run time, so a GPU keeps them in local
/// memory. The depth-first kernels' private variant keeps 256 B there.
pub const PRIVATE_BYTES_PER_INVOCATION: u64 = 592;

/// A position the breadth-first walk can hold ([`BFS_MAX_OFFICERS`]).
fn check_officers(p: &Packed) -> Result<(), GpuError> {
    let white = board(p, 0);
    let officers = board(p, 2) | board(p, 3) | board(p, 4);
    let occupied = officers | board(p, 1);
    for (side, pieces) in [("white", white), ("black", occupied & !white)] {
        let n = (officers & pieces).count_ones();
        if n > BFS_MAX_OFFICERS {
            return Err(GpuError::BadPosition(format!(
                "{side} has {n} pieces besides pawns and king; the breadth-first kernels take at most {BFS_MAX_OFFICERS}"
            )));
        }
    }
    Ok(())
}

/// Global memory per materialized position: the packed position and its
/// children's offset.
pub const GLOBAL_BYTES_PER_POSITION: u64 = POS_BYTES as u64 + 4;

/// Workgroup memory of one workgroup of the breadth-first kernels: the
/// scan / reduction array, `2 x workgroup_size` u32.
pub fn workgroup_bytes(workgroup_size: u32) -> u64 {
    8 * u64::from(workgroup_size)
}

/// The WGSL the host compiles for workgroup size `wg`, a slider method, the
/// side to move of the positions its entry points read (`white`) and how
/// the leaf kernels add up their counts (`direct`: each invocation on its
/// own, for a software adapter): the depth-first source, the constants
/// bfs.wgsl leaves to the host, then bfs.wgsl.
pub fn bfs_source(wg: u32, slider: Slider, white: bool, direct: bool) -> Result<String, GpuError> {
    let base = shader_source(Variant::Private, DEFAULT_WORKGROUP_SIZE, MAX_PLIES, slider)
        .map_err(|e| GpuError::Shader(e.to_string()))?;
    Ok(format!(
        "{base}\nconst BWG: u32 = {wg}u;\nconst BF_WHITE: bool = {white};\nconst BF_DIRECT: bool = {direct};\n{BFS_WGSL}"
    ))
}

/// The uniform of every breadth-first dispatch (the WGSL `BfParams`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, bytemuck::Pod, bytemuck::Zeroable)]
pub(super) struct BfParams {
    pub count: u32,
    pub base: u32,
    pub nblocks: u32,
    pub cap: u32,
    pub pad: [u32; 4],
}

/// The compiled kernels of one workgroup size and slider method.
pub(super) struct Kernels {
    pub wg: u32,
    slider: Slider,
    /// The magic tables, bound at [`MAGIC_BINDING`] (magic sliders only).
    magic: Option<wgpu::Buffer>,
    layout: wgpu::BindGroupLayout,
    /// The kernels that read positions, for white to move and for black.
    sides: [SideKernels; 2],
    pub block_scan: wgpu::ComputePipeline,
    /// The test hook's kernel (not in the page: build.rs).
    #[cfg(not(target_arch = "wasm32"))]
    reduce_test: wgpu::ComputePipeline,
}

/// The kernels of one side to move (`BF_WHITE` in bfs.wgsl).
pub(super) struct SideKernels {
    pub count_scan: wgpu::ComputePipeline,
    pub expand: wgpu::ComputePipeline,
    /// The last two plies fused (`bf_leaf`).
    pub leaf: wgpu::ComputePipeline,
    /// The last ply (`bf_leaf_count`).
    pub leaf_count: wgpu::ComputePipeline,
}

impl Kernels {
    /// The kernels for positions with `white` to move.
    pub fn side(&self, white: bool) -> &SideKernels {
        &self.sides[usize::from(!white)]
    }
}

/// Compiled kernels per workgroup size, built once (a field of [`GpuPerft`]).
pub(super) type KernelCache = Mutex<Vec<Arc<Kernels>>>;

/// How a run is cut up.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    /// Positions per level buffer.
    pub cap: u32,
    /// Positions per count / expand dispatch.
    pub expand_max: u32,
    /// Positions per fused-leaf dispatch.
    pub leaf_max: u32,
    /// Frontier positions per chunk.
    pub chunk: u32,
}

/// One set of buffers: a chunk walks in it (two sets, two chunks in flight).
pub(super) struct Buffers {
    pub params: wgpu::Buffer,
    /// Level 0 holds the chunk; level l > 0 holds `cap` positions.
    pub levels: Vec<wgpu::Buffer>,
    /// The bind group of each level (its source level and its children's).
    pub groups: Vec<wgpu::BindGroup>,
    pub acc: wgpu::Buffer,
    pub read: wgpu::Buffer,
}

fn storage(dev: &wgpu::Device, label: &str, size: u64, extra: wgpu::BufferUsages) -> wgpu::Buffer {
    dev.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size: size.max(16).div_ceil(4) * 4,
        usage: wgpu::BufferUsages::STORAGE | extra,
        mapped_at_creation: false,
    })
}

impl GpuPerft {
    fn bfs_kernels(&self, wg: u32, slider: Slider) -> Result<Arc<Kernels>, GpuError> {
        if let Some(k) = self
            .bfs
            .lock()
            .map_err(poisoned)?
            .iter()
            .find(|k| k.wg == wg && k.slider == slider)
        {
            return Ok(k.clone());
        }
        let magic = self.magic_table_for(slider)?;
        let dev = &self.device;
        let module = |white: bool| {
            bfs_source(wg, slider, white, self.direct_leaf_counts).map(|src| {
                dev.create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some("bfs.wgsl"),
                    source: wgpu::ShaderSource::Wgsl(src.into()),
                })
            })
        };
        let (white, black) = (module(true)?, module(false)?);
        let entry = |binding: u32, ty: wgpu::BufferBindingType| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty,
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        };
        let rw = wgpu::BufferBindingType::Storage { read_only: false };
        let ro = wgpu::BufferBindingType::Storage { read_only: true };
        let mut entries = vec![
            entry(10, wgpu::BufferBindingType::Uniform),
            entry(11, ro),
            entry(12, rw),
            entry(13, rw),
            entry(14, rw),
            entry(15, rw),
        ];
        if magic.is_some() {
            entries.push(entry(MAGIC_BINDING, ro));
        }
        let layout = dev.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("bfs bindings"),
            entries: &entries,
        });
        let pl = dev.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("bfs"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let make = |module: &wgpu::ShaderModule, name: &str| {
            dev.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(name),
                layout: Some(&pl),
                module,
                entry_point: Some(name),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants: &[],
                    zero_initialize_workgroup_memory: false,
                },
                cache: None,
            })
        };
        let side = |m| SideKernels {
            count_scan: make(m, "bf_count_scan"),
            expand: make(m, "bf_expand"),
            leaf: make(m, "bf_leaf"),
            leaf_count: make(m, "bf_leaf_count"),
        };
        let k = Arc::new(Kernels {
            wg,
            slider,
            magic,
            sides: [side(&white), side(&black)],
            block_scan: make(&white, "bf_block_scan"),
            #[cfg(not(target_arch = "wasm32"))]
            reduce_test: make(&white, "bf_reduce_test"),
            layout,
        });
        self.take_device_error()
            .map_err(|e| GpuError::Shader(e.to_string()))?;
        self.bfs.lock().map_err(poisoned)?.push(k.clone());
        Ok(k)
    }

    /// The workgroup size the breadth-first kernels run with: the request
    /// within the adapter's limits, rounded down to a power of two (the
    /// reduction is a tree).
    fn bfs_workgroup(&self, options: &Options) -> Result<u32, GpuError> {
        let (wg, _) = self.resolve_workgroup(options)?;
        Ok(1 << (31 - wg.max(1).leading_zeros()))
    }

    fn bfs_plan(&self, options: &Options, gpu_depth: u32, wg: u32, branching: f64) -> Plan {
        let sw = self.report.software;
        let limit = self
            .limits
            .max_storage_buffer_binding_size
            .min(self.limits.max_buffer_size);
        // two buffer sets of up to 4 levels each: 4 x 46 MB per set on a GPU
        let cap = (limit / POS_BYTES as u64).min(if sw { 1 << 16 } else { 1 << 20 }) as u32;
        let cap = (cap / wg).max(1) * wg;
        // a fused-leaf position is about 35 child move counts
        let expand_max = cap.min(if sw { 1 << 15 } else { 1 << 20 });
        // fused-leaf positions per dispatch: on a software adapter about 6 M
        // leaves (some 40 ms at its 150 M nodes/s), b^2 a position; 4,096
        // whatever b cut start 5's 8,902 positions into three dispatches:
        // 12 alternating runs 33.5-52.5 ms (median 38.5) against 33.2-42.4
        // (35.0) in one
        let leaf_max = if sw {
            (6e6 / (branching * branching)).clamp(f64::from(wg), f64::from(cap)) as u32
        } else {
            1 << 17
        };
        let chunk = options.batch_size.unwrap_or_else(|| {
            let leaves: f64 = if sw { 8e6 } else { 4e9 };
            (leaves / branching.powi(gpu_depth as i32)).clamp(1.0, f64::from(cap)) as u32
        });
        // a batch size given (the panel's retry after a lost device) bounds
        // every dispatch, not only the chunk
        let most = options.batch_size.unwrap_or(u32::MAX).max(1);
        Plan {
            cap,
            expand_max: expand_max.min(most),
            leaf_max: leaf_max.min(most),
            chunk: chunk.clamp(1, cap),
        }
    }

    /// The CPU split of a breadth-first run: at most 4 GPU plies on a
    /// software adapter (6 on a GPU), then more CPU plies while the frontier
    /// is under 64 positions and the GPU keeps 3 plies or more.
    fn bfs_split(&self, root: &Position, depth: u32, options: &Options) -> u32 {
        if let Some(s) = options.split_depth {
            return s.min(depth.saturating_sub(1));
        }
        let most = if self.report.software { 4 } else { 6 };
        let mut s = depth.saturating_sub(most);
        while depth - s > 2 && frontier_size(root, s) < 64 {
            s += 1;
        }
        s
    }

    /// [`GpuPerft::run`] for [`Variant::BreadthFirst`].
    pub(super) async fn run_breadth_first(
        &self,
        root: &Position,
        depth: u32,
        options: &Options,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        check_root(root)?;
        check_officers(&pack(root))?;
        let wg = self.bfs_workgroup(options)?;
        let split = self.bfs_split(root, depth, options);
        let mut run = empty_run(depth, split, wg, options.slider);
        if depth == 0 {
            run.nodes = 1;
            return Ok(run);
        }
        let total = frontier_size(root, split);
        self.bfs_count(
            Frontier::new(*root, split),
            total,
            branching_of(root, total, split),
            &mut run,
            options,
            progress,
        )
        .await?;
        Ok(run)
    }

    /// [`GpuPerft::run_packed`] for [`Variant::BreadthFirst`].
    pub(super) async fn run_packed_breadth_first(
        &self,
        positions: &[Packed],
        depth: u32,
        options: &Options,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        for (i, p) in positions.iter().enumerate() {
            check_packed(p).map_err(|e| GpuError::BadPosition(format!("position {i}: {e}")))?;
            check_officers(p)?;
        }
        let wg = self.bfs_workgroup(options)?;
        let mut run = empty_run(depth, 0, wg, options.slider);
        if depth == 0 {
            run.nodes = positions.len() as u64;
            run.positions = run.nodes;
            return Ok(run);
        }
        let n = positions.len() as u64;
        // one side to move at a time: a chunk holds one side
        let (white, black): (Vec<Packed>, Vec<Packed>) =
            positions.iter().partition(|p| white_to_move(p));
        for side in [white, black].into_iter().filter(|s| !s.is_empty()) {
            self.bfs_count(side.into_iter(), n, BRANCHING, &mut run, options, progress)
                .await?;
        }
        Ok(run)
    }

    /// The chunk loop, two chunks in flight (two buffer sets): each set
    /// uploads a chunk, walks its levels ([`Walk`]) and reads its count back;
    /// while the host waits for one set's read-back the other set's
    /// dispatches are queued behind it.
    async fn bfs_count(
        &self,
        mut frontier: impl Iterator<Item = Packed>,
        total: u64,
        branching: f64,
        run: &mut GpuRun,
        options: &Options,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(), GpuError> {
        let d = run.gpu_depth;
        let k = self.bfs_kernels(run.workgroup_size, options.slider)?;
        let plan = self.bfs_plan(options, d, run.workgroup_size, branching);
        run.batch_size = plan.chunk;
        let sets = [
            self.bfs_buffers(&k, &plan, d),
            self.bfs_buffers(&k, &plan, d),
        ];
        let mut chunk: Vec<Packed> = Vec::with_capacity(plan.chunk as usize);
        let mut walks: [Option<Walk>; 2] = [None, None];
        for (set, walk) in sets.iter().zip(walks.iter_mut()) {
            *walk = self.bfs_next_chunk(&mut frontier, &mut chunk, &k, set, &plan, run)?;
        }
        let mut s = 0;
        while walks.iter().any(Option::is_some) {
            if let Some(walk) = walks[s].as_mut() {
                let acc = self.bfs_read(&sets[s], walk.pending.take(), run).await?;
                if walk.finished {
                    run.nodes += u64::from(acc[0]) | u64::from(acc[1]) << 32;
                    run.positions += u64::from(walk.positions);
                    if !progress(run.positions, total.max(run.positions)) {
                        return Err(GpuError::Cancelled);
                    }
                    walks[s] =
                        self.bfs_next_chunk(&mut frontier, &mut chunk, &k, &sets[s], &plan, run)?;
                } else {
                    self.bfs_advance(&k, &sets[s], &plan, walk, Some(acc), run)?;
                }
            }
            s ^= 1;
        }
        Ok(())
    }

    /// Uploads the next chunk of the frontier into `set` and starts its walk
    /// (`None` when the frontier is used up). The frontier holds positions of
    /// one side to move.
    fn bfs_next_chunk(
        &self,
        frontier: &mut impl Iterator<Item = Packed>,
        chunk: &mut Vec<Packed>,
        k: &Kernels,
        set: &Buffers,
        plan: &Plan,
        run: &mut GpuRun,
    ) -> Result<Option<Walk>, GpuError> {
        chunk.clear();
        chunk.extend(frontier.by_ref().take(plan.chunk as usize));
        let Some(white) = chunk.first().map(white_to_move) else {
            return Ok(None);
        };
        self.queue
            .write_buffer(&set.levels[0], 0, bytemuck::cast_slice(chunk));
        self.queue.write_buffer(&set.acc, 0, &[0u8; 16]);
        let n = chunk.len() as u32;
        self.bfs_start(k, set, plan, (n, white), run).map(Some)
    }

    fn bfs_buffers(&self, k: &Kernels, plan: &Plan, d: u32) -> Buffers {
        let dev = &self.device;
        let cap = u64::from(plan.cap);
        let copy = wgpu::BufferUsages::COPY_DST;
        let chunk = u64::from(plan.chunk);
        let levels: Vec<wgpu::Buffer> = (0..d.saturating_sub(1).max(1))
            .map(|l| {
                let n = if l == 0 { chunk } else { cap };
                storage(dev, "bfs level", n * POS_BYTES as u64, copy)
            })
            .collect();
        let dummy = storage(dev, "bfs no children", 16, copy);
        let offs = storage(dev, "bfs offsets", cap * 4, copy);
        let blocks = storage(dev, "bfs block sums", (cap / u64::from(k.wg) + 2) * 4, copy);
        let acc = storage(
            dev,
            "bfs accumulator",
            16,
            copy | wgpu::BufferUsages::COPY_SRC,
        );
        let params = dev.create_buffer(&wgpu::BufferDescriptor {
            label: Some("bfs params"),
            size: std::mem::size_of::<BfParams>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | copy,
            mapped_at_creation: false,
        });
        let read = dev.create_buffer(&wgpu::BufferDescriptor {
            label: Some("bfs read-back"),
            size: 16,
            usage: wgpu::BufferUsages::MAP_READ | copy,
            mapped_at_creation: false,
        });
        let groups = (0..levels.len())
            .map(|l| {
                let dst = levels.get(l + 1).unwrap_or(&dummy);
                self.bfs_group(k, &params, &levels[l], dst, &offs, &blocks, &acc)
            })
            .collect();
        Buffers {
            params,
            levels,
            groups,
            acc,
            read,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn bfs_group(
        &self,
        k: &Kernels,
        params: &wgpu::Buffer,
        src: &wgpu::Buffer,
        dst: &wgpu::Buffer,
        offs: &wgpu::Buffer,
        blocks: &wgpu::Buffer,
        acc: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        fn e(binding: u32, b: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
            wgpu::BindGroupEntry {
                binding,
                resource: b.as_entire_binding(),
            }
        }
        self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("bfs level"),
            layout: &k.layout,
            entries: &[
                e(10, params),
                e(11, src),
                e(12, dst),
                e(13, offs),
                e(14, blocks),
                e(15, acc),
            ]
            .into_iter()
            .chain(k.magic.as_ref().map(|m| e(MAGIC_BINDING, m)))
            .collect::<Vec<_>>(),
        })
    }

    /// Test hook: adds `values` with the breadth-first kernels' own
    /// reduction (workgroup tree with carry, then atomics with carry) on the
    /// GPU, in one dispatch, and returns the exact 64-bit sum. Native builds
    /// only (the page's kernels leave its entry point out, build.rs).
    #[cfg(not(target_arch = "wasm32"))]
    #[doc(hidden)]
    pub async fn bfs_reduce(&self, values: &[u64], workgroup_size: u32) -> Result<u64, GpuError> {
        let options = Options {
            workgroup_size,
            ..Options::with_variant(Variant::BreadthFirst)
        };
        let wg = self.bfs_workgroup(&options)?;
        let k = self.bfs_kernels(wg, Slider::KoggeStone)?;
        let mut run = empty_run(0, 0, wg, Slider::KoggeStone);
        let plan = Plan {
            cap: 1,
            expand_max: 1,
            leaf_max: 1,
            chunk: 1,
        };
        let mut bufs = self.bfs_buffers(&k, &plan, 2);
        let words: Vec<u32> = values
            .iter()
            .flat_map(|v| [*v as u32, (*v >> 32) as u32])
            .collect();
        let src = storage(
            &self.device,
            "bfs reduce input",
            words.len() as u64 * 4,
            wgpu::BufferUsages::COPY_DST,
        );
        self.queue
            .write_buffer(&src, 0, bytemuck::cast_slice(&words));
        let dummy = storage(
            &self.device,
            "bfs reduce dst",
            16,
            wgpu::BufferUsages::empty(),
        );
        let scratch = storage(
            &self.device,
            "bfs reduce scratch",
            16,
            wgpu::BufferUsages::empty(),
        );
        let scratch2 = storage(
            &self.device,
            "bfs reduce scratch",
            16,
            wgpu::BufferUsages::empty(),
        );
        let group = self.bfs_group(
            &k,
            &bufs.params,
            &src,
            &dummy,
            &scratch,
            &scratch2,
            &bufs.acc,
        );
        self.queue.write_buffer(&bufs.acc, 0, &[0u8; 16]);
        let p = BfParams {
            count: values.len() as u32,
            ..BfParams::default()
        };
        bufs.groups = vec![group];
        let index = self.bfs_submit(
            &bufs,
            &bufs.groups[0],
            &[(&k.reduce_test, values.len() as u32)],
            p,
            &mut run,
            true,
        );
        let acc = self.bfs_read(&bufs, Some(index), &mut run).await?;
        Ok(u64::from(acc[0]) | u64::from(acc[1]) << 32)
    }
}

/// The branching of the CPU's last ply (the frontier over the one before),
/// or [`BRANCHING`] when it played none: what the GPU's plies likely hold,
/// for the chunk size (start: 20 at split 2; with 30, start 5's 400
/// positions went in two chunks, and 12 alternating runs took 37.0-48.7 ms
/// against 35.0-45.9 ms in one). A ratio, not the split-th root: `powf`
/// added 1.4 KB of gzip to the page.
fn branching_of(root: &Position, frontier: u64, split: u32) -> f64 {
    if split == 0 || frontier == 0 {
        return BRANCHING;
    }
    let before = frontier_size(root, split - 1).max(1);
    (frontier as f64 / before as f64).clamp(2.0, 60.0)
}

fn empty_run(depth: u32, split: u32, wg: u32, slider: Slider) -> GpuRun {
    GpuRun {
        nodes: 0,
        depth,
        split_depth: split,
        gpu_depth: depth.saturating_sub(split),
        positions: 0,
        batches: 0,
        batch_size: 0,
        variant: Variant::BreadthFirst,
        slider,
        workgroup_size: wg,
        workgroup_bytes: workgroup_bytes(wg),
        readbacks: 0,
        submits: 0,
        dispatches: 0,
        kernel_nanos: None,
    }
}
