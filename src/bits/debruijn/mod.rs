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
//! of a width by a depth-first search over bits (134,217,728 of them for 64
//! bits), in chunks a caller can report progress on and cancel between.

use super::trace::{Outcome, Step, Trace};
use super::word::{mask, Word};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// The word widths the scan supports.
pub const WIDTHS: [u32; 4] = [8, 16, 32, 64];

/// Largest number of chunks an enumeration can be split into (`2^20`).
pub const MAX_CHUNK_BITS: u32 = 20;

/// Largest page [`nth_magics`] returns.
pub const MAX_PAGE: usize = 1 << 16;

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

/// Well-known multipliers for the `v ^ (v - 1)` form (and so for bit scan
/// reverse on a smeared word): `(width, magic, name)`. Checked in the tests.
pub const KNOWN_MASK_MAGICS: &[(u32, u64, &str)] = &[
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

/// Matt Taylor's 32-bit multiplier for the folded 64-bit scan.
pub const FOLD_MAGIC: u32 = 0x7829_1ACF;

/// The 64-entry table of the folded scan, built at compile time by
/// [`fold_window`] for every bit (see [`fold_collisions`] for its check).
pub const FOLD_TABLE: [u8; 64] = build_fold_table();

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
    #[error("trying every {width}-bit candidate is too slow here: the naive search covers 8 and 16 bits (use naive_scan for a slice)")]
    NaiveTooLarge { width: u32 },
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

/// `log2 N` for a supported width: 8 -> 3, 16 -> 4, 32 -> 5, 64 -> 6.
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
    let mut collisions = Vec::new();
    for i in 0..windows.len() {
        for j in i + 1..windows.len() {
            if windows[i] == windows[j] {
                collisions.push((i as u32, j as u32));
            }
        }
    }
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

/// Quick yes/no with an early exit (the enumerators' check).
#[inline]
fn is_valid_fast(width: u32, shift: u32, kind: ScanKind, magic: u64) -> bool {
    let mut used = 0u64;
    for i in 0..width {
        let w = window_of(width, shift, kind, magic, i);
        if used >> w & 1 != 0 {
            return false;
        }
        used |= 1 << w;
    }
    true
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

fn bin(v: u64, width: u32) -> String {
    Word::new(v, width).binary(0)
}

/// The classic scan stepped: `v`, `-v`, `v & -v`, the multiply (the magic
/// shifted left), the shift by `N - log2 N`, the table lookup.
///
/// ```
/// use bitscope::bits::debruijn::scan_trace;
/// use bitscope::bits::trace::Outcome;
/// let t = scan_trace(8, 0x1D, 0b0110_1000).unwrap();
/// assert_eq!(t.result, Outcome::Number(3));
/// ```
///
/// # Errors
/// A bad width, a too-wide magic or value, `v = 0`, or an invalid magic
/// (carrying its collisions).
pub fn scan_trace(width: u32, magic: u64, v: u64) -> Result<Trace, DebruijnError> {
    let sc = Scanner::new(width, magic, ScanKind::Isolate)?;
    check_value(width, v)?;
    let n = width - sc.shift;
    let shift = sc.shift;
    let m = mask(width);
    let not_v = !v & m;
    let neg = v.wrapping_neg() & m;
    let iso = v & neg;
    let i = iso.trailing_zeros();
    let product = iso.wrapping_mul(magic) & m;
    let top = mask(n) << shift;
    let window = product >> shift;
    let index = sc.table()[window as usize] as u32;
    let w = |x: u64| Word::new(x, width);
    let mut t = Trace::new(
        "debruijn-scan",
        format!(
            "{width}-bit bit scan of {} with magic {}",
            w(v).hex(),
            w(magic).hex()
        ),
        Outcome::Number(index as i64),
    );
    t.push(
        Step::new("the input", "v", w(v))
            .highlight(iso)
            .note(format!(
                "v = {v} = 0b{}: {} bit(s) set; the scan finds the lowest one without a loop",
                bin(v, width),
                v.count_ones()
            )),
    );
    t.push(
        Step::new("negate: two's complement", "-v = ~v + 1", w(neg))
            .highlight(iso)
            .operand("~v", w(not_v))
            .note(format!(
                "~v = {} flips every bit; + 1 carries through its {i} trailing one(s), so -v = {} agrees with v at bit {i} and below and is the complement of v above it",
                w(not_v).hex(),
                w(neg).hex()
            )),
    );
    t.push(
        Step::new("isolate the lowest set bit", "v & -v", w(iso))
            .highlight(iso)
            .operand("v", w(v))
            .operand("-v", w(neg))
            .note(format!(
                "only bit {i} is set in both v and -v: v & -v = {iso} = 2^{i}"
            )),
    );
    t.push(
        Step::new(
            "multiply by the magic",
            format!("(v & -v) * {}", w(magic).hex()),
            w(product),
        )
        .highlight(top)
        .operand("magic", w(magic))
        .note(format!(
            "2^{i} * magic = magic << {i} (mod 2^{width}): the sequence {} slides {i} place(s) left, {i} bit(s) fall off the top and {i} zero(s) come in at the bottom; the top {n} bits now read {} = window {i}",
            bin(magic, width),
            bin(window, n)
        )),
    );
    t.push(
        Step::new(
            "keep the top log2 N bits",
            format!("product >> {shift}"),
            w(window),
        )
        .highlight(mask(n))
        .note(format!(
            "N - log2 N = {width} - {n} = {shift}: shifting right by {shift} drops all but the top {n} bits, window = {window}"
        )),
    );
    t.push(
        Step::new("look up the bit index", format!("table[{window}]"), Word::new(index as u64, 8))
            .cells(sc.table().iter().map(|&x| x as i64))
            .note(format!(
                "table[{window}] = {index}: the table lists, for every window, the bit whose shift of the magic shows it (1-based tables add one: {})",
                index + 1
            )),
    );
    Ok(t)
}

/// The `v ^ (v - 1)` form stepped, with its own magic and table.
///
/// ```text
/// v           = 0110_1000
/// v - 1       = 0110_0111   the borrow turns the trailing zeros to ones
/// v ^ (v - 1) = 0000_1111   ones up to and including the lowest set bit
/// ```
///
/// # Errors
/// A bad width, a too-wide magic or value, `v = 0`, or a magic that is not
/// valid for this form.
pub fn mask_scan_trace(width: u32, magic: u64, v: u64) -> Result<Trace, DebruijnError> {
    let sc = Scanner::new(width, magic, ScanKind::Mask)?;
    check_value(width, v)?;
    let n = width - sc.shift;
    let shift = sc.shift;
    let m = mask(width);
    let i = v.trailing_zeros();
    let dec = v.wrapping_sub(1) & m;
    let key = v ^ dec;
    let shifted = if i + 1 >= width {
        0
    } else {
        (magic << (i + 1)) & m
    };
    let product = key.wrapping_mul(magic) & m;
    let window = product >> shift;
    let index = sc.table()[window as usize] as u32;
    let w = |x: u64| Word::new(x, width);
    let mut t = Trace::new(
        "debruijn-mask-scan",
        format!(
            "{width}-bit bit scan of {} by v ^ (v - 1) with magic {}",
            w(v).hex(),
            w(magic).hex()
        ),
        Outcome::Number(index as i64),
    );
    t.push(
        Step::new("the input", "v", w(v))
            .highlight(1 << i)
            .note(format!("v = {v} = 0b{}", bin(v, width))),
    );
    t.push(
        Step::new("subtract one", "v - 1", w(dec))
            .highlight(mask(i + 1))
            .note(format!(
                "the borrow runs through the {i} trailing zero(s): they become ones and bit {i} is cleared; bits above {i} are unchanged"
            )),
    );
    t.push(
        Step::new("mask up to the lowest set bit", "v ^ (v - 1)", w(key))
            .highlight(key)
            .note(format!(
                "xor keeps the bits that changed: bits 0..={i}, so v ^ (v - 1) = 2^{} - 1 = {key}",
                i + 1
            )),
    );
    t.push(
        Step::new(
            "multiply by the magic",
            format!("(v ^ (v - 1)) * {}", w(magic).hex()),
            w(product),
        )
        .highlight(mask(n) << shift)
        .operand("magic", w(magic))
        .operand(format!("magic << {}", i + 1), w(shifted))
        .note(format!(
            "(2^{} - 1) * magic = (magic << {}) - magic = {} - {} = {} (mod 2^{width}); its top {n} bits are {}",
            i + 1,
            i + 1,
            w(shifted).hex(),
            w(magic).hex(),
            w(product).hex(),
            bin(window, n)
        )),
    );
    t.push(
        Step::new(
            "keep the top log2 N bits",
            format!("product >> {shift}"),
            w(window),
        )
        .highlight(mask(n))
        .note(format!("{width} - {n} = {shift}: window = {window}")),
    );
    t.push(
        Step::new("look up the bit index", format!("table[{window}]"), Word::new(index as u64, 8))
            .cells(sc.table().iter().map(|&x| x as i64))
            .note(format!(
                "this form has its own table (built from the windows of (2^(i+1) - 1) * magic): table[{window}] = {index}"
            )),
    );
    Ok(t)
}

/// Bit scan reverse stepped: smear the top bit down, multiply, shift, look up.
/// `magic` must be valid for [`ScanKind::Mask`] (the smeared word `2^(k+1) - 1`
/// has the same shape as `v ^ (v - 1)`), e.g. 0x03F79D71B4CB0A89 for 64 bits.
///
/// # Errors
/// A bad width, a too-wide magic or value, `v = 0`, or a magic not valid for
/// the mask form.
pub fn reverse_scan_trace(width: u32, magic: u64, v: u64) -> Result<Trace, DebruijnError> {
    let sc = Scanner::new(width, magic, ScanKind::Mask)?;
    check_value(width, v)?;
    let n = width - sc.shift;
    let shift = sc.shift;
    let m = mask(width);
    let k = 63 - v.leading_zeros();
    let w = |x: u64| Word::new(x, width);
    let mut t = Trace::new(
        "debruijn-reverse-scan",
        format!(
            "{width}-bit bit scan reverse of {} with magic {}",
            w(v).hex(),
            w(magic).hex()
        ),
        Outcome::Number(k as i64),
    );
    t.push(
        Step::new("the input", "v", w(v))
            .highlight(1 << k)
            .note(format!(
                "v = {v} = 0b{}: the scan finds the highest set bit",
                bin(v, width)
            )),
    );
    let mut s = v;
    let mut step = 1;
    while step < width {
        let before = s;
        s |= s >> step;
        t.push(
            Step::new(format!("smear right by {step}"), format!("v |= v >> {step}"), w(s))
                .highlight(s & !before)
                .note(format!(
                    "every set bit copies itself {step} place(s) down: now the top {} bit(s) below and including bit {k} are ones (or all of them)",
                    (2 * step).min(k + 1)
                )),
        );
        step <<= 1;
    }
    let product = s.wrapping_mul(magic) & m;
    let window = product >> shift;
    let index = sc.table()[window as usize] as u32;
    t.push(
        Step::new("multiply by the magic", format!("smeared * {}", w(magic).hex()), w(product))
            .highlight(mask(n) << shift)
            .operand("magic", w(magic))
            .note(format!(
                "smeared = 2^{} - 1 = {s}, the same shape as v ^ (v - 1) for a lowest bit {k}, so the mask-form magic and table apply; top {n} bits: {}",
                k + 1,
                bin(window, n)
            )),
    );
    t.push(
        Step::new(
            "keep the top log2 N bits",
            format!("product >> {shift}"),
            w(window),
        )
        .highlight(mask(n))
        .note(format!("{width} - {n} = {shift}: window = {window}")),
    );
    t.push(
        Step::new(
            "look up the bit index",
            format!("table[{window}]"),
            Word::new(index as u64, 8),
        )
        .cells(sc.table().iter().map(|&x| x as i64))
        .note(format!(
            "table[{window}] = {index} = {} - 1 - leading_zeros",
            width
        )),
    );
    Ok(t)
}

// ---------------------------------------------------------------------------
// Matt Taylor's folding: a 64-bit scan with a 32-bit multiply
// ---------------------------------------------------------------------------

/// The folded word of bit `i`'s mask: `b = 2^(i+1) - 1`,
/// `folded = (b as u32) ^ ((b >> 32) as u32)`.
pub const fn fold(v: u64) -> u32 {
    let b = v ^ v.wrapping_sub(1);
    (b as u32) ^ ((b >> 32) as u32)
}

/// The 6-bit window of a folded word: `(folded * 0x78291ACF) >> 26` in 32 bits.
pub const fn fold_window(folded: u32) -> u32 {
    folded.wrapping_mul(FOLD_MAGIC) >> 26
}

const fn build_fold_table() -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[fold_window(fold(1u64 << i)) as usize] = i as u8;
        i += 1;
    }
    t
}

