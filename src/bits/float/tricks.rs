//! The classic float tricks that need float arithmetic, stepped on the
//! bits with x86-64's exact operations ([`super::x86`]):
//!
//! ```text
//! fast inverse square root   i = 0x5f3759df - (bits(x) >> 1)   a guess, y0 = float(i)
//!                            y1 = y0 × (1.5 - (0.5x × y0) × y0)  one Newton step
//! round to an integer        (x + 1.5 × 2^23) - 1.5 × 2^23     the add pushes the fraction out
//! int to double              bits 0x43300000_00000000 | n       that double is 2^52 + n
//!                            - 2^52                            exactly n
//! ```

use super::format::{BINARY32, BINARY64};
use super::steps::{float_step, Steps};
use super::x86::{f32_mul, f32_sub, f64_sub};
use super::{decoded, encode_bits, FloatError, Overflow};
use crate::bits::trace::{Step, Trace};
use crate::bits::word::Word;

/// Quake III's constant, and Lomont's better one (2003).
pub const QUAKE_MAGIC: u32 = 0x5f37_59df;
pub const LOMONT_MAGIC: u32 = 0x5f37_5a86;

/// A trick of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatTrick {
    /// `1/√x` from the bits, Quake's constant, one Newton step.
    InvSqrt,
    /// The same with Lomont's constant.
    InvSqrtLomont,
    /// Round a binary32 to an integer by adding and subtracting 1.5 × 2^23.
    RoundByMagic,
    /// An unsigned 32-bit integer to a binary64 through the bits of 2^52.
    IntToDouble,
}

impl FloatTrick {
    pub const ALL: [FloatTrick; 4] = [
        FloatTrick::InvSqrt,
        FloatTrick::InvSqrtLomont,
        FloatTrick::RoundByMagic,
        FloatTrick::IntToDouble,
    ];

    /// Its name in a link.
    pub const fn name(self) -> &'static str {
        match self {
            FloatTrick::InvSqrt => "invsqrt",
            FloatTrick::InvSqrtLomont => "invsqrt-lomont",
            FloatTrick::RoundByMagic => "round",
            FloatTrick::IntToDouble => "int2double",
        }
    }

    /// Its title in words.
    pub const fn title(self) -> &'static str {
        match self {
            FloatTrick::InvSqrt => "fast inverse square root (0x5f3759df)",
            FloatTrick::InvSqrtLomont => "fast inverse square root (Lomont's 0x5f375a86)",
            FloatTrick::RoundByMagic => "round to an integer by adding 1.5 × 2^23",
            FloatTrick::IntToDouble => "unsigned int to double by the bits of 2^52",
        }
    }

    /// The trick on the number `text` (a binary32 for the first three, an
    /// integer 0 to 2^32 - 1 for the last): its result's bits, stepped.
    ///
    /// # Errors
    /// A text that is not a number (or not such an integer).
    pub fn run(self, text: &str) -> Result<(u64, Trace), FloatError> {
        match self {
            FloatTrick::InvSqrt | FloatTrick::InvSqrtLomont => {
                let magic = if self == FloatTrick::InvSqrt {
                    QUAKE_MAGIC
                } else {
                    LOMONT_MAGIC
                };
                let x = encode_bits(BINARY32, text, Overflow::Infinity)?.bits as u32;
                let (y, trace) = inv_sqrt(x, magic);
                Ok((u64::from(y), trace))
            }
            FloatTrick::RoundByMagic => {
                let x = encode_bits(BINARY32, text, Overflow::Infinity)?.bits as u32;
                let (y, trace) = round_by_magic(x);
                Ok((u64::from(y), trace))
            }
            FloatTrick::IntToDouble => {
                let t = text.trim();
                let n = (!t.starts_with('-'))
                    .then(|| crate::bits::word::parse_number(t, 32).ok())
                    .flatten()
                    .ok_or_else(|| FloatError::NotU32(t.into()))?;
                Ok(int_to_double(n as u32))
            }
        }
    }
}

/// A binary32's exact value, for notes.
fn value32(bits: u32) -> String {
    decoded(BINARY32, u64::from(bits)).map_or_else(|_| "?".into(), |d| d.exact)
}

fn step32(label: &str, expr: &str, bits: u32) -> Step {
    float_step(label, expr, BINARY32, u64::from(bits)).note(format!("= {}", value32(bits)))
}

