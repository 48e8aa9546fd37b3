//! What the circuits take of `float` and `double`: a float's wires are its
//! bits. Comparisons (IEEE order on sign and magnitude, a NaN unordered),
//! unary minus and `fabs` (the sign bit), the classification macros and
//! conversion to an integer (x86-64's `cvtt*`: truncation, the top bit
//! alone for a NaN or out of range) are gates here; what rounds
//! (`+ - * /`, an integer to a float, `double` to `float`) is in
//! [`super::farith`].
//!
//! ```text
//!  f < g   neither NaN, not both zero, and: f negative, g not;
//!          both positive: |f| < |g|;  both negative: |f| > |g|
//! ```

use super::super::circuit::{Circuit, Lit};
use super::super::words::{self, eq, lt};
pub use super::fbits::{is_inf, is_nan, layout, negate, truth, with_sign};
use super::word::Sym;
use crate::lang::c::ast::WordOp;
use crate::lang::c::{Scalar, Value};

/// `a < b` for two values of one floating type, neither a NaN (the
/// caller masks NaNs): on sign and magnitude, the zeros equal.
fn ordered_lt(c: &mut Circuit, a: &Sym, b: &Sym) -> Lit {
    let w = a.bits.len();
    let (ma, mb) = (&a.bits[..w - 1], &b.bits[..w - 1]);
    let (sa, sb) = (a.bits[w - 1], b.bits[w - 1]);
    let both_zero = {
        let both: Vec<Lit> = ma.iter().chain(mb).copied().collect();
        !c.any(&both)
    };
    let (m_lt, m_gt) = (lt(c, ma, mb), lt(c, mb, ma));
    let neg_pos = c.and(sa, !sb);
    let pos = c.and(!sa, !sb);
    let pos_lt = c.and(pos, m_lt);
    let neg = c.and(sa, sb);
    let neg_lt = c.and(neg, m_gt);
    let any = c.or(neg_pos, pos_lt);
    let any = c.or(any, neg_lt);
    c.and(any, !both_zero)
}

/// A comparison of two values of one floating type (`int` 0 or 1 as a
/// wire): a NaN makes all false but `!=`.
pub fn compare(c: &mut Circuit, op: WordOp, a: &Sym, b: &Sym) -> Lit {
    let (na, nb) = (is_nan(c, a), is_nan(c, b));
    let nan = c.or(na, nb);
    let w = a.bits.len();
    let same = eq(c, &a.bits, &b.bits);
    let zeros = {
        let both: Vec<Lit> = a.bits[..w - 1]
            .iter()
            .chain(&b.bits[..w - 1])
            .copied()
            .collect();
        !c.any(&both)
    };
    let equal = c.or(same, zeros);
    let (a_lt, b_lt) = (ordered_lt(c, a, b), ordered_lt(c, b, a));
    let r = match op {
        WordOp::Lt => a_lt,
        WordOp::Gt => b_lt,
        WordOp::Le => c.or(a_lt, equal),
        WordOp::Ge => c.or(b_lt, equal),
        WordOp::Eq => equal,
        _ => return !c.and(!nan, equal),
    };
    c.and(!nan, r)
}

