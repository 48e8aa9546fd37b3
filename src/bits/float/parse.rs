//! Typed numbers as exact rationals: `0.1`, `-1e-40`, `123.456e7`,
//! `0x1.8p3`, `1/3`, `inf`, `nan`.
//!
//! ```text
//! 123.456e7  = 123456 × 10^4     = 123456 × 5^4 × 2^4      (num, den 1, exp2 4)
//! 0.1        = 1 × 10^-1         = 1 / 5^1 × 2^-1          (num 1, den 5, exp2 -1)
//! 0x1.8p3    = 0x18 × 2^(3 - 4)  = 24 × 2^-1
//! ```
//!
//! Nothing is rounded here. A number whose size is beyond 2^±20000 (far
//! outside every format, binary64 spans 2^±1075) is not expanded: it is
//! [`Exact::Huge`] or [`Exact::Tiny`], which round to ∞ or 0 all the same,
//! so `1e999999999` costs nothing.

use super::error::FloatError;
use num_bigint::BigUint;
use num_traits::Zero;

/// Longest text read, in characters.
pub const MAX_LEN: usize = 10_000;

/// Past `2^LIMIT` (or below `2^-LIMIT`) a number is not expanded.
const LIMIT: f64 = 20_000.0;

/// A typed number, exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Number {
    Nan { negative: bool },
    Infinity { negative: bool },
    Finite { negative: bool, value: Exact },
}

/// The magnitude of a finite number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exact {
    /// `num / den × 2^exp2` (zero when `num` is 0; `den > 0`).
    Ratio {
        num: BigUint,
        den: BigUint,
        exp2: i64,
    },
    /// Above `2^20000`: beyond every format.
    Huge,
    /// Positive but below `2^-20000`: rounds to zero in every format.
    Tiny,
}

impl Exact {
    fn ratio(num: BigUint, den: BigUint, exp2: i64) -> Exact {
        Exact::Ratio { num, den, exp2 }
    }
}

/// Reads a number: decimal (`-1.5e-3`), hex float (`0x1.8p3`, `0x10`), a
/// fraction of two of those (`1/3`), `inf`/`infinity` or `nan`, with an
/// optional sign, case-insensitive.
///
/// # Errors
/// [`FloatError`] says what is wrong: empty text, a character that is not
/// part of a number, no digits, a zero denominator, text over 10,000
/// characters.
pub fn parse_number(text: &str) -> Result<Number, FloatError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(FloatError::Empty);
    }
    if t.chars().count() > MAX_LEN {
        return Err(FloatError::TooLong(
            format!("{}…", &t[..t.char_indices().nth(20).map_or(0, |(i, _)| i)]),
            MAX_LEN,
        ));
    }
    match t.split_once('/') {
        Some((p, q)) => fraction(t, p, q),
        None => single(t, t),
    }
}

/// `p / q`, each side a finite number.
fn fraction(whole: &str, p: &str, q: &str) -> Result<Number, FloatError> {
    let finite = |side: &str| match single(whole, side.trim())? {
        Number::Finite { negative, value } => Ok((negative, value)),
        _ => Err(FloatError::NotFinite(whole.to_string())),
    };
    let ((np, vp), (nq, vq)) = (finite(p)?, finite(q)?);
    let negative = np != nq;
    let value = match (vp, vq) {
        (_, Exact::Ratio { num, .. }) if num.is_zero() => {
            return Err(FloatError::ZeroDenominator(whole.to_string()))
        }
        (
            Exact::Ratio { num, den, exp2 },
            Exact::Ratio {
                num: n2,
                den: d2,
                exp2: e2,
            },
        ) => Exact::ratio(num * d2, den * n2, exp2 - e2),
        _ => return Err(FloatError::NotFinite(whole.to_string())),
    };
    Ok(Number::Finite { negative, value })
}

