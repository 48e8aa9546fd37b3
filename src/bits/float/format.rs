//! Binary floating-point formats: a sign bit, an exponent field, a fraction
//! field, a bias, and what the all-ones exponent means.
//!
//! ```text
//! binary32   s eeeeeeee fffffffffffffffffffffff    bias 127
//!            31 30   23 22                    0
//! e4m3       s eeee fff                            bias 7, S.1111.111 is NaN
//! ```
//!
//! A finite value is `(-1)^s × 1.f × 2^(e - bias)` for `e ≥ 1` (normal) and
//! `(-1)^s × 0.f × 2^(1 - bias)` for `e = 0` (subnormal). Bits sit in the
//! low `width()` bits of a `u64`.

use super::error::FloatError;
use crate::bits::word::mask;

/// What the all-ones exponent field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Specials {
    /// IEEE 754: fraction 0 is ±∞, anything else a NaN (top fraction bit
    /// set: quiet; clear: signalling).
    Ieee,
    /// OCP FP8 E4M3 (E4M3FN): no infinities; only `S.1111.111` is NaN, the
    /// other all-ones-exponent patterns are normal numbers.
    FiniteOneNan,
}

/// A binary floating-point format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    /// The canonical name: "binary32", "e4m3", ...
    pub name: &'static str,
    /// Width of the exponent field.
    pub exp_bits: u32,
    /// Width of the fraction field (the significand's bits after the point).
    pub frac_bits: u32,
    /// Stored exponent minus the bias is the power of two.
    pub bias: i32,
    pub specials: Specials,
}

/// IEEE 754 half precision: 1 + 5 + 10 bits, bias 15.
pub const BINARY16: Format = Format::ieee("binary16", 5, 10);
/// Google Brain's bfloat16: binary32's top 16 bits (1 + 8 + 7), bias 127.
pub const BFLOAT16: Format = Format::ieee("bfloat16", 8, 7);
/// IEEE 754 single precision: 1 + 8 + 23 bits, bias 127.
pub const BINARY32: Format = Format::ieee("binary32", 8, 23);
/// IEEE 754 double precision: 1 + 11 + 52 bits, bias 1023.
pub const BINARY64: Format = Format::ieee("binary64", 11, 52);
/// OCP FP8 E5M2: 1 + 5 + 2 bits, bias 15, IEEE-like (∞ and NaNs).
pub const E5M2: Format = Format::ieee("e5m2", 5, 2);
/// OCP FP8 E4M3 (E4M3FN): 1 + 4 + 3 bits, bias 7, no ∞, NaN only at
/// S.1111.111, largest finite 448.
pub const E4M3: Format = Format {
    name: "e4m3",
    exp_bits: 4,
    frac_bits: 3,
    bias: 7,
    specials: Specials::FiniteOneNan,
};

/// Every format, in the order the UI lists them.
pub const ALL: [Format; 6] = [BINARY16, BFLOAT16, BINARY32, BINARY64, E5M2, E4M3];

/// The names a format answers to (lowercase), besides its own.
const ALIASES: [(&str, Format); 14] = [
    ("half", BINARY16),
    ("fp16", BINARY16),
    ("f16", BINARY16),
    ("bf16", BFLOAT16),
    ("single", BINARY32),
    ("float", BINARY32),
    ("fp32", BINARY32),
    ("f32", BINARY32),
    ("double", BINARY64),
    ("fp64", BINARY64),
    ("f64", BINARY64),
    ("fp8-e5m2", E5M2),
    ("fp8-e4m3", E4M3),
    ("e4m3fn", E4M3),
];

impl Format {
    /// An IEEE-like format with the usual bias `2^(exp_bits-1) - 1`.
    pub const fn ieee(name: &'static str, exp_bits: u32, frac_bits: u32) -> Format {
        Format {
            name,
            exp_bits,
            frac_bits,
            bias: (1 << (exp_bits - 1)) - 1,
            specials: Specials::Ieee,
        }
    }

    /// A format by name or alias, case-insensitive ("binary32", "float",
    /// "bf16", "E4M3"...).
    ///
    /// # Errors
    /// [`FloatError::UnknownFormat`] for any other name.
    pub fn from_name(name: &str) -> Result<Format, FloatError> {
        let lower = name.trim().to_ascii_lowercase();
        ALL.iter()
            .copied()
            .find(|f| f.name == lower)
            .or_else(|| ALIASES.iter().find(|(a, _)| *a == lower).map(|&(_, f)| f))
            .ok_or_else(|| FloatError::UnknownFormat(name.to_string()))
    }

    /// Total width in bits: `1 + exp_bits + frac_bits`.
    pub const fn width(self) -> u32 {
        1 + self.exp_bits + self.frac_bits
    }

    /// The sign bit: `1 << (width - 1)`.
    pub const fn sign_mask(self) -> u64 {
        1 << (self.width() - 1)
    }

    /// The exponent field in place.
    pub const fn exp_mask(self) -> u64 {
        mask(self.exp_bits) << self.frac_bits
    }

    /// The fraction field in place (the low bits).
    pub const fn frac_mask(self) -> u64 {
        mask(self.frac_bits)
    }

    /// The all-ones exponent field value.
    pub const fn exp_all_ones(self) -> u64 {
        mask(self.exp_bits)
    }

