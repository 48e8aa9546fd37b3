//! The `<math.h>` functions whose results C's libraries agree on: exact
//! ones (`fabs`, `floor`, `copysign`, `ldexp`, ...) and correctly rounded
//! ones (`sqrt`, `fma`), with the classification macros as gcc expands
//! them on x86-64 (`isinf(-inf)` is -1, `signbit` of a float is
//! 0x80000000). Any other libm function is refused by name: its result
//! differs between libraries.

use super::types::{Scalar, Value};
use crate::bits::float::encode::encode_number;
use crate::bits::float::format::Overflow;
use crate::bits::float::parse::{Exact, Number};
use crate::bits::float::{steps::Steps, x86};
use num_bigint::BigUint;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathFn {
    IsNan,
    IsInf,
    IsFinite,
    IsNormal,
    SignBit,
    FpClassify,
    Fabs,
    Sqrt,
    CopySign,
    Floor,
    Ceil,
    Trunc,
    Round,
    Rint,
    NextAfter,
    Fma,
    Ldexp,
}

/// The type-generic classification macros (any floating argument).
const GENERIC: [(&str, MathFn); 6] = [
    ("isnan", MathFn::IsNan),
    ("isinf", MathFn::IsInf),
    ("isfinite", MathFn::IsFinite),
    ("isnormal", MathFn::IsNormal),
    ("signbit", MathFn::SignBit),
    ("fpclassify", MathFn::FpClassify),
];

/// The functions, by their `double` name (`NAMEf` takes floats).
const TYPED: [(&str, MathFn); 11] = [
    ("fabs", MathFn::Fabs),
    ("sqrt", MathFn::Sqrt),
    ("copysign", MathFn::CopySign),
    ("floor", MathFn::Floor),
    ("ceil", MathFn::Ceil),
    ("trunc", MathFn::Trunc),
    ("round", MathFn::Round),
    ("rint", MathFn::Rint),
    ("nearbyint", MathFn::Rint),
    ("nextafter", MathFn::NextAfter),
    ("fma", MathFn::Fma),
];

/// libm functions refused, with the reason.
const INEXACT: [&str; 27] = [
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh",
    "atanh", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "cbrt", "hypot",
    "erf", "erfc", "tgamma", "lgamma",
];

/// A name's function and its floating type (`None`: type-generic).
pub fn lookup(name: &str) -> Option<(MathFn, Option<Scalar>)> {
    if let Some(&(_, f)) = GENERIC.iter().find(|(n, _)| *n == name) {
        return Some((f, None));
    }
    let (base, ty) = match name.strip_suffix('f') {
        Some(b) if b != "ld" && name != "modf" => (b, Scalar::Float),
        _ => (name, Scalar::Double),
    };
    if base == "ldexp" {
        return Some((MathFn::Ldexp, Some(ty)));
    }
    TYPED
        .iter()
        .find(|(n, _)| *n == base)
        .map(|&(_, f)| (f, Some(ty)))
}

/// Why a libm name is refused (`None`: not a libm name).
pub fn refusal(name: &str) -> Option<String> {
    let base = name
        .strip_suffix('f')
        .or(name.strip_suffix('l'))
        .unwrap_or(name);
    if INEXACT.contains(&base) || INEXACT.contains(&name) {
        return Some(format!(
            "`{name}`: its result differs between C libraries (it is not correctly rounded), so it is not evaluated; the exact ones are fabs, sqrt, copysign, floor, ceil, trunc, round, rint, nextafter, fma, ldexp and the classification macros"
        ));
    }
    matches!(base, "frexp" | "modf" | "remquo")
        .then(|| format!("`{name}` writes through a pointer: not supported"))
}

impl MathFn {
    /// How many arguments it takes.
    pub fn arity(self) -> usize {
        match self {
            MathFn::CopySign | MathFn::NextAfter | MathFn::Ldexp => 2,
            MathFn::Fma => 3,
            _ => 1,
        }
    }

    /// Returns an `int` (a classification), not a float.
    pub fn is_predicate(self) -> bool {
        matches!(
            self,
            MathFn::IsNan
                | MathFn::IsInf
                | MathFn::IsFinite
                | MathFn::IsNormal
                | MathFn::SignBit
                | MathFn::FpClassify
        )
    }
}

fn quiet(v: Value) -> Value {
    let q = if v.ty == Scalar::Float {
        1 << 22
    } else {
        1 << 51
    };
    Value {
        ty: v.ty,
        bits: v.bits | q,
    }
}

fn host(v: Value) -> f64 {
    super::types::floats::as_f64(v)
}

/// An exact result of the host back in `ty` (exact: no rounding happens).
fn back(ty: Scalar, x: f64) -> Value {
    let bits = if ty == Scalar::Float {
        u64::from((x as f32).to_bits())
    } else {
        x.to_bits()
    };
    Value { ty, bits }
}

