//! The breadth-first host's buffers, kept across runs by the context: one
//! set per level (positions, offsets, block sums), the uniform slots, the
//! accumulator and its read-back, the transposition table, and the leaf
//! pieces' indirect arguments. A level's buffers grow (to the next power of
//! two, at most the plan's cap) only when a run needs more; the bind groups
//! that named the old buffers are rebuilt then.

use super::bfs_hash::{zobrist_keys, ENTRY_BYTES, KEY_WORDS};
use super::bfs_kernels::{BfParams, Kernels};
use super::packed::POS_BYTES;
use super::timer::{Timer, MAX_TIMED_PASSES};
use super::GpuPerft;

/// The accumulator's bytes: the leaf count (lo, hi), the last scanned
/// range's children, the size of the level the leaf pieces read, the hash
/// table's hits and misses (lo, lo, hi, hi), the overflows of a level sized
/// on the GPU, and an unused word.
pub(super) const ACC_BYTES: u64 = 40;

/// The buffers of one level.
pub(super) struct Level {
    /// Positions it holds.
    pub(super) cap: u32,
    /// Block sums it holds.
    pub(super) blocks_cap: u32,
    pub(super) positions: wgpu::Buffer,
    pub(super) offsets: wgpu::Buffer,
    pub(super) blocks: wgpu::Buffer,
}

/// The breadth-first buffers, kept across runs by the context.
pub(super) struct Pool {
    pub(super) levels: Vec<Level>,
    pub(super) params: wgpu::Buffer,
    pub(super) slots: usize,
    pub(super) stride: u64,
    pub(super) acc: wgpu::Buffer,
    pub(super) read: wgpu::Buffer,
    pub(super) read_bytes: u64,
    pub(super) dummy: wgpu::Buffer,
    /// The Zobrist keys and the transposition table (one entry when off).
    pub(super) keys: wgpu::Buffer,
    pub(super) table: wgpu::Buffer,
    pub(super) table_entries: u32,
    /// Timestamps around each pass (adapters with timestamp queries).
    pub(super) timer: Option<Timer>,
    /// Bind group per level, for the kernels of build `groups_for`.
    pub(super) groups: Vec<Option<wgpu::BindGroup>>,
    groups_for: usize,
    /// The leaf pieces' indirect arguments (three words a piece) and their
    /// bind group (group 1 of `bf_leaf_args`, for kernels `groups_for`).
    pub(super) args: wgpu::Buffer,
    pub(super) args_pieces: u32,
    pub(super) args_group: Option<wgpu::BindGroup>,
}

/// A buffer of `size` bytes, not mapped at creation.
fn buffer(dev: &wgpu::Device, label: &str, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
    dev.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage,
        mapped_at_creation: false,
    })
}

fn storage(dev: &wgpu::Device, label: &str, size: u64, extra: wgpu::BufferUsages) -> wgpu::Buffer {
    let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | extra;
    buffer(dev, label, size.max(16).div_ceil(4) * 4, usage)
}

fn params_buffer(dev: &wgpu::Device, bytes: u64) -> wgpu::Buffer {
    let usage = wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST;
    buffer(dev, "bfs params", bytes, usage)
}

fn args_buffer(dev: &wgpu::Device, pieces: u32) -> wgpu::Buffer {
    let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::INDIRECT;
    buffer(dev, "bfs leaf arguments", u64::from(pieces) * 12, usage)
}

fn read_buffer(dev: &wgpu::Device, bytes: u64) -> wgpu::Buffer {
    let usage = wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST;
    buffer(dev, "bfs read-back", bytes, usage)
}

impl Pool {
    pub fn new(gpu: &GpuPerft) -> Pool {
        let dev = &gpu.device;
        let stride = u64::from(gpu.limits.min_uniform_buffer_offset_alignment)
            .max(std::mem::size_of::<BfParams>() as u64);
        let slots = 64;
        Pool {
            levels: Vec::new(),
            params: params_buffer(dev, stride * slots as u64),
            slots,
            stride,
            acc: storage(
                dev,
                "bfs accumulator",
                ACC_BYTES,
                wgpu::BufferUsages::COPY_SRC,
            ),
            read: read_buffer(dev, 1024),
            read_bytes: 1024,
            dummy: storage(dev, "bfs no children", 16, wgpu::BufferUsages::empty()),
            keys: {
                let bytes = (KEY_WORDS * 4) as u64;
                let keys = storage(dev, "bfs zobrist keys", bytes, wgpu::BufferUsages::empty());
                gpu.queue
                    .write_buffer(&keys, 0, bytemuck::cast_slice(&zobrist_keys()));
                keys
            },
            table: storage(
                dev,
                "bfs hash table",
                ENTRY_BYTES,
                wgpu::BufferUsages::empty(),
            ),
            table_entries: 1,
            timer: Timer::new(dev, MAX_TIMED_PASSES),
            groups: Vec::new(),
            groups_for: usize::MAX,
            args: args_buffer(dev, 64),
            args_pieces: 64,
            args_group: None,
        }
    }

