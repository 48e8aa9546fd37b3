//! C's typed operators as gates: the circuit twin of [`crate::lang::c::ops`],
//! operator for operator, each giving its wires and the wire "undefined
//! here" (a shift count out of range, division by zero, `MIN / -1`,
//! `__builtin_ctz(0)`). Signed overflow wraps, as GCC's `-fwrapv`.
//!
//! ```text
//!  signed <      flip both sign bits, then unsigned <
//!  signed >>     the barrel shifter filling with the sign bit
//!  signed / %    on magnitudes, then the signs put back (C truncates)
//! ```

use super::super::circuit::{Circuit, Lit};
use super::super::words::{self, add, divide, eq, lt, mul, neg, sub, zip};
use crate::lang::c::ast::{Builtin, UnOp, WordOp};
use crate::lang::c::{Scalar, Value};

/// A value of a C type as wires (bit 0 first; one wire for `_Bool`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sym {
    pub ty: Scalar,
    pub bits: Vec<Lit>,
}

impl Sym {
    pub fn constant(v: Value) -> Sym {
        Sym {
            ty: v.ty,
            bits: (0..v.ty.bits())
                .map(|i| Lit::from_bool(v.bits >> i & 1 == 1))
                .collect(),
        }
    }

    fn sign(&self) -> Lit {
        if self.ty.signed() {
            self.bits[self.bits.len() - 1]
        } else {
            Lit::FALSE
        }
    }

    /// The value converted to `ty` (truncated, or extended by its sign).
    pub fn to(&self, c: &mut Circuit, ty: Scalar) -> Sym {
        if ty == Scalar::Bool {
            return Sym {
                ty,
                bits: vec![c.any(&self.bits)],
            };
        }
        let w = ty.bits() as usize;
        let fill = self.sign();
        let bits = (0..w)
            .map(|i| self.bits.get(i).copied().unwrap_or(fill))
            .collect();
        Sym { ty, bits }
    }

    /// Non-zero (a float: neither +0 nor -0).
    pub fn truth(&self, c: &mut Circuit) -> Lit {
        if self.ty.is_float() {
            return c.any(&self.bits[..self.bits.len() - 1]);
        }
        c.any(&self.bits)
    }

    /// The value as 65 wires (extended by its sign): two values of any
    /// types are equal as numbers when these are.
    pub fn wide(&self) -> Vec<Lit> {
        let fill = self.sign();
        (0..65)
            .map(|i| self.bits.get(i).copied().unwrap_or(fill))
            .collect()
    }

    pub fn mux(c: &mut Circuit, s: Lit, t: &Sym, e: &Sym) -> Sym {
        let bits = t
            .bits
            .iter()
            .zip(&e.bits)
            .map(|(&x, &y)| c.mux(s, x, y))
            .collect();
        Sym { ty: t.ty, bits }
    }
}

/// 0 or 1 as an `int`.
pub fn bool_int(bit: Lit) -> Sym {
    let mut bits = vec![Lit::FALSE; 32];
    bits[0] = bit;
    Sym {
        ty: Scalar::Int,
        bits,
    }
}

/// A unary operator; `ty` is the result's type.
pub fn unary(c: &mut Circuit, op: UnOp, ty: Scalar, a: &Sym) -> Sym {
    match op {
        UnOp::LogNot => {
            let t = a.truth(c);
            bool_int(!t)
        }
        _ => {
            let x = a.to(c, ty);
            let bits = match op {
                UnOp::Neg => neg(c, &x.bits),
                UnOp::Not => x.bits.iter().map(|&l| !l).collect(),
                _ => x.bits,
            };
            Sym { ty, bits }
        }
    }
}

/// A binary operator other than `&&`/`||`: the value and its "undefined".
pub fn binary(c: &mut Circuit, op: WordOp, ty: Scalar, a: &Sym, b: &Sym) -> (Sym, Lit) {
    use WordOp::*;
    match op {
        Shl | Shr => shift(c, op == Shl, ty, a, b),
        Lt | Le | Gt | Ge | Eq | Ne => {
            let ct = Scalar::common(a.ty, b.ty);
            let (x, y) = (a.to(c, ct), b.to(c, ct));
            let (mut p, mut q) = (x.bits, y.bits);
            if ct.signed() {
                let top = p.len() - 1;
                p[top] = !p[top];
                q[top] = !q[top];
            }
            let r = match op {
                Lt => lt(c, &p, &q),
                Gt => lt(c, &q, &p),
                Le => !lt(c, &q, &p),
                Ge => !lt(c, &p, &q),
                Eq => eq(c, &p, &q),
                _ => !eq(c, &p, &q),
            };
            (bool_int(r), Lit::FALSE)
        }
        _ => {
            let (x, y) = (a.to(c, ty), b.to(c, ty));
            let (bits, undefined) = match op {
                Add => (add(c, &x.bits, &y.bits, Lit::FALSE).0, Lit::FALSE),
                Sub => (sub(c, &x.bits, &y.bits).0, Lit::FALSE),
                Mul => (mul(c, &x.bits, &y.bits), Lit::FALSE),
                And => (zip(&x.bits, &y.bits, |p, q| c.and(p, q)), Lit::FALSE),
                Or => (zip(&x.bits, &y.bits, |p, q| c.or(p, q)), Lit::FALSE),
                Xor => (zip(&x.bits, &y.bits, |p, q| c.xor(p, q)), Lit::FALSE),
                _ => division(c, op == Div, ty, &x, &y),
            };
            (Sym { ty, bits }, undefined)
        }
    }
}

