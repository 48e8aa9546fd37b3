//! Float arithmetic as gates: `+ - * /` and the conversions that round (an
//! integer to a float, `double` to `float` and back), as IEEE-754 computes
//! them with round to nearest even, a NaN's bits by x86-64's rule
//! ([`crate::bits::float::x86`]). Every finite result goes through one
//! rounder, [`round_pack`]:
//!
//! ```text
//!  value = m × 2^e          m: N bits, exact (a sticky bit for what is lost)
//!  m << lz, top bit set     biased exponent B = e - lz + (N-1) + bias
//!  B < 1 (subnormal)        shift right by 1-B, the bits out into sticky
//!  keep F+1 bits | guard | sticky        up = guard & (sticky | lsb)
//!  ((B-1) << F) + kept + up              a carry walks into the exponent
//!  B - 1 >= 2^E - 2                      ±infinity
//! ```

use super::super::circuit::{Circuit, Lit};
use super::super::words::{self, add, lt, sub};
use super::fbits::{is_inf, is_nan, layout, negate};
use super::word::Sym;
use crate::bits::float::x86::{DEFAULT_NAN32, DEFAULT_NAN64};
use crate::lang::c::{Scalar, Value};

/// Exponents are signed words this wide (binary64's quotients stay
/// within ±2^12).
pub(super) const EW: usize = 16;

pub(super) fn word(v: i64, w: usize) -> Vec<Lit> {
    (0..w)
        .map(|i| Lit::from_bool((v >> i.min(63)) & 1 == 1))
        .collect()
}

pub(super) fn widen(a: &[Lit], w: usize) -> Vec<Lit> {
    let mut v = a.to_vec();
    v.resize(w, Lit::FALSE);
    v
}

pub(super) fn choose(c: &mut Circuit, s: Lit, t: &[Lit], e: &[Lit]) -> Vec<Lit> {
    t.iter().zip(e).map(|(&x, &y)| c.mux(s, x, y)).collect()
}

/// `a` shifted left until its top bit is set (a zero stays zero), and by
/// how much (an EW-bit word).
pub(super) fn normalize(c: &mut Circuit, a: &[Lit]) -> (Vec<Lit>, Vec<Lit>) {
    let n = a.len();
    let p = n.next_power_of_two();
    let mut v = vec![Lit::FALSE; p - n];
    v.extend_from_slice(a);
    let mut lz = vec![Lit::FALSE; EW];
    for k in (0..p.trailing_zeros() as usize).rev() {
        let s = 1 << k;
        let zero = !c.any(&v[p - s..]);
        let shifted: Vec<Lit> = (0..p)
            .map(|i| if i >= s { v[i - s] } else { Lit::FALSE })
            .collect();
        v = choose(c, zero, &shifted, &v);
        lz[k] = zero;
    }
    (v[p - n..].to_vec(), lz)
}

/// `a >> amount` (a non-negative EW-bit word), and whether a one fell out.
pub(super) fn shift_right_sticky(c: &mut Circuit, a: &[Lit], amount: &[Lit]) -> (Vec<Lit>, Lit) {
    let n = a.len();
    let stages = (usize::BITS - n.leading_zeros()) as usize;
    let mut v = a.to_vec();
    let mut sticky = Lit::FALSE;
    for (k, &s) in amount.iter().enumerate().take(stages) {
        let by = 1 << k;
        let out = c.any(&v[..by.min(n)]);
        let lost = c.and(s, out);
        sticky = c.or(sticky, lost);
        let shifted: Vec<Lit> = (0..n)
            .map(|i| v.get(i + by).copied().unwrap_or(Lit::FALSE))
            .collect();
        v = choose(c, s, &shifted, &v);
    }
    let far = c.any(&amount[stages.min(amount.len())..]);
    let any = c.any(a);
    let lost = c.and(far, any);
    sticky = c.or(sticky, lost);
    let v = v.iter().map(|&l| c.and(l, !far)).collect();
    (v, sticky)
}

/// ±infinity's wires (without the sign) in `ty`.
pub(super) fn infinity(ty: Scalar) -> Vec<Lit> {
    let (eb, fb) = layout(ty);
    word(((1i64 << eb) - 1) << fb, eb + fb)
}

