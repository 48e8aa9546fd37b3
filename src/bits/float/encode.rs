//! Encoding: a typed number to the nearest float, rounded once.
//!
//! ```text
//! "0.1"  = 1/10 exactly
//!        = 1.100110011001100110011001100…₂ × 2^-4     (binary expansion)
//!          1.10011001100110011001100 | 1 1 0…         (kept | G R S)
//!        → round up: 1.10011001100110011001101 × 2^-4 = 0x3dcccccd
//! ```

use super::error::FloatError;
use super::format::{Format, Overflow};
use super::parse::{parse_number, Exact, Number};
use super::round::{round, Magnitude, Rounded};
use super::steps::{float_step, Steps};
use crate::bits::trace::{Step, Trace};
use crate::bits::word::Word;
use num_bigint::BigUint;

/// Encodes `text` into `format` with the format's default overflow
/// ([`Overflow::default_for`]: ∞, or for E4M3 saturation to ±448).
///
/// # Errors
/// [`FloatError`] when `text` is not a number.
pub fn encode(format: Format, text: &str) -> Result<(Rounded, Trace), FloatError> {
    encode_with(format, text, Overflow::default_for(format))
}

/// [`encode`] with a chosen overflow rule.
///
/// # Errors
/// [`FloatError`] when `text` is not a number.
pub fn encode_with(
    format: Format,
    text: &str,
    overflow: Overflow,
) -> Result<(Rounded, Trace), FloatError> {
    let number = parse_number(text)?;
    let mut steps = Steps::on();
    let rounded = encode_number(format, &number, overflow, &mut steps);
    let title = format!("{} to {}", text.trim(), format.name);
    Ok((
        rounded,
        steps.into_trace("float-encode", title, format, rounded.bits),
    ))
}

/// [`encode_with`] without the steps (the same code, not recorded).
///
/// # Errors
/// [`FloatError`] when `text` is not a number.
pub fn encode_bits(format: Format, text: &str, overflow: Overflow) -> Result<Rounded, FloatError> {
    let number = parse_number(text)?;
    Ok(encode_number(format, &number, overflow, &mut Steps::off()))
}

/// Rounds a parsed number into `format`.
pub fn encode_number(
    format: Format,
    number: &Number,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    match number {
        Number::Nan { negative } => {
            let sign = if *negative { format.sign_mask() } else { 0 };
            let payload = match format.quiet_bit() {
                0 => format.frac_mask(),
                quiet => quiet,
            };
            let bits = sign | format.exp_mask() | payload;
            steps.add(|| {
                float_step("NaN: a quiet NaN with payload 0", "nan", format, bits)
                    .highlight(format.exp_mask())
                    .note("exponent all ones, fraction nonzero (E4M3: S.1111.111, its only NaN)")
            });
            Rounded::exact(bits)
        }
        Number::Infinity { negative } => infinity(format, *negative, overflow, steps),
        Number::Finite { negative, value } => finite(format, *negative, value, overflow, steps),
    }
}

/// ∞ typed in: ∞ itself, or in E4M3 (no ∞) ±448 saturating, NaN if not.
fn infinity(format: Format, negative: bool, overflow: Overflow, steps: &mut Steps) -> Rounded {
    let bits = overflow.bits(format, negative);
    steps.add(|| {
        let note = match (format.has_infinity(), overflow) {
            (true, Overflow::Infinity) => "exponent all ones, fraction 0".to_string(),
            (_, Overflow::Saturate) => format!(
                "saturating conversion (OCP): ∞ becomes ±the largest finite {} value",
                format.name
            ),
            (false, Overflow::Infinity) => {
                format!("{} has no ∞: NaN (non-saturating)", format.name)
            }
        };
        float_step("infinity", "inf", format, bits)
            .highlight(format.exp_mask())
            .note(note)
    });
    let saturated = overflow == Overflow::Saturate;
    Rounded {
        bits,
        inexact: saturated,
        overflow: saturated,
        underflow: false,
    }
}

fn finite(
    format: Format,
    negative: bool,
    value: &Exact,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    let mag = match value {
        Exact::Ratio { num, den, exp2 } => {
            let mag = Magnitude::from_ratio(num, den, *exp2);
            if !mag.is_zero() {
                steps.add(|| expansion_step(mag, ratio_text(negative, num, den, *exp2)));
            }
            mag
        }
        Exact::Huge => clamped(format, steps, true),
        Exact::Tiny => clamped(format, steps, false),
    };
    round(format, negative, mag, overflow, steps)
}

/// A stand-in for a number far outside every format: it rounds the same.
fn clamped(format: Format, steps: &mut Steps, huge: bool) -> Magnitude {
    steps.add(|| {
        let (what, goes) = if huge {
            ("above 2^20000", "overflows")
        } else {
            ("below 2^-20000", "rounds to zero")
        };
        Step::new(
            "far outside the format's range",
            what,
            Word::new(0, format.width()),
        )
        .note(format!(
            "the number is {what}: it {goes} in {} (it is not expanded)",
            format.name
        ))
    });
    if huge {
        Magnitude::exact(1, 30_000)
    } else {
        Magnitude {
            n: 1,
            exp: -30_000,
            sticky: true,
        }
    }
}

/// `num / den × 2^exp2` in words, long numbers cut.
fn ratio_text(negative: bool, num: &BigUint, den: &BigUint, exp2: i64) -> String {
    let sign = if negative { "-" } else { "" };
    let short = |n: &BigUint| {
        let s = n.to_string();
        if s.len() > 60 {
            format!("{}…({} digits)", &s[..40], s.len())
        } else {
            s
        }
    };
    format!("{sign}{} / {} × 2^{exp2}", short(num), short(den))
}

fn expansion_step(mag: Magnitude, exact: String) -> Step {
    let bits = format!("{:b}", mag.n);
    let top = super::exact::bit_len(mag.n) as i64 - 1 + mag.exp;
    let shown = bits.len().min(64);
    let more = if bits.len() > shown || mag.sticky {
        "…"
    } else {
        ""
    };
    let word = Word::new((mag.n >> (bits.len() - shown)) as u64, shown as u32);
    Step::new(
        "the exact number and its binary expansion",
        format!("1.…₂ × 2^{top}"),
        word,
    )
    .note(format!(
        "{exact} = {}.{}{more}₂ × 2^{top}",
        &bits[..1],
        &bits[1..shown]
    ))
}