/// One number with its sign (`part` is a piece of `whole`, for errors).
fn single(whole: &str, part: &str) -> Result<Number, FloatError> {
    let (negative, body) = match part.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, part.strip_prefix('+').unwrap_or(part)),
    };
    let lower = body.to_ascii_lowercase();
    let value = match lower.as_str() {
        "inf" | "infinity" | "∞" => return Ok(Number::Infinity { negative }),
        "nan" => return Ok(Number::Nan { negative }),
        _ => match lower.strip_prefix("0x") {
            Some(hex) => hex_float(whole, hex)?,
            None => decimal(whole, &lower)?,
        },
    };
    Ok(Number::Finite { negative, value })
}

/// Digits of `radix` and an optional point: the digits without the point
/// and how many came after it.
fn mantissa(whole: &str, text: &str, radix: u32) -> Result<(String, usize), FloatError> {
    let mut digits = String::with_capacity(text.len());
    let mut after: Option<usize> = None;
    for ch in text.chars() {
        match ch {
            '.' if after.is_none() => after = Some(0),
            '_' => {}
            c if c.is_digit(radix) => {
                digits.push(c);
                after = after.map(|a| a + 1);
            }
            c => return Err(bad_char(whole, c)),
        }
    }
    if digits.is_empty() {
        return Err(FloatError::NoDigits(whole.to_string()));
    }
    Ok((digits, after.unwrap_or(0)))
}

/// A signed decimal exponent, saturated at ±10^15 (far past any limit).
fn exponent(whole: &str, text: &str) -> Result<i64, FloatError> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() {
        return Err(FloatError::NoDigits(whole.to_string()));
    }
    let mut value: i64 = 0;
    for ch in digits.chars() {
        let d = ch.to_digit(10).ok_or_else(|| bad_char(whole, ch))?;
        value = (value * 10 + d as i64).min(1_000_000_000_000_000);
    }
    Ok(if negative { -value } else { value })
}

fn bad_char(whole: &str, ch: char) -> FloatError {
    let at = whole.find(ch).unwrap_or(0);
    FloatError::BadChar {
        text: whole.to_string(),
        ch,
        at,
    }
}

/// `digits [. digits] [e exp]` as `D × 10^e10 = D × 5^e10 × 2^e10`.
fn decimal(whole: &str, text: &str) -> Result<Exact, FloatError> {
    let (mant, exp) = text.split_once('e').unwrap_or((text, ""));
    let (digits, after) = mantissa(whole, mant, 10)?;
    let exp = if mant.len() < text.len() {
        exponent(whole, exp)?
    } else {
        0
    };
    let significant = digits.trim_start_matches('0');
    if significant.is_empty() {
        return Ok(Exact::ratio(BigUint::zero(), 1u32.into(), 0));
    }
    let e10 = exp - after as i64;
    let log2 = |e: i64| (significant.len() as i64 + e) as f64 * std::f64::consts::LOG2_10;
    if log2(e10 - 1) > LIMIT {
        return Ok(Exact::Huge);
    }
    if log2(e10) < -LIMIT {
        return Ok(Exact::Tiny);
    }
    let d = BigUint::parse_bytes(significant.as_bytes(), 10).unwrap_or_default();
    let power = super::exact::pow5(e10.unsigned_abs() as u32);
    Ok(if e10 >= 0 {
        Exact::ratio(d * power, 1u32.into(), e10)
    } else {
        Exact::ratio(d, power, e10)
    })
}

/// `hexdigits [. hexdigits] [p exp]` as `H × 2^(exp - 4 × digits after .)`.
fn hex_float(whole: &str, text: &str) -> Result<Exact, FloatError> {
    let (mant, exp) = text.split_once('p').unwrap_or((text, ""));
    let (digits, after) = mantissa(whole, mant, 16)?;
    let exp = if mant.len() < text.len() {
        exponent(whole, exp)?
    } else {
        0
    };
    let h = BigUint::parse_bytes(digits.as_bytes(), 16).unwrap_or_default();
    if h.is_zero() {
        return Ok(Exact::ratio(h, 1u32.into(), 0));
    }
    let exp2 = exp - 4 * after as i64;
    let log2 = h.bits() as f64 + exp2 as f64;
    Ok(if log2 - 1.0 > LIMIT {
        Exact::Huge
    } else if log2 < -LIMIT {
        Exact::Tiny
    } else {
        Exact::ratio(h, 1u32.into(), exp2)
    })
}
