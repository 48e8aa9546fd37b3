//! SWAR: lane-wise add, subtract and average inside one register.
//!
//! A 32- or 64-bit word is cut into lanes of 2, 4, 8 or 16 bits. One plain
//! `+` would let a carry run from one lane into the next, so the tricks keep
//! the top bit of every lane (`H`) out of the arithmetic and put it back with
//! xor, which adds without carrying:
//!
//! ```text
//! nibble lanes in 32 bits:  H = 0x88888888   L = 0x11111111
//!
//! add      z = ((x & ~H) + (y & ~H)) ^ ((x ^ y) & H)
//! sub      z = ((x | H) - (y & ~H)) ^ ((x ^ ~y) & H)
//! average  z = (x & y) + (((x ^ y) & ~L) >> 1)       (floor, per lane)
//! signed   z = average ^ ((x ^ y) & H)                (floor, two's complement lanes)
//!
//! lane:        3    2    1    0
//! x         0111 1000 0011 1111
//! y         0001 1000 0101 0001
//! x + y     1001 0000 1001 0000   plain add: lane 3 got lane 2's carry
//! swar add  1000 0000 1000 0000   each lane mod 16: 8, 0, 8, 0
//! ```
//!
//! Every result is checked against [`reference`], which loops over the
//! lanes with ordinary arithmetic.

use super::word::{lane_high_bits, lane_low_bits, mask, sign_extend, Word};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Word widths the tricks take.
pub const WIDTHS: [u32; 2] = [32, 64];
/// Lane widths the tricks take.
pub const LANE_BITS: [u32; 4] = [2, 4, 8, 16];

/// Why a SWAR request was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SwarError {
    #[error("word width {0} is not supported: use 32 or 64 bits")]
    BadWidth(u32),
    #[error("lane width {0} is not supported: use 2, 4, 8 or 16 bits")]
    BadLaneBits(u32),
    #[error("{name} = {value:#x} does not fit in {width} bits")]
    TooWide {
        name: &'static str,
        value: u64,
        width: u32,
    },
}

/// The lane-wise operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SwarOp {
    /// `x + y` in every lane, mod `2^lane`.
    Add,
    /// `x - y` in every lane, mod `2^lane`.
    Sub,
    /// `floor((x + y) / 2)` in every lane, lanes unsigned.
    Average,
    /// `floor((x + y) / 2)` in every lane, lanes two's complement.
    SignedAverage,
}

impl SwarOp {
    /// Every operation, in tab order.
    pub const ALL: [SwarOp; 4] = [
        SwarOp::Add,
        SwarOp::Sub,
        SwarOp::Average,
        SwarOp::SignedAverage,
    ];
}

impl SwarOp {
    /// The whole trick as one expression of `x`, `y` and the lane masks
    /// `H` (every lane's top bit) and `L` (every lane's low bit).
    pub fn formula(self) -> &'static str {
        match self {
            SwarOp::Add => "((x & ~H) + (y & ~H)) ^ ((x ^ y) & H)",
            SwarOp::Sub => "((x | H) - (y & ~H)) ^ ((x ^ ~y) & H)",
            SwarOp::Average => "(x & y) + (((x ^ y) & ~L) >> 1)",
            SwarOp::SignedAverage => "((x & y) + (((x ^ y) & ~L) >> 1)) ^ ((x ^ y) & H)",
        }
    }

    /// The trick's name in a trace: `swar-add`, `swar-sub`, `swar-average`.
    pub fn trick(self) -> &'static str {
        match self {
            SwarOp::Add => "swar-add",
            SwarOp::Sub => "swar-sub",
            SwarOp::Average => "swar-average",
            SwarOp::SignedAverage => "swar-signed-average",
        }
    }
}

impl fmt::Display for SwarOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SwarOp::Add => "add",
            SwarOp::Sub => "sub",
            SwarOp::Average => "average",
            SwarOp::SignedAverage => "signed average",
        })
    }
}

/// A checked word width and lane width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LaneLayout {
    width: u32,
    lane_bits: u32,
}

impl LaneLayout {
    /// # Errors
    /// A width other than 32 or 64, or a lane width other than 2, 4, 8, 16.
    pub fn new(width: u32, lane_bits: u32) -> Result<LaneLayout, SwarError> {
        if !WIDTHS.contains(&width) {
            return Err(SwarError::BadWidth(width));
        }
        if !LANE_BITS.contains(&lane_bits) {
            return Err(SwarError::BadLaneBits(lane_bits));
        }
        Ok(LaneLayout { width, lane_bits })
    }