/// Pairs of bits whose folded windows collide (empty: the table is complete).
pub fn fold_collisions() -> Vec<(u32, u32)> {
    let w: Vec<u32> = (0..64).map(|i| fold_window(fold(1u64 << i))).collect();
    let mut out = Vec::new();
    for i in 0..64 {
        for j in i + 1..64 {
            if w[i] == w[j] {
                out.push((i as u32, j as u32));
            }
        }
    }
    out
}

/// Lowest set bit of a 64-bit word with one 32-bit multiply (`None` for 0).
#[inline]
pub fn folded_scan(v: u64) -> Option<u32> {
    if v == 0 {
        return None;
    }
    Some(FOLD_TABLE[fold_window(fold(v)) as usize] as u32)
}

/// The folded scan stepped: `v ^ (v - 1)`, the two halves, their xor, the
/// 32-bit multiply, `>> 26`, the lookup.
///
/// # Errors
/// [`DebruijnError::ZeroInput`] for `v = 0`.
pub fn folded_scan_trace(v: u64) -> Result<Trace, DebruijnError> {
    check_value(64, v)?;
    let i = v.trailing_zeros();
    let b = v ^ v.wrapping_sub(1);
    let lo = b as u32;
    let hi = (b >> 32) as u32;
    let folded = lo ^ hi;
    let product = folded.wrapping_mul(FOLD_MAGIC);
    let window = product >> 26;
    let index = FOLD_TABLE[window as usize] as u32;
    let w64 = |x: u64| Word::new(x, 64);
    let w32 = |x: u32| Word::new(x as u64, 32);
    let mut t = Trace::new(
        "debruijn-folded-scan",
        format!("64-bit bit scan of {} folded into 32 bits", w64(v).hex()),
        Outcome::Number(index as i64),
    );
    t.push(
        Step::new("the input", "v", w64(v))
            .highlight(1 << i)
            .note(format!(
                "v = {v}; lowest set bit wanted, using only a 32-bit multiply"
            )),
    );
    t.push(
        Step::new("mask up to the lowest set bit", "b = v ^ (v - 1)", w64(b))
            .highlight(b)
            .note(format!("ones in bits 0..={i}: b = 2^{} - 1", i + 1)),
    );
    t.push(Step::new("low half", "b as u32", w32(lo)).note(if i >= 32 {
        format!("bit {i} is in the high half, so the low half is all ones")
    } else {
        format!("the low half holds the {} ones", i + 1)
    }));
    t.push(
        Step::new("high half", "(b >> 32) as u32", w32(hi)).note(if i >= 32 {
            format!("the high half holds ones in bits 0..={}", i - 32)
        } else {
            "bit i is in the low half, so the high half is zero".to_string()
        }),
    );
    t.push(
        Step::new("fold the halves", "low ^ high", w32(folded))
            .highlight(folded as u64)
            .note(format!(
                "{} ^ {} = {}: for i < 32 the fold is 2^(i+1) - 1, for i >= 32 it is all ones above bit i - 32, so all 64 bits give different folds",
                w32(lo).hex(),
                w32(hi).hex(),
                w32(folded).hex()
            )),
    );
    t.push(
        Step::new("multiply in 32 bits", "folded * 0x78291acf", w32(product))
            .highlight(0xfc00_0000)
            .operand("magic", w32(FOLD_MAGIC))
            .note(format!(
                "{} * 0x78291acf mod 2^32 = {}; its top 6 bits are {}",
                w32(folded).hex(),
                w32(product).hex(),
                bin(window as u64, 6)
            )),
    );
    t.push(
        Step::new("keep the top 6 bits", "product >> 26", w32(window))
            .highlight(63)
            .note(format!("32 - 6 = 26: window = {window}")),
    );
    t.push(
        Step::new(
            "look up the bit index",
            format!("table[{window}]"),
            Word::new(index as u64, 8),
        )
        .cells(FOLD_TABLE.iter().map(|&x| x as i64))
        .note(format!(
            "the 64-entry table was derived by folding every single bit: table[{window}] = {index}"
        )),
    );
    Ok(t)
}

