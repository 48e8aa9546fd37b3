//! Two occupancy bitboards to trits, and five trits per byte.
//!
//! A bitboard says yes or no per square; two of them (say white and black)
//! give three states: 0 empty, 1 in `first`, 2 in `second`. A square in
//! both is an error, reported with its name, and nothing is converted.
//!
//! ```text
//! square:   a1 b1 c1 d1 e1 f1 g1 h1 a2 ...      (a1 = bit 0, h8 = bit 63)
//! first:     1  0  0  0  1  0  0  0  0
//! second:    0  0  1  0  0  0  0  0  1
//! trit:      1  0  2  0  1  0  0  0  2
//!
//! 5 trits per byte (3^5 = 243 <= 256): byte k = sum of trit[5k + j] * 3^j
//! byte 0 = 1 + 0*3 + 2*9 + 0*27 + 1*81 = 100;  13 bytes, the last holds
//! squares 60..63 (4 trits, at most 80)
//! ```
//!
//! The fast conversion works a rank (a byte of each board) at a time: a
//! 256-entry table gives `T[b] = sum of bit i of b times 3^i`, so
//! `T[first_rank] + 2 * T[second_rank]` is the rank's 8 trits as one base-3
//! number, and the packed bytes are cut from those numbers.

use super::trace::{Outcome, Step, Trace};
use super::word::Word;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Squares on the board.
pub const SQUARES: usize = 64;
/// Trits in one byte: the largest `k` with `3^k <= 256`.
pub const TRITS_PER_BYTE: usize = 5;
/// Bytes for 64 trits: `ceil(64 / 5)`.
pub const PACKED_LEN: usize = 13;

/// Why a conversion was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TritError {
    #[error("both boards occupy {squares}: a square holds one trit")]
    Overlap { mask: u64, squares: String },
    #[error("trit {value} on {square} is not 0, 1 or 2")]
    BadTrit { square: String, value: u8 },
    #[error("packed byte {index} is {value}, above {max} (3^{digits} - 1)")]
    BadByte {
        index: usize,
        value: u8,
        max: u8,
        digits: u32,
    },
}

pub use super::square::square_name;

/// The names of the set bits, a1 first: "e4, d5".
pub fn squares_text(mask: u64) -> String {
    (0..64)
        .filter(|&s| mask >> s & 1 == 1)
        .map(square_name)
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_overlap(first: u64, second: u64) -> Result<(), TritError> {
    let both = first & second;
    if both != 0 {
        return Err(TritError::Overlap {
            mask: both,
            squares: squares_text(both),
        });
    }
    Ok(())
}

/// Plain reference: one square at a time.
///
/// ```
/// use bitscope::bits::trit::to_trits;
/// let t = to_trits(0b0001, 0b0100).unwrap();
/// assert_eq!(&t[..4], &[1, 0, 2, 0]);
/// assert!(to_trits(1 << 28, 1 << 28 | 1 << 35).unwrap_err().to_string().contains("e4"));
/// ```
///
/// # Errors
/// [`TritError::Overlap`] naming every square set in both.
pub fn to_trits(first: u64, second: u64) -> Result<[u8; 64], TritError> {
    check_overlap(first, second)?;
    let mut trits = [0u8; 64];
    for (square, t) in trits.iter_mut().enumerate() {
        let bit = 1u64 << square;
        *t = if first & bit != 0 {
            1
        } else if second & bit != 0 {
            2
        } else {
            0
        };
    }
    Ok(trits)
}

/// Back from trits to the two boards.
///
/// # Errors
/// [`TritError::BadTrit`] for a value above 2.
pub fn from_trits(trits: &[u8; 64]) -> Result<(u64, u64), TritError> {
    let (mut first, mut second) = (0u64, 0u64);
    for (s, &t) in trits.iter().enumerate() {
        match t {
            0 => {}
            1 => first |= 1 << s,
            2 => second |= 1 << s,
            value => {
                return Err(TritError::BadTrit {
                    square: square_name(s as u32),
                    value,
                })
            }
        }
    }
    Ok((first, second))
}

/// Plain packing: byte `k` = `sum over j of trit[5k + j] * 3^j`.
///
/// # Errors
/// [`TritError::BadTrit`] for a value above 2.
pub fn pack(trits: &[u8; 64]) -> Result<[u8; PACKED_LEN], TritError> {
    let mut out = [0u8; PACKED_LEN];
    for (k, byte) in out.iter_mut().enumerate() {
        let mut value = 0u32;
        let mut weight = 1u32;
        for j in 0..TRITS_PER_BYTE {
            let s = k * TRITS_PER_BYTE + j;
            if s >= SQUARES {
                break;
            }
            let t = trits[s];
            if t > 2 {
                return Err(TritError::BadTrit {
                    square: square_name(s as u32),
                    value: t,
                });
            }
            value += t as u32 * weight;
            weight *= 3;
        }
        *byte = value as u8;
    }
    Ok(out)
}

/// The trits of 13 packed bytes.
///
/// # Errors
/// [`TritError::BadByte`] for a byte above 242 (bytes 0..11) or above 80
/// (byte 12, which holds 4 trits).
pub fn unpack(packed: &[u8; PACKED_LEN]) -> Result<[u8; 64], TritError> {
    let mut trits = [0u8; 64];
    for (k, &b) in packed.iter().enumerate() {
        let digits = (SQUARES - k * TRITS_PER_BYTE).min(TRITS_PER_BYTE) as u32;
        let max = (3u32.pow(digits) - 1) as u8;
        if b > max {
            return Err(TritError::BadByte {
                index: k,
                value: b,
                max,
                digits,
            });
        }
        let mut v = b;
        for j in 0..digits as usize {
            trits[k * TRITS_PER_BYTE + j] = v % 3;
            v /= 3;
        }
    }
    Ok(trits)
}

const fn build_base3() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u16;
        let mut w = 1u16;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                v += w;
            }
            w *= 3;
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
}

