//! The ordered enumeration: Eulerian circuits of the de Bruijn graph,
//! walked with the BEST theorem's rule, in chunks taken in ascending order.
//!
//! ```text
//! 8 bits, n = 3: nodes are 2-bit states, edges the 3-bit windows
//!   0x1D = 00 | 011101        start at node 00, then one edge bit a step:
//!   00 -0-> 00 -1-> 01 -1-> 11 -1-> 11 -0-> 10 -1-> 01 | -0-> 10 -0-> 00
//!                                                      the shift's fill
//! ```

use super::{chunk_bits, free_bits, MAX_CHUNK_BITS, MAX_PAGE};
use crate::bits::debruijn::{log2_width, DebruijnError};

/// The enumeration proper: Eulerian circuits of the de Bruijn graph, walked
/// with the BEST theorem's rule.
///
/// Nodes are the `n - 1`-bit states, edges the `n`-bit windows; a valid magic
/// is a closed walk from the all-zero state (the root) that uses every edge
/// once (see [`enumerate_chunk`] for why it starts there). Every node has two
/// out-edges. On a node's first visit the walk picks which edge to take
/// first; the other becomes its *last exit*. By the BEST theorem the walk
/// closes over all edges exactly when the last exits form a tree towards the
/// root, so a choice whose last exit would close a cycle of last exits is cut
/// at once. On a second visit the walk takes the last exit; a third visit is
/// a dead end (rare, the cycle cut removes most). The walk never reuses an
/// edge, and it reports a magic only after all `N` edges were used and it is
/// back at the root: that is the check that the `N` windows (the last
/// `n - 1` read with the shift's zero fill) are all different.
struct CircuitWalk<const NB: u32> {
    /// Last-exit bit of each visited node.
    last: [u8; 32],
    /// Edge bits fixed by the chunk: the first `prefix_len` edges.
    prefix: u64,
    prefix_len: u32,
}

impl<const NB: u32> CircuitWalk<NB> {
    const N: u32 = 1 << NB;
    /// Edges that are bits of the magic (the rest are the zero fill).
    const MAGIC_EDGES: u32 = Self::N - NB + 1;
    const NODE_MASK: u32 = (1 << (NB - 1)) - 1;

    /// May edge `depth` be `b`? Past the chunk's prefix any bit may.
    #[inline(always)]
    fn allows(&self, depth: u32, b: u32) -> bool {
        depth >= self.prefix_len || (self.prefix >> (self.prefix_len - 1 - depth)) as u32 & 1 == b
    }

    /// Would `node`'s last exit towards `target` close a cycle of last exits?
    #[inline(always)]
    fn closes_cycle(&self, node: u32, mut target: u32, visited: u64) -> bool {
        while target != 0 && visited >> target & 1 == 1 {
            if target == node {
                return true;
            }
            target = ((target << 1) | self.last[target as usize] as u32) & Self::NODE_MASK;
        }
        target == node
    }

    /// Walks on from `node` after `depth` edges. `visited`: nodes entered at
    /// least once (root included); `done`: nodes whose both edges are used.
    fn walk<F: FnMut(u64) -> bool>(
        &mut self,
        mut node: u32,
        mut seq: u64,
        mut depth: u32,
        visited: u64,
        mut done: u64,
        visit: &mut F,
    ) -> bool {
        loop {
            if depth == Self::N {
                return visit(seq);
            }
            let bit = 1u64 << node;
            if done & bit != 0 {
                return true; // dead end: both edges used
            }
            if visited & bit != 0 {
                // second visit: the last exit is forced
                let b = self.last[node as usize] as u32;
                if !self.allows(depth, b) {
                    return true;
                }
                done |= bit;
                if depth < Self::MAGIC_EDGES {
                    seq = (seq << 1) | b as u64;
                }
                node = ((node << 1) | b) & Self::NODE_MASK;
                depth += 1;
                continue;
            }
            // first visit: branch on the edge taken first
            for b in 0..2u32 {
                if !self.allows(depth, b) {
                    continue;
                }
                let exit = 1 - b;
                let target = ((node << 1) | exit) & Self::NODE_MASK;
                if self.closes_cycle(node, target, visited) {
                    continue;
                }
                self.last[node as usize] = exit as u8;
                let next = ((node << 1) | b) & Self::NODE_MASK;
                let s = if depth < Self::MAGIC_EDGES {
                    (seq << 1) | b as u64
                } else {
                    seq
                };
                if !self.walk(next, s, depth + 1, visited | bit, done, visit) {
                    return false;
                }
            }
            return true;
        }
    }

