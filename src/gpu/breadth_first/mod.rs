//! The breadth-first host ([`Kernel::BreadthFirst`]): the CPU splits the
//! tree to a frontier, the GPU expands it level by level and counts the
//! last two plies fused (`kernels/bfs.wgsl`; the walk: [`walk`]), or with
//! [`Options::merge`] keeps each level's equal positions once with their
//! paths ([`merge`], `kernels/merge.wgsl`).
//!
//! ```text
//!  root --CPU split--> frontier chunk --upload--> level 0
//!  level l, more than three plies left: count + scan (read the block sums
//!     back once), expand range by range into level l + 1
//!  level l, three plies left: count + scan, expand into level l + 1 sized
//!     from a bound, its leaves launched indirectly (no read-back)
//!  level with two plies or fewer left: fused leaf, counts into a 64-bit
//!     accumulator on the GPU
//!  the end of the run: read the accumulator back once
//! ```
//!
//! The level buffers are cut from a share of the adapter's memory
//! ([`SOFTWARE_LEVEL_BUDGET`], [`GPU_LEVEL_BUDGET`]), within its
//! `max_storage_buffer_binding_size` and `max_buffer_size`, and kept across
//! runs in [`State`] ([`pool`], [`merge_pool`]), as are the kernels
//! ([`kernels`]). The kernels are appended to the depth-first source, so
//! the move generator exists once.
//!
//! ```text
//!  mod.rs         the host: split, plan, chunk loop (plain and merged)
//!  walk.rs        the level walk        pool.rs        its buffers
//!  merge.rs       the merged walk       merge_pool.rs  its buffers
//!  kernels.rs     the kernels, built once per workgroup size and slider
//!  hash.rs        the fused leaf's transposition table (`--hash`)
//! ```

pub mod hash;
mod kernels;
pub mod merge;
mod merge_pool;
mod pool;
mod walk;

use std::sync::Arc;

use super::context::{Context, Kept};
use super::device::resolve_workgroup;
use super::frontier::{branching_of, check_root, frontier_size, Frontier, Job, BRANCHING};
use super::layout::{bfs_workgroup_bytes, Kernel};
use super::packed::{board, check_packed, pack, white_to_move, Packed, POS_BYTES};
use super::sliders::AttackMethod;
use super::{GpuError, GpuRun, Options};
use crate::chess::{Position, MAX_MOVES};
use hash::table_entries;
pub use kernels::{bfs_source, BFS_WGSL};
use kernels::{KernelCache, Kernels};
use merge::{
    merged_frontier, LevelStat, MergePlan, Merger, LEAF_LEVEL_MAX_PARTS,
    SOFTWARE_LEAF_LEVEL_MAX_PARTS,
};
use merge_pool::{MergePool, MERGED_BYTES};
use pool::Pool;
use walk::{Plan, Walker};

/// Pieces besides pawns and the king that one side may have in a
/// breadth-first run: the walk keeps one move source per piece, four for
/// the pawns and one for the king, 20 at most (`BF_SOURCES` in bfs.wgsl,
/// [`super::layout::BFS_SOURCES`]). A game from the start position never
/// has more than 15.
pub const BFS_MAX_OFFICERS: u32 = 15;

/// Global memory the level buffers of one run may take on a software
/// adapter (its memory is the host's, shared with everything else): 512 MiB.
pub const SOFTWARE_LEVEL_BUDGET: u64 = 512 << 20;
/// On a GPU: 2 GiB, a quarter of the smallest 8 GB card the project
/// expects (wgpu does not report a device's memory).
pub const GPU_LEVEL_BUDGET: u64 = 2 << 30;
/// Plies the GPU searches breadth-first at most: the host keeps a buffer
/// per level, and the budget is shared among them.
pub const MAX_BFS_GPU_DEPTH: u32 = 16;

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

/// What one run's walk works with: the device, the kernels built for the
/// run, and the run's counters (dispatches, read-backs, levels).
struct Session<'a> {
    ctx: &'a Context,
    k: &'a Kernels,
    run: &'a mut GpuRun,
}

