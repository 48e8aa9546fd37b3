//! Bit scan by multiply-and-shift: de Bruijn multipliers for 8, 16, 32 and 64 bits.
//!
//! For an `N`-bit word (`N = 2^n`), isolate the lowest set bit, multiply by a
//! magic and keep the top `n` bits:
//!
//! ```text
//! index = table[((v & -v) * magic) >> (N - n)]        (multiply mod 2^N)
//!
//! 8 bits, magic 0x1D = 0001_1101, v = 0b0110_1000:
//!   v & -v           = 0000_1000              = 2^3
//!   2^3 * 0x1D       = 1110_1000              = 0x1D << 3
//!                      ^^^                      window 3 = 0b111 = 7
//!   >> (8 - 3) = >> 5 = 0000_0111             = 7
//!   table[7]         = 3                      the lowest set bit is bit 3
//! ```
//!
//! Multiplying by `2^i` shifts the magic `i` places left, so the top `n` bits
//! show the `n`-bit *window* that starts `i` bits below the magic's top bit;
//! the shift fills the bottom with zeros. The magic works exactly when its `N`
//! windows are all different: then a table maps each window back to `i`.
//! Such a magic is a de Bruijn sequence `B(2, n)` read from a suitable start
//! (every `n`-bit pattern occurs once when the sequence is read cyclically).
//!
//! Besides the classic form this module covers the `v ^ (v - 1)` form (with
//! its own magics), bit scan reverse by smearing, and Matt Taylor's folding of
//! a 64-bit word into a 32-bit multiply. It also enumerates every valid magic
//! of a width (134,217,728 of them for 64 bits), in chunks a caller can
//! report progress on and cancel between.
//!
//! The files, each with its tests beside it:
//!
//! ```text
//! mod.rs        widths and their geometry, ScanKind, validate, Scanner, errors
//! trace.rs      the scan stepped: v & -v, v ^ (v - 1), bit scan reverse
//! fold.rs       Matt Taylor's folded 64-bit scan (one 32-bit multiply)
//! derive.rs     the table read off the magic's windows
//! export.rs     the table as a Rust or C function
//! enumerate/    every valid magic: mod.rs (counts, chunks) and one file per
//!               engine: circuit, window, join, interval, naive
//! ```
//!
//! Everything public is re-exported here: `bits::debruijn::X` is the one path.

use super::word::{mask, Word};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

mod derive;
mod enumerate;
mod export;
mod fold;
mod graph;
mod trace;

pub use derive::{derivation_trace, derive_table, Derivation, WindowRow};
pub use enumerate::{
    count, count_kind, enumerate_all, enumerate_chunk, enumerate_fast, enumerate_kind_chunk,
    magic_count, max_chunks, max_kind_chunks, naive_magics, naive_scan, nth_magic, nth_magics,
    rank_of, window_search, Counts, FastEnumerator, JoinScratch, NaiveProgress, SearchStats, Tally,
    MAX_CHUNK_BITS, MAX_PAGE,
};
pub use export::{export_c, export_rust};
pub use fold::{
    fold, fold_collisions, fold_window, folded_scan, folded_scan_trace, FOLD_MAGIC, FOLD_TABLE,
};
pub use graph::{edge, graph, is_eulerian_circuit, magic_walk, search_trace, Edge, Graph, Walk};
pub use trace::{mask_scan_trace, reverse_scan_trace, scan_trace};

/// The word widths the scan supports, in the order a width chooser lists them.
pub const WIDTHS: [u32; 4] = [8, 16, 32, 64];

/// Well-known multipliers for the `v & -v` form: `(width, magic, name)`.
/// Each is checked by computation in the tests.
pub const KNOWN_MAGICS: &[(u32, u64, &str)] = &[
    (8, 0x1D, "0x1D: the 8-bit example, sequence 00011101"),
    (
        16,
        0x09AF,
        "0x09AF: the least 16-bit de Bruijn sequence 0000100110101111",
    ),
    (
        32,
        0x077C_B531,
        "0x077CB531: Leiserson, Prokop and Randall (Bit Twiddling Hacks)",
    ),
    (
        64,
        0x03F7_9D71_B4CB_0A89,
        "0x03F79D71B4CB0A89: the chessprogramming bitScanForward magic",
    ),
];

