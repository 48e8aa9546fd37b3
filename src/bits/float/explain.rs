//! Why `0.1 + 0.2 != 0.3` in binary64, as a trace: each decimal is
//! rounded to a double, the sum of the two doubles is rounded again, and
//! the result lands one ulp away from the double nearest to 0.3.
//!
//! ```text
//! 0.1 → 0x3fb999999999999a = 0.1000000000000000055511151231257827…
//! 0.2 → 0x3fc999999999999a = 0.2000000000000000111022302462515654…
//! sum, exactly              0.3000000000000000166533453693773481…
//! sum, rounded → 0x3fd3333333333334 = 0.3000000000000000444089209850062616…
//! 0.3 → 0x3fd3333333333333 = 0.2999999999999999888977697537484345…
//! ```

use super::arith::{evaluate, Op};
use super::decode::decoded;
use super::encode::encode_bits;
use super::error::FloatError;
use super::format::{Format, Overflow, BINARY64};
use super::steps::{float_step, Steps};
use crate::bits::trace::{Outcome, Trace};
use num_bigint::BigInt;

/// The binary64 trace of `0.1 + 0.2 == 0.3`.
pub fn point_one_plus_point_two() -> Trace {
    explain_sum(BINARY64, "0.1", "0.2", "0.3")
        .map(|(_, t)| t)
        .unwrap_or_else(|e| Trace::new("float-why-sum", e.to_string(), Outcome::Number(0)))
}

/// Whether `a + b == c` holds in `format` once each is rounded, and the
/// steps that show why (the result is 1 for equal, 0 for not).
///
/// # Errors
/// [`FloatError`] when a text is not a number.
pub fn explain_sum(format: Format, a: &str, b: &str, c: &str) -> Result<(bool, Trace), FloatError> {
    let overflow = Overflow::default_for(format);
    let [x, y, z] = [a, b, c].map(|t| encode_bits(format, t, overflow));
    let (x, y, z) = (x?.bits, y?.bits, z?.bits);
    let sum = evaluate(format, Op::Add, &[x, y], overflow)?;
    let mut steps = Steps::on();
    for (text, bits) in [(a, x), (b, y)] {
        steps.add(|| encoded_step(format, text, bits));
    }
    steps.add(|| {
        let note = exact_sum(format, x, y).unwrap_or_else(|| "not a finite sum".into());
        float_step(
            "the sum of the two floats, exactly",
            "a + b (exact)",
            format,
            sum.bits,
        )
        .note(format!("{note}: between two floats, so it must be rounded"))
    });
    steps.add(|| {
        let d = decoded(format, sum.bits)
            .map(|d| d.exact)
            .unwrap_or_default();
        float_step(
            "the sum rounded to nearest, ties to even",
            "fl(a + b)",
            format,
            sum.bits,
        )
        .note(format!(
            "{d}{}",
            if sum.inexact {
                " (inexact)"
            } else {
                " (exact)"
            }
        ))
    });
    steps.add(|| encoded_step(format, c, z));
    let equal = format.equal(sum.bits, z);
    steps.add(|| {
        let apart = (sum.bits as i128 - z as i128).unsigned_abs();
        float_step("compare", "fl(a + b) == c", format, sum.bits ^ z)
            .highlight(sum.bits ^ z)
            .note(if equal {
                "equal: the same float".to_string()
            } else {
                format!("not equal: the bits differ where highlighted ({apart} pattern(s) apart); the roundings of a, b and their sum did not land on c's nearest float")
            })
    });
    let title = format!("{a} + {b} == {c} in {}", format.name);
    let mut trace = Trace::new("float-why-sum", title, Outcome::Number(equal as i64));
    trace.steps = steps.into_steps();
    Ok((equal, trace))
}

fn encoded_step(format: Format, text: &str, bits: u64) -> crate::bits::trace::Step {
    let exact = decoded(format, bits).map(|d| d.exact).unwrap_or_default();
    float_step(
        &format!("{text} rounded to the nearest {}", format.name),
        text,
        format,
        bits,
    )
    .highlight(format.frac_mask())
    .note(format!("{text} is stored as {exact}"))
}

/// The exact decimal of `x + y` (finite ones only).
fn exact_sum(format: Format, x: u64, y: u64) -> Option<String> {
    let (dx, dy) = (decoded(format, x).ok()?, decoded(format, y).ok()?);
    let finite =
        |d: &super::decode::Decoded| !d.class.is_nan() && d.class != super::decode::Class::Infinity;
    if !finite(&dx) || !finite(&dy) {
        return None;
    }
    let low = dx.power.min(dy.power);
    let term = |d: &super::decode::Decoded| {
        let v = BigInt::from(d.significand) << (d.power - low) as usize;
        if d.sign {
            -v
        } else {
            v
        }
    };
    let s = term(&dx) + term(&dy);
    Some(super::exact::decimal(
        s.sign() == num_bigint::Sign::Minus,
        s.magnitude(),
        low,
    ))
}
