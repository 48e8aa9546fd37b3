//! IEEE 754 and friends, bit by bit: a float's fields, its exact value,
//! its neighbours; typed numbers rounded into it; arithmetic rounded once;
//! conversions; and fast x86-64-exact operations on binary32/binary64 bits.
//!
//! ```text
//! binary32  s eeeeeeee fffffffffffffffffffffff
//!           0 01111011 10011001100110011001101   = 0x3dcccccd
//!           = 13421773 × 2^-27 = 0.100000001490116119384765625
//! ```
//!
//! Every stepped function returns its value and a [`Trace`]; every
//! refusal is a [`FloatError`]. Exactness: the input is an exact rational
//! (big integers), rounded once, ties to even.
//!
//! [`Trace`]: crate::bits::trace::Trace

pub mod arith;
pub mod around;
pub mod convert;
pub mod decode;
pub mod encode;
pub mod error;
pub mod exact;
pub mod explain;
pub mod expr;
pub mod format;
pub mod parse;
pub mod round;
pub mod steps;
pub mod tricks;
pub mod x86;

pub use decode::{decode, decoded, next_down, next_up, Class, Decoded};
pub use encode::{encode, encode_bits, encode_with};
pub use error::FloatError;
pub use format::{Format, Overflow, BFLOAT16, BINARY16, BINARY32, BINARY64, E4M3, E5M2};
pub use round::Rounded;

#[cfg(test)]
mod tests;
