//! The fast enumeration: meet in the middle. A classic magic is
//! `log2 N - 1` zeros and `N` edge bits of a closed walk through every
//! window; split the walk after `N/2` edges and join the halves.
//!
//! ```text
//! 8 bits, 0x1D = 00 0111 01 (then the shift's fill 00):
//!   P = 00 0111                 windows 000 001 011 111
//!   Q = 11 0100, backwards
//!       00 1011                 windows 001 010 101 011
//!                               = 100 010 101 110 bit-reversed
//!   P's windows and Q's, reversed back, are complementary: P and Q join
//! ```

use super::halves::{expand, expand_bit, prune_cycles, windows_of, Blocks, RevSet, Share};
use super::{Counts, Tally};
use crate::bits::debruijn::{log2_width, DebruijnError};
use crate::bits::word::mask;

pub use super::halves::SearchStats;

/// One level of the half-sequence tree: `(bits, used windows)`.
type Level = Vec<(u64, u64)>;

/// A half-sequence while its chunk is joined: its window set and edge bits.
#[derive(Clone, Copy, Debug, Default)]
struct Half {
    key: u64,
    seq: u32,
}

/// Reusable buffers of the join, one set per thread or worker: pass the
/// same one to every [`FastEnumerator::run_chunk_in`] (a fresh one for
/// every chunk would clear its hash table every time).
#[derive(Default)]
pub struct JoinScratch {
    entries: Vec<Half>,
    slot_key: Vec<u64>,
    slot_gid: Vec<u32>,
    group_key: Vec<u64>,
    group_slot: Vec<u32>,
    group_start: Vec<u32>,
    fill: Vec<u32>,
    gid_of: Vec<u32>,
    hi: Vec<u64>,
    lo: Vec<u64>,
    ends: Vec<u32>,
}

/// The first `len` items of `v` as a slice, grown with defaults if short.
fn room<T: Copy + Default>(v: &mut Vec<T>, len: usize) -> &mut [T] {
    if v.len() < len {
        v.resize(len, T::default());
    }
    &mut v[..len]
}

/// The slot of key `k` in an open-addressing table of power-of-two size
/// (`slot_gid` `u32::MAX` = empty), and whether it is there.
#[inline(always)]
fn find(slot_key: &[u64], slot_gid: &[u32], k: u64, shift: u32) -> (usize, bool) {
    let m = slot_key.len() - 1;
    let mut h = (k.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> shift) as usize & m;
    loop {
        if slot_gid[h] == u32::MAX {
            return (h, false);
        }
        if slot_key[h] == k {
            return (h, true);
        }
        h = (h + 1) & m;
    }
}

/// Every classic magic of a width by meeting in the middle: fast and
/// unordered; [`enumerate_chunk`](super::enumerate_chunk) is the ordered walk.
///
/// A magic is `log2 N - 1` zeros and then `N` edge bits of a closed walk
/// through all windows; split it after `N/2` edges. The first half is a
/// *half-sequence*: `log2 N - 1` zeros and `N/2` bits with `N/2` distinct
/// windows. Read backwards, the second half (ending in the zero fill) is a
/// half-sequence too, with its windows bit-reversed. So one list of
/// half-sequences serves both sides: `P` and `Q` join when the windows of
/// `P` and the reversed windows of `Q` are complementary sets. Each magic
/// reported has therefore had all `N` windows checked distinct: `P`'s while
/// it was built, `Q`'s likewise, and the two sets disjoint by exact
/// comparison of the window sets; the node where they meet is checked to
/// agree as well. While they are built, half-sequences that cannot close
/// are dropped early (a cycle among the edges that nodes must leave by
/// last, see the BEST theorem): 19.0 million become 12.4 million.
///
/// Memory: a half-sequence is kept as its `N/2` edge bits only (a `u32`,
/// about 50 MB for 64 bits); its window set is read off again when its
/// chunk is joined.
///
/// The half-sequences are split into 1024 chunks (64 bits) by a hash of
/// the smaller of `U` (the window set) and its partners' set `!reverse(U)`,
/// which a half-sequence and its partners share, so each chunk joins on its
/// own; chunks give progress, and threads (or workers) can join different
/// chunks at once. A pool of workers splits the tree walk too (see
/// [`FastEnumerator::new_part`]).
pub struct FastEnumerator {
    width: u32,
    n: u32,
    rev: RevSet,
    /// The window set of 8 edge bits (and the `n - 1` before them).
    wins: Box<[u64]>,
    coarse: u32,
    /// `parts[t][chunk]`: the half-sequences one builder put in a chunk.
    parts: Vec<Vec<Blocks>>,
    /// What the half-sequence search kept and cut.
    stats: SearchStats,
    /// This enumerator's share of the leaves and chunks.
    share: Share,
}