/// Multipliers for the `v ^ (v - 1)` form (and so for bit scan reverse on a
/// smeared word), one for every width: `(width, magic, name)`. Checked in the
/// tests; the 8- and 16-bit ones are the first the search finds.
pub const KNOWN_MASK_MAGICS: &[(u32, u64, &str)] = &[
    (
        8,
        0x1D,
        "0x1D: the least 8-bit magic for v ^ (v - 1), valid for both forms",
    ),
    (16, 0x0F2D, "0x0F2D: the least 16-bit magic for v ^ (v - 1)"),
    (
        32,
        0x07C4_ACDD,
        "0x07C4ACDD: log2 of a smeared 32-bit word (Bit Twiddling Hacks)",
    ),
    (
        64,
        0x03F7_9D71_B4CB_0A89,
        "0x03F79D71B4CB0A89 with its own v ^ (v - 1) table (Kim Walisch)",
    ),
];

/// What went wrong with a scan, a magic or an enumeration request.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DebruijnError {
    #[error("width {0} is not supported: the scan works on 8, 16, 32 or 64 bits")]
    BadWidth(u32),
    #[error("v = 0 has no set bit: there is nothing to scan for")]
    ZeroInput,
    #[error("v = {value:#x} does not fit in {width} bits")]
    ValueTooWide { width: u32, value: u64 },
    #[error("magic {magic:#x} is wider than {width} bits")]
    MagicTooWide { width: u32, magic: u64 },
    #[error(
        "magic {magic:#x} is not a {width}-bit multiplier for {kind}: {} window collision(s): {}",
        .collisions.len(),
        pairs_text(.collisions)
    )]
    InvalidMagic {
        width: u32,
        magic: u64,
        kind: ScanKind,
        collisions: Vec<(u32, u32)>,
    },
    #[error("chunk {index} of {count}: the count must be a power of two from 1 to {max} and the index below it")]
    BadChunk { index: u64, count: u64, max: u64 },
    #[error("there is no magic number {n}: {width} bits have {count} magics (0 to {})", .count.saturating_sub(1))]
    NthPastEnd { width: u32, n: u64, count: u64 },
    #[error("trying every {width}-bit candidate is too slow here: the naive search covers 8 and 16 bits (use naive_scan for a slice)")]
    NaiveTooLarge { width: u32 },
    #[error("the enumeration was cancelled")]
    Cancelled,
}

fn pairs_text(pairs: &[(u32, u32)]) -> String {
    let shown: Vec<String> = pairs
        .iter()
        .take(8)
        .map(|(a, b)| format!("bits {a} and {b}"))
        .collect();
    let more = if pairs.len() > 8 {
        format!(" and {} more", pairs.len() - 8)
    } else {
        String::new()
    };
    format!("{} share a window{more}", shown.join(", "))
}

/// Which word the magic multiplies.
///
/// ```text
/// v             = 0110_1000
/// Isolate v&-v  = 0000_1000    key of bit i: 2^i
/// Mask v^(v-1)  = 0000_1111    key of bit i: 2^(i+1) - 1
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScanKind {
    /// `v & -v`: only the lowest set bit, a power of two.
    Isolate,
    /// `v ^ (v - 1)`: ones up to and including the lowest set bit. A word
    /// smeared right (`v |= v >> 1; v |= v >> 2; ...`) has the same shape, so
    /// the same magic and table scan in reverse too.
    Mask,
}

impl ScanKind {
    /// The word that bit `i` turns into before the multiply (mod 2^width).
    pub fn key(self, width: u32, i: u32) -> u64 {
        match self {
            ScanKind::Isolate => (1u64 << (i & 63)) & mask(width),
            ScanKind::Mask => {
                if i.saturating_add(1) >= width.min(64) {
                    mask(width)
                } else {
                    (2u64 << i) - 1
                }
            }
        }
    }

    /// The expression that makes the key: `v & -v` or `v ^ (v - 1)`.
    pub fn expr(self) -> &'static str {
        match self {
            ScanKind::Isolate => "v & -v",
            ScanKind::Mask => "v ^ (v - 1)",
        }
    }
}

impl fmt::Display for ScanKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expr())
    }
}

// ---------------------------------------------------------------------------
// Geometry: log2, shift, windows
// ---------------------------------------------------------------------------