const fn build_spread() -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u64;
        let mut i = 0;
        while i < 8 {
            v |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// `T[b] = sum of bit i of b times 3^i`: a byte read as base-3 digits.
pub const BASE3: [u16; 256] = build_base3();

/// `S[b]` has byte `i` equal to bit `i` of `b`: a rank's bits spread into
/// eight bytes, so `S[first] + 2 * S[second]` is the rank's trits.
pub const SPREAD: [u64; 256] = build_spread();

const POW3: [u32; 5] = [1, 3, 9, 27, 81];

/// A rank's 8 trits as one base-3 number (file a the lowest digit):
/// `T[first_rank] + 2 * T[second_rank]`.
#[inline]
pub fn rank_value(first_rank: u8, second_rank: u8) -> u16 {
    BASE3[first_rank as usize] + 2 * BASE3[second_rank as usize]
}

/// Packs straight from the boards, a rank at a time: the base-3 rank
/// numbers are appended to an accumulator and cut into bytes of 5 digits.
///
/// # Errors
/// [`TritError::Overlap`].
#[inline]
pub fn pack_fast(first: u64, second: u64) -> Result<[u8; PACKED_LEN], TritError> {
    check_overlap(first, second)?;
    Ok(pack_ranks(first, second))
}

/// The rank numbers cut into bytes of 5 digits. Byte boundaries fall inside
/// ranks in a fixed pattern (40 squares = 5 ranks = 8 bytes), so each byte
/// is written out from the one or two ranks it covers, independently of
/// the others; every division is by a constant power of 3.
///
/// ```text
/// byte 1 = squares 5..9  = digits 5..7 of rank 1 + digits 0..1 of rank 2
///        = (r0 / 3^5 + r1 * 3^3) mod 3^5
/// ```
#[inline(always)]
fn pack_ranks(first: u64, second: u64) -> [u8; PACKED_LEN] {
    let f = first.to_le_bytes();
    let s = second.to_le_bytes();
    let r: [u32; 8] = core::array::from_fn(|i| rank_value(f[i], s[i]) as u32);
    [
        (r[0] % 243) as u8,                     // squares 0..4
        ((r[0] / 243 + r[1] * 27) % 243) as u8, // 5..9
        ((r[1] / 9) % 243) as u8,               // 10..14
        ((r[1] / 2187 + r[2] * 3) % 243) as u8, // 15..19
        ((r[2] / 81 + r[3] * 81) % 243) as u8,  // 20..24
        ((r[3] / 3) % 243) as u8,               // 25..29
        ((r[3] / 729 + r[4] * 9) % 243) as u8,  // 30..34
        (r[4] / 27) as u8,                      // 35..39
        (r[5] % 243) as u8,                     // 40..44
        ((r[5] / 243 + r[6] * 27) % 243) as u8, // 45..49
        ((r[6] / 9) % 243) as u8,               // 50..54
        ((r[6] / 2187 + r[7] * 3) % 243) as u8, // 55..59
        (r[7] / 81) as u8,                      // 60..63
    ]
}

/// Trits a rank at a time with [`SPREAD`]: `S[first] + 2 * S[second]` is
/// the rank's eight trits, one per byte.
///
/// # Errors
/// [`TritError::Overlap`].
#[inline]
pub fn to_trits_fast(first: u64, second: u64) -> Result<[u8; 64], TritError> {
    check_overlap(first, second)?;
    Ok(trits_ranks(first, second))
}

#[inline(always)]
fn trits_ranks(first: u64, second: u64) -> [u8; 64] {
    let f = first.to_le_bytes();
    let s = second.to_le_bytes();
    let mut out = [0u8; 64];
    for r in 0..8 {
        let v = SPREAD[f[r] as usize] + 2 * SPREAD[s[r] as usize];
        out[8 * r..8 * r + 8].copy_from_slice(&v.to_le_bytes());
    }
    out
}

/// Both forms by the plain loops ([`to_trits`], then [`pack`]).
///
/// # Errors
/// [`TritError::Overlap`].
pub fn convert_plain(first: u64, second: u64) -> Result<([u8; 64], [u8; PACKED_LEN]), TritError> {
    let trits = to_trits(first, second)?;
    let packed = pack(&trits)?;
    Ok((trits, packed))
}

/// Both forms by the rank tables ([`to_trits_fast`], [`pack_fast`]).
///
/// # Errors
/// [`TritError::Overlap`].
#[inline]
pub fn convert_fast(first: u64, second: u64) -> Result<([u8; 64], [u8; PACKED_LEN]), TritError> {
    check_overlap(first, second)?;
    Ok((trits_ranks(first, second), pack_ranks(first, second)))
}

/// How close 13 bytes come to the information in 64 trits.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Efficiency {
    /// `log2 3`, the bits of information in one trit.
    pub bits_per_trit: f64,
    /// `64 * log2 3` = 101.4.
    pub bits_needed: f64,
    /// Whole bytes needed at least: `ceil(bits_needed / 8)` = 13.
    pub min_bytes: usize,
    /// Trits per byte: the largest `k` with `3^k <= 256` = 5.
    pub trits_per_byte: usize,
    /// Bytes used by 5-per-byte packing: `ceil(64 / 5)` = 13.
    pub bytes: usize,
    /// `8 * bytes` = 104.
    pub bits_used: usize,
    /// `bits_needed / bits_used` = 0.975.
    pub efficiency: f64,
    /// Two bits per trit (or the two bitboards): 128 bits.
    pub two_bit_bits: usize,
}

