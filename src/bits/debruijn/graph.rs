//! The de Bruijn graph B(2, n) and the walk a magic takes on it.
//!
//! For N = 2^n bits: the nodes are the 2^(n−1) values of n − 1 bits, the
//! edges the 2^n windows of n bits. Window `w` leaves the node of its first
//! (high) n − 1 bits and enters the node of its last (low) n − 1 bits, and
//! appends the bit `w & 1`:
//!
//! ```text
//! n = 3:   window 011  =  node 01 --(append 1)--> node 11
//!          the hash's windows of 0x1D = 00011101, shift 0..7:
//!          000 001 011 111 110 101 010 100   (the last two read shifted-in zeros)
//!          00 -> 00 -> 01 -> 11 -> 11 -> 10 -> 01 -> 10 -> 00 : every edge once
//! ```
//!
//! A magic is valid exactly when its walk uses every edge once: an Eulerian
//! circuit. An invalid magic's walk uses some windows twice (the collisions)
//! and others never.

use serde::{Deserialize, Serialize};

use super::{log2_width, windows, DebruijnError, ScanKind};
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::{mask, Word};

/// One edge: the window `window` from node `from` to node `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    pub from: u32,
    pub to: u32,
    pub window: u32,
}

/// The graph B(2, n) of an N-bit word, N = 2^n.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Graph {
    /// log2 N: bits in a window.
    pub n: u32,
    /// The (n − 1)-bit node values, ascending.
    pub nodes: Vec<u32>,
    /// One edge per n-bit window, by window.
    pub edges: Vec<Edge>,
}

/// The edge of window `w` in B(2, n).
pub fn edge(n: u32, w: u32) -> Edge {
    Edge {
        from: w >> 1,
        to: w & mask(n - 1) as u32,
        window: w,
    }
}

/// B(2, log2 N) for an N-bit word.
///
/// ```
/// use bitscope::bits::debruijn::graph;
/// let g = graph(8).unwrap();
/// assert_eq!((g.nodes.len(), g.edges.len()), (4, 8));
/// assert_eq!((g.edges[0b011].from, g.edges[0b011].to), (0b01, 0b11));
/// ```
///
/// # Errors
/// [`DebruijnError::BadWidth`] for an unsupported width.
pub fn graph(width: u32) -> Result<Graph, DebruijnError> {
    let n = log2_width(width)?;
    Ok(Graph {
        n,
        nodes: (0..1u32 << (n - 1)).collect(),
        edges: (0..1u32 << n).map(|w| edge(n, w)).collect(),
    })
}

/// The walk a magic's hash takes: the window read at each shift 0..N−1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walk {
    pub width: u32,
    pub magic: u64,
    /// Window `i` is read after shift `i` (zeros shifted in included).
    pub windows: Vec<u32>,
    /// How often each window (by value) is read.
    pub uses: Vec<u32>,
}

impl Walk {
    /// Every edge used exactly once: an Eulerian circuit, a valid magic.
    pub fn valid(&self) -> bool {
        self.uses.iter().all(|&u| u == 1)
    }

    /// Windows read more than once (the collisions), ascending.
    pub fn repeated(&self) -> Vec<u32> {
        self.windows_used(|u| u > 1)
    }

    /// Windows never read, ascending.
    pub fn unused(&self) -> Vec<u32> {
        self.windows_used(|u| u == 0)
    }

    /// The windows whose use count `keep` accepts, ascending.
    fn windows_used(&self, keep: fn(u32) -> bool) -> Vec<u32> {
        (0u32..)
            .zip(&self.uses)
            .filter(|&(_, &u)| keep(u))
            .map(|(w, _)| w)
            .collect()
    }
}

/// The windows `magic`'s hash reads, as a walk on B(2, n), with what it
/// repeats and what it misses.
///
/// ```
/// use bitscope::bits::debruijn::magic_walk;
/// let w = magic_walk(8, 0x1D).unwrap();
/// assert_eq!(w.windows, [0, 1, 3, 7, 6, 5, 2, 4]);
/// assert!(w.valid());
/// let bad = magic_walk(8, 0x1F).unwrap();
/// assert_eq!((bad.repeated(), bad.unused()), (vec![0b111], vec![0b010, 0b101]));
/// ```
///
/// # Errors
/// A bad width or a magic wider than the width.
pub fn magic_walk(width: u32, magic: u64) -> Result<Walk, DebruijnError> {
    let n = log2_width(width)?;
    let windows = windows(width, magic, ScanKind::Isolate)?;
    let mut uses = vec![0u32; 1 << n];
    for &w in &windows {
        uses[w as usize] += 1;
    }
    Ok(Walk {
        width,
        magic,
        windows,
        uses,
    })
}