// ---------------------------------------------------------------------------
// Derivation: reading the table off the sequence
// ---------------------------------------------------------------------------

/// One window of the derivation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowRow {
    /// The bit `i`.
    pub bit: u32,
    /// `magic << i` (mod 2^N).
    pub shifted: u64,
    /// Its top `log2 N` bits.
    pub window: u32,
    /// How many of the window's bits came from the zero fill of the shift.
    pub zero_filled: u32,
    /// The window read cyclically from the sequence (wrapping to its start).
    pub cyclic: u32,
}

/// How the table of a magic is read off its sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Derivation {
    pub width: u32,
    pub magic: u64,
    pub log2: u32,
    pub shift: u32,
    pub rows: Vec<WindowRow>,
    /// `table[window] = i` (0-based bit index).
    pub table: Vec<u8>,
    /// `table[window] = i + 1` (1-based: bit 1 is the least significant).
    pub table_one_based: Vec<u8>,
    /// The first `log2 N - 1` bits are zero, so the zero fill reads like the
    /// cyclic wrap-around.
    pub zero_fill_is_wrap: bool,
}

/// The `N` windows of `log2 N` bits read off the sequence, and the table.
///
/// Window `i` is the top `log2 N` bits of `magic << i`. A de Bruijn sequence
/// `B(2, n)` is read *cyclically*: the last `n - 1` windows run past its end
/// and wrap to its start. The shift brings in zeros instead of wrapping, so
/// the last `n - 1` windows (`i > N - n`) end in 1..n-1 zeros of fill. They
/// equal the cyclic windows exactly when the sequence starts with `n - 1`
/// zeros; the odd magics start with `n` zeros (0x1D = 000_11101) and their
/// even partners `magic << 1` with `n - 1` zeros and a one (0x3A).
///
/// ```
/// use bitscope::bits::debruijn::derive_table;
/// let d = derive_table(8, 0x1D).unwrap();
/// assert_eq!(d.table, vec![0, 1, 6, 2, 7, 5, 4, 3]);
/// assert_eq!(d.table_one_based, vec![1, 2, 7, 3, 8, 6, 5, 4]);
/// ```
///
/// # Errors
/// A bad width, a magic wider than the width, or an invalid magic.
pub fn derive_table(width: u32, magic: u64) -> Result<Derivation, DebruijnError> {
    let n = check_magic(width, magic)?;
    let shift = width - n;
    let table = table_for(width, magic, ScanKind::Isolate)?;
    let rows = (0..width)
        .map(|i| {
            let shifted = (magic << i) & mask(width);
            // cyclic: bits at positions (from the top) i .. i+n-1, wrapping
            let cyc = (0..n).fold(0u32, |acc, k| {
                let pos_from_top = (i + k) % width;
                let bit = (magic >> (width - 1 - pos_from_top)) & 1;
                (acc << 1) | bit as u32
            });
            WindowRow {
                bit: i,
                shifted,
                window: (shifted >> shift) as u32,
                zero_filled: (i + n).saturating_sub(width),
                cyclic: cyc,
            }
        })
        .collect();
    Ok(Derivation {
        width,
        magic,
        log2: n,
        shift,
        rows,
        table_one_based: table.iter().map(|&x| x + 1).collect(),
        table,
        zero_fill_is_wrap: magic >> (width - n + 1) == 0,
    })
}