/// The packing's numbers, computed.
pub fn efficiency() -> Efficiency {
    let bits_per_trit = 3f64.log2();
    let bits_needed = SQUARES as f64 * bits_per_trit;
    let mut trits_per_byte = 0;
    let mut p = 1u32;
    while p * 3 <= 256 {
        p *= 3;
        trits_per_byte += 1;
    }
    let bytes = SQUARES.div_ceil(trits_per_byte);
    Efficiency {
        bits_per_trit,
        bits_needed,
        min_bytes: (bits_needed / 8.0).ceil() as usize,
        trits_per_byte,
        bytes,
        bits_used: 8 * bytes,
        efficiency: bits_needed / (8 * bytes) as f64,
        two_bit_bits: 2 * SQUARES,
    }
}

/// The conversion stepped: both boards, the overlap check, one table
/// lookup per rank (cells = the rank's trits), one step per packed byte.
///
/// # Errors
/// [`TritError::Overlap`] naming the squares in both boards.
pub fn trits_trace(first: u64, second: u64) -> Result<Trace, TritError> {
    let (trits, packed) = convert_fast(first, second)?;
    let w = |v: u64| Word::new(v, 64);
    let mut t = Trace::new(
        "trits",
        format!("trits of {} and {}", w(first).hex(), w(second).hex()),
        Outcome::Trits {
            trits: trits.to_vec(),
            packed: packed.to_vec(),
        },
    );
    let count_note = |b: u64| {
        if b == 0 {
            "no squares".to_string()
        } else {
            format!("{} square(s): {}", b.count_ones(), squares_text(b))
        }
    };
    t.push(
        Step::new("the first board (trit 1)", "first", w(first))
            .highlight(first)
            .lanes(8)
            .note(count_note(first)),
    );
    t.push(
        Step::new("the second board (trit 2)", "second", w(second))
            .highlight(second)
            .lanes(8)
            .note(count_note(second)),
    );
    t.push(
        Step::new("check for overlap", "first & second", w(first & second))
            .lanes(8)
            .note("0: no square is in both boards, so every square gets exactly one trit"),
    );
    for r in 0..8 {
        t.push(rank_step(first, second, r, &trits[8 * r..8 * r + 8]));
    }
    for (k, &b) in packed.iter().enumerate() {
        t.push(packed_step(&trits, k, b));
    }
    Ok(t)
}

