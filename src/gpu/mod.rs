//! GPU perft: one wgpu host for WebGPU in the browser and Vulkan natively.
//!
//! The CPU splits the tree to a frontier of positions (`split_depth` plies
//! below the root), the kernel in `perft.wgsl` walks each frontier position
//! `depth - split_depth` plies deep, one invocation per position, and the host
//! adds the per-invocation counts up. Work goes to the GPU in batches of
//! bounded length (a browser loses the device on a long dispatch), and the
//! caller hears of every batch through `progress(done, total)`, which may
//! cancel the run by returning `false`.
//!
//! Everything is `async` and never blocks in the browser; native callers may
//! use the `*_blocking` helpers (pollster). The library never reads a clock
//! (wasm32 has no `std::time::Instant`): callers time runs themselves.
//!
//! ```text
//!  root --CPU, split_depth plies--> frontier --batches--> GPU kernel --> counts --> sum
//! ```

pub mod layout;

use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::chess::{Move, Position};
pub use layout::{
    workgroup_bytes, Packed, Variant, DEFAULT_WORKGROUP_SIZE, MAX_GPU_DEPTH, MAX_PLIES, POS_BYTES,
};

/// Entry point of the kernel.
const ENTRY: &str = "perft_main";
/// Frontier size the automatic split aims for (at least), on a software
/// adapter (SwiftShader: a few CPU threads) and on a real GPU.
const AUTO_MIN_FRONTIER_SOFTWARE: u64 = 2048;
const AUTO_MIN_FRONTIER_GPU: u64 = 32768;
/// Deepest subtree the automatic split hands one invocation.
const AUTO_MAX_GPU_DEPTH: u32 = 3;
/// Leaves one batch should hold about, for the automatic batch size (a
/// software adapter does some 10 M leaves/s, a GPU some G leaves/s).
const AUTO_BATCH_LEAVES_SOFTWARE: f64 = 16.0 * 1024.0 * 1024.0;
const AUTO_BATCH_LEAVES_GPU: f64 = 256.0 * 1024.0 * 1024.0;
/// Largest automatic batch.
const AUTO_MAX_BATCH: u32 = 65536;
/// Typical branching factor, to estimate work per frontier position.
const BRANCHING: f64 = 30.0;

/// What can go wrong on the GPU side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GpuError {
    /// No adapter (no WebGPU in this browser, no Vulkan driver natively).
    #[error("no GPU adapter: {0}")]
    NoAdapter(String),
    /// The adapter refused to open a device.
    #[error("could not open the GPU device: {0}")]
    RequestDevice(String),
    /// The kernel's workgroup memory exceeds the adapter's limit.
    #[error(
        "the kernel needs {needed} bytes of workgroup memory per workgroup, \
         the adapter allows {limit} (use a smaller workgroup size or the private variant)"
    )]
    WorkgroupTooLarge { needed: u64, limit: u64 },
    /// The adapter cannot run a workgroup this large.
    #[error("workgroup size {wanted} exceeds the adapter's limit of {limit} invocations")]
    TooManyInvocations { wanted: u32, limit: u32 },
    /// The progress callback asked to stop.
    #[error("cancelled")]
    Cancelled,
    /// The FEN or position cannot be searched.
    #[error("bad position: {0}")]
    BadPosition(String),
    /// Options out of range (depth too deep for the kernel's stack, ...).
    #[error("bad options: {0}")]
    BadOptions(String),
    /// The kernel did not compile or the pipeline was refused.
    #[error("shader: {0}")]
    Shader(String),
    /// Reading the counts back failed.
    #[error("reading results back failed: {0}")]
    Mapping(String),
    /// A device error outside any scope (validation, out of memory, lost).
    #[error("GPU device error: {0}")]
    Device(String),
}