/// `log2 N` for a supported width: 8 -> 3, 16 -> 4, 32 -> 5, 64 -> 6. Each
/// window has this many bits.
///
/// # Errors
/// [`DebruijnError::BadWidth`] for any other width.
pub fn log2_width(width: u32) -> Result<u32, DebruijnError> {
    match width {
        8 => Ok(3),
        16 => Ok(4),
        32 => Ok(5),
        64 => Ok(6),
        _ => Err(DebruijnError::BadWidth(width)),
    }
}

/// The final shift `N - log2 N`: 8 -> 5, 16 -> 12, 32 -> 27, 64 -> 58.
///
/// # Errors
/// [`DebruijnError::BadWidth`] for an unsupported width.
pub fn shift_for(width: u32) -> Result<u32, DebruijnError> {
    Ok(width - log2_width(width)?)
}

/// The bits of the product that form the window: its top `log2 N` bits.
///
/// ```text
/// N = 8, log2 N = 3, shift 5:   1110_0000
///                               ^^^ window, >> 5 brings it down
/// ```
///
/// ```
/// use bitscope::bits::debruijn::window_mask;
/// assert_eq!(window_mask(8).unwrap(), 0b1110_0000);
/// assert_eq!(window_mask(64).unwrap(), 0xFC00_0000_0000_0000);
/// ```
///
/// # Errors
/// [`DebruijnError::BadWidth`] for an unsupported width.
pub fn window_mask(width: u32) -> Result<u64, DebruijnError> {
    Ok(mask(log2_width(width)?) << shift_for(width)?)
}

/// How many `v & -v` multipliers an N-bit word has, N = 2^n:
/// 2 · 2^(2^(n−1) − n), the number of binary de Bruijn sequences B(2, n)
/// doubled (each sequence read from its two rotations that start with
/// n − 1 zeros: the one followed by the n-th zero and the one followed by a 1).
///
/// ```
/// use bitscope::bits::debruijn::multiplier_count;
/// assert_eq!(multiplier_count(8).unwrap(), 4);
/// assert_eq!(multiplier_count(64).unwrap(), 134_217_728);
/// ```
///
/// # Errors
/// [`DebruijnError::BadWidth`] for an unsupported width.
pub fn multiplier_count(width: u32) -> Result<u64, DebruijnError> {
    let n = log2_width(width)?;
    Ok(2u64 << ((1u32 << (n - 1)) - n))
}

/// The 0-based indices `first..=last` of the multipliers on page `page` of
/// an ascending list with `per_page` a page; `None` past the last page.
///
/// ```
/// use bitscope::bits::debruijn::page_bounds;
/// assert_eq!(page_bounds(8, 0, 32).unwrap(), Some((0, 3))); // 4 magics
/// assert_eq!(page_bounds(8, 1, 32).unwrap(), None);
/// assert_eq!(page_bounds(32, 127, 32).unwrap(), Some((4064, 4095)));
/// ```
///
/// # Errors
/// [`DebruijnError::BadWidth`] for an unsupported width.
pub fn page_bounds(
    width: u32,
    page: u64,
    per_page: u64,
) -> Result<Option<(u64, u64)>, DebruijnError> {
    let count = multiplier_count(width)?;
    let first = page.saturating_mul(per_page.max(1));
    Ok((first < count).then(|| (first, (first + per_page.max(1)).min(count) - 1)))
}

/// The well-known `v & -v` magic of a width (from [`KNOWN_MAGICS`]); `None`
/// for an unsupported width.
pub fn known_magic(width: u32) -> Option<u64> {
    KNOWN_MAGICS.iter().find(|k| k.0 == width).map(|k| k.1)
}

/// A magic for the `v ^ (v - 1)` form and bit scan reverse: `magic` itself
/// when it works for that form, else the width's entry of
/// [`KNOWN_MASK_MAGICS`]. A table lookup, never a search.
///
/// ```
/// use bitscope::bits::debruijn::mask_magic;
/// assert_eq!(mask_magic(32, 0x077C_B531).unwrap(), 0x07C4_ACDD);
/// assert_eq!(mask_magic(64, 0x03F7_9D71_B4CB_0A89).unwrap(), 0x03F7_9D71_B4CB_0A89);
/// ```
///
/// # Errors
/// [`DebruijnError::BadWidth`] for an unsupported width.
pub fn mask_magic(width: u32, magic: u64) -> Result<u64, DebruijnError> {
    if validate_kind(width, magic, ScanKind::Mask).is_ok_and(|v| v.valid) {
        return Ok(magic);
    }
    KNOWN_MASK_MAGICS
        .iter()
        .find(|k| k.0 == width)
        .map(|k| k.1)
        .ok_or(DebruijnError::BadWidth(width))
}

