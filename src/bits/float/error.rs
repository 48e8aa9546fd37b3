//! Why a float operation refused its input.

use thiserror::Error;

/// Every refusal of `bits::float`: a typed reason, never a panic.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FloatError {
    #[error(
        "unknown float format {0:?}: try binary16, bfloat16, binary32, binary64, e5m2 or e4m3"
    )]
    UnknownFormat(String),
    #[error("empty: type a number such as 0.1, -1e-40, 0x1.8p3, 1/3, inf or nan")]
    Empty,
    #[error("{0:?} is too long (at most {1} characters)")]
    TooLong(String, usize),
    #[error("'{ch}' at {at} is not part of a number in {text:?}")]
    BadChar { text: String, ch: char, at: usize },
    #[error("no digits in {0:?}")]
    NoDigits(String),
    #[error("the denominator of {0:?} is zero")]
    ZeroDenominator(String),
    #[error("{0:?}: a fraction's parts must be finite numbers between 2^-20000 and 2^20000")]
    NotFinite(String),
    #[error("0x{bits:x} does not fit in {format}'s {width} bits")]
    TooWide {
        bits: u64,
        format: &'static str,
        width: u32,
    },
    #[error("{op} takes {expected} operand(s), not {got}")]
    Arity {
        op: &'static str,
        expected: usize,
        got: usize,
    },
    #[error("unknown operation {0:?}: write A + B, A - B, A * B, A / B, sqrt A, fma A B C or to FORMAT A")]
    UnknownOperation(String),
    #[error("bits {0}")]
    BadBits(String),
    #[error("integers are {0} bits here: 32 or 64")]
    IntWidth(u32),
    #[error("{0:?} is not an integer from 0 to 4294967295")]
    NotU32(String),
}
