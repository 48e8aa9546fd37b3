//! Breadth-first perft with each level's transpositions merged (a multiset
//! frontier, [`Options::merge`]): equal positions are kept once, with the
//! number of paths that reach them (a 64-bit multiplicity), and the leaf
//! counts are multiplied by it.
//!
//! ```text
//!  root --CPU, split plies, merged in a hash map--> level 0 (position, paths)
//!  level l, more than two plies left:
//!     bf_count_scan, bf_block_scan; read back the block sums
//!     part p of P (P = 1 unless the level overflows):
//!        per range of level l whose children fit the staging buffer:
//!           bf_expand -> staging (children in one form, inheriting paths)
//!           mg_insert, mg_commit -> level l + 1 (equal positions once,
//!                                   their paths added up)
//!        read back the counters: entries, lost, nodes
//!        lost (the level or the table full): build parts 2p, 2p + 1 of 2P
//!        else walk level l + 1
//!     three plies left and P over LEAF_LEVEL_MAX_PARTS (a GPU; software:
//!     SOFTWARE_LEAF_LEVEL_MAX_PARTS): no level l + 1;
//!        per range, bf_expand -> staging, the fused leaf on the staging
//!        buffer (each child times its paths); with a table of two-ply
//!        counts ([`MergePlan::leaf_table`]), a lookup pass first, then
//!        the misses walked and the waiters read, each dispatched
//!        indirectly (the level's transpositions counted once)
//!  level with two plies or fewer left: the fused leaf, each count times
//!     the position's paths, into the 64-bit accumulator
//! ```
//!
//! Positions are compared word by word (kernels/merge.wgsl), never by a key
//! alone, so no collision can give a wrong count. A part keeps the children
//! whose hash falls in it, so every position goes to exactly one part and
//! the count stays exact; a split level merges less (a position may be an
//! entry of two of the upper level's parts' subtrees), which
//! [`LevelStat::parts`] and [`LevelStat::ranges`] report.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use serde::{Deserialize, Serialize};

use super::super::packed::{pack, Packed, POS_WORDS};
use super::super::timer::{pass_nanos, MAX_TIMED_PASSES};
use super::super::GpuError;
use super::hash::leaf_table_entries;
use super::kernels::{BfParams, MgParams};
use super::merge_pool::{Group, MergePool, MACC_BYTES, MERGED_WORDS};
use super::pool::{leaf_args_params, pieces, Launch, ACC_BYTES, MISSES_WORD, WAITERS_WORD};
use super::Session;
use crate::chess::{Position, Special};

/// Parts one level may be built in at most (a level that does not fit in
/// 2^16 parts is an error, not a wrong count).
pub const MAX_PARTS: u32 = 1 << 16;

/// Parts the level the fused leaf reads may start in on a GPU, at most (it
/// may still split further when a part overflows); beyond, its parent's
/// children are counted unmerged ([`Merger::count_staged`]).
/// Each part expands the parent again: start 10 on an H200 built ply 8 in
/// 1,024 parts, 71 of the run's 84.5 s; counted unmerged, the run took
/// 11.2 s (docs/performance.md).
pub const LEAF_LEVEL_MAX_PARTS: u32 = 4;
/// The same on a software adapter, where the leaf costs more against the
/// merge: SwiftShader's start 8 (ply 6 in 8 parts) took 172.5 s merged,
/// 191.8 s unmerged (its leaves 94.7 s against 189.2 s).
pub const SOFTWARE_LEAF_LEVEL_MAX_PARTS: u32 = 8;

/// One ply of a run: the paths (nodes) and, where the level was built, the
/// positions left after merging (distinct).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelStat {
    /// Plies below the root.
    pub ply: u32,
    /// Paths to this ply: perft(ply). `None` for the ply the fused leaf
    /// walks through without keeping.
    pub nodes: Option<u64>,
    /// Positions after merging, over every part and range; `None` where
    /// the level is not built (the last two plies).
    pub distinct: Option<u64>,
    /// Parts the level was built in, over every visit (one per visit when
    /// it fit its buffer); 0 on the CPU's plies.
    pub parts: u32,
    /// The most parts one visit took (a power of two).
    pub max_parts: u32,
    /// Ranges of the level above expanded into it, over every part.
    pub ranges: u32,
    /// GPU time building it (the last ply: the leaves), nanoseconds, where
    /// the adapter has timestamps.
    pub nanos: Option<u64>,
    /// The unmerged leaf level's table ([`Merger::count_staged`]): its
    /// positions whose two-ply count was found there (hits) or counted
    /// and stored (misses); `None` where the ply was not looked up.
    #[serde(default)]
    pub hash_hits: Option<u64>,
    #[serde(default)]
    pub hash_misses: Option<u64>,
}

