//! The breadth-first host ([`Kernel::BreadthFirst`]): the CPU splits the
//! tree to a frontier, the GPU expands it level by level and counts the
//! last two plies fused (`kernels/bfs.wgsl`; the walk: [`super::bfs_walk`]).
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
//! runs by the context. The kernels are appended to the depth-first source,
//! so the move generator exists once.

use super::bfs_hash::table_entries;
use super::bfs_kernels::kernels;
pub use super::bfs_kernels::{bfs_source, BFS_WGSL};
use super::bfs_pool::Pool;
use super::bfs_walk::{Plan, Walker};
use super::frontier::{branching_of, check_root, frontier_size, Frontier, BRANCHING};
use super::layout::{bfs_workgroup_bytes, Kernel};
use super::packed::{board, check_packed, pack, white_to_move, Packed, POS_BYTES};
use super::sliders::AttackMethod;
use super::{poisoned, GpuError, GpuPerft, GpuRun, Options};
use crate::chess::{Position, MAX_MOVES};

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

/// Why merging and the two-ply table do not go together: the leaf's level
/// is already distinct, so the table finds nothing (start perft 7 on
/// SwiftShader: 0 hits in 822,518 probes, 16.7 s against 13.7 s).
pub const MERGE_AND_HASH: &str = "a hash table adds nothing on top of merging (the fused leaf's level is already distinct: 0 hits); use it without merging";

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

impl GpuPerft {
    /// The workgroup size the breadth-first kernels run with: the request
    /// within the adapter's limits, rounded down to a power of two (the
    /// reduction is a tree).
    pub(super) fn bfs_workgroup(&self, options: &Options) -> Result<u32, GpuError> {
        let (wg, _) = self.resolve_workgroup(options)?;
        Ok(1 << (31 - wg.max(1).leading_zeros()))
    }

    pub(super) fn bfs_plan(
        &self,
        options: &Options,
        gpu_depth: u32,
        wg: u32,
        branching: f64,
    ) -> Plan {
        let sw = self.report.software;
        let limit = self
            .limits
            .max_storage_buffer_binding_size
            .min(self.limits.max_buffer_size);
        // levels 0 .. gpu_depth - 2 are materialized: positions, offsets
        // and block sums share the budget
        let levels = u64::from(gpu_depth.saturating_sub(1).max(1));
        let budget = if sw {
            SOFTWARE_LEVEL_BUDGET
        } else {
            GPU_LEVEL_BUDGET
        };
        let per_level = budget / levels / (POS_BYTES as u64 + 5);
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

    /// [`GpuPerft::run`] for [`Kernel::BreadthFirst`].
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
        check_depth(depth - split)?;
        let mut run = empty_run(depth, split, wg, options.slider);
        if depth == 0 {
            run.nodes = 1;
            return Ok(run);
        }
        if options.merge && options.hash_bytes > 0 {
            return Err(GpuError::BadOptions(MERGE_AND_HASH.into()));
        }
        if options.merge {
            self.run_merged(root, depth, options, &mut run, progress)
                .await?;
            return Ok(run);
        }
        let total = frontier_size(root, split);
        let branching = branching_of(root, total, split);
        let mut options = options.clone();
        while !self
            .bfs_count(
                [Frontier::new(*root, split)],
                total,
                branching,
                &mut run,
                &options,
                progress,
            )
            .await?
        {
            options.move_bound = Some(0);
        }
        Ok(run)
    }

    /// [`GpuPerft::run_packed`] for [`Kernel::BreadthFirst`].
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
        check_depth(depth)?;
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
        let mut options = options.clone();
        loop {
            let sides = [white.iter().copied(), black.iter().copied()];
            if self
                .bfs_count(sides, n, BRANCHING, &mut run, &options, progress)
                .await?
            {
                return Ok(run);
            }
            options.move_bound = Some(0);
        }
    }

    /// The chunk loop over frontiers of one side to move each: the context's
    /// buffer pool taken for the run (a fresh one if another run holds it)
    /// and given back after; one read-back at the end for the leaf count.
    /// False when a level sized from `options.move_bound` overflowed: the
    /// count is short, and the caller runs again reading every level back.
    async fn bfs_count<F: Iterator<Item = Packed>, const N: usize>(
        &self,
        frontiers: [F; N],
        total: u64,
        branching: f64,
        run: &mut GpuRun,
        options: &Options,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<bool, GpuError> {
        let k = kernels(self, run.workgroup_size, options.slider)?;
        let plan = self.bfs_plan(options, run.gpu_depth, run.workgroup_size, branching);
        run.batch_size = plan.chunk;
        let mut pool = self
            .bfs_pool
            .lock()
            .map_err(poisoned)?
            .take()
            .unwrap_or_else(|| Pool::new(self));
        let result = async {
            let mut walk = Walker::new(self, &k, &mut pool, plan, run);
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
            walk.finish().await.map(|nodes| (nodes, positions))
        }
        .await;
        *self.bfs_pool.lock().map_err(poisoned)? = Some(pool);
        let (nodes, positions) = result?;
        run.nodes = nodes.unwrap_or(0);
        run.positions = positions;
        Ok(nodes.is_some())
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
            ..Options::with_variant(Kernel::BreadthFirst)
        };
        let wg = self.bfs_workgroup(&options)?;
        let k = kernels(self, wg, AttackMethod::KoggeStone)?;
        let mut run = empty_run(0, 0, wg, AttackMethod::KoggeStone);
        let plan = Plan {
            cap: (values.len() as u32).max(wg),
            expand_max: wg,
            leaf_max: wg,
            chunk: 1,
            hash_entries: 0,
            move_bound: 0,
            branching: 1.0,
        };
        let mut pool = Pool::new(self);
        let mut walk = Walker::new(self, &k, &mut pool, plan, &mut run);
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

pub(super) fn empty_run(depth: u32, split: u32, wg: u32, slider: AttackMethod) -> GpuRun {
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