fn check_magic(width: u32, magic: u64) -> Result<u32, DebruijnError> {
    let n = log2_width(width)?;
    if magic & !mask(width) != 0 {
        return Err(DebruijnError::MagicTooWide { width, magic });
    }
    Ok(n)
}

fn check_value(width: u32, v: u64) -> Result<(), DebruijnError> {
    if v & !mask(width) != 0 {
        return Err(DebruijnError::ValueTooWide { width, value: v });
    }
    if v == 0 {
        return Err(DebruijnError::ZeroInput);
    }
    Ok(())
}

/// The window of bit `i`: the top `log2 N` bits of `key(i) * magic mod 2^N`.
#[inline]
fn window_of(width: u32, shift: u32, kind: ScanKind, magic: u64, i: u32) -> u32 {
    ((kind.key(width, i).wrapping_mul(magic) & mask(width)) >> shift) as u32
}

/// Adds window `w` to a set of windows (one bit each: at most 64 windows of
/// at most 6 bits); `None` when `w` was already in it. Every search checks
/// its windows with this.
#[inline(always)]
fn add_window(used: u64, w: u64) -> Option<u64> {
    let bit = 1u64 << w;
    (used & bit == 0).then_some(used | bit)
}

/// Pairs of indices `(i, j)`, `i < j`, with equal windows.
fn collisions(windows: &[u32]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for i in 0..windows.len() {
        for j in i + 1..windows.len() {
            if windows[i] == windows[j] {
                out.push((i as u32, j as u32));
            }
        }
    }
    out
}

/// All `N` windows of a magic, window `i` for bit `i`.
///
/// # Errors
/// A bad width or a magic wider than the width.
pub fn windows(width: u32, magic: u64, kind: ScanKind) -> Result<Vec<u32>, DebruijnError> {
    let n = check_magic(width, magic)?;
    let shift = width - n;
    Ok((0..width)
        .map(|i| window_of(width, shift, kind, magic, i))
        .collect())
}

/// What [`validate`] found out about a magic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Validation {
    pub width: u32,
    pub magic: u64,
    pub kind: ScanKind,
    /// All windows distinct: the magic works.
    pub valid: bool,
    /// `table[window] = bit index`, when valid.
    pub table: Option<Vec<u8>>,
    /// Pairs of bit indices `(i, j)`, `i < j`, whose windows are equal.
    pub collisions: Vec<(u32, u32)>,
    /// Window `i` for every bit `i`.
    pub windows: Vec<u32>,
}

/// Checks a magic for the classic `v & -v` form.
///
/// ```
/// use bitscope::bits::debruijn::validate;
/// let v = validate(8, 0x1D).unwrap();
/// assert!(v.valid);
/// assert_eq!(v.table.unwrap(), vec![0, 1, 6, 2, 7, 5, 4, 3]);
/// assert!(!validate(8, 0x1F).unwrap().valid);
/// ```
///
/// # Errors
/// A bad width or a magic wider than the width.
pub fn validate(width: u32, magic: u64) -> Result<Validation, DebruijnError> {
    validate_kind(width, magic, ScanKind::Isolate)
}

/// Checks a magic for either form.
///
/// # Errors
/// A bad width or a magic wider than the width.
pub fn validate_kind(width: u32, magic: u64, kind: ScanKind) -> Result<Validation, DebruijnError> {
    let windows = windows(width, magic, kind)?;
    let collisions = collisions(&windows);
    let valid = collisions.is_empty();
    let table = valid.then(|| {
        let mut t = vec![0u8; width as usize];
        for (i, &w) in windows.iter().enumerate() {
            t[w as usize] = i as u8;
        }
        t
    });
    Ok(Validation {
        width,
        magic,
        kind,
        valid,
        table,
        collisions,
        windows,
    })
}

/// The table of a magic, or [`DebruijnError::InvalidMagic`] with its collisions.
///
/// # Errors
/// A bad width, a magic wider than the width, or an invalid magic.
pub fn table_for(width: u32, magic: u64, kind: ScanKind) -> Result<Vec<u8>, DebruijnError> {
    let v = validate_kind(width, magic, kind)?;
    match v.table {
        Some(t) => Ok(t),
        None => Err(DebruijnError::InvalidMagic {
            width,
            magic,
            kind,
            collisions: v.collisions,
        }),
    }
}