/// C's `/` or `%` (truncating toward zero) and its "undefined".
fn division(c: &mut Circuit, quotient: bool, ty: Scalar, x: &Sym, y: &Sym) -> (Vec<Lit>, Lit) {
    let zero = !c.any(&y.bits);
    if !ty.signed() {
        let (q, r) = divide(c, &x.bits, &y.bits);
        return (if quotient { q } else { r }, zero);
    }
    let (sx, sy) = (x.sign(), y.sign());
    let nx = neg(c, &x.bits);
    let ny = neg(c, &y.bits);
    let ax: Vec<Lit> = zip(&nx, &x.bits, |n, p| c.mux(sx, n, p));
    let ay: Vec<Lit> = zip(&ny, &y.bits, |n, p| c.mux(sy, n, p));
    let (q, r) = divide(c, &ax, &ay);
    let (mag, negative) = if quotient {
        (q, c.xor(sx, sy))
    } else {
        (r, sx)
    };
    let nm = neg(c, &mag);
    let bits = zip(&nm, &mag, |n, p| c.mux(negative, n, p));
    let min = Sym::constant(Value::new(ty, ty.min()));
    let minus_one = Sym::constant(Value::new(ty, -1));
    let is_min = eq(c, &x.bits, &min.bits);
    let is_m1 = eq(c, &y.bits, &minus_one.bits);
    let overflow = c.and(is_min, is_m1);
    (bits, c.or(zero, overflow))
}

/// `a << b` or `a >> b` at the promoted left type `ty`; undefined when the
/// count is negative or at least the width.
fn shift(c: &mut Circuit, left: bool, ty: Scalar, a: &Sym, b: &Sym) -> (Sym, Lit) {
    let x = a.to(c, ty);
    let n = b.to(c, b.ty.promote());
    let fill = if left { Lit::FALSE } else { x.sign() };
    let (bits, too_far) = words::shift(c, left, &x.bits, &n.bits, fill);
    (Sym { ty, bits }, too_far)
}

/// A GCC builtin on its argument type `ty`: the value and its "undefined".
pub fn builtin(c: &mut Circuit, b: Builtin, ty: Scalar, a: &Sym) -> (Sym, Lit) {
    let x = a.to(c, ty);
    let w = x.bits.len();
    let int_of = |n: usize| Sym::constant(Value::new(Scalar::Int, n as i128));
    match b {
        Builtin::Popcount => {
            let mut acc = vec![Lit::FALSE; 32];
            for &bit in &x.bits {
                let mut one = vec![Lit::FALSE; 32];
                one[0] = bit;
                acc = add(c, &acc, &one, Lit::FALSE).0;
            }
            (
                Sym {
                    ty: Scalar::Int,
                    bits: acc,
                },
                Lit::FALSE,
            )
        }
        Builtin::Parity => {
            let p = x.bits.iter().fold(Lit::FALSE, |acc, &l| c.xor(acc, l));
            (bool_int(p), Lit::FALSE)
        }
        Builtin::Ctz | Builtin::Clz => {
            let zero = !c.any(&x.bits);
            let mut r = int_of(0);
            // the last mux applied wins: the lowest set bit for ctz, the highest for clz
            let order: Vec<usize> = if b == Builtin::Ctz {
                (0..w).rev().collect()
            } else {
                (0..w).collect()
            };
            for i in order {
                let n = if b == Builtin::Ctz { i } else { w - 1 - i };
                r = Sym::mux(c, x.bits[i], &int_of(n), &r);
            }
            (r, zero)
        }
        Builtin::Bswap => {
            let bits = (0..w)
                .map(|i| x.bits[(w / 8 - 1 - i / 8) * 8 + i % 8])
                .collect();
            (Sym { ty, bits }, Lit::FALSE)
        }
    }
}