    /// A transposition table of `entries` (0: none, one unused entry
    /// bound), zeroed: made anew when its size changes, else cleared by `enc`.
    pub(super) fn hash_table(
        &mut self,
        dev: &wgpu::Device,
        entries: u32,
        enc: &mut wgpu::CommandEncoder,
    ) {
        let entries = entries.max(1);
        if entries != self.table_entries {
            let bytes = u64::from(entries) * ENTRY_BYTES;
            self.table = storage(dev, "bfs hash table", bytes, wgpu::BufferUsages::empty());
            self.table_entries = entries;
            self.groups.clear();
        } else {
            enc.clear_buffer(&self.table, 0, None);
        }
    }

    /// Whether level `l` lacks room for `n` positions or `nblocks` block sums.
    pub(super) fn too_small(&self, l: usize, n: u32, nblocks: u32) -> bool {
        self.levels
            .get(l)
            .is_none_or(|lv| lv.cap < n || lv.blocks_cap < nblocks)
    }

    /// Grows level `l` (and creates the levels below it) to hold `n`
    /// positions and `nblocks` block sums; the bind groups that named the
    /// old buffers go.
    pub(super) fn grow(&mut self, dev: &wgpu::Device, l: usize, n: u32, nblocks: u32, cap: u32) {
        while self.levels.len() <= l {
            let small = |label| storage(dev, label, 16, wgpu::BufferUsages::COPY_SRC);
            self.levels.push(Level {
                cap: 0,
                blocks_cap: 0,
                positions: small("bfs level"),
                offsets: small("bfs offsets"),
                blocks: small("bfs block sums"),
            });
        }
        let lv = &mut self.levels[l];
        if lv.cap < n {
            let c = n.checked_next_power_of_two().unwrap_or(n).min(cap).max(n);
            lv.positions = storage(
                dev,
                "bfs level",
                u64::from(c) * POS_BYTES as u64,
                wgpu::BufferUsages::empty(),
            );
            lv.offsets = storage(
                dev,
                "bfs offsets",
                u64::from(c) * 4,
                wgpu::BufferUsages::empty(),
            );
            lv.cap = c;
        }
        if lv.blocks_cap < nblocks {
            let b = nblocks.checked_next_power_of_two().unwrap_or(nblocks);
            lv.blocks = storage(
                dev,
                "bfs block sums",
                u64::from(b) * 4,
                wgpu::BufferUsages::COPY_SRC,
            );
            lv.blocks_cap = b;
        }
        for g in [l.checked_sub(1), Some(l)].into_iter().flatten() {
            if let Some(slot) = self.groups.get_mut(g) {
                *slot = None;
            }
        }
    }

    /// The bind group of level `l` (its positions, its children's level,
    /// its offsets and block sums) for kernels `k`.
    pub(super) fn group(&mut self, dev: &wgpu::Device, k: &Kernels, l: usize) -> &wgpu::BindGroup {
        if self.groups_for != k.id {
            self.groups.clear();
            self.groups_for = k.id;
            self.args_group = None;
        }
        if self.groups.len() <= l {
            self.groups.resize(l + 1, None);
        }
        let Pool {
            levels,
            params,
            acc,
            dummy,
            keys,
            table,
            groups,
            ..
        } = self;
        groups[l].get_or_insert_with(|| {
            let lv = &levels[l];
            let dst = levels.get(l + 1).map_or(&*dummy, |n| &n.positions);
            fn whole(binding: u32, b: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
                wgpu::BindGroupEntry {
                    binding,
                    resource: b.as_entire_binding(),
                }
            }
            let mut entries = vec![
                wgpu::BindGroupEntry {
                    binding: 10,
                    resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer: params,
                        offset: 0,
                        size: wgpu::BufferSize::new(std::mem::size_of::<BfParams>() as u64),
                    }),
                },
                whole(11, &lv.positions),
                whole(12, dst),
                whole(13, &lv.offsets),
                whole(14, &lv.blocks),
                whole(15, acc),
                whole(16, keys),
                whole(17, table),
            ];
            if let Some(m) = &k.magic {
                entries.push(whole(super::sliders::MAGIC_BINDING, m));
            }
            dev.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("bfs level"),
                layout: &k.layout,
                entries: &entries,
            })
        })
    }

    /// Makes the uniform hold `slots` dispatches' slots and the read-back
    /// buffer `read_bytes` bytes.
    pub(super) fn fit(&mut self, dev: &wgpu::Device, slots: usize, read_bytes: u64) {
        if self.slots < slots {
            self.slots = slots.next_power_of_two();
            self.params = params_buffer(dev, self.stride * self.slots as u64);
            self.groups.clear();
        }
        if self.read_bytes < read_bytes {
            self.read_bytes = read_bytes.next_power_of_two();
            self.read = read_buffer(dev, self.read_bytes);
        }
    }

    /// Makes the indirect-argument buffer hold `pieces` leaf pieces.
    pub(super) fn reserve_args(&mut self, dev: &wgpu::Device, pieces: u32) {
        if self.args_pieces < pieces {
            let p = pieces.next_power_of_two();
            self.args = args_buffer(dev, p);
            self.args_pieces = p;
            self.args_group = None;
        }
    }

    /// The bind group of `bf_leaf_args`' output for kernels `k` (call
    /// after [`Pool::group`], which drops it when the kernels change).
    pub(super) fn args_group(&mut self, dev: &wgpu::Device, k: &Kernels) -> &wgpu::BindGroup {
        let args = &self.args;
        self.args_group.get_or_insert_with(|| {
            dev.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("bfs leaf arguments"),
                layout: &k.args_layout,
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: args.as_entire_binding(),
                }],
            })
        })
    }
}