    /// All circuits whose first `prefix_len` edge bits are `prefix`. The root
    /// (node 0) is special: its first edge is the start (0: the odd magics,
    /// 1: the even ones), its last exit the other edge, and it needs no
    /// cycle check (the tree of last exits is rooted there).
    fn run<F: FnMut(u64) -> bool>(prefix: u64, prefix_len: u32, visit: &mut F) -> bool {
        let mut w = CircuitWalk::<NB> {
            last: [0; 32],
            prefix,
            prefix_len,
        };
        for start in 0..2u32 {
            if !w.allows(0, start) {
                continue;
            }
            w.last[0] = (1 - start) as u8;
            let next = start & Self::NODE_MASK;
            if !w.walk(next, start as u64, 1, 1, 0, visit) {
                return false;
            }
        }
        true
    }
}

fn circuits<F: FnMut(u64) -> bool>(n: u32, prefix: u64, prefix_len: u32, visit: &mut F) -> bool {
    match n {
        3 => CircuitWalk::<3>::run(prefix, prefix_len, visit),
        4 => CircuitWalk::<4>::run(prefix, prefix_len, visit),
        5 => CircuitWalk::<5>::run(prefix, prefix_len, visit),
        _ => CircuitWalk::<6>::run(prefix, prefix_len, visit),
    }
}

/// The most chunks [`enumerate_chunk`] accepts for a width.
///
/// # Errors
/// A bad width.
pub fn max_chunks(width: u32) -> Result<u64, DebruijnError> {
    let n = log2_width(width)?;
    Ok(1u64 << free_bits(width, n).min(MAX_CHUNK_BITS))
}

fn walk_chunk<F: FnMut(u64) -> bool>(
    width: u32,
    chunk_index: u64,
    chunk_count: u64,
    visit: &mut F,
) -> Result<bool, DebruijnError> {
    let n = log2_width(width)?;
    let c = chunk_bits(
        chunk_count,
        free_bits(width, n).min(MAX_CHUNK_BITS),
        chunk_index,
    )?;
    // the magic: n - 1 zeros, then the edge bits; the chunk fixes the first c
    Ok(circuits(n, chunk_index, c, visit))
}

/// Visits the valid classic magics of one chunk, in ascending order; returns
/// how many it found.
///
/// Chunk `k` of `chunk_count` (a power of two) holds the magics in
/// `[k, k + 1) * 2^(N - n + 1) / chunk_count`: every valid magic has its top
/// `n - 1` bits zero (its windows are all `N` patterns; the last `n - 1`
/// end in the zero fill, so the sequence is an Eulerian circuit through the
/// all-zero state and starts there: the odd magics with `n` zeros, their even
/// partners with `n - 1` zeros and a one). So chunks taken in order list all
/// magics in ascending order, and a caller (a Web Worker) can post progress
/// after each chunk and stop between chunks.
///
/// ```
/// use bitscope::bits::debruijn::enumerate_chunk;
/// let mut all = Vec::new();
/// for k in 0..4 {
///     enumerate_chunk(8, k, 4, |m| all.push(m)).unwrap();
/// }
/// assert_eq!(all, vec![0x17, 0x1D, 0x2E, 0x3A]);
/// ```
///
/// # Errors
/// A bad width, or a chunk count that is not a power of two up to
/// [`max_chunks`], or an index not below it.
pub fn enumerate_chunk(
    width: u32,
    chunk_index: u64,
    chunk_count: u64,
    mut visit: impl FnMut(u64),
) -> Result<u64, DebruijnError> {
    let mut found = 0u64;
    walk_chunk(width, chunk_index, chunk_count, &mut |m| {
        found += 1;
        visit(m);
        true
    })?;
    Ok(found)
}

/// Visits every valid classic magic of a width in ascending order.
///
/// # Errors
/// A bad width.
pub fn enumerate_all(width: u32, mut visit: impl FnMut(u64)) -> Result<u64, DebruijnError> {
    enumerate_chunk(width, 0, 1, &mut visit)
}

/// Pages up to this long, past this offset, are read by [`nth_magic`](super::nth_magic).
const DIRECT_PAGE: usize = 256;

