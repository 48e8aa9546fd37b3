//! Fast binary32/binary64 operations on bits that give x86-64's answer on
//! every host: the one place a C evaluator gets its float arithmetic.
//!
//! IEEE 754 fixes every non-NaN result of + - × / √ fma and of the
//! conversions, so the host's own f32/f64 arithmetic (native or wasm) is
//! exact there. Only a NaN's bits are left to the machine (wasm leaves
//! them unspecified), so they are set here by x86-64's SSE rule:
//!
//! ```text
//! a NaN operand      → the first NaN operand (a, then b, then c), quieted
//! invalid (∞-∞, 0×∞) → the default NaN: 0xffc00000 / 0xfff8000000000000
//! f32 NaN → f64      → payload << 29, quieted (cvtss2sd); back: >> 29
//! NaN, out of range → int: 0x80000000 / 0x8000000000000000 (cvtt*)
//! ```

use std::cmp::Ordering;

const QUIET32: u32 = 1 << 22;
const QUIET64: u64 = 1 << 51;
/// x86-64's default NaN, binary32.
pub const DEFAULT_NAN32: u32 = 0xffc0_0000;
/// x86-64's default NaN, binary64.
pub const DEFAULT_NAN64: u64 = 0xfff8_0000_0000_0000;

fn nan32(a: u32) -> bool {
    f32::from_bits(a).is_nan()
}

fn nan64(a: u64) -> bool {
    f64::from_bits(a).is_nan()
}

/// The result's bits, or for a NaN result the x86 NaN of `args`.
fn fix32(r: f32, args: &[u32]) -> u32 {
    if !r.is_nan() {
        return r.to_bits();
    }
    args.iter()
        .find(|&&a| nan32(a))
        .map_or(DEFAULT_NAN32, |&a| a | QUIET32)
}

fn fix64(r: f64, args: &[u64]) -> u64 {
    if !r.is_nan() {
        return r.to_bits();
    }
    args.iter()
        .find(|&&a| nan64(a))
        .map_or(DEFAULT_NAN64, |&a| a | QUIET64)
}

macro_rules! ops {
    ($t:ty, $bits:ty, $fix:ident, $add:ident, $sub:ident, $mul:ident, $div:ident, $sqrt:ident, $fma:ident) => {
        /// `a + b`, x86-64's bits.
        pub fn $add(a: $bits, b: $bits) -> $bits {
            $fix(<$t>::from_bits(a) + <$t>::from_bits(b), &[a, b])
        }
        /// `a - b`, x86-64's bits.
        pub fn $sub(a: $bits, b: $bits) -> $bits {
            $fix(<$t>::from_bits(a) - <$t>::from_bits(b), &[a, b])
        }
        /// `a × b`, x86-64's bits.
        pub fn $mul(a: $bits, b: $bits) -> $bits {
            $fix(<$t>::from_bits(a) * <$t>::from_bits(b), &[a, b])
        }
        /// `a / b`, x86-64's bits.
        pub fn $div(a: $bits, b: $bits) -> $bits {
            $fix(<$t>::from_bits(a) / <$t>::from_bits(b), &[a, b])
        }
        /// `√a`, x86-64's bits.
        pub fn $sqrt(a: $bits) -> $bits {
            $fix(<$t>::from_bits(a).sqrt(), &[a])
        }
        /// `a × b + c` rounded once, x86-64's bits (NaN: first of a, b, c).
        pub fn $fma(a: $bits, b: $bits, c: $bits) -> $bits {
            let r = <$t>::from_bits(a).mul_add(<$t>::from_bits(b), <$t>::from_bits(c));
            $fix(r, &[a, b, c])
        }
    };
}

ops!(f32, u32, fix32, f32_add, f32_sub, f32_mul, f32_div, f32_sqrt, f32_fma);
ops!(f64, u64, fix64, f64_add, f64_sub, f64_mul, f64_div, f64_sqrt, f64_fma);

/// binary32 → binary64 (exact; a NaN keeps its payload, quieted:
/// cvtss2sd).
pub fn f32_to_f64(a: u32) -> u64 {
    let x = f32::from_bits(a);
    if !x.is_nan() {
        return (x as f64).to_bits();
    }
    let sign = ((a >> 31) as u64) << 63;
    sign | 0x7ff0_0000_0000_0000 | ((a as u64 & 0x7f_ffff) << 29) | QUIET64
}

