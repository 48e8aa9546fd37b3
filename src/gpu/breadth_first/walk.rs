//! The breadth-first host's level walk.
//!
//! ```text
//!  level 0 (the frontier chunk, uploaded)
//!  level l with more than three plies left:
//!     bf_count_scan, bf_block_scan   (the whole level, in bounded dispatches)
//!     read back the block sums once  (one wait per scanned level)
//!     cut the level at block boundaries into ranges whose children fit
//!     per range: bf_expand -> level l + 1, then walk level l + 1
//!  level l with three plies left (no wait):
//!     bf_count_scan, bf_block_scan, bf_leaf_args (indirect arguments from
//!     the scan's total), bf_expand -> level l + 1 sized from the bound,
//!     leaf pieces of level l + 1 by dispatch_workgroups_indirect
//!  level with two plies or fewer left: bf_leaf / bf_leaf_count dispatches,
//!     queued behind the expand (no wait)
//!  the end of the run: read back the 64-bit leaf count once
//! ```
//!
//! A level is read back only to learn its children's offsets, so a run
//! waits once per scanned (level, range), never once per cut: the host
//! knows from the block sums exactly where each range ends. The level
//! before the fused leaf is not read back at all: the host cuts the ranges
//! above it small enough that its children fit however many moves each
//! position has ([`Plan::move_bound`]), and the GPU checks that they did.
//! Every dispatch of a submission reads its own uniform slot (a dynamic
//! offset), so a level's many bounded dispatches go in one submission.
//!
//! The buffers live in a [`Pool`] that the context keeps between runs
//! ([`super::pool`]).

use super::super::packed::Packed;
use super::super::timer::{pass_nanos, Timer, MAX_TIMED_PASSES};
use super::super::GpuError;
use super::kernels::BfParams;
use super::pool::{leaf_args_params, pieces, Launch, Pool, ACC_BYTES};
use super::Session;

/// How a run is cut up.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    /// Positions per level buffer, at most.
    pub cap: u32,
    /// Positions per count / expand dispatch (a multiple of the workgroup).
    pub expand_max: u32,
    /// Positions per leaf dispatch.
    pub leaf_max: u32,
    /// Entries of the transposition table (0: none, [`super::hash`]).
    pub hash_entries: u32,
    /// Frontier positions per chunk.
    pub chunk: u32,
    /// The most children a position may have, to size a level the host
    /// does not read back (0: every scanned level is read back).
    pub move_bound: u32,
    /// Average children per position (to cut a level sized on the GPU into
    /// leaf pieces).
    pub branching: f64,
}

/// Uniform slots one submission holds at most.
const MAX_SLOTS: usize = 4096;

/// One dispatch waiting for the next submission.
struct Dispatch<'k> {
    pipeline: &'k wgpu::ComputePipeline,
    level: usize,
    /// Workgroups (1 for the block scan).
    groups: u32,
    params: BfParams,
    how: Launch,
}

impl<'k> Dispatch<'k> {
    /// A dispatch of `groups` workgroups named by the host.
    fn direct(
        pipeline: &'k wgpu::ComputePipeline,
        level: usize,
        groups: u32,
        params: BfParams,
    ) -> Self {
        Dispatch {
            pipeline,
            level,
            groups,
            params,
            how: Launch::Direct,
        }
    }
}

/// What a submission copies for the host to read.
#[derive(Clone, Copy)]
enum ReadBack {
    /// The accumulator (lo, hi, children, 0).
    Acc,
    /// The accumulator and the first `n` block sums of level `l`.
    Blocks(usize, u32),
}