/// `a` truncated to a `width`-bit integer (32 or 64) as `cvttss2si`
/// does: toward zero; the "integer indefinite" (only the top bit set) for
/// a NaN, an infinity or |a| >= 2^(width-1).
fn to_int(c: &mut Circuit, a: &Sym, width: usize) -> Sym {
    let (eb, fb) = layout(a.ty);
    let bias = (1i128 << (eb - 1)) - 1;
    let word = |v: i128| Sym::constant(Value::new(Scalar::Long, v)).bits;
    let mut exp = a.bits[fb..fb + eb].to_vec();
    exp.resize(64, Lit::FALSE);
    let e = words::sub(c, &exp, &word(bias)).0; // the unbiased exponent
    let below_one = e[63];
    let in_range = lt(c, &e, &word(width as i128 - 1));
    let too_big = c.and(!in_range, !below_one);
    let mut m = a.bits[..fb].to_vec();
    m.push(Lit::TRUE);
    m.resize(64, Lit::FALSE);
    // |a| = m × 2^(e - fb): shift right by fb - e, or left by e - fb
    let right_by = words::sub(c, &word(fb as i128), &e).0;
    let left_by = words::sub(c, &e, &word(fb as i128)).0;
    let (r, _) = words::shift(c, false, &m, &right_by[..6], Lit::FALSE);
    let (l, _) = words::shift(c, true, &m, &left_by[..6], Lit::FALSE);
    let within = lt(c, &e, &word(fb as i128 + 1));
    let left = c.and(!within, !below_one);
    let mag: Vec<Lit> = (0..width).map(|i| c.mux(left, l[i], r[i])).collect();
    let negated = words::neg(c, &mag);
    let sign = a.bits[a.bits.len() - 1];
    let v: Vec<Lit> = (0..width)
        .map(|i| c.mux(sign, negated[i], mag[i]))
        .collect();
    let nan = is_nan(c, a);
    let indefinite = c.or(nan, too_big);
    let bits = (0..width)
        .map(|i| {
            let special = Lit::from_bool(i == width - 1);
            let v = c.and(v[i], !below_one);
            c.mux(indefinite, special, v)
        })
        .collect();
    let ty = if width == 32 {
        Scalar::Int
    } else {
        Scalar::Long
    };
    Sym { ty, bits }
}

/// `a` converted to an integer type as gcc -O0 does it on x86-64 (the
/// evaluator's `to_integer`): through a 32-bit `cvtt` for the types `int`
/// holds, a 64-bit one for `unsigned`, `long`; `unsigned long` from 2^63
/// up subtracts 2^63 first and flips the top bit back.
fn to_integer(c: &mut Circuit, a: &Sym, ty: Scalar) -> Sym {
    match ty {
        Scalar::Bool => Sym {
            ty,
            bits: vec![truth(c, a)],
        },
        Scalar::UInt | Scalar::Long | Scalar::LongLong => to_int(c, a, 64).to(c, ty),
        Scalar::ULong | Scalar::ULongLong => {
            let two_63 = Sym::constant(Value::new(a.ty, 1i128 << 63));
            let big = compare(c, WordOp::Ge, a, &two_63);
            let minus = super::farith::add_sub(c, a, &two_63, true);
            let mut low = to_int(c, &minus, 64).bits;
            low[63] = !low[63];
            let plain = to_int(c, a, 64).bits;
            let bits = (0..64).map(|i| c.mux(big, low[i], plain[i])).collect();
            Sym { ty, bits }
        }
        _ => to_int(c, a, 32).to(c, ty),
    }
}

/// `a op b` for an arithmetic operator on one floating type; `None` for
/// one the circuits do not have.
pub fn arithmetic(c: &mut Circuit, op: WordOp, a: &Sym, b: &Sym) -> Option<Sym> {
    use super::farith::{add_sub, div, mul};
    Some(match op {
        WordOp::Add => add_sub(c, a, b, false),
        WordOp::Sub => add_sub(c, a, b, true),
        WordOp::Mul => mul(c, a, b),
        WordOp::Div => div(c, a, b),
        _ => return None,
    })
}

/// All wires constant: the value.
fn constant(v: &Sym) -> Option<Value> {
    let mut bits = 0u64;
    for (i, &l) in v.bits.iter().enumerate() {
        if l == Lit::TRUE {
            bits |= 1 << i;
        } else if l != Lit::FALSE {
            return None;
        }
    }
    Some(Value { ty: v.ty, bits })
}

