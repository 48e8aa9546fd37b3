//! Adapter and device: which adapter (never Mesa's lavapipe natively), the
//! device opened with the adapter's own limits, the errors it reports
//! outside any scope (validation, out of memory, device lost: [`Watch`]),
//! and the workgroup size those limits allow. The context
//! ([`super::context`]) holds what this opens.

use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use super::layout::{fit_workgroup_size, workgroup_bytes, MAX_PLIES};
use super::{poisoned, GpuError, Options};

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
    /// The adapter offers timestamp queries (`TIMESTAMP_QUERY`): GPU time
    /// could be measured beside wall time.
    #[serde(default)]
    pub timestamp_query: bool,
}

impl AdapterReport {
    pub(super) fn new(
        info: &wgpu::AdapterInfo,
        limits: &wgpu::Limits,
        features: wgpu::Features,
    ) -> AdapterReport {
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
            timestamp_query: features.contains(wgpu::Features::TIMESTAMP_QUERY),
        }
    }
}

fn no_adapter_message(err: &dyn std::fmt::Display) -> String {
    if cfg!(target_arch = "wasm32") {
        format!("{err}. This browser offers no WebGPU adapter (Chromium needs WebGPU enabled, e.g. --enable-unsafe-webgpu).")
    } else {
        format!(
            "{err}. Without a GPU, install Debian's chromium and libvulkan1 and set \
             VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json (SwiftShader)."
        )
    }
}

/// Mesa's lavapipe (llvmpipe): it silently ends any invocation after 65535
/// loop iterations in total, so deep subtrees come back short.
#[cfg(not(target_arch = "wasm32"))]
fn is_lavapipe(info: &wgpu::AdapterInfo) -> bool {
    let name = info.name.to_ascii_lowercase();
    let driver = info.driver.to_ascii_lowercase();
    name.contains("llvmpipe") || driver.contains("llvmpipe") || driver.contains("lavapipe")
}

/// The high-performance adapter; natively, never lavapipe (see [`is_lavapipe`]):
/// a real GPU first, then any other, SwiftShader included.
async fn pick_adapter(instance: &wgpu::Instance) -> Result<wgpu::Adapter, GpuError> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let rank = |t: wgpu::DeviceType| match t {
            wgpu::DeviceType::DiscreteGpu => 0,
            wgpu::DeviceType::IntegratedGpu => 1,
            wgpu::DeviceType::VirtualGpu => 2,
            wgpu::DeviceType::Other => 3,
            wgpu::DeviceType::Cpu => 4,
        };
        let all = instance.enumerate_adapters(wgpu::Backends::all()).await;
        let lavapipe = all.iter().any(|a| is_lavapipe(&a.get_info()));
        let best = all
            .into_iter()
            .filter(|a| !is_lavapipe(&a.get_info()))
            .min_by_key(|a| rank(a.get_info().device_type));
        match best {
            Some(a) => Ok(a),
            None if lavapipe => Err(GpuError::NoAdapter(no_adapter_message(
                &"only Mesa lavapipe (llvmpipe) is there, and it cuts every shader invocation off after \
                  65535 loop iterations (perft counts come back short), so it is not used",
            ))),
            None => Err(GpuError::NoAdapter(no_adapter_message(&"no Vulkan adapter found"))),
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        instance
            .request_adapter(&wgpu::RequestAdapterOptions {
                power_preference: wgpu::PowerPreference::HighPerformance,
                force_fallback_adapter: false,
                compatible_surface: None,
                apply_limit_buckets: false,
            })
            .await
            .map_err(|e| GpuError::NoAdapter(no_adapter_message(&e)))
    }
}

/// GPU time from timestamp queries, wherever the adapter offers them
/// (natively and in the browser).
fn timestamp_feature(adapter: &wgpu::Adapter) -> wgpu::Features {
    adapter.features() & wgpu::Features::TIMESTAMP_QUERY
}

/// An opened device and what comes with it.
pub(super) struct Opened {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub limits: wgpu::Limits,
    pub report: AdapterReport,
    pub watch: Watch,
}