/// Copies what `what` names into the pool's read-back buffer.
fn copy_for_reading(pool: &Pool, enc: &mut wgpu::CommandEncoder, what: ReadBack) {
    let c = &pool.common;
    match what {
        ReadBack::Acc => {
            enc.copy_buffer_to_buffer(&c.acc, 0, &c.read, 0, ACC_BYTES);
            if let Some(t) = &c.timer {
                t.copy(enc, &c.read, ACC_BYTES);
            }
        }
        ReadBack::Blocks(l, n) => {
            enc.copy_buffer_to_buffer(&c.acc, 0, &c.read, 0, 16);
            if n > 0 {
                let blocks = &pool.levels[l].blocks;
                enc.copy_buffer_to_buffer(blocks, 0, &c.read, 16, 4 * u64::from(n));
            }
            // the passes so far, timed: a run of many passes keeps its GPU time
            if let Some(t) = &c.timer {
                t.copy(enc, &c.read, 16 + 4 * u64::from(n));
            }
        }
    }
}

/// A level being expanded range by range: its block sums (exclusive prefix
/// and the total last) and the next block to expand.
struct Frame {
    level: usize,
    n: u32,
    prefix: Vec<u32>,
    next: usize,
}

/// One run's walk: the kernels, the pool, the plan, the run's counters and
/// the dispatches queued for the next submission.
pub(super) struct Walker<'a> {
    gpu: Session<'a>,
    pool: &'a mut Pool,
    plan: Plan,
    queued: Vec<Dispatch<'a>>,
    /// GPU time of the passes read back before the final read.
    nanos: u64,
}