/// The adapter as wgpu reports it, for the UI, the CLI and benchmark logs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdapterReport {
    pub name: String,
    /// "Vulkan", "BrowserWebGpu", ...
    pub backend: String,
    /// "DiscreteGpu", "IntegratedGpu", "Cpu", ...
    pub device_type: String,
    pub driver: String,
    pub driver_info: String,
    pub vendor: u32,
    pub device: u32,
    pub max_compute_workgroup_storage_size: u32,
    pub max_compute_invocations_per_workgroup: u32,
    pub max_compute_workgroup_size_x: u32,
    pub max_compute_workgroups_per_dimension: u32,
    pub max_storage_buffer_binding_size: u64,
    pub max_buffer_size: u64,
    /// A CPU implementation (SwiftShader natively, a fallback adapter in the browser).
    pub software: bool,
}

impl AdapterReport {
    fn new(info: &wgpu::AdapterInfo, limits: &wgpu::Limits) -> AdapterReport {
        AdapterReport {
            name: info.name.clone(),
            backend: format!("{:?}", info.backend),
            device_type: format!("{:?}", info.device_type),
            driver: info.driver.clone(),
            driver_info: info.driver_info.clone(),
            vendor: info.vendor,
            device: info.device,
            max_compute_workgroup_storage_size: limits.max_compute_workgroup_storage_size,
            max_compute_invocations_per_workgroup: limits.max_compute_invocations_per_workgroup,
            max_compute_workgroup_size_x: limits.max_compute_workgroup_size_x,
            max_compute_workgroups_per_dimension: limits.max_compute_workgroups_per_dimension,
            max_storage_buffer_binding_size: limits.max_storage_buffer_binding_size,
            max_buffer_size: limits.max_buffer_size,
            software: info.device_type == wgpu::DeviceType::Cpu,
        }
    }
}

/// How to run one perft.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Where the kernel keeps positions and move stacks.
    pub variant: Variant,
    /// Invocations per workgroup (64 by default).
    pub workgroup_size: u32,
    /// When the workgroup memory of `workgroup_size` exceeds the adapter's
    /// limit: halve the workgroup size until it fits (true) or fail with
    /// [`GpuError::WorkgroupTooLarge`] (false).
    pub shrink_to_fit: bool,
    /// Plies the CPU plays before handing positions to the GPU; `None` picks
    /// one: at most 3 plies per invocation, more CPU plies while the frontier
    /// is under 2048 positions (software adapter) or 32768 (GPU) and the GPU
    /// keeps 2 plies or more. Clamped to `depth - 1`: the GPU always counts.
    pub split_depth: Option<u32>,
    /// Frontier positions per dispatch; `None` picks one from the estimated
    /// work (about 16 M leaves per batch on a software adapter, 256 M on a
    /// GPU, at 30 moves a ply; at most 65536 positions).
    pub batch_size: Option<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Variant::Workgroup,
            workgroup_size: DEFAULT_WORKGROUP_SIZE,
            shrink_to_fit: true,
            split_depth: None,
            batch_size: None,
        }
    }
}

impl Options {
    /// Default options for `variant`.
    pub fn with_variant(variant: Variant) -> Options {
        Options {
            variant,
            ..Options::default()
        }
    }
}

/// The outcome of one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GpuRun {
    /// Leaf nodes at the requested depth.
    pub nodes: u64,
    /// Requested depth.
    pub depth: u32,
    /// Plies played on the CPU.
    pub split_depth: u32,
    /// Plies each invocation searched.
    pub gpu_depth: u32,
    /// Frontier positions sent to the GPU (one invocation each).
    pub positions: u64,
    /// Dispatches (each followed by a read-back).
    pub batches: u32,
    /// Positions per dispatch, at most.
    pub batch_size: u32,
    pub variant: Variant,
    /// Workgroup size actually used (after shrinking to fit).
    pub workgroup_size: u32,
    /// Workgroup memory per workgroup, bytes.
    pub workgroup_bytes: u64,
}

/// A device with the perft kernel, ready to run.
pub struct GpuPerft {
    device: wgpu::Device,
    queue: wgpu::Queue,
    limits: wgpu::Limits,
    report: AdapterReport,
    pipelines: Mutex<Vec<((Variant, u32), wgpu::ComputePipeline)>>,
    errors: Arc<Mutex<Vec<String>>>,
}