/// Opens the high-performance adapter (a software one is acceptable;
/// natively a real GPU is preferred and Mesa's lavapipe refused, as it
/// miscounts) and a device with the adapter's own limits.
pub(super) async fn open() -> Result<Opened, GpuError> {
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = pick_adapter(&instance).await?;
    let info = adapter.get_info();
    let limits = adapter.limits();
    let (device, queue) = adapter
        .request_device(&wgpu::DeviceDescriptor {
            label: Some("bitscope perft"),
            required_features: timestamp_feature(&adapter),
            required_limits: limits.clone(),
            ..Default::default()
        })
        .await
        .map_err(|e| GpuError::RequestDevice(e.to_string()))?;
    let limits = device.limits();
    let watch = Watch::new(&device);
    let report = AdapterReport::new(&info, &limits, adapter.features());
    Ok(Opened {
        device,
        queue,
        limits,
        report,
        watch,
    })
}

/// What the device reports outside any scope: its errors (validation, out
/// of memory) and why it was lost, once it is.
pub(super) struct Watch {
    errors: Arc<Mutex<Vec<String>>>,
    lost: Arc<Mutex<Option<String>>>,
}

impl Watch {
    /// Listens to `device`'s errors and loss.
    fn new(device: &wgpu::Device) -> Watch {
        let errors = Arc::new(Mutex::new(Vec::new()));
        {
            let errors = errors.clone();
            device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
                if let Ok(mut v) = errors.lock() {
                    v.push(e.to_string());
                }
            }));
        }
        let lost = Arc::new(Mutex::new(None));
        {
            let lost = lost.clone();
            device.set_device_lost_callback(move |reason, msg| {
                if let Ok(mut v) = lost.lock() {
                    *v = Some(lost_text(reason, &msg));
                }
            });
        }
        Watch { errors, lost }
    }

    /// Whether the device is gone.
    pub fn is_lost(&self) -> bool {
        self.lost.lock().map(|l| l.is_some()).unwrap_or(true)
    }

    /// Records that the device was given up on purpose (destroyed).
    pub fn destroyed(&self) {
        if let Ok(mut l) = self.lost.lock() {
            l.get_or_insert_with(|| lost_text(wgpu::DeviceLostReason::Destroyed, ""));
        }
    }

    /// [`GpuError::DeviceLost`] once the device is gone.
    pub fn check_lost(&self) -> Result<(), GpuError> {
        match &*self.lost.lock().map_err(poisoned)? {
            Some(why) => Err(GpuError::DeviceLost(why.clone())),
            None => Ok(()),
        }
    }

    /// The device's errors since the last call, as one [`GpuError::Device`]
    /// (a lost device first).
    pub fn take_error(&self) -> Result<(), GpuError> {
        self.check_lost()?;
        let mut errors = self.errors.lock().map_err(poisoned)?;
        if errors.is_empty() {
            Ok(())
        } else {
            let msg = errors.join("; ");
            errors.clear();
            Err(GpuError::Device(msg))
        }
    }
}

/// The workgroup size `options` will really run with under `limits` (after
/// shrinking to the adapter's workgroup memory), and its workgroup memory
/// in bytes.
pub(super) fn resolve_workgroup(
    limits: &wgpu::Limits,
    options: &Options,
) -> Result<(u32, u64), GpuError> {
    let wanted = options.workgroup_size.max(1);
    let inv_limit = limits
        .max_compute_invocations_per_workgroup
        .min(limits.max_compute_workgroup_size_x);
    if wanted > inv_limit && !options.shrink_to_fit {
        return Err(GpuError::TooManyInvocations {
            wanted,
            limit: inv_limit,
        });
    }
    let wanted = wanted.min(inv_limit);
    let limit = u64::from(limits.max_compute_workgroup_storage_size);
    let needed = workgroup_bytes(wanted, MAX_PLIES, options.variant);
    if needed <= limit {
        return Ok((wanted, needed));
    }
    if !options.shrink_to_fit {
        return Err(GpuError::WorkgroupTooLarge { needed, limit });
    }
    match fit_workgroup_size(wanted, MAX_PLIES, options.variant, limit) {
        Some(wg) => Ok((wg, workgroup_bytes(wg, MAX_PLIES, options.variant))),
        None => Err(GpuError::WorkgroupTooLarge {
            needed: workgroup_bytes(1, MAX_PLIES, options.variant),
            limit,
        }),
    }
}

/// Why a device went, in words.
fn lost_text(reason: wgpu::DeviceLostReason, message: &str) -> String {
    let why = match reason {
        wgpu::DeviceLostReason::Destroyed => "the device was destroyed",
        _ => "the driver or the browser took the device away (a dispatch ran too long, or the driver reset)",
    };
    if message.is_empty() {
        why.to_string()
    } else {
        format!("{why}: {message}")
    }
}
