//! The merged breadth-first walk's buffers ([`super::bfs_merge`]), kept
//! across runs by the context: one set per level (positions with their
//! multiplicities, offsets, block sums), the staging buffer the children of
//! a range are expanded into, the open-addressing table and the matches
//! that fold them into the next level, the counters, the uniform slots and
//! the read-back. Buffers grow (to a power of two, within the plan's caps)
//! when a run needs more; every bind group is built again then.

use super::bfs_hash::{zobrist_keys, ENTRY_BYTES, KEY_WORDS};
use super::bfs_kernels::{BfParams, Kernels};
use super::bfs_pool::ACC_BYTES;
use super::timer::{Timer, MAX_TIMED_PASSES};
use super::GpuPerft;

/// Words of a position in a merged level: the packed position, then its
/// multiplicity (lo, hi).
pub const MERGED_WORDS: usize = 13;
/// Bytes of one.
pub const MERGED_BYTES: u64 = MERGED_WORDS as u64 * 4;
/// The merge counters' bytes (merge.wgsl's `mg_acc`): entries claimed,
/// children lost, the level's nodes (lo, hi).
pub(super) const MACC_BYTES: u64 = 16;

/// A buffer of `size` bytes (at least 16, a multiple of 4).
fn buffer(dev: &wgpu::Device, label: &str, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
    dev.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size: size.max(16).div_ceil(4) * 4,
        usage,
        mapped_at_creation: false,
    })
}

/// A storage buffer the host writes, clears and copies from.
fn storage(dev: &wgpu::Device, label: &str, size: u64) -> wgpu::Buffer {
    let usage =
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC;
    buffer(dev, label, size, usage)
}

/// The buffers of one merged level.
pub(super) struct Level {
    pub cap: u32,
    pub blocks_cap: u32,
    pub positions: wgpu::Buffer,
    pub offsets: wgpu::Buffer,
    pub blocks: wgpu::Buffer,
}

/// Which bind group a dispatch takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Group {
    /// bfs.wgsl's kernels on level `l`: its positions, the staging buffer
    /// as their children, its offsets and block sums.
    Main(usize),
    /// merge.wgsl's kernels folding the staging buffer into level `l`.
    Merge(usize),
}

/// The merged walk's buffers.
pub(super) struct MergePool {
    pub levels: Vec<Level>,
    pub stage: wgpu::Buffer,
    pub stage_cap: u32,
    pub matches: wgpu::Buffer,
    pub table: wgpu::Buffer,
    pub table_entries: u32,
    pub macc: wgpu::Buffer,
    pub acc: wgpu::Buffer,
    keys: wgpu::Buffer,
    /// `--hash`'s table for the fused leaf (one unused entry when off).
    pub tt: wgpu::Buffer,
    pub tt_entries: u32,
    pub params: wgpu::Buffer,
    pub slots: usize,
    pub stride: u64,
    pub read: wgpu::Buffer,
    read_bytes: u64,
    pub timer: Option<Timer>,
    pub groups: Vec<(Group, wgpu::BindGroup)>,
    groups_for: usize,
}

impl MergePool {
    pub fn new(gpu: &GpuPerft) -> MergePool {
        let dev = &gpu.device;
        let stride = u64::from(gpu.limits.min_uniform_buffer_offset_alignment)
            .max(std::mem::size_of::<BfParams>() as u64);
        let keys = storage(dev, "merge zobrist keys", (KEY_WORDS * 4) as u64);
        gpu.queue
            .write_buffer(&keys, 0, bytemuck::cast_slice(&zobrist_keys()));
        MergePool {
            levels: Vec::new(),
            stage: storage(dev, "merge staging", 16),
            stage_cap: 0,
            matches: storage(dev, "merge matches", 16),
            table: storage(dev, "merge table", 16),
            table_entries: 0,
            macc: storage(dev, "merge counters", MACC_BYTES),
            acc: storage(dev, "merge accumulator", ACC_BYTES),
            keys,
            tt: storage(dev, "merge hash table", ENTRY_BYTES),
            tt_entries: 1,
            params: params_buffer(dev, stride * 64),
            slots: 64,
            stride,
            read: read_buffer(dev, 1024),
            read_bytes: 1024,
            timer: Timer::new(dev, MAX_TIMED_PASSES),
            groups: Vec::new(),
            groups_for: usize::MAX,
        }
    }

    /// Makes level `l` hold `n` positions and `nblocks` block sums (at
    /// most `cap` positions are allocated ahead).
    pub fn reserve_level(&mut self, dev: &wgpu::Device, l: usize, n: u32, nblocks: u32, cap: u32) {
        while self.levels.len() <= l {
            self.levels.push(Level {
                cap: 0,
                blocks_cap: 0,
                positions: storage(dev, "merged level", 16),
                offsets: storage(dev, "merged offsets", 16),
                blocks: storage(dev, "merged block sums", 16),
            });
        }
        let lv = &mut self.levels[l];
        if lv.cap < n {
            let c = n.checked_next_power_of_two().unwrap_or(n).min(cap).max(n);
            lv.positions = storage(dev, "merged level", u64::from(c) * MERGED_BYTES);
            lv.offsets = storage(dev, "merged offsets", u64::from(c) * 4);
            lv.cap = c;
            self.groups.clear();
        }
        if lv.blocks_cap < nblocks {
            let b = nblocks.checked_next_power_of_two().unwrap_or(nblocks);
            lv.blocks = storage(dev, "merged block sums", u64::from(b) * 4);
            lv.blocks_cap = b;
            self.groups.clear();
        }
    }

