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

use super::Counts;
use crate::bits::debruijn::{log2_width, DebruijnError};
use crate::bits::word::mask;

/// Bit `w` of a window set moved to bit `reverse(w)` (windows of `n` bits),
/// eight byte tables.
struct RevSet {
    table: [[u64; 256]; 8],
    full: u64,
}

impl RevSet {
    fn new(n: u32) -> RevSet {
        let windows = 1u32 << n;
        let mut table = [[0u64; 256]; 8];
        for (byte, t) in table.iter_mut().enumerate() {
            for (x, slot) in t.iter_mut().enumerate() {
                let mut r = 0u64;
                for b in 0..8u32 {
                    let w = byte as u32 * 8 + b;
                    if x >> b & 1 == 1 && w < windows {
                        r |= 1u64 << (w.reverse_bits() >> (32 - n));
                    }
                }
                *slot = r;
            }
        }
        RevSet {
            table,
            full: mask(windows),
        }
    }

    #[inline(always)]
    fn apply(&self, u: u64) -> u64 {
        let mut r = 0;
        for (byte, t) in self.table.iter().enumerate() {
            r |= t[(u >> (8 * byte)) as usize & 255];
        }
        r
    }
}

/// One level of the half-sequence search, without branches on the data:
/// each `(bits, used windows)` of `cur` gets both children in `next`, kept
/// only when the window it completes is new. Returns how many were kept
/// (`next` only grows, so its old tail is scratch).
fn expand(cur: &[(u64, u64)], next: &mut Vec<(u64, u64)>, wmask: u64) -> usize {
    if next.len() < cur.len() * 2 {
        next.resize(cur.len() * 2, (0, 0));
    }
    let mut k = 0;
    for &(s, u) in cur {
        let s0 = s << 1;
        let w0 = s0 & wmask;
        next[k] = (s0, u | 1 << w0);
        k += ((u >> w0) & 1 ^ 1) as usize;
        let s1 = s0 | 1;
        let w1 = s1 & wmask;
        next[k] = (s1, u | 1 << w1);
        k += ((u >> w1) & 1 ^ 1) as usize;
    }
    k
}

/// Drops the half-sequences that cannot close: a node left with exactly one
/// unused out-edge must leave by it last, so those edges, followed from node
/// to node, must lead to the root (the BEST theorem); a cycle among them
/// means no closed walk can use them all. Keeps the rest at the front and
/// returns how many.
fn prune_cycles(states: &mut [(u64, u64)], n: u32) -> usize {
    let nodes = 1u32 << (n - 1);
    let mut keep = 0;
    for i in 0..states.len() {
        if !has_exit_cycle(states[i].1, nodes) {
            states[keep] = states[i];
            keep += 1;
        }
    }
    keep
}

/// The even bits of `x` packed into the low half.
#[inline(always)]
fn even_bits(x: u64) -> u64 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    (x | (x >> 16)) & 0x0000_0000_FFFF_FFFF
}

/// Is there a cycle among the unused edges of nodes with one unused edge?
/// Bit-parallel over the nodes: node `v` has edges `2v` (bit 0) and `2v + 1`
/// (bit 1) of `used`; it points along its unused edge to `(2v + bit) mod
/// nodes`. Nodes whose target has no such edge are peeled off until nothing
/// changes; what remains lies on or leads into a cycle.
#[inline(always)]
fn has_exit_cycle(used: u64, nodes: u32) -> bool {
    let all = if nodes >= 64 {
        u64::MAX
    } else {
        (1u64 << nodes) - 1
    };
    let e0 = even_bits(used) & all;
    let e1 = even_bits(used >> 1) & all;
    let mut set = (e0 ^ e1) & !1; // the root (node 0) is where the tree ends
    let half = nodes / 2;
    let lo = (1u64 << half) - 1;
    loop {
        // target 2v mod nodes (+1 when edge 0 is the used one)
        let ev = even_bits(set) & lo;
        let od = even_bits(set >> 1) & lo;
        let in0 = ev | (ev << half);
        let in1 = od | (od << half);
        let next = set & ((in0 & !e0) | (in1 & e0));
        if next == set {
            return set != 0;
        }
        set = next;
    }
}

/// A half-sequence while its chunk is joined: its window set and edge bits.
#[derive(Clone, Copy, Debug, Default)]
struct Half {
    key: u64,
    seq: u32,
}

