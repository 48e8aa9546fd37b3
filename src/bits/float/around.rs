//! Around one float: how far another is, exactly (whatever its format:
//! both are `±sig × 2^power`, so their difference is one too), the floats
//! next to it, and the special values of a format.
//!
//! ```text
//! 0.1 (binary32)  13421773 × 2^-27
//! 0.1 (bfloat16)       205 × 2^-11  = 13434880 × 2^-27
//! difference          13107 × 2^-27 = 0.000097654759883880615234375
//! ```

use super::decode::{decoded, next_down, next_up, Class, Decoded};
use super::exact::decimal;
use super::format::Format;
use num_bigint::{BigInt, Sign};

/// `b - a` as an exact decimal, when both are finite.
pub fn difference(a: &Decoded, b: &Decoded) -> Option<String> {
    let (x, px) = signed(a)?;
    let (y, py) = signed(b)?;
    let low = px.min(py);
    let diff = (y << (py - low) as usize) - (x << (px - low) as usize);
    let (sign, magnitude) = diff.into_parts();
    Some(decimal(sign == Sign::Minus, &magnitude, low))
}

/// `(±significand, power)` of a finite value.
fn signed(d: &Decoded) -> Option<(BigInt, i64)> {
    if d.class.is_nan() || d.class == Class::Infinity {
        return None;
    }
    let sig = BigInt::from(d.significand);
    Some((if d.sign { -sig } else { sig }, d.power))
}

/// Whether a value is finite (not ±∞, not a NaN).
pub fn is_finite(d: &Decoded) -> bool {
    !d.class.is_nan() && d.class != Class::Infinity
}

/// How many neighbours [`neighbourhood`] gives on each side.
pub const NEIGHBOURS: usize = 4;

/// The finite floats around `bits`, in order: up to [`NEIGHBOURS`] below,
/// the value itself, up to [`NEIGHBOURS`] above (fewer at the ends of the
/// range; none beside an infinity or a NaN).
pub fn neighbourhood(format: Format, bits: u64) -> Vec<Decoded> {
    let Ok(x) = decoded(format, bits) else {
        return Vec::new();
    };
    let walk = |step: fn(Format, u64) -> Option<u64>| {
        let mut out: Vec<Decoded> = Vec::new();
        let mut at = bits;
        while is_finite(&x) && out.len() < NEIGHBOURS {
            match step(format, at).and_then(|b| decoded(format, b).ok()) {
                Some(d) if d.bits != at && is_finite(&d) => {
                    at = d.bits;
                    out.push(d);
                }
                _ => break,
            }
        }
        out
    };
    let mut around = walk(next_down);
    around.reverse();
    let above = walk(next_up);
    around.push(x);
    around.extend(above);
    around
}

