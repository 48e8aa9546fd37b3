//! The exact `<math.h>` functions as gates, each as the evaluator's
//! [`crate::lang::c::math::apply`] computes it: `sqrt` (digit by digit,
//! the remainder as the sticky bit), `ldexp`, `nextafter`, the roundings
//! to an integer, `isnormal` and `fpclassify`. `fma` is not a gate (the
//! prover tries inputs for it).
//!
//! ```text
//!  floor/ceil/trunc/round/rint of m × 2^e, e < 0:
//!    q = m >> -e, guard = the bit below, sticky = the rest
//!    q + up (up by the mode: floor on a negative, ceil on a positive
//!    when anything was dropped; round on the guard; rint to even)
//! ```

use super::super::circuit::{Circuit, Lit};
use super::super::words::{self, add, sub};
use super::farith::{
    choose, default_nan, parts, quiet, round_pack, shift_right_sticky, widen, word, EW,
};
use super::fbits::{all, is_inf, is_nan, layout};
use super::float::compare;
use super::word::{bool_int, Sym};
use crate::lang::c::ast::WordOp;
use crate::lang::c::math::MathFn;
use crate::lang::c::{Scalar, Value};

/// `f` on arguments already converted (as `apply` takes them); `None`
/// for a function that is not a gate.
pub fn apply(c: &mut Circuit, f: MathFn, args: &[Sym]) -> Option<Sym> {
    let x = &args[0];
    Some(match f {
        MathFn::IsNormal => bool_int(normal(c, x)),
        MathFn::FpClassify => classify(c, x),
        MathFn::Sqrt => sqrt(c, x),
        MathFn::Ldexp => ldexp(c, x, &args[1]),
        MathFn::NextAfter => next_after(c, x, &args[1]),
        MathFn::Floor | MathFn::Ceil | MathFn::Trunc | MathFn::Round | MathFn::Rint => {
            to_integral(c, x, f)
        }
        _ => return None,
    })
}

fn normal(c: &mut Circuit, x: &Sym) -> Lit {
    let (eb, fb) = layout(x.ty);
    let field = &x.bits[fb..fb + eb];
    let any = c.any(field);
    let top = all(c, field);
    c.and(any, !top)
}

/// glibc's FP_NAN 0, FP_INFINITE 1, FP_ZERO 2, FP_SUBNORMAL 3, FP_NORMAL 4.
fn classify(c: &mut Circuit, x: &Sym) -> Sym {
    let (nan, inf, is_normal) = (is_nan(c, x), is_inf(c, x), normal(c, x));
    let zero = !c.any(&x.bits[..x.bits.len() - 1]);
    let pick = |v: i128| Sym::constant(Value::new(Scalar::Int, v));
    let r = Sym::mux(c, is_normal, &pick(4), &pick(3));
    let r = Sym::mux(c, zero, &pick(2), &r);
    let r = Sym::mux(c, inf, &pick(1), &r);
    Sym::mux(c, nan, &pick(0), &r)
}

fn result(ty: Scalar, bits: Vec<Lit>) -> Sym {
    Sym { ty, bits }
}

/// `√x` as sqrtss: the normalized significand with an even exponent,
/// shifted up so its integer root has guard bits; the remainder is
/// the sticky bit. A NaN quieted; below zero the default NaN; ±0, +∞ kept.
fn sqrt(c: &mut Circuit, x: &Sym) -> Sym {
    let p = parts(c, x);
    let fb = layout(x.ty).1;
    let (m, lz) = super::farith::normalize(c, &p.m);
    let e = sub(c, &p.e, &lz).0;
    let odd = e[0];
    // m × 2^e with e even: m (F+2 bits) doubled when e is odd
    let mut m2 = vec![Lit::FALSE];
    m2.extend_from_slice(&m);
    let doubled = widen(&m2, fb + 2);
    let m = choose(c, odd, &doubled, &widen(&m, fb + 2));
    let e = sub(c, &e, &widen(&[odd], EW)).0;
    let k = (fb + 6) & !1; // even, so the root has at least F+3 bits
    let mut big = vec![Lit::FALSE; k];
    big.extend_from_slice(&m);
    if big.len() % 2 == 1 {
        big.push(Lit::FALSE);
    }
    let (root, rest) = integer_sqrt(c, &big);
    let sticky = c.any(&rest);
    let e = sub(c, &e, &word(k as i64, EW)).0;
    let mut half = e[1..].to_vec();
    half.push(e[EW - 1]);
    let finite = round_pack(c, x.ty, Lit::FALSE, &half, &root, sticky);
    let r = choose(c, p.zero, &x.bits, &finite.bits);
    let r = choose(c, p.inf, &x.bits, &r);
    let invalid = c.and(p.sign, !p.zero);
    let r = choose(c, invalid, &default_nan(x.ty), &r);
    result(x.ty, choose(c, p.nan, &quiet(x), &r))
}

