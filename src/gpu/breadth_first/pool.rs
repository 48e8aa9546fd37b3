//! The breadth-first walks' buffers, kept across runs in [`super::State`]:
//! what both walks hold alike ([`Common`]: the uniform slots, the
//! accumulator and its read-back, the transposition table, the timer), the
//! buffers of a level ([`Level`]: positions, offsets, block sums), and the
//! plain walk's [`Pool`] (its levels and the leaf pieces' indirect
//! arguments; the merged walk's: `merge_pool`). A buffer grows (to the
//! next power of two, at most the plan's cap) only when a run needs more;
//! the bind groups that named the old one are built again then.

use super::super::context::Context;
use super::super::timer::{Timer, MAX_TIMED_PASSES};
use super::super::GpuRun;
use super::hash::{zobrist_keys, ENTRY_BYTES, KEY_WORDS};
use super::kernels::{BfParams, Kernels};

/// The accumulator's bytes: the leaf count (lo, hi), the last scanned
/// range's children, the size of the level the leaf pieces read, the hash
/// table's hits and misses (lo, lo, hi, hi), the overflows of a level sized
/// on the GPU, the misses and waiters the table's lookups listed, and an
/// unused word.
pub(super) const ACC_BYTES: u64 = 48;

/// The accumulator's words that count what the table's lookups listed
/// (bfs.wgsl, `BF_LEAF_MODE` 3): the misses, and the waiters.
pub(super) const MISSES_WORD: u32 = 9;
pub(super) const WAITERS_WORD: u32 = 10;

/// How a dispatch of either walk is launched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Launch {
    /// The workgroups the host names.
    Direct,
    /// From the indirect arguments at this byte offset of `Common::args`.
    Indirect(u64),
    /// `bf_leaf_args`, with `Common::args` bound as group 1 (it writes them).
    WritesArgs,
}

impl Launch {
    /// Dispatches on `pass` (its pipeline and group 0 set): `groups`
    /// workgroups, binding `Common::args` first for `bf_leaf_args`, or
    /// from the indirect arguments.
    pub fn dispatch(
        self,
        pass: &mut wgpu::ComputePass<'_>,
        ctx: &Context,
        common: &Common,
        groups: u32,
    ) {
        match self {
            Launch::Indirect(offset) => pass.dispatch_workgroups_indirect(&common.args, offset),
            Launch::Direct | Launch::WritesArgs => {
                if self == Launch::WritesArgs {
                    pass.set_bind_group(1, common.args_group.as_ref(), &[]);
                }
                let (x, y) = ctx.grid(groups);
                pass.dispatch_workgroups(x, y, 1);
            }
        }
    }
}

/// `bf_leaf_args`' uniform: the arguments of `pieces` leaf pieces of
/// `piece` positions over a level of at most `cap`, whose size is in the
/// accumulator's word `counter` (0: the block scan's total).
pub(super) fn leaf_args_params(
    ctx: &Context,
    (pieces, piece): (u32, u32),
    cap: u32,
    counter: u32,
) -> BfParams {
    BfParams {
        count: pieces,
        base: piece,
        cap,
        sub: ctx.limits.max_compute_workgroups_per_dimension.max(1),
        counter,
        ..BfParams::default()
    }
}

/// Uniform slots a pool starts with.
const FIRST_SLOTS: usize = 64;
/// Read-back bytes a pool starts with.
const FIRST_READ_BYTES: u64 = 1024;

/// A storage buffer the host writes, clears and copies from.
pub(super) fn storage(ctx: &Context, label: &str, size: u64) -> wgpu::Buffer {
    use wgpu::BufferUsages as U;
    ctx.buffer(label, size, U::STORAGE | U::COPY_DST | U::COPY_SRC)
}

fn params_buffer(ctx: &Context, bytes: u64) -> wgpu::Buffer {
    use wgpu::BufferUsages as U;
    ctx.buffer("bfs params", bytes, U::UNIFORM | U::COPY_DST)
}

fn read_buffer(ctx: &Context, bytes: u64) -> wgpu::Buffer {
    use wgpu::BufferUsages as U;
    ctx.buffer("bfs read-back", bytes, U::MAP_READ | U::COPY_DST)
}