/// `1/√x` as Quake III computed it: the guess from the bits, one Newton
/// step (`y × (1.5 - (0.5x × y) × y)`, each operation rounded as x86-64's
/// SSE rounds it).
pub fn inv_sqrt(x: u32, magic: u32) -> (u32, Trace) {
    let (half, three_halves) = (0x3f00_0000u32, 0x3fc0_0000u32);
    let guess = magic.wrapping_sub(x >> 1);
    let x2 = f32_mul(x, half);
    let t = f32_mul(f32_mul(x2, guess), guess);
    let y = f32_mul(guess, f32_sub(three_halves, t));
    let mut steps = Steps::on();
    steps.add(|| step32("x", "x", x));
    steps.add(|| {
        Step::new(
            "the bits halved: the exponent halves too (a logarithm, roughly)",
            "bits(x) >> 1",
            Word::new(u64::from(x >> 1), 32),
        )
        .highlight(0x7f80_0000)
    });
    steps.add(|| {
        step32(
            "subtract from the magic constant: a guess at 1/√x",
            &format!("{magic:#x} - (bits(x) >> 1)"),
            guess,
        )
        .operand("magic", Word::new(u64::from(magic), 32))
    });
    steps.add(|| step32("half of x", "x2 = 0.5f × x", x2));
    steps.add(|| {
        step32(
            "x2 × y × y (about 1/2 when the guess is right)",
            "x2 × y0 × y0",
            t,
        )
    });
    steps.add(|| {
        let err = relative_error(x, y).map_or(String::new(), |e| {
            format!(" (relative error {:.4}%)", e * 100.0)
        });
        step32(
            "one Newton step for 1/y² = x",
            "y1 = y0 × (1.5f - x2 × y0 × y0)",
            y,
        )
        .note(format!("= {}{err}", value32(y)))
    });
    let title = format!("fast inverse square root of {} with {magic:#x}", value32(x));
    (
        y,
        steps.into_trace("float-inv-sqrt", title, BINARY32, u64::from(y)),
    )
}

/// `|y - 1/√x| / (1/√x)`, computed in binary64 (`None` where 1/√x is not
/// a positive finite number).
pub fn relative_error(x: u32, y: u32) -> Option<f64> {
    let xf = f64::from(f32::from_bits(x));
    let want = 1.0 / xf.sqrt();
    (want.is_finite() && want > 0.0).then(|| ((f64::from(f32::from_bits(y)) - want) / want).abs())
}

/// The largest relative error of [`inv_sqrt`] with `magic` over every
/// positive normal binary32, and where. One pair of binades is enough:
/// multiplying x by 4 subtracts 2^24 from `x >> 1`, so the guess is
/// exactly halved, and every later operation scales by a power of two
/// exactly, so the relative error repeats every two binades. (The test
/// checks that against other pairs of binades.)
pub fn max_relative_error(magic: u32) -> (f64, u32) {
    let first = 0x3f80_0000u32; // 1.0: the binades [1, 2) and [2, 4)
    (first..first + (2 << 23))
        .filter_map(|x| relative_error(x, inv_sqrt_fast(x, magic)).map(|e| (e, x)))
        .fold(
            (0.0, first),
            |best, (e, x)| if e > best.0 { (e, x) } else { best },
        )
}

/// [`inv_sqrt`] without its steps (for the sweep).
fn inv_sqrt_fast(x: u32, magic: u32) -> u32 {
    let guess = magic.wrapping_sub(x >> 1);
    let x2 = f32_mul(x, 0x3f00_0000);
    let t = f32_mul(f32_mul(x2, guess), guess);
    f32_mul(guess, f32_sub(0x3fc0_0000, t))
}

/// 1.5 × 2^23 as a binary32: its last fraction bit weighs 1.
const ROUNDER: u32 = 0x4b40_0000;

/// `(x + 1.5 × 2^23) - 1.5 × 2^23`: x rounded to an integer, ties to even
/// (for |x| < 2^22; past that x is an integer already or the sum's last
/// bit weighs 2).
pub fn round_by_magic(x: u32) -> (u32, Trace) {
    let sum = super::x86::f32_add(x, ROUNDER);
    let y = f32_sub(sum, ROUNDER);
    let mut steps = Steps::on();
    steps.add(|| step32("x", "x", x));
    steps.add(|| {
        step32("add 1.5 × 2^23: the sum's last fraction bit weighs 1, so the add rounds x to an integer (ties to even)", "s = x + 12582912.0f", sum)
            .highlight(0x3f_ffff)
    });
    steps.add(|| step32("subtract it again: exact", "s - 12582912.0f", y));
    let ok = f32::from_bits(x).abs() < 4_194_304.0;
    let note = if ok {
        "x rounded to an integer"
    } else {
        "|x| ≥ 2^22: the trick does not apply"
    };
    let mut trace = steps.into_trace(
        "float-round-magic",
        format!("round {} by 1.5 × 2^23: {note}", value32(x)),
        BINARY32,
        u64::from(y),
    );
    trace.title = format!("{} = {}", trace.title, value32(y));
    (y, trace)
}