/// Reusable buffers of one join.
#[derive(Default)]
struct JoinScratch {
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
/// own; chunks give progress,
/// and threads (or workers) can join different chunks at once.
pub struct FastEnumerator {
    width: u32,
    n: u32,
    rev: RevSet,
    /// The window set of 8 edge bits (and the `n - 1` before them).
    wins: Vec<u64>,
    coarse: u32,
    /// `parts[t][chunk]`: the half-sequences one builder put in a chunk.
    parts: Vec<Vec<Blocks>>,
    /// What the half-sequence search kept and cut.
    stats: SearchStats,
    /// This enumerator's share: the chunks `k` with `k % shares == share`.
    share: usize,
    shares: usize,
}

/// The half-sequence search tree, counted: its leaves (the half-sequences
/// kept) and the branches it cut, by reason.
///
/// ```text
/// 00 --0--> 000   window 000 already used: cut (repeat)
///    --1--> 001   new window: kept, grows on
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Half-sequences the search reached (the tree's leaves).
    pub leaves: u64,
    /// Branches cut because the bit appended made a window seen before.
    pub cut_repeat: u64,
    /// Branches cut because the edges some nodes must leave by last form a
    /// cycle (the BEST theorem: no closed walk can use them all).
    pub cut_cycle: u64,
}

impl SearchStats {
    fn add(&mut self, other: &SearchStats) {
        self.leaves += other.leaves;
        self.cut_repeat += other.cut_repeat;
        self.cut_cycle += other.cut_cycle;
    }

    /// Every branch cut, for either reason.
    pub fn cuts(&self) -> u64 {
        self.cut_repeat + self.cut_cycle
    }
}

/// A list of `u32` in fixed blocks: no reallocation, so no copy and no
/// freed block left behind while it grows (the peak memory is the list).
#[derive(Clone, Default)]
struct Blocks {
    blocks: Vec<Vec<u32>>,
}

impl Blocks {
    const BLOCK: usize = 512;

    #[inline(always)]
    fn push(&mut self, x: u32) {
        match self.blocks.last_mut() {
            Some(b) if b.len() < Self::BLOCK => b.push(x),
            _ => {
                let mut b = Vec::with_capacity(Self::BLOCK);
                b.push(x);
                self.blocks.push(b);
            }
        }
    }

    fn len(&self) -> usize {
        self.blocks.iter().map(Vec::len).sum()
    }

    fn iter(&self) -> impl Iterator<Item = &u32> {
        self.blocks.iter().flatten()
    }
}

const COARSE_BITS: u32 = 10;

/// The window set of the `bits` low bits of `s` (zeros above them).
#[inline(always)]
fn windows_of(s: u64, n: u32, bits: u32) -> u64 {
    (0..bits).fold(0, |u, i| u | 1u64 << ((s >> i) & mask(n)))
}

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
    /// worker of a pool each): it walks the whole half-sequence tree but
    /// keeps only the half-sequences of its chunks (`k % parts == part`), and
    /// joins only those; the shares' magics add up to all of them. Its
    /// `stats().leaves` counts the half-sequences it kept.
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
        (e.share, e.shares) = (part, parts);
        let (tops, mut stats) = e.tops();
        let step = tops.len().div_ceil(64).max(1);
        let mut chunks = vec![Blocks::default(); 1usize << e.coarse];
        for (k, slice) in tops.chunks(step).enumerate() {
            stats.add(&e.grow_into(slice.iter(), &mut chunks));
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
                        let stats =
                            this.grow_into(tops.iter().skip(t).step_by(threads), &mut chunks);
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
            share: 0,
            shares: 1,
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
        (0..half).step_by(8).fold(0, |u, k| {
            u | self.wins[((seq as u64 >> k) & tmask) as usize]
        })
    }