/// `f` on arguments already converted: the floating ones to the
/// operation's type, `ldexp`'s exponent to `int`.
pub fn apply(f: MathFn, args: &[Value]) -> Value {
    let (x, ty) = (args[0], args[0].ty);
    let int = |b: bool| Value::new(Scalar::Int, i128::from(b));
    let sign = 1u64 << (ty.bits() - 1);
    let v = host(x);
    match f {
        MathFn::IsNan => int(v.is_nan()),
        MathFn::IsInf if v.is_infinite() => Value::new(Scalar::Int, if v < 0.0 { -1 } else { 1 }),
        MathFn::IsInf => int(false),
        MathFn::IsFinite => int(v.is_finite()),
        MathFn::IsNormal => int(v.is_normal() && (ty == Scalar::Double || (v as f32).is_normal())),
        // gcc: a float's sign bit in place, a double's as 0 or 1
        MathFn::SignBit if ty == Scalar::Float => {
            Value::new(Scalar::Int, i128::from((x.bits & sign) as u32 as i32))
        }
        MathFn::SignBit => int(x.bits & sign != 0),
        MathFn::FpClassify => Value::new(Scalar::Int, classify(x)),
        MathFn::Fabs => Value {
            ty,
            bits: x.bits & !sign,
        },
        MathFn::CopySign => Value {
            ty,
            bits: (x.bits & !sign) | (args[1].bits & sign),
        },
        _ if v.is_nan()
            && matches!(
                f,
                MathFn::Floor | MathFn::Ceil | MathFn::Trunc | MathFn::Round | MathFn::Rint
            ) =>
        {
            quiet(x)
        }
        MathFn::Floor => back(ty, v.floor()),
        MathFn::Ceil => back(ty, v.ceil()),
        MathFn::Trunc => back(ty, v.trunc()),
        MathFn::Round => back(ty, v.round()),
        MathFn::Rint => back(ty, v.round_ties_even()),
        MathFn::Sqrt if ty == Scalar::Float => Value {
            ty,
            bits: u64::from(x86::f32_sqrt(x.bits as u32)),
        },
        MathFn::Sqrt => Value {
            ty,
            bits: x86::f64_sqrt(x.bits),
        },
        MathFn::Fma if ty == Scalar::Float => {
            let [a, b, c] = [0, 1, 2].map(|k| args[k].bits as u32);
            Value {
                ty,
                bits: u64::from(x86::f32_fma(a, b, c)),
            }
        }
        MathFn::Fma => Value {
            ty,
            bits: x86::f64_fma(x.bits, args[1].bits, args[2].bits),
        },
        MathFn::NextAfter => next_after(x, args[1]),
        MathFn::Ldexp => ldexp(x, args[1].get()),
    }
}

/// glibc's FP_NAN 0, FP_INFINITE 1, FP_ZERO 2, FP_SUBNORMAL 3, FP_NORMAL 4.
fn classify(x: Value) -> i128 {
    let v = host(x);
    let normal = v.is_normal() && (x.ty == Scalar::Double || (v as f32).is_normal());
    match () {
        _ if v.is_nan() => 0,
        _ if v.is_infinite() => 1,
        _ if v == 0.0 => 2,
        _ if normal => 4,
        _ => 3,
    }
}

/// The next float after `x` toward `y`; a NaN as glibc gives it on x86-64
/// (`y` when both are NaN, else the NaN one; quieted).
fn next_after(x: Value, y: Value) -> Value {
    let (a, b) = (host(x), host(y));
    if b.is_nan() {
        return quiet(y);
    }
    if a.is_nan() {
        return quiet(x);
    }
    if a == b {
        return y;
    }
    let sign = 1u64 << (x.ty.bits() - 1);
    if a == 0.0 {
        return Value {
            ty: x.ty,
            bits: (y.bits & sign) | 1,
        };
    }
    // away from zero when moving the way of x's sign
    let away = (b > a) == (a > 0.0);
    let bits = if away { x.bits + 1 } else { x.bits - 1 };
    Value { ty: x.ty, bits }
}

/// `x × 2^n` rounded once (to a subnormal or ∞ where it falls there).
fn ldexp(x: Value, n: i128) -> Value {
    let v = host(x);
    if v.is_nan() {
        return quiet(x);
    }
    if v.is_infinite() || v == 0.0 {
        return x;
    }
    let (frac_bits, exp_bits) = if x.ty == Scalar::Float {
        (23, 8)
    } else {
        (52, 11)
    };
    let sign = x.bits >> (frac_bits + exp_bits) != 0;
    let biased = ((x.bits >> frac_bits) & ((1 << exp_bits) - 1)) as i64;
    let frac = x.bits & ((1 << frac_bits) - 1);
    let bias = (1i64 << (exp_bits - 1)) - 1;
    let (m, e) = if biased == 0 {
        (frac, 1 - bias - frac_bits as i64)
    } else {
        (frac | 1 << frac_bits, biased - bias - frac_bits as i64)
    };
    let exp2 = (e as i128 + n.clamp(-4_000, 4_000)) as i64;
    let number = Number::Finite {
        negative: sign,
        value: Exact::Ratio {
            num: BigUint::from(m),
            den: BigUint::from(1u32),
            exp2,
        },
    };
    let format = x.ty.format().expect("a floating type");
    let bits = encode_number(format, &number, Overflow::Infinity, &mut Steps::off()).bits;
    Value { ty: x.ty, bits }
}
