//! C's arithmetic types on x86-64 Linux (LP64): the integer types, and
//! `float` and `double` (IEEE-754 binary32 and binary64, as SSE computes
//! them); and THE rules that move values between them: the integer
//! promotions, the usual arithmetic conversions, and conversion by wrapping,
//! rounding or truncation (assignment, cast, return, argument).
//!
//! ```text
//!   rank  0 _Bool   1 char/signed char/unsigned char   2 short
//!         3 int     4 long (64 bits)                   5 long long
//!   uint8_t + uint8_t      -> int            (both promoted)
//!   int < unsigned         -> unsigned       (the int is converted)
//!   long + unsigned int    -> long           (long holds every unsigned)
//!   long long + unsigned long -> unsigned long long
//!   int + float            -> float          (a floating type wins)
//!   float + double         -> double
//! ```

pub mod floats;

use crate::bits::float::format::{Format, BINARY32, BINARY64};
use serde::{Deserialize, Serialize};

/// One of C's arithmetic types: an integer type, `float` or `double`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scalar {
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    /// IEEE-754 binary32.
    Float,
    /// IEEE-754 binary64.
    Double,
}

impl Scalar {
    /// Its width in bits (`_Bool` is stored in 8 bits but holds 0 or 1; its
    /// value bits are 1).
    pub fn bits(self) -> u32 {
        // by rank: _Bool, char, short, int, long, long long (LP64: long is
        // 64 bits, as long long), float, double
        [1, 8, 16, 32, 64, 64, 32, 64][usize::from(self.rank())]
    }

    /// `sizeof`, in bytes.
    pub fn size(self) -> u64 {
        match self {
            Scalar::Bool => 1,
            t => u64::from(t.bits() / 8),
        }
    }

    /// A signed integer type (a floating type has a sign bit but is not
    /// "signed" in C's sense).
    pub fn signed(self) -> bool {
        matches!(
            self,
            Scalar::Char
                | Scalar::SChar
                | Scalar::Short
                | Scalar::Int
                | Scalar::Long
                | Scalar::LongLong
        )
    }

    /// `float` or `double`.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::Float | Scalar::Double)
    }

    /// The IEEE format of a floating type.
    pub fn format(self) -> Option<Format> {
        match self {
            Scalar::Float => Some(BINARY32),
            Scalar::Double => Some(BINARY64),
            _ => None,
        }
    }

    /// The conversion rank (C11 6.3.1.1; the floating types above every
    /// integer type).
    pub fn rank(self) -> u8 {
        match self {
            Scalar::Bool => 0,
            Scalar::Char | Scalar::SChar | Scalar::UChar => 1,
            Scalar::Short | Scalar::UShort => 2,
            Scalar::Int | Scalar::UInt => 3,
            Scalar::Long | Scalar::ULong => 4,
            Scalar::LongLong | Scalar::ULongLong => 5,
            Scalar::Float => 6,
            Scalar::Double => 7,
        }
    }

    /// The name C writes it with.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "_Bool",
            Scalar::Char => "char",
            Scalar::SChar => "signed char",
            Scalar::UChar => "unsigned char",
            Scalar::Short => "short",
            Scalar::UShort => "unsigned short",
            Scalar::Int => "int",
            Scalar::UInt => "unsigned int",
            Scalar::Long => "long",
            Scalar::ULong => "unsigned long",
            Scalar::LongLong => "long long",
            Scalar::ULongLong => "unsigned long long",
            Scalar::Float => "float",
            Scalar::Double => "double",
        }
    }

    /// The unsigned type of the same rank.
    pub fn to_unsigned(self) -> Scalar {
        match self {
            Scalar::Char | Scalar::SChar => Scalar::UChar,
            Scalar::Short => Scalar::UShort,
            Scalar::Int => Scalar::UInt,
            Scalar::Long => Scalar::ULong,
            Scalar::LongLong => Scalar::ULongLong,
            t => t,
        }
    }

    /// The integer promotions: every type below `int` becomes `int` (an `int`
    /// holds all their values).
    pub fn promote(self) -> Scalar {
        if self.rank() < 3 {
            Scalar::Int
        } else {
            self
        }
    }

    /// The usual arithmetic conversions: the common type of a binary
    /// operator's operands.
    pub fn common(a: Scalar, b: Scalar) -> Scalar {
        if a.is_float() || b.is_float() {
            return if a.rank() >= b.rank() { a } else { b };
        }
        let (a, b) = (a.promote(), b.promote());
        if a == b {
            return a;
        }
        if a.signed() == b.signed() {
            return if a.rank() >= b.rank() { a } else { b };
        }
        let (s, u) = if a.signed() { (a, b) } else { (b, a) };
        if u.rank() >= s.rank() {
            u
        } else if s.bits() > u.bits() {
            s
        } else {
            s.to_unsigned()
        }
    }

    pub fn min(self) -> i128 {
        if self.signed() {
            -(1i128 << (self.bits() - 1))
        } else {
            0
        }
    }

    pub fn max(self) -> i128 {
        if self.signed() {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }

    /// The mask of its value bits.
    pub fn mask(self) -> u64 {
        crate::bits::word::mask(self.bits())
    }
}