const COARSE_BITS: u32 = 10;

impl FastEnumerator {
    /// Builds the half-sequences.
    ///
    /// # Errors
    /// A bad width.
    pub fn new(width: u32) -> Result<FastEnumerator, DebruijnError> {
        FastEnumerator::new_observed(width, |_, _, _| true)
    }

    /// [`FastEnumerator::new`], calling `observe(done, total, stats)` about
    /// 64 times while the half-sequences grow (`done` of `total` subtrees,
    /// `stats` so far); `observe` returning false stops the build.
    ///
    /// # Errors
    /// A bad width, or [`DebruijnError::Cancelled`] when `observe` stopped it.
    pub fn new_observed(
        width: u32,
        observe: impl FnMut(usize, usize, &SearchStats) -> bool,
    ) -> Result<FastEnumerator, DebruijnError> {
        FastEnumerator::new_part(width, 0, 1, observe)
    }

    /// [`FastEnumerator::new_observed`] for share `part` of `parts` (one
    /// worker of a pool each): it keeps only the half-sequences of its share
    /// and joins only those; the shares' magics add up to all of them.
    ///
    /// For 64 bits the shares split the tree walk itself: a magic's two
    /// halves end on bit-reversed nodes, so the middle bit of the end node
    /// (appended two levels before the leaves) is the same in both, and a
    /// share of 2 walks only its half of the last levels (up to 8 classes
    /// by such bits, see `Share`). Shares of one class split its chunks
    /// (`my_chunks`). Its `stats()` count its leaves and its part of the
    /// cuts: the shares' stats add up to the whole tree's.
    ///
    /// # Errors
    /// A bad width or share, or [`DebruijnError::Cancelled`].
    pub fn new_part(
        width: u32,
        part: usize,
        parts: usize,
        mut observe: impl FnMut(usize, usize, &SearchStats) -> bool,
    ) -> Result<FastEnumerator, DebruijnError> {
        let mut e = FastEnumerator::empty(width)?;
        if parts == 0 || part >= parts || parts > e.chunks() {
            return Err(DebruijnError::BadChunk {
                index: part as u64,
                count: parts as u64,
                max: e.chunks() as u64,
            });
        }
        e.share = Share::new(part, parts, e.n);
        let (tops, trunk) = e.tops();
        let mut stats = if part == 0 {
            trunk
        } else {
            SearchStats::default()
        };
        let step = tops.len().div_ceil(64).max(1);
        let mut chunks = vec![Blocks::default(); 1usize << e.coarse];
        let mut bufs = (Vec::new(), Vec::new());
        for (k, slice) in tops.chunks(step).enumerate() {
            for (i, &t) in slice.iter().enumerate() {
                e.grow_top(k * step + i, t, &mut bufs, &mut chunks, &mut stats);
            }
            if !observe(((k + 1) * step).min(tops.len()), tops.len(), &stats) {
                return Err(DebruijnError::Cancelled);
            }
        }
        e.parts = vec![chunks];
        e.stats = stats;
        Ok(e)
    }