/// `(-1)^sign × m × 2^e` (e a signed EW-bit word, `sticky` for ones below
/// m) rounded to `ty`, nearest even.
pub fn round_pack(
    c: &mut Circuit,
    ty: Scalar,
    sign: Lit,
    e: &[Lit],
    m: &[Lit],
    sticky: Lit,
) -> Sym {
    let (eb, fb) = layout(ty);
    let bias = (1i64 << (eb - 1)) - 1;
    let n = m.len();
    assert!(n >= fb + 3, "round_pack needs a guard and a sticky bit");
    let zero = !c.any(m);
    let (m1, lz) = normalize(c, m);
    let b = add(c, e, &word(n as i64 - 1 + bias, EW), Lit::FALSE).0;
    let b = sub(c, &b, &lz).0;
    let b_minus_1 = sub(c, &b, &word(1, EW)).0;
    let tiny = b_minus_1[EW - 1];
    let d = sub(c, &word(1, EW), &b).0;
    let d = choose(c, tiny, &d, &word(0, EW));
    let (m2, lost) = shift_right_sticky(c, &m1, &d);
    let field = choose(c, tiny, &word(0, EW), &b_minus_1);
    let kept = &m2[n - 1 - fb..];
    let rest = c.any(&m2[..n - 2 - fb]);
    let sticky = c.or(sticky, rest);
    let sticky = c.or(sticky, lost);
    let odd_or_over = c.or(sticky, kept[0]);
    let up = c.and(m2[n - 2 - fb], odd_or_over);
    let mut packed = vec![Lit::FALSE; fb];
    packed.extend_from_slice(&field[..eb]);
    let packed = add(c, &packed, &widen(kept, eb + fb), up).0;
    let over = !lt(c, &field, &word((1 << eb) - 2, EW));
    let mag = choose(c, over, &infinity(ty), &packed);
    let mut bits: Vec<Lit> = mag.iter().map(|&l| c.and(l, !zero)).collect();
    bits.push(sign);
    Sym { ty, bits }
}

/// A float's value as `m × 2^e` (the implicit bit in `m` unless
/// subnormal), and what it is.
pub(super) struct Parts {
    pub sign: Lit,
    pub e: Vec<Lit>,
    pub m: Vec<Lit>,
    pub nan: Lit,
    pub inf: Lit,
    pub zero: Lit,
}

pub(super) fn parts(c: &mut Circuit, a: &Sym) -> Parts {
    let (eb, fb) = layout(a.ty);
    let bias = (1i64 << (eb - 1)) - 1;
    let field = &a.bits[fb..fb + eb];
    let normal = c.any(field);
    let mut m = a.bits[..fb].to_vec();
    m.push(normal);
    let f = choose(c, normal, &widen(field, EW), &word(1, EW));
    let e = sub(c, &f, &word(bias + fb as i64, EW)).0;
    Parts {
        sign: a.bits[eb + fb],
        e,
        m,
        nan: is_nan(c, a),
        inf: is_inf(c, a),
        zero: !c.any(&a.bits[..eb + fb]),
    }
}

/// `magnitude` with a sign bit on top.
pub(super) fn signed(mut magnitude: Vec<Lit>, sign: Lit) -> Vec<Lit> {
    magnitude.push(sign);
    magnitude
}

pub(super) fn quiet(a: &Sym) -> Vec<Lit> {
    let mut bits = a.bits.clone();
    bits[layout(a.ty).1 - 1] = Lit::TRUE;
    bits
}

/// x86-64's default NaN (an invalid operation's result) in `ty`.
pub(super) fn default_nan(ty: Scalar) -> Vec<Lit> {
    let bits = if ty == Scalar::Float {
        u64::from(DEFAULT_NAN32)
    } else {
        DEFAULT_NAN64
    };
    Sym::constant(Value { ty, bits }).bits
}

/// x86-64's NaN rule over `result`: the first NaN operand quieted, else
/// the default NaN where the operation is invalid.
fn with_nans(c: &mut Circuit, a: &Sym, b: &Sym, invalid: Lit, result: &[Lit]) -> Sym {
    let r = choose(c, invalid, &default_nan(a.ty), result);
    let nb = is_nan(c, b);
    let r = choose(c, nb, &quiet(b), &r);
    let na = is_nan(c, a);
    Sym {
        ty: a.ty,
        bits: choose(c, na, &quiet(a), &r),
    }
}

/// `a * b`, both of one floating type.
pub fn mul(c: &mut Circuit, a: &Sym, b: &Sym) -> Sym {
    let (pa, pb) = (parts(c, a), parts(c, b));
    let sign = c.xor(pa.sign, pb.sign);
    let n = 2 * layout(a.ty).1 + 2;
    let product = words::mul(c, &widen(&pa.m, n), &widen(&pb.m, n));
    let e = add(c, &pa.e, &pb.e, Lit::FALSE).0;
    let finite = round_pack(c, a.ty, sign, &e, &product, Lit::FALSE);
    let inf = c.or(pa.inf, pb.inf);
    let r = choose(c, inf, &signed(infinity(a.ty), sign), &finite.bits);
    let inf_zero = c.and(pa.inf, pb.zero);
    let zero_inf = c.and(pa.zero, pb.inf);
    let invalid = c.or(inf_zero, zero_inf);
    with_nans(c, a, b, invalid, &r)
}