/// The integer square root of `a` (an even number of bits) digit by digit,
/// and the remainder.
fn integer_sqrt(c: &mut Circuit, a: &[Lit]) -> (Vec<Lit>, Vec<Lit>) {
    let n = a.len() / 2;
    let w = n + 2;
    let mut r = vec![Lit::FALSE; w];
    let mut q: Vec<Lit> = Vec::new(); // the root so far, top bit last
    for i in (0..n).rev() {
        let mut shifted = vec![a[2 * i], a[2 * i + 1]];
        shifted.extend_from_slice(&r[..w - 2]);
        // trial = (q << 2) | 1
        let mut trial = vec![Lit::TRUE, Lit::FALSE];
        trial.extend(q.iter().copied());
        let trial = widen(&trial, w);
        let (diff, fits) = sub(c, &shifted, &trial);
        r = choose(c, fits, &diff, &shifted);
        q.insert(0, fits);
    }
    (q, r)
}

/// `x × 2^n` rounded once; `n` clamped to ±4000 as the evaluator does.
fn ldexp(c: &mut Circuit, x: &Sym, n: &Sym) -> Sym {
    let p = parts(c, x);
    let limit = |v: i128| Sym::constant(Value::new(Scalar::Int, v));
    let (hi, lo) = (limit(4000), limit(-4000));
    let above = super::word::binary(c, WordOp::Gt, Scalar::Int, n, &hi)
        .0
        .bits[0];
    let below = super::word::binary(c, WordOp::Lt, Scalar::Int, n, &lo)
        .0
        .bits[0];
    let n = Sym::mux(c, above, &hi, n);
    let n = Sym::mux(c, below, &lo, &n);
    let e = add(c, &p.e, &n.bits[..EW], Lit::FALSE).0;
    let fb = layout(x.ty).1;
    let finite = round_pack(c, x.ty, p.sign, &e, &widen(&p.m, fb + 3), Lit::FALSE);
    let kept = c.or(p.inf, p.zero);
    let r = choose(c, kept, &x.bits, &finite.bits);
    result(x.ty, choose(c, p.nan, &quiet(x), &r))
}

/// The next value after `x` toward `y` (glibc's NaN: `y`'s when both are
/// NaN, else the NaN one, quieted).
fn next_after(c: &mut Circuit, x: &Sym, y: &Sym) -> Sym {
    let w = x.bits.len();
    let equal = compare(c, WordOp::Eq, x, y);
    let zero = !c.any(&x.bits[..w - 1]);
    let up = compare(c, WordOp::Gt, y, x);
    let away = !c.xor(up, !x.bits[w - 1]);
    let one = word(1, w);
    let plus = add(c, &x.bits, &one, Lit::FALSE).0;
    let minus = sub(c, &x.bits, &one).0;
    let stepped = choose(c, away, &plus, &minus);
    let mut tiny = one;
    tiny[w - 1] = y.bits[w - 1];
    let r = choose(c, zero, &tiny, &stepped);
    let r = choose(c, equal, &y.bits, &r);
    let na = is_nan(c, x);
    let r = choose(c, na, &quiet(x), &r);
    let nb = is_nan(c, y);
    result(x.ty, choose(c, nb, &quiet(y), &r))
}

