//! Decoding: a float's bits to its fields, its class, its exact value and
//! its neighbours.
//!
//! ```text
//! 0x3dcccccd  0 01111011 10011001100110011001101
//!             s e = 123  f = 0x4ccccd
//! value = 1.f × 2^(123-127) = 13421773 × 2^-27
//!       = 0.100000001490116119384765625   (every digit)
//! ```

use super::error::FloatError;
use super::exact::decimal;
use super::format::{Format, Specials};
use super::steps::{float_step, Steps};
use crate::bits::trace::{Step, Trace};
use num_bigint::BigUint;

/// What kind of value a pattern is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Zero,
    Subnormal,
    Normal,
    Infinity,
    QuietNan,
    SignallingNan,
    /// E4M3's one NaN (per sign), neither quiet nor signalling.
    Nan,
}

impl Class {
    /// The class in words: "zero", "quiet NaN"...
    pub const fn name(self) -> &'static str {
        match self {
            Class::Zero => "zero",
            Class::Subnormal => "subnormal",
            Class::Normal => "normal",
            Class::Infinity => "infinity",
            Class::QuietNan => "quiet NaN",
            Class::SignallingNan => "signalling NaN",
            Class::Nan => "NaN",
        }
    }

    /// Whether the class is one of the NaNs.
    pub const fn is_nan(self) -> bool {
        matches!(self, Class::QuietNan | Class::SignallingNan | Class::Nan)
    }
}

/// A float as arithmetic sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unpacked {
    Nan,
    Infinity {
        negative: bool,
    },
    /// `(-1)^negative × sig × 2^exp`; zero has `sig == 0`.
    Finite {
        negative: bool,
        sig: u64,
        exp: i64,
    },
}

/// The class of `bits` (bits above the width ignored).
pub fn classify(format: Format, bits: u64) -> Class {
    let (_, e, f) = format.fields(bits);
    let top = e == format.exp_all_ones();
    match format.specials {
        Specials::FiniteOneNan if top && f == format.frac_mask() => Class::Nan,
        Specials::Ieee if top && f == 0 => Class::Infinity,
        Specials::Ieee if top && f & format.quiet_bit() != 0 => Class::QuietNan,
        Specials::Ieee if top => Class::SignallingNan,
        _ if e == 0 && f == 0 => Class::Zero,
        _ if e == 0 => Class::Subnormal,
        _ => Class::Normal,
    }
}

/// `bits` as sign, integer significand and power of two.
pub fn unpack(format: Format, bits: u64) -> Unpacked {
    let (negative, e, f) = format.fields(bits);
    let m = format.frac_bits as i64;
    match classify(format, bits) {
        c if c.is_nan() => Unpacked::Nan,
        Class::Infinity => Unpacked::Infinity { negative },
        Class::Zero | Class::Subnormal => Unpacked::Finite {
            negative,
            sig: f,
            exp: format.emin() as i64 - m,
        },
        _ => Unpacked::Finite {
            negative,
            sig: f | 1 << m,
            exp: e as i64 - format.bias as i64 - m,
        },
    }
}

/// The next float toward +∞ (IEEE nextUp): `None` for a NaN and for
/// E4M3's largest value, which has no ∞ above it.
pub fn next_up(format: Format, bits: u64) -> Option<u64> {
    let sign = format.sign_mask();
    match classify(format, bits) {
        c if c.is_nan() => None,
        Class::Infinity if bits & sign == 0 => Some(bits),
        Class::Infinity => Some(sign | format.max_finite()),
        Class::Zero => Some(1),
        _ if bits & sign != 0 => Some(bits - 1),
        _ if bits == format.max_finite() => format.infinity(),
        _ => Some(bits + 1),
    }
}

/// The next float toward -∞ (IEEE nextDown): `-next_up(-x)`.
pub fn next_down(format: Format, bits: u64) -> Option<u64> {
    let sign = format.sign_mask();
    next_up(format, bits ^ sign).map(|b| b ^ sign)
}

/// The weight of the last significand bit of a finite `bits`, as a power
/// of two: `max(E, emin) - frac_bits` (zero counts as subnormal).
pub fn quantum(format: Format, bits: u64) -> i64 {
    let (_, e, _) = format.fields(bits);
    let e = (e as i64).max(1);
    e - format.bias as i64 - format.frac_bits as i64
}

/// Everything [`decode`] says about one float.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub format: Format,
    pub bits: u64,
    pub sign: bool,
    /// The stored (biased) exponent field.
    pub exponent: u64,
    pub fraction: u64,
    pub class: Class,
    /// For a finite value: `(-1)^sign × significand × 2^power` exactly
    /// (the significand an integer, the hidden bit included).
    pub significand: u64,
    pub power: i64,
    /// The unbiased exponent: `e - bias`, or `emin` for zero and subnormals.
    pub unbiased: i64,
    /// Every decimal digit of the value; "inf", "-inf", "nan" otherwise.
    pub exact: String,
    pub next_up: Option<u64>,
    pub next_down: Option<u64>,
    /// The weight of the last significand bit, exactly (finite only).
    pub ulp: Option<String>,
    /// `next_up - x`, exactly (when both are finite).
    pub gap_up: Option<String>,
}

