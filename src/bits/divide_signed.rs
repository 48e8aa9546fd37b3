//! Signed division by a constant (C's truncating `x / d` on `width`-bit
//! two's complement), as a compiler does it: Hacker's Delight's algorithm
//! 10-1 (after Granlund and Montgomery) for the magic multiplier `m` and
//! shift `s`, then
//!
//! ```text
//!   q = high word of x * m            (signed width x width -> 2 width bits)
//!   q += x  (d > 0, m < 0)   or   q -= x  (d < 0, m > 0)
//!   q >>= s                           (arithmetic)
//!   q += q < 0                        (rounds toward zero)
//! ```
//!
//! A power of two `2^k` needs no multiply: the bias `2^k - 1` is added to a
//! negative `x` before the arithmetic shift. ±1 and the most negative
//! divisor are their own cases. The algorithm's proof is the book's; the
//! tests check every input at 8 and 16 bits and gcc's output at 32 and 64.

use super::divide::DivideError;

/// How `x / d` is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignedMethod {
    /// `d` is ±1: `x` or `-x` (wrapping, as `-fwrapv`).
    Identity { negate: bool },
    /// `d` is ±2^shift: the bias, the shift, negated for a negative `d`.
    Shift { shift: u32, negate: bool },
    /// The multiply: `m` as a signed `width`-bit value, the shift.
    Multiply { multiplier: i64, shift: u32 },
    /// `d` is the most negative value: the quotient is `x == d`.
    Compare,
}

/// A signed derivation: the divisor, the width, the method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedDerivation {
    pub d: i64,
    pub width: u32,
    pub method: SignedMethod,
}

/// Derives the multiplier and shift of `x / d` for signed `width`-bit `x`.
///
/// ```
/// use bitscope::bits::divide_signed::{derive_signed, SignedMethod};
/// let m = |d| derive_signed(d, 32).unwrap().method;
/// assert_eq!(m(3), SignedMethod::Multiply { multiplier: 0x5555_5556, shift: 0 });
/// assert_eq!(m(7), SignedMethod::Multiply { multiplier: 0x9249_2493u32 as i32 as i64, shift: 2 });
/// assert_eq!(m(-5), SignedMethod::Multiply { multiplier: 0x9999_9999u32 as i32 as i64, shift: 1 });
/// ```
///
/// # Errors
/// A width other than 8, 16, 32, 64, or a divisor of 0 or outside it.
pub fn derive_signed(d: i64, width: u32) -> Result<SignedDerivation, DivideError> {
    if ![8, 16, 32, 64].contains(&width) {
        return Err(DivideError::Width(width));
    }
    let min = -(1i128 << (width - 1));
    let (lo, hi) = (min, -min - 1);
    if d == 0 || i128::from(d) < lo || i128::from(d) > hi {
        return Err(DivideError::Divisor { d: d as u64, width });
    }
    let method = if i128::from(d) == min {
        SignedMethod::Compare
    } else if d.unsigned_abs() == 1 {
        SignedMethod::Identity { negate: d < 0 }
    } else if d.unsigned_abs().is_power_of_two() {
        SignedMethod::Shift {
            shift: d.unsigned_abs().trailing_zeros(),
            negate: d < 0,
        }
    } else {
        let (multiplier, shift) = magic(d, width);
        SignedMethod::Multiply { multiplier, shift }
    };
    Ok(SignedDerivation { d, width, method })
}

/// Hacker's Delight's figure 10-1, in `u128` (for `2 <= |d| < 2^(w-1)`,
/// not a power of two): the multiplier as a signed `w`-bit value, and `s`.
fn magic(d: i64, w: u32) -> (i64, u32) {
    let two_w1 = 1u128 << (w - 1);
    let ad = u128::from(d.unsigned_abs());
    let t = two_w1 + u128::from(d < 0);
    let anc = t - 1 - t % ad; // |nc|
    let (mut q1, mut r1) = (two_w1 / anc, two_w1 % anc);
    let (mut q2, mut r2) = (two_w1 / ad, two_w1 % ad);
    let mut p = w - 1;
    loop {
        p += 1;
        (q1, r1) = (2 * q1, 2 * r1);
        if r1 >= anc {
            (q1, r1) = (q1 + 1, r1 - anc);
        }
        (q2, r2) = (2 * q2, 2 * r2);
        if r2 >= ad {
            (q2, r2) = (q2 + 1, r2 - ad);
        }
        let delta = ad - r2;
        if !(q1 < delta || (q1 == delta && r1 == 0)) {
            break;
        }
    }
    let m = signed(q2 + 1, w);
    (
        if d < 0 {
            signed(m.wrapping_neg() as u128, w)
        } else {
            m
        },
        p - w,
    )
}

/// The low `w` bits of `v` read as a signed `w`-bit value.
fn signed(v: u128, w: u32) -> i64 {
    let low = (v & ((1u128 << w) - 1)) as u64;
    ((low << (64 - w)) as i64) >> (64 - w)
}