impl std::fmt::Debug for GpuPerft {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuPerft")
            .field("report", &self.report)
            .finish_non_exhaustive()
    }
}

fn no_adapter_message(err: &dyn std::fmt::Display) -> String {
    if cfg!(target_arch = "wasm32") {
        format!("{err}. This browser offers no WebGPU adapter (Chromium needs WebGPU enabled, e.g. --enable-unsafe-webgpu).")
    } else {
        format!(
            "{err}. No Vulkan driver answered; without a GPU, install Debian's chromium and libvulkan1 and set \
             VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json (SwiftShader)."
        )
    }
}

impl GpuPerft {
    /// Opens the high-performance adapter (a software one is acceptable) and a
    /// device with the adapter's own limits.
    pub async fn new() -> Result<GpuPerft, GpuError> {
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions {
                power_preference: wgpu::PowerPreference::HighPerformance,
                force_fallback_adapter: false,
                compatible_surface: None,
                apply_limit_buckets: false,
            })
            .await
            .map_err(|e| GpuError::NoAdapter(no_adapter_message(&e)))?;
        let info = adapter.get_info();
        let limits = adapter.limits();
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("bitscope perft"),
                required_features: wgpu::Features::empty(),
                required_limits: limits.clone(),
                ..Default::default()
            })
            .await
            .map_err(|e| GpuError::RequestDevice(e.to_string()))?;
        let limits = device.limits();
        let errors = Arc::new(Mutex::new(Vec::new()));
        {
            let errors = errors.clone();
            device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
                if let Ok(mut v) = errors.lock() {
                    v.push(e.to_string());
                }
            }));
        }
        {
            let errors = errors.clone();
            device.set_device_lost_callback(move |reason, msg| {
                if let Ok(mut v) = errors.lock() {
                    v.push(format!("device lost ({reason:?}): {msg}"));
                }
            });
        }
        Ok(GpuPerft {
            report: AdapterReport::new(&info, &limits),
            device,
            queue,
            limits,
            pipelines: Mutex::new(Vec::new()),
            errors,
        })
    }

    /// The adapter and the limits that matter here.
    pub fn report(&self) -> &AdapterReport {
        &self.report
    }

    /// The workgroup size `options` will really run with (after shrinking to
    /// the adapter's workgroup memory), and its workgroup memory in bytes.
    pub fn resolve_workgroup(&self, options: &Options) -> Result<(u32, u64), GpuError> {
        let wanted = options.workgroup_size.max(1);
        let inv_limit = self
            .limits
            .max_compute_invocations_per_workgroup
            .min(self.limits.max_compute_workgroup_size_x);
        if wanted > inv_limit && !options.shrink_to_fit {
            return Err(GpuError::TooManyInvocations {
                wanted,
                limit: inv_limit,
            });
        }
        let wanted = wanted.min(inv_limit);
        let limit = u64::from(self.limits.max_compute_workgroup_storage_size);
        let needed = workgroup_bytes(wanted, MAX_PLIES, options.variant);
        if needed <= limit {
            return Ok((wanted, needed));
        }
        if !options.shrink_to_fit {
            return Err(GpuError::WorkgroupTooLarge { needed, limit });
        }
        match layout::fit_workgroup_size(wanted, MAX_PLIES, options.variant, limit) {
            Some(wg) => Ok((wg, workgroup_bytes(wg, MAX_PLIES, options.variant))),
            None => Err(GpuError::WorkgroupTooLarge {
                needed: workgroup_bytes(1, MAX_PLIES, options.variant),
                limit,
            }),
        }
    }

    /// Compiles (once per variant and workgroup size) the kernel.
    async fn pipeline(&self, variant: Variant, wg: u32) -> Result<wgpu::ComputePipeline, GpuError> {
        if let Some((_, p)) = self
            .pipelines
            .lock()
            .map_err(poisoned)?
            .iter()
            .find(|(k, _)| *k == (variant, wg))
        {
            return Ok(p.clone());
        }
        let src = layout::shader_source(variant, wg, MAX_PLIES)
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
            .push(((variant, wg), pipeline.clone()));
        Ok(pipeline)
    }

    fn take_device_error(&self) -> Result<(), GpuError> {
        let mut errors = self.errors.lock().map_err(poisoned)?;
        if errors.is_empty() {
            Ok(())
        } else {
            let msg = errors.join("; ");
            errors.clear();
            Err(GpuError::Device(msg))
        }
    }

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
        let (wg, wg_bytes) = self.resolve_workgroup(options)?;
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
        let mut run = GpuRun {
            nodes: 0,
            depth,
            split_depth: split,
            gpu_depth,
            positions: 0,
            batches: 0,
            batch_size: 0,
            variant: options.variant,
            workgroup_size: wg,
            workgroup_bytes: wg_bytes,
        };
        check_root(root)?;
        if depth == 0 {
            run.nodes = 1;
            return Ok(run);
        }
        let total = frontier_size(root, split);
        let frontier = Frontier::new(*root, split);
        let out = self
            .count(frontier, total, gpu_depth, options, wg, &mut progress, None)
            .await?;
        run.nodes = out.nodes;
        run.positions = out.positions;
        run.batches = out.batches;
        run.batch_size = out.batch_size;
        Ok(run)
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
        if depth > MAX_GPU_DEPTH {
            return Err(GpuError::BadOptions(format!(
                "depth {depth} exceeds the kernel's stack ({MAX_GPU_DEPTH} plies)"
            )));
        }
        for (i, p) in positions.iter().enumerate() {
            layout::check_packed(p)
                .map_err(|e| GpuError::BadPosition(format!("position {i}: {e}")))?;
        }
        let (wg, wg_bytes) = self.resolve_workgroup(options)?;
        let out = self
            .count(
                positions.iter().copied(),
                positions.len() as u64,
                depth,
                options,
                wg,
                &mut progress,
                None,
            )
            .await?;
        Ok(GpuRun {
            nodes: out.nodes,
            depth,
            split_depth: 0,
            gpu_depth: depth,
            positions: out.positions,
            batches: out.batches,
            batch_size: out.batch_size,
            variant: options.variant,
            workgroup_size: wg,
            workgroup_bytes: wg_bytes,
        })
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
        if depth > MAX_GPU_DEPTH {
            return Err(GpuError::BadOptions(format!(
                "depth {depth} exceeds the kernel's stack ({MAX_GPU_DEPTH} plies)"
            )));
        }
        for (i, p) in positions.iter().enumerate() {
            layout::check_packed(p)
                .map_err(|e| GpuError::BadPosition(format!("position {i}: {e}")))?;
        }
        let (wg, _) = self.resolve_workgroup(options)?;
        let mut each = Vec::with_capacity(positions.len());
        self.count(
            positions.iter().copied(),
            positions.len() as u64,
            depth,
            options,
            wg,
            &mut progress,
            Some(&mut each),
        )
        .await?;
        Ok(each)
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
        let pipeline = self.pipeline(options.variant, wg).await?;
        let batch = self.batch_size(options, depth, wg, total);
        let dev = &self.device;
        let params_buf = dev.create_buffer(&wgpu::BufferDescriptor {
            label: Some("perft params"),
            size: std::mem::size_of::<layout::Params>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let pos_buf = dev.create_buffer(&wgpu::BufferDescriptor {
            label: Some("perft positions"),
            size: u64::from(batch) * POS_BYTES as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let counts_size = u64::from(batch) * 8;
        let counts_buf = dev.create_buffer(&wgpu::BufferDescriptor {
            label: Some("perft counts"),
            size: counts_size,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let read_buf = dev.create_buffer(&wgpu::BufferDescriptor {
            label: Some("perft read-back"),
            size: counts_size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = dev.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("perft bindings"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: params_buf.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: pos_buf.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: counts_buf.as_entire_binding(),
                },
            ],
        });

        let mut out = Counted {
            nodes: 0,
            positions: 0,
            batches: 0,
            batch_size: batch,
        };
        let mut chunk: Vec<Packed> = Vec::with_capacity(batch as usize);
        loop {
            chunk.clear();
            chunk.extend(frontier.by_ref().take(batch as usize));
            if chunk.is_empty() {
                break;
            }
            let n = chunk.len() as u32;
            let params = layout::Params {
                count: n,
                depth,
                base: 0,
                flags: 0,
            };
            self.queue
                .write_buffer(&params_buf, 0, bytemuck::bytes_of(&params));
            self.queue
                .write_buffer(&pos_buf, 0, bytemuck::cast_slice(&chunk));
            let groups = n.div_ceil(wg);
            let max_x = self.limits.max_compute_workgroups_per_dimension.max(1);
            let gx = groups.min(max_x);
            let gy = groups.div_ceil(gx);
            let mut enc = dev.create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("perft batch"),
            });
            {
                let mut pass = enc.begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("perft"),
                    timestamp_writes: None,
                });
                pass.set_pipeline(&pipeline);
                pass.set_bind_group(0, &bind_group, &[]);
                pass.dispatch_workgroups(gx, gy, 1);
            }
            let bytes = u64::from(n) * 8;
            enc.copy_buffer_to_buffer(&counts_buf, 0, &read_buf, 0, bytes);
            self.queue.submit([enc.finish()]);
            out.nodes += self
                .read_counts(&read_buf, bytes, each.as_deref_mut())
                .await?;
            self.take_device_error()?;
            out.positions += u64::from(n);
            out.batches += 1;
            if !progress(out.positions, total.max(out.positions)) {
                return Err(GpuError::Cancelled);
            }
        }
        Ok(out)
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

    async fn read_counts(
        &self,
        buf: &wgpu::Buffer,
        bytes: u64,
        each: Option<&mut Vec<u64>>,
    ) -> Result<u64, GpuError> {
        let slice = buf.slice(0..bytes);
        let (tx, rx) = futures_channel::oneshot::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        #[cfg(not(target_arch = "wasm32"))]
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| GpuError::Device(e.to_string()))?;
        match rx.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(GpuError::Mapping(e.to_string())),
            Err(_) => {
                self.take_device_error()?;
                return Err(GpuError::Mapping("the map callback never ran".into()));
            }
        }
        let sum = {
            let view = slice
                .get_mapped_range()
                .map_err(|e| GpuError::Mapping(e.to_string()))?;
            let words: &[u32] = bytemuck::cast_slice(&view);
            let counts = words
                .chunks_exact(2)
                .map(|c| u64::from(c[0]) | u64::from(c[1]) << 32);
            match each {
                Some(v) => {
                    let start = v.len();
                    v.extend(counts);
                    v[start..].iter().sum()
                }
                None => counts.sum(),
            }
        };
        buf.unmap();
        Ok(sum)
    }
}

