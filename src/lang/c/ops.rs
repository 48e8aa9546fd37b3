//! C's operators on values, exactly as GCC computes them for x86-64 with
//! `-fwrapv`: each returns the value, a warning where GCC wraps what C calls
//! undefined (signed overflow, a left shift of a negative or into the sign),
//! or [`Undefined`] where there is no value (a shift by the width or more,
//! division by zero, `INT_MIN / -1`, `__builtin_ctz(0)`).

use super::ast::{Builtin, UnOp, WordOp};
use super::types::{Scalar, Value};
use crate::bits::float::x86;

/// Why an operation has no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undefined(pub String);

/// A value, and the warning that came with it.
pub type Outcome = Result<(Value, Option<String>), Undefined>;

fn wrapped(ty: Scalar, exact: i128, what: &str) -> (Value, Option<String>) {
    let v = Value::new(ty, exact);
    let warn = (ty.signed() && v.get() != exact).then(|| {
        format!(
            "{what} overflows `{}`: wraps to {} (as gcc -fwrapv; undefined in C)",
            ty.name(),
            v.get()
        )
    });
    (v, warn)
}

/// A unary operator on `a`; `ty` is the result's type.
pub fn unary(op: UnOp, ty: Scalar, a: Value) -> (Value, Option<String>) {
    let x = a.to(ty);
    if ty.is_float() && op == UnOp::Neg {
        // the sign bit flipped, also of a NaN and of 0 (xorps)
        let sign = 1u64 << (ty.bits() - 1);
        return (
            Value {
                ty,
                bits: x.bits ^ sign,
            },
            None,
        );
    }
    match op {
        UnOp::Neg => wrapped(ty, -x.get(), "negation"),
        UnOp::Plus => (x, None),
        UnOp::Not => (
            Value {
                ty,
                bits: !x.bits & ty.mask(),
            },
            None,
        ),
        UnOp::LogNot => (Value::new(Scalar::Int, i128::from(!a.is_true())), None),
    }
}

/// A binary operator that is not `&&` or `||`; `ty` is the result's type
/// (the common type, or the promoted left operand for shifts, `int` for
/// comparisons).
pub fn binary(op: WordOp, ty: Scalar, a: Value, b: Value) -> Outcome {
    use WordOp::*;
    match op {
        Shl | Shr => shift(op, ty, a, b),
        Lt | Le | Gt | Ge | Eq | Ne if Scalar::common(a.ty, b.ty).is_float() => {
            let ct = Scalar::common(a.ty, b.ty);
            let r = float_compare(op, a.to(ct), b.to(ct));
            Ok((Value::new(Scalar::Int, i128::from(r)), None))
        }
        Lt | Le | Gt | Ge | Eq | Ne => {
            let ct = Scalar::common(a.ty, b.ty);
            let (x, y) = (a.to(ct).get(), b.to(ct).get());
            let r = match op {
                Lt => x < y,
                Le => x <= y,
                Gt => x > y,
                Ge => x >= y,
                Eq => x == y,
                _ => x != y,
            };
            Ok((Value::new(Scalar::Int, i128::from(r)), None))
        }
        _ if ty.is_float() => Ok((float_arithmetic(op, a.to(ty), b.to(ty)), None)),
        _ => arithmetic(op, ty, a.to(ty), b.to(ty)),
    }
}

/// A comparison of two values of the same floating type: a NaN is
/// unordered, so only `!=` holds (ucomiss).
fn float_compare(op: WordOp, x: Value, y: Value) -> bool {
    use x86::CompareOp as C;
    let c = match op {
        WordOp::Lt => C::Lt,
        WordOp::Le => C::Le,
        WordOp::Gt => C::Gt,
        WordOp::Ge => C::Ge,
        WordOp::Eq => C::Eq,
        _ => C::Ne,
    };
    match x.ty {
        Scalar::Float => x86::f32_cmp(c, x.bits as u32, y.bits as u32),
        _ => x86::f64_cmp(c, x.bits, y.bits),
    }
}

/// `+ - * /` in a floating type, rounded once as SSE does, x86-64's NaN
/// bits (the parser lets no other operator reach a float).
fn float_arithmetic(op: WordOp, x: Value, y: Value) -> Value {
    use WordOp::*;
    let bits = match x.ty {
        Scalar::Float => {
            let (a, b) = (x.bits as u32, y.bits as u32);
            u64::from(match op {
                Add => x86::f32_add(a, b),
                Sub => x86::f32_sub(a, b),
                Mul => x86::f32_mul(a, b),
                _ => x86::f32_div(a, b),
            })
        }
        _ => match op {
            Add => x86::f64_add(x.bits, y.bits),
            Sub => x86::f64_sub(x.bits, y.bits),
            Mul => x86::f64_mul(x.bits, y.bits),
            _ => x86::f64_div(x.bits, y.bits),
        },
    };
    Value { ty: x.ty, bits }
}