/// True when `walk` (windows in order) is a closed walk of B(2, n) that uses
/// every edge exactly once: consecutive windows share n − 1 bits, the last
/// leads back to the first, no window twice, all 2^n present.
pub fn is_eulerian_circuit(n: u32, walk: &[u32]) -> bool {
    let follows = |a: u32, b: u32| edge(n, a).to == edge(n, b).from;
    let mut seen = vec![false; 1 << n];
    walk.len() == 1 << n
        && walk
            .iter()
            .all(|&w| w < 1 << n && !std::mem::replace(&mut seen[w as usize], true))
        && walk.windows(2).all(|p| follows(p[0], p[1]))
        && follows(walk[walk.len() - 1], walk[0])
}

/// The depth-first search that builds every de Bruijn sequence starting
/// with n zeros, one bit at a time (append 0, then 1), cutting a branch as
/// soon as its newest window repeats; a leaf is a full sequence whose
/// wrap-around windows are new too. Traced step by step (push, cut, leaf,
/// backtrack) for 8 and 16 bits; the result is `{"leaves": L, "cuts": C}`.
///
/// ```
/// use bitscope::bits::debruijn::search_trace;
/// use bitscope::bits::trace::Outcome;
/// let t = search_trace(8).unwrap();
/// assert_eq!(t.result, Outcome::Search { leaves: 2, cuts: 11 });
/// ```
///
/// # Errors
/// [`DebruijnError::BadWidth`] for a width other than 8 or 16 (the trace of
/// 32 bits would have millions of steps).
pub fn search_trace(width: u32) -> Result<Trace, DebruijnError> {
    if width != 8 && width != 16 {
        return Err(DebruijnError::BadWidth(width));
    }
    let n = log2_width(width)?;
    let mut s = Search {
        n,
        width,
        steps: Vec::new(),
        leaves: 0,
        cuts: 0,
    };
    // the sequence starts with n zeros: window 0 is used
    s.grow(0, n, 1);
    let mut t = Trace::new(
        "debruijn-search",
        format!("every {width}-bit de Bruijn sequence that starts with {n} zeros, by depth-first search"),
        Outcome::Search {
            leaves: s.leaves,
            cuts: s.cuts,
        },
    );
    for step in s.steps {
        t.push(step);
    }
    Ok(t)
}

/// The search's state: the prefix is a `width`-bit word built from the top.
struct Search {
    n: u32,
    width: u32,
    steps: Vec<Step>,
    leaves: u64,
    cuts: u64,
}

impl Search {
    /// The prefix is the top `len` bits of `bits` (as a left-aligned word);
    /// `used` has one bit per window already read.
    fn grow(&mut self, bits: u64, len: u32, used: u64) {
        let (n, width) = (self.n, self.width);
        // a prefix of `l` bits (n <= l <= width), drawn from the top of the word
        let word = |b: u64, l: u32| Word::new(b << (width - l), width);
        let window_at = |l: u32| mask(n) << (width - l);
        if len == width {
            self.wrap(bits, used);
            return;
        }
        for bit in [0u64, 1] {
            let next = bits << 1 | bit;
            let w = (next & mask(n)) as u32;
            let window = format!("window {w:0n$b}", n = n as usize);
            // appending `bit`: a cut (its window repeats) or a push
            let append = |what: &str, text: String| {
                Step::new(format!("append {bit}: {what}"), text, word(next, len + 1))
                    .highlight(window_at(len + 1))
            };
            if used >> w & 1 == 1 {
                self.cuts += 1;
                let why = format!("{window} was already read: no magic below this branch");
                self.steps
                    .push(append("cut", format!("{window} repeats")).note(why));
                continue;
            }
            let placed = format!("{} of {width} bits placed", len + 1);
            self.steps.push(append("push", window).note(placed));
            self.grow(next, len + 1, used | 1 << w);
            self.steps.push(
                Step::new(
                    "backtrack",
                    format!("drop bit {}", len + 1),
                    word(bits, len),
                )
                .note(format!("back to {len} bits")),
            );
        }
    }