    /// The half-sequence search's leaves and cuts.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// [`FastEnumerator::new`] with the building split over `threads`
    /// threads (native only).
    ///
    /// # Errors
    /// A bad width.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn new_threaded(width: u32, threads: usize) -> Result<FastEnumerator, DebruijnError> {
        let mut e = FastEnumerator::empty(width)?;
        let (tops, mut stats) = e.tops();
        let threads = threads.max(1);
        let this = &e;
        let grown: Vec<(Vec<Blocks>, SearchStats)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let tops = &tops;
                    scope.spawn(move || {
                        let mut chunks = vec![Blocks::default(); 1usize << this.coarse];
                        let mut stats = SearchStats::default();
                        let mut bufs = (Vec::new(), Vec::new());
                        for (i, &top) in tops.iter().enumerate().skip(t).step_by(threads) {
                            this.grow_top(i, top, &mut bufs, &mut chunks, &mut stats);
                        }
                        (chunks, stats)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        for (_, s) in &grown {
            stats.add(s);
        }
        e.parts = grown.into_iter().map(|(c, _)| c).collect();
        e.stats = stats;
        Ok(e)
    }

    fn empty(width: u32) -> Result<FastEnumerator, DebruijnError> {
        let n = log2_width(width)?;
        let wins = (0..1u64 << (n + 7)).map(|v| windows_of(v, n, 8)).collect();
        Ok(FastEnumerator {
            width,
            n,
            rev: RevSet::new(n),
            wins,
            coarse: FastEnumerator::chunk_count(width).trailing_zeros(),
            parts: Vec::new(),
            stats: SearchStats::default(),
            share: Share::ALL,
        })
    }

    /// The first `N/4` levels of the half-sequence tree, pruned, and the
    /// branches cut on the way (`leaves` stays 0: these are inner nodes).
    fn tops(&self) -> (Vec<(u64, u64)>, SearchStats) {
        let wmask = mask(self.n);
        let mut stats = SearchStats::default();
        let mut a = vec![(0u64, 0u64)];
        let mut a_len = 1;
        let mut b = Vec::new();
        for _ in 0..self.width / 4 {
            let k = expand(&a[..a_len], &mut b, wmask);
            stats.cut_repeat += (2 * a_len - k) as u64;
            std::mem::swap(&mut a, &mut b);
            a_len = k;
        }
        let kept = prune_cycles(&mut a[..a_len], self.n);
        stats.cut_cycle += (a_len - kept) as u64;
        a.truncate(kept);
        (a, stats)
    }

    /// The window set of a half-sequence from its `N/2` edge bits (the
    /// leading zeros included): a table lookup per 8 bits.
    #[inline(always)]
    fn key_of(&self, seq: u32) -> u64 {
        let half = self.width / 2;
        if !half.is_multiple_of(8) {
            return windows_of(seq as u64, self.n, half);
        }
        let tmask = (1u64 << (self.n + 7)) - 1;
        let wins = &self.wins[..];
        let (mut u, mut k) = (0, 0);
        while k < half {
            u |= wins[((seq as u64 >> k) & tmask) as usize];
            k += 8;
        }
        u
    }

    /// Grows top `index` (one of [`FastEnumerator::tops`]) into
    /// half-sequences, bucketed into `chunks` when they are this share's;
    /// adds the leaves kept and the branches cut (those this share counts)
    /// to `stats`. `bufs` are two scratch levels.
    #[inline(never)]
    fn grow_top(
        &self,
        index: usize,
        top: (u64, u64),
        bufs: &mut (Level, Level),
        chunks: &mut [Blocks],
        stats: &mut SearchStats,
    ) {
        let (n, half) = (self.n, self.width / 2);
        let first = half / 2;
        let wmask = mask(n);
        // the level where the classes part, and who counts the cuts
        let split = half - 2;
        let fixed = self.share.fixed_bit();
        let above = self.share.counts_top(index);
        let below = match fixed {
            Some(_) => self.share.counts_fixed_top(index),
            None => above,
        };
        let (c1, c2) = bufs;
        c1.clear();
        c1.push(top);
        let mut len = 1;
        for level in first + 1..=half {
            let (k, tried) = match fixed {
                Some(bit) if level == split => (expand_bit(&c1[..len], c2, wmask, bit), len),
                _ => (expand(&c1[..len], c2, wmask), 2 * len),
            };
            let counts = if level >= split { below } else { above };
            if counts {
                stats.cut_repeat += (tried - k) as u64;
            }
            len = k;
            std::mem::swap(c1, c2);
            if (level - first).is_multiple_of(4) && level < half {
                let kept = prune_cycles(&mut c1[..len], n);
                if counts {
                    stats.cut_cycle += (len - kept) as u64;
                }
                len = kept;
            }
        }
        for &(s, u) in &c1[..len] {
            let chunk = self.chunk_of(self.hash(u));
            if self.share.keeps(s, chunk) {
                chunks[chunk].push(s as u32);
                stats.leaves += 1;
            }
        }
    }

    /// The hash a half-sequence shares with its partners.
    #[inline(always)]
    fn hash(&self, u: u64) -> u32 {
        // the smaller of the set and its partner's, mixed (murmur3's finalizer)
        let mut c = u.min(self.rev.partner(u));
        c ^= c >> 33;
        c = c.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        c ^= c >> 33;
        c = c.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        ((c ^ (c >> 33)) >> 32) as u32
    }

    #[inline(always)]
    fn chunk_of(&self, hash: u32) -> usize {
        if self.coarse == 0 {
            0
        } else {
            (hash >> (32 - self.coarse)) as usize
        }
    }

    /// How many half-sequences there are (both sides of every magic).
    pub fn half_sequences(&self) -> usize {
        self.parts.iter().flatten().map(Blocks::len).sum()
    }

    /// How many chunks the enumeration of a width is joined in (1024 for 64
    /// bits, 1 below), known before the half-sequences are built.
    pub fn chunk_count(width: u32) -> usize {
        if width == 64 {
            1 << COARSE_BITS
        } else {
            1
        }
    }

    /// How many chunks [`FastEnumerator::run_chunk`] takes.
    pub fn chunks(&self) -> usize {
        1 << self.coarse
    }

    /// The chunks of this enumerator's share (all of them unless built by
    /// [`FastEnumerator::new_part`]); the others hold none of its magics.
    pub fn my_chunks(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.chunks()).filter(move |&k| self.share.has_chunk(k))
    }