/// The special and extreme values of `format`, named, with their bits.
pub fn specials(format: Format) -> Vec<(&'static str, u64)> {
    let sign = format.sign_mask();
    let one = format.compose(false, format.bias as u64, 0);
    let mut all = vec![
        ("+0", 0),
        ("−0", sign),
        ("smallest subnormal", 1),
        ("largest subnormal", format.frac_mask()),
        ("smallest normal", 1 << format.frac_bits),
        ("1", one),
        ("largest finite", format.max_finite()),
    ];
    if let Some(inf) = format.infinity() {
        all.extend([("+∞", inf), ("−∞", sign | inf)]);
        all.extend([
            ("quiet NaN", inf | format.quiet_bit()),
            ("signalling NaN", inf | 1),
        ]);
        all.push(("x86's default NaN", format.default_nan()));
    } else {
        all.push(("NaN", format.exp_mask() | format.frac_mask()));
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::float::format::ALL;
    use crate::bits::float::{BFLOAT16, BINARY16, BINARY32, BINARY64, E4M3};

    #[test]
    fn differences_are_exact_across_formats() {
        let d = |f, b| decoded(f, b).unwrap();
        let tenth32 = d(BINARY32, 0x3dcc_cccd);
        let tenth16 = d(BFLOAT16, 0x3dcd);
        assert_eq!(
            difference(&tenth32, &tenth16).as_deref(),
            Some("0.000097654759883880615234375")
        );
        assert_eq!(
            difference(&tenth16, &tenth32).as_deref(),
            Some("-0.000097654759883880615234375")
        );
        let tenth64 = d(BINARY64, 0x3fb9_9999_9999_999a);
        // 0.1f - 0.1 = 1.490116119384765625e-9 - 5.551115123125783e-18 …
        let diff = difference(&tenth64, &tenth32).unwrap();
        let host = f64::from(f32::from_bits(0x3dcc_cccd)) - 0.1;
        assert_eq!(diff.parse::<f64>().unwrap(), host);
        assert_eq!(difference(&tenth32, &tenth32).as_deref(), Some("0"));
        // -0 and +0 are the same value; a NaN has no distance
        assert_eq!(
            difference(&d(BINARY32, 0x8000_0000), &d(BINARY32, 0)).as_deref(),
            Some("0")
        );
        assert_eq!(difference(&d(E4M3, 0x7f), &tenth32), None);
        assert_eq!(difference(&d(BINARY32, 0x7f80_0000), &tenth32), None);
    }

    #[test]
    fn specials_are_what_their_names_say() {
        let d = |f, b| decoded(f, b).unwrap();
        for f in ALL {
            for (name, bits) in specials(f) {
                let expect = match name {
                    "+0" | "−0" => Class::Zero,
                    "smallest subnormal" | "largest subnormal" => Class::Subnormal,
                    "+∞" | "−∞" => Class::Infinity,
                    "quiet NaN" | "x86's default NaN" => Class::QuietNan,
                    "signalling NaN" => Class::SignallingNan,
                    "NaN" => Class::Nan,
                    _ => Class::Normal,
                };
                assert_eq!(d(f, bits).class, expect, "{} {name}", f.name);
            }
        }
        let max = |f| d(f, specials(f)[6].1).exact;
        assert_eq!(max(E4M3), "448");
        assert_eq!(max(BINARY16), "65504");
        assert_eq!(d(BINARY32, specials(BINARY32)[5].1).exact, "1");
        assert_eq!(specials(BINARY32)[11].1, 0xffc0_0000);
    }

    #[test]
    fn the_neighbourhood_is_in_order_and_stops_at_the_ends() {
        let near = neighbourhood(BINARY32, 0x3f80_0000);
        assert_eq!(near.len(), 2 * NEIGHBOURS + 1);
        assert!(near
            .windows(2)
            .all(|w| Some(w[1].bits) == next_up(BINARY32, w[0].bits)));
        // at 1.0 the gap below is half the gap above
        let gaps: Vec<_> = near
            .windows(2)
            .map(|w| difference(&w[0], &w[1]).unwrap())
            .collect();
        assert_eq!(gaps[NEIGHBOURS - 1], "0.000000059604644775390625");
        assert_eq!(gaps[NEIGHBOURS], "0.00000011920928955078125");
        // E4M3's 448 has no float above it; binary16's 65504 has ∞ above
        let top = neighbourhood(E4M3, 0x7e);
        assert_eq!(top.last().map(|d| d.exact.as_str()), Some("448"));
        assert_eq!(top.len(), NEIGHBOURS + 1);
        assert_eq!(neighbourhood(BINARY16, 0x7bff).len(), NEIGHBOURS + 1);
        // -0's neighbours are the smallest subnormals, on both sides
        let zero = neighbourhood(BINARY16, 0x8000);
        assert_eq!(
            (zero[NEIGHBOURS - 1].bits, zero[NEIGHBOURS + 1].bits),
            (0x8001, 1)
        );
        assert_eq!(neighbourhood(BINARY32, 0x7fc0_0000).len(), 1, "a NaN alone");
    }
}