fn arithmetic(op: WordOp, ty: Scalar, x: Value, y: Value) -> Outcome {
    use WordOp::*;
    let (i, j) = (x.get(), y.get());
    Ok(match op {
        Add => wrapped(ty, i + j, "the sum"),
        Sub => wrapped(ty, i - j, "the difference"),
        Mul if ty.signed() => wrapped(ty, i * j, "the product"),
        Mul => (
            Value {
                ty,
                bits: x.bits.wrapping_mul(y.bits) & ty.mask(),
            },
            None,
        ),
        Div | Rem => {
            if j == 0 {
                let what = if op == Div { "division" } else { "remainder" };
                return Err(Undefined(format!("{what} by zero")));
            }
            if ty.signed() && i == ty.min() && j == -1 {
                return Err(Undefined(format!(
                    "{} {} -1 overflows `{}`",
                    i,
                    op.symbol(),
                    ty.name()
                )));
            }
            (Value::new(ty, if op == Div { i / j } else { i % j }), None)
        }
        And => (
            Value {
                ty,
                bits: x.bits & y.bits,
            },
            None,
        ),
        Or => (
            Value {
                ty,
                bits: x.bits | y.bits,
            },
            None,
        ),
        Xor => (
            Value {
                ty,
                bits: x.bits ^ y.bits,
            },
            None,
        ),
        _ => unreachable!("comparisons and shifts are handled by `binary`"),
    })
}

/// `a << b` or `a >> b`; `ty` is the promoted left operand's type.
fn shift(op: WordOp, ty: Scalar, a: Value, b: Value) -> Outcome {
    let x = a.to(ty);
    let n = b.to(b.ty.promote()).get();
    let w = ty.bits();
    if n < 0 || n >= i128::from(w) {
        return Err(Undefined(format!(
            "a shift by {n}: the count must be 0 to {} for `{}`",
            w - 1,
            ty.name()
        )));
    }
    let n = n as u32;
    if op == WordOp::Shr {
        return Ok((Value::new(ty, x.get() >> n), None));
    }
    if !ty.signed() {
        return Ok((
            Value {
                ty,
                bits: (x.bits << n) & ty.mask(),
            },
            None,
        ));
    }
    let exact = x.get() << n;
    let v = Value::new(ty, exact);
    let warn = if x.get() < 0 {
        Some(format!(
            "a left shift of a negative value: {} (as gcc, two's complement; undefined in C)",
            v.get()
        ))
    } else if v.get() != exact {
        Some(format!(
            "the left shift overflows `{}`: gives {} (as gcc, two's complement; undefined in C)",
            ty.name(),
            v.get()
        ))
    } else {
        None
    };
    Ok((v, warn))
}

/// A GCC builtin on its argument (already of the argument type `ty`).
pub fn builtin(b: Builtin, name: &str, ty: Scalar, a: Value) -> Result<Value, Undefined> {
    let x = a.to(ty).bits;
    let w = ty.bits();
    let int = |v: u32| Value::new(Scalar::Int, i128::from(v));
    Ok(match b {
        Builtin::Popcount => int(x.count_ones()),
        Builtin::Parity => int(x.count_ones() & 1),
        Builtin::Ctz | Builtin::Clz if x == 0 => {
            return Err(Undefined(format!("`{name}(0)` is undefined")));
        }
        Builtin::Ctz => int(x.trailing_zeros()),
        Builtin::Clz => int(x.leading_zeros() - (64 - w)),
        Builtin::Bswap => Value {
            ty,
            bits: x.swap_bytes() >> (64 - w),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(ty: Scalar, n: i128) -> Value {
        Value::new(ty, n)
    }

    #[test]
    fn operators_give_what_gcc_gives() {
        // uint8_t + uint8_t is an int: no overflow
        let s = binary(
            WordOp::Add,
            Scalar::common(Scalar::UChar, Scalar::UChar),
            v(Scalar::UChar, 200),
            v(Scalar::UChar, 100),
        );
        assert_eq!(s.unwrap().0.get(), 300);
        // -1 < 0u is false: the int is converted
        let c = binary(
            WordOp::Lt,
            Scalar::Int,
            v(Scalar::Int, -1),
            v(Scalar::UInt, 0),
        )
        .unwrap()
        .0;
        assert_eq!(c.get(), 0);
        // arithmetic right shift
        let r = binary(
            WordOp::Shr,
            Scalar::Int,
            v(Scalar::Int, -8),
            v(Scalar::Int, 1),
        )
        .unwrap()
        .0;
        assert_eq!(r.get(), -4);
        assert!(binary(
            WordOp::Shl,
            Scalar::Int,
            v(Scalar::Int, 1),
            v(Scalar::Int, 32)
        )
        .is_err());
        assert!(binary(
            WordOp::Div,
            Scalar::Int,
            v(Scalar::Int, i128::from(i32::MIN)),
            v(Scalar::Int, -1)
        )
        .is_err());
        let (m, warn) = binary(
            WordOp::Add,
            Scalar::Int,
            v(Scalar::Int, i128::from(i32::MAX)),
            v(Scalar::Int, 1),
        )
        .unwrap();
        assert_eq!((m.get(), warn.is_some()), (i128::from(i32::MIN), true));
        let (n, _) = unary(UnOp::Not, Scalar::Int, v(Scalar::UChar, 0));
        assert_eq!(n.get(), -1);
        assert_eq!(
            builtin(
                Builtin::Clz,
                "__builtin_clz",
                Scalar::UInt,
                v(Scalar::UInt, 1)
            )
            .unwrap()
            .get(),
            31
        );
        assert_eq!(
            builtin(
                Builtin::Bswap,
                "b",
                Scalar::UShort,
                v(Scalar::UShort, 0x1234)
            )
            .unwrap()
            .bits,
            0x3412
        );
        assert_eq!(
            binary(
                WordOp::Rem,
                Scalar::Int,
                v(Scalar::Int, -7),
                v(Scalar::Int, 2)
            )
            .unwrap()
            .0
            .get(),
            -1
        );
    }
}