impl<'a> Session<'a> {
    fn new(ctx: &'a Context, k: &'a Kernels, run: &'a mut GpuRun) -> Session<'a> {
        Session { ctx, k, run }
    }
}

/// What the breadth-first family builds once and keeps: its kernels and
/// the buffers of its two walks.
pub(super) struct State {
    kernels: KernelCache,
    pool: Kept<Pool>,
    merge_pool: Kept<MergePool>,
    /// Whether the leaf kernels add each invocation's count to the total on
    /// its own (a software adapter, where a workgroup reduction's barriers
    /// cost more than the atomics) or sum the workgroup's first.
    direct_leaf_counts: bool,
}

impl State {
    pub fn new(direct_leaf_counts: bool) -> State {
        State {
            kernels: KernelCache::new(),
            pool: Kept::new(),
            merge_pool: Kept::new(),
            direct_leaf_counts,
        }
    }

    /// The host for one run on `ctx`.
    pub fn host<'a>(&'a self, ctx: &'a Context) -> Host<'a> {
        Host { ctx, state: self }
    }

    /// Sets how the leaf kernels add up their counts (tests); the kernels
    /// and buffers built the other way go.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn set_direct_leaf_counts(&mut self, direct: bool) {
        self.direct_leaf_counts = direct;
        self.kernels.clear();
        self.pool.clear();
    }
}

/// One breadth-first run's host.
pub(super) struct Host<'a> {
    ctx: &'a Context,
    state: &'a State,
}