// ---------------------------------------------------------------------------
// The scan itself
// ---------------------------------------------------------------------------

/// A validated magic with its table, ready to scan.
///
/// ```
/// use bitscope::bits::debruijn::{Scanner, ScanKind};
/// let s = Scanner::new(64, 0x03F79D71B4CB0A89, ScanKind::Isolate).unwrap();
/// assert_eq!(s.forward(0b1011_0000), Some(4));
/// assert_eq!(s.reverse(0b1011_0000), Some(7));
/// assert_eq!(s.forward(0), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scanner {
    width: u32,
    magic: u64,
    kind: ScanKind,
    shift: u32,
    table: [u8; 64],
}

impl Scanner {
    /// # Errors
    /// A bad width, a magic wider than the width, or an invalid magic.
    pub fn new(width: u32, magic: u64, kind: ScanKind) -> Result<Scanner, DebruijnError> {
        let t = table_for(width, magic, kind)?;
        let mut table = [0u8; 64];
        table[..t.len()].copy_from_slice(&t);
        Ok(Scanner {
            width,
            magic,
            kind,
            shift: width - log2_width(width)?,
            table,
        })
    }

    pub fn width(&self) -> u32 {
        self.width
    }
    pub fn magic(&self) -> u64 {
        self.magic
    }
    pub fn kind(&self) -> ScanKind {
        self.kind
    }
    pub fn shift(&self) -> u32 {
        self.shift
    }
    /// `table[window] = bit index` (`width` entries).
    pub fn table(&self) -> &[u8] {
        &self.table[..self.width as usize]
    }

    #[inline]
    fn lookup(&self, key: u64) -> u32 {
        let w = (key.wrapping_mul(self.magic) & mask(self.width)) >> self.shift;
        self.table[(w & 63) as usize] as u32
    }

    /// Index of the lowest set bit of `v` (bits above the width ignored);
    /// `None` when no bit is set.
    #[inline]
    pub fn forward(&self, v: u64) -> Option<u32> {
        let v = v & mask(self.width);
        if v == 0 {
            return None;
        }
        let key = match self.kind {
            ScanKind::Isolate => v & v.wrapping_neg(),
            ScanKind::Mask => (v ^ v.wrapping_sub(1)) & mask(self.width),
        };
        Some(self.lookup(key))
    }

    /// Index of the highest set bit of `v`: smear the top bit down
    /// (`v |= v >> 1; v |= v >> 2; ...`), which gives `2^(k+1) - 1`, the
    /// [`ScanKind::Mask`] key of bit `k`; an [`ScanKind::Isolate`] scanner
    /// first keeps only the top bit, `(smeared >> 1) + 1`.
    #[inline]
    pub fn reverse(&self, v: u64) -> Option<u32> {
        let v = v & mask(self.width);
        if v == 0 {
            return None;
        }
        let s = smear(v, self.width);
        let key = match self.kind {
            ScanKind::Isolate => (s >> 1) + 1,
            ScanKind::Mask => s,
        };
        Some(self.lookup(key))
    }
}

/// Every bit below the highest set bit set too: `v |= v >> 1; >> 2; >> 4 ...`
/// up to `>> width/2`.
pub fn smear(v: u64, width: u32) -> u64 {
    let mut v = v;
    let mut k = 1;
    while k < width.min(64) {
        v |= v >> k;
        k <<= 1;
    }
    v
}

/// Plain reference: the lowest set bit by a loop (`None` for 0).
pub fn lowest_bit_reference(v: u64) -> Option<u32> {
    (0..64).find(|&i| v >> i & 1 == 1)
}

/// Plain reference: the highest set bit by a loop (`None` for 0).
pub fn highest_bit_reference(v: u64) -> Option<u32> {
    (0..64).rev().find(|&i| v >> i & 1 == 1)
}

/// Bit scan forward with a magic (classic `v & -v` form).
///
/// # Errors
/// A bad width, a too-wide magic or value, `v = 0`, or an invalid magic.
pub fn scan(width: u32, magic: u64, v: u64) -> Result<u32, DebruijnError> {
    let s = Scanner::new(width, magic, ScanKind::Isolate)?;
    check_value(width, v)?;
    s.forward(v).ok_or(DebruijnError::ZeroInput)
}