    pub fn width(self) -> u32 {
        self.width
    }
    pub fn lane_bits(self) -> u32 {
        self.lane_bits
    }
    /// Number of lanes.
    pub fn lanes(self) -> u32 {
        self.width / self.lane_bits
    }
    /// `H`: the top bit of every lane.
    pub fn high(self) -> u64 {
        lane_high_bits(self.width, self.lane_bits)
    }
    /// `L`: the low bit of every lane.
    pub fn low(self) -> u64 {
        lane_low_bits(self.width, self.lane_bits)
    }
    /// All bits of the word.
    pub fn mask(self) -> u64 {
        mask(self.width)
    }
    /// Lane `i` of `v` (lane 0 is the least significant).
    pub fn lane(self, v: u64, i: u32) -> u64 {
        (v >> (i * self.lane_bits)) & mask(self.lane_bits)
    }

    fn check(self, name: &'static str, v: u64) -> Result<u64, SwarError> {
        if v & !self.mask() != 0 {
            Err(SwarError::TooWide {
                name,
                value: v,
                width: self.width,
            })
        } else {
            Ok(v)
        }
    }
}

/// Lane-wise `x + y`: `((x & ~H) + (y & ~H)) ^ ((x ^ y) & H)`.
#[inline]
pub fn add(layout: LaneLayout, x: u64, y: u64) -> u64 {
    let (m, h) = (layout.mask(), layout.high());
    ((((x & !h) & m).wrapping_add((y & !h) & m)) ^ ((x ^ y) & h)) & m
}

/// Lane-wise `x - y`: `((x | H) - (y & ~H)) ^ ((x ^ ~y) & H)`.
#[inline]
pub fn sub(layout: LaneLayout, x: u64, y: u64) -> u64 {
    let (m, h) = (layout.mask(), layout.high());
    (((x | h) & m).wrapping_sub((y & !h) & m) ^ ((x ^ !y) & h)) & m
}

/// Lane-wise floor average: `(x & y) + (((x ^ y) & ~L) >> 1)`.
#[inline]
pub fn average(layout: LaneLayout, x: u64, y: u64) -> u64 {
    let (m, l) = (layout.mask(), layout.low());
    ((x & y).wrapping_add(((x ^ y) & !l & m) >> 1)) & m
}

/// Lane-wise floor average of two's complement lanes:
/// `average(x, y) ^ ((x ^ y) & H)`.
///
/// With sign bits `s`, a lane's signed value is `a - 2^k s`, so the signed
/// sum is the unsigned one less `2^k (s_x + s_y)` and its half the unsigned
/// half less `2^(k-1) (s_x + s_y)`. Mod `2^k` that is nothing when the signs
/// agree and `2^(k-1)` (the lane's top bit, flipped) when they differ.
///
/// ```
/// use bitscope::bits::swar::{average, signed_average, LaneLayout};
/// let lay = LaneLayout::new(32, 4).unwrap();
/// assert_eq!(average(lay, 0xF, 0x1), 0x8); // -1 and 1: 8, read as -8
/// assert_eq!(signed_average(lay, 0xF, 0x1), 0x0); // their signed average
/// ```
#[inline]
pub fn signed_average(layout: LaneLayout, x: u64, y: u64) -> u64 {
    average(layout, x, y) ^ ((x ^ y) & layout.high())
}

/// Applies `op` the SWAR way.
pub fn apply(op: SwarOp, layout: LaneLayout, x: u64, y: u64) -> u64 {
    match op {
        SwarOp::Add => add(layout, x, y),
        SwarOp::Sub => sub(layout, x, y),
        SwarOp::Average => average(layout, x, y),
        SwarOp::SignedAverage => signed_average(layout, x, y),
    }
}

/// One lane by plain arithmetic.
pub fn lane_reference(op: SwarOp, lane_bits: u32, a: u64, b: u64) -> u64 {
    let m = mask(lane_bits);
    match op {
        SwarOp::Add => (a + b) & m,
        SwarOp::Sub => a.wrapping_sub(b) & m,
        SwarOp::Average => (a + b) >> 1,
        SwarOp::SignedAverage => {
            let sum = sign_extend(a, lane_bits) + sign_extend(b, lane_bits);
            sum.div_euclid(2) as u64 & m
        }
    }
}

/// The plain reference: a loop over the lanes with ordinary arithmetic.
pub fn reference(op: SwarOp, layout: LaneLayout, x: u64, y: u64) -> u64 {
    (0..layout.lanes()).fold(0u64, |acc, i| {
        let r = lane_reference(op, layout.lane_bits, layout.lane(x, i), layout.lane(y, i));
        acc | (r << (i * layout.lane_bits))
    })
}