/// Rank `r` (0 = rank 1) of both boards by table lookup: `cells` are its trits.
fn rank_step(first: u64, second: u64, r: usize, cells: &[u8]) -> Step {
    let (f, s) = (first.to_le_bytes(), second.to_le_bytes());
    let (tf, ts) = (BASE3[f[r] as usize], BASE3[s[r] as usize]);
    let v = rank_value(f[r], s[r]);
    let digits: Vec<String> = cells.iter().map(|d| d.to_string()).collect();
    Step::new(
        format!("rank {}: table lookups", r + 1),
        format!("T[first rank {}] + 2 * T[second rank {}]", r + 1, r + 1),
        Word::new(v as u64, 16),
    )
    .operand("first rank", Word::new(f[r] as u64, 8))
    .operand("second rank", Word::new(s[r] as u64, 8))
    .operand("T[first]", Word::new(tf as u64, 16))
    .operand("T[second]", Word::new(ts as u64, 16))
    .cells(cells.iter().map(|&d| d as i64))
    .note(format!(
        "T[{}] = {tf}, T[{}] = {ts}: {tf} + 2 * {ts} = {v}, base-3 digits a{n}..h{n} = {}",
        f[r],
        s[r],
        digits.join(" "),
        n = r + 1
    ))
}

/// Packed byte `k`: five trits (fewer in the last) as base-3 digits.
fn packed_step(trits: &[u8; SQUARES], k: usize, b: u8) -> Step {
    let lo = k * TRITS_PER_BYTE;
    let hi = (lo + TRITS_PER_BYTE).min(SQUARES);
    let terms: Vec<String> = (lo..hi)
        .map(|sq| format!("{}*{}", trits[sq], POW3[sq - lo]))
        .collect();
    Step::new(
        format!("packed byte {k}"),
        format!("sum of trit[{lo}..{}] * 3^j", hi - 1),
        Word::new(b as u64, 8),
    )
    .cells(trits[lo..hi].iter().map(|&d| d as i64))
    .note(format!(
        "squares {}..{} ({}..{}): {} = {b}",
        lo,
        hi - 1,
        square_name(lo as u32),
        square_name(hi as u32 - 1),
        terms.join(" + ")
    ))
}

// ---------------------------------------------------------------------------
// Square orders
// ---------------------------------------------------------------------------

