//! The host loop: the CPU splits the tree to a frontier, the frontier goes
//! to the kernel in batches (upload, dispatch, read back), the counts are
//! added up and every batch is reported to `progress`.

use super::frontier::{
    auto_split, check_root, child, frontier_size, legal, parse_fen, Frontier, BRANCHING,
};
use super::layout::{Kernel, MAX_PLIES};
use super::layout::{Params, MAX_GPU_DEPTH};
use super::packed::{check_packed, Packed, POS_BYTES};
use super::pipeline::{shader_source, ENTRY};
use super::sliders::{AttackMethod, MAGIC_BINDING};
use super::timer::{pass_nanos, Timer};
use super::{poisoned, GpuError, GpuPerft, GpuRun, Options};
use crate::chess::{Move, Position};

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

/// What a run counts below: one root the CPU splits first, or positions
/// the GPU takes as they are.
#[derive(Clone, Copy)]
enum Roots<'a> {
    Split(&'a Position),
    Packed(&'a [Packed]),
}

impl GpuPerft {
    /// Perft of the position in `fen`.
    pub async fn run_fen(
        &self,
        fen: &str,
        depth: u32,
        options: &Options,
        progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        let pos = parse_fen(fen)?;
        self.run(&pos, depth, options, progress).await
    }

    /// Perft of `root` to `depth`: the CPU splits, the GPU counts.
    /// `progress(done, total)` counts frontier positions and runs after every
    /// batch; returning `false` stops with [`GpuError::Cancelled`].
    pub async fn run(
        &self,
        root: &Position,
        depth: u32,
        options: &Options,
        mut progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        self.perft(Roots::Split(root), depth, options, &mut progress)
            .await
    }

    /// Counts `depth` plies below each packed position on the GPU alone (no
    /// CPU split) and returns the sum; `split_depth` in `options` is ignored.
    pub async fn run_packed(
        &self,
        positions: &[Packed],
        depth: u32,
        options: &Options,
        mut progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        self.perft(Roots::Packed(positions), depth, options, &mut progress)
            .await
    }

    /// [`GpuPerft::run`] and [`GpuPerft::run_packed`]: a lost device stops
    /// them, the variant picks the host (breadth-first or depth-first).
    async fn perft(
        &self,
        roots: Roots<'_>,
        depth: u32,
        options: &Options,
        progress: &mut dyn FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        self.check_lost()?;
        let breadth_first = options.variant == super::Kernel::BreadthFirst;
        if options.hash_bytes > 0 && !breadth_first {
            return Err(GpuError::BadOptions(format!(
                "a hash table needs the breadth-first kernel, not {}",
                options.variant
            )));
        }
        match roots {
            Roots::Split(root) if breadth_first => {
                self.run_breadth_first(root, depth, options, progress).await
            }
            Roots::Packed(positions) if breadth_first => {
                self.run_packed_breadth_first(positions, depth, options, progress)
                    .await
            }
            Roots::Split(root) => {
                let (wg, wg_bytes) = self.resolve_workgroup(options)?;
                let split = self.depth_first_split(root, depth, options)?;
                let out = if depth == 0 {
                    Counted::default()
                } else {
                    let (total, frontier) =
                        (frontier_size(root, split), Frontier::new(*root, split));
                    self.count(frontier, total, depth - split, options, wg, progress, None)
                        .await?
                };
                let mut run = depth_first_report(depth, split, options, (wg, wg_bytes), &out);
                if depth == 0 {
                    run.nodes = 1;
                }
                Ok(run)
            }
            Roots::Packed(positions) => {
                let (out, wg, wg_bytes) = self
                    .count_packed(positions, depth, options, progress, None)
                    .await?;
                Ok(depth_first_report(depth, 0, options, (wg, wg_bytes), &out))
            }
        }
    }

    /// The plies the CPU splits `root` into before a depth-first run: the
    /// option's, else enough for the adapter's frontier; checks the root and
    /// that the rest fits the kernel's stack.
    fn depth_first_split(
        &self,
        root: &Position,
        depth: u32,
        options: &Options,
    ) -> Result<u32, GpuError> {
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

    /// Like [`GpuPerft::run_packed`], but returns the count of every position
    /// (in order) instead of their sum.
    pub async fn counts_packed(
        &self,
        positions: &[Packed],
        depth: u32,
        options: &Options,
        mut progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<Vec<u64>, GpuError> {
        let mut each = Vec::with_capacity(positions.len());
        self.count_packed(positions, depth, options, &mut progress, Some(&mut each))
            .await?;
        Ok(each)
    }

    /// [`GpuPerft::run_packed`] and [`GpuPerft::counts_packed`]: checks the
    /// depth and every position, resolves the workgroup size, counts.
    async fn count_packed(
        &self,
        positions: &[Packed],
        depth: u32,
        options: &Options,
        progress: &mut dyn FnMut(u64, u64) -> bool,
        each: Option<&mut Vec<u64>>,
    ) -> Result<(Counted, u32, u64), GpuError> {
        if options.variant == super::Kernel::BreadthFirst {
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
        let (wg, wg_bytes) = self.resolve_workgroup(options)?;
        let out = self
            .count(
                positions.iter().copied(),
                positions.len() as u64,
                depth,
                options,
                wg,
                progress,
                each,
            )
            .await?;
        Ok((out, wg, wg_bytes))
    }

    /// Perft of every legal move of `root` (`depth` >= 1 counts the leaves
    /// `depth` plies below the root, as [`crate::chess::divide`] does), each
    /// child run on the GPU with `options`. `progress(done, total)` counts
    /// root moves.
    pub async fn divide(
        &self,
        root: &Position,
        depth: u32,
        options: &Options,
        mut progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<Vec<(Move, u64)>, GpuError> {
        check_root(root)?;
        let moves = legal(root);
        let total = moves.len() as u64;
        let mut out = Vec::with_capacity(moves.len());
        for (i, m) in moves.into_iter().enumerate() {
            let nodes = if depth <= 1 {
                u64::from(depth == 1)
            } else {
                self.run(&child(root, m), depth - 1, options, |_, _| true)
                    .await?
                    .nodes
            };
            out.push((m, nodes));
            if !progress(i as u64 + 1, total) {
                return Err(GpuError::Cancelled);
            }
        }
        Ok(out)
    }

    /// The batch loop: upload, dispatch, read back, add up, report.
    #[allow(clippy::too_many_arguments)]
    async fn count(
        &self,
        mut frontier: impl Iterator<Item = Packed>,
        total: u64,
        depth: u32,
        options: &Options,
        wg: u32,
        progress: &mut dyn FnMut(u64, u64) -> bool,
        mut each: Option<&mut Vec<u64>>,
    ) -> Result<Counted, GpuError> {
        let pipeline = self.pipeline(options.variant, wg, options.slider).await?;
        let magic = self.magic_table_for(options.slider)?;
        let batch = self.batch_size(options, depth, wg, total);
        let dev = &self.device;
        // Two sets of buffers: batch k + 1 is uploaded and dispatched while
        // batch k's counts come back, so the GPU never waits for the CPU.
        let mut slots: Vec<Slot> = (0..2)
            .map(|_| Slot::new(dev, &pipeline, magic.as_ref(), batch))
            .collect();
        let mut out = Counted {
            batch_size: batch,
            kernel_nanos: slots[0].timer.as_ref().map(|_| 0),
            ..Counted::default()
        };
        let mut chunk: Vec<Packed> = Vec::with_capacity(batch as usize);
        // the batch in flight: its slot, size and submission
        let mut pending: Option<(usize, u32, wgpu::SubmissionIndex)> = None;
        let mut k = 0;
        loop {
            chunk.clear();
            chunk.extend(frontier.by_ref().take(batch as usize));
            if !chunk.is_empty() {
                let n = chunk.len() as u32;
                let slot = &mut slots[k];
                let params = Params {
                    count: n,
                    depth,
                    base: 0,
                    flags: 0,
                };
                self.queue
                    .write_buffer(&slot.params, 0, bytemuck::bytes_of(&params));
                self.queue
                    .write_buffer(&slot.positions, 0, bytemuck::cast_slice(&chunk));
                let enc = self.encode_batch(&pipeline, slot, n, wg);
                let index = self.queue.submit([enc.finish()]);
                // the batch before this one: read it back while this one runs
                if let Some(done) = pending.replace((k, n, index)) {
                    self.finish_batch(&slots, done, &mut out, total, progress, each.as_deref_mut())
                        .await?;
                }
                k ^= 1;
            } else {
                if let Some(done) = pending.take() {
                    self.finish_batch(&slots, done, &mut out, total, progress, each.as_deref_mut())
                        .await?;
                }
                break;
            }
        }
        Ok(out)
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
        let groups = n.div_ceil(wg);
        let max_x = self.limits.max_compute_workgroups_per_dimension.max(1);
        let gx = groups.min(max_x);
        let gy = groups.div_ceil(gx);
        let mut enc = self
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
            pass.set_bind_group(0, &slot.bind_group, &[]);
            pass.dispatch_workgroups(gx, gy, 1);
        }
        enc.copy_buffer_to_buffer(&slot.counts, 0, &slot.read, 0, u64::from(n) * 8);
        if let Some(t) = &slot.timer {
            t.copy(&mut enc, &slot.read, u64::from(n) * 8);
        }
        enc
    }

    /// Reads back one finished batch, adds it up and reports it.
    async fn finish_batch(
        &self,
        slots: &[Slot],
        (slot, n, index): (usize, u32, wgpu::SubmissionIndex),
        out: &mut Counted,
        total: u64,
        progress: &mut dyn FnMut(u64, u64) -> bool,
        each: Option<&mut Vec<u64>>,
    ) -> Result<(), GpuError> {
        let timer = slots[slot].timer.as_ref();
        let bytes = u64::from(n) * 8 + timer.map_or(0, Timer::bytes);
        let (nodes, stamps) = self
            .read_counts(&slots[slot].read, (n, bytes), Some(index), each)
            .await?;
        out.nodes += nodes;
        if let (Some(total), Some(t)) = (out.kernel_nanos.as_mut(), timer) {
            *total += pass_nanos(&stamps, t.passes, self.queue.get_timestamp_period());
        }
        self.take_device_error()?;
        out.positions += u64::from(n);
        out.batches += 1;
        if !progress(out.positions, total.max(out.positions)) {
            return Err(GpuError::Cancelled);
        }
        Ok(())
    }

    fn auto_min_frontier(&self) -> u64 {
        if self.report.software {
            AUTO_MIN_FRONTIER_SOFTWARE
        } else {
            AUTO_MIN_FRONTIER_GPU
        }
    }

    fn batch_size(&self, options: &Options, depth: u32, wg: u32, total: u64) -> u32 {
        let by_limit = (self
            .limits
            .max_storage_buffer_binding_size
            .min(self.limits.max_buffer_size)
            / POS_BYTES as u64)
            .min(u64::from(u32::MAX)) as u32;
        let wanted = options.batch_size.unwrap_or_else(|| {
            let per_position = BRANCHING.powi(depth.max(1) as i32);
            let leaves = if self.report.software {
                AUTO_BATCH_LEAVES_SOFTWARE
            } else {
                AUTO_BATCH_LEAVES_GPU
            };
            let b = (leaves / per_position).floor() as u32;
            // whole workgroups, at least one
            let b = b.clamp(wg, AUTO_MAX_BATCH);
            b.div_ceil(wg) * wg
        });
        let wanted = wanted.max(1).min(by_limit);
        // never allocate for more positions than there are
        wanted.min(total.max(1).min(u64::from(u32::MAX)) as u32)
    }

    /// Maps `slice` for reading and waits for it (natively by polling the
    /// device, in the browser by the event loop); a device error that stopped
    /// the callback is reported as such.
    pub(super) async fn map_for_reading(
        &self,
        slice: &wgpu::BufferSlice<'_>,
        submission: Option<wgpu::SubmissionIndex>,
    ) -> Result<(), GpuError> {
        self.check_lost()?;
        let (tx, rx) = futures_channel::oneshot::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        // natively, poll and sleep until the callback ran; in the browser
        // the event loop delivers it
        // (every submission before the map is waited for; no index needed)
        let _ = submission;
        #[cfg(not(target_arch = "wasm32"))]
        let got = self.wait_sleeping(&mut { rx })?;
        #[cfg(target_arch = "wasm32")]
        let got = rx.await;
        match got {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => {
                self.check_lost()?;
                Err(GpuError::Mapping(e.to_string()))
            }
            Err(_) => {
                self.take_device_error()?;
                Err(GpuError::Mapping("the map callback never ran".into()))
            }
        }
    }

    /// Natively: polls the device without blocking and sleeps between
    /// polls until the map callback has run: from 20 us, growing with the
    /// time waited (a sixteenth of it, at most 2 ms), so a wait costs the
    /// host almost no CPU and a run at most about 6% more wall time. A
    /// blocking wait (`PollType::Wait`) leaves the waiting to the driver,
    /// and one driver spins (issue 41: the host used 146 s of CPU in a
    /// 154 s run on an H200).
    #[cfg(not(target_arch = "wasm32"))]
    fn wait_sleeping<T>(
        &self,
        rx: &mut futures_channel::oneshot::Receiver<T>,
    ) -> Result<Result<T, futures_channel::oneshot::Canceled>, GpuError> {
        use std::time::{Duration, Instant};
        let start = Instant::now();
        loop {
            if let Err(e) = self.device.poll(wgpu::PollType::Poll) {
                self.check_lost()?;
                return Err(GpuError::Device(e.to_string()));
            }
            match rx.try_recv() {
                Ok(Some(v)) => return Ok(Ok(v)),
                Ok(None) => {}
                Err(c) => return Ok(Err(c)),
            }
            self.check_lost()?;
            let nap =
                (start.elapsed() / 16).clamp(Duration::from_micros(20), Duration::from_millis(2));
            std::thread::sleep(nap);
        }
    }

    /// The first `bytes` of `buf` once `submission` is done, handed to `read`
    /// as u32 words while mapped; the buffer is unmapped again either way.
    pub(super) async fn read_words<T>(
        &self,
        buf: &wgpu::Buffer,
        bytes: u64,
        submission: Option<wgpu::SubmissionIndex>,
        read: impl FnOnce(&[u32]) -> T,
    ) -> Result<T, GpuError> {
        let slice = buf.slice(0..bytes);
        self.map_for_reading(&slice, submission).await?;
        let out = slice
            .get_mapped_range()
            .map(|view| read(bytemuck::cast_slice(&view)))
            .map_err(|e| GpuError::Mapping(e.to_string()));
        buf.unmap();
        out
    }

    /// Reads `bytes` of `buf`: `n` 64-bit counts (added up, and each one
    /// pushed to `each`), then the words after them.
    async fn read_counts(
        &self,
        buf: &wgpu::Buffer,
        (n, bytes): (u32, u64),
        submission: Option<wgpu::SubmissionIndex>,
        each: Option<&mut Vec<u64>>,
    ) -> Result<(u64, Vec<u32>), GpuError> {
        self.read_words(buf, bytes, submission, |words| {
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
}

impl GpuPerft {
    /// Compiles (once per variant and workgroup size) the kernel.
    pub(super) async fn pipeline(
        &self,
        variant: Kernel,
        wg: u32,
        slider: AttackMethod,
    ) -> Result<wgpu::ComputePipeline, GpuError> {
        if let Some((_, p)) = self
            .pipelines
            .lock()
            .map_err(poisoned)?
            .iter()
            .find(|(k, _)| *k == (variant, wg, slider))
        {
            return Ok(p.clone());
        }
        let src = shader_source(variant, wg, MAX_PLIES, slider)
            .map_err(|e| GpuError::Shader(e.to_string()))?;
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let module = self
            .device
            .create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some("perft.wgsl"),
                source: wgpu::ShaderSource::Wgsl(src.into()),
            });
        let pipeline = self
            .device
            .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some("perft"),
                layout: None,
                module: &module,
                entry_point: Some(ENTRY),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants: &[],
                    // Every invocation writes its slots before reading them.
                    zero_initialize_workgroup_memory: false,
                },
                cache: None,
            });
        if let Some(e) = scope.pop().await {
            return Err(GpuError::Shader(e.to_string()));
        }
        self.pipelines
            .lock()
            .map_err(poisoned)?
            .push(((variant, wg, slider), pipeline.clone()));
        Ok(pipeline)
    }
}

/// One set of buffers for a batch: uniform, positions, counts, read-back.
struct Slot {
    params: wgpu::Buffer,
    positions: wgpu::Buffer,
    counts: wgpu::Buffer,
    read: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    /// Timestamps around the batch's pass (adapters with timestamp queries).
    timer: Option<Timer>,
}

impl Slot {
    fn new(
        dev: &wgpu::Device,
        pipeline: &wgpu::ComputePipeline,
        magic: Option<&wgpu::Buffer>,
        batch: u32,
    ) -> Slot {
        let buffer = |label, size, usage| {
            dev.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage,
                mapped_at_creation: false,
            })
        };
        use wgpu::BufferUsages as U;
        let params = buffer(
            "perft params",
            std::mem::size_of::<Params>() as u64,
            U::UNIFORM | U::COPY_DST,
        );
        let positions = buffer(
            "perft positions",
            u64::from(batch) * POS_BYTES as u64,
            U::STORAGE | U::COPY_DST,
        );
        let counts = buffer(
            "perft counts",
            u64::from(batch) * 8,
            U::STORAGE | U::COPY_SRC,
        );
        // one pass a batch
        let timer = Timer::new(dev, 1);
        let read = buffer(
            "perft read-back",
            u64::from(batch) * 8 + 16,
            U::MAP_READ | U::COPY_DST,
        );
        fn entry(binding: u32, b: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
            wgpu::BindGroupEntry {
                binding,
                resource: b.as_entire_binding(),
            }
        }
        let mut entries = vec![entry(0, &params), entry(1, &positions), entry(2, &counts)];
        if let Some(m) = magic {
            entries.push(entry(MAGIC_BINDING, m));
        }
        let bind_group = dev.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("perft bindings"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &entries,
        });
        Slot {
            params,
            positions,
            counts,
            read,
            bind_group,
            timer,
        }
    }
}

#[derive(Default)]
struct Counted {
    nodes: u64,
    positions: u64,
    batches: u32,
    batch_size: u32,
    /// GPU time inside the batches' passes (adapters with timestamps).
    kernel_nanos: Option<u64>,
}

/// A depth-first run's report: `split` plies on the CPU, the rest on the
/// GPU; every batch is one submit, one dispatch and one read-back.
fn depth_first_report(
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