    /// How many chunks share `part` of `parts` joins (the length of its
    /// [`FastEnumerator::my_chunks`]), known before it is built.
    ///
    /// # Errors
    /// A bad width.
    pub fn share_chunks(width: u32, part: usize, parts: usize) -> Result<usize, DebruijnError> {
        let share = Share::new(part, parts.max(1), log2_width(width)?);
        Ok((0..FastEnumerator::chunk_count(width))
            .filter(|&k| share.has_chunk(k))
            .count())
    }

    /// Visits the magics of one chunk (unordered); returns how many.
    ///
    /// # Errors
    /// [`DebruijnError::BadChunk`] for an index past [`FastEnumerator::chunks`].
    pub fn run_chunk(&self, index: usize, visit: impl FnMut(u64)) -> Result<u64, DebruijnError> {
        self.run_chunk_in(index, &mut JoinScratch::default(), visit)
    }

    /// [`FastEnumerator::run_chunk`] with the buffers of earlier chunks.
    ///
    /// # Errors
    /// [`DebruijnError::BadChunk`] for an index past [`FastEnumerator::chunks`].
    pub fn run_chunk_in(
        &self,
        index: usize,
        scratch: &mut JoinScratch,
        mut visit: impl FnMut(u64),
    ) -> Result<u64, DebruijnError> {
        Ok(self.chunk_inner(index, scratch, &mut visit, true)?.0)
    }

    /// Counts the magics of one chunk without visiting them: `(odd, even)`.
    ///
    /// # Errors
    /// [`DebruijnError::BadChunk`] for an index past [`FastEnumerator::chunks`].
    pub fn count_chunk(&self, index: usize) -> Result<(u64, u64), DebruijnError> {
        let (all, odd) =
            self.chunk_inner(index, &mut JoinScratch::default(), &mut |_| {}, false)?;
        Ok((odd, all - odd))
    }

