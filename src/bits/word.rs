//! Fixed-width words: masks, lanes, parsing and formatting.
//!
//! A [`Word`] is a `u64` that knows its width (1..=64 bits). Bits above the
//! width are always zero, so two words compare equal only when they show the
//! same bits.
//!
//! ```text
//! Word { bits: 0xB, width: 4 }     bit: 3 2 1 0
//!                                       1 0 1 1   = 0xb = 11 unsigned = -5 signed
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use thiserror::Error;

/// All ones in the low `width` bits (`width` 0..=64).
///
/// ```
/// assert_eq!(bitscope::bits::word::mask(4), 0xf);
/// assert_eq!(bitscope::bits::word::mask(64), u64::MAX);
/// ```
pub const fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The low bit of every lane: `L` (nibble lanes in 32 bits: `0x11111111`).
pub const fn lane_low_bits(width: u32, lane_bits: u32) -> u64 {
    let mut m = 0u64;
    let mut at = 0;
    while at < width {
        m |= 1u64 << at;
        at += lane_bits;
    }
    m
}

/// The high bit of every lane: `H` (nibble lanes in 32 bits: `0x88888888`).
pub const fn lane_high_bits(width: u32, lane_bits: u32) -> u64 {
    lane_low_bits(width, lane_bits) << (lane_bits - 1)
}

/// A value of a given width in bits (1..=64); the bits above the width are zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Word {
    pub bits: u64,
    pub width: u32,
}

impl Word {
    /// A word of `width` bits; bits above the width are dropped (wrapping).
    pub fn new(bits: u64, width: u32) -> Word {
        let width = width.clamp(1, 64);
        Word {
            bits: bits & mask(width),
            width,
        }
    }

    /// Bit `i` (0 = least significant).
    pub fn bit(self, i: u32) -> bool {
        i < self.width && (self.bits >> i) & 1 == 1
    }

    /// The same word with bit `i` flipped.
    pub fn toggled(self, i: u32) -> Word {
        Word::new(self.bits ^ (1u64 << (i & 63)), self.width)
    }

    /// The value read as two's complement: the top bit weighs `-2^(width-1)`.
    pub fn signed(self) -> i64 {
        sign_extend(self.bits, self.width)
    }

    /// Lane `i` of `lane_bits` bits (lane 0 is the least significant).
    pub fn lane(self, i: u32, lane_bits: u32) -> u64 {
        (self.bits >> (i * lane_bits)) & mask(lane_bits)
    }

    /// Number of lanes of `lane_bits` bits in the word.
    pub fn lane_count(self, lane_bits: u32) -> u32 {
        self.width / lane_bits
    }

    /// `0x` and the hex digits, zero-padded to the width, lowercase.
    pub fn hex(self) -> String {
        let digits = self.width.div_ceil(4) as usize;
        format!("0x{:0digits$x}", self.bits)
    }

    /// The binary digits, most significant first, with a `_` between groups of
    /// `group` bits (0 = no grouping).
    pub fn binary(self, group: u32) -> String {
        let mut s = String::with_capacity(self.width as usize * 2);
        for i in (0..self.width).rev() {
            s.push(if self.bit(i) { '1' } else { '0' });
            if group > 0 && i > 0 && i % group == 0 {
                s.push('_');
            }
        }
        s
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.hex())
    }
}

