//! The context every run works in, opened once by [`super::GpuPerft::new`]
//! and kept, as wgpu's `repeated_compute` example keeps its device,
//! pipeline and buffers: the device and its queue, the adapter's limits and
//! report, the device's errors and loss ([`super::device::Watch`]), the
//! magic tables (uploaded on first use), and what every family builds its
//! runs with:
//!
//! ```text
//!  Cache<K, V>   pipelines (kernels), built once per key and shared
//!  Kept<T>       buffers, lent to one run at a time (a run that finds them
//!                lent builds its own) and grown only when a run needs more
//!  buffer()      every buffer a family makes (counted: tests check reuse)
//!  read_words()  a read-back: map, wait (natively sleeping), read, unmap
//! ```
//!
//! Each family keeps its own pipelines and buffers in these
//! (`depth_first::State`, `breadth_first::State`); [`super::GpuPerft`] holds
//! them beside the context, which names no family.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use super::device::{open, AdapterReport, Watch};
use super::sliders::{magic_words, AttackMethod};
use super::{poisoned, GpuError};

/// The device and what is built on it once.
pub(super) struct Context {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub limits: wgpu::Limits,
    pub report: AdapterReport,
    watch: Watch,
    /// The magic tables ([`magic_words`]), uploaded on first use.
    magic_table: Mutex<Option<wgpu::Buffer>>,
    /// Buffers made through [`Context::buffer`] so far.
    buffers_made: AtomicU64,
}

impl Context {
    /// Opens the adapter and a device ([`super::device::open`]).
    pub async fn open() -> Result<Context, GpuError> {
        let opened = open().await?;
        Ok(Context {
            device: opened.device,
            queue: opened.queue,
            limits: opened.limits,
            report: opened.report,
            watch: opened.watch,
            magic_table: Mutex::new(None),
            buffers_made: AtomicU64::new(0),
        })
    }

    /// Whether the device is gone.
    pub fn is_lost(&self) -> bool {
        self.watch.is_lost()
    }

    /// Gives the device up now, as a lost device would be.
    pub fn destroy(&self) {
        self.device.destroy();
        self.watch.destroyed();
    }

    /// [`GpuError::DeviceLost`] once the device is gone.
    pub fn check_lost(&self) -> Result<(), GpuError> {
        self.watch.check_lost()
    }

    /// The device's errors since the last call, as one error.
    pub fn take_device_error(&self) -> Result<(), GpuError> {
        self.watch.take_error()
    }

    /// A buffer of `size` bytes (at least 16, a multiple of 4), not mapped
    /// at creation; counted ([`Context::buffers_made`]).
    pub fn buffer(&self, label: &str, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
        self.buffers_made.fetch_add(1, Ordering::Relaxed);
        self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: size.max(16).div_ceil(4) * 4,
            usage,
            mapped_at_creation: false,
        })
    }

    /// Buffers made so far (the magic tables and the timers' aside).
    pub fn buffers_made(&self) -> u64 {
        self.buffers_made.load(Ordering::Relaxed)
    }

    /// The largest storage binding the adapter takes, in bytes.
    pub fn max_binding(&self) -> u64 {
        self.limits
            .max_storage_buffer_binding_size
            .min(self.limits.max_buffer_size)
    }

    /// `groups` workgroups as a 2-D dispatch (x, y) within the adapter's
    /// limit per dimension (a kernel finds its index from both); one at
    /// least.
    pub fn grid(&self, groups: u32) -> (u32, u32) {
        let max_x = self.limits.max_compute_workgroups_per_dimension.max(1);
        let gx = groups.clamp(1, max_x);
        (gx, groups.max(1).div_ceil(gx))
    }

    /// The magic tables on the device for `slider` = [`AttackMethod::Magic`]
    /// (uploaded once, then shared by every kernel), `None` for the others.
    pub fn magic_table_for(&self, slider: AttackMethod) -> Result<Option<wgpu::Buffer>, GpuError> {
        if slider != AttackMethod::Magic {
            return Ok(None);
        }
        let mut slot = self.magic_table.lock().map_err(poisoned)?;
        if let Some(b) = &*slot {
            return Ok(Some(b.clone()));
        }
        let words = magic_words();
        let buffer = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("magic tables"),
            size: 4 * words.len() as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        self.queue
            .write_buffer(&buffer, 0, bytemuck::cast_slice(&words));
        *slot = Some(buffer.clone());
        Ok(Some(buffer))
    }

    /// Maps `slice` for reading and waits for it (natively by polling the
    /// device, in the browser by the event loop); a device error that stopped
    /// the callback is reported as such.
    async fn map_for_reading(&self, slice: &wgpu::BufferSlice<'_>) -> Result<(), GpuError> {
        self.check_lost()?;
        let (tx, rx) = futures_channel::oneshot::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        // natively, poll and sleep until the callback ran; in the browser
        // the event loop delivers it (every submission before the map is
        // waited for)
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

    /// The first `bytes` of `buf` once what was submitted is done, handed to
    /// `read` as u32 words while mapped; the buffer is unmapped again either
    /// way.
    pub async fn read_words<T>(
        &self,
        buf: &wgpu::Buffer,
        bytes: u64,
        read: impl FnOnce(&[u32]) -> T,
    ) -> Result<T, GpuError> {
        let slice = buf.slice(0..bytes);
        self.map_for_reading(&slice).await?;
        let out = slice
            .get_mapped_range()
            .map(|view| read(bytemuck::cast_slice(&view)))
            .map_err(|e| GpuError::Mapping(e.to_string()));
        buf.unmap();
        out
    }
}