struct Counted {
    nodes: u64,
    positions: u64,
    batches: u32,
    batch_size: u32,
}

fn poisoned<T>(_: T) -> GpuError {
    GpuError::Device("internal lock poisoned".into())
}

// ---------------------------------------------------------------- CPU split

fn parse_fen(fen: &str) -> Result<Position, GpuError> {
    Position::from_fen(fen).map_err(|e| GpuError::BadPosition(e.to_string()))
}

fn check_root(root: &Position) -> Result<(), GpuError> {
    layout::check_packed(&root.to_gpu()).map_err(GpuError::BadPosition)
}

fn legal(pos: &Position) -> Vec<Move> {
    pos.legal_moves().as_slice().to_vec()
}

fn child(pos: &Position, m: Move) -> Position {
    pos.play(m)
}

/// Positions (with multiplicity: paths, not unique positions) `split` plies
/// below `root`, depth-first in the CPU's move order, generated lazily.
struct Frontier {
    root: Option<Position>,
    split: u32,
    stack: Vec<(Position, Vec<Move>, usize)>,
}

impl Frontier {
    fn new(root: Position, split: u32) -> Frontier {
        Frontier {
            root: Some(root),
            split,
            stack: Vec::new(),
        }
    }
}

impl Iterator for Frontier {
    type Item = Packed;