/// A page of the ascending list of classic magics: `limit` (at most
/// [`MAX_PAGE`]) starting at position `offset`.
///
/// # Errors
/// A bad width.
pub fn nth_magics(width: u32, offset: u64, limit: usize) -> Result<Vec<u64>, DebruijnError> {
    let limit = limit.min(MAX_PAGE);
    let mut out = Vec::with_capacity(limit);
    if limit == 0 {
        log2_width(width)?;
        return Ok(out);
    }
    // A short page deep in the list: each entry by counting (well under a
    // millisecond each), instead of walking every magic before it.
    if limit <= DIRECT_PAGE && offset > DIRECT_PAGE as u64 {
        let count = super::magic_count(width)?;
        let end = offset.saturating_add(limit as u64).min(count);
        return (offset..end).map(|k| super::nth_magic(width, k)).collect();
    }
    let mut seen = 0u64;
    walk_chunk(width, 0, 1, &mut |m| {
        if seen >= offset {
            out.push(m);
        }
        seen += 1;
        out.len() < limit
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::debruijn::validate;

    #[test]
    fn deep_pages_by_counting_match_the_walk() {
        for w in [16u32, 32] {
            let mut whole = Vec::new();
            enumerate_all(w, |m| whole.push(m)).unwrap();
            let n = whole.len() as u64;
            for (offset, limit) in [
                (0, 32),
                (257, 32),
                (300, 256),
                (n - 5, 32),
                (n, 32),
                (n + 9, 1),
            ] {
                let page = nth_magics(w, offset, limit).unwrap();
                let want: Vec<u64> = whole
                    .iter()
                    .copied()
                    .skip(offset as usize)
                    .take(limit)
                    .collect();
                assert_eq!(page, want, "{w} {offset} {limit}");
            }
        }
    }

    #[test]
    fn chunks_partition_the_list() {
        for w in [8u32, 16, 32] {
            let mut whole = Vec::new();
            enumerate_all(w, |m| whole.push(m)).unwrap();
            let chunks = max_chunks(w).unwrap().min(64);
            let mut joined = Vec::new();
            for k in 0..chunks {
                enumerate_chunk(w, k, chunks, |m| joined.push(m)).unwrap();
            }
            assert_eq!(joined, whole);
            let end = whole.len().min(8);
            assert_eq!(nth_magics(w, 1, 7).unwrap(), whole[1..end].to_vec());
            assert_eq!(
                nth_magics(w, whole.len() as u64, 5).unwrap(),
                Vec::<u64>::new()
            );
        }
        assert!(matches!(
            enumerate_chunk(8, 0, 3, |_| {}),
            Err(DebruijnError::BadChunk { .. })
        ));
        assert!(matches!(
            enumerate_chunk(8, 4, 4, |_| {}),
            Err(DebruijnError::BadChunk { .. })
        ));
        // 64-bit chunks: a page from the start, all valid
        let page = nth_magics(64, 0, 10).unwrap();
        assert_eq!(page.len(), 10);
        assert!(page.iter().all(|&m| validate(64, m).unwrap().valid));
    }
}

// proptest is a native-only dev-dependency in the main crate
#[cfg(all(test, not(target_arch = "wasm32")))]
mod proptests {
    use super::*;
    use crate::bits::debruijn::proptests::width_and_value;
    use crate::bits::debruijn::{ScanKind, Scanner};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn scan_with_enumerated_magics((w, v) in width_and_value(), pick in any::<u64>()) {
            // a magic from the ascending list: 64-bit picks from the first pages
            let total = match w { 8 => 4, 16 => 32, 32 => 4096, _ => 4096 };
            let m = nth_magics(w, pick % total, 1).unwrap()[0];
            let s = Scanner::new(w, m, ScanKind::Isolate).unwrap();
            prop_assert_eq!(s.forward(v), Some(v.trailing_zeros()));
        }
    }

    proptest! {
        // each case walks one 64-bit chunk: a few dozen cases are plenty
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn scan_with_random_64_bit_chunk(v in 1u64.., chunk in 0u64..1024) {
            let mut first = None;
            enumerate_chunk(64, chunk, 1024, |m| { if first.is_none() { first = Some(m) } }).unwrap();
            if let Some(m) = first {
                let s = Scanner::new(64, m, ScanKind::Isolate).unwrap();
                prop_assert_eq!(s.forward(v), Some(v.trailing_zeros()));
            }
        }
    }
}
