//! The breadth-first host's chunk walk, resumable between read-backs, so
//! that two chunks are in flight: while the host waits for one chunk's
//! read-back, the other chunk's dispatches are already queued behind it.
//!
//! ```text
//!  set A: [upload c0][scan]·read··[expand][leaf..][copy]·read·[upload c2]...
//!  set B:        [upload c1][scan]·read··[expand][leaf..][copy]·read·...
//!  queue:  A-scan B-scan A-expand+leaves B-expand+leaves A-copy B-copy ...
//! ```
//!
//! A chunk's walk goes depth-first over ranges and breadth-first inside each
//! range: at a level with more than two plies left it scans a range of
//! positions (their children's offsets and total, read back), then expands
//! the range into the next level and walks that; with two plies or fewer
//! left it dispatches the fused leaf kernel over the level in bounded pieces.

use super::bfs::{BfParams, Buffers, Kernels, Plan};
use super::{GpuError, GpuPerft, GpuRun};

/// One range of one level still to walk.
struct Frame {
    level: usize,
    /// Positions in this level.
    n: u32,
    /// First position not yet expanded.
    start: u32,
    /// Positions per scan (cut when the children overflow a level).
    step: u32,
}

/// Where one chunk's walk stands.
pub(super) struct Walk {
    stack: Vec<Frame>,
    /// A range scan was submitted: its length, waiting for its children count.
    scanned: Option<u32>,
    /// Frontier positions in the chunk.
    pub positions: u32,
    /// White is to move in the chunk's positions (level 0; the side
    /// alternates level by level).
    white: bool,
    /// The submission whose read-back the walk waits for.
    pub pending: Option<wgpu::SubmissionIndex>,
    /// The pending read-back is the chunk's leaf count.
    pub finished: bool,
}

/// White is to move at `level` of a walk whose chunk has `white` to move
/// (the side alternates level by level).
fn white_at(white: bool, level: usize) -> bool {
    white ^ (level % 2 == 1)
}

impl GpuPerft {
    /// Starts the walk of a chunk of `n` positions already in `bufs.levels[0]`
    /// (the accumulator zeroed), all with `white` to move, up to its first
    /// read-back.
    pub(super) fn bfs_start(
        &self,
        k: &Kernels,
        bufs: &Buffers,
        plan: &Plan,
        (n, white): (u32, bool),
        run: &mut GpuRun,
    ) -> Result<Walk, GpuError> {
        let frame = Frame {
            level: 0,
            n,
            start: 0,
            step: n.min(plan.expand_max),
        };
        let mut walk = Walk {
            stack: vec![frame],
            scanned: None,
            positions: n,
            white,
            pending: None,
            finished: false,
        };
        self.bfs_advance(k, bufs, plan, &mut walk, None, run)?;
        Ok(walk)
    }