/// The derivation as a trace: the magic, one step per window, the table.
///
/// # Errors
/// As [`derive_table`].
pub fn derivation_trace(width: u32, magic: u64) -> Result<Trace, DebruijnError> {
    let d = derive_table(width, magic)?;
    let n = d.log2;
    let w = |x: u64| Word::new(x, width);
    let mut t = Trace::new(
        "debruijn-derive",
        format!("table of the {width}-bit magic {}", w(magic).hex()),
        Outcome::Bytes(d.table.clone()),
    );
    let cyclic_all: Vec<String> = d.rows.iter().map(|r| bin(r.cyclic as u64, n)).collect();
    t.push(
        Step::new("the sequence", "magic", w(magic))
            .highlight(mask(n) << d.shift)
            .note(format!(
                "{} read {n} bits at a time, cyclically: {}; every {n}-bit pattern appears once{}",
                bin(magic, width),
                cyclic_all.join(" "),
                if d.zero_fill_is_wrap {
                    format!(
                        "; it starts with {} zero(s), so the zeros the shift brings in read like the wrap-around",
                        n - 1
                    )
                } else {
                    "; it does not start with log2 N - 1 zeros, so the zero fill differs from the wrap".to_string()
                }
            )),
    );
    for r in &d.rows {
        let fill = if r.zero_filled > 0 {
            format!(
                "; {} of its bits are the shift's zero fill (cyclic reading: {})",
                r.zero_filled,
                bin(r.cyclic as u64, n)
            )
        } else {
            String::new()
        };
        t.push(
            Step::new(
                format!("window {}", r.bit),
                format!("magic << {}", r.bit),
                w(r.shifted),
            )
            .highlight(mask(n) << d.shift)
            .note(format!(
                "the top {n} bits of magic << {} are {} = {}: table[{}] = {}{fill}",
                r.bit,
                bin(r.window as u64, n),
                r.window,
                r.window,
                r.bit
            )),
        );
    }
    t.push(
        Step::new("the table", "table[window] = i", w(magic))
            .cells(d.table.iter().map(|&x| x as i64))
            .note(format!(
                "0-based {:?}; 1-based (add one) {:?}",
                d.table, d.table_one_based
            )),
    );
    Ok(t)
}

// ---------------------------------------------------------------------------
// Enumeration
// ---------------------------------------------------------------------------

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

/// Depth-first search over the bits of the magic, top bit first, for the
/// classic form. `seq` holds the bits placed so far, `used` one bit per
/// window already seen (at most 64 windows: one `u64`). A bit is placed only
/// when the window it completes is new, so every leaf has `N - n + 1`
/// distinct windows; the leaf then checks the last `n - 1` windows, which
/// end in the shift's zero fill. Reaching `visit` therefore means all `N`
/// windows were checked distinct: the search is its own verification.
fn fast_dfs<const NB: u32, F: FnMut(u64) -> bool>(
    seq: u64,
    used: u64,
    left: u32,
    visit: &mut F,
) -> bool {
    let wmask = (1u64 << NB) - 1;
    if left == 0 {
        let mut u = used;
        let mut j = 1;
        while j < NB {
            let w = (seq << j) & wmask;
            if u >> w & 1 != 0 {
                return true;
            }
            u |= 1 << w;
            j += 1;
        }
        return visit(seq);
    }
    let s0 = seq << 1;
    let w0 = s0 & wmask;
    if used >> w0 & 1 == 0 && !fast_dfs::<NB, F>(s0, used | 1 << w0, left - 1, visit) {
        return false;
    }
    let s1 = s0 | 1;
    let w1 = s1 & wmask;
    if used >> w1 & 1 == 0 && !fast_dfs::<NB, F>(s1, used | 1 << w1, left - 1, visit) {
        return false;
    }
    true
}