    /// Grows tops into half-sequences, bucketed into `chunks`; returns the
    /// leaves reached and the branches cut.
    fn grow_into<'a>(
        &self,
        tops: impl Iterator<Item = &'a (u64, u64)>,
        chunks: &mut [Blocks],
    ) -> SearchStats {
        let (n, half) = (self.n, self.width / 2);
        let top = half / 2;
        let wmask = mask(n);
        let mut stats = SearchStats::default();
        let mut c1: Vec<(u64, u64)> = Vec::new();
        let mut c2 = Vec::new();
        for &t in tops {
            c1.clear();
            c1.push(t);
            let mut len = 1;
            for d in top..half {
                let k = expand(&c1[..len], &mut c2, wmask);
                stats.cut_repeat += (2 * len - k) as u64;
                len = k;
                std::mem::swap(&mut c1, &mut c2);
                if (d + 1 - top).is_multiple_of(4) && d + 1 < half {
                    let kept = prune_cycles(&mut c1[..len], n);
                    stats.cut_cycle += (len - kept) as u64;
                    len = kept;
                }
            }
            for &(s, u) in &c1[..len] {
                let chunk = self.chunk_of(self.hash(u));
                if chunk % self.shares == self.share {
                    chunks[chunk].push(s as u32);
                    stats.leaves += 1;
                }
            }
        }
        stats
    }

    /// The hash a half-sequence shares with its partners.
    #[inline(always)]
    fn hash(&self, u: u64) -> u32 {
        // the smaller of the set and its partner's, mixed (murmur3's finalizer)
        let mut c = u.min(!self.rev.apply(u) & self.rev.full);
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
    /// [`FastEnumerator::new_part`]).
    pub fn my_chunks(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.chunks()).filter(move |k| k % self.shares == self.share)
    }

    /// Visits the magics of one chunk (unordered); returns how many.
    ///
    /// # Errors
    /// [`DebruijnError::BadChunk`] for an index past [`FastEnumerator::chunks`].
    pub fn run_chunk(
        &self,
        index: usize,
        mut visit: impl FnMut(u64),
    ) -> Result<u64, DebruijnError> {
        Ok(self
            .chunk_inner(index, &mut JoinScratch::default(), &mut visit, true)?
            .0)
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
        entries.extend(
            self.parts
                .iter()
                .flat_map(|p| p[index].iter())
                .map(|&seq| Half {
                    key: self.key_of(seq),
                    seq,
                }),
        );
        let found = self.join(&entries, sc, visit, each);
        sc.entries = entries;
        Ok(found)
    }

    /// Joins the half-sequences of one part: groups them by window set, then
    /// pairs every group with the group of the complementary reversed set.
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
        if sc.slot_key.len() < cap {
            sc.slot_key.resize(cap, 0);
            sc.slot_gid.resize(cap, u32::MAX);
        }
        let shift = 64 - cap.trailing_zeros();
        let find = |slot_key: &[u64], slot_gid: &[u32], k: u64| -> (usize, bool) {
            let mut h = (k.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> shift) as usize;
            loop {
                if slot_gid[h] == u32::MAX {
                    return (h, false);
                }
                if slot_key[h] == k {
                    return (h, true);
                }
                h = (h + 1) & (cap - 1);
            }
        };
        sc.group_key.clear();
        sc.group_slot.clear();
        sc.group_start.clear();
        sc.gid_of.clear();
        for e in part {
            let (h, found) = find(&sc.slot_key, &sc.slot_gid, e.key);
            if !found {
                sc.slot_key[h] = e.key;
                sc.slot_gid[h] = sc.group_key.len() as u32;
                sc.group_key.push(e.key);
                sc.group_slot.push(h as u32);
                sc.group_start.push(0);
            }
            let g = sc.slot_gid[h] as usize;
            sc.group_start[g] += 1;
            sc.gid_of.push(g as u32);
        }
        let groups = sc.group_key.len();
        let mut acc = 0u32;
        for s in sc.group_start.iter_mut() {
            let c = *s;
            *s = acc;
            acc += c;
        }
        sc.group_start.push(acc);
        sc.fill.clear();
        sc.fill.extend_from_slice(&sc.group_start);
        sc.hi.resize(len, 0);
        sc.lo.resize(len, 0);
        sc.ends.resize(len, 0);
        for (e, &g) in part.iter().zip(&sc.gid_of) {
            let at = sc.fill[g as usize] as usize;
            sc.fill[g as usize] += 1;
            let s = e.seq;
            sc.hi[at] = (s as u64) << tail_bits;
            sc.lo[at] = ((s >> (n - 1)) as u64).reverse_bits() >> (64 - tail_bits);
            sc.ends[at] = s & node_mask;
        }
        let rev_node = |x: u32| x.reverse_bits() >> (32 - (n - 1));
        let mut found = 0u64;
        let mut odd = 0u64;
        for g in 0..groups {
            let target = !self.rev.apply(sc.group_key[g]) & self.rev.full;
            let (h, ok) = find(&sc.slot_key, &sc.slot_gid, target);
            if !ok {
                continue;
            }
            let g2 = sc.slot_gid[h] as usize;
            let (p0, p1) = (sc.group_start[g] as usize, sc.group_start[g + 1] as usize);
            let (q0, q1) = (sc.group_start[g2] as usize, sc.group_start[g2 + 1] as usize);
            // the node where the halves meet must agree
            if sc.ends[p0] != rev_node(sc.ends[q0]) {
                continue;
            }
            let (ps, qs) = (&sc.hi[p0..p1], &sc.lo[q0..q1]);
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
        for &h in &sc.group_slot {
            sc.slot_gid[h as usize] = u32::MAX;
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
        let mut found = 0;
        for i in 0..self.chunks() {
            found += self.run_chunk(i, &mut visit).unwrap_or(0);
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
    let (mut odd, mut even) = (0u64, 0u64);
    for i in 0..e.chunks() {
        let (o, v) = e.count_chunk(i)?;
        odd += o;
        even += v;
    }
    Ok(Counts {
        width,
        multipliers: odd + even,
        sequences: odd,
        odd,
        even,
    })
}

#[cfg(test)]
#[path = "join_tests.rs"]
mod tests;