impl LevelStat {
    /// Hits per lookup, where the ply was looked up.
    pub fn hit_rate(&self) -> Option<f64> {
        let (hits, misses) = (self.hash_hits?, self.hash_misses?);
        (hits + misses > 0).then(|| hits as f64 / (hits + misses) as f64)
    }
}

/// The merge counters' words (mg_acc).
struct Built {
    entries: u32,
    lost: u32,
    nodes: u64,
}

/// The one form the CPU merges: the white king in the white board (as
/// the kernels load it) and no en passant square where no pawn may take.
fn canonical(p: &Position) -> Packed {
    let mut w = pack(p);
    let k = p.king_square(crate::chess::Color::White).to_u8();
    w[usize::from(k / 32)] |= 1 << (k % 32);
    let takes = || {
        p.legal_moves()
            .as_slice()
            .iter()
            .any(|m| m.special() == Some(Special::EnPassant))
    };
    if p.ep_file().is_some() && !takes() {
        let ep = super::super::packed::EN_PASSANT;
        w[ep.word] &= !(ep.mask() << ep.shift);
    }
    w
}

/// The frontier `split` plies below `root`, merged ply by ply on the CPU:
/// (packed position, paths) in a fixed order, and each ply's figures.
pub fn merged_frontier(root: &Position, split: u32) -> (Vec<(Packed, u64)>, Vec<LevelStat>) {
    let mut level: Vec<(Position, u64)> = vec![(*root, 1)];
    let mut stats = vec![cpu_stat(0, 1, 1)];
    for ply in 1..=split {
        let mut index: HashMap<Packed, usize> = HashMap::new();
        let mut next: Vec<(Position, u64)> = Vec::new();
        for (p, paths) in &level {
            for m in p.legal_moves().as_slice() {
                let c = p.play(*m);
                let key = canonical(&c);
                match index.get(&key) {
                    Some(&i) => next[i].1 += paths,
                    None => {
                        index.insert(key, next.len());
                        next.push((c, *paths));
                    }
                }
            }
        }
        let nodes = next.iter().map(|(_, n)| n).sum();
        stats.push(cpu_stat(ply, nodes, next.len() as u64));
        level = next;
    }
    let out = level.iter().map(|(p, n)| (canonical(p), *n)).collect();
    (out, stats)
}

fn cpu_stat(ply: u32, nodes: u64, distinct: u64) -> LevelStat {
    LevelStat {
        ply,
        nodes: Some(nodes),
        distinct: Some(distinct),
        ..LevelStat::default()
    }
}

/// How a merged run is cut up.
#[derive(Clone, Copy, Debug)]
pub(super) struct MergePlan {
    /// Positions a level buffer holds at most.
    pub cap: u32,
    /// Children the staging buffer holds at most.
    pub stage: u32,
    /// Positions per count / expand / merge dispatch.
    pub expand_max: u32,
    /// Positions per leaf dispatch.
    pub leaf_max: u32,
    /// Look the unmerged leaf level's positions up in a table of two-ply
    /// counts ([`super::super::Options::leaf_table`]).
    pub leaf_table: bool,
    /// Its bytes: given (`--hash`), or 0 to size it from the level.
    pub table_bytes: u64,
    /// The most bytes a table sized from the level takes.
    pub table_budget: u64,
    /// The most parts the leaf level may start in; beyond, it is counted
    /// unmerged ([`LEAF_LEVEL_MAX_PARTS`] by default).
    pub leaf_parts: u32,
}

