//! `float` and `double` values in C, as gcc computes them on x86-64 (SSE,
//! no excess precision): conversions to and from the integer types, and
//! the sentence a step shows for each.
//!
//! ```text
//! int → float       rounded to nearest, ties to even (cvtsi2ss)
//! float → int       truncated toward zero (cvttss2si); NaN or out of range
//!                   is undefined in C, x86-64 gives 0x80000000
//! float → unsigned  through a 64-bit cvttss2si, the low 32 bits kept
//! float → unsigned long  below 2^63 as long; else x - 2^63, top bit set
//! ```
//!
//! The arithmetic itself is [`crate::bits::float::x86`]'s, the one owner of
//! x86-64's NaN rule.

use super::{Scalar, Value};
use crate::bits::float::encode::encode_number;
use crate::bits::float::format::{Format, Overflow};
use crate::bits::float::{parse, steps::Steps, x86};

/// 2^63 as a binary32 and as a binary64.
const TWO_63_F32: u32 = 0x5f00_0000;
const TWO_63_F64: u64 = 0x43e0_0000_0000_0000;

/// The bits of the integer `v` (from `i64::MIN` to `u64::MAX`) converted
/// to a floating type, rounded to nearest even.
pub(super) fn from_integer(ty: Scalar, v: i128) -> u64 {
    let double = ty == Scalar::Double;
    match (i64::try_from(v), double) {
        (Ok(i), true) => x86::i64_to_f64(i),
        (Ok(i), false) => u64::from(x86::i64_to_f32(i)),
        (Err(_), true) => x86::u64_to_f64(v as u64),
        (Err(_), false) => u64::from(x86::u64_to_f32(v as u64)),
    }
}

/// A floating value converted to the other (or the same) floating type.
pub(super) fn to_floating(v: Value, ty: Scalar) -> u64 {
    match (v.ty, ty) {
        (Scalar::Float, Scalar::Double) => x86::f32_to_f64(v.bits as u32),
        (Scalar::Double, Scalar::Float) => u64::from(x86::f64_to_f32(v.bits)),
        _ => v.bits,
    }
}

/// `(long)v` as `cvtt*` with a 64-bit target gives it.
fn truncate64(v: Value) -> i64 {
    match v.ty {
        Scalar::Float => x86::f32_to_i64_x86(v.bits as u32),
        _ => x86::f64_to_i64_x86(v.bits),
    }
}

/// A floating value converted to an integer type as gcc -O0 does it on
/// x86-64 (before wrapping to the type's width).
pub(super) fn to_integer(v: Value, ty: Scalar) -> i128 {
    match ty {
        Scalar::Bool => i128::from(v.is_true()),
        Scalar::UInt | Scalar::Long | Scalar::LongLong => i128::from(truncate64(v)),
        Scalar::ULong | Scalar::ULongLong => {
            let (big, minus) = match v.ty {
                Scalar::Float => (
                    x86::f32_cmp(x86::CompareOp::Ge, v.bits as u32, TWO_63_F32),
                    u64::from(x86::f32_sub(v.bits as u32, TWO_63_F32)),
                ),
                _ => (
                    x86::f64_cmp(x86::CompareOp::Ge, v.bits, TWO_63_F64),
                    x86::f64_sub(v.bits, TWO_63_F64),
                ),
            };
            if big {
                let low = truncate64(Value {
                    ty: v.ty,
                    bits: minus,
                });
                i128::from((low as u64) ^ (1 << 63))
            } else {
                i128::from(truncate64(v))
            }
        }
        _ => {
            let i = match v.ty {
                Scalar::Float => x86::f32_to_i32_x86(v.bits as u32),
                _ => x86::f64_to_i32_x86(v.bits),
            };
            i128::from(i)
        }
    }
}

/// A number as a user types it (`0.1`, `-1e-40`, `0x1.8p3`, `inf`, `nan`),
/// rounded once to nearest even into `ty`'s format.
pub(super) fn parse_number(text: &str, ty: Scalar, format: Format) -> Result<Value, String> {
    let number = parse::parse_number(text).map_err(|e| format!("`{}`: {e}", text.trim()))?;
    let bits = encode_number(format, &number, Overflow::Infinity, &mut Steps::off()).bits;
    Ok(Value { ty, bits })
}

/// The value as an `f64` (exact: binary32 widens without rounding).
pub fn as_f64(v: Value) -> f64 {
    match v.ty {
        Scalar::Float => f64::from(f32::from_bits(v.bits as u32)),
        Scalar::Double => f64::from_bits(v.bits),
        _ => v.get() as f64,
    }
}

pub fn is_nan(v: Value) -> bool {
    v.ty.is_float() && as_f64(v).is_nan()
}