/// Mirror the ranks: rank 1 <-> rank 8 (a1 <-> a8). A byte swap.
pub const fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// Mirror about the a1-h8 diagonal: square (rank r, file f) <-> (rank f,
/// file r), so rank-major and file-major orders trade places.
pub const fn transpose(b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let mut x = b;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// Plain reference of [`transpose`]: a loop over the squares.
pub fn transpose_reference(b: u64) -> u64 {
    (0..64).fold(0u64, |acc, s| {
        let (r, f) = (s / 8, s % 8);
        acc | ((b >> s & 1) << (f * 8 + r))
    })
}

/// Which bit is which square.
///
/// | order | bit 0 | bit 7 | bit 8 | bit 63 | to ours |
/// |---|---|---|---|---|---|
/// | `RankFileA1` (ours: little-endian rank-file) | a1 | h1 | a2 | h8 | as is |
/// | `RankFileA8` (rank 8 first) | a8 | h8 | a7 | h1 | [`flip_vertical`] |
/// | `FileRankA1` (file-major) | a1 | a8 | b1 | h8 | [`transpose`] |
///
/// Two correct-looking converters disagree completely when they assume
/// different orders: convert explicitly with [`SquareOrder::to_ours`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SquareOrder {
    RankFileA1,
    RankFileA8,
    FileRankA1,
}

impl SquareOrder {
    /// A board in this order, renumbered to ours (a1 = bit 0, h8 = bit 63).
    pub const fn to_ours(self, b: u64) -> u64 {
        match self {
            SquareOrder::RankFileA1 => b,
            SquareOrder::RankFileA8 => flip_vertical(b),
            SquareOrder::FileRankA1 => transpose(b),
        }
    }

    /// A board in our order, renumbered to this one.
    pub const fn from_ours(self, b: u64) -> u64 {
        // each conversion is its own inverse
        self.to_ours(b)
    }

    /// The square (ours) of bit `bit` in this order.
    pub const fn square_of_bit(self, bit: u32) -> u32 {
        self.to_ours(1u64 << (bit & 63)).trailing_zeros()
    }
}

/// [`to_trits`] of two boards given in another order.
///
/// # Errors
/// [`TritError::Overlap`].
pub fn to_trits_in(order: SquareOrder, first: u64, second: u64) -> Result<[u8; 64], TritError> {
    to_trits(order.to_ours(first), order.to_ours(second))
}