impl Host<'_> {
    /// The kernels of `run`'s workgroup size and slider method, built for
    /// merging or not, from the cache or built; with `hash`, the leaf
    /// kernels with the table too (built here, so that a warm-up builds
    /// them before any clock starts).
    fn kernels(&self, run: &GpuRun, merge: bool, hash: bool) -> Result<Arc<Kernels>, GpuError> {
        let key = (run.workgroup_size, run.slider, merge);
        let direct = self.state.direct_leaf_counts;
        let k = kernels::kernels(self.ctx, &self.state.kernels, key, direct)?;
        if hash {
            for white in [true, false] {
                if merge {
                    k.leaf_lookup(&self.ctx.device, white);
                } else {
                    k.leaf_hash(&self.ctx.device, white);
                }
            }
        }
        Ok(k)
    }

    /// Builds the merged kernels of `options` with the table's leaf kernel
    /// (a warm-up's, before a run that may count a leaf level unmerged).
    pub fn build_leaf_table_kernels(&self, options: &Options) -> Result<(), GpuError> {
        let wg = self.workgroup(options)?;
        let run = empty_run(0, 0, wg, options.slider);
        self.kernels(&run, true, true).map(|_| ())
    }

    /// The workgroup size the breadth-first kernels run with: the request
    /// within the adapter's limits, rounded down to a power of two (the
    /// reduction is a tree).
    fn workgroup(&self, options: &Options) -> Result<u32, GpuError> {
        let (wg, _) = resolve_workgroup(&self.ctx.limits, options)?;
        Ok(1 << (31 - wg.max(1).leading_zeros()))
    }

    /// Global memory the level buffers of one run may take.
    fn budget(&self) -> u64 {
        if self.ctx.report.software {
            SOFTWARE_LEVEL_BUDGET
        } else {
            GPU_LEVEL_BUDGET
        }
    }

    /// How a run of `gpu_depth` plies is cut up.
    fn plan(&self, options: &Options, gpu_depth: u32, wg: u32, branching: f64) -> Plan {
        let sw = self.ctx.report.software;
        let limit = self.ctx.max_binding();
        // levels 0 .. gpu_depth - 2 are materialized: positions, offsets
        // and block sums share the budget
        let levels = u64::from(gpu_depth.saturating_sub(1).max(1));
        let per_level = self.budget() / levels / (POS_BYTES as u64 + 5);
        let cap = (limit / POS_BYTES as u64)
            .min(per_level)
            .min(u64::from(options.level_cap.unwrap_or(u32::MAX)))
            .min(1 << 30) as u32;
        let cap = (cap / wg).max(1) * wg;
        // positions per count / expand dispatch: bounded, so that no single
        // dispatch runs long (a browser loses the device)
        let expand_max = cap.min(if sw { 1 << 15 } else { 1 << 20 });
        // fused-leaf positions per dispatch: on a software adapter about 6 M
        // leaves, b^2 a position
        let leaf_max = if sw {
            (6e6 / (branching * branching)).clamp(f64::from(wg), f64::from(cap)) as u32
        } else {
            1 << 17
        };
        // a batch size given (the panel's retry after a lost device) bounds
        // every dispatch and the chunk
        let most = options.batch_size.unwrap_or(u32::MAX).max(1);
        let whole = |n: u32| (n / wg).max(1) * wg;
        Plan {
            cap,
            expand_max: whole(expand_max.min(most)),
            leaf_max: leaf_max.min(most),
            chunk: cap.min(most),
            hash_entries: table_entries(options.hash_bytes, limit),
            move_bound: options.move_bound.unwrap_or(MAX_MOVES as u32),
            branching,
        }
    }

    /// The CPU split of a breadth-first run: at most 4 GPU plies on a
    /// software adapter (6 on a GPU), then more CPU plies while the frontier
    /// is under 64 positions and the GPU keeps 3 plies or more.
    fn split(&self, root: &Position, depth: u32, options: &Options) -> u32 {
        if let Some(s) = options.split_depth {
            return s.min(depth.saturating_sub(1));
        }
        let most = if self.ctx.report.software { 4 } else { 6 };
        let mut s = depth.saturating_sub(most);
        while depth - s > 2 && frontier_size(root, s) < 64 {
            s += 1;
        }
        s
    }

    /// Perft of `root`: the CPU splits, the GPU walks level by level.
    pub async fn run_root(&self, root: &Position, job: Job<'_>) -> Result<GpuRun, GpuError> {
        let Job {
            depth,
            options,
            progress,
        } = job;
        check_root(root)?;
        check_officers(&pack(root))?;
        let wg = self.workgroup(options)?;
        let split = self.split(root, depth, options);
        check_depth(depth - split)?;
        let mut run = empty_run(depth, split, wg, options.slider);
        if depth == 0 {
            run.nodes = 1;
            return Ok(run);
        }
        if options.merge {
            self.run_merged(root, options, &mut run, progress).await?;
            return Ok(run);
        }
        let total = frontier_size(root, split);
        let branching = branching_of(root, total, split);
        let mut options = options.clone();
        let frontier = || [Frontier::new(*root, split)];
        while !self
            .count(frontier(), (total, branching), &mut run, &options, progress)
            .await?
        {
            options.move_bound = Some(0);
        }
        Ok(run)
    }

    /// Perft below packed positions, on the GPU alone.
    pub async fn run_packed(&self, positions: &[Packed], job: Job<'_>) -> Result<GpuRun, GpuError> {
        let Job {
            depth,
            options,
            progress,
        } = job;
        for (i, p) in positions.iter().enumerate() {
            check_packed(p).map_err(|e| GpuError::BadPosition(format!("position {i}: {e}")))?;
            check_officers(p)?;
        }
        check_depth(depth)?;
        let wg = self.workgroup(options)?;
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
        let mut options = options.clone();
        let sides = || [white.iter().copied(), black.iter().copied()];
        while !self
            .count(sides(), (n, BRANCHING), &mut run, &options, progress)
            .await?
        {
            options.move_bound = Some(0);
        }
        Ok(run)
    }

    /// The chunk loop over frontiers of one side to move each (`total`
    /// positions, `branching` expected below them): the kept buffer pool
    /// lent to the run; one read-back at the end for the leaf count. False
    /// when a level sized from `options.move_bound` overflowed: the count
    /// is short, and the caller runs again reading every level back.
    async fn count<F: Iterator<Item = Packed>, const N: usize>(
        &self,
        frontiers: [F; N],
        (total, branching): (u64, f64),
        run: &mut GpuRun,
        options: &Options,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<bool, GpuError> {
        let plan = self.plan(options, run.gpu_depth, run.workgroup_size, branching);
        let k = self.kernels(run, false, plan.hash_entries > 0)?;
        run.batch_size = plan.chunk;
        let mut pool = self.state.pool.lease(|| Pool::new(self.ctx))?;
        let mut walk = Walker::new(Session::new(self.ctx, &k, run), &mut pool, plan);
        let mut chunk: Vec<Packed> = Vec::with_capacity(plan.chunk.min(1 << 16) as usize);
        let mut positions = 0u64;
        for mut frontier in frontiers {
            loop {
                chunk.clear();
                chunk.extend(frontier.by_ref().take(plan.chunk as usize));
                let Some(white) = chunk.first().map(white_to_move) else {
                    break;
                };
                walk.chunk(&chunk, white).await?;
                positions += chunk.len() as u64;
                // the chunk is submitted (the GPU may still be on it)
                if !progress(positions, total.max(positions)) {
                    return Err(GpuError::Cancelled);
                }
            }
        }
        let nodes = walk.finish().await?;
        run.nodes = nodes.unwrap_or(0);
        run.positions = positions;
        Ok(nodes.is_some())
    }

    /// The cut of a merged run: the level buffers, the staging buffer and
    /// the table share the breadth-first budget.
    fn merge_plan(&self, options: &Options, gpu_depth: u32, wg: u32, branching: f64) -> MergePlan {
        let base = self.plan(options, gpu_depth, wg, branching);
        let limit = self.ctx.max_binding();
        let levels = u64::from(gpu_depth.saturating_sub(1).max(1));
        // a level: position and paths, offset; staging: child, match; table
        let per = (MERGED_BYTES + 4) * levels + MERGED_BYTES + 8 + 16;
        let cap = (self.budget() / per)
            .min(limit / MERGED_BYTES)
            .min(limit / 16)
            .min(u64::from(options.level_cap.unwrap_or(u32::MAX)))
            .min(1 << 29) as u32;
        let cap = (cap / wg).max(1) * wg;
        MergePlan {
            cap,
            stage: cap,
            expand_max: base.expand_max,
            leaf_max: base.leaf_max,
            leaf_table: options.leaf_table,
            table_bytes: options.hash_bytes,
            table_budget: self.budget(),
            leaf_parts: options.leaf_parts.unwrap_or(if self.ctx.report.software {
                SOFTWARE_LEAF_LEVEL_MAX_PARTS
            } else {
                LEAF_LEVEL_MAX_PARTS
            }),
        }
    }

    /// [`Host::run_root`] with [`Options::merge`]: the frontier merged on
    /// the CPU, then on the GPU level by level.
    async fn run_merged(
        &self,
        root: &Position,
        options: &Options,
        run: &mut GpuRun,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(), GpuError> {
        let split = run.split_depth;
        let (frontier, stats) = merged_frontier(root, split);
        run.levels = stats;
        let total: u64 = frontier.iter().map(|(_, n)| n).sum();
        let branching = branching_of(root, total, split);
        let white = white_to_move(&pack(root)) ^ (split % 2 == 1);
        let level0 = (&frontier[..], white, branching);
        self.walk_merged(level0, options, run, progress).await
    }

    /// Walks a merged level 0 (positions and paths, `white` to move, the
    /// branching expected) `run.gpu_depth` plies deep.
    async fn walk_merged(
        &self,
        (frontier, white, branching): (&[(Packed, u64)], bool, f64),
        options: &Options,
        run: &mut GpuRun,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<(), GpuError> {
        let next = run.levels.len() as u32;
        run.levels.extend((next..=run.depth).map(|ply| LevelStat {
            ply,
            ..LevelStat::default()
        }));
        let total = frontier.iter().fold(0u64, |a, (_, n)| a.wrapping_add(*n));
        let plan = self.merge_plan(options, run.gpu_depth, run.workgroup_size, branching);
        // (the table's leaf kernel is built when a level first needs it, or
        // by a warm-up: `build_leaf_table_kernels`)
        let k = self.kernels(run, true, false)?;
        run.batch_size = plan.cap;
        let mut pool = self.state.merge_pool.lease(|| MergePool::new(self.ctx))?;
        let mut walk = Merger::new(Session::new(self.ctx, &k, run), &mut pool, plan);
        let mut done = 0u64;
        for chunk in frontier.chunks(plan.cap as usize) {
            walk.chunk(chunk, white).await?;
            done = chunk.iter().fold(done, |a, (_, n)| a.wrapping_add(*n));
            if !progress(done, total) {
                return Err(GpuError::Cancelled);
            }
        }
        let nodes = walk.finish().await?;
        run.nodes = nodes;
        run.positions = frontier.len() as u64;
        if let Some(last) = run.levels.last_mut() {
            last.nodes = Some(nodes);
        }
        Ok(())
    }

    /// Test hook ([`super::GpuPerft::run_weighted`]): a merged run from a
    /// level 0 given with its multiplicities.
    pub async fn run_weighted(
        &self,
        frontier: &[(Packed, u64)],
        job: Job<'_>,
    ) -> Result<GpuRun, GpuError> {
        let (depth, options) = (job.depth, job.options);
        let white = frontier.first().is_none_or(|(p, _)| white_to_move(p));
        if frontier.iter().any(|(p, _)| white_to_move(p) != white) {
            return Err(GpuError::BadPosition("one side to move, please".into()));
        }
        for (i, (p, _)) in frontier.iter().enumerate() {
            check_packed(p).map_err(|e| GpuError::BadPosition(format!("position {i}: {e}")))?;
        }
        let wg = self.workgroup(options)?;
        let mut run = empty_run(depth, 0, wg, options.slider);
        if depth == 0 {
            return Err(GpuError::BadOptions("depth 0".into()));
        }
        let level0 = (frontier, white, BRANCHING);
        self.walk_merged(level0, options, &mut run, job.progress)
            .await?;
        Ok(run)
    }

    /// Test hook ([`super::GpuPerft::bfs_reduce`]): adds `values` with the
    /// kernels' own reduction in one dispatch.
    #[cfg(not(target_arch = "wasm32"))]
    pub async fn reduce(&self, values: &[u64], workgroup_size: u32) -> Result<u64, GpuError> {
        let options = Options {
            workgroup_size,
            ..Options::with_variant(Kernel::BreadthFirst)
        };
        let wg = self.workgroup(&options)?;
        let mut run = empty_run(0, 0, wg, AttackMethod::KoggeStone);
        let k = self.kernels(&run, false, false)?;
        let plan = Plan {
            cap: (values.len() as u32).max(wg),
            expand_max: wg,
            leaf_max: wg,
            chunk: 1,
            hash_entries: 0,
            move_bound: 0,
            branching: 1.0,
        };
        let mut pool = Pool::new(self.ctx);
        let mut walk = Walker::new(Session::new(self.ctx, &k, &mut run), &mut pool, plan);
        walk.reduce(values);
        walk.finish()
            .await?
            .ok_or(GpuError::Mapping("no overflow is possible here".into()))
    }
}

fn check_depth(gpu_depth: u32) -> Result<(), GpuError> {
    if gpu_depth > MAX_BFS_GPU_DEPTH {
        return Err(GpuError::BadOptions(format!(
            "{gpu_depth} plies on the GPU exceed the breadth-first host's {MAX_BFS_GPU_DEPTH} levels; raise split_depth"
        )));
    }
    Ok(())
}

fn empty_run(depth: u32, split: u32, wg: u32, slider: AttackMethod) -> GpuRun {
    GpuRun {
        nodes: 0,
        depth,
        split_depth: split,
        gpu_depth: depth.saturating_sub(split),
        positions: 0,
        batches: 0,
        batch_size: 0,
        variant: Kernel::BreadthFirst,
        slider,
        workgroup_size: wg,
        workgroup_bytes: bfs_workgroup_bytes(wg),
        readbacks: 0,
        submits: 0,
        dispatches: 0,
        kernel_nanos: None,
        hash_hits: 0,
        hash_misses: 0,
        levels: Vec::new(),
    }
}