/// `a / b`, both of one floating type: restoring division of the
/// normalized significands, the remainder as the sticky bit.
pub fn div(c: &mut Circuit, a: &Sym, b: &Sym) -> Sym {
    let (pa, pb) = (parts(c, a), parts(c, b));
    let sign = c.xor(pa.sign, pb.sign);
    let fb = layout(a.ty).1;
    let (ma, lza) = normalize(c, &pa.m);
    let (mb, lzb) = normalize(c, &pb.m);
    let w = 2 * fb + 4;
    let mut num = vec![Lit::FALSE; fb + 3];
    num.extend_from_slice(&ma);
    let (q, r) = words::divide(c, &num, &widen(&mb, w));
    let sticky = c.any(&r);
    let ea = sub(c, &pa.e, &lza).0;
    let eb = sub(c, &pb.e, &lzb).0;
    let e = sub(c, &ea, &eb).0;
    let e = sub(c, &e, &word(fb as i64 + 3, EW)).0;
    let finite = round_pack(c, a.ty, sign, &e, &q, sticky);
    let zero = signed(word(0, fb + layout(a.ty).0), sign);
    let r = choose(c, pb.inf, &zero, &finite.bits);
    let inf = c.or(pa.inf, pb.zero);
    let r = choose(c, inf, &signed(infinity(a.ty), sign), &r);
    let both_zero = c.and(pa.zero, pb.zero);
    let both_inf = c.and(pa.inf, pb.inf);
    let invalid = c.or(both_zero, both_inf);
    with_nans(c, a, b, invalid, &r)
}

/// `a + b` (`subtract`: `a - b`), both of one floating type: the smaller
/// aligned to the larger with guard, round and sticky bits.
pub fn add_sub(c: &mut Circuit, a: &Sym, b: &Sym, subtract: bool) -> Sym {
    let nb = if subtract { negate(b) } else { b.clone() };
    let (pa, pb) = (parts(c, a), parts(c, &nb));
    let top = a.bits.len() - 1;
    let swap = lt(c, &a.bits[..top], &nb.bits[..top]);
    let (s1, s2) = (c.mux(swap, pb.sign, pa.sign), c.mux(swap, pa.sign, pb.sign));
    let (e1, e2) = (choose(c, swap, &pb.e, &pa.e), choose(c, swap, &pa.e, &pb.e));
    let (m1, m2) = (choose(c, swap, &pb.m, &pa.m), choose(c, swap, &pa.m, &pb.m));
    let n = layout(a.ty).1 + 5;
    let guarded = |m: &[Lit]| {
        let mut v = vec![Lit::FALSE; 3];
        v.extend_from_slice(m);
        widen(&v, n)
    };
    let (x1, x2) = (guarded(&m1), guarded(&m2));
    let d = sub(c, &e1, &e2).0;
    let (mut x2, lost) = shift_right_sticky(c, &x2, &d);
    x2[0] = c.or(x2[0], lost);
    let opposite = c.xor(s1, s2);
    let sum = add(c, &x1, &x2, Lit::FALSE).0;
    let difference = sub(c, &x1, &x2).0;
    let m = choose(c, opposite, &difference, &sum);
    let exact_zero = !c.any(&m);
    let both_negative = c.and(pa.sign, pb.sign);
    let sign = c.mux(exact_zero, both_negative, s1);
    let e = sub(c, &e1, &word(3, EW)).0;
    let finite = round_pack(c, a.ty, sign, &e, &m, Lit::FALSE);
    let inf = c.or(pa.inf, pb.inf);
    let inf_value = choose(c, pa.inf, &a.bits, &nb.bits);
    let r = choose(c, inf, &inf_value, &finite.bits);
    let unlike = c.xor(pa.sign, pb.sign);
    let both_inf = c.and(pa.inf, pb.inf);
    let invalid = c.and(both_inf, unlike);
    with_nans(c, a, b, invalid, &r)
}

/// An integer converted to `ty`, rounded to nearest even.
pub fn from_int(c: &mut Circuit, v: &Sym, ty: Scalar) -> Sym {
    let w = v.bits.len();
    let negative = if v.ty.signed() {
        v.bits[w - 1]
    } else {
        Lit::FALSE
    };
    let minus = words::neg(c, &v.bits);
    let magnitude = choose(c, negative, &minus, &v.bits);
    let n = w.max(layout(ty).1 + 3);
    round_pack(
        c,
        ty,
        negative,
        &word(0, EW),
        &widen(&magnitude, n),
        Lit::FALSE,
    )
}

/// `float` to `double` (exact) or back (rounded); a NaN keeps the top of
/// its payload, quieted (cvtss2sd, cvtsd2ss).
pub fn resize(c: &mut Circuit, v: &Sym, ty: Scalar) -> Sym {
    let p = parts(c, v);
    let ((_, from), (eb, to)) = (layout(v.ty), layout(ty));
    let n = (from + 1).max(to + 3);
    let finite = round_pack(c, ty, p.sign, &p.e, &widen(&p.m, n), Lit::FALSE);
    let r = choose(c, p.inf, &signed(infinity(ty), p.sign), &finite.bits);
    let mut nan: Vec<Lit> = (0..to)
        .map(|i| (i + from).checked_sub(to).map_or(Lit::FALSE, |j| v.bits[j]))
        .collect();
    nan[to - 1] = Lit::TRUE;
    nan.extend(std::iter::repeat_n(Lit::TRUE, eb));
    let nan = signed(nan, p.sign);
    Sym {
        ty,
        bits: choose(c, p.nan, &nan, &r),
    }
}

#[cfg(test)]
#[path = "farith_tests.rs"]
mod tests;