// proptest is a native-only dev-dependency in the main crate
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn disjoint() -> impl Strategy<Value = (u64, u64)> {
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| (a, b & !a))
    }

    #[test]
    fn overlap_names_the_squares_and_converts_nothing() {
        let e = to_trits(1 << 28 | 1 << 35, 1 << 28 | 1 << 35 | 1).unwrap_err();
        assert_eq!(
            e,
            TritError::Overlap {
                mask: 1 << 28 | 1 << 35,
                squares: "e4, d5".into()
            }
        );
        assert!(e.to_string().contains("e4, d5"));
        assert!(convert_fast(1, 1).is_err());
        assert!(pack_fast(1, 1).is_err());
        assert!(trits_trace(1, 1).is_err());
    }

    #[test]
    fn packing_layout() {
        let mut trits = [0u8; 64];
        trits[0] = 1;
        trits[2] = 2;
        trits[4] = 1;
        trits[63] = 2;
        let p = pack(&trits).unwrap();
        assert_eq!(p[0], 1 + 2 * 9 + 81);
        assert_eq!(p[12], 2 * 27); // square 63 is digit 3 of the last byte
        assert_eq!(unpack(&p).unwrap(), trits);
        let all_two = pack(&[2u8; 64]).unwrap();
        assert_eq!(&all_two[..12], &[242u8; 12]);
        assert_eq!(all_two[12], 80);
        let mut bad = all_two;
        bad[3] = 243;
        assert!(matches!(
            unpack(&bad),
            Err(TritError::BadByte { index: 3, .. })
        ));
        bad[3] = 0;
        bad[12] = 81;
        assert!(matches!(
            unpack(&bad),
            Err(TritError::BadByte {
                index: 12,
                max: 80,
                ..
            })
        ));
        let mut t3 = [0u8; 64];
        t3[9] = 3;
        assert!(matches!(
            pack(&t3),
            Err(TritError::BadTrit { value: 3, .. })
        ));
    }

    #[test]
    fn efficiency_numbers() {
        let e = efficiency();
        assert!((e.bits_needed - 101.4).abs() < 0.05, "{}", e.bits_needed);
        assert_eq!(e.trits_per_byte, 5);
        assert_eq!(e.bytes, 13);
        assert_eq!(e.min_bytes, 13);
        assert_eq!(e.bits_used, 104);
        assert!((e.efficiency - 0.975).abs() < 0.001);
        assert_eq!(BASE3[0xFF], 3280);
        assert_eq!(BASE3[0b101], 10);
    }

    #[test]
    fn the_classic_bug_square_order() {
        // a white knight on b1 and a black king on e8, written a8-first
        let ours_first = 1u64 << 1; // b1
        let ours_second = 1u64 << 60; // e8
        let a8_first = SquareOrder::RankFileA8.from_ours(ours_first);
        let a8_second = SquareOrder::RankFileA8.from_ours(ours_second);
        assert_eq!(a8_first, 1 << 57);
        let right = to_trits_in(SquareOrder::RankFileA8, a8_first, a8_second).unwrap();
        let wrong = to_trits(a8_first, a8_second).unwrap();
        assert_eq!(right, to_trits(ours_first, ours_second).unwrap());
        assert_ne!(right, wrong);
        assert_eq!(right[1], 1);
        assert_eq!(wrong[57], 1); // the knight lands on b8
        assert_ne!(pack(&right).unwrap(), pack(&wrong).unwrap());
        // file-major: bit 1 is a2
        assert_eq!(SquareOrder::FileRankA1.square_of_bit(1), 8);
        assert_eq!(SquareOrder::RankFileA8.square_of_bit(0), 56);
    }

    #[test]
    fn trace_steps() {
        let t = trits_trace(0xFFFF, 0xFFFF << 48).unwrap();
        assert_eq!(t.steps.len(), 3 + 8 + 13);
        assert_eq!(t.steps[3].cells, vec![1; 8]);
        assert_eq!(t.steps[3].value, Word::new(3280, 16));
        assert_eq!(t.steps[10].cells, vec![2; 8]);
        match &t.result {
            Outcome::Trits { trits, packed } => {
                assert_eq!(trits.len(), 64);
                assert_eq!(packed.len(), 13);
            }
            other => panic!("{other:?}"),
        }
    }

    proptest! {
        #[test]
        fn fast_equals_plain((a, b) in disjoint()) {
            let (t1, p1) = convert_plain(a, b).unwrap();
            let (t2, p2) = convert_fast(a, b).unwrap();
            prop_assert_eq!(t1, t2);
            prop_assert_eq!(p1, p2);
            prop_assert_eq!(unpack(&p1).unwrap(), t1);
            prop_assert_eq!(from_trits(&t1).unwrap(), (a, b));
            for r in 0..8 {
                let v = rank_value((a >> (8 * r)) as u8, (b >> (8 * r)) as u8);
                let digits: u32 = (0..8).map(|j| t1[8 * r + j] as u32 * 3u32.pow(j as u32)).sum();
                prop_assert_eq!(v as u32, digits);
            }
        }

        #[test]
        fn overlap_is_always_refused(a in any::<u64>(), b in any::<u64>()) {
            prop_assert_eq!(to_trits(a, b).is_err(), a & b != 0);
            prop_assert_eq!(convert_fast(a, b).is_err(), a & b != 0);
        }

        #[test]
        fn orders_round_trip(b in any::<u64>()) {
            prop_assert_eq!(transpose(b), transpose_reference(b));
            prop_assert_eq!(transpose(transpose(b)), b);
            prop_assert_eq!(flip_vertical(flip_vertical(b)), b);
            for o in [SquareOrder::RankFileA1, SquareOrder::RankFileA8, SquareOrder::FileRankA1] {
                prop_assert_eq!(o.from_ours(o.to_ours(b)), b);
            }
        }

        #[test]
        fn unpack_pack_round_trip(bytes in proptest::collection::vec(0u8..243, 12), last in 0u8..81) {
            let mut p = [0u8; PACKED_LEN];
            p[..12].copy_from_slice(&bytes);
            p[12] = last;
            prop_assert_eq!(pack(&unpack(&p).unwrap()).unwrap(), p);
        }
    }
}