/// Decodes `bits` without a trace.
///
/// # Errors
/// [`FloatError::TooWide`] when bits above the format's width are set.
pub fn decoded(format: Format, bits: u64) -> Result<Decoded, FloatError> {
    let bits = format.check(bits)?;
    let (sign, exponent, fraction) = format.fields(bits);
    let class = classify(format, bits);
    let (significand, power, exact) = match unpack(format, bits) {
        Unpacked::Finite { negative, sig, exp } => {
            (sig, exp, decimal(negative, &BigUint::from(sig), exp))
        }
        Unpacked::Infinity { negative } => (0, 0, if negative { "-inf" } else { "inf" }.into()),
        Unpacked::Nan => (0, 0, if sign { "-nan" } else { "nan" }.into()),
    };
    let finite = !class.is_nan() && class != Class::Infinity;
    let up = next_up(format, bits);
    let gap_up = up.filter(|&u| finite && !format.is_infinite(u)).map(|u| {
        power_text(quantum(
            format,
            (u & !format.sign_mask()).min(bits & !format.sign_mask()),
        ))
    });
    Ok(Decoded {
        format,
        bits,
        sign,
        exponent,
        fraction,
        class,
        significand,
        power,
        unbiased: (exponent as i64).max(1) - format.bias as i64,
        exact,
        next_up: up,
        next_down: next_down(format, bits),
        ulp: finite.then(|| power_text(quantum(format, bits))),
        gap_up,
    })
}

/// `2^p` in exact decimal.
fn power_text(p: i64) -> String {
    decimal(false, &BigUint::from(1u32), p)
}

/// Decodes `bits` with the steps: the three fields, the class, the exact
/// value, the neighbours and the ulp.
///
/// # Errors
/// [`FloatError::TooWide`] when bits above the format's width are set.
pub fn decode(format: Format, bits: u64) -> Result<(Decoded, Trace), FloatError> {
    let d = decoded(format, bits)?;
    let mut steps = Steps::on();
    decode_steps(&d, &mut steps);
    let title = format!("{} 0x{:x} decoded", format.name, bits);
    Ok((d, steps.into_trace("float-decode", title, format, bits)))
}

/// The steps of a decoding (also appended after an encoding's).
pub fn decode_steps(d: &Decoded, steps: &mut Steps) {
    let f = d.format;
    steps.add(|| field_step(d, "sign bit", f.sign_mask(), sign_note(d)));
    steps.add(|| field_step(d, "exponent field", f.exp_mask(), exponent_note(d)));
    steps.add(|| field_step(d, "fraction field", f.frac_mask(), fraction_note(d)));
    steps.add(|| {
        float_step(
            "the value, exactly",
            "(-1)^s × significand × 2^power",
            f,
            d.bits,
        )
        .note(value_note(d))
    });
    for (label, n) in [
        ("next float up", d.next_up),
        ("next float down", d.next_down),
    ] {
        if let Some(n) = n {
            steps.add(|| neighbour_step(f, label, n));
        }
    }
    if let Some(ulp) = &d.ulp {
        steps.add(|| {
            let gap = d
                .gap_up
                .as_deref()
                .unwrap_or("none (no finite float above)");
            Step::new(
                "one ulp",
                format!("2^{}", quantum(f, d.bits)),
                super::steps::word(f, 1),
            )
            .note(format!("ulp = {ulp}; gap to the next float up = {gap}"))
        });
    }
}

fn field_step(d: &Decoded, label: &str, mask: u64, note: String) -> Step {
    let value = (d.bits & mask) >> mask.trailing_zeros();
    float_step(label, &format!("{label} = {value:#x}"), d.format, d.bits)
        .highlight(mask)
        .note(note)
}

fn sign_note(d: &Decoded) -> String {
    format!(
        "s = {}: {}",
        d.sign as u8,
        if d.sign { "negative" } else { "positive" }
    )
}

fn exponent_note(d: &Decoded) -> String {
    let f = d.format;
    match d.class {
        Class::Zero | Class::Subnormal => format!(
            "e = 0: zero or subnormal, no hidden 1; the power is emin = 1 - {} = {}",
            f.bias,
            f.emin()
        ),
        c if c == Class::Infinity || c.is_nan() => {
            format!("e = {} (all ones): ∞ or NaN", d.exponent)
        }
        _ => format!(
            "e = {}; e - bias = {} - {} = {}",
            d.exponent, d.exponent, f.bias, d.unbiased
        ),
    }
}

fn fraction_note(d: &Decoded) -> String {
    let f = d.format;
    let m = f.frac_bits;
    match d.class {
        Class::Infinity => "fraction 0 with exponent all ones: ∞".to_string(),
        Class::QuietNan => format!(
            "top fraction bit set: a quiet NaN, payload 0x{:x}",
            d.fraction & !f.quiet_bit()
        ),
        Class::SignallingNan => format!(
            "top fraction bit clear: a signalling NaN, payload 0x{:x}",
            d.fraction
        ),
        Class::Nan => "S.1111.111: E4M3's only NaN".to_string(),
        Class::Zero | Class::Subnormal => format!("0.f = {} / 2^{m}", d.fraction),
        Class::Normal => format!(
            "1.f = 1 + {} / 2^{m} = {} / 2^{m}",
            d.fraction, d.significand
        ),
    }
}

fn value_note(d: &Decoded) -> String {
    match d.class {
        c if c.is_nan() || c == Class::Infinity => format!("{}: {}", d.class.name(), d.exact),
        _ => format!(
            "{}: {}{} × 2^{} = {}",
            d.class.name(),
            if d.sign { "-" } else { "" },
            d.significand,
            d.power,
            d.exact
        ),
    }
}

fn neighbour_step(format: Format, label: &str, bits: u64) -> Step {
    let text = decoded(format, bits).map(|d| d.exact).unwrap_or_default();
    float_step(label, label, format, bits).note(text)
}