/// `v` in binary, `width` digits, no prefix (the traces' notes).
fn bin(v: u64, width: u32) -> String {
    Word::new(v, width).binary(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiplier_count_is_what_the_searches_find() {
        // the naive search tries every word: independent of the formula
        for width in [8, 16] {
            let found = naive_magics(width, ScanKind::Isolate).unwrap().len() as u64;
            assert_eq!(multiplier_count(width).unwrap(), found, "{width}");
        }
        assert_eq!(
            multiplier_count(32).unwrap(),
            enumerate_all(32, |_| {}).unwrap()
        );
        assert_eq!(multiplier_count(12), Err(DebruijnError::BadWidth(12)));
    }

    #[test]
    fn pages_end_at_the_last_magic() {
        assert_eq!(page_bounds(16, 0, 32).unwrap(), Some((0, 31)));
        assert_eq!(page_bounds(16, 1, 32).unwrap(), None);
        assert_eq!(
            page_bounds(64, (1 << 22) - 1, 32).unwrap(),
            Some((134_217_696, 134_217_727))
        );
        assert_eq!(page_bounds(64, 1 << 22, 32).unwrap(), None);
        assert_eq!(page_bounds(64, u64::MAX, 32).unwrap(), None);
    }

    #[test]
    fn known_magics_have_their_known_tables() {
        for &(w, m, _) in KNOWN_MAGICS {
            assert!(validate(w, m).unwrap().valid, "{w} {m:#x}");
        }
        assert_eq!(
            validate(8, 0x1D).unwrap().table.unwrap(),
            vec![0, 1, 6, 2, 7, 5, 4, 3]
        );
        assert_eq!(
            validate(32, 0x077C_B531).unwrap().table.unwrap(),
            vec![
                0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8, 31, 27, 13, 23, 21, 19,
                16, 7, 26, 12, 18, 6, 11, 5, 10, 9
            ]
        );
        let t64 = validate(64, 0x03F7_9D71_B4CB_0A89).unwrap().table.unwrap();
        assert_eq!(&t64[..8], &[0, 1, 48, 2, 57, 49, 28, 3]);
    }

    #[test]
    fn known_mask_magics_are_valid_with_their_own_tables() {
        for &(w, m, _) in KNOWN_MASK_MAGICS {
            assert!(
                validate_kind(w, m, ScanKind::Mask).unwrap().valid,
                "{w} {m:#x}"
            );
        }
        // 0x03F79D71B4CB0A89 works for both forms, with different tables
        let a = table_for(64, 0x03F7_9D71_B4CB_0A89, ScanKind::Isolate).unwrap();
        let b = table_for(64, 0x03F7_9D71_B4CB_0A89, ScanKind::Mask).unwrap();
        assert_ne!(a, b);
    }

    #[test]
    fn every_width_has_its_geometry_and_its_magics() {
        let expect = [
            (8, 3, 5, 0xE0),
            (16, 4, 12, 0xF000),
            (32, 5, 27, 0xF800_0000),
        ];
        for (w, n, shift, top) in expect {
            assert_eq!(log2_width(w).unwrap(), n);
            assert_eq!(shift_for(w).unwrap(), shift);
            assert_eq!(window_mask(w).unwrap(), top);
        }
        assert_eq!(window_mask(64).unwrap(), 0xFC00_0000_0000_0000);
        for w in WIDTHS {
            // the window mask is the top log2 N bits of the word
            let top = window_mask(w).unwrap();
            assert_eq!(top.count_ones(), log2_width(w).unwrap());
            assert_eq!(top.leading_zeros(), 64 - w);
            // a classic and a mask-form magic for every width, both valid
            let m = known_magic(w).unwrap();
            assert!(validate(w, m).unwrap().valid, "{w}");
            let mm = mask_magic(w, m).unwrap();
            assert!(validate_kind(w, mm, ScanKind::Mask).unwrap().valid, "{w}");
        }
        for bad in [0, 7, 12, 128] {
            assert_eq!(log2_width(bad), Err(DebruijnError::BadWidth(bad)));
            assert_eq!(window_mask(bad), Err(DebruijnError::BadWidth(bad)));
            assert_eq!(known_magic(bad), None);
            assert_eq!(mask_magic(bad, 0x1D), Err(DebruijnError::BadWidth(bad)));
        }
        // a magic valid for the mask form is kept, another replaced
        assert_eq!(
            mask_magic(64, 0x03F7_9D71_B4CB_0A89).unwrap(),
            0x03F7_9D71_B4CB_0A89
        );
        assert_eq!(mask_magic(32, 0x077C_B531).unwrap(), 0x07C4_ACDD);
        assert_eq!(mask_magic(16, 0x09AF).unwrap(), 0x0F2D);
    }

    #[test]
    fn the_known_mask_magics_are_the_first_the_search_finds() {
        // so the panel's fallback is the magic an enumeration would pick
        for w in [8u32, 16] {
            let mut first = None;
            enumerate_kind_chunk(w, ScanKind::Mask, 0, 1, |m| {
                first.get_or_insert(m);
            })
            .unwrap();
            let known = KNOWN_MASK_MAGICS.iter().find(|k| k.0 == w).unwrap().1;
            assert_eq!(first, Some(known), "{w}");
        }
    }

    #[test]
    fn window_sets_and_collisions() {
        assert_eq!(add_window(0, 5), Some(1 << 5));
        assert_eq!(add_window(1 << 5, 5), None);
        assert_eq!(add_window(1, 63), Some(1 | 1 << 63));
        assert_eq!(collisions(&[0, 1, 0, 1, 2]), vec![(0, 2), (1, 3)]);
        assert!(collisions(&[3, 1, 2]).is_empty());
    }

    #[test]
    fn public_helpers_take_any_number_without_panicking() {
        assert_eq!(ScanKind::Mask.key(64, u32::MAX), u64::MAX);
        assert_eq!(ScanKind::Mask.key(200, 100), u64::MAX);
        assert_eq!(smear(1 << 40, 1000), (1 << 41) - 1);
    }
}

// proptest is a native-only dev-dependency in the main crate
#[cfg(all(test, not(target_arch = "wasm32")))]
mod proptests {
    use super::*;
    use proptest::prelude::*;

    /// A width and a non-zero value that fits in it.
    pub(super) fn width_and_value() -> impl Strategy<Value = (u32, u64)> {
        (0usize..4, any::<u64>()).prop_map(|(k, v)| {
            let w = WIDTHS[k];
            let v = v & mask(w);
            (w, if v == 0 { 1 } else { v })
        })
    }

    proptest! {
        #[test]
        fn scan_equals_trailing_zeros_with_known_magics((w, v) in width_and_value()) {
            let magic = KNOWN_MAGICS.iter().find(|k| k.0 == w).unwrap().1;
            prop_assert_eq!(scan(w, magic, v).unwrap(), v.trailing_zeros());
            prop_assert_eq!(Some(v.trailing_zeros()), lowest_bit_reference(v));
            let s = Scanner::new(w, magic, ScanKind::Isolate).unwrap();
            prop_assert_eq!(s.reverse(v), highest_bit_reference(v));
            prop_assert_eq!(s.reverse(v), Some(63 - v.leading_zeros()));
        }

        #[test]
        fn variants_agree_with_the_builtins(v in 1u64..) {
            let m = 0x03F7_9D71_B4CB_0A89;
            let s = Scanner::new(64, m, ScanKind::Mask).unwrap();
            prop_assert_eq!(s.forward(v), Some(v.trailing_zeros()));
            prop_assert_eq!(s.reverse(v), Some(63 - v.leading_zeros()));
            prop_assert_eq!(folded_scan(v), Some(v.trailing_zeros()));
            let v32 = (v as u32).max(1) as u64;
            let s32 = Scanner::new(32, 0x07C4_ACDD, ScanKind::Mask).unwrap();
            prop_assert_eq!(s32.reverse(v32), Some(63 - v32.leading_zeros()));
            prop_assert_eq!(s32.forward(v32), Some(v32.trailing_zeros()));
        }

        #[test]
        fn mask_magic_scans_with_any_chosen_magic((w, v) in width_and_value(), m in any::<u64>()) {
            // whatever magic is chosen, the mask form gets one that works
            let mm = mask_magic(w, m & mask(w)).unwrap();
            let s = Scanner::new(w, mm, ScanKind::Mask).unwrap();
            prop_assert_eq!(s.forward(v), Some(v.trailing_zeros()));
            prop_assert_eq!(s.reverse(v), Some(63 - v.leading_zeros()));
        }
    }
}
