//! Rounding once: an exact (or exactly bracketed) magnitude to the nearest
//! float, ties to even. Every operation of `bits::float` ends here.
//!
//! ```text
//!  significand bits kept       G R S
//!  1.0011001100110011001100110 1 0 1   → G=1 and R|S=1: round up
//!  q = max(E, emin) - frac_bits is the weight of the last kept bit
//! ```
//!
//! Guard is the first bit dropped, round the second, sticky the OR of all
//! the others (and of whatever the operation already dropped).

use super::exact::{bit_len, decimal_u128};
use super::format::{Format, Overflow};
use super::steps::{float_step, Steps};
use crate::bits::trace::Step;
use crate::bits::word::{mask, Word};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

/// A magnitude `(n + δ) × 2^exp` with `0 ≤ δ < 1`, `δ > 0` exactly when
/// `sticky`. When `sticky`, `n` has more than `frac_bits + 3` bits, so δ
/// only ever decides the sticky bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magnitude {
    pub n: u128,
    pub exp: i64,
    pub sticky: bool,
}

/// Bits kept by [`Magnitude::from_ratio`] and [`Magnitude::from_big`]:
/// far more than binary64's 53 + 3.
const KEEP: u32 = 100;

impl Magnitude {
    /// Exactly `n × 2^exp`.
    pub const fn exact(n: u128, exp: i64) -> Magnitude {
        Magnitude {
            n,
            exp,
            sticky: false,
        }
    }

    /// Whether the magnitude is exactly zero.
    pub const fn is_zero(self) -> bool {
        self.n == 0 && !self.sticky
    }

    /// `num / den × 2^exp2` (`den > 0`) to about 100 bits, the remainder
    /// folded into the sticky bit.
    pub fn from_ratio(num: &BigUint, den: &BigUint, exp2: i64) -> Magnitude {
        if num.is_zero() || den.is_zero() {
            return Magnitude::exact(0, exp2);
        }
        let shift = den.bits() as i64 - num.bits() as i64 + KEEP as i64 + 1;
        let (q, r) = if shift >= 0 {
            (num << shift as usize).div_rem(den)
        } else {
            num.div_rem(&(den << (-shift) as usize))
        };
        Magnitude {
            n: q.to_u128().unwrap_or(u128::MAX),
            exp: exp2 - shift,
            sticky: !r.is_zero(),
        }
    }

    /// `n × 2^exp` for a big `n`: its top bits, the rest sticky.
    pub fn from_big(n: &BigUint, exp: i64) -> Magnitude {
        let extra = (n.bits() as i64 - KEEP as i64).max(0);
        let top = n >> extra as usize;
        let sticky = extra > 0 && n.trailing_zeros().unwrap_or(0) < extra as u64;
        Magnitude {
            n: top.to_u128().unwrap_or(u128::MAX),
            exp: exp + extra,
            sticky,
        }
    }

    /// The value in words, for notes: every digit, or when bits were
    /// dropped, the digits of its kept bits and a word that more follow.
    pub fn text(self) -> String {
        let digits = decimal_u128(false, self.n, self.exp);
        if self.sticky {
            format!(
                "{digits}… (and nonzero bits beyond these {})",
                bit_len(self.n)
            )
        } else {
            digits
        }
    }
}

/// A rounded result and what rounding did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rounded {
    pub bits: u64,
    /// The result differs from the exact value.
    pub inexact: bool,
    /// The exact value was beyond the largest finite value.
    pub overflow: bool,
    /// Tiny (below the smallest normal before rounding) and inexact.
    pub underflow: bool,
}

impl Rounded {
    /// An exact result (a special value, or a representable one).
    pub const fn exact(bits: u64) -> Rounded {
        Rounded {
            bits,
            inexact: false,
            overflow: false,
            underflow: false,
        }
    }
}

/// The magnitude cut at the format's last significand bit.
#[derive(Clone, Copy, Debug)]
struct Cut {
    /// The power of two of the leading bit, `E`.
    top: i64,
    /// The weight of the last kept bit, `q = max(E, emin) - frac_bits`.
    q: i64,
    /// The kept bits (the significand, at most frac_bits + 1 bits).
    kept: u128,
    guard: bool,
    round: bool,
    sticky: bool,
}

/// Bit `i` of `n` (false past bit 127).
fn bit(n: u128, i: i64) -> bool {
    (0..128).contains(&i) && n >> i & 1 == 1
}

/// `n >> shift` and the bits it drops: guard (the first), round (the
/// second) and sticky (any of the others); `shift <= 0` shifts left.
pub fn shift_grs(n: u128, shift: i64) -> (u128, bool, bool, bool) {
    if shift <= 0 {
        return (n << (-shift).min(127), false, false, false);
    }
    let sticky = if shift >= 130 {
        n != 0
    } else {
        shift >= 3 && n & ((1u128 << (shift - 2).min(127)) - 1) != 0
    };
    let kept = if shift >= 128 { 0 } else { n >> shift };
    (kept, bit(n, shift - 1), bit(n, shift - 2), sticky)
}

fn cut(format: Format, mag: Magnitude) -> Cut {
    let top = bit_len(mag.n) as i64 - 1 + mag.exp;
    let q = top.max(format.emin() as i64) - format.frac_bits as i64;
    let (kept, guard, round, rest) = shift_grs(mag.n, q - mag.exp);
    Cut {
        top,
        q,
        kept,
        guard,
        round,
        sticky: rest || mag.sticky,
    }
}