    fn next(&mut self) -> Option<Packed> {
        if let Some(root) = self.root.take() {
            if self.split == 0 {
                return Some(root.to_gpu());
            }
            let moves = legal(&root);
            self.stack.push((root, moves, 0));
        }
        loop {
            let ply = self.stack.len() as u32;
            let (pos, moves, i) = self.stack.last_mut()?;
            if *i == moves.len() {
                self.stack.pop();
                continue;
            }
            let m = moves[*i];
            *i += 1;
            let c = child(pos, m);
            if ply == self.split {
                return Some(c.to_gpu());
            }
            let cm = legal(&c);
            self.stack.push((c, cm, 0));
        }
    }
}

/// Number of frontier positions `split` plies below `root` (CPU perft).
fn frontier_size(root: &Position, split: u32) -> u64 {
    crate::chess::perft(root, split)
}

/// The split the automatic mode picks: at most 3 plies per invocation, then
/// one ply more on the CPU while the frontier has fewer than `min_frontier`
/// positions and the GPU keeps at least 2 plies.
pub fn auto_split(root: &Position, depth: u32, min_frontier: u64) -> u32 {
    if depth <= 1 {
        return 0;
    }
    let mut s = depth.saturating_sub(AUTO_MAX_GPU_DEPTH);
    while depth - s > 2 && frontier_size(root, s) < min_frontier {
        s += 1;
    }
    s
}