fn args_buffer(ctx: &Context, pieces: u32) -> wgpu::Buffer {
    use wgpu::BufferUsages as U;
    ctx.buffer(
        "bfs leaf arguments",
        u64::from(pieces) * 12,
        U::STORAGE | U::INDIRECT,
    )
}

/// Items `first .. first + n` in pieces of at most `piece`: (count, base)
/// of each, one dispatch a piece.
pub(super) fn pieces((first, n): (u32, u32), piece: u32) -> impl Iterator<Item = (u32, u32)> {
    let piece = piece.max(1);
    (0..n.div_ceil(piece)).map(move |i| (piece.min(n - i * piece), first + i * piece))
}

/// The whole of `b` at `binding`.
pub(super) fn whole(binding: u32, b: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: b.as_entire_binding(),
    }
}

/// What both walks' pools hold alike.
pub(super) struct Common {
    /// The uniform: one slot per dispatch of a submission, `stride` bytes
    /// apart, each bound at its dynamic offset.
    pub params: wgpu::Buffer,
    slots: usize,
    stride: u64,
    pub read: wgpu::Buffer,
    read_bytes: u64,
    pub acc: wgpu::Buffer,
    /// The Zobrist keys and the transposition table (one unused entry when
    /// off).
    keys: wgpu::Buffer,
    pub tt: wgpu::Buffer,
    tt_entries: u32,
    /// Timestamps around each pass (adapters with timestamp queries).
    pub timer: Option<Timer>,
    /// The leaf pieces' indirect arguments (three words a piece) and their
    /// bind group (group 1 of `bf_leaf_args`).
    pub args: wgpu::Buffer,
    args_pieces: u32,
    pub args_group: Option<wgpu::BindGroup>,
    /// Bumped whenever the uniform or the table is made again: the bind
    /// groups made before name the old one.
    pub generation: u64,
}

impl Common {
    pub fn new(ctx: &Context) -> Common {
        let stride = u64::from(ctx.limits.min_uniform_buffer_offset_alignment)
            .max(std::mem::size_of::<BfParams>() as u64);
        let keys = storage(ctx, "bfs zobrist keys", (KEY_WORDS * 4) as u64);
        ctx.queue
            .write_buffer(&keys, 0, bytemuck::cast_slice(&zobrist_keys()));
        Common {
            params: params_buffer(ctx, stride * FIRST_SLOTS as u64),
            slots: FIRST_SLOTS,
            stride,
            read: read_buffer(ctx, FIRST_READ_BYTES),
            read_bytes: FIRST_READ_BYTES,
            acc: storage(ctx, "bfs accumulator", ACC_BYTES),
            keys,
            tt: storage(ctx, "bfs hash table", ENTRY_BYTES),
            tt_entries: 1,
            timer: Timer::new(&ctx.device, MAX_TIMED_PASSES),
            args: args_buffer(ctx, FIRST_SLOTS as u32),
            args_pieces: FIRST_SLOTS as u32,
            args_group: None,
            generation: 0,
        }
    }

    /// Makes the indirect-argument buffer hold `pieces` leaf pieces.
    pub fn reserve_args(&mut self, ctx: &Context, pieces: u32) {
        if self.args_pieces < pieces {
            let p = pieces.next_power_of_two();
            self.args = args_buffer(ctx, p);
            self.args_pieces = p;
            self.args_group = None;
        }
    }