/// The lanes of a word as unsigned numbers, lane 0 (least significant) first.
/// Lane widths of 0 or wider than the word give no lanes.
pub fn lanes_unsigned(word: Word, lane_bits: u32) -> Vec<u64> {
    if lane_bits == 0 || lane_bits > word.width {
        return Vec::new();
    }
    (0..word.lane_count(lane_bits))
        .map(|i| word.lane(i, lane_bits))
        .collect()
}

/// The lanes of a word read as two's complement, lane 0 first.
///
/// ```
/// use bitscope::bits::{swar::lanes_signed, word::Word};
/// assert_eq!(lanes_signed(Word::new(0x7F80, 16), 8), vec![-128, 127]);
/// ```
pub fn lanes_signed(word: Word, lane_bits: u32) -> Vec<i64> {
    lanes_unsigned(word, lane_bits)
        .into_iter()
        .map(|v| sign_extend(v, lane_bits))
        .collect()
}

/// The plain whole-word operation, no lane masking: what leaks.
pub fn naive(op: SwarOp, layout: LaneLayout, x: u64, y: u64) -> u64 {
    let m = layout.mask();
    match op {
        SwarOp::Add => x.wrapping_add(y) & m,
        SwarOp::Sub => x.wrapping_sub(y) & m,
        SwarOp::Average => ((x as u128 + y as u128) >> 1) as u64 & m,
        // what is wrong without the sign correction: the unsigned average
        SwarOp::SignedAverage => average(layout, x, y),
    }
}

impl SwarOp {
    /// What crosses a lane boundary in the naive operation.
    pub fn leak_name(self) -> &'static str {
        match self {
            SwarOp::Add => "carry",
            SwarOp::Sub => "borrow",
            SwarOp::Average => "bit",
            SwarOp::SignedAverage => "sign",
        }
    }
}

/// One lane of [`lane_checks`]: the operands (also read as signed), the
/// SWAR result, its signed reading where that reading is right, the
/// per-lane reference and whether they agree, and the naive whole-word
/// result with whether something leaked into this lane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaneCheck {
    pub lane: u32,
    pub x: u64,
    pub y: u64,
    /// `x` and `y` read as two's complement.
    pub sx: i64,
    pub sy: i64,
    pub swar: u64,
    /// The result read as two's complement; `None` for the unsigned
    /// average where the two sign bits differ: there that reading is off by
    /// `2^(k-1)` (see [`SwarOp::SignedAverage`]).
    pub signed: Option<i64>,
    pub reference: u64,
    /// The reference read as two's complement.
    pub reference_signed: i64,
    pub ok: bool,
    pub naive: u64,
    pub leaked: bool,
}

/// Every lane of `op` checked against plain per-lane arithmetic and against
/// the naive whole-word operation, lane 0 first.
///
/// ```
/// use bitscope::bits::swar::{lane_checks, SwarOp};
/// let lanes = lane_checks(SwarOp::Add, 32, 4, 0x7830_003F, 0x1850_0051).unwrap();
/// assert!(lanes.iter().all(|l| l.ok));
/// let leaked: Vec<u32> = lanes.iter().filter(|l| l.leaked).map(|l| l.lane).collect();
/// assert_eq!(leaked, [1, 7]);
/// ```
///
/// # Errors
/// A bad word or lane width, or `x`/`y` wider than the word.
pub fn lane_checks(
    op: SwarOp,
    width: u32,
    lane_bits: u32,
    x: u64,
    y: u64,
) -> Result<Vec<LaneCheck>, SwarError> {
    let lay = LaneLayout::new(width, lane_bits)?;
    let x = lay.check("x", x)?;
    let y = lay.check("y", y)?;
    let z = apply(op, lay, x, y);
    let n = naive(op, lay, x, y);
    Ok((0..lay.lanes())
        .map(|i| {
            let (a, b, r) = (lay.lane(x, i), lay.lane(y, i), lay.lane(z, i));
            let reference = lane_reference(op, lane_bits, a, b);
            let top = 1 << (lane_bits - 1);
            let signs_differ = (a ^ b) & top != 0;
            LaneCheck {
                lane: i,
                x: a,
                y: b,
                sx: sign_extend(a, lane_bits),
                sy: sign_extend(b, lane_bits),
                swar: r,
                signed: (op != SwarOp::Average || !signs_differ).then(|| sign_extend(r, lane_bits)),
                reference,
                reference_signed: sign_extend(reference, lane_bits),
                ok: r == reference,
                naive: lay.lane(n, i),
                leaked: lay.lane(n, i) != r,
            }
        })
        .collect())
}

mod trace;
pub use trace::trace;

// proptest is a native-only dev-dependency in the main crate
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
