//! The merged breadth-first walk's buffers ([`super::merge`]), kept
//! across runs in [`super::State`]: what both walks hold alike
//! ([`Common`]), one set per level (positions with their multiplicities,
//! offsets, block sums: [`Level`]), the staging buffer the children of a
//! range are expanded into, the open-addressing table and the matches that
//! fold them into the next level, and the merge counters. Buffers grow (to
//! a power of two, within the plan's caps) when a run needs more; every
//! bind group is built again then.

use super::super::context::Context;
use super::kernels::Kernels;
use super::pool::{reserve_level, storage, whole, Common, Level};

/// Words of a position in a merged level: the packed position, then its
/// multiplicity (lo, hi).
pub const MERGED_WORDS: usize = 13;
/// Bytes of one.
pub const MERGED_BYTES: u64 = MERGED_WORDS as u64 * 4;
/// The merge counters' bytes (merge.wgsl's `mg_acc`): entries claimed,
/// children lost, the level's nodes (lo, hi).
pub(super) const MACC_BYTES: u64 = 16;

/// Which bind group a dispatch takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Group {
    /// bfs.wgsl's kernels on level `l`: its positions, the staging buffer
    /// as their children, its offsets and block sums.
    Main(usize),
    /// merge.wgsl's kernels folding the staging buffer into level `l`.
    Merge(usize),
    /// bfs.wgsl's leaf on the staging buffer itself (level `l`'s children
    /// counted unmerged; the level's offsets and block sums fill the
    /// other bindings, unread).
    Staged(usize),
}

/// The merged walk's buffers.
pub(super) struct MergePool {
    pub common: Common,
    pub levels: Vec<Level>,
    stage: wgpu::Buffer,
    pub stage_cap: u32,
    matches: wgpu::Buffer,
    pub table: wgpu::Buffer,
    pub table_entries: u32,
    pub macc: wgpu::Buffer,
    groups: Vec<(Group, wgpu::BindGroup)>,
    /// The kernels and the common buffers the groups were built for.
    groups_for: (usize, u64),
}

impl MergePool {
    pub fn new(ctx: &Context) -> MergePool {
        MergePool {
            common: Common::new(ctx),
            levels: Vec::new(),
            stage: storage(ctx, "merge staging", 16),
            stage_cap: 0,
            matches: storage(ctx, "merge matches", 16),
            table: storage(ctx, "merge table", 16),
            table_entries: 0,
            macc: storage(ctx, "merge counters", MACC_BYTES),
            groups: Vec::new(),
            groups_for: (usize::MAX, 0),
        }
    }

    /// Makes level `l` hold `n` positions and `nblocks` block sums (at
    /// most `cap` positions are allocated ahead).
    pub fn reserve_level(&mut self, ctx: &Context, l: usize, n: u32, nblocks: u32, cap: u32) {
        if reserve_level(ctx, &mut self.levels, (l, n, MERGED_BYTES), nblocks, cap) {
            self.groups.clear();
        }
    }

    /// Makes the staging buffer hold `n` children and the table `entries`
    /// slots (a power of two).
    pub fn reserve_stage(&mut self, ctx: &Context, n: u32, entries: u32) {
        if self.stage_cap < n {
            self.stage = storage(ctx, "merge staging", u64::from(n) * MERGED_BYTES);
            self.matches = storage(ctx, "merge matches", u64::from(n) * 8);
            self.stage_cap = n;
            self.groups.clear();
        }
        if self.table_entries < entries {
            self.table = storage(ctx, "merge table", u64::from(entries) * 4);
            self.table_entries = entries;
            self.groups.clear();
        }
    }

    /// Builds the bind group `g` for kernels `k` if it is not there.
    pub fn prepare(&mut self, ctx: &Context, k: &Kernels, g: Group) {
        let now = (k.id, self.common.generation);
        if self.groups_for != now {
            self.groups.clear();
            self.groups_for = now;
            self.common.args_group = None;
        }
        if self.groups.iter().any(|(h, _)| *h == g) {
            return;
        }
        let group = match g {
            Group::Main(l) => self
                .common
                .level_group(ctx, k, &self.levels[l], &self.stage),
            Group::Merge(l) => self.merge_group(ctx, k, l),
            Group::Staged(l) => self.staged_group(ctx, k, l),
        };
        self.groups.push((g, group));
    }

    /// The bind group `g` ([`MergePool::prepare`] first).
    pub fn group(&self, g: Group) -> Option<&wgpu::BindGroup> {
        self.groups.iter().find(|(h, _)| *h == g).map(|(_, b)| b)
    }

    fn staged_group(&self, ctx: &Context, k: &Kernels, l: usize) -> wgpu::BindGroup {
        let mut staged = self.levels[l].clone();
        staged.positions = self.stage.clone();
        self.common.level_group(ctx, k, &staged, &self.matches)
    }

    fn merge_group(&self, ctx: &Context, k: &Kernels, l: usize) -> wgpu::BindGroup {
        let layout = &k.mg.as_ref().expect("merge kernels").layout;
        ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("merge"),
            layout,
            entries: &[
                self.common.uniform(30),
                whole(31, &self.stage),
                whole(32, &self.levels[l].positions),
                whole(33, &self.table),
                whole(34, &self.matches),
                whole(35, &self.macc),
            ],
        })
    }
}
