//! Conversions: between formats (rounded once; E4M3's saturation), from
//! integers (round to nearest even) and to integers (truncation, with
//! x86-64's answer where C's is undefined).
//!
//! ```text
//! binary32 → binary16   1.00000000011|1 0 0…  → G=1, tie, odd → up
//! NaN → NaN             payload's top bits kept, quiet bit set
//!                       (cvtss2sd: frac << 29; cvtsd2ss: frac >> 29)
//! 3.7 → int             truncated toward zero: 3
//! 3e9 → int32           out of range: C leaves it undefined, x86's
//!                       cvttss2si gives 0x80000000 ("integer indefinite")
//! ```

use super::decode::{decoded, unpack, Unpacked};
use super::error::FloatError;
use super::format::{Format, Overflow};
use super::round::{round, Magnitude, Rounded};
use super::steps::{float_step, Steps};
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::Word;

/// `bits` of `from` converted to `to`, with the steps.
///
/// # Errors
/// [`FloatError::TooWide`] when `bits` does not fit `from`.
pub fn convert(
    from: Format,
    to: Format,
    bits: u64,
    overflow: Overflow,
) -> Result<(Rounded, Trace), FloatError> {
    from.check(bits)?;
    let mut steps = Steps::on();
    let r = convert_with(from, to, bits, overflow, &mut steps);
    let title = format!("{} 0x{bits:x} to {}", from.name, to.name);
    Ok((r, steps.into_trace("float-convert", title, to, r.bits)))
}

/// [`convert`] without the steps.
///
/// # Errors
/// [`FloatError::TooWide`] when `bits` does not fit `from`.
pub fn convert_bits(
    from: Format,
    to: Format,
    bits: u64,
    overflow: Overflow,
) -> Result<Rounded, FloatError> {
    from.check(bits)?;
    Ok(convert_with(from, to, bits, overflow, &mut Steps::off()))
}

fn convert_with(
    from: Format,
    to: Format,
    bits: u64,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    steps.add(|| {
        let exact = decoded(from, bits).map(|d| d.exact).unwrap_or_default();
        Step::new(
            format!("the {} value", from.name),
            "a",
            super::steps::word(from, bits),
        )
        .note(exact)
    });
    match unpack(from, bits) {
        Unpacked::Nan => {
            let r = convert_nan(from, to, bits);
            steps.add(|| {
                float_step("a NaN stays a NaN: payload kept, quieted", "NaN", to, r)
                    .highlight(to.frac_mask())
                    .note("the fraction's top bits move over (low bits dropped or zeros added) and the quiet bit is set, as cvtss2sd / cvtsd2ss do")
            });
            Rounded::exact(r)
        }
        Unpacked::Infinity { negative } if to.has_infinity() && overflow == Overflow::Infinity => {
            let r = overflow.bits(to, negative);
            steps.add(|| float_step("∞ stays ∞", "inf", to, r).highlight(to.exp_mask()));
            Rounded::exact(r)
        }
        Unpacked::Infinity { negative } => super::round::overflowed(to, negative, overflow, steps),
        Unpacked::Finite { negative, sig, exp } => round(
            to,
            negative,
            Magnitude::exact(sig as u128, exp),
            overflow,
            steps,
        ),
    }
}

/// A NaN of `from` as a NaN of `to`: sign kept, the fraction's top bits
/// kept (shifted to the new width), quiet bit set; E4M3's one NaN has no
/// payload to keep.
pub fn convert_nan(from: Format, to: Format, bits: u64) -> u64 {
    let (sign, _, frac) = from.fields(bits);
    let moved = if to.frac_bits >= from.frac_bits {
        frac << (to.frac_bits - from.frac_bits)
    } else {
        frac >> (from.frac_bits - to.frac_bits)
    };
    match to.quiet_bit() {
        0 => to.compose(sign, to.exp_all_ones(), to.frac_mask()),
        quiet => to.compose(sign, to.exp_all_ones(), moved | quiet),
    }
}