    /// The smallest normal power: `1 - bias` (subnormals share it).
    pub const fn emin(self) -> i32 {
        1 - self.bias
    }

    /// The largest finite power of two.
    pub const fn emax(self) -> i32 {
        match self.specials {
            Specials::Ieee => self.exp_all_ones() as i32 - 1 - self.bias,
            Specials::FiniteOneNan => self.exp_all_ones() as i32 - self.bias,
        }
    }

    /// Whether the format has ±∞.
    pub const fn has_infinity(self) -> bool {
        matches!(self.specials, Specials::Ieee)
    }

    /// The largest finite value's bits (positive).
    pub const fn max_finite(self) -> u64 {
        match self.specials {
            Specials::Ieee => self.exp_mask() - (1 << self.frac_bits) + self.frac_mask(),
            Specials::FiniteOneNan => self.exp_mask() | (self.frac_mask() - 1),
        }
    }

    /// +∞'s bits, when the format has it.
    pub const fn infinity(self) -> Option<u64> {
        if self.has_infinity() {
            Some(self.exp_mask())
        } else {
            None
        }
    }

    /// The quiet bit of a NaN (the top fraction bit); 0 for E4M3, whose one
    /// NaN is neither quiet nor signalling.
    pub const fn quiet_bit(self) -> u64 {
        match self.specials {
            Specials::Ieee => 1 << (self.frac_bits - 1),
            Specials::FiniteOneNan => 0,
        }
    }

    /// x86-64's default NaN, the result of an invalid operation: sign 1,
    /// quiet, payload 0 (binary32 0xffc00000; E4M3 0xff).
    pub const fn default_nan(self) -> u64 {
        match self.specials {
            Specials::Ieee => self.sign_mask() | self.exp_mask() | self.quiet_bit(),
            Specials::FiniteOneNan => self.sign_mask() | self.exp_mask() | self.frac_mask(),
        }
    }

    /// `(sign, stored exponent, fraction)` of `bits`.
    pub const fn fields(self, bits: u64) -> (bool, u64, u64) {
        (
            bits & self.sign_mask() != 0,
            (bits & self.exp_mask()) >> self.frac_bits,
            bits & self.frac_mask(),
        )
    }

    /// Bits from the three fields (each masked to its width).
    pub const fn compose(self, sign: bool, exp: u64, frac: u64) -> u64 {
        let s = if sign { self.sign_mask() } else { 0 };
        s | ((exp << self.frac_bits) & self.exp_mask()) | (frac & self.frac_mask())
    }

    /// Whether `bits` is a NaN.
    pub const fn is_nan(self, bits: u64) -> bool {
        let (_, e, f) = self.fields(bits);
        match self.specials {
            Specials::Ieee => e == self.exp_all_ones() && f != 0,
            Specials::FiniteOneNan => e == self.exp_all_ones() && f == self.frac_mask(),
        }
    }

    /// Whether `bits` is ±∞.
    pub const fn is_infinite(self, bits: u64) -> bool {
        self.has_infinity() && bits & !self.sign_mask() == self.exp_mask()
    }

    /// A NaN with its quiet bit set, payload and sign kept.
    pub const fn quieted(self, bits: u64) -> u64 {
        bits | self.quiet_bit()
    }

    /// IEEE equality (C's `==`): a NaN equals nothing, `-0 == +0`.
    pub const fn equal(self, a: u64, b: u64) -> bool {
        let zeros = a & !self.sign_mask() == 0 && b & !self.sign_mask() == 0;
        !self.is_nan(a) && !self.is_nan(b) && (a == b || zeros)
    }

    /// Checks that `bits` fits the format's width.
    ///
    /// # Errors
    /// [`FloatError::TooWide`] when bits above the width are set.
    pub fn check(self, bits: u64) -> Result<u64, FloatError> {
        if bits & !mask(self.width()) == 0 {
            Ok(bits)
        } else {
            Err(FloatError::TooWide {
                bits,
                format: self.name,
                width: self.width(),
            })
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl std::str::FromStr for Format {
    type Err = FloatError;
    fn from_str(s: &str) -> Result<Format, FloatError> {
        Format::from_name(s)
    }
}

/// What a result too large for the format becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overflow {
    /// IEEE round to nearest: ±∞ (a format without ∞, E4M3, gives NaN: the
    /// OCP "non-saturating" conversion).
    Infinity,
    /// Clamp to ±the largest finite value (OCP's saturating conversion; ∞
    /// itself also becomes ±max).
    Saturate,
}

impl Overflow {
    /// The default: saturate in a format without ∞ (E4M3: 500 → 448, as
    /// OCP's conversion with saturation), ∞ in every other.
    pub const fn default_for(format: Format) -> Overflow {
        if format.has_infinity() {
            Overflow::Infinity
        } else {
            Overflow::Saturate
        }
    }

    /// The bits an overflow (or an infinite result) gives, with its sign.
    pub const fn bits(self, format: Format, negative: bool) -> u64 {
        let sign = if negative { format.sign_mask() } else { 0 };
        match (self, format.infinity()) {
            (Overflow::Saturate, _) => sign | format.max_finite(),
            (Overflow::Infinity, Some(inf)) => sign | inf,
            (Overflow::Infinity, None) => sign | format.exp_mask() | format.frac_mask(),
        }
    }
}