    /// Goes on with `walk` after its read-back (`acc`: lo, hi, children),
    /// submitting until the next read-back is needed.
    pub(super) fn bfs_advance(
        &self,
        k: &Kernels,
        bufs: &Buffers,
        plan: &Plan,
        walk: &mut Walk,
        acc: Option<[u32; 4]>,
        run: &mut GpuRun,
    ) -> Result<(), GpuError> {
        let d = run.gpu_depth;
        if let (Some(len), Some(acc)) = (walk.scanned.take(), acc) {
            let children = acc[2];
            let Some(f) = walk.stack.last_mut() else {
                return Err(GpuError::Device("a scan without its range".into()));
            };
            if children > plan.cap {
                if len == 1 {
                    return Err(GpuError::BadOptions(format!(
                        "a position has {children} moves, more than a level holds ({})",
                        plan.cap
                    )));
                }
                let smaller = (u64::from(len) * u64::from(plan.cap) * 7 / 8) / u64::from(children);
                f.step = (smaller as u32).clamp(1, len - 1);
            } else {
                let p = scan_params(f, len, k.wg, plan);
                let level = f.level;
                f.start += len;
                let side = k.side(white_at(walk.white, level));
                self.bfs_submit(
                    bufs,
                    &bufs.groups[level],
                    &[(&side.expand, len)],
                    p,
                    run,
                    false,
                );
                walk.stack.push(Frame {
                    level: level + 1,
                    n: children,
                    start: 0,
                    step: children.min(plan.expand_max),
                });
            }
        }
        while let Some(f) = walk.stack.last_mut() {
            let rem = d - f.level as u32;
            let group = &bufs.groups[f.level];
            let side = k.side(white_at(walk.white, f.level));
            if rem <= 2 {
                let mut start = 0;
                while start < f.n {
                    let len = plan.leaf_max.min(f.n - start);
                    let p = BfParams {
                        count: len,
                        base: start,
                        ..BfParams::default()
                    };
                    let leaf = if rem == 2 {
                        &side.leaf
                    } else {
                        &side.leaf_count
                    };
                    self.bfs_submit(bufs, group, &[(leaf, len)], p, run, false);
                    start += len;
                }
                walk.stack.pop();
                continue;
            }
            if f.start >= f.n {
                walk.stack.pop();
                continue;
            }
            let len = f.step.min(f.n - f.start);
            let p = scan_params(f, len, k.wg, plan);
            let scan = [(&side.count_scan, len), (&k.block_scan, 1)];
            walk.pending = Some(self.bfs_submit(bufs, group, &scan, p, run, true));
            walk.scanned = Some(len);
            return Ok(());
        }
        walk.pending =
            Some(self.bfs_submit(bufs, &bufs.groups[0], &[], BfParams::default(), run, true));
        walk.finished = true;
        Ok(())
    }

    /// One submission: writes the uniform, dispatches each (pipeline,
    /// invocations) in its own pass (2-D beyond the per-dimension limit),
    /// and with `read` copies the accumulator to the read-back buffer.
    pub(super) fn bfs_submit(
        &self,
        bufs: &Buffers,
        group: &wgpu::BindGroup,
        passes: &[(&wgpu::ComputePipeline, u32)],
        params: BfParams,
        run: &mut GpuRun,
        read: bool,
    ) -> wgpu::SubmissionIndex {
        if !passes.is_empty() {
            self.queue
                .write_buffer(&bufs.params, 0, bytemuck::bytes_of(&params));
        }
        let mut enc = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("bfs") });
        let max_x = self.limits.max_compute_workgroups_per_dimension.max(1);
        for (pipeline, invocations) in passes {
            let groups = if *invocations == 1 {
                1
            } else {
                invocations.div_ceil(run.workgroup_size).max(1)
            };
            let gx = groups.min(max_x);
            let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("bfs"),
                timestamp_writes: None,
            });
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, group, &[]);
            pass.dispatch_workgroups(gx, groups.div_ceil(gx), 1);
            run.batches += 1;
            run.dispatches += 1;
        }
        if read {
            enc.copy_buffer_to_buffer(&bufs.acc, 0, &bufs.read, 0, 16);
        }
        run.submits += 1;
        self.queue.submit([enc.finish()])
    }

    /// Reads back the accumulator copy (lo, hi, children, 0) of `submission`.
    pub(super) async fn bfs_read(
        &self,
        bufs: &Buffers,
        submission: Option<wgpu::SubmissionIndex>,
        run: &mut GpuRun,
    ) -> Result<[u32; 4], GpuError> {
        run.readbacks += 1;
        let out = self
            .read_words(&bufs.read, 16, submission, |w| [w[0], w[1], w[2], w[3]])
            .await?;
        self.take_device_error()?;
        Ok(out)
    }
}

/// The uniform of a range's scan and expand.
fn scan_params(f: &Frame, len: u32, wg: u32, plan: &Plan) -> BfParams {
    BfParams {
        count: len,
        base: f.start,
        nblocks: len.div_ceil(wg),
        cap: plan.cap,
        ..BfParams::default()
    }
}