// ------------------------------------------------------- native, blocking

/// Opens the GPU, blocking (native only).
#[cfg(not(target_arch = "wasm32"))]
pub fn open_blocking() -> Result<GpuPerft, GpuError> {
    pollster::block_on(GpuPerft::new())
}

#[cfg(not(target_arch = "wasm32"))]
impl GpuPerft {
    /// [`GpuPerft::new`], blocking.
    pub fn new_blocking() -> Result<GpuPerft, GpuError> {
        open_blocking()
    }

    /// [`GpuPerft::run`], blocking.
    pub fn run_blocking(
        &self,
        root: &Position,
        depth: u32,
        options: &Options,
        progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        pollster::block_on(self.run(root, depth, options, progress))
    }

    /// [`GpuPerft::run_fen`], blocking.
    pub fn run_fen_blocking(
        &self,
        fen: &str,
        depth: u32,
        options: &Options,
        progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        pollster::block_on(self.run_fen(fen, depth, options, progress))
    }

    /// [`GpuPerft::counts_packed`], blocking.
    pub fn counts_packed_blocking(
        &self,
        positions: &[Packed],
        depth: u32,
        options: &Options,
        progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<Vec<u64>, GpuError> {
        pollster::block_on(self.counts_packed(positions, depth, options, progress))
    }

    /// [`GpuPerft::divide`], blocking.
    pub fn divide_blocking(
        &self,
        root: &Position,
        depth: u32,
        options: &Options,
        progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<Vec<(Move, u64)>, GpuError> {
        pollster::block_on(self.divide(root, depth, options, progress))
    }

    /// [`GpuPerft::run_packed`], blocking.
    pub fn run_packed_blocking(
        &self,
        positions: &[Packed],
        depth: u32,
        options: &Options,
        progress: impl FnMut(u64, u64) -> bool,
    ) -> Result<GpuRun, GpuError> {
        pollster::block_on(self.run_packed(positions, depth, options, progress))
    }
}

/// One-shot perft of `fen` on the GPU, blocking (native only): opens the
/// device, runs, returns the node count.
#[cfg(not(target_arch = "wasm32"))]
pub fn perft_blocking(fen: &str, depth: u32, options: &Options) -> Result<GpuRun, GpuError> {
    let gpu = open_blocking()?;
    gpu.run_fen_blocking(fen, depth, options, |_, _| true)
}
