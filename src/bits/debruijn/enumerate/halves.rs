//! The half-sequence search of the meet-in-the-middle engine (`join.rs`):
//! the tree of half-sequences grown level by level, the cuts that prune it,
//! and how a pool of workers shares its leaves out.
//!
//! The hot loops here index slices (never `Vec`s through `Index`) and are
//! `#[inline(always)]` where it matters: the page is built at opt-level "z",
//! where a `Vec` index or a `Vec::push` stays a function call.

use crate::bits::word::mask;

/// Bit `w` of a window set moved to bit `reverse(w)` (windows of `n` bits),
/// eight byte tables.
pub(super) struct RevSet {
    table: [[u64; 256]; 8],
    pub(super) full: u64,
}

impl RevSet {
    pub(super) fn new(n: u32) -> RevSet {
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
    pub(super) fn apply(&self, u: u64) -> u64 {
        let t = &self.table;
        let b = |k: usize| (u >> (8 * k)) as usize & 255;
        (t[0][b(0)] | t[1][b(1)] | t[2][b(2)] | t[3][b(3)])
            | (t[4][b(4)] | t[5][b(5)] | t[6][b(6)] | t[7][b(7)])
    }

    /// The window set every partner of a half-sequence with windows `u` has.
    #[inline(always)]
    pub(super) fn partner(&self, u: u64) -> u64 {
        !self.apply(u) & self.full
    }
}

/// One level of the half-sequence search, without branches on the data:
/// each `(bits, used windows)` of `cur` gets both children in `next`, kept
/// only when the window it completes is new. Returns how many were kept
/// (`next` only grows, so its old tail is scratch).
pub(super) fn expand(cur: &[(u64, u64)], next: &mut Vec<(u64, u64)>, wmask: u64) -> usize {
    if next.len() < cur.len() * 2 + 2 {
        next.resize(cur.len() * 2 + 2, (0, 0));
    }
    let out = next.as_mut_slice();
    let mut k = 0;
    for &(s, u) in cur {
        let s0 = s << 1;
        let w0 = s0 & wmask;
        out[k] = (s0, u | 1 << w0);
        k += ((u >> w0) & 1 ^ 1) as usize;
        let s1 = s0 | 1;
        let w1 = s1 & wmask;
        out[k] = (s1, u | 1 << w1);
        k += ((u >> w1) & 1 ^ 1) as usize;
    }
    k
}

/// [`expand`] with one child each: the one whose new edge bit is `bit`.
pub(super) fn expand_bit(
    cur: &[(u64, u64)],
    next: &mut Vec<(u64, u64)>,
    wmask: u64,
    bit: u64,
) -> usize {
    if next.len() < cur.len() + 1 {
        next.resize(cur.len() + 1, (0, 0));
    }
    let out = next.as_mut_slice();
    let mut k = 0;
    for &(s, u) in cur {
        let s1 = s << 1 | bit;
        let w = s1 & wmask;
        out[k] = (s1, u | 1 << w);
        k += ((u >> w) & 1 ^ 1) as usize;
    }
    k
}

/// Drops the half-sequences that cannot close: a node left with exactly one
/// unused out-edge must leave by it last, so those edges, followed from node
/// to node, must lead to the root (the BEST theorem); a cycle among them
/// means no closed walk can use them all. Keeps the rest at the front and
/// returns how many.
pub(super) fn prune_cycles(states: &mut [(u64, u64)], n: u32) -> usize {
    let nodes = 1u32 << (n - 1);
    let mut keep = 0;
    for i in 0..states.len() {
        let st = states[i];
        if !has_exit_cycle(st.1, nodes) {
            states[keep] = st;
            keep += 1;
        }
    }
    keep
}

/// The even bits of `x` packed into the low half.
#[inline(always)]
pub(super) fn even_bits(x: u64) -> u64 {
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
pub(super) fn has_exit_cycle(used: u64, nodes: u32) -> bool {
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
    /// Adds another count (another share's, another thread's).
    pub fn add(&mut self, other: &SearchStats) {
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
pub(super) struct Blocks {
    // boxed: a block never moves when the list of blocks grows
    #[allow(clippy::vec_box)]
    blocks: Vec<Box<[u32; Blocks::BLOCK]>>,
    /// How many of the last block are used (all of the others are).
    last: usize,
}

impl Blocks {
    const BLOCK: usize = 512;

    #[inline(always)]
    pub(super) fn push(&mut self, x: u32) {
        if self.last == Self::BLOCK || self.blocks.is_empty() {
            self.grow();
        }
        if let Some(b) = self.blocks.last_mut() {
            b[self.last & (Self::BLOCK - 1)] = x;
            self.last += 1;
        }
    }

    #[inline(never)]
    fn grow(&mut self) {
        self.blocks.push(Box::new([0; Self::BLOCK]));
        self.last = 0;
    }

    pub(super) fn len(&self) -> usize {
        self.blocks.len().saturating_sub(1) * Self::BLOCK + self.last
    }

    /// The values, block by block.
    pub(super) fn slices(&self) -> impl Iterator<Item = &[u32]> {
        let n = self.blocks.len();
        self.blocks.iter().enumerate().map(
            move |(i, b)| {
                if i + 1 == n {
                    &b[..self.last]
                } else {
                    &b[..]
                }
            },
        )
    }
}

/// The window set of the `bits` low bits of `s` (zeros above them).
#[inline(always)]
pub(super) fn windows_of(s: u64, n: u32, bits: u32) -> u64 {
    (0..bits).fold(0, |u, i| u | 1u64 << ((s >> i) & mask(n)))
}

/// One worker's share of the half-sequences, when a pool splits the work.
///
/// A magic is a half-sequence `P` and a partner `Q` whose end nodes are
/// bit-reversed: for 64 bits (5-bit nodes `x4 x3 x2 x1 x0`), `x2`,
/// `x1 ^ x3` and `x0 ^ x4` are the same for `P` and `Q`. So the leaves
/// split into up to 8 *classes* by those bits, and a class joins only with
/// itself: each share keeps one class and walks only that class's
/// subtrees below level `N/2 - 2`, where `x2` is appended (the levels above
/// are the same for all). Shares with the same class split its chunks.
///
/// ```text
/// parts 2: class x2 = part, all chunks each
/// parts 3: one class, chunks k % 3 == part
/// parts 8: class (x2, x1^x3, x0^x4) = part
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Share {
    pub(super) part: usize,
    pub(super) parts: usize,
    /// How many class bits split the leaves (0 to 3).
    class_bits: u32,
}

impl Share {
    /// The whole tree.
    pub(super) const ALL: Share = Share {
        part: 0,
        parts: 1,
        class_bits: 0,
    };

    /// Share `part` of `parts` for windows of `n` bits (classes only where
    /// a node has 5 bits, 64-bit magics, and as many as divide `parts`).
    pub(super) fn new(part: usize, parts: usize, n: u32) -> Share {
        let class_bits = if n == 6 {
            parts.trailing_zeros().min(3)
        } else {
            0
        };
        Share {
            part,
            parts,
            class_bits,
        }
    }

    fn classes(self) -> usize {
        1 << self.class_bits
    }

    /// This share's class.
    fn class(self) -> usize {
        self.part % self.classes()
    }

    /// How many shares have this class, and which of them this one is.
    fn peers(self) -> (usize, usize) {
        (self.parts / self.classes(), self.part / self.classes())
    }

    /// The edge bit every half-sequence of this share has at level
    /// `N/2 - 2`, if the share fixes it.
    pub(super) fn fixed_bit(self) -> Option<u64> {
        (self.class_bits > 0).then_some((self.class() & 1) as u64)
    }

    /// Whether this share keeps a leaf with bits `s` in `chunk`.
    #[inline(always)]
    pub(super) fn keeps(self, s: u64, chunk: usize) -> bool {
        let x = |i: u32| (s >> i) as usize & 1;
        let class = x(2) | (x(1) ^ x(3)) << 1 | (x(0) ^ x(4)) << 2;
        class & (self.classes() - 1) == self.class() && self.has_chunk(chunk)
    }

    /// Whether this share joins `chunk`.
    pub(super) fn has_chunk(self, chunk: usize) -> bool {
        let (peers, peer) = self.peers();
        chunk % peers == peer
    }

    /// Whether this share counts the cuts of top `t` in the levels all
    /// shares walk (so that the shares' counts add up to the whole tree's).
    pub(super) fn counts_top(self, t: usize) -> bool {
        t % self.parts == self.part
    }

    /// Whether it counts the cuts of top `t` below the level where the
    /// middle bit is fixed (walked by every share with the same bit).
    pub(super) fn counts_fixed_top(self, t: usize) -> bool {
        t % (self.parts / 2) == self.part / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_cycles_are_found() {
        // n = 3: 4 nodes; node v has edges (windows) 2v and 2v + 1, edge w
        // leads to node w mod 4. All used but one edge: no cycle.
        assert!(!has_exit_cycle(0xFF & !(1 << 3), 4)); // 1 -> 3, 3 is done
        assert!(!has_exit_cycle(0xFF & !(1 << 4), 4)); // 2 -> 0, the root
                                                       // node 1 must leave by edge 2 (to node 2), node 2 by edge 5 (to 1)
        assert!(has_exit_cycle(0xFF & !(1 << 2) & !(1 << 5), 4));
        assert_eq!(even_bits(0b0101), 0b11);
        assert_eq!(even_bits(0b1010), 0);
    }

    #[test]
    fn blocks_keep_every_value_in_order() {
        let mut b = Blocks::default();
        assert_eq!((b.len(), b.slices().count()), (0, 0));
        for x in 0..1300u32 {
            b.push(x);
        }
        assert_eq!(b.len(), 1300);
        let all: Vec<u32> = b.slices().flatten().copied().collect();
        assert_eq!(all, (0..1300).collect::<Vec<_>>());
    }

    #[test]
    fn shares_of_two_keep_one_middle_bit_each() {
        let (a, b) = (Share::new(0, 2, 6), Share::new(1, 2, 6));
        assert_eq!((a.fixed_bit(), b.fixed_bit()), (Some(0), Some(1)));
        // end node x4..x0 = 00100: x2 set, in share 1's class only
        assert!(!a.keeps(0b00100, 7) && b.keeps(0b00100, 7));
        // 3 shares: no classes, the chunks go round
        let c = Share::new(2, 3, 6);
        assert_eq!(c.fixed_bit(), None);
        assert!(c.keeps(0b00100, 5) && !c.keeps(0b00100, 6));
        assert_eq!(Share::new(0, 2, 5).fixed_bit(), None);
    }
}