    /// Builds the bind group of `bf_leaf_args`' output for kernels `k` if
    /// it is not there (after the pool's `prepare`, which drops it when the
    /// kernels change).
    pub fn prepare_args(&mut self, ctx: &Context, k: &Kernels) {
        let args = &self.args;
        self.args_group.get_or_insert_with(|| {
            ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("bfs leaf arguments"),
                layout: &k.args_layout,
                entries: &[whole(0, args)],
            })
        });
    }

    /// A new run: the accumulator zeroed, the timer reset, and a table of
    /// `entries` (0: none), as [`Common::table`].
    pub fn start(&mut self, ctx: &Context, entries: u32, run: &mut GpuRun) {
        ctx.queue
            .write_buffer(&self.acc, 0, &[0u8; ACC_BYTES as usize]);
        if let Some(t) = self.timer.as_mut() {
            t.reset();
        }
        self.table(ctx, entries, run);
    }

    /// A table of `entries` (0: none), zeroed where there is one or was
    /// one: made anew when its size changes, else cleared in a submission
    /// of its own.
    pub fn table(&mut self, ctx: &Context, entries: u32, run: &mut GpuRun) {
        if entries == 0 && self.tt_entries == 1 {
            return;
        }
        let entries = entries.max(1);
        let mut enc = ctx.device.create_command_encoder(&Default::default());
        if entries != self.tt_entries {
            let bytes = u64::from(entries) * ENTRY_BYTES;
            self.tt = storage(ctx, "bfs hash table", bytes);
            self.tt_entries = entries;
            self.generation += 1;
        } else {
            enc.clear_buffer(&self.tt, 0, None);
        }
        ctx.queue.submit([enc.finish()]);
        run.submits += 1;
    }

    /// Writes the uniforms of a submission's dispatches into their slots
    /// (a larger uniform made first when they are more) and makes the
    /// read-back hold `read_bytes`.
    pub fn upload<'p, P: bytemuck::Pod>(
        &mut self,
        ctx: &Context,
        params: impl ExactSizeIterator<Item = &'p P>,
        read_bytes: u64,
    ) {
        let n = params.len();
        if self.slots < n {
            self.slots = n.next_power_of_two();
            self.params = params_buffer(ctx, self.stride * self.slots as u64);
            self.generation += 1;
        }
        if self.read_bytes < read_bytes {
            self.read_bytes = read_bytes.next_power_of_two();
            self.read = read_buffer(ctx, self.read_bytes);
        }
        if n == 0 {
            return;
        }
        let stride = self.stride as usize;
        let mut bytes = vec![0u8; stride * n];
        for (slot, p) in bytes.chunks_exact_mut(stride).zip(params) {
            let p = bytemuck::bytes_of(p);
            slot[..p.len()].copy_from_slice(p);
        }
        ctx.queue.write_buffer(&self.params, 0, &bytes);
    }

    /// The dynamic offset of slot `i`.
    pub fn offset(&self, i: usize) -> u32 {
        (i as u64 * self.stride) as u32
    }

    /// The uniform at `binding`: one slot, at the dispatch's offset.
    pub fn uniform(&self, binding: u32) -> wgpu::BindGroupEntry<'_> {
        wgpu::BindGroupEntry {
            binding,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: &self.params,
                offset: 0,
                size: wgpu::BufferSize::new(std::mem::size_of::<BfParams>() as u64),
            }),
        }
    }

    /// bfs.wgsl's group 0 (bindings 10..17, and the magic tables where the
    /// kernels `k` read them) for level `lv`, its children going to `dst`.
    pub fn level_group(
        &self,
        ctx: &Context,
        k: &Kernels,
        lv: &Level,
        dst: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        let mut entries = vec![
            self.uniform(10),
            whole(11, &lv.positions),
            whole(12, dst),
            whole(13, &lv.offsets),
            whole(14, &lv.blocks),
            whole(15, &self.acc),
            whole(16, &self.keys),
            whole(17, &self.tt),
        ];
        if let Some(m) = &k.magic {
            entries.push(whole(super::super::sliders::MAGIC_BINDING, m));
        }
        ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("bfs level"),
            layout: &k.layout,
            entries: &entries,
        })
    }
}

/// The buffers of one level (a clone shares them).
#[derive(Clone)]
pub(super) struct Level {
    /// Positions it holds.
    pub cap: u32,
    /// Block sums it holds.
    blocks_cap: u32,
    pub positions: wgpu::Buffer,
    pub offsets: wgpu::Buffer,
    pub blocks: wgpu::Buffer,
}

impl Level {
    /// Whether it lacks room for `n` positions or `nblocks` block sums.
    pub fn too_small(&self, n: u32, nblocks: u32) -> bool {
        self.cap < n || self.blocks_cap < nblocks
    }