/// binary64 → binary32, rounded to nearest even (a NaN keeps its
/// payload's top 22 bits, quieted: cvtsd2ss).
pub fn f64_to_f32(a: u64) -> u32 {
    let x = f64::from_bits(a);
    if !x.is_nan() {
        return (x as f32).to_bits();
    }
    let sign = ((a >> 63) as u32) << 31;
    sign | 0x7f80_0000 | ((a >> 29) as u32 & 0x7f_ffff) | QUIET32
}

/// Truncation toward zero as x86-64's `cvtt*` does it: NaN and values out
/// of range give `min` (the "integer indefinite"; C leaves them undefined).
fn truncate(x: f64, min: f64, max_excl: f64, indefinite: i64) -> i64 {
    let t = x.trunc();
    if t >= min && t < max_excl {
        t as i64
    } else {
        indefinite
    }
}

/// `(int32_t)a` for a binary32 `a`, as `cvttss2si` (0x80000000 if NaN or
/// out of range).
pub fn f32_to_i32_x86(a: u32) -> i32 {
    truncate(
        f32::from_bits(a) as f64,
        -2_147_483_648.0,
        2_147_483_648.0,
        i32::MIN as i64,
    ) as i32
}

/// `(int64_t)a` for a binary32 `a`, as `cvttss2si` with a 64-bit target.
pub fn f32_to_i64_x86(a: u32) -> i64 {
    truncate(
        f32::from_bits(a) as f64,
        -9_223_372_036_854_775_808.0,
        9_223_372_036_854_775_808.0,
        i64::MIN,
    )
}

/// `(int32_t)a` for a binary64 `a`, as `cvttsd2si`.
pub fn f64_to_i32_x86(a: u64) -> i32 {
    truncate(
        f64::from_bits(a),
        -2_147_483_648.0,
        2_147_483_648.0,
        i32::MIN as i64,
    ) as i32
}

/// `(int64_t)a` for a binary64 `a`, as `cvttsd2si` with a 64-bit target.
pub fn f64_to_i64_x86(a: u64) -> i64 {
    truncate(
        f64::from_bits(a),
        -9_223_372_036_854_775_808.0,
        9_223_372_036_854_775_808.0,
        i64::MIN,
    )
}

/// `(float)i`, rounded to nearest even (cvtsi2ss).
pub fn i64_to_f32(i: i64) -> u32 {
    (i as f32).to_bits()
}

/// `(double)i`, rounded to nearest even (cvtsi2sd).
pub fn i64_to_f64(i: i64) -> u64 {
    (i as f64).to_bits()
}

/// `(float)u` for an unsigned 64-bit `u`, rounded to nearest even.
pub fn u64_to_f32(u: u64) -> u32 {
    (u as f32).to_bits()
}

/// `(double)u` for an unsigned 64-bit `u`, rounded to nearest even.
pub fn u64_to_f64(u: u64) -> u64 {
    (u as f64).to_bits()
}

/// IEEE comparison of two binary32: `None` when either is a NaN
/// (unordered); `-0 == +0`.
pub fn f32_compare(a: u32, b: u32) -> Option<Ordering> {
    f32::from_bits(a).partial_cmp(&f32::from_bits(b))
}

/// IEEE comparison of two binary64; see [`f32_compare`].
pub fn f64_compare(a: u64, b: u64) -> Option<Ordering> {
    f64::from_bits(a).partial_cmp(&f64::from_bits(b))
}

/// A C comparison operator on two floats' ordering: every one of them is
/// false on unordered (NaN) operands except `!=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CompareOp {
    /// The operator's answer for an ordering (`None`: unordered).
    pub fn holds(self, ord: Option<Ordering>) -> bool {
        match (self, ord) {
            (CompareOp::Ne, None) => true,
            (_, None) => false,
            (CompareOp::Eq, Some(o)) => o == Ordering::Equal,
            (CompareOp::Ne, Some(o)) => o != Ordering::Equal,
            (CompareOp::Lt, Some(o)) => o == Ordering::Less,
            (CompareOp::Le, Some(o)) => o != Ordering::Greater,
            (CompareOp::Gt, Some(o)) => o == Ordering::Greater,
            (CompareOp::Ge, Some(o)) => o != Ordering::Less,
        }
    }
}

/// `a OP b` on two binary32, as C (and x86-64's ucomiss) answers it.
pub fn f32_cmp(op: CompareOp, a: u32, b: u32) -> bool {
    op.holds(f32_compare(a, b))
}

/// `a OP b` on two binary64, as C (and x86-64's ucomisd) answers it.
pub fn f64_cmp(op: CompareOp, a: u64, b: u64) -> bool {
    op.holds(f64_compare(a, b))
}
