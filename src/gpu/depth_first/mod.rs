//! The depth-first host ([`Kernel::Workgroup`], [`Kernel::Private`]): the
//! CPU splits the tree to a frontier, the frontier goes to the kernel
//! (`kernels/perft.wgsl`) in batches (upload, dispatch, read back), one
//! invocation walking each position's subtree, and the counts are added up
//! and every batch is reported to `progress`.
//!
//! ```text
//!  root --CPU split--> frontier --batch k into slot k % 2--> perft_main
//!     while batch k runs, batch k - 1's counts come back and are added
//! ```
//!
//! Its pipelines ([`kernels`]) and its two buffer slots ([`slots`]) are
//! built once and kept in [`State`] across runs.

mod kernels;
mod slots;

use super::context::{Context, Kept};
use super::device::resolve_workgroup;
use super::frontier::{auto_split, check_root, frontier_size, Frontier, Job, BRANCHING};
use super::layout::{Kernel, Params, MAX_GPU_DEPTH};
use super::packed::{check_packed, Packed, POS_BYTES};
use super::timer::{pass_nanos, Timer};
use super::{GpuError, GpuRun, Options};
use crate::chess::Position;
use kernels::{pipeline, Pipelines};
use slots::{Slot, Slots};

/// Frontier size the automatic split aims for (at least), on a software
/// adapter (SwiftShader: a few CPU threads) and on a real GPU.
const AUTO_MIN_FRONTIER_SOFTWARE: u64 = 2048;
const AUTO_MIN_FRONTIER_GPU: u64 = 32768;
/// Leaves one batch should hold about, for the automatic batch size (a
/// software adapter does some 10 M leaves/s, a GPU some G leaves/s).
const AUTO_BATCH_LEAVES_SOFTWARE: f64 = 16.0 * 1024.0 * 1024.0;
const AUTO_BATCH_LEAVES_GPU: f64 = 256.0 * 1024.0 * 1024.0;
/// Largest automatic batch.
const AUTO_MAX_BATCH: u32 = 65536;

/// What the depth-first family builds once and keeps: its pipelines and
/// its two buffer slots.
pub(super) struct State {
    pipelines: Pipelines,
    slots: Kept<Slots>,
}

impl State {
    pub fn new() -> State {
        State {
            pipelines: Pipelines::new(),
            slots: Kept::new(),
        }
    }

    /// The host for one run on `ctx`.
    pub fn host<'a>(&'a self, ctx: &'a Context) -> Host<'a> {
        Host { ctx, state: self }
    }
}

/// One depth-first run's host.
pub(super) struct Host<'a> {
    ctx: &'a Context,
    state: &'a State,
}

/// What the batches counted.
#[derive(Default)]
struct Counted {
    nodes: u64,
    positions: u64,
    batches: u32,
    batch_size: u32,
    /// GPU time inside the batches' passes (adapters with timestamps).
    kernel_nanos: Option<u64>,
}