/// `floor`, `ceil`, `trunc`, `round` (half away from zero) or `rint`
/// (half to even) of `x`.
fn to_integral(c: &mut Circuit, x: &Sym, f: MathFn) -> Sym {
    let p = parts(c, x);
    let fb = layout(x.ty).1;
    let fraction = p.e[EW - 1];
    let d = words::neg(c, &p.e);
    let mut m = vec![Lit::FALSE];
    m.extend_from_slice(&p.m);
    let (r, lost) = shift_right_sticky(c, &m, &d);
    let (guard, q) = (r[0], widen(&r[1..], fb + 3));
    let dropped = c.or(guard, lost);
    let up = match f {
        MathFn::Floor => c.and(p.sign, dropped),
        MathFn::Ceil => c.and(!p.sign, dropped),
        MathFn::Round => guard,
        MathFn::Rint => {
            let odd = c.or(lost, q[0]);
            c.and(guard, odd)
        }
        _ => Lit::FALSE,
    };
    let q = add(c, &q, &word(0, fb + 3), up).0;
    let rounded = round_pack(c, x.ty, p.sign, &word(0, EW), &q, Lit::FALSE);
    let r = choose(c, fraction, &rounded.bits, &x.bits);
    result(x.ty, choose(c, p.nan, &quiet(x), &r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::rng::Rng;
    use crate::lang::c::math;

    fn input(c: &mut Circuit, ty: Scalar, base: u32) -> Sym {
        Sym {
            ty,
            bits: (0..ty.bits()).map(|i| c.input(base + i)).collect(),
        }
    }

    /// Edge patterns and random ones, weighted to exponents near 1 (where
    /// the roundings to an integer decide) and to subnormals.
    fn patterns(rng: &mut Rng, ty: Scalar, count: usize) -> Vec<u64> {
        let (eb, fb) = layout(ty);
        let (top, bias) = ((1u64 << eb) - 1, (1u64 << (eb - 1)) - 1);
        let frac = (1u64 << fb) - 1;
        let mut v = vec![
            0,
            1,
            frac,
            1 << fb,
            top << fb,
            top << fb | 1,
            top << fb | 1 << (fb - 1),
        ];
        v.extend([
            bias << fb,
            (bias - 1) << fb,
            (bias - 1) << fb | 1,
            (bias + 1) << fb | 1 << (fb - 1),
        ]);
        v.extend([(bias + fb as u64) << fb | frac, (top - 1) << fb | frac]);
        let sign = 1u64 << (eb + fb);
        let negated: Vec<u64> = v.iter().map(|x| x | sign).collect();
        v.extend(negated);
        while v.len() < count {
            let r = rng.next_u64() & (sign | frac);
            let e = match rng.below(3) {
                0 => bias - 3 + rng.below(fb + 6) as u64,
                1 => rng.below(3) as u64,
                _ => rng.below(top as usize + 1) as u64,
            };
            v.push(r | e << fb);
        }
        v
    }

    #[test]
    fn the_gates_are_the_evaluators_functions() {
        let mut rng = Rng::new(21);
        for ty in [Scalar::Float, Scalar::Double] {
            let w = ty.bits();
            let mut c = Circuit::new();
            let (x, y) = (input(&mut c, ty, 0), input(&mut c, ty, 64));
            let n = input(&mut c, Scalar::Int, 128);
            let one = [
                MathFn::Sqrt,
                MathFn::Floor,
                MathFn::Ceil,
                MathFn::Trunc,
                MathFn::Round,
                MathFn::Rint,
                MathFn::IsNormal,
                MathFn::FpClassify,
            ];
            let mut outs: Vec<(MathFn, Vec<Lit>)> = Vec::new();
            for f in one {
                outs.push((f, apply(&mut c, f, std::slice::from_ref(&x)).unwrap().bits));
            }
            let next = apply(&mut c, MathFn::NextAfter, &[x.clone(), y.clone()]);
            outs.push((MathFn::NextAfter, next.unwrap().bits));
            let scaled = apply(&mut c, MathFn::Ldexp, &[x.clone(), n.clone()]);
            outs.push((MathFn::Ldexp, scaled.unwrap().bits));
            let xs = patterns(&mut rng, ty, 3000);
            for (k, &a) in xs.iter().enumerate() {
                let b = xs[(k * 7 + 3) % xs.len()];
                let b = if k % 5 == 0 { a } else { b };
                let shift = [0i64, 1, -1, 30, -30, 200, -200, 1100, -1100, 5000, -5000][k % 11];
                let shift = shift + rng.below(3) as i64 - 1;
                let values = c.simulate(|i| match i {
                    0..64 => a >> i & 1 == 1,
                    64..128 => b >> (i - 64) & 1 == 1,
                    _ => shift >> (i - 128) & 1 == 1,
                });
                let read = |out: &[Lit]| -> u64 {
                    out.iter()
                        .enumerate()
                        .map(|(i, &l)| u64::from(Circuit::value(&values, l)) << i)
                        .sum()
                };
                let (va, vb) = (Value { ty, bits: a }, Value { ty, bits: b });
                for (f, out) in &outs {
                    let args = match f {
                        MathFn::NextAfter => vec![va, vb],
                        MathFn::Ldexp => vec![va, Value::new(Scalar::Int, i128::from(shift))],
                        _ => vec![va],
                    };
                    let want = math::apply(*f, &args);
                    let got = read(out) & want.ty.mask();
                    assert_eq!(
                        got, want.bits,
                        "{f:?} {ty:?} {a:#x} {b:#x} {shift}: got {got:#x} (w {w})"
                    );
                }
            }
        }
    }
}