/// A value of a C arithmetic type: its bits, masked to the type's width
/// (a `float`'s 32 bits, a `double`'s 64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    pub ty: Scalar,
    /// `0x…` text in JSON (a JS number holds 53 bits).
    #[serde(with = "crate::bits::trace::hex_mask")]
    pub bits: u64,
}

impl Value {
    /// The integer `v` converted to `ty` as C converts (wrapping mod
    /// 2^bits; to `_Bool`, any non-zero value is 1; to a floating type,
    /// rounded to nearest even).
    pub fn new(ty: Scalar, v: i128) -> Value {
        let bits = match ty {
            Scalar::Bool => u64::from(v != 0),
            Scalar::Float | Scalar::Double => floats::from_integer(ty, v),
            _ => (v as u64) & ty.mask(),
        };
        Value { ty, bits }
    }

    /// The mathematical value of an integer; of a float, what `(long)`
    /// gives on x86-64 (truncated toward zero, 0x8000000000000000 for a NaN
    /// or out of range).
    pub fn get(self) -> i128 {
        if self.ty.is_float() {
            return floats::to_integer(self, Scalar::Long);
        }
        let w = self.ty.bits();
        if self.ty.signed() && w < 128 && (self.bits >> (w - 1)) & 1 == 1 {
            i128::from(self.bits) - (1i128 << w)
        } else {
            i128::from(self.bits)
        }
    }

    /// The value converted to another type, as gcc converts on x86-64.
    pub fn to(self, ty: Scalar) -> Value {
        match (self.ty.is_float(), ty.is_float()) {
            (false, _) => Value::new(ty, self.get()),
            (true, true) => Value {
                ty,
                bits: floats::to_floating(self, ty),
            },
            (true, false) => Value::new(ty, floats::to_integer(self, ty)),
        }
    }

    /// The bits sign-extended to 64 when the type is signed, else the bits:
    /// what `(unsigned long long)` of the value gives.
    pub fn extended(self) -> u64 {
        self.get() as u64
    }

    /// Not zero (for a float: neither +0 nor -0; a NaN is true).
    pub fn is_true(self) -> bool {
        let sign = if self.ty.is_float() {
            1u64 << (self.ty.bits() - 1)
        } else {
            0
        };
        self.bits & !sign != 0
    }

    /// `0x…` with the type's hex digits (a `_Bool` as `0x0`/`0x1`).
    pub fn hex(self) -> String {
        let digits = (self.ty.bits().max(4) as usize).div_ceil(4);
        format!("0x{:0digits$x}", self.bits)
    }

    /// The value as C would print it (`%d`, `%u`, `%ld`, ...); a float
    /// with the fewest digits that read back to it (`0.1`, `inf`, `NaN`).
    pub fn decimal(self) -> String {
        if self.ty.is_float() {
            return floats::text(self);
        }
        self.get().to_string()
    }
}

/// Why C converts a value without being asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// The integer promotions: a type narrower than `int` becomes `int`.
    Promotion,
    /// The usual arithmetic conversions: both operands to a common type.
    Arithmetic,
    Assignment,
    Initialisation,
    Argument,
    Return,
}

impl Why {
    pub fn name(self) -> &'static str {
        match self {
            Why::Promotion => "integer promotion",
            Why::Arithmetic => "usual arithmetic conversion",
            Why::Assignment => "assignment",
            Why::Initialisation => "initialisation",
            Why::Argument => "argument",
            Why::Return => "return",
        }
    }
}

/// One line on what converting `before` to `to` does to its bits:
///
/// ```text
/// -1 converted to unsigned int: the same 32 bits, now read as 4294967295
/// 60000 narrowed to short: the top 16 bits dropped, now -5536
/// -3 widened to long: the sign bit copied into 32 new bits (sign extension), still -3
/// ```
pub fn conversion_rule(before: Value, to: Scalar) -> String {
    if before.ty.is_float() || to.is_float() {
        return floats::rule(before, to);
    }
    let after = before.to(to);
    let (from, (wf, wt)) = (before.ty, (before.ty.bits(), to.bits()));
    let (b, a, t) = (before.decimal(), after.decimal(), to.name());
    let value = if after.get() == before.get() {
        format!("still {a}")
    } else {
        format!("now {a}")
    };
    if to == Scalar::Bool {
        return format!("{b} converted to _Bool: any value but 0 is 1, {value}");
    }
    match wt.cmp(&wf.max(1)) {
        std::cmp::Ordering::Equal if after.get() == before.get() => {
            format!("{b} converted to {t}: the same {wt} bits, the same value")
        }
        std::cmp::Ordering::Equal => {
            format!("{b} converted to {t}: the same {wt} bits, now read as {a}")
        }
        std::cmp::Ordering::Less => format!(
            "{b} narrowed to {t}: the top {} bits dropped, {value}",
            wf - wt
        ),
        std::cmp::Ordering::Greater if from.signed() => format!(
            "{b} widened to {t}: the sign bit copied into {} new bits (sign extension), {value}",
            wt - wf
        ),
        std::cmp::Ordering::Greater => format!(
            "{b} widened to {t}: {} zero bits added on top, {value}",
            wt - wf
        ),
    }
}