impl<'a> Walker<'a> {
    /// A walk with the accumulator zeroed.
    pub fn new(gpu: Session<'a>, pool: &'a mut Pool, plan: Plan) -> Walker<'a> {
        pool.common.start(gpu.ctx, plan.hash_entries, gpu.run);
        Walker {
            gpu,
            pool,
            plan,
            queued: Vec::new(),
            nanos: 0,
        }
    }

    /// Makes level `l` hold `n` positions (and its block sums), submitting
    /// what is queued first when its buffers must grow.
    fn reserve(&mut self, l: usize, n: u32) {
        let nblocks = n.div_ceil(self.gpu.k.wg) + 1;
        if self.pool.too_small(l, n, nblocks) {
            if !self.queued.is_empty() {
                self.submit(None);
            }
            self.pool
                .grow(self.gpu.ctx, l, n, nblocks, self.plan.cap.max(n));
        }
    }

    /// Queues `pipeline` over positions `first .. first + n` of level `l`
    /// in dispatches of at most `piece` positions.
    fn queue(
        &mut self,
        pipeline: &'a wgpu::ComputePipeline,
        l: usize,
        (first, n): (u32, u32),
        piece: u32,
        params: BfParams,
    ) {
        for (count, base) in pieces((first, n), piece) {
            let p = BfParams {
                count,
                base,
                ..params
            };
            self.push(Dispatch::direct(
                pipeline,
                l,
                count.div_ceil(self.gpu.k.wg),
                p,
            ));
        }
    }

    fn push(&mut self, d: Dispatch<'a>) {
        if self.queued.len() >= MAX_SLOTS {
            self.submit(None);
        }
        self.queued.push(d);
    }

    /// Submits the queued dispatches in one pass (each with its uniform
    /// slot), then the copy for `read`.
    fn submit(&mut self, read: Option<ReadBack>) {
        let ctx = self.gpu.ctx;
        let pool = &mut *self.pool;
        // the timestamps of every pass there may be after the words
        let need = 16 * u64::from(MAX_TIMED_PASSES)
            + match read {
                Some(ReadBack::Blocks(_, n)) => 16 + 4 * u64::from(n),
                _ => ACC_BYTES,
            };
        pool.common
            .upload(ctx, self.queued.iter().map(|d| &d.params), need);
        for d in &self.queued {
            pool.prepare(ctx, self.gpu.k, d.level);
        }
        if self.queued.iter().any(|d| d.how == Launch::WritesArgs) {
            pool.common.prepare_args(ctx, self.gpu.k);
        }
        let mut enc = ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("bfs") });
        if !self.queued.is_empty() {
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("bfs"),
                timestamp_writes: pool.common.timer.as_mut().and_then(Timer::next_pass),
            });
            for (i, d) in self.queued.iter().enumerate() {
                let Some(group) = pool.groups[d.level].as_ref() else {
                    continue;
                };
                pass.set_pipeline(d.pipeline);
                pass.set_bind_group(0, group, &[pool.common.offset(i)]);
                d.how.dispatch(&mut pass, ctx, &pool.common, d.groups);
            }
        }
        if let Some(what) = read {
            copy_for_reading(pool, &mut enc, what);
        }
        self.gpu.run.dispatches += self.queued.len() as u32;
        self.gpu.run.batches += self.queued.len() as u32;
        self.gpu.run.submits += 1;
        self.queued.clear();
        ctx.queue.submit([enc.finish()]);
    }

    /// Submits and waits for the read-back: the words after the accumulator.
    async fn read(&mut self, what: ReadBack) -> Result<([u32; 4], Vec<u32>), GpuError> {
        self.submit(Some(what));
        let timed = self.pool.common.timer.as_ref().map_or(0, Timer::bytes);
        let bytes = timed
            + match what {
                ReadBack::Blocks(_, n) => 16 + 4 * u64::from(n),
                ReadBack::Acc => ACC_BYTES,
            };
        self.gpu.run.readbacks += 1;
        let (acc, mut more) = self
            .gpu
            .ctx
            .read_words(&self.pool.common.read, bytes, |w| {
                ([w[0], w[1], w[2], w[3]], w[4..].to_vec())
            })
            .await?;
        self.gpu.ctx.take_device_error()?;
        if let (ReadBack::Blocks(_, n), Some(t)) = (what, self.pool.common.timer.as_mut()) {
            // the block sums, then the timestamps of the passes so far
            let period = self.gpu.ctx.queue.get_timestamp_period();
            self.nanos += pass_nanos(&more[n as usize..], t.passes, period);
            more.truncate(n as usize);
            if !t.overflow {
                t.reset();
            }
        }
        Ok((acc, more))
    }

    /// Uploads `chunk` (positions with `white` to move) as level 0 and walks it.
    pub async fn chunk(&mut self, chunk: &[Packed], white: bool) -> Result<(), GpuError> {
        self.gpu.ctx.check_lost()?;
        if !self.queued.is_empty() {
            // level 0 is rewritten below: the dispatches reading it go first
            self.submit(None);
        }
        let n = chunk.len() as u32;
        if n == 0 {
            return Ok(());
        }
        self.reserve(0, n);
        self.gpu.ctx.queue.write_buffer(
            &self.pool.levels[0].positions,
            0,
            bytemuck::cast_slice(chunk),
        );
        self.walk(n, white).await
    }

    /// White is to move at level `l` of a walk whose level 0 has `white`.
    fn side(white: bool, l: usize) -> bool {
        white ^ (l % 2 == 1)
    }

    /// Queues the scan of level `l` (`n` positions): each position's
    /// children, their offsets, the block sums' exclusive prefix and the
    /// total (acc[2]). Returns the number of blocks.
    fn queue_scan(&mut self, l: usize, n: u32, white: bool) -> u32 {
        let k = self.gpu.k;
        let nblocks = n.div_ceil(k.wg);
        let side = k.side(Self::side(white, l));
        let p = BfParams {
            nblocks,
            ..BfParams::default()
        };
        self.queue(&side.count_scan, l, (0, n), self.plan.expand_max, p);
        self.push(Dispatch::direct(&k.block_scan, l, 1, p));
        nblocks
    }

    /// Scans level `l` (`n` positions) and reads its block sums back: the
    /// exclusive prefix of the children per block, the total last.
    async fn scan(&mut self, l: usize, n: u32, white: bool) -> Result<Vec<u32>, GpuError> {
        let nblocks = self.queue_scan(l, n, white);
        let (acc, mut blocks) = self.read(ReadBack::Blocks(l, nblocks)).await?;
        blocks.truncate(nblocks as usize);
        blocks.push(acc[2]);
        Ok(blocks)
    }

    /// The leaf kernel of level `l` (`rem` plies left, 1 or 2).
    fn leaf_kernel(&self, l: usize, rem: u32, white: bool) -> &'a wgpu::ComputePipeline {
        let side = self.gpu.k.side(Self::side(white, l));
        if rem == 2 && self.plan.hash_entries > 0 {
            self.gpu
                .k
                .leaf_hash(&self.gpu.ctx.device, Self::side(white, l))
        } else if rem == 2 {
            &side.leaf
        } else {
            &side.leaf_count
        }
    }

    /// Queues the leaf kernel of level `l` (`rem` plies left, 1 or 2).
    fn leaves(&mut self, l: usize, n: u32, rem: u32, white: bool) {
        let leaf = self.leaf_kernel(l, rem, white);
        self.queue(leaf, l, (0, n), self.plan.leaf_max, BfParams::default());
    }

    /// The most positions with three plies left that may go to the leaves
    /// unread ([`Walker::leaves_unread`]): their children fit a level
    /// however many moves each has. `None` when the plan reads every level.
    fn unread_cap(&self) -> Option<u32> {
        (self.plan.move_bound > 0).then(|| self.plan.cap / self.plan.move_bound)
    }

    /// Level `l` (`n` positions, three plies left) to the leaves without a
    /// read-back: level `l + 1` is sized from the bound (`n` times
    /// [`Plan::move_bound`] positions, within the cap), the scan's total
    /// goes to `bf_leaf_args` on the GPU, and the leaf pieces of level
    /// `l + 1` are dispatched indirectly from the arguments it writes.
    fn leaves_unread(&mut self, l: usize, n: u32, white: bool) {
        let bound = n.saturating_mul(self.plan.move_bound).min(self.plan.cap);
        self.reserve(l + 1, bound);
        self.queue_scan(l, n, white);
        // pieces of leaf_max positions, enough for twice the average
        // children (empty ones cost a dispatch of nothing); the last piece
        // takes what is left
        let piece = self.plan.leaf_max.max(1);
        let guess = 2.0 * f64::from(n) * self.plan.branching;
        let pieces =
            ((guess / f64::from(piece)).ceil() as u32).clamp(1, bound.div_ceil(piece).max(1));
        self.pool.common.reserve_args(self.gpu.ctx, pieces);
        let k = self.gpu.k;
        let cap = self.pool.levels[l + 1].cap;
        let args = leaf_args_params(self.gpu.ctx, (pieces, piece), cap, 0);
        self.push(Dispatch {
            how: Launch::WritesArgs,
            ..Dispatch::direct(&k.leaf_args, l, 1, args)
        });
        let side = k.side(Self::side(white, l));
        let p = BfParams {
            cap,
            ..BfParams::default()
        };
        self.queue(&side.expand, l, (0, n), self.plan.expand_max, p);
        let leaf = self.leaf_kernel(l + 1, 2, white);
        for i in 0..pieces {
            let last = i + 1 == pieces;
            let p = BfParams {
                count: if last { u32::MAX } else { piece },
                base: i * piece,
                indirect: 1,
                ..BfParams::default()
            };
            self.push(Dispatch {
                how: Launch::Indirect(u64::from(i) * 12),
                ..Dispatch::direct(leaf, l + 1, 0, p)
            });
        }
    }

    /// Walks level 0 (`n` positions) to the leaves.
    async fn walk(&mut self, n: u32, white: bool) -> Result<(), GpuError> {
        let d = self.gpu.run.gpu_depth;
        if d <= 2 {
            self.leaves(0, n, d, white);
            return Ok(());
        }
        if d == 3 && self.unread_cap().is_some_and(|most| n <= most) {
            self.leaves_unread(0, n, white);
            return Ok(());
        }
        let prefix = self.scan(0, n, white).await?;
        let mut stack = vec![Frame {
            level: 0,
            n,
            prefix,
            next: 0,
        }];
        let wg = self.gpu.k.wg;
        while let Some(f) = stack.last_mut() {
            let nb = f.prefix.len() - 1;
            if f.next >= nb {
                stack.pop();
                continue;
            }
            // the blocks b0 .. b1 whose children fit in a level; when the
            // children have three plies left, few enough that their own
            // children surely fit too (the next level is not read back)
            let (l, b0) = (f.level, f.next);
            let sub = f.prefix[b0];
            let rem = d - (l as u32 + 1);
            let unread_cap = self
                .unread_cap()
                .filter(|&most| rem == 3 && f.prefix[b0 + 1] - sub <= most);
            let unread = unread_cap.is_some();
            let cap = unread_cap.unwrap_or(self.plan.cap);
            if f.prefix[b0 + 1] - sub > cap {
                return Err(GpuError::BadOptions(format!(
                    "{wg} positions have {} children, more than a level holds ({cap})",
                    f.prefix[b0 + 1] - sub,
                )));
            }
            let b1 = b0 + 1 + f.prefix[b0 + 1..=nb].partition_point(|&p| p - sub <= cap) - 1;
            let first = b0 as u32 * wg;
            let len = (b1 as u32 * wg).min(f.n) - first;
            let children = f.prefix[b1] - sub;
            f.next = b1;
            if children == 0 {
                continue;
            }
            self.reserve(l + 1, children);
            let side = self.gpu.k.side(Self::side(white, l));
            let p = BfParams {
                sub,
                cap: self.pool.levels[l + 1].cap,
                ..BfParams::default()
            };
            self.queue(&side.expand, l, (first, len), self.plan.expand_max, p);
            if rem <= 2 {
                self.leaves(l + 1, children, rem, white);
            } else if unread {
                self.leaves_unread(l + 1, children, white);
            } else {
                let prefix = self.scan(l + 1, children, white).await?;
                stack.push(Frame {
                    level: l + 1,
                    n: children,
                    prefix,
                    next: 0,
                });
            }
        }
        Ok(())
    }

    /// Submits what is queued and reads the 64-bit leaf count back, or
    /// `None` when a level sized from the bound had more children than
    /// that (the count is then short: the run must be done again with
    /// every level read back). The hash table's hits and misses go into
    /// the run.
    pub async fn finish(&mut self) -> Result<Option<u64>, GpuError> {
        let (acc, more) = self.read(ReadBack::Acc).await?;
        let word = |lo: usize, hi: usize| u64::from(more[lo]) | u64::from(more[hi]) << 32;
        self.gpu.run.hash_hits = word(0, 2);
        self.gpu.run.hash_misses = word(1, 3);
        let period = self.gpu.ctx.queue.get_timestamp_period();
        self.gpu.run.kernel_nanos = match &self.pool.common.timer {
            Some(t) if !t.overflow => {
                // (the timestamps follow the accumulator; `more` starts at its word 4)
                let stamps = &more[(ACC_BYTES / 4) as usize - 4..];
                Some(self.nanos + pass_nanos(stamps, t.passes, period))
            }
            _ => None,
        };
        let overflows = more[4];
        Ok((overflows == 0).then(|| u64::from(acc[0]) | u64::from(acc[1]) << 32))
    }

    /// Test hook: queues the reduction kernel over `values` (lo, hi) pairs
    /// uploaded as level 0.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn reduce(&mut self, values: &[u64]) {
        use super::super::packed::POS_BYTES;
        let words: Vec<u32> = values
            .iter()
            .flat_map(|v| [*v as u32, (*v >> 32) as u32])
            .collect();
        let n = (words.len() as u32).div_ceil(POS_BYTES as u32 / 4);
        self.reserve(0, n.max(1));
        self.gpu.ctx.queue.write_buffer(
            &self.pool.levels[0].positions,
            0,
            bytemuck::cast_slice(&words),
        );
        let k = self.gpu.k;
        self.queue(
            k.reduce_test(&self.gpu.ctx.device),
            0,
            (0, values.len() as u32),
            u32::MAX,
            BfParams::default(),
        );
    }
}