/// An integer rounded into `format` (round to nearest, ties to even), with
/// the steps.
pub fn from_int(format: Format, value: i128, overflow: Overflow) -> (Rounded, Trace) {
    let mut steps = Steps::on();
    steps.add(|| {
        Step::new(
            "the integer",
            value.to_string(),
            Word::new(value as u64, 64),
        )
        .note(format!("{value} = {:#x}", value.unsigned_abs()))
    });
    let r = from_int_with(format, value, overflow, &mut steps);
    let title = format!("{value} to {}", format.name);
    (r, steps.into_trace("float-from-int", title, format, r.bits))
}

/// [`from_int`] without the steps.
pub fn from_int_bits(format: Format, value: i128, overflow: Overflow) -> Rounded {
    from_int_with(format, value, overflow, &mut Steps::off())
}

fn from_int_with(format: Format, value: i128, overflow: Overflow, steps: &mut Steps) -> Rounded {
    let mag = Magnitude::exact(value.unsigned_abs(), 0);
    round(format, value < 0 && !mag.is_zero(), mag, overflow, steps)
}

/// A float truncated to a signed integer of 32 or 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Truncated {
    /// The integer; where C's answer is undefined (NaN, ±∞, out of
    /// range), x86-64's `cvttss2si`/`cvttsd2si` answer: the "integer
    /// indefinite" `0x80000000` (or `0x8000000000000000`).
    pub value: i64,
    /// Whether C defines the result (the truncated value is in range).
    pub defined: bool,
    /// Whether a fraction was dropped.
    pub inexact: bool,
}

/// `bits` truncated toward zero to a signed `width`-bit integer (32 or
/// 64), with the steps.
///
/// # Errors
/// [`FloatError::IntWidth`] for another width, [`FloatError::TooWide`]
/// for bits that do not fit the format.
pub fn to_int(format: Format, bits: u64, width: u32) -> Result<(Truncated, Trace), FloatError> {
    let t = to_int_value(format, bits, width)?;
    let mut steps = Steps::on();
    steps.add(|| {
        let exact = decoded(format, bits).map(|d| d.exact).unwrap_or_default();
        float_step("the float", "a", format, bits).note(exact)
    });
    steps.add(|| truncate_step(t, width));
    let title = format!("{} 0x{bits:x} to int{width}", format.name);
    let mut trace = Trace::new("float-to-int", title, Outcome::Number(t.value));
    trace.steps = steps.into_steps();
    Ok((t, trace))
}

/// [`to_int`] without the steps.
///
/// # Errors
/// As [`to_int`].
pub fn to_int_value(format: Format, bits: u64, width: u32) -> Result<Truncated, FloatError> {
    if width != 32 && width != 64 {
        return Err(FloatError::IntWidth(width));
    }
    format.check(bits)?;
    let indefinite = Truncated {
        value: i64::MIN >> (64 - width),
        defined: false,
        inexact: false,
    };
    let Unpacked::Finite { negative, sig, exp } = unpack(format, bits) else {
        return Ok(indefinite);
    };
    let (magnitude, inexact) = if exp >= 0 {
        let fits = exp < 64 && (sig as u128) << exp <= u64::MAX as u128;
        (
            if fits {
                (sig as u128) << exp
            } else {
                u128::MAX
            },
            false,
        )
    } else if exp <= -64 {
        (0, sig != 0)
    } else {
        ((sig >> -exp) as u128, sig & ((1 << -exp) - 1) != 0)
    };
    let limit = 1u128 << (width - 1);
    let in_range = if negative {
        magnitude <= limit
    } else {
        magnitude < limit
    };
    if !in_range {
        return Ok(indefinite);
    }
    let value = if negative {
        (magnitude as i128).wrapping_neg()
    } else {
        magnitude as i128
    };
    Ok(Truncated {
        value: value as i64,
        defined: true,
        inexact,
    })
}

fn truncate_step(t: Truncated, width: u32) -> Step {
    let note = if t.defined {
        format!(
            "truncated toward zero{}: {}",
            if t.inexact {
                " (the fraction is dropped)"
            } else {
                ""
            },
            t.value
        )
    } else {
        format!(
            "NaN, ±∞ or out of the int{width} range: C leaves the conversion undefined; x86-64's cvtt instructions give the integer indefinite {:#x}",
            t.value as u64 & crate::bits::word::mask(width)
        )
    };
    Step::new(
        "truncate toward zero",
        format!("(int{width}) a"),
        Word::new(t.value as u64, width),
    )
    .note(note)
}