/// Parses a number the way a user gives one (`-5`, `42`, `0xff`, `0b101`,
/// `'a'` is not one; for a float `0.1`, `-1e-40`, `0x1.8p3`, `inf`, `nan`,
/// rounded to nearest even) and fits it to `ty`: any value from the signed
/// minimum to the unsigned maximum of its width is taken and wrapped, so
/// `0xffffffff` and `-1` are the same `int`.
pub fn parse_arg(text: &str, ty: Scalar) -> Result<Value, String> {
    if let Some(format) = ty.format() {
        return floats::parse_number(text, ty, format);
    }
    let t = text.trim().replace('_', "");
    let (neg, body) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.to_string()),
        None => (false, t.clone()),
    };
    let lower = body.to_ascii_lowercase();
    let parsed = if let Some(h) = lower.strip_prefix("0x") {
        i128::from_str_radix(h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        i128::from_str_radix(b, 2)
    } else {
        lower.parse::<i128>()
    };
    let v = match (parsed, ty) {
        (Ok(v), _) if body.len() <= 40 => {
            if neg {
                -v
            } else {
                v
            }
        }
        (Ok(_), _) => return Err(format!("`{text}` is too long")),
        (Err(_), Scalar::Bool) if matches!(lower.as_str(), "true" | "false") => {
            i128::from(lower == "true")
        }
        (Err(_), _) => return Err(format!("`{text}` is not a number")),
    };
    let w = ty.bits();
    let (lo, hi) = if ty == Scalar::Bool {
        (0, 1)
    } else {
        (-(1i128 << (w - 1)), (1i128 << w) - 1)
    };
    if v < lo || v > hi {
        return Err(format!(
            "{text} does not fit {} ({}..{})",
            ty.name(),
            ty.min(),
            ty.max()
        ));
    }
    Ok(Value::new(ty, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotions_and_conversions_are_cs() {
        assert_eq!(Scalar::common(Scalar::UChar, Scalar::UChar), Scalar::Int);
        assert_eq!(Scalar::common(Scalar::Int, Scalar::UInt), Scalar::UInt);
        assert_eq!(Scalar::common(Scalar::Long, Scalar::UInt), Scalar::Long);
        assert_eq!(
            Scalar::common(Scalar::LongLong, Scalar::ULong),
            Scalar::ULongLong
        );
        assert_eq!(
            Scalar::common(Scalar::Long, Scalar::ULongLong),
            Scalar::ULongLong
        );
        assert_eq!(Scalar::common(Scalar::Bool, Scalar::Short), Scalar::Int);
    }

    #[test]
    fn conversion_rules_say_what_happens_to_the_bits() {
        let rule = |v: i128, from: Scalar, to: Scalar| conversion_rule(Value::new(from, v), to);
        assert_eq!(
            rule(-1, Scalar::Int, Scalar::UInt),
            "-1 converted to unsigned int: the same 32 bits, now read as 4294967295"
        );
        assert_eq!(
            rule(60000, Scalar::Int, Scalar::Short),
            "60000 narrowed to short: the top 16 bits dropped, now -5536"
        );
        assert_eq!(
            rule(-3, Scalar::Int, Scalar::Long),
            "-3 widened to long: the sign bit copied into 32 new bits (sign extension), still -3"
        );
        assert_eq!(
            rule(200, Scalar::UChar, Scalar::Int),
            "200 widened to int: 24 zero bits added on top, still 200"
        );
        assert_eq!(
            rule(5, Scalar::Int, Scalar::UInt),
            "5 converted to unsigned int: the same 32 bits, the same value"
        );
        assert_eq!(
            rule(7, Scalar::Int, Scalar::Bool),
            "7 converted to _Bool: any value but 0 is 1, now 1"
        );
        assert_eq!(Value::new(Scalar::Bool, 2).bits, 1);
        assert_eq!(Value::new(Scalar::SChar, 200).get(), -56);
        assert_eq!(Value::new(Scalar::Int, -1).extended(), u64::MAX);
        assert_eq!(parse_arg("-1", Scalar::UChar).unwrap().bits, 0xff);
        assert_eq!(parse_arg("0xffffffff", Scalar::Int).unwrap().get(), -1);
        assert!(parse_arg("256", Scalar::UChar).is_err());
        assert!(parse_arg("-129", Scalar::SChar).is_err());
    }
}