/// What a family builds once per key (a pipeline, a set of kernels) and
/// shares with every later run.
pub(super) struct Cache<K, V>(Mutex<Vec<(K, V)>>);

impl<K: PartialEq, V: Clone> Cache<K, V> {
    pub fn new() -> Self {
        Cache(Mutex::new(Vec::new()))
    }

    /// The value built for `key`, if it was.
    pub fn get(&self, key: &K) -> Result<Option<V>, GpuError> {
        let built = self.0.lock().map_err(poisoned)?;
        Ok(built.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
    }

    /// Keeps `value`, built for `key`, and returns what is kept for it:
    /// `value`, or the one a run that built it at the same time kept first
    /// (so every run binds the same pipeline).
    pub fn keep(&self, key: K, value: V) -> Result<V, GpuError> {
        let mut built = self.0.lock().map_err(poisoned)?;
        if let Some((_, v)) = built.iter().find(|(k, _)| *k == key) {
            return Ok(v.clone());
        }
        built.push((key, value.clone()));
        Ok(value)
    }

    /// Forgets everything built (tests that change how kernels are built).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn clear(&mut self) {
        if let Ok(built) = self.0.get_mut() {
            built.clear();
        }
    }
}

/// What a family keeps between runs (its buffers), lent to one run at a
/// time: [`Kept::lease`] takes it out, or builds a fresh one while another
/// run holds it, and the lease puts it back when it ends (an error or a
/// cancelled run included).
pub(super) struct Kept<T>(Mutex<Option<T>>);

impl<T> Kept<T> {
    pub fn new() -> Self {
        Kept(Mutex::new(None))
    }

    /// The kept value, or `fresh()` when there is none or another run has it.
    pub fn lease(&self, fresh: impl FnOnce() -> T) -> Result<Lease<'_, T>, GpuError> {
        let kept = self.0.lock().map_err(poisoned)?.take();
        Ok(Lease {
            home: &self.0,
            value: Some(kept.unwrap_or_else(fresh)),
        })
    }

    /// Drops the kept value: the next run builds a new one (tests).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn clear(&mut self) {
        if let Ok(kept) = self.0.get_mut() {
            *kept = None;
        }
    }
}

/// A [`Kept`] value lent to one run.
pub(super) struct Lease<'a, T> {
    home: &'a Mutex<Option<T>>,
    /// `Some` until the lease ends.
    value: Option<T>,
}

impl<T> Deref for Lease<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.value
            .as_ref()
            .expect("a lease holds its value until dropped")
    }
}

impl<T> DerefMut for Lease<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        self.value
            .as_mut()
            .expect("a lease holds its value until dropped")
    }
}

impl<T> Drop for Lease<'_, T> {
    fn drop(&mut self) {
        if let Ok(mut home) = self.home.lock() {
            *home = self.value.take();
        }
    }
}