impl SignedDerivation {
    /// The quotient as the derived code computes it, in `width`-bit
    /// wrapping arithmetic (`x` in the width's range).
    pub fn quotient(&self, x: i64) -> i64 {
        let w = self.width;
        let wrap = |v: i128| signed(v as u128, w);
        match self.method {
            SignedMethod::Identity { negate } => {
                wrap(if negate { -i128::from(x) } else { x.into() })
            }
            SignedMethod::Compare => i64::from(x == self.d),
            SignedMethod::Shift { shift, negate } => {
                let bias = if x < 0 { (1i64 << shift) - 1 } else { 0 };
                let q = wrap(i128::from(x) + i128::from(bias)) >> shift;
                if negate {
                    wrap(-i128::from(q))
                } else {
                    q
                }
            }
            SignedMethod::Multiply { multiplier, shift } => {
                let mut q = ((i128::from(x) * i128::from(multiplier)) >> w) as i64;
                if self.d > 0 && multiplier < 0 {
                    q = wrap(i128::from(q) + i128::from(x));
                } else if self.d < 0 && multiplier > 0 {
                    q = wrap(i128::from(q) - i128::from(x));
                }
                q >>= shift;
                q + i64::from(q < 0)
            }
        }
    }

    /// The division as a C function on signed `width`-bit `x`.
    pub fn c_source(&self) -> String {
        let (t, wide, u) = match self.width {
            8 => ("signed char", "int", ""),
            16 => ("short", "int", ""),
            32 => ("int", "long long", ""),
            _ => ("long long", "__int128", "ll"),
        };
        let w = self.width;
        let name = format!(
            "sdiv{}{}",
            if self.d < 0 { "m" } else { "" },
            self.d.unsigned_abs()
        );
        let body = match self.method {
            SignedMethod::Identity { negate: false } => "return x;".to_string(),
            SignedMethod::Identity { negate: true } => format!("return ({t})-x;"),
            SignedMethod::Compare => {
                format!("return x == ({t})({}{u} - 1);", -(1i128 << (w - 1)) + 1)
            }
            SignedMethod::Shift { shift, negate } => format!(
                "{t} q = ({t})(x + (x < 0 ? {} : 0)) >> {shift};\n    return {}q;",
                (1i64 << shift) - 1,
                if negate {
                    format!("({t})-")
                } else {
                    String::new()
                }
            ),
            SignedMethod::Multiply { multiplier, shift } => {
                let fix = match (self.d > 0, multiplier < 0) {
                    (true, true) => format!("\n    q = ({t})(q + x);"),
                    (false, false) => format!("\n    q = ({t})(q - x);"),
                    _ => String::new(),
                };
                let shifted = if shift == 0 {
                    String::new()
                } else {
                    format!("\n    q = q >> {shift};")
                };
                format!(
                    "{t} q = ({t})((({wide})x * ({multiplier}{u})) >> {w});{fix}{shifted}\n    return q + (q < 0);"
                )
            }
        };
        format!("{t} {name}({t} x)\n{{\n    {body}\n}}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every divisor and every input at 8 bits; every input at 16 bits
    /// for divisors to ±300 and the edges; C's truncating division.
    #[test]
    fn every_input_at_8_and_16_bits() {
        for d in -128i64..=127 {
            if d == 0 {
                continue;
            }
            let der = derive_signed(d, 8).unwrap();
            for x in -128i64..=127 {
                assert_eq!(
                    der.quotient(x),
                    i64::from((x as i8).wrapping_div(d as i8)),
                    "{der:?} {x}"
                );
            }
        }
        for d in (-300i64..=300).chain([-32768, -32767, 32767, 16384, -16384]) {
            if d == 0 {
                continue;
            }
            let der = derive_signed(d, 16).unwrap();
            for x in -32768i64..=32767 {
                assert_eq!(
                    der.quotient(x),
                    i64::from((x as i16).wrapping_div(d as i16)),
                    "{der:?} {x}"
                );
            }
        }
    }

    #[test]
    fn wide_divisors_at_64_bits() {
        let mut rng = crate::bits::rng::Rng::new(641);
        for d in [
            3i64,
            7,
            -5,
            1000,
            i64::MAX,
            i64::MIN + 1,
            -(1 << 40),
            0x1234_5678_9abc,
        ] {
            let der = derive_signed(d, 64).unwrap();
            for x in [i64::MIN, i64::MAX, -1, 0, 1]
                .into_iter()
                .chain((0..2000).map(|_| rng.next_u64() as i64))
            {
                assert_eq!(der.quotient(x), x.wrapping_div(d), "{der:?} {x}");
            }
        }
        assert!(derive_signed(0, 32).is_err() && derive_signed(128, 8).is_err());
    }
}
