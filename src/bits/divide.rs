//! Unsigned division by a constant as a compiler does it (Granlund and
//! Montgomery 1994; Hacker's Delight, chapter 10): `x / d` for every
//! `width`-bit `x` as one multiply and shifts,
//!
//! ```text
//!   q = (x * m) >> (width + s)        m = ceil(2^(width+s) / d)
//!
//!   x * m / 2^k  =  x / d  +  x * e / (d * 2^k)      e = m*d - 2^k ≥ 0
//!                   └─ exact ─┘  └── the error ──┘
//! ```
//!
//! The floor stays right while the error never lifts `x mod d` past `d`:
//! `2^k * (x mod d) + x * e < d * 2^k` for every `x`. Both terms grow
//! with `x` inside a run of equal quotients, so two inputs decide it: the
//! largest (`2^width - 1`) and the largest with remainder `d - 1`. That
//! check is exact (`u128`), so a derivation here is a proof for every
//! input. The smallest `s` that passes is taken; when only `s = ceil(log2
//! d)` does, `m` needs `width + 1` bits and the code adds the dropped top
//! bit back (the "add" variant, `d = 7` at 32 bits). A divisor above
//! `2^(width-1)` needs no multiply: the quotient is `x >= d`.

use thiserror::Error;

/// Why there is no multiplier.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DivideError {
    #[error("width {0}: expected 8, 16, 32 or 64")]
    Width(u32),
    #[error("divisor {d}: expected 1 ..= 2^{width} - 1")]
    Divisor { d: u64, width: u32 },
}

/// How `x / d` is computed without a divide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `d` is `2^shift`: `x >> shift`.
    Shift { shift: u32 },
    /// `(x * multiplier) >> (width + shift)`; `add`: the multiplier has
    /// `width + 1` bits (its top bit is added back in the code).
    Multiply {
        multiplier: u128,
        shift: u32,
        add: bool,
    },
    /// `d > 2^(width-1)`: the quotient is 0 or 1, `x >= d`.
    Compare,
}

/// A derivation: the divisor, the width, the method, and for a multiply
/// the error `e = m*d - 2^k` and the shifts tried before (each with the
/// input where its floor first goes wrong).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    pub d: u64,
    pub width: u32,
    pub method: Method,
    pub error: u128,
    /// `(s, x)`: shift `s` fails at input `x` (smaller shifts first).
    pub rejected: Vec<(u32, u64)>,
}

/// Derives the multiply and shift for `x / d` on `width`-bit unsigned `x`.
///
/// ```
/// use bitscope::bits::divide::{derive, Method};
/// let three = derive(3, 32)?;
/// assert_eq!(three.method, Method::Multiply { multiplier: 0xAAAA_AAAB, shift: 1, add: false });
/// let seven = derive(7, 32)?;
/// assert_eq!(seven.method, Method::Multiply { multiplier: 0x1_2492_4925, shift: 3, add: true });
/// assert_eq!(derive(641, 32)?.method, Method::Multiply { multiplier: 0x66_3D81, shift: 0, add: false });
/// # Ok::<(), bitscope::bits::divide::DivideError>(())
/// ```
///
/// # Errors
/// A width other than 8, 16, 32, 64, or a divisor of 0 or past the width.
pub fn derive(d: u64, width: u32) -> Result<Derivation, DivideError> {
    if ![8, 16, 32, 64].contains(&width) {
        return Err(DivideError::Width(width));
    }
    let max = u64::MAX >> (64 - width);
    if d == 0 || d > max {
        return Err(DivideError::Divisor { d, width });
    }
    let done = |method| Derivation {
        d,
        width,
        method,
        error: 0,
        rejected: Vec::new(),
    };
    if d.is_power_of_two() {
        return Ok(done(Method::Shift {
            shift: d.trailing_zeros(),
        }));
    }
    if d > max / 2 + 1 {
        return Ok(done(Method::Compare));
    }
    let ceil_log2 = 64 - (d - 1).leading_zeros();
    let mut rejected = Vec::new();
    for s in 0..=ceil_log2 {
        let k = width + s;
        let m = (1u128 << k).div_ceil(u128::from(d));
        let e = m * u128::from(d) - (1u128 << k);
        match first_wrong(d, width, k, e) {
            Some(x) => rejected.push((s, x)),
            None => {
                return Ok(Derivation {
                    d,
                    width,
                    method: Method::Multiply {
                        multiplier: m,
                        shift: s,
                        add: m >> width != 0,
                    },
                    error: e,
                    rejected,
                })
            }
        }
    }
    unreachable!("s = ceil(log2 d) always passes (e <= 2^s)")
}

/// The largest input whose quotient `(x * m) >> k` gets wrong, of the two
/// that decide it (module doc), or `None` when none does.
fn first_wrong(d: u64, width: u32, k: u32, e: u128) -> Option<u64> {
    let top = u64::MAX >> (64 - width);
    // the largest x with remainder d - 1
    let last_full = top - (top % d + 1) % d;
    // 2^k (x mod d) + x e >= d 2^k, as x e >= (d - x mod d) 2^k: x e is
    // below 2^128, and the right side is past it when it would overflow
    let wrong = |x: u64| {
        let lhs = u128::from(x) * e;
        let room = u128::from(d - x % d);
        room.leading_zeros() >= k && lhs >= room << k
    };
    [top, last_full].into_iter().find(|&x| wrong(x))
}