/// The value as a reader writes it: `0.1`, `-0.0`, `1e40`, `inf`, `NaN`
/// (each finite value printed with the fewest digits that read back to it).
pub fn text(v: Value) -> String {
    let x = as_f64(v);
    if x.is_nan() {
        return if x.is_sign_negative() { "-NaN" } else { "NaN" }.into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    match v.ty {
        Scalar::Float => format!("{:?}", f32::from_bits(v.bits as u32)),
        _ => format!("{x:?}"),
    }
}

/// Whether C leaves converting `v` to the integer type `ty` undefined: a
/// NaN, or an integral part that `ty` cannot hold.
pub fn undefined_conversion(v: Value, ty: Scalar) -> bool {
    let x = as_f64(v).trunc();
    ty != Scalar::Bool && !(x >= ty.min() as f64 && x <= ty.max() as f64)
}

/// Whether two values of any arithmetic types are the same number (a NaN
/// is the same as a NaN).
pub fn same_number(a: Value, b: Value) -> bool {
    match (a.ty.is_float(), b.ty.is_float()) {
        (false, false) => a.get() == b.get(),
        (true, true) => {
            let (x, y) = (as_f64(a), as_f64(b));
            x == y || (x.is_nan() && y.is_nan())
        }
        (true, false) => integral_equals(as_f64(a), b.get()),
        (false, true) => integral_equals(as_f64(b), a.get()),
    }
}

fn integral_equals(x: f64, i: i128) -> bool {
    x.is_finite() && x.fract() == 0.0 && x as i128 == i
}

/// One line on a conversion to or from a floating type:
///
/// ```text
/// 16777217 converted to float: 25 significant bits, float keeps 24; the dropped bit 1 is a tie, rounded to even (down): now 16777216
/// 3.75 converted to int: truncated toward zero, the fraction dropped: now 3
/// NaN converted to int: undefined in C; x86-64's cvttss2si gives the integer indefinite 0x80000000: now -2147483648
/// ```
pub fn rule(before: Value, to: Scalar) -> String {
    let after = before.to(to);
    let (b, a, t) = (before.decimal(), after.decimal(), to.name());
    match (before.ty.is_float(), to.is_float()) {
        (false, _) => from_integer_rule(before, after),
        (true, true) => floating_rule(before, after),
        (true, false) if to == Scalar::Bool => {
            format!("{b} converted to _Bool: any value but ±0 is 1 (a NaN too): now {a}")
        }
        (true, false) if undefined_conversion(before, to) => {
            let insn = if before.ty == Scalar::Float {
                "cvttss2si"
            } else {
                "cvttsd2si"
            };
            format!(
                "{b} converted to {t}: undefined in C ({}); gcc on x86-64 gives {} ({insn}{}): now {a}",
                if is_nan(before) { "a NaN" } else { "out of range" },
                after.hex(),
                if to.bits() < 64 && !to.signed() || to.bits() < 32 {
                    ", then the low bits kept"
                } else {
                    ", the integer indefinite where it is out of range"
                }
            )
        }
        (true, false) if as_f64(before).fract() == 0.0 => {
            format!("{b} converted to {t}: an integer already: now {a}")
        }
        (true, false) => {
            format!("{b} converted to {t}: truncated toward zero, the fraction dropped: now {a}")
        }
    }
}

/// An integer to a floating type: exact, or which bits were dropped and
/// which way the rounding went.
fn from_integer_rule(before: Value, after: Value) -> String {
    let (b, a, t) = (before.decimal(), after.decimal(), after.ty.name());
    let keep = if after.ty == Scalar::Float { 24 } else { 53 };
    let magnitude = before.get().unsigned_abs();
    let significant = 128 - magnitude.leading_zeros();
    if significant <= keep || same_number(before, after) {
        return format!("{b} converted to {t}: exactly, the same value ({significant} significant bits fit {t}'s {keep})");
    }
    let k = significant - keep;
    let dropped = magnitude & ((1u128 << k) - 1);
    let half = 1u128 << (k - 1);
    let up = (as_f64(after).abs() as u128) > magnitude;
    let how = match dropped.cmp(&half) {
        std::cmp::Ordering::Less => "below half, rounded down".to_string(),
        std::cmp::Ordering::Greater => "above half, rounded up".to_string(),
        std::cmp::Ordering::Equal => {
            format!(
                "a tie, rounded to even ({})",
                if up { "up" } else { "down" }
            )
        }
    };
    format!(
        "{b} converted to {t}: {significant} significant bits, {t} keeps {keep}; {k} bit{} dropped ({dropped:0w$b}): {how}: now {a}",
        if k == 1 { "" } else { "s" },
        w = k as usize
    )
}

/// `float` ↔ `double`.
fn floating_rule(before: Value, after: Value) -> String {
    let (b, a, t) = (before.decimal(), after.decimal(), after.ty.name());
    if after.ty == Scalar::Double {
        return if is_nan(before) {
            format!("{b} widened to double: the payload moved up 29 bits, quieted: now {a}")
        } else {
            format!("{b} widened to double: exactly, the same value")
        };
    }
    let (x, y) = (as_f64(before), as_f64(after));
    if x.is_nan() {
        format!("{b} narrowed to float: the payload's top 22 bits kept, quieted: now {a}")
    } else if x == y {
        format!("{b} narrowed to float: exactly, the same value")
    } else if y.is_infinite() {
        format!("{b} narrowed to float: too large for float (above 3.4028235e38), rounded to {a}")
    } else {
        let way = if y.abs() > x.abs() { "up" } else { "down" };
        format!("{b} narrowed to {t}: 53 significant bits to 24, rounded to nearest even ({way}): now {a}")
    }
}