impl Host<'_> {
    /// Perft of `root`: the CPU splits, the GPU counts.
    pub async fn run_root(&self, root: &Position, job: Job<'_>) -> Result<GpuRun, GpuError> {
        let (depth, options) = (job.depth, job.options);
        let wg = resolve_workgroup(&self.ctx.limits, options)?;
        let split = self.split(root, depth, options)?;
        if depth == 0 {
            let mut run = report(depth, split, options, wg, &Counted::default());
            run.nodes = 1;
            return Ok(run);
        }
        let (total, frontier) = (frontier_size(root, split), Frontier::new(*root, split));
        let todo = (frontier, total, depth - split);
        let out = self.count(todo, options, wg.0, job.progress, None).await?;
        Ok(report(depth, split, options, wg, &out))
    }

    /// Perft below packed positions, on the GPU alone.
    pub async fn run_packed(&self, positions: &[Packed], job: Job<'_>) -> Result<GpuRun, GpuError> {
        let (depth, options) = (job.depth, job.options);
        let (out, wg) = self.count_packed(positions, job, None).await?;
        Ok(report(depth, 0, options, wg, &out))
    }

    /// The count below each of `positions` (in order).
    pub async fn counts_packed(
        &self,
        positions: &[Packed],
        job: Job<'_>,
    ) -> Result<Vec<u64>, GpuError> {
        let mut each = Vec::with_capacity(positions.len());
        self.count_packed(positions, job, Some(&mut each)).await?;
        Ok(each)
    }

    /// The plies the CPU splits `root` into before a depth-first run: the
    /// option's, else enough for the adapter's frontier; checks the root and
    /// that the rest fits the kernel's stack.
    fn split(&self, root: &Position, depth: u32, options: &Options) -> Result<u32, GpuError> {
        let split = match options.split_depth {
            Some(s) => s.min(depth.saturating_sub(1)),
            None => auto_split(root, depth, self.auto_min_frontier()),
        };
        let gpu_depth = depth - split;
        if gpu_depth > MAX_GPU_DEPTH {
            return Err(GpuError::BadOptions(format!(
                "{gpu_depth} plies per invocation exceed the kernel's stack ({MAX_GPU_DEPTH}); raise split_depth"
            )));
        }
        check_root(root)?;
        Ok(split)
    }

    /// [`Host::run_packed`] and [`Host::counts_packed`]: checks the depth
    /// and every position, resolves the workgroup size, counts.
    async fn count_packed(
        &self,
        positions: &[Packed],
        job: Job<'_>,
        each: Option<&mut Vec<u64>>,
    ) -> Result<(Counted, (u32, u64)), GpuError> {
        let (depth, options) = (job.depth, job.options);
        if options.variant == Kernel::BreadthFirst {
            return Err(GpuError::BadOptions(
                "per-position counts come from the depth-first variants only".into(),
            ));
        }
        if depth > MAX_GPU_DEPTH {
            return Err(GpuError::BadOptions(format!(
                "depth {depth} exceeds the kernel's stack ({MAX_GPU_DEPTH} plies)"
            )));
        }
        for (i, p) in positions.iter().enumerate() {
            check_packed(p).map_err(|e| GpuError::BadPosition(format!("position {i}: {e}")))?;
        }
        let wg = resolve_workgroup(&self.ctx.limits, options)?;
        let todo = (positions.iter().copied(), positions.len() as u64, depth);
        let out = self.count(todo, options, wg.0, job.progress, each).await?;
        Ok((out, wg))
    }

    /// The batch loop over `total` frontier positions, `depth` plies each:
    /// upload, dispatch, read back, add up, report. The slots come from the
    /// context (made or grown only when this batch needs more).
    async fn count(
        &self,
        (mut frontier, total, depth): (impl Iterator<Item = Packed>, u64, u32),
        options: &Options,
        wg: u32,
        progress: &mut dyn FnMut(u64, u64) -> bool,
        mut each: Option<&mut Vec<u64>>,
    ) -> Result<Counted, GpuError> {
        let key = (options.variant, wg, options.slider);
        let pipeline = pipeline(self.ctx, &self.state.pipelines, key).await?;
        let magic = self.ctx.magic_table_for(options.slider)?;
        let batch = self.batch_size(options, depth, wg, total);
        let mut kept = self.state.slots.lease(Slots::default)?;
        kept.fit(
            self.ctx,
            (batch, self.max_batch()),
            &pipeline,
            magic.as_ref(),
        );
        let slots = &mut kept.slots;
        let mut out = Counted {
            batch_size: batch,
            kernel_nanos: slots[0].timer.as_ref().map(|_| 0),
            ..Counted::default()
        };
        let mut chunk: Vec<Packed> = Vec::with_capacity(batch as usize);
        // the batch in flight: its slot and size
        let mut pending: Option<(usize, u32)> = None;
        let mut k = 0;
        loop {
            chunk.clear();
            chunk.extend(frontier.by_ref().take(batch as usize));
            let now = (!chunk.is_empty()).then(|| {
                (
                    k,
                    self.submit(&pipeline, &mut slots[k], &chunk, (depth, wg)),
                )
            });
            // the batch before this one: read it back while this one runs
            if let Some((s, n)) = std::mem::replace(&mut pending, now) {
                let slot = &slots[s];
                self.finish_batch(slot, n, &mut out, total, progress, each.as_deref_mut())
                    .await?;
            }
            if pending.is_none() {
                return Ok(out);
            }
            k ^= 1;
        }
    }

    /// Uploads `chunk` into `slot` and submits its batch; its size.
    fn submit(
        &self,
        pipeline: &wgpu::ComputePipeline,
        slot: &mut Slot,
        chunk: &[Packed],
        (depth, wg): (u32, u32),
    ) -> u32 {
        let n = chunk.len() as u32;
        let params = Params {
            count: n,
            depth,
            base: 0,
            flags: 0,
        };
        let queue = &self.ctx.queue;
        queue.write_buffer(&slot.params, 0, bytemuck::bytes_of(&params));
        queue.write_buffer(&slot.positions, 0, bytemuck::cast_slice(chunk));
        queue.submit([self.encode_batch(pipeline, slot, n, wg).finish()]);
        n
    }

    /// One batch's commands: its dispatch (timed where the adapter can)
    /// and the copy of its counts and timestamps for reading.
    fn encode_batch(
        &self,
        pipeline: &wgpu::ComputePipeline,
        slot: &mut Slot,
        n: u32,
        wg: u32,
    ) -> wgpu::CommandEncoder {
        let (gx, gy) = self.ctx.grid(n.div_ceil(wg));
        let mut enc = self
            .ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("perft batch"),
            });
        {
            let timer = slot.timer.as_mut().and_then(|t| {
                t.reset();
                t.next_pass()
            });
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("perft"),
                timestamp_writes: timer,
            });
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, slot.group.as_ref(), &[]);
            pass.dispatch_workgroups(gx, gy, 1);
        }
        enc.copy_buffer_to_buffer(&slot.counts, 0, &slot.read, 0, u64::from(n) * 8);
        if let Some(t) = &slot.timer {
            t.copy(&mut enc, &slot.read, u64::from(n) * 8);
        }
        enc
    }

    /// Reads back one finished batch of `n` positions, adds it up and
    /// reports it.
    async fn finish_batch(
        &self,
        slot: &Slot,
        n: u32,
        out: &mut Counted,
        total: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
        each: Option<&mut Vec<u64>>,
    ) -> Result<(), GpuError> {
        let timer = slot.timer.as_ref();
        let bytes = u64::from(n) * 8 + timer.map_or(0, Timer::bytes);
        let (nodes, stamps) = self.read_counts(&slot.read, (n, bytes), each).await?;
        out.nodes += nodes;
        if let (Some(total), Some(t)) = (out.kernel_nanos.as_mut(), timer) {
            *total += pass_nanos(&stamps, t.passes, self.ctx.queue.get_timestamp_period());
        }
        self.ctx.take_device_error()?;
        out.positions += u64::from(n);
        out.batches += 1;
        if !progress(out.positions, total.max(out.positions)) {
            return Err(GpuError::Cancelled);
        }
        Ok(())
    }

    /// Reads `bytes` of `buf`: `n` 64-bit counts (added up, and each one
    /// pushed to `each`), then the words after them.
    async fn read_counts(
        &self,
        buf: &wgpu::Buffer,
        (n, bytes): (u32, u64),
        each: Option<&mut Vec<u64>>,
    ) -> Result<(u64, Vec<u32>), GpuError> {
        self.ctx
            .read_words(buf, bytes, |words| {
                let (counts, rest) = words.split_at((2 * n as usize).min(words.len()));
                let counts = counts
                    .chunks_exact(2)
                    .map(|c| u64::from(c[0]) | u64::from(c[1]) << 32);
                let sum = match each {
                    Some(v) => {
                        let start = v.len();
                        v.extend(counts);
                        v[start..].iter().sum()
                    }
                    None => counts.sum(),
                };
                (sum, rest.to_vec())
            })
            .await
    }

    fn auto_min_frontier(&self) -> u64 {
        if self.ctx.report.software {
            AUTO_MIN_FRONTIER_SOFTWARE
        } else {
            AUTO_MIN_FRONTIER_GPU
        }
    }

    /// The most positions a batch may have: the adapter's binding limit.
    fn max_batch(&self) -> u32 {
        (self.ctx.max_binding() / POS_BYTES as u64).min(u64::from(u32::MAX)) as u32
    }

    fn batch_size(&self, options: &Options, depth: u32, wg: u32, total: u64) -> u32 {
        let wanted = options.batch_size.unwrap_or_else(|| {
            let per_position = BRANCHING.powi(depth.max(1) as i32);
            let leaves = if self.ctx.report.software {
                AUTO_BATCH_LEAVES_SOFTWARE
            } else {
                AUTO_BATCH_LEAVES_GPU
            };
            let b = (leaves / per_position).floor() as u32;
            // whole workgroups, at least one
            let b = b.clamp(wg, AUTO_MAX_BATCH);
            b.div_ceil(wg) * wg
        });
        let wanted = wanted.max(1).min(self.max_batch());
        // never allocate for more positions than there are
        wanted.min(total.max(1).min(u64::from(u32::MAX)) as u32)
    }
}

/// A depth-first run's report: `split` plies on the CPU, the rest on the
/// GPU; every batch is one submit, one dispatch and one read-back.
fn report(
    depth: u32,
    split: u32,
    options: &Options,
    (workgroup_size, workgroup_bytes): (u32, u64),
    out: &Counted,
) -> GpuRun {
    GpuRun {
        nodes: out.nodes,
        depth,
        split_depth: split,
        gpu_depth: depth - split,
        positions: out.positions,
        batches: out.batches,
        batch_size: out.batch_size,
        variant: options.variant,
        slider: options.slider,
        workgroup_size,
        workgroup_bytes,
        readbacks: out.batches,
        submits: out.batches,
        dispatches: out.batches,
        kernel_nanos: out.kernel_nanos,
        hash_hits: 0,
        hash_misses: 0,
        levels: Vec::new(),
    }
}
