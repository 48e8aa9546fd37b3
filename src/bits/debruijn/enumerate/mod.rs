//! Every valid magic of a width, by five engines that check each other in
//! the tests:
//!
//! ```text
//! circuit.rs   Eulerian circuits of the de Bruijn graph: ascending, in chunks,
//!              little memory (enumerate_chunk, enumerate_all, nth_magics)
//! join.rs      meet in the middle: fastest, unordered (FastEnumerator, count)
//! halves.rs    its half-sequence tree, and how a pool of workers shares it
//! window.rs    a plain search over windows, the circuit walk's cross-check
//! interval.rs  either form, v & -v or v ^ (v - 1), by intervals of magics
//! naive.rs     every candidate word (8 and 16 bits; slices of 32)
//! rank.rs      the k-th magic and the rank of a magic, by counting (BEST)
//! ```
//!
//! The first four rest on one fact: a valid classic magic starts with
//! `log2 N - 1` zeros (see `derive_table`), so only `N - log2 N + 1` bits
//! are free:
//!
//! ```text
//! 8 bits:  0x1D = 00 | 011101      2 zeros, 6 free bits
//! ```

use super::DebruijnError;
use serde::{Deserialize, Serialize};

mod circuit;
mod halves;
mod interval;
mod join;
mod naive;
mod rank;
mod window;

pub use circuit::{enumerate_all, enumerate_chunk, max_chunks, nth_magics};
pub use interval::{count_kind, enumerate_kind_chunk, max_kind_chunks};
pub use join::{count, enumerate_fast, FastEnumerator, JoinScratch, SearchStats};
pub use naive::{naive_magics, naive_scan, NaiveProgress};
pub use rank::{magic_count, nth_magic, rank_of};
pub use window::window_search;

/// Largest number of chunks an enumeration can be split into (`2^20`).
pub const MAX_CHUNK_BITS: u32 = 20;

/// Largest page [`nth_magics`] returns.
pub const MAX_PAGE: usize = 1 << 16;

/// How many multipliers a width has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub width: u32,
    /// All valid magics for `v & -v` (4 / 32 / 4096 / 134,217,728).
    pub multipliers: u64,
    /// Cyclic de Bruijn sequences `B(2, log2 N)`: one per odd magic (the
    /// rotation that starts with `log2 N` zeros).
    pub sequences: u64,
    pub odd: u64,
    pub even: u64,
}

/// The running count of an enumeration: every magic, and the odd ones (one
/// per de Bruijn sequence). The one owner of "count them": the CLI, the
/// benchmark and the browser's workers add magics here and sum the tallies
/// of their threads or chunks.
///
/// ```
/// use bitscope::bits::debruijn::Tally;
/// let mut t = Tally::default();
/// for m in [0x1d, 0x3a, 0x17] {
///     t.add(m);
/// }
/// let both: Tally = [t, t].into_iter().sum();
/// assert_eq!((both.all, both.odd, both.even()), (6, 4, 2));
/// assert_eq!(both.counts(8).sequences, 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub all: u64,
    pub odd: u64,
}

impl Tally {
    /// Counts one magic.
    #[inline(always)]
    pub fn add(&mut self, magic: u64) {
        self.all += 1;
        self.odd += magic & 1;
    }

    pub fn even(&self) -> u64 {
        self.all - self.odd
    }

    /// The tally as the width's [`Counts`].
    pub fn counts(self, width: u32) -> Counts {
        Counts {
            width,
            multipliers: self.all,
            sequences: self.odd,
            odd: self.odd,
            even: self.even(),
        }
    }
}

impl std::iter::Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        iter.fold(Tally::default(), |a, b| Tally {
            all: a.all + b.all,
            odd: a.odd + b.odd,
        })
    }
}

/// Chunk geometry: the number of bits a chunk index fixes.
fn chunk_bits(count: u64, max_bits: u32, index: u64) -> Result<u32, DebruijnError> {
    let max = 1u64 << max_bits;
    if count == 0 || !count.is_power_of_two() || count > max || index >= count {
        return Err(DebruijnError::BadChunk { index, count, max });
    }
    Ok(count.trailing_zeros())
}

/// Free bits of a classic magic: every valid magic has its top `n - 1` bits
/// zero (see [`enumerate_chunk`]), which leaves `N - n + 1` bits.
fn free_bits(width: u32, n: u32) -> u32 {
    width - n + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::debruijn::{validate, ScanKind};

    #[test]
    fn counts_by_computation() {
        let expect = [(8, 4, 2), (16, 32, 16), (32, 4096, 2048)];
        for (w, mult, seq) in expect {
            let c = count(w).unwrap();
            assert_eq!(
                (c.multipliers, c.sequences, c.even),
                (mult, seq, seq),
                "{w}"
            );
            // the interval search agrees
            assert_eq!(count_kind(w, ScanKind::Isolate).unwrap(), mult);
        }
        // the naive search (every candidate) agrees with the DFS list
        for w in [8, 16] {
            let mut dfs = Vec::new();
            enumerate_all(w, |m| dfs.push(m)).unwrap();
            assert_eq!(naive_magics(w, ScanKind::Isolate).unwrap(), dfs);
        }
        let mut all32 = Vec::new();
        enumerate_all(32, |m| all32.push(m)).unwrap();
        // the plain window search and the fast join find the same magics
        let mut plain = Vec::new();
        window_search(32, |m| plain.push(m)).unwrap();
        assert_eq!(plain, all32);
        let mut fast = Vec::new();
        enumerate_fast(32, |m| fast.push(m)).unwrap();
        fast.sort_unstable();
        assert_eq!(fast, all32);
        assert!(all32.windows(2).all(|p| p[0] < p[1]));
        assert!(all32.iter().all(|&m| validate(32, m).unwrap().valid));
        assert!(all32.contains(&0x077C_B531));
    }

    #[test]
    fn chunk_geometry() {
        assert_eq!(chunk_bits(1, 20, 0), Ok(0));
        assert_eq!(chunk_bits(1024, 20, 1023), Ok(10));
        for (count, index) in [(0, 0), (3, 0), (4, 4), (1 << 21, 0)] {
            assert_eq!(
                chunk_bits(count, 20, index),
                Err(DebruijnError::BadChunk {
                    index,
                    count,
                    max: 1 << 20
                })
            );
        }
        assert_eq!(free_bits(8, 3), 6);
        assert_eq!(free_bits(64, 6), 59);
    }
}