    /// One chunk's join; kept out of line so that a browser's tiered
    /// compiler can optimise it after the first chunks (it cannot switch a
    /// running call to the optimised code).
    #[inline(never)]
    fn chunk_inner<F: FnMut(u64)>(
        &self,
        index: usize,
        sc: &mut JoinScratch,
        visit: &mut F,
        each: bool,
    ) -> Result<(u64, u64), DebruijnError> {
        if index >= self.chunks() {
            return Err(DebruijnError::BadChunk {
                index: index as u64,
                count: self.chunks() as u64,
                max: self.chunks() as u64,
            });
        }
        // the window sets, read off again (a chunk is small: it fits in cache)
        let mut entries = std::mem::take(&mut sc.entries);
        entries.clear();
        for p in &self.parts {
            for block in p[index].slices() {
                entries.extend(block.iter().map(|&seq| Half {
                    key: self.key_of(seq),
                    seq,
                }));
            }
        }
        let found = self.join(&entries, sc, visit, each);
        sc.entries = entries;
        Ok(found)
    }

    /// Joins the half-sequences of one part: groups them by window set, then
    /// pairs every group with the group of the complementary reversed set.
    ///
    /// Kept as one function on purpose: it is the enumeration's hot loop
    /// (134 M magics at 64 bits), and its scratch buffers and group cursors
    /// stay in registers only while the grouping and the pairing share one
    /// body (the page's build is opt-level "z", which does not inline across
    /// helpers).
    #[inline(always)]
    fn join<F: FnMut(u64)>(
        &self,
        part: &[Half],
        sc: &mut JoinScratch,
        visit: &mut F,
        each: bool,
    ) -> (u64, u64) {
        let n = self.n;
        let half = self.width / 2;
        let tail_bits = half - n + 1;
        let node_mask = mask(n - 1) as u32;
        let len = part.len();
        let cap = (len * 2).next_power_of_two().max(16);
        if sc.slot_gid.len() < cap {
            sc.slot_gid.resize(cap, u32::MAX);
        }
        let shift = 64 - cap.trailing_zeros();
        let slot_key = room(&mut sc.slot_key, cap);
        let slot_gid = &mut sc.slot_gid[..cap];
        // at most one group per half-sequence
        let group_key = room(&mut sc.group_key, len);
        let group_slot = room(&mut sc.group_slot, len);
        let group_start = room(&mut sc.group_start, len + 1);
        let gid_of = room(&mut sc.gid_of, len);
        let mut groups = 0;
        for (e, gid) in part.iter().zip(gid_of.iter_mut()) {
            let (h, found) = find(slot_key, slot_gid, e.key, shift);
            let g = if found {
                slot_gid[h] as usize
            } else {
                slot_key[h] = e.key;
                slot_gid[h] = groups as u32;
                group_key[groups] = e.key;
                group_slot[groups] = h as u32;
                group_start[groups] = 0;
                groups += 1;
                groups - 1
            };
            group_start[g] += 1;
            *gid = g as u32;
        }
        let mut acc = 0u32;
        for s in group_start[..groups].iter_mut() {
            let c = *s;
            *s = acc;
            acc += c;
        }
        group_start[groups] = acc;
        let fill = room(&mut sc.fill, groups);
        fill.copy_from_slice(&group_start[..groups]);
        let hi = room(&mut sc.hi, len);
        let lo = room(&mut sc.lo, len);
        let ends = room(&mut sc.ends, len);
        for (e, &g) in part.iter().zip(gid_of.iter()) {
            let at = fill[g as usize] as usize;
            fill[g as usize] += 1;
            let s = e.seq;
            hi[at] = (s as u64) << tail_bits;
            lo[at] = ((s >> (n - 1)) as u64).reverse_bits() >> (64 - tail_bits);
            ends[at] = s & node_mask;
        }
        let rev_node = |x: u32| x.reverse_bits() >> (32 - (n - 1));
        let mut found = 0u64;
        let mut odd = 0u64;
        for g in 0..groups {
            let target = self.rev.partner(group_key[g]);
            let (h, ok) = find(slot_key, slot_gid, target, shift);
            if !ok {
                continue;
            }
            let g2 = slot_gid[h] as usize;
            let (p0, p1) = (group_start[g] as usize, group_start[g + 1] as usize);
            let (q0, q1) = (group_start[g2] as usize, group_start[g2 + 1] as usize);
            // the node where the halves meet must agree
            if ends[p0] != rev_node(ends[q0]) {
                continue;
            }
            let (ps, qs) = (&hi[p0..p1], &lo[q0..q1]);
            if each {
                for &p in ps {
                    for &q in qs {
                        visit(p | q);
                    }
                }
            } else {
                // the magic is odd when its last bit, the low bit of q, is set
                let odd_q = qs.iter().filter(|&&q| q & 1 == 1).count();
                odd += (ps.len() * odd_q) as u64;
            }
            found += (ps.len() * qs.len()) as u64;
        }
        // leave the slots empty for the next part
        for &h in &group_slot[..groups] {
            slot_gid[h as usize] = u32::MAX;
        }
        (found, odd)
    }