    /// Makes the staging buffer hold `n` children and the table `entries`
    /// slots (a power of two).
    pub fn reserve_stage(&mut self, dev: &wgpu::Device, n: u32, entries: u32) {
        if self.stage_cap < n {
            self.stage = storage(dev, "merge staging", u64::from(n) * MERGED_BYTES);
            self.matches = storage(dev, "merge matches", u64::from(n) * 8);
            self.stage_cap = n;
            self.groups.clear();
        }
        if self.table_entries < entries {
            self.table = storage(dev, "merge table", u64::from(entries) * 4);
            self.table_entries = entries;
            self.groups.clear();
        }
    }

    /// `--hash`'s table of `entries` (0: none), zeroed: made anew when its
    /// size changes, else cleared by `enc`.
    pub fn hash_table(&mut self, dev: &wgpu::Device, entries: u32, enc: &mut wgpu::CommandEncoder) {
        let entries = entries.max(1);
        if entries != self.tt_entries {
            self.tt = storage(dev, "merge hash table", u64::from(entries) * ENTRY_BYTES);
            self.tt_entries = entries;
            self.groups.clear();
        } else {
            enc.clear_buffer(&self.tt, 0, None);
        }
    }

    /// Makes the uniform hold `slots` slots and the read-back `bytes`.
    pub fn fit(&mut self, dev: &wgpu::Device, slots: usize, bytes: u64) {
        if self.slots < slots {
            self.slots = slots.next_power_of_two();
            self.params = params_buffer(dev, self.stride * self.slots as u64);
            self.groups.clear();
        }
        if self.read_bytes < bytes {
            self.read_bytes = bytes.next_power_of_two();
            self.read = read_buffer(dev, self.read_bytes);
        }
    }

    /// Builds the bind group `g` for kernels `k` if it is not there.
    pub fn prepare(&mut self, dev: &wgpu::Device, k: &Kernels, g: Group) {
        if self.groups_for != k.id {
            self.groups.clear();
            self.groups_for = k.id;
        }
        if self.groups.iter().any(|(h, _)| *h == g) {
            return;
        }
        let group = match g {
            Group::Main(l) => self.main_group(dev, k, l),
            Group::Merge(l) => self.merge_group(dev, k, l),
        };
        self.groups.push((g, group));
    }

    fn uniform(&self, binding: u32) -> wgpu::BindGroupEntry<'_> {
        wgpu::BindGroupEntry {
            binding,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: &self.params,
                offset: 0,
                size: wgpu::BufferSize::new(std::mem::size_of::<BfParams>() as u64),
            }),
        }
    }

    fn main_group(&self, dev: &wgpu::Device, k: &Kernels, l: usize) -> wgpu::BindGroup {
        let lv = &self.levels[l];
        let mut entries = vec![
            self.uniform(10),
            whole(11, &lv.positions),
            whole(12, &self.stage),
            whole(13, &lv.offsets),
            whole(14, &lv.blocks),
            whole(15, &self.acc),
            whole(16, &self.keys),
            whole(17, &self.tt),
        ];
        if let Some(m) = &k.magic {
            entries.push(whole(super::sliders::MAGIC_BINDING, m));
        }
        dev.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("merged level"),
            layout: &k.layout,
            entries: &entries,
        })
    }

    fn merge_group(&self, dev: &wgpu::Device, k: &Kernels, l: usize) -> wgpu::BindGroup {
        let layout = &k.mg.as_ref().expect("merge kernels").layout;
        dev.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("merge"),
            layout,
            entries: &[
                self.uniform(30),
                whole(31, &self.stage),
                whole(32, &self.levels[l].positions),
                whole(33, &self.table),
                whole(34, &self.matches),
                whole(35, &self.macc),
            ],
        })
    }
}

/// The bind group `g` among `groups` ([`MergePool::prepare`] first).
pub(super) fn find(groups: &[(Group, wgpu::BindGroup)], g: Group) -> Option<&wgpu::BindGroup> {
    groups.iter().find(|(h, _)| *h == g).map(|(_, b)| b)
}

fn whole(binding: u32, b: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: b.as_entire_binding(),
    }
}

fn params_buffer(dev: &wgpu::Device, bytes: u64) -> wgpu::Buffer {
    let usage = wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST;
    buffer(dev, "merge params", bytes, usage)
}

fn read_buffer(dev: &wgpu::Device, bytes: u64) -> wgpu::Buffer {
    let usage = wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST;
    buffer(dev, "merge read-back", bytes, usage)
}