/// Rounds `(-1)^negative × mag` to `format`, ties to even; past the
/// largest finite value, `overflow` says what it becomes.
pub fn round(
    format: Format,
    negative: bool,
    mag: Magnitude,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    let sign = if negative { format.sign_mask() } else { 0 };
    if mag.is_zero() {
        steps.add(|| float_step("the exact result is zero", "±0", format, sign));
        return Rounded::exact(sign);
    }
    let c = cut(format, mag);
    steps.add(|| cut_step(format, mag, &c));
    let up = c.guard && (c.round || c.sticky || c.kept & 1 == 1);
    let inexact = c.guard || c.round || c.sticky;
    steps.add(|| decide_step(format, &c, up));
    let (mut kept, mut q) = (c.kept + up as u128, c.q);
    if kept >> (format.frac_bits + 1) != 0 {
        kept >>= 1;
        q += 1;
        steps.add(|| {
            Step::new(
                "the carry made a new leading bit: renormalise",
                "significand >> 1, exponent + 1",
                Word::new(kept as u64, format.frac_bits + 1),
            )
        });
    }
    let tiny = c.top < format.emin() as i64;
    match pack(format, kept, q) {
        Some(bits) => {
            steps.add(|| pack_step(format, sign | bits));
            Rounded {
                bits: sign | bits,
                inexact,
                overflow: false,
                underflow: tiny && inexact,
            }
        }
        None => overflowed(format, negative, overflow, steps),
    }
}

/// The fields of `kept × 2^q`, or `None` past the largest finite value.
fn pack(format: Format, kept: u128, q: i64) -> Option<u64> {
    let m = format.frac_bits;
    let frac = (kept as u64) & format.frac_mask();
    let field = if kept >> m == 0 {
        0
    } else {
        q + m as i64 + format.bias as i64
    };
    if !(0..=format.exp_all_ones() as i64).contains(&field) {
        return None;
    }
    let bits = (field as u64) << m | frac;
    let fits = bits <= format.max_finite();
    fits.then_some(bits)
}

/// The result of an overflow, with a step that says which rule gave it.
pub fn overflowed(
    format: Format,
    negative: bool,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    let bits = overflow.bits(format, negative);
    steps.add(|| {
        let why = match (overflow, format.has_infinity()) {
            (Overflow::Saturate, _) => format!(
                "saturating (OCP's conversion with saturation): the result is clamped to ±the largest finite {} value",
                format.name
            ),
            (Overflow::Infinity, true) => {
                "round to nearest sends everything from max + ½ulp up to ∞".to_string()
            }
            (Overflow::Infinity, false) => format!(
                "{} has no ∞: without saturation an overflow is NaN",
                format.name
            ),
        };
        float_step("overflow: beyond the largest finite value", "overflow", format, bits)
            .highlight(format.exp_mask())
            .note(why)
    });
    Rounded {
        bits,
        inexact: true,
        overflow: true,
        underflow: false,
    }
}

fn cut_step(format: Format, mag: Magnitude, c: &Cut) -> Step {
    let m = format.frac_bits;
    let grs = (c.guard as u64) << 2 | (c.round as u64) << 1 | c.sticky as u64;
    let word = Word::new((c.kept as u64) << 3 | grs, m + 4);
    let sub = if c.top < format.emin() as i64 {
        format!(
            "; E = {} < emin = {}: gradual underflow, the last kept bit stays at 2^{} so only {} significant bit(s) remain",
            c.top,
            format.emin(),
            c.q,
            bit_len(c.kept)
        )
    } else {
        String::new()
    };
    Step::new(
        "normalise: keep the significand's bits, then guard, round, sticky",
        format!("kept | G R S  (last kept bit 2^{})", c.q),
        word,
    )
    .highlight(0b111)
    .note(format!(
        "magnitude {} = 1.… × 2^{} ({} bits: {}){sub}",
        if mag.sticky {
            "(nonzero bits go on past these)".to_string()
        } else {
            mag.text()
        },
        c.top,
        bit_len(mag.n),
        short_binary(mag.n)
    ))
}

/// `n`'s bits, the first 64 and the count of the rest when longer.
fn short_binary(n: u128) -> String {
    let len = bit_len(n);
    if len <= 64 {
        format!("{n:b}")
    } else {
        format!("{:b}… ({} more)", n >> (len - 64), len - 64)
    }
}

fn decide_step(format: Format, c: &Cut, up: bool) -> Step {
    let (g, r, s) = (c.guard as u8, c.round as u8, c.sticky as u8);
    let why = match (c.guard, c.round || c.sticky, up) {
        (false, _, _) if r + s == 0 => "G R S = 0 0 0: exact, nothing to round".to_string(),
        (false, _, _) => "G = 0: below half an ulp, round down (truncate)".to_string(),
        (true, true, _) => "G = 1 and R|S = 1: above half an ulp, round up".to_string(),
        (true, false, true) => {
            "G = 1, R = S = 0: a tie; the last kept bit is 1 (odd), round up to even".to_string()
        }
        (true, false, false) => {
            "G = 1, R = S = 0: a tie; the last kept bit is 0 (even), keep it".to_string()
        }
    };
    let kept = c.kept + up as u128;
    Step::new(
        "round to nearest, ties to even",
        format!("G R S = {g} {r} {s} → {}", if up { "+1" } else { "keep" }),
        Word::new(
            kept as u64 & mask(format.frac_bits + 2),
            format.frac_bits + 2,
        ),
    )
    .highlight(1)
    .note(why)
}

fn pack_step(format: Format, bits: u64) -> Step {
    let (s, e, f) = format.fields(bits);
    float_step("pack sign, exponent and fraction", "result", format, bits)
        .highlight(format.exp_mask())
        .note(format!(
            "sign {}, exponent field {e}{}, fraction 0x{f:x}",
            s as u8,
            if e == 0 { " (subnormal or zero)" } else { "" }
        ))
}
