//! What the CLI (and later the UI) types: one value, or one operation.
//!
//! ```text
//! 0x3dcccccd        bits (hex with 0x, no '.' and no 'p')
//! 0.1  -0x1.8p3  1/3  inf  nan          a number, rounded into the format
//! A + B   A - B   A * B   A / B         one operation
//! sqrt A   fma A B C   to F2 A          √, fused multiply-add, conversion
//! ```

use super::arith::Op;
use super::encode::encode_number;
use super::error::FloatError;
use super::format::{Format, Overflow};
use super::parse::parse_number;
use super::steps::Steps;
use crate::bits::trace::Step;

/// A typed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// One value: bits to decode, or a number to encode.
    Value(String),
    /// An operation on operand texts.
    Operation { op: Op, args: Vec<String> },
    /// `to F2 A`: A converted into `to`.
    Convert { to: Format, arg: String },
}

/// Reads `text` as a value or an operation.
///
/// # Errors
/// [`FloatError::Empty`], [`FloatError::UnknownOperation`] or
/// [`FloatError::UnknownFormat`].
pub fn parse_request(text: &str) -> Result<Request, FloatError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let owned = |ts: &[&str]| ts.iter().map(|t| t.to_string()).collect::<Vec<_>>();
    let word = tokens.first().map(|t| t.to_ascii_lowercase());
    match (tokens.len(), word.as_deref()) {
        (0, _) => Err(FloatError::Empty),
        (1, _) => Ok(Request::Value(tokens[0].to_string())),
        (3, Some("to")) => Ok(Request::Convert {
            to: Format::from_name(tokens[1])?,
            arg: tokens[2].to_string(),
        }),
        (n, Some(w))
            if Op::from_symbol(w)
                .is_some_and(|op| op.arity() + 1 == n && matches!(op, Op::Sqrt | Op::Fma)) =>
        {
            let op =
                Op::from_symbol(w).ok_or_else(|| FloatError::UnknownOperation(text.to_string()))?;
            Ok(Request::Operation {
                op,
                args: owned(&tokens[1..]),
            })
        }
        (3, _) => match Op::from_symbol(tokens[1]) {
            Some(op) if op.arity() == 2 => Ok(Request::Operation {
                op,
                args: owned(&[tokens[0], tokens[2]]),
            }),
            _ => Err(FloatError::UnknownOperation(text.to_string())),
        },
        _ => Err(FloatError::UnknownOperation(text.to_string())),
    }
}

/// Whether an operand is written as bits: `0x` hex with no `.` or `p`.
pub fn is_bits(text: &str) -> bool {
    let lower = text.trim().to_ascii_lowercase();
    lower.starts_with("0x") && !lower.contains('.') && !lower.contains('p')
}

/// An operand's bits in `format`: bits as typed, or the number rounded
/// in (the format's default overflow); with the encoding's steps.
///
/// # Errors
/// [`FloatError::BadBits`] for bits that are not hex or do not fit,
/// [`FloatError`] from parsing a number.
pub fn operand(format: Format, text: &str) -> Result<(u64, Vec<Step>), FloatError> {
    if is_bits(text) {
        let bits = crate::bits::word::parse_number(text, format.width())
            .map_err(|e| FloatError::BadBits(format!("{text}: {e}")))?;
        return Ok((bits, Vec::new()));
    }
    let number = parse_number(text)?;
    let mut steps = Steps::on();
    let r = encode_number(format, &number, Overflow::default_for(format), &mut steps);
    Ok((r.bits, steps.into_steps()))
}