/// 2^52 as a binary64.
const TWO_52: u64 = 0x4330_0000_0000_0000;

/// An unsigned 32-bit `n` as a binary64: `n` in the low fraction bits of
/// 2^52 gives the double 2^52 + n, and subtracting 2^52 leaves n exactly.
pub fn int_to_double(n: u32) -> (u64, Trace) {
    let glued = TWO_52 | u64::from(n);
    let y = f64_sub(glued, TWO_52);
    let value = |b: u64| decoded(BINARY64, b).map_or_else(|_| "?".into(), |d| d.exact);
    let mut steps = Steps::on();
    steps.add(|| {
        float_step(
            "n in the low bits of 2^52's fraction",
            &format!("0x4330000000000000 | {n}"),
            BINARY64,
            glued,
        )
        .highlight(u64::from(u32::MAX))
        .note(format!("= {} = 2^52 + {n}", value(glued)))
    });
    steps.add(|| {
        float_step(
            "subtract 2^52: exact",
            "d - 4503599627370496.0",
            BINARY64,
            y,
        )
        .note(format!("= {}", value(y)))
    });
    (
        y,
        steps.into_trace(
            "float-int-to-double",
            format!("{n} as a double through 2^52"),
            BINARY64,
            y,
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inverse_square_root_is_quake_s_bit_for_bit() {
        // the host's f32 in Quake's order of operations
        let quake = |x: f32, magic: u32| {
            let x2 = x * 0.5;
            let y = f32::from_bits(magic - (x.to_bits() >> 1));
            y * (1.5 - (x2 * y * y))
        };
        for x in [1.0f32, 2.0, 0.15625, 100.0, 1e-30, 3.4e38, 1e-40] {
            assert_eq!(
                inv_sqrt(x.to_bits(), QUAKE_MAGIC).0,
                quake(x, QUAKE_MAGIC).to_bits(),
                "{x}"
            );
        }
        let (y, trace) = inv_sqrt(4.0f32.to_bits(), QUAKE_MAGIC);
        assert!((f32::from_bits(y) - 0.5).abs() < 0.001);
        assert_eq!(trace.steps.len(), 6);
    }

    #[test]
    fn the_largest_errors_are_the_known_ones_and_repeat_every_two_binades() {
        let (quake, _) = max_relative_error(QUAKE_MAGIC);
        let (lomont, _) = max_relative_error(LOMONT_MAGIC);
        // Lomont (2003), in exact arithmetic after the guess: 0.00175228
        // for 0x5f3759df, 0.00175124 for 0x5f375a86; each binary32
        // operation rounded adds a little
        eprintln!("largest relative errors: {quake} at quake's, {lomont} at lomont's");
        assert!((quake - 0.001_752_28).abs() < 1e-7, "{quake}");
        assert!((lomont - 0.001_751_24).abs() < 1e-7, "{lomont}");
        assert!(lomont < quake);
        // other pairs of binades give the same largest error
        for first in [0x0100_0000u32, 0x2000_0000, 0x5000_0000, 0x7e00_0000] {
            let max = (first..first + (2 << 23))
                .step_by(61)
                .filter_map(|x| relative_error(x, inv_sqrt_fast(x, QUAKE_MAGIC)))
                .fold(0.0, f64::max);
            assert!(max <= quake && max > quake * 0.999, "{first:#x}: {max}");
        }
    }

    #[test]
    fn rounding_by_the_magic_add_is_rounding_ties_to_even() {
        let mut x = 0x3e80_0000u32; // 0.25 up to 2^22, every 97th pattern
        while f32::from_bits(x) < 4_194_304.0 {
            for b in [x, x | 0x8000_0000] {
                let want = f32::from_bits(b).round_ties_even();
                assert_eq!(
                    f32::from_bits(round_by_magic(b).0),
                    want,
                    "{}",
                    f32::from_bits(b)
                );
            }
            x += 97;
        }
        assert_eq!(f32::from_bits(round_by_magic(2.5f32.to_bits()).0), 2.0);
        assert_eq!(f32::from_bits(round_by_magic(3.5f32.to_bits()).0), 4.0);
    }

    #[test]
    fn every_sampled_int_comes_back_exactly() {
        for n in (0..=u32::MAX).step_by(65_521).chain([0, 1, u32::MAX]) {
            assert_eq!(f64::from_bits(int_to_double(n).0), f64::from(n));
        }
        assert_eq!(FloatTrick::IntToDouble.run("-1").map(|r| r.0).ok(), None);
        assert_eq!(
            FloatTrick::IntToDouble.run("0xffffffff").unwrap().0,
            f64::from(u32::MAX).to_bits()
        );
    }
}
