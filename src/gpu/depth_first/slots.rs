//! The depth-first host's two buffer slots: batch k + 1 is uploaded and
//! dispatched while batch k's counts come back, so the GPU never waits for
//! the CPU. Kept across runs by the context ([`super::State`]): made for
//! the first run's batch, made again (to a power of two, within the
//! adapter's limit) only when a later run's batch needs more; the bind
//! groups are made again when the buffers or the pipeline change.

use super::super::context::Context;
use super::super::layout::Params;
use super::super::packed::POS_BYTES;
use super::super::sliders::MAGIC_BINDING;
use super::super::timer::Timer;

/// One set of buffers for a batch: uniform, positions, counts, read-back.
pub(super) struct Slot {
    pub params: wgpu::Buffer,
    pub positions: wgpu::Buffer,
    pub counts: wgpu::Buffer,
    pub read: wgpu::Buffer,
    /// Timestamps around the batch's pass (adapters with timestamp queries).
    pub timer: Option<Timer>,
    /// Its buffers bound for [`Slots::groups_for`].
    pub group: Option<wgpu::BindGroup>,
}

/// The two slots, empty until the first run.
#[derive(Default)]
pub(super) struct Slots {
    pub slots: Vec<Slot>,
    /// Positions a batch of either slot may hold.
    cap: u32,
    /// The pipeline the bind groups are made for.
    groups_for: Option<wgpu::ComputePipeline>,
}

impl Slot {
    fn new(ctx: &Context, cap: u32) -> Slot {
        use wgpu::BufferUsages as U;
        let params = std::mem::size_of::<Params>() as u64;
        let counts = u64::from(cap) * 8;
        Slot {
            params: ctx.buffer("perft params", params, U::UNIFORM | U::COPY_DST),
            positions: ctx.buffer(
                "perft positions",
                u64::from(cap) * POS_BYTES as u64,
                U::STORAGE | U::COPY_DST,
            ),
            counts: ctx.buffer("perft counts", counts, U::STORAGE | U::COPY_SRC),
            // the counts, then one pass's timestamps
            read: ctx.buffer("perft read-back", counts + 16, U::MAP_READ | U::COPY_DST),
            timer: Timer::new(&ctx.device, 1),
            group: None,
        }
    }

    fn bind(
        &mut self,
        ctx: &Context,
        pipeline: &wgpu::ComputePipeline,
        magic: Option<&wgpu::Buffer>,
    ) {
        fn entry(binding: u32, b: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
            wgpu::BindGroupEntry {
                binding,
                resource: b.as_entire_binding(),
            }
        }
        let mut entries = vec![
            entry(0, &self.params),
            entry(1, &self.positions),
            entry(2, &self.counts),
        ];
        if let Some(m) = magic {
            entries.push(entry(MAGIC_BINDING, m));
        }
        self.group = Some(ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("perft bindings"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &entries,
        }));
    }
}

impl Slots {
    /// Makes both slots hold batches of `batch` positions (at most `limit`,
    /// the adapter's) and binds them for `pipeline` (with the magic tables
    /// where its slider method reads them).
    pub fn fit(
        &mut self,
        ctx: &Context,
        (batch, limit): (u32, u32),
        pipeline: &wgpu::ComputePipeline,
        magic: Option<&wgpu::Buffer>,
    ) {
        if self.slots.is_empty() || self.cap < batch {
            let cap = batch
                .checked_next_power_of_two()
                .unwrap_or(batch)
                .min(limit)
                .max(batch);
            self.slots = (0..2).map(|_| Slot::new(ctx, cap)).collect();
            self.cap = cap;
            self.groups_for = None;
        }
        if self.groups_for.as_ref() != Some(pipeline) {
            for slot in &mut self.slots {
                slot.bind(ctx, pipeline, magic);
            }
            self.groups_for = Some(pipeline.clone());
        }
    }
}