/// The ranges of a level (`n` positions, block sums `prefix`) whose
/// children fit a staging buffer of `stage`: (first position, positions,
/// the first child's index, children), empty ones left out.
fn ranges(
    prefix: &[u32],
    n: u32,
    stage: u32,
    wg: u32,
) -> Result<Vec<(u32, u32, u32, u32)>, GpuError> {
    let nb = prefix.len() - 1;
    let mut out = Vec::new();
    let mut b0 = 0;
    while b0 < nb {
        let sub = prefix[b0];
        if prefix[b0 + 1] - sub > stage {
            return Err(GpuError::BadOptions(format!(
                "{wg} positions have {} children, more than the staging buffer holds ({stage})",
                prefix[b0 + 1] - sub
            )));
        }
        let b1 = b0 + 1 + prefix[b0 + 1..=nb].partition_point(|&p| p - sub <= stage) - 1;
        let first = b0 as u32 * wg;
        let len = (b1 as u32 * wg).min(n) - first;
        let children = prefix[b1] - sub;
        b0 = b1;
        if children > 0 {
            out.push((first, len, sub, children));
        }
    }
    Ok(out)
}

/// `bf_expand`'s uniform for a range whose first child is `sub`, into a
/// staging buffer of `stage` children.
fn expand_params(stage: u32, sub: u32) -> impl Fn(u32, u32) -> [u32; 8] {
    move |count, base| {
        bytemuck::cast(BfParams {
            count,
            base,
            cap: stage,
            sub,
            ..BfParams::default()
        })
    }
}

/// A leaf kernel's uniform: `count` positions from `base`.
fn leaf_params(count: u32, base: u32) -> [u32; 8] {
    bytemuck::cast(BfParams {
        count,
        base,
        ..BfParams::default()
    })
}

/// One dispatch waiting for the next submission.
struct Job<'k> {
    pipeline: &'k wgpu::ComputePipeline,
    group: Group,
    groups: u32,
    params: [u32; 8],
    how: Launch,
}

/// What a submission copies for the host to read.
#[derive(Clone, Copy)]
enum Read {
    Counters,
    Blocks(usize, u32),
}

/// One merged run's walk.
pub(super) struct Merger<'a> {
    gpu: Session<'a>,
    pool: &'a mut MergePool,
    plan: MergePlan,
    queued: Vec<Job<'a>>,
    /// The ply each timed pass since the last read-back worked for.
    tags: Vec<usize>,
    /// Clear the table and the counters before the next pass.
    clear: bool,
    /// White is to move at level 0.
    white: bool,
    /// The ply counted unmerged through the table, once there is one.
    probed: Option<usize>,
}