/// Runs the classic-form search below a prefix of `len` bits (`seq`, top bits
/// of the magic). Returns false when the visitor asked to stop.
fn fast_from_prefix<F: FnMut(u64) -> bool>(
    width: u32,
    n: u32,
    seq: u64,
    len: u32,
    visit: &mut F,
) -> bool {
    // windows fully inside the prefix
    let mut used = 0u64;
    if len >= n {
        for j in 0..=(len - n) {
            let w = (seq >> (len - n - j)) & mask(n);
            if used >> w & 1 != 0 {
                return true;
            }
            used |= 1 << w;
        }
    }
    let left = width - len;
    match n {
        3 => fast_dfs::<3, F>(seq, used, left, visit),
        4 => fast_dfs::<4, F>(seq, used, left, visit),
        5 => fast_dfs::<5, F>(seq, used, left, visit),
        _ => fast_dfs::<6, F>(seq, used, left, visit),
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

    #[inline(always)]
    fn prefix_bit(&self, depth: u32) -> Option<u32> {
        (depth < self.prefix_len).then(|| (self.prefix >> (self.prefix_len - 1 - depth)) as u32 & 1)
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
                if let Some(p) = self.prefix_bit(depth) {
                    if p != b {
                        return true;
                    }
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
                if let Some(p) = self.prefix_bit(depth) {
                    if p != b {
                        continue;
                    }
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
            if let Some(p) = w.prefix_bit(0) {
                if p != start {
                    continue;
                }
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

/// The plain search over windows (no circuit structure): used by the tests
/// to cross-check the circuit walk on 8, 16 and 32 bits.
pub fn window_search(width: u32, mut visit: impl FnMut(u64)) -> Result<u64, DebruijnError> {
    let n = log2_width(width)?;
    let mut found = 0;
    fast_from_prefix(width, n, 0, n - 1, &mut |m| {
        found += 1;
        visit(m);
        true
    });
    Ok(found)
}

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

/// A half-sequence: its window set, its edge bits, and the hash of
/// `set ^ reverse(set)` that it shares with its partners.
#[derive(Clone, Copy, Debug, Default)]
struct Half {
    key: u64,
    seq: u32,
    hash: u32,
}

/// Reusable buffers of one join.
#[derive(Default)]
struct JoinScratch {
    sorted: Vec<Half>,
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
/// unordered, and memory-hungry for 64 bits (12.4 million
/// half-sequences of 16 bytes, about 200 to 300 MB while it runs);
/// [`enumerate_chunk`] is the ordered, low-memory walk.
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
/// The half-sequences are split into chunks by a hash of
/// `U ^ reverse(U)` (`U` the window set), which a half-sequence and its
/// partners share, so each chunk joins on its own; chunks give progress.
pub struct FastEnumerator {
    width: u32,
    n: u32,
    rev: RevSet,
    chunks: Vec<Vec<Half>>,
}

const COARSE_BITS: u32 = 5;
const FINE_BITS: u32 = 6;

impl FastEnumerator {
    /// Builds the half-sequences.
    ///
    /// # Errors
    /// A bad width.
    pub fn new(width: u32) -> Result<FastEnumerator, DebruijnError> {
        let n = log2_width(width)?;
        let half = width / 2;
        let wmask = mask(n);
        let rev = RevSet::new(n);
        let coarse = if width == 64 { COARSE_BITS } else { 0 };
        let mut chunks = vec![Vec::new(); 1usize << coarse];
        let mut a = vec![(0u64, 0u64)];
        let mut a_len = 1;
        let mut b = Vec::new();
        let top = half / 2;
        for _ in 0..top {
            let k = expand(&a[..a_len], &mut b, wmask);
            std::mem::swap(&mut a, &mut b);
            a_len = k;
        }
        a_len = prune_cycles(&mut a[..a_len], n);
        let mut c1: Vec<(u64, u64)> = Vec::new();
        let mut c2 = Vec::new();
        for &t in &a[..a_len] {
            if c1.is_empty() {
                c1.push(t);
            }
            c1[0] = t;
            let mut len = 1;
            for d in top..half {
                len = expand(&c1[..len], &mut c2, wmask);
                std::mem::swap(&mut c1, &mut c2);
                if (d + 1 - top).is_multiple_of(4) && d + 1 < half {
                    len = prune_cycles(&mut c1[..len], n);
                }
            }
            for &(s, u) in &c1[..len] {
                let d = u ^ rev.apply(u);
                let hash = (d.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as u32;
                let at = if coarse == 0 {
                    0
                } else {
                    (hash >> (32 - coarse)) as usize
                };
                chunks[at].push(Half {
                    key: u,
                    seq: s as u32,
                    hash,
                });
            }
        }
        Ok(FastEnumerator {
            width,
            n,
            rev,
            chunks,
        })
    }

    /// How many half-sequences there are (both sides of every magic).
    pub fn half_sequences(&self) -> usize {
        self.chunks.iter().map(Vec::len).sum()
    }

    /// How many chunks [`FastEnumerator::run_chunk`] takes.
    pub fn chunks(&self) -> usize {
        self.chunks.len()
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
        Ok(self.chunk_inner(index, &mut visit, true)?.0)
    }

    /// Counts the magics of one chunk without visiting them: `(odd, even)`.
    ///
    /// # Errors
    /// [`DebruijnError::BadChunk`] for an index past [`FastEnumerator::chunks`].
    pub fn count_chunk(&self, index: usize) -> Result<(u64, u64), DebruijnError> {
        let (all, odd) = self.chunk_inner(index, &mut |_| {}, false)?;
        Ok((odd, all - odd))
    }

    fn chunk_inner<F: FnMut(u64)>(
        &self,
        index: usize,
        visit: &mut F,
        each: bool,
    ) -> Result<(u64, u64), DebruijnError> {
        let Some(entries) = self.chunks.get(index) else {
            return Err(DebruijnError::BadChunk {
                index: index as u64,
                count: self.chunks() as u64,
                max: self.chunks() as u64,
            });
        };
        let mut sc = JoinScratch::default();
        // split the chunk by the next hash bits so each part fits in cache
        let fine = if self.chunks.len() > 1 { FINE_BITS } else { 0 };
        let parts = 1usize << fine;
        let part_of =
            |h: &Half| ((h.hash << COARSE_BITS) >> (32 - fine.max(1))) as usize & (parts - 1);
        let mut start = vec![0usize; parts + 1];
        for h in entries {
            start[part_of(h) + 1] += 1;
        }
        for i in 0..parts {
            start[i + 1] += start[i];
        }
        let mut at = start.clone();
        sc.sorted.resize(entries.len(), Half::default());
        for h in entries {
            let p = part_of(h);
            sc.sorted[at[p]] = *h;
            at[p] += 1;
        }
        let sorted = std::mem::take(&mut sc.sorted);
        let (mut found, mut odd) = (0, 0);
        for p in 0..parts {
            let (f, o) = self.join(&sorted[start[p]..start[p + 1]], &mut sc, visit, each);
            found += f;
            odd += o;
        }
        Ok((found, odd))
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

/// Where a slice of the naive search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NaiveProgress {
    /// Candidates tried in this slice.
    pub tried: u64,
    /// Valid magics found in this slice.
    pub found: u64,
    /// The next candidate to try; `None` when every candidate was tried.
    pub next: Option<u64>,
}

/// The naive search, one slice: tries candidates `start .. start + count`
/// (clamped to the width), checking all windows of each with an early exit.
///
/// # Errors
/// A bad width, or a start beyond the width.
pub fn naive_scan(
    width: u32,
    kind: ScanKind,
    start: u64,
    count: u64,
    mut visit: impl FnMut(u64),
) -> Result<NaiveProgress, DebruijnError> {
    let n = check_magic(width, start)?;
    let shift = width - n;
    let last = mask(width);
    let mut tried = 0u64;
    let mut found = 0u64;
    let mut m = start;
    loop {
        if tried == count {
            return Ok(NaiveProgress {
                tried,
                found,
                next: Some(m),
            });
        }
        tried += 1;
        if is_valid_fast(width, shift, kind, m) {
            found += 1;
            visit(m);
        }
        if m == last {
            return Ok(NaiveProgress {
                tried,
                found,
                next: None,
            });
        }
        m += 1;
    }
}

/// Every valid magic of an 8- or 16-bit width by trying all candidates.
///
/// # Errors
/// A bad width, or [`DebruijnError::NaiveTooLarge`] for 32 and 64 bits.
pub fn naive_magics(width: u32, kind: ScanKind) -> Result<Vec<u64>, DebruijnError> {
    log2_width(width)?;
    if width > 16 {
        return Err(DebruijnError::NaiveTooLarge { width });
    }
    let mut out = Vec::new();
    naive_scan(width, kind, 0, u64::MAX, |m| out.push(m))?;
    Ok(out)
}

/// The search for any form, by intervals: with the top `t` bits of the magic
/// fixed, the magic ranges over `m_lo ..= m_lo + J` (`J = 2^(N-t) - 1`), and
/// `key * m mod 2^N` over an arithmetic progression of step `key` (taken as
/// the signed residue of least size). When the whole progression stays
/// inside one block of `2^(N-n)` without wrapping, window `i` is known and
/// must not repeat one already known. At `t = N` every window is known, so a
/// visited magic has had all `N` windows checked distinct.
struct IntervalSearch {
    width: u32,
    shift: u32,
    /// |key| and its sign, per bit.
    key_abs: [u64; 64],
    key_neg: [bool; 64],
    /// Bits whose window can be known at depth `t` (span small enough).
    eligible: [u64; 65],
}

impl IntervalSearch {
    fn new(width: u32, kind: ScanKind) -> Result<IntervalSearch, DebruijnError> {
        let n = log2_width(width)?;
        let shift = width - n;
        let mut key_abs = [0u64; 64];
        let mut key_neg = [false; 64];
        let mut eligible = [0u64; 65];
        for i in 0..width as usize {
            let k = kind.key(width, i as u32);
            let half = 1u64 << (width - 1);
            if k > half {
                key_abs[i] = mask(width) - k + 1;
                key_neg[i] = true;
            } else {
                key_abs[i] = k;
            }
            for (t, e) in eligible.iter_mut().enumerate().take(width as usize + 1) {
                let j = mask(width - t as u32) as u128;
                if key_abs[i] as u128 * j < 1u128 << shift {
                    *e |= 1 << i;
                }
            }
        }
        Ok(IntervalSearch {
            width,
            shift,
            key_abs,
            key_neg,
            eligible,
        })
    }

    fn dfs<F: FnMut(u64) -> bool>(
        &self,
        t: u32,
        m_lo: u64,
        used: u64,
        open: u64,
        visit: &mut F,
    ) -> bool {
        let width = self.width;
        let mut used = used;
        let mut open = open;
        let j = mask(width - t) as u128;
        let mut cand = open & self.eligible[t as usize];
        while cand != 0 {
            let i = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            let c = self.key_abs[i];
            let f_lo = if self.key_neg[i] {
                m_lo.wrapping_mul(c).wrapping_neg() & mask(width)
            } else {
                m_lo.wrapping_mul(c) & mask(width)
            };
            let spread = c as u128 * j;
            let block = f_lo >> self.shift;
            let known = if self.key_neg[i] {
                (f_lo as u128) >= spread && ((f_lo as u128 - spread) >> self.shift) as u64 == block
            } else {
                ((f_lo as u128 + spread) >> self.shift) as u64 == block
            };
            if known {
                if used >> block & 1 != 0 {
                    return true;
                }
                used |= 1 << block;
                open &= !(1u64 << i);
            }
        }
        if t == width {
            return open != 0 || visit(m_lo);
        }
        let bit = 1u64 << (width - t - 1);
        self.dfs(t + 1, m_lo, used, open, visit) && self.dfs(t + 1, m_lo | bit, used, open, visit)
    }

    fn run_prefix<F: FnMut(u64) -> bool>(&self, prefix: u64, len: u32, visit: &mut F) -> bool {
        let m_lo = if len == 0 {
            0
        } else {
            prefix << (self.width - len)
        };
        self.dfs(len, m_lo, 0, mask(self.width), visit)
    }
}

/// The most chunks [`enumerate_kind_chunk`] accepts for a width.
///
/// # Errors
/// A bad width.
pub fn max_kind_chunks(width: u32) -> Result<u64, DebruijnError> {
    log2_width(width)?;
    Ok(1u64 << width.min(MAX_CHUNK_BITS))
}

/// Visits the valid magics of either form in one chunk, ascending: chunk `k`
/// of `chunk_count` (a power of two) holds the magics in
/// `[k, k + 1) * 2^N / chunk_count`. This is the interval search; for the
/// classic form [`enumerate_chunk`] is much faster.
///
/// # Errors
/// A bad width or a bad chunk.
pub fn enumerate_kind_chunk(
    width: u32,
    kind: ScanKind,
    chunk_index: u64,
    chunk_count: u64,
    mut visit: impl FnMut(u64),
) -> Result<u64, DebruijnError> {
    let s = IntervalSearch::new(width, kind)?;
    let c = chunk_bits(chunk_count, width.min(MAX_CHUNK_BITS), chunk_index)?;
    let mut found = 0;
    s.run_prefix(chunk_index, c, &mut |m| {
        found += 1;
        visit(m);
        true
    });
    Ok(found)
}

/// Counts the valid magics of either form by the interval search
/// (8: 4 / 16: 32 / 32: 4096 for `v & -v`; see the tests for `v ^ (v - 1)`).
///
/// # Errors
/// A bad width.
pub fn count_kind(width: u32, kind: ScanKind) -> Result<u64, DebruijnError> {
    enumerate_kind_chunk(width, kind, 0, 1, |_| {})
}

// ---------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------

fn type_names(width: u32) -> (&'static str, &'static str) {
    match width {
        8 => ("u8", "uint8_t"),
        16 => ("u16", "uint16_t"),
        32 => ("u32", "uint32_t"),
        _ => ("u64", "uint64_t"),
    }
}

fn table_text(table: &[u8]) -> String {
    let per_line = 16;
    table
        .chunks(per_line)
        .map(|c| {
            c.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join(",\n        ")
}

/// A ready-to-paste Rust function `bit_scan_forward{N}` with its table.
///
/// # Errors
/// A bad width, a too-wide or an invalid magic.
pub fn export_rust(width: u32, magic: u64) -> Result<String, DebruijnError> {
    let table = table_for(width, magic, ScanKind::Isolate)?;
    let shift = shift_for(width)?;
    let (ty, _) = type_names(width);
    let hex = Word::new(magic, width).hex();
    Ok(format!(
        "/// Index of the lowest set bit of `v`, `None` for 0: de Bruijn multiply by {hex}.\n\
pub fn bit_scan_forward{width}(v: {ty}) -> Option<u32> {{\n    \
    const MAGIC: {ty} = {hex};\n    \
    const TABLE: [u8; {width}] = [\n        {}\n    ];\n    \
    if v == 0 {{\n        return None;\n    }}\n    \
    let isolated = v & v.wrapping_neg();\n    \
    Some(TABLE[(isolated.wrapping_mul(MAGIC) >> {shift}) as usize] as u32)\n}}\n",
        table_text(&table)
    ))
}

/// A ready-to-paste C function `bit_scan_forward{N}` with its table.
///
/// # Errors
/// A bad width, a too-wide or an invalid magic.
pub fn export_c(width: u32, magic: u64) -> Result<String, DebruijnError> {
    let table = table_for(width, magic, ScanKind::Isolate)?;
    let shift = shift_for(width)?;
    let (_, ty) = type_names(width);
    let suffix = if width == 64 { "ULL" } else { "U" };
    let hex = format!("0x{:X}{suffix}", magic);
    Ok(format!(
        "#include <stdint.h>\n\n\
/* Index of the lowest set bit of v, -1 for 0: de Bruijn multiply by {hex}. */\n\
static int bit_scan_forward{width}({ty} v) {{\n    \
    static const unsigned char table[{width}] = {{\n        {}\n    }};\n    \
    if (v == 0) return -1;\n    \
    {ty} isolated = ({ty})(v & ({ty})(0U - v));\n    \
    return table[({ty})(isolated * {hex}) >> {shift}];\n}}\n",
        table_text(&table)
    ))
}

// proptest is a native-only dev-dependency in the main crate
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
    fn the_one_based_table_of_0x1d_is_the_seed_table() {
        let d = derive_table(8, 0x1D).unwrap();
        assert_eq!(d.table, vec![0, 1, 6, 2, 7, 5, 4, 3]);
        assert_eq!(d.table_one_based, vec![1, 2, 7, 3, 8, 6, 5, 4]);
        // the windows 000 001 011 111 110 101 010 100, the last two zero-filled
        let ws: Vec<u32> = d.rows.iter().map(|r| r.window).collect();
        assert_eq!(ws, vec![0, 1, 3, 7, 6, 5, 2, 4]);
        assert!(d.zero_fill_is_wrap);
        assert!(d.rows.iter().all(|r| r.window == r.cyclic));
        assert_eq!(d.rows[7].zero_filled, 2);
        assert_eq!(shift_for(8).unwrap(), 5);
        assert_eq!(shift_for(64).unwrap(), 58);
        assert_eq!(log2_width(8).unwrap(), 3);
    }

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
    #[cfg_attr(debug_assertions, ignore = "64-bit enumeration: run with --release")]
    fn count_64_by_computation() {
        let c = count(64).unwrap();
        assert_eq!(c.multipliers, 134_217_728);
        assert_eq!(c.sequences, 67_108_864);
        assert_eq!(c.even, c.odd);
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

    #[test]
    fn mask_form_counts_and_known_magics() {
        // by the naive search (8, 16) and the interval search (8, 16, 32)
        for w in [8u32, 16] {
            let naive = naive_magics(w, ScanKind::Mask).unwrap();
            let mut dfs = Vec::new();
            enumerate_kind_chunk(w, ScanKind::Mask, 0, 1, |m| dfs.push(m)).unwrap();
            assert_eq!(naive, dfs, "{w}");
        }
        let counts: Vec<u64> = [8, 16, 32]
            .iter()
            .map(|&w| count_kind(w, ScanKind::Mask).unwrap())
            .collect();
        assert_eq!(counts, MASK_COUNTS.to_vec());
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

    /// The `v ^ (v - 1)` counts for 8 / 16 / 32 bits, as the interval search
    /// finds them (checked against the naive search for 8 and 16).
    const MASK_COUNTS: [u64; 3] = [4, 16, 1024];

    #[test]
    fn invalid_inputs_are_typed_errors() {
        assert_eq!(
            scan_trace(8, 0x1D, 0).unwrap_err(),
            DebruijnError::ZeroInput
        );
        assert_eq!(
            scan_trace(12, 0x1D, 1).unwrap_err(),
            DebruijnError::BadWidth(12)
        );
        assert!(matches!(
            scan_trace(8, 0x11D, 1),
            Err(DebruijnError::MagicTooWide { .. })
        ));
        assert!(matches!(
            scan_trace(8, 0x1D, 0x100),
            Err(DebruijnError::ValueTooWide { .. })
        ));
        let e = scan_trace(8, 0x1F, 4).unwrap_err();
        match &e {
            DebruijnError::InvalidMagic { collisions, .. } => assert!(!collisions.is_empty()),
            other => panic!("{other:?}"),
        }
        assert!(e.to_string().contains("share a window"), "{e}");
        assert!(matches!(
            naive_magics(32, ScanKind::Isolate),
            Err(DebruijnError::NaiveTooLarge { .. })
        ));
        // public helpers take any number without panicking
        assert_eq!(ScanKind::Mask.key(64, u32::MAX), u64::MAX);
        assert_eq!(ScanKind::Mask.key(200, 100), u64::MAX);
        assert_eq!(smear(1 << 40, 1000), (1 << 41) - 1);
    }

    #[test]
    fn scan_trace_steps_and_numbers() {
        let t = scan_trace(8, 0x1D, 0b0110_1000).unwrap();
        assert_eq!(t.result, Outcome::Number(3));
        let exprs: Vec<&str> = t.steps.iter().map(|s| s.expr.as_str()).collect();
        assert_eq!(exprs[2], "v & -v");
        assert_eq!(t.steps[2].value, Word::new(8, 8));
        assert_eq!(t.steps[3].value, Word::new(0xE8, 8));
        assert_eq!(t.steps[3].highlight, 0xE0);
        assert_eq!(t.steps[4].value, Word::new(7, 8));
        assert!(t.steps[4].note.contains("8 - 3 = 5"));
        let t = scan_trace(64, 0x03F7_9D71_B4CB_0A89, 1 << 40).unwrap();
        assert_eq!(t.result, Outcome::Number(40));
        assert!(t.steps[4].note.contains("64 - 6 = 58"));
        let d = derivation_trace(8, 0x1D).unwrap();
        assert_eq!(d.steps.len(), 10);
        assert_eq!(d.result, Outcome::Bytes(vec![0, 1, 6, 2, 7, 5, 4, 3]));
    }

    #[test]
    fn variant_traces() {
        let m = 0x03F7_9D71_B4CB_0A89;
        let t = mask_scan_trace(64, m, 0b1011_0000).unwrap();
        assert_eq!(t.result, Outcome::Number(4));
        let t = reverse_scan_trace(64, m, 0b1011_0000).unwrap();
        assert_eq!(t.result, Outcome::Number(7));
        assert_eq!(t.steps.len(), 1 + 6 + 3);
        let t = reverse_scan_trace(32, 0x07C4_ACDD, 0x0001_0010).unwrap();
        assert_eq!(t.result, Outcome::Number(16));
        let t = folded_scan_trace(1 << 50).unwrap();
        assert_eq!(t.result, Outcome::Number(50));
        assert_eq!(folded_scan_trace(0).unwrap_err(), DebruijnError::ZeroInput);
    }

    #[test]
    fn folded_table_is_complete_and_matches_every_bit() {
        assert!(fold_collisions().is_empty());
        for i in 0..64 {
            assert_eq!(folded_scan(1u64 << i), Some(i));
        }
        // the table as published on chessprogramming.org
        let published: [u8; 64] = [
            63, 30, 3, 32, 59, 14, 11, 33, 60, 24, 50, 9, 55, 19, 21, 34, 61, 29, 2, 53, 51, 23,
            41, 18, 56, 28, 1, 43, 46, 27, 0, 35, 62, 31, 58, 4, 5, 49, 54, 6, 15, 52, 12, 40, 7,
            42, 45, 16, 25, 57, 48, 13, 10, 39, 8, 44, 20, 47, 38, 22, 17, 37, 36, 26,
        ];
        assert_eq!(FOLD_TABLE, published);
    }

    #[test]
    fn exports_carry_magic_and_table() {
        let r = export_rust(8, 0x1D).unwrap();
        assert!(r.contains("const MAGIC: u8 = 0x1d;"), "{r}");
        assert!(r.contains("0, 1, 6, 2, 7, 5, 4, 3"), "{r}");
        assert!(r.contains(">> 5"), "{r}");
        let c = export_c(64, 0x03F7_9D71_B4CB_0A89).unwrap();
        assert!(c.contains("0x3F79D71B4CB0A89ULL"), "{c}");
        assert!(c.contains(">> 58"), "{c}");
        assert!(export_c(8, 0x1F).is_err());
    }

    fn width_and_value() -> impl Strategy<Value = (u32, u64)> {
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
        fn scan_with_enumerated_magics((w, v) in width_and_value(), pick in any::<u64>()) {
            // a magic from the ascending list: 64-bit picks from the first pages
            let total = match w { 8 => 4, 16 => 32, 32 => 4096, _ => 4096 };
            let m = nth_magics(w, pick % total, 1).unwrap()[0];
            let s = Scanner::new(w, m, ScanKind::Isolate).unwrap();
            prop_assert_eq!(s.forward(v), Some(v.trailing_zeros()));
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