    /// A full-length prefix: a leaf (a magic) when the windows that wrap
    /// around the end are new too, else a cut.
    fn wrap(&mut self, bits: u64, used: u64) {
        let (n, width) = (self.n, self.width);
        // the wrap: windows that run past the end read the zeros in front
        let mut u = used;
        for k in 1..n {
            let w = ((bits << k) & mask(n)) as u32;
            if u >> w & 1 == 1 {
                self.cuts += 1;
                self.steps.push(
                    Step::new(
                        "cut at the wrap",
                        format!("wrap window {w:0n$b}", n = n as usize),
                        Word::new(bits, width),
                    )
                    .note(format!(
                        "window {w:0n$b} read twice once the sequence wraps around",
                        n = n as usize
                    )),
                );
                return;
            }
            u |= 1 << w;
        }
        self.leaves += 1;
        self.steps.push(
            Step::new(
                "leaf: a magic",
                format!("magic {}", Word::new(bits, width).hex()),
                Word::new(bits, width),
            )
            .note(format!(
                "all {} windows distinct: magic #{} of this search",
                1u32 << n,
                self.leaves
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::debruijn::enumerate_all;

    #[test]
    fn every_magic_walks_an_eulerian_circuit() {
        for width in [8u32, 16, 32] {
            let n = log2_width(width).unwrap();
            let mut count = 0;
            enumerate_all(width, |m| {
                let walk = magic_walk(width, m).unwrap();
                assert!(walk.valid(), "{width} {m:#x}");
                assert!(is_eulerian_circuit(n, &walk.windows), "{width} {m:#x}");
                count += 1;
            })
            .unwrap();
            assert_eq!(count, 2u64 << ((1 << (n - 1)) - n), "{width}");
        }
    }

    /// The BEST theorem's count (a determinant, no enumeration) is the
    /// closed formula and the number the enumeration finds, n = 3..6.
    #[test]
    fn best_theorem_counts_what_the_enumeration_finds() {
        use crate::bits::debruijn::{magic_count, multiplier_count};
        for width in [8u32, 16, 32, 64] {
            assert_eq!(
                magic_count(width).unwrap(),
                multiplier_count(width).unwrap(),
                "{width}"
            );
        }
        for width in [8u32, 16, 32] {
            assert_eq!(
                magic_count(width).unwrap(),
                enumerate_all(width, |_| {}).unwrap()
            );
        }
        if !cfg!(debug_assertions) {
            let all = crate::bits::debruijn::count(64).unwrap();
            assert_eq!(magic_count(64).unwrap(), all.multipliers);
        }
    }

    #[test]
    fn the_graph_has_two_edges_in_and_out_of_every_node() {
        for width in [8u32, 16, 32, 64] {
            let g = graph(width).unwrap();
            for &v in &g.nodes {
                assert_eq!(g.edges.iter().filter(|e| e.from == v).count(), 2);
                assert_eq!(g.edges.iter().filter(|e| e.to == v).count(), 2);
            }
            assert_eq!(g.edges.len(), 2 * g.nodes.len());
        }
        assert_eq!(graph(12), Err(DebruijnError::BadWidth(12)));
    }

    #[test]
    fn a_walk_that_is_not_closed_or_repeats_is_no_circuit() {
        assert!(is_eulerian_circuit(3, &[0, 1, 3, 7, 6, 5, 2, 4]));
        assert!(!is_eulerian_circuit(3, &[0, 1, 3, 7, 7, 7, 6, 4]));
        assert!(!is_eulerian_circuit(
            3,
            &[1, 3, 7, 6, 5, 2, 4, 0, 0][..8]
                .iter()
                .rev()
                .copied()
                .collect::<Vec<_>>()
        ));
        assert!(!is_eulerian_circuit(3, &[0, 1, 3]));
    }

    #[test]
    fn the_search_finds_every_sequence_that_starts_with_n_zeros() {
        for width in [8u32, 16] {
            let n = log2_width(width).unwrap();
            let mut with_n_zeros = Vec::new();
            enumerate_all(width, |m| {
                if m >> (width - n) == 0 {
                    with_n_zeros.push(m);
                }
            })
            .unwrap();
            let t = search_trace(width).unwrap();
            let leaves: Vec<u64> = t
                .steps
                .iter()
                .filter(|s| s.label == "leaf: a magic")
                .map(|s| s.value.bits)
                .collect();
            assert_eq!(leaves, with_n_zeros, "{width}: every one, ascending");
            let cuts = t
                .steps
                .iter()
                .filter(|s| s.label.ends_with("cut") || s.label == "cut at the wrap")
                .count() as u64;
            assert_eq!(
                t.result,
                Outcome::Search {
                    leaves: leaves.len() as u64,
                    cuts
                }
            );
        }
        assert_eq!(search_trace(32).unwrap_err(), DebruijnError::BadWidth(32));
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod proptests {
    use super::*;
    use crate::bits::debruijn::validate;
    use proptest::prelude::*;

    proptest! {
        /// Any magic: the walk's repeated windows are exactly the windows of
        /// its collisions, it misses as many windows as it repeats reads, and
        /// it is a circuit exactly when the magic is valid.
        #[test]
        fn walk_matches_the_collisions(width in prop::sample::select(vec![8u32, 16, 32, 64]), raw in any::<u64>()) {
            let magic = raw & mask(width);
            let walk = magic_walk(width, magic).unwrap();
            let v = validate(width, magic).unwrap();
            let mut from_collisions: Vec<u32> = v.collisions.iter().map(|&(i, _)| v.windows[i as usize]).collect();
            from_collisions.sort_unstable();
            from_collisions.dedup();
            prop_assert_eq!(&walk.repeated(), &from_collisions);
            let extra: u32 = walk.uses.iter().map(|&u| u.saturating_sub(1)).sum();
            prop_assert_eq!(extra as usize, walk.unused().len());
            prop_assert_eq!(walk.valid(), v.valid);
            prop_assert_eq!(is_eulerian_circuit(log2_width(width).unwrap(), &walk.windows), v.valid);
        }
    }
}