impl<'a> Merger<'a> {
    pub fn new(gpu: Session<'a>, pool: &'a mut MergePool, plan: MergePlan) -> Merger<'a> {
        pool.common.start(gpu.ctx, 0, gpu.run);
        Merger {
            gpu,
            pool,
            plan,
            queued: Vec::new(),
            tags: Vec::new(),
            clear: false,
            white: true,
            probed: None,
        }
    }

    fn push(
        &mut self,
        pipeline: &'a wgpu::ComputePipeline,
        group: Group,
        n: u32,
        params: [u32; 8],
    ) {
        self.queued.push(Job {
            pipeline,
            group,
            groups: n.div_ceil(self.gpu.k.wg),
            params,
            how: Launch::Direct,
        });
    }

    /// Queues `pipeline` over items `first .. first + n` in dispatches of at
    /// most `piece`, `make(count, base)` giving each one's uniform.
    fn pieces(
        &mut self,
        pipeline: &'a wgpu::ComputePipeline,
        group: Group,
        (first, n): (u32, u32),
        piece: u32,
        make: impl Fn(u32, u32) -> [u32; 8],
    ) {
        for (count, base) in pieces((first, n), piece) {
            self.push(pipeline, group, count, make(count, base));
        }
    }

    /// Submits what is queued in one pass (timed for `ply`), then the copy
    /// for `read`.
    fn submit(&mut self, ply: usize, read: Option<Read>) {
        let ctx = self.gpu.ctx;
        let timer_bytes = 16 * u64::from(MAX_TIMED_PASSES);
        let need = ACC_BYTES
            + MACC_BYTES
            + timer_bytes
            + match read {
                Some(Read::Blocks(_, n)) => 4 * u64::from(n),
                _ => 0,
            };
        let params = self.queued.iter().map(|j| &j.params);
        self.pool.common.upload(ctx, params, need);
        for j in &self.queued {
            self.pool.prepare(ctx, self.gpu.k, j.group);
        }
        if self.queued.iter().any(|j| j.how == Launch::WritesArgs) {
            self.pool.common.prepare_args(ctx, self.gpu.k);
        }
        let mut enc = ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("merged bfs"),
            });
        if std::mem::take(&mut self.clear) {
            enc.clear_buffer(&self.pool.table, 0, None);
            enc.clear_buffer(&self.pool.macc, 0, None);
        }
        if !self.queued.is_empty() {
            self.encode_pass(&mut enc, ply);
        }
        if let Some(what) = read {
            self.copy_for_reading(&mut enc, what);
        }
        self.gpu.run.dispatches += self.queued.len() as u32;
        self.gpu.run.batches += self.queued.len() as u32;
        self.gpu.run.submits += 1;
        self.queued.clear();
        ctx.queue.submit([enc.finish()]);
    }

    fn encode_pass(&mut self, enc: &mut wgpu::CommandEncoder, ply: usize) {
        let pool = &mut *self.pool;
        let timed = pool.common.timer.as_mut().and_then(|t| t.next_pass());
        if timed.is_some() {
            self.tags.push(ply);
        }
        let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("merged bfs"),
            timestamp_writes: timed,
        });
        for (i, j) in self.queued.iter().enumerate() {
            let Some(group) = pool.group(j.group) else {
                continue;
            };
            pass.set_pipeline(j.pipeline);
            pass.set_bind_group(0, group, &[pool.common.offset(i)]);
            j.how
                .dispatch(&mut pass, self.gpu.ctx, &pool.common, j.groups);
        }
    }

    /// The accumulator, the counters, the timestamps, then the block sums.
    fn copy_for_reading(&self, enc: &mut wgpu::CommandEncoder, what: Read) {
        let pool = &*self.pool;
        let c = &pool.common;
        enc.copy_buffer_to_buffer(&c.acc, 0, &c.read, 0, ACC_BYTES);
        enc.copy_buffer_to_buffer(&pool.macc, 0, &c.read, ACC_BYTES, MACC_BYTES);
        let stamps = ACC_BYTES + MACC_BYTES;
        let timed = c.timer.as_ref().map_or(0, |t| t.bytes());
        if let Some(t) = &c.timer {
            t.copy(enc, &c.read, stamps);
        }
        if let Read::Blocks(l, n) = what {
            if n > 0 {
                let blocks = &pool.levels[l].blocks;
                enc.copy_buffer_to_buffer(blocks, 0, &c.read, stamps + timed, 4 * u64::from(n));
            }
        }
    }

    /// Submits, waits, and returns (acc, counters, block sums); the passes'
    /// GPU time goes to their plies.
    async fn read(&mut self, ply: usize, what: Read) -> Result<(Vec<u32>, Vec<u32>), GpuError> {
        self.submit(ply, Some(what));
        let timed = self.pool.common.timer.as_ref().map_or(0, |t| t.bytes());
        let n = match what {
            Read::Blocks(_, n) => n,
            Read::Counters => 0,
        };
        let bytes = ACC_BYTES + MACC_BYTES + timed + 4 * u64::from(n);
        self.gpu.run.readbacks += 1;
        let words = self
            .gpu
            .ctx
            .read_words(&self.pool.common.read, bytes, |w| w.to_vec())
            .await?;
        self.gpu.ctx.take_device_error()?;
        let head = ((ACC_BYTES + MACC_BYTES) / 4) as usize;
        let stamps = &words[head..head + (timed / 4) as usize];
        let period = self.gpu.ctx.queue.get_timestamp_period();
        for (p, ply) in std::mem::take(&mut self.tags).into_iter().enumerate() {
            let ns = pass_nanos(&stamps[4 * p..4 * p + 4], 1, period);
            let stat = &mut self.gpu.run.levels[ply];
            stat.nanos = Some(stat.nanos.unwrap_or(0) + ns);
            self.gpu.run.kernel_nanos = Some(self.gpu.run.kernel_nanos.unwrap_or(0) + ns);
        }
        if let Some(t) = self.pool.common.timer.as_mut() {
            t.reset();
        }
        let counters = words[..head].to_vec();
        Ok((counters, words[head + (timed / 4) as usize..].to_vec()))
    }

    /// White is to move at level `l`.
    fn side(&self, l: usize) -> bool {
        self.white ^ (l % 2 == 1)
    }

    /// The ply of level `l`.
    fn ply(&self, l: usize) -> usize {
        (self.gpu.run.split_depth as usize) + l
    }

    /// Uploads `chunk` (positions with their paths, `white` to move) as
    /// level 0 and walks it to the leaves.
    pub async fn chunk(&mut self, chunk: &[(Packed, u64)], white: bool) -> Result<(), GpuError> {
        self.gpu.ctx.check_lost()?;
        self.white = white;
        let depth = self.gpu.run.depth as usize;
        if !self.queued.is_empty() {
            self.submit(depth, None);
        }
        let n = chunk.len() as u32;
        if n == 0 {
            return Ok(());
        }
        let words: Vec<u32> = chunk
            .iter()
            .flat_map(|(p, m)| {
                let mut w = [0u32; MERGED_WORDS];
                w[..POS_WORDS].copy_from_slice(p);
                w[POS_WORDS] = *m as u32;
                w[POS_WORDS + 1] = (*m >> 32) as u32;
                w
            })
            .collect();
        self.pool
            .reserve_level(self.gpu.ctx, 0, n, n.div_ceil(self.gpu.k.wg) + 1, n);
        self.gpu.ctx.queue.write_buffer(
            &self.pool.levels[0].positions,
            0,
            bytemuck::cast_slice(&words),
        );
        self.level(0, n).await
    }

    /// Queues the leaf kernel over level `l` (`n` positions, `rem` plies;
    /// merged, so no table: a part's positions are distinct).
    fn leaves(&mut self, l: usize, n: u32, rem: u32) {
        let side = self.gpu.k.side(self.side(l));
        let leaf = if rem == 2 {
            &side.leaf
        } else {
            &side.leaf_count
        };
        let leaf_max = self.plan.leaf_max;
        self.pieces(leaf, Group::Main(l), (0, n), leaf_max, leaf_params);
    }

    /// Scans level `l` (`n` positions): the exclusive prefix of the
    /// children per block, the total last.
    async fn scan(&mut self, l: usize, n: u32) -> Result<Vec<u32>, GpuError> {
        let k = self.gpu.k;
        let nblocks = n.div_ceil(k.wg);
        let side = k.side(self.side(l));
        let p = |count, base| {
            bytemuck::cast(BfParams {
                count,
                base,
                nblocks,
                ..BfParams::default()
            })
        };
        self.pieces(
            &side.count_scan,
            Group::Main(l),
            (0, n),
            self.plan.expand_max,
            p,
        );
        self.push(&k.block_scan, Group::Main(l), 1, p(0, 0));
        let ply = self.ply(l + 1);
        let (acc, mut blocks) = self.read(ply, Read::Blocks(l, nblocks)).await?;
        blocks.truncate(nblocks as usize);
        blocks.push(acc[2]);
        Ok(blocks)
    }

    /// Walks level `l` (`n` positions) to the leaves.
    fn level(
        &mut self,
        l: usize,
        n: u32,
    ) -> Pin<Box<dyn Future<Output = Result<(), GpuError>> + '_>> {
        Box::pin(async move {
            let rem = self.gpu.run.gpu_depth - l as u32;
            if rem <= 2 {
                self.leaves(l, n, rem);
                return Ok(());
            }
            let prefix = self.scan(l, n).await?;
            let total = *prefix.last().unwrap_or(&0);
            if total == 0 {
                return Ok(());
            }
            let cap = self.plan.cap.min(total).max(1);
            let ctx = self.gpu.ctx;
            let stage = self.plan.stage.min(total).max(1);
            let entries = (2 * cap).checked_next_power_of_two().unwrap_or(1 << 31);
            self.pool.reserve_stage(ctx, stage, entries);
            // parts to start with: a level keeps a third of its children
            // or more at the start position's plies 4-8 (0.37-0.38 at 6-8),
            // so half the children per part rarely overflows; a part that
            // does is built again in halves
            let first = total.div_ceil(2 * cap).next_power_of_two().min(MAX_PARTS);
            if rem == 3 && first > self.plan.leaf_parts {
                return self.count_staged(l, n, &prefix);
            }
            self.pool
                .reserve_level(ctx, l + 1, cap, cap.div_ceil(self.gpu.k.wg) + 1, cap);
            let mut todo: Vec<(u32, u32)> = (0..first).rev().map(|p| (p, first)).collect();
            while let Some((part, parts)) = todo.pop() {
                let built = self.build(l, (n, cap), &prefix, (part, parts)).await?;
                let ply = self.ply(l + 1);
                if built.lost > 0 || built.entries > cap {
                    if parts >= MAX_PARTS {
                        return Err(GpuError::BadOptions(format!(
                            "ply {ply} does not fit its buffers in {MAX_PARTS} parts"
                        )));
                    }
                    todo.push((part + parts, 2 * parts));
                    todo.push((part, 2 * parts));
                    continue;
                }
                let stat = &mut self.gpu.run.levels[ply];
                stat.distinct = Some(stat.distinct.unwrap_or(0) + u64::from(built.entries));
                stat.nodes = Some(stat.nodes.unwrap_or(0) + built.nodes);
                stat.parts += 1;
                stat.max_parts = stat.max_parts.max(parts);
                self.level(l + 1, built.entries).await?;
            }
            Ok(())
        })
    }

    /// Builds part `part` of `parts` of level `l + 1` (at most `cap`
    /// positions) from level `l` (`n` positions, block sums `prefix`): range by range through the staging
    /// buffer, then reads the counters back.
    async fn build(
        &mut self,
        l: usize,
        (n, cap): (u32, u32),
        prefix: &[u32],
        (part, parts): (u32, u32),
    ) -> Result<Built, GpuError> {
        let depth = self.gpu.run.depth as usize;
        if !self.queued.is_empty() {
            self.submit(depth, None);
        }
        self.clear = true;
        let wg = self.gpu.k.wg;
        // the plan's sizes, not the pool's (a pool kept from a bigger run)
        let stage = self.plan.stage.min(self.pool.stage_cap);
        let mask = self.pool.table_entries - 1;
        let side = self.gpu.k.side(self.side(l));
        let mg = self
            .gpu
            .k
            .mg
            .as_ref()
            .ok_or(GpuError::Shader("no merge kernels".into()))?;
        for (first, len, sub, children) in ranges(prefix, n, stage, wg)? {
            let ply = self.ply(l + 1);
            self.gpu.run.levels[ply].ranges += 1;
            let expand = expand_params(stage, sub);
            let max = self.plan.expand_max;
            self.pieces(&side.expand, Group::Main(l), (first, len), max, expand);
            let merge = |count, base| {
                bytemuck::cast(MgParams {
                    count,
                    base,
                    cap,
                    mask,
                    parts: parts - 1,
                    part,
                    ..MgParams::default()
                })
            };
            self.pieces(&mg.insert, Group::Merge(l + 1), (0, children), max, merge);
            self.pieces(&mg.commit, Group::Merge(l + 1), (0, children), max, merge);
        }
        let (acc, _) = self.read(self.ply(l + 1), Read::Counters).await?;
        let c = &acc[(ACC_BYTES / 4) as usize..];
        Ok(Built {
            entries: c[0],
            lost: c[1],
            nodes: u64::from(c[2]) | u64::from(c[3]) << 32,
        })
    }

    /// Counts the leaves below level `l` (`n` positions, block sums
    /// `prefix`, three plies left) without merging its children: range by
    /// range they are expanded into the staging buffer, inheriting their
    /// paths, and the fused leaf counts them there. With the plan's table
    /// of two-ply counts, a pass looks them up first (a child met before,
    /// in this range or another, counted from there) and lists the misses
    /// (each claims its entry) and the waiters (another copy claimed it);
    /// the fused leaf walks only the misses and stores them; a last pass
    /// reads the waiters' counts. The expansion is timed with the leaves.
    fn count_staged(&mut self, l: usize, n: u32, prefix: &[u32]) -> Result<(), GpuError> {
        let stage = self.plan.stage.min(self.pool.stage_cap);
        let (k, max, leaf_max) = (self.gpu.k, self.plan.expand_max, self.plan.leaf_max);
        let (side, next) = (k.side(self.side(l)), k.side(self.side(l + 1)));
        let ply = self.ply(l + 1);
        let table = if self.plan.leaf_table {
            self.reserve_table(u64::from(*prefix.last().unwrap_or(&0)));
            self.probed = Some(ply);
            Some(k.leaf_lookup(&self.gpu.ctx.device, self.side(l + 1)))
        } else {
            None
        };
        for (first, len, sub, children) in ranges(prefix, n, stage, k.wg)? {
            self.gpu.run.levels[ply].ranges += 1;
            let expand = expand_params(stage, sub);
            self.pieces(&side.expand, Group::Main(l), (first, len), max, expand);
            let staged = (0, children);
            match table {
                None => self.pieces(&next.leaf, Group::Staged(l), staged, leaf_max, leaf_params),
                Some([lookup, misses, waiters]) => {
                    self.pieces(lookup, Group::Staged(l), staged, leaf_max, leaf_params);
                    self.listed(l, misses, MISSES_WORD, children);
                    self.listed(l, waiters, WAITERS_WORD, children);
                }
            }
        }
        self.submit(self.gpu.run.depth as usize, None);
        Ok(())
    }

    /// Queues `pipeline` over the staged children of level `l` that the
    /// lookups listed (at most `children`; their number in the
    /// accumulator's word `counter`, on the GPU): `bf_leaf_args` sizes
    /// each piece's dispatch from it, so that only listed ones are run.
    fn listed(
        &mut self,
        l: usize,
        pipeline: &'a wgpu::ComputePipeline,
        counter: u32,
        children: u32,
    ) {
        let (ctx, k, piece) = (self.gpu.ctx, self.gpu.k, self.plan.leaf_max.max(1));
        let pieces = children.div_ceil(piece).max(1);
        self.pool.common.reserve_args(ctx, pieces);
        let args = leaf_args_params(ctx, (pieces, piece), children, counter);
        self.queued.push(Job {
            pipeline: &k.leaf_args,
            group: Group::Staged(l),
            groups: 1,
            params: bytemuck::cast(args),
            how: Launch::WritesArgs,
        });
        for p in 0..pieces {
            self.queued.push(Job {
                pipeline,
                group: Group::Staged(l),
                groups: 0,
                params: leaf_params(piece, p * piece),
                how: Launch::Indirect(u64::from(p) * 12),
            });
        }
    }

    /// The unmerged leaf level's table, made on the level's first visit
    /// in a run (later visits, the level's other parts, keep its counts):
    /// the plan's bytes, or room for twice the visit's `children`.
    fn reserve_table(&mut self, children: u64) {
        if self.probed.is_some() {
            return;
        }
        let ctx = self.gpu.ctx;
        let (bytes, budget) = (self.plan.table_bytes, self.plan.table_budget);
        let entries = leaf_table_entries(bytes, children, budget, ctx.max_binding());
        self.pool.common.table(ctx, entries, self.gpu.run);
    }

    /// Submits what is queued and reads the 64-bit leaf count back; the
    /// table's hits and misses go into the run and to the ply looked up.
    pub async fn finish(&mut self) -> Result<u64, GpuError> {
        let (acc, _) = self
            .read(self.gpu.run.depth as usize, Read::Counters)
            .await?;
        let word = |lo: usize, hi: usize| u64::from(acc[lo]) | u64::from(acc[hi]) << 32;
        let run = &mut *self.gpu.run;
        run.hash_hits = word(4, 6);
        run.hash_misses = word(5, 7);
        if let Some(ply) = self.probed {
            run.levels[ply].hash_hits = Some(run.hash_hits);
            run.levels[ply].hash_misses = Some(run.hash_misses);
        }
        Ok(word(0, 1))
    }
}