/// Serialized as a lowercase hex string padded to the width (`"0x0000001d"`
/// is a 32-bit word), so 64-bit values survive JSON and JavaScript intact.
impl Serialize for Word {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

impl<'de> Deserialize<'de> for Word {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Word, D::Error> {
        let s = String::deserialize(d)?;
        let digits = s
            .strip_prefix("0x")
            .ok_or_else(|| serde::de::Error::custom("a word is written 0x..."))?;
        let width = (digits.len() as u32 * 4).clamp(4, 64);
        let bits = u64::from_str_radix(digits, 16).map_err(serde::de::Error::custom)?;
        Ok(Word::new(bits, width))
    }
}

/// Reads the low `width` bits of `bits` as a two's complement number.
pub fn sign_extend(bits: u64, width: u32) -> i64 {
    if width == 0 {
        return 0;
    }
    if width >= 64 {
        return bits as i64;
    }
    let shift = 64 - width;
    ((bits << shift) as i64) >> shift
}

/// Why a typed number was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NumberError {
    #[error("empty: type a number such as 42, 0x2a or 0b101010")]
    Empty,
    #[error("'{ch}' is not a {base} digit")]
    BadDigit { ch: char, base: &'static str },
    #[error("no digits after '{0}'")]
    NoDigits(&'static str),
    #[error("{text} does not fit in {width} bits (largest: {max})")]
    TooWide {
        text: String,
        width: u32,
        max: String,
    },
    #[error("{text} is below the smallest {width}-bit signed value ({min})")]
    TooNegative { text: String, width: u32, min: i64 },
}

/// Parses `0x..` (hex), `0b..` (binary) or decimal (a leading `-` gives the
/// two's complement), with optional `_` separators, into a `width`-bit value.
///
/// ```
/// use bitscope::bits::word::parse_number;
/// assert_eq!(parse_number("0x1D", 8), Ok(29));
/// assert_eq!(parse_number("0b1011", 4), Ok(11));
/// assert_eq!(parse_number("-5", 4), Ok(0xb));
/// assert!(parse_number("0x100", 8).is_err());
/// ```
///
/// # Errors
/// [`NumberError`] says what is wrong: empty text, a bad digit, or a value
/// that does not fit in `width` bits.
pub fn parse_number(text: &str, width: u32) -> Result<u64, NumberError> {
    let width = width.clamp(1, 64);
    let t = text.trim();
    if t.is_empty() {
        return Err(NumberError::Empty);
    }
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t),
    };
    let lower = t.to_ascii_lowercase();
    let (radix, base, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, "hex", d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, "binary", d)
    } else {
        (10, "decimal", lower.as_str())
    };
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() {
        return Err(match radix {
            16 => NumberError::NoDigits("0x"),
            2 => NumberError::NoDigits("0b"),
            _ => NumberError::Empty,
        });
    }
    if let Some(ch) = digits.chars().find(|c| !c.is_digit(radix)) {
        return Err(NumberError::BadDigit { ch, base });
    }
    let too_wide = || NumberError::TooWide {
        text: text.trim().to_string(),
        width,
        max: Word::new(u64::MAX, width).hex(),
    };
    let value = u128::from_str_radix(&digits, radix).map_err(|_| too_wide())?;
    if negative {
        let min = 1u128 << (width - 1);
        if value > min {
            return Err(NumberError::TooNegative {
                text: text.trim().to_string(),
                width,
                min: -(min as i128) as i64,
            });
        }
        Ok((value as u64).wrapping_neg() & mask(width))
    } else if value > mask(width) as u128 {
        Err(too_wide())
    } else {
        Ok(value as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_for_lanes() {
        assert_eq!(lane_high_bits(32, 4), 0x8888_8888);
        assert_eq!(lane_low_bits(32, 4), 0x1111_1111);
        assert_eq!(lane_high_bits(64, 8), 0x8080_8080_8080_8080);
        assert_eq!(lane_low_bits(64, 16), 0x0001_0001_0001_0001);
        assert_eq!(lane_high_bits(32, 2), 0xaaaa_aaaa);
    }

    #[test]
    fn parse_and_format() {
        assert_eq!(parse_number("0x077CB531", 32), Ok(0x077c_b531));
        assert_eq!(parse_number("1_000", 16), Ok(1000));
        assert_eq!(parse_number("-1", 64), Ok(u64::MAX));
        assert_eq!(parse_number("-8", 4), Ok(8));
        assert!(matches!(
            parse_number("-9", 4),
            Err(NumberError::TooNegative { .. })
        ));
        assert!(matches!(
            parse_number("0xg", 8),
            Err(NumberError::BadDigit { ch: 'g', .. })
        ));
        assert!(matches!(
            parse_number("16", 4),
            Err(NumberError::TooWide { .. })
        ));
        assert_eq!(parse_number("  ", 4), Err(NumberError::Empty));
        assert_eq!(parse_number("0x", 4), Err(NumberError::NoDigits("0x")));
        let w = Word::new(0x1d, 8);
        assert_eq!(w.hex(), "0x1d");
        assert_eq!(w.binary(4), "0001_1101");
        assert_eq!(Word::new(0xb, 4).signed(), -5);
        assert_eq!(
            serde_json::to_string(&Word::new(0x1d, 32)).unwrap(),
            "\"0x0000001d\""
        );
        let back: Word = serde_json::from_str("\"0x0000001d\"").unwrap();
        assert_eq!(back, Word::new(0x1d, 32));
    }
}