impl Derivation {
    /// The quotient as the derivation computes it (the check of a test,
    /// and of the page's step).
    pub fn quotient(&self, x: u64) -> u64 {
        match self.method {
            Method::Shift { shift } => x >> shift,
            Method::Compare => u64::from(x >= self.d),
            Method::Multiply {
                multiplier, shift, ..
            } => {
                // x * m is up to 2^129 at 64 bits: in two halves of m
                let k = self.width + shift;
                let low = u128::from(x) * (multiplier & u128::from(u64::MAX));
                let high = u128::from(x) * (multiplier >> 64);
                if k >= 64 {
                    ((high + (low >> 64)) >> (k - 64)) as u64
                } else {
                    (low >> k) as u64
                }
            }
        }
    }

    /// The division as C on `width`-bit unsigned `x` (a whole function).
    pub fn c_source(&self) -> String {
        let (t, wide) = match self.width {
            8 => ("unsigned char", "unsigned int"),
            16 => ("unsigned short", "unsigned int"),
            32 => ("unsigned int", "unsigned long long"),
            _ => ("unsigned long long", "unsigned __int128"),
        };
        let d = self.d;
        let u = if self.width == 64 { "ull" } else { "u" };
        let body = match self.method {
            Method::Shift { shift } => format!("return x >> {shift};"),
            Method::Compare => format!("return x >= {d}{u};"),
            Method::Multiply {
                multiplier,
                shift,
                add: false,
            } => format!(
                "return ({t})((({wide})x * 0x{multiplier:x}{u}) >> {});",
                self.width + shift
            ),
            Method::Multiply {
                multiplier, shift, ..
            } => {
                let low = multiplier & ((1u128 << self.width) - 1);
                format!(
                    "{t} hi = ({t})((({wide})x * 0x{low:x}{u}) >> {});\n    return ((({t})(x - hi) >> 1) + hi) >> {};",
                    self.width,
                    shift - 1
                )
            }
        };
        format!("{t} div{d}({t} x)\n{{\n    {body}\n}}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every divisor of 16-bit inputs up to 1000 (and the widest ones),
    /// against `/` on all 65,536 inputs.
    #[test]
    fn sixteen_bit_derivations_are_right_on_every_input() {
        for d in (1..=1000).chain([32767, 32768, 32769, 65534, 65535]) {
            let der = derive(d, 16).unwrap();
            for x in 0..=u64::from(u16::MAX) {
                assert_eq!(der.quotient(x), x / d, "{d}: {der:?} at {x}");
            }
        }
    }

    /// At 64 bits the products pass 2^128: the check and the quotient
    /// must not overflow (2^63 - 1 once took a wrong 64-bit shift).
    #[test]
    fn wide_divisors_at_64_bits() {
        let mut rng = crate::bits::rng::Rng::new(64);
        for d in [
            3u64,
            7,
            (1 << 63) - 1,
            (1 << 63) - 3,
            0x1234_5678_9abc_def1,
            1 << 63,
            u64::MAX,
        ] {
            let der = derive(d, 64).unwrap();
            for x in [u64::MAX, u64::MAX - 1, (1 << 63) - 1, 1 << 63, 0, d - 1, d]
                .into_iter()
                .chain((0..2000).map(|_| rng.next_u64()))
            {
                assert_eq!(der.quotient(x), x / d, "{d}: {der:?} at {x}");
            }
        }
    }

    #[test]
    fn the_known_32_bit_multipliers() {
        // (d, multiplier, shift, add), as gcc emits them
        for (d, m, s, add) in [
            (3, 0xAAAA_AAAB, 1, false),
            (5, 0xCCCC_CCCD, 2, false),
            (10, 0xCCCC_CCCD, 3, false),
            (7, 0x1_2492_4925, 3, true),
            (641, 0x66_3D81, 0, false),
        ] {
            let der = derive(d, 32).unwrap();
            assert_eq!(
                der.method,
                Method::Multiply {
                    multiplier: m,
                    shift: s,
                    add
                },
                "{d}"
            );
        }
        // a rejected shift is wrong at the input it names
        for d in [3u64, 7, 10, 641, 1000] {
            for &(s, x) in &derive(d, 32).unwrap().rejected {
                let m = (1u128 << (32 + s)).div_ceil(u128::from(d));
                assert_ne!(
                    (u128::from(x) * m) >> (32 + s),
                    u128::from(x / d),
                    "{d} {s} {x}"
                );
            }
        }
        assert_eq!(derive(3, 32).unwrap().rejected.len(), 1);
        assert_eq!(derive(0x8000_0001, 32).unwrap().method, Method::Compare);
        assert_eq!(derive(64, 8).unwrap().method, Method::Shift { shift: 6 });
        assert!(derive(0, 32).is_err() && derive(256, 8).is_err() && derive(3, 12).is_err());
    }
}