/// `v` converted to `ty` as C converts on x86-64: between integer types
/// the bits, a float to an integer by truncation, the rest rounded
/// ([`super::farith`]).
pub fn convert(c: &mut Circuit, v: &Sym, ty: Scalar) -> Sym {
    if v.ty == ty {
        return v.clone();
    }
    if let Some(k) = constant(v) {
        return Sym::constant(k.to(ty));
    }
    match (v.ty.is_float(), ty.is_float()) {
        (false, false) => v.to(c, ty),
        (true, false) => to_integer(c, v, ty),
        (false, true) => super::farith::from_int(c, v, ty),
        (true, true) => super::farith::resize(c, v, ty),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::float::x86::{f32_cmp, f32_to_i32_x86, f64_to_i32_x86, CompareOp};
    use crate::bits::rng::Rng;

    /// The circuit on one input (its wires fed `bits`).
    fn sym_input(c: &mut Circuit, ty: Scalar, base: u32) -> Sym {
        Sym {
            ty,
            bits: (0..ty.bits()).map(|i| c.input(base + i)).collect(),
        }
    }

    fn run(c: &Circuit, out: &[Lit], inputs: u128) -> u64 {
        let values = c.simulate(|i| inputs >> i & 1 == 1);
        out.iter()
            .enumerate()
            .map(|(i, &l)| u64::from(Circuit::value(&values, l)) << i)
            .sum()
    }

    fn patterns(rng: &mut Rng) -> Vec<u32> {
        let mut v = vec![
            0,
            0x8000_0000,
            1,
            0x007f_ffff,
            0x0080_0000,
            0x7f7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0x7fa0_0001,
            0xffc0_1234,
            0x3f80_0000,
            0xbf80_0000,
            0x4f00_0000,
            0xcf00_0000,
            0xcf00_0001,
            0x4eff_ffff,
            0x3f00_0000,
            0x4b80_0001,
            0xceff_ffff,
        ];
        v.extend((0..300).map(|_| rng.next_u64() as u32));
        v
    }

    #[test]
    fn comparisons_are_the_hosts() {
        let mut rng = Rng::new(3);
        let xs = patterns(&mut rng);
        let mut c = Circuit::new();
        let (a, b) = (
            sym_input(&mut c, Scalar::Float, 0),
            sym_input(&mut c, Scalar::Float, 32),
        );
        let ops = [
            (WordOp::Lt, CompareOp::Lt),
            (WordOp::Le, CompareOp::Le),
            (WordOp::Gt, CompareOp::Gt),
            (WordOp::Ge, CompareOp::Ge),
            (WordOp::Eq, CompareOp::Eq),
            (WordOp::Ne, CompareOp::Ne),
        ];
        let outs: Vec<Lit> = ops
            .iter()
            .map(|(op, _)| compare(&mut c, *op, &a, &b))
            .collect();
        for &x in &xs[..60] {
            for &y in &xs[..60] {
                let got = run(&c, &outs, u128::from(x) | u128::from(y) << 32);
                for (k, (_, host)) in ops.iter().enumerate() {
                    let want = f32_cmp(*host, x, y);
                    assert_eq!(got >> k & 1 == 1, want, "{x:#x} {host:?} {y:#x}");
                }
            }
        }
    }

    #[test]
    fn conversion_to_int_is_cvttss2si() {
        let mut rng = Rng::new(5);
        let mut c = Circuit::new();
        let a = sym_input(&mut c, Scalar::Float, 0);
        let out = to_int(&mut c, &a, 32);
        let d = sym_input(&mut c, Scalar::Double, 64);
        let out_d = to_int(&mut c, &d, 32);
        for x in patterns(&mut rng) {
            let got = run(&c, &out.bits, u128::from(x)) as u32;
            assert_eq!(got, f32_to_i32_x86(x) as u32, "(int){x:#x}");
            let wide = crate::bits::float::x86::f32_to_f64(x);
            let got = run(&c, &out_d.bits, u128::from(wide) << 64) as u32;
            assert_eq!(got, f64_to_i32_x86(wide) as u32, "(int){wide:#x}");
        }
        for _ in 0..2000 {
            let e = (rng.below(40) as u64 + 1000) << 52;
            let bits = e | (rng.next_u64() & 0x800f_ffff_ffff_ffff);
            let got = run(&c, &out_d.bits, u128::from(bits) << 64) as u32;
            assert_eq!(got, f64_to_i32_x86(bits) as u32, "(int){bits:#x}");
        }
    }
}