    /// Makes room for `n` positions of `bytes` each (to the next power of
    /// two, at most `cap`) and `nblocks` block sums; true when a buffer was
    /// made again.
    fn grow(&mut self, ctx: &Context, (n, bytes): (u32, u64), nblocks: u32, cap: u32) -> bool {
        let grown = self.too_small(n, nblocks);
        if self.cap < n {
            let c = n.checked_next_power_of_two().unwrap_or(n).min(cap).max(n);
            self.positions = storage(ctx, "level", u64::from(c) * bytes);
            self.offsets = storage(ctx, "level offsets", u64::from(c) * 4);
            self.cap = c;
        }
        if self.blocks_cap < nblocks {
            let b = nblocks.checked_next_power_of_two().unwrap_or(nblocks);
            self.blocks = storage(ctx, "level block sums", u64::from(b) * 4);
            self.blocks_cap = b;
        }
        grown
    }
}

/// Makes level `l` of `levels` (the levels before it made, empty, first)
/// hold `n` positions of `bytes` each and `nblocks` block sums; true when a
/// buffer was made again.
pub(super) fn reserve_level(
    ctx: &Context,
    levels: &mut Vec<Level>,
    (l, n, bytes): (usize, u32, u64),
    nblocks: u32,
    cap: u32,
) -> bool {
    while levels.len() <= l {
        levels.push(Level {
            cap: 0,
            blocks_cap: 0,
            positions: storage(ctx, "level", 16),
            offsets: storage(ctx, "level offsets", 16),
            blocks: storage(ctx, "level block sums", 16),
        });
    }
    levels[l].grow(ctx, (n, bytes), nblocks, cap)
}

/// The plain walk's buffers.
pub(super) struct Pool {
    pub common: Common,
    pub levels: Vec<Level>,
    /// The children of the last level (none: no kernel writes them).
    dummy: wgpu::Buffer,
    /// Bind group per level, for the kernels and the common buffers of
    /// `groups_for`.
    pub groups: Vec<Option<wgpu::BindGroup>>,
    groups_for: (usize, u64),
}

impl Pool {
    pub fn new(ctx: &Context) -> Pool {
        Pool {
            common: Common::new(ctx),
            levels: Vec::new(),
            dummy: storage(ctx, "bfs no children", 16),
            groups: Vec::new(),
            groups_for: (usize::MAX, 0),
        }
    }

    /// Whether level `l` lacks room for `n` positions or `nblocks` block sums.
    pub fn too_small(&self, l: usize, n: u32, nblocks: u32) -> bool {
        self.levels.get(l).is_none_or(|lv| lv.too_small(n, nblocks))
    }

    /// Grows level `l` (and creates the levels below it) to hold `n`
    /// positions and `nblocks` block sums; the bind groups that named the
    /// old buffers go.
    pub fn grow(&mut self, ctx: &Context, l: usize, n: u32, nblocks: u32, cap: u32) {
        let bytes = super::super::packed::POS_BYTES as u64;
        reserve_level(ctx, &mut self.levels, (l, n, bytes), nblocks, cap);
        for g in [l.checked_sub(1), Some(l)].into_iter().flatten() {
            if let Some(slot) = self.groups.get_mut(g) {
                *slot = None;
            }
        }
    }

    /// Builds the bind group of level `l` (its positions, its children's
    /// level, its offsets and block sums) for kernels `k` if it is not there.
    pub fn prepare(&mut self, ctx: &Context, k: &Kernels, l: usize) {
        let now = (k.id, self.common.generation);
        if self.groups_for != now {
            self.groups.clear();
            self.groups_for = now;
            self.common.args_group = None;
        }
        if self.groups.len() <= l {
            self.groups.resize(l + 1, None);
        }
        if self.groups[l].is_none() {
            let dst = self.levels.get(l + 1).map_or(&self.dummy, |n| &n.positions);
            let group = self.common.level_group(ctx, k, &self.levels[l], dst);
            self.groups[l] = Some(group);
        }
    }
}