    /// Joins every chunk on `threads` threads (native only), each thread
    /// taking the next chunk: `visit(acc, magic)` for every magic with one
    /// accumulator per thread; `progress(done, chunks)` on the calling
    /// thread after each chunk. Returns the accumulators.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn run_threaded<A, V, P>(&self, threads: usize, visit: V, mut progress: P) -> Vec<A>
    where
        A: Default + Send,
        V: Fn(&mut A, u64) + Sync,
        P: FnMut(usize, usize),
    {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let next = AtomicUsize::new(0);
        let chunks = self.chunks();
        std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::channel();
            let handles: Vec<_> = (0..threads.clamp(1, chunks))
                .map(|_| {
                    let (tx, next, visit) = (tx.clone(), &next, &visit);
                    scope.spawn(move || {
                        let mut acc = A::default();
                        let mut sc = JoinScratch::default();
                        loop {
                            let k = next.fetch_add(1, Ordering::Relaxed);
                            let mut each = |m| visit(&mut acc, m);
                            if k >= chunks || self.chunk_inner(k, &mut sc, &mut each, true).is_err()
                            {
                                return acc;
                            }
                            let _ = tx.send(());
                        }
                    })
                })
                .collect();
            drop(tx);
            for (done, ()) in rx.iter().enumerate() {
                progress(done + 1, chunks);
            }
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        })
    }

    /// Visits every magic (unordered); returns how many.
    pub fn run_all<F: FnMut(u64)>(&self, mut visit: F) -> u64 {
        let mut sc = JoinScratch::default();
        let mut found = 0;
        for i in 0..self.chunks() {
            found += self.run_chunk_in(i, &mut sc, &mut visit).unwrap_or(0);
        }
        found
    }
}

/// Every classic magic of a width, unordered, by [`FastEnumerator`].
///
/// # Errors
/// A bad width.
pub fn enumerate_fast(width: u32, visit: impl FnMut(u64)) -> Result<u64, DebruijnError> {
    Ok(FastEnumerator::new(width)?.run_all(visit))
}

/// Counts the classic magics of a width with [`FastEnumerator`]: every
/// joined pair of half-sequences is checked as in the enumeration, but the
/// pairs of two groups are counted by multiplying instead of one by one.
///
/// # Errors
/// A bad width.
pub fn count(width: u32) -> Result<Counts, DebruijnError> {
    let e = FastEnumerator::new(width)?;
    let mut parts = Vec::with_capacity(e.chunks());
    for i in 0..e.chunks() {
        let (odd, even) = e.count_chunk(i)?;
        parts.push(Tally {
            all: odd + even,
            odd,
        });
    }
    Ok(parts.into_iter().sum::<Tally>().counts(width))
}

#[cfg(test)]
#[path = "join_tests.rs"]
mod tests;
