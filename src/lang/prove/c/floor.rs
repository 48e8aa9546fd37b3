//! The division-by-a-constant certificate: a function of one unsigned
//! parameter `x` built from `+ - *` by constants, `/ % >>` by constants and
//! casts is read as a *floor form*
//!
//! ```text
//!   c*x + e + m * floor((a*x + b) / D)        x in 0 ..= X
//!
//!   (uint64)x * 0xAAAAAAAB >> 33   ->  floor(0xAAAAAAAB * x / 2^33)
//!   x / 3                          ->  floor(x / 3)
//!   x - q * 3   (q as above)       ->  x - 3 * floor(0xAAAAAAAB * x / 2^33)
//! ```
//!
//! as long as every intermediate value provably fits its C type (so C's
//! wrapping never happens and the form is the exact value). Two forms
//! with the same `c, e, m` are equal when their floors are; a floor
//! against `floor(x / d)` is decided exactly: with `x = q*d + r`,
//!
//! ```text
//!   floor((a*x + b) / D) = q   <=>   0 <= q*(a*d - D) + a*r + b < D
//! ```
//!
//! a linear condition on the inputs' `(q, r)`: a rectangle and one last
//! row, so its six corners decide it for all `2^32` inputs (the error
//! bound of Granlund and Montgomery, checked exactly in `i128`). A corner
//! that fails is a counterexample, which the prover re-runs.

use crate::lang::c::ast::{Expr, ExprKind, Function, Init, Slot, StmtKind, UnOp, WordOp};
#[cfg(test)]
use crate::lang::c::Program;
use crate::lang::c::Scalar;
use std::collections::HashMap;

/// `c*x + e + m * floor((a*x + b) / d)`; `m == 0` for a linear form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    c: i128,
    e: i128,
    m: i128,
    a: i128,
    b: i128,
    d: i128,
}

/// What the certificate found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// Equal on every input.
    Equal,
    /// They may differ at this input (the prover re-runs it).
    Differ(u64),
}

fn floor_div(n: i128, d: i128) -> i128 {
    n.div_euclid(d)
}

impl Form {
    fn linear(c: i128, e: i128) -> Form {
        Form {
            c,
            e,
            m: 0,
            a: 0,
            b: 0,
            d: 1,
        }
    }

    fn constant(&self) -> Option<i128> {
        (self.c == 0 && self.m == 0).then_some(self.e)
    }

    fn floor_at(&self, x: i128) -> Option<i128> {
        Some(floor_div(
            self.a.checked_mul(x)?.checked_add(self.b)?,
            self.d,
        ))
    }

    /// The form's value at `x`.
    pub fn at(&self, x: i128) -> Option<i128> {
        let f = if self.m == 0 { 0 } else { self.floor_at(x)? };
        self.c
            .checked_mul(x)?
            .checked_add(self.e)?
            .checked_add(self.m.checked_mul(f)?)
    }

    /// Lowest and highest value over `0..=max` (interval arithmetic: the
    /// floor is monotone in `x`, the sum is bounded term by term).
    fn range(&self, max: i128) -> Option<(i128, i128)> {
        let lin = [0, self.c.checked_mul(max)?];
        let fl = if self.m == 0 {
            [0, 0]
        } else {
            let (f0, f1) = (self.floor_at(0)?, self.floor_at(max)?);
            [self.m.checked_mul(f0)?, self.m.checked_mul(f1)?]
        };
        let lo = lin[0].min(lin[1]).checked_add(fl[0].min(fl[1]))?;
        let hi = lin[0].max(lin[1]).checked_add(fl[0].max(fl[1]))?;
        Some((lo.checked_add(self.e)?, hi.checked_add(self.e)?))
    }

    fn scale(&self, k: i128) -> Option<Form> {
        Some(Form {
            c: self.c.checked_mul(k)?,
            e: self.e.checked_mul(k)?,
            m: self.m.checked_mul(k)?,
            ..*self
        })
    }

    fn add(&self, o: &Form) -> Option<Form> {
        let (c, e) = (self.c.checked_add(o.c)?, self.e.checked_add(o.e)?);
        let floor = if self.m == 0 {
            o
        } else if o.m == 0 || (self.a, self.b, self.d) == (o.a, o.b, o.d) {
            self
        } else {
            return None;
        };
        let m = self.m.checked_add(o.m)?;
        Some(Form { c, e, m, ..*floor })
    }

    /// The form as one floor `floor((a*x + b) / d)` where it is one:
    /// linear, or `c*x + e ± floor(...)` (then the `c*x + e` joins the
    /// numerator: `-floor(n/d) = floor((d - 1 - n) / d)`).
    fn as_floor(&self) -> Option<(i128, i128, i128)> {
        let (cd, ed) = (self.c.checked_mul(self.d)?, self.e.checked_mul(self.d)?);
        match self.m {
            0 => Some((self.c, self.e, 1)),
            1 => Some((self.a.checked_add(cd)?, self.b.checked_add(ed)?, self.d)),
            -1 => Some((
                cd.checked_sub(self.a)?,
                ed.checked_sub(self.b)?.checked_add(self.d - 1)?,
                self.d,
            )),
            _ => None,
        }
    }

    /// `floor(self / k)` for `k > 0` (the form is known not negative).
    fn div(&self, k: i128) -> Option<Form> {
        let (a, b, d) = self.as_floor()?;
        let d = d.checked_mul(k)?;
        Some(Form {
            c: 0,
            e: 0,
            m: 1,
            a,
            b,
            d,
        })
    }

    /// `self % k` for `k > 0`, the form not negative: `self - k*(self/k)`.
    fn rem(&self, k: i128) -> Option<Form> {
        self.add(&self.div(k)?.scale(-k)?)
    }
}

/// A C value as a form: exactly, or only modulo `2^bits` (after a `+ - *`
/// or a narrowing cast that may wrap: those commute with the wrap, so the
/// form stays right modulo the type's size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Val {
    pub form: Form,
    /// `None`: the form is the value; `Some(bits)`: equal modulo `2^bits`.
    pub wrap: Option<u32>,
}

/// Reads functions of one parameter as forms (`x` in `0..=max`).
struct Reader {
    max: i128,
    vars: HashMap<usize, Val>,
}

/// The value of `f` (one unsigned parameter) as a floor form, if every
/// statement is a declaration, an assignment or the final `return`.
pub fn read(f: &Function) -> Option<Val> {
    let [(_, ty)] = f.params.as_slice() else {
        return None;
    };
    if ty.signed() || f.void {
        return None;
    }
    let exact = |form| Val { form, wrap: None };
    let mut r = Reader {
        max: ty.max(),
        vars: HashMap::from([(0, exact(Form::linear(1, 0)))]),
    };
    let (last, body) = f.body.split_last()?;
    for s in body {
        r.stmt(&s.kind)?;
    }
    let StmtKind::Return(Some(e)) = &last.kind else {
        return None;
    };
    let v = r.expr(e)?;
    r.convert(v, f.ret)
}

impl Reader {
    fn stmt(&mut self, s: &StmtKind) -> Option<()> {
        match s {
            StmtKind::Decl(decls) => {
                for d in decls {
                    let Slot::Local(i) = d.slot else { return None };
                    let Init::Scalar(e) = &d.init else {
                        return None;
                    };
                    let v = self.expr(e)?;
                    let v = self.convert(v, d.info.ty)?;
                    self.vars.insert(i, v);
                }
                Some(())
            }
            StmtKind::Expr(e) => {
                let ExprKind::Assign(op, target, value) = &e.kind else {
                    return None;
                };
                let ExprKind::Var(Slot::Local(i), _) = target.kind else {
                    return None;
                };
                let v = match op {
                    None => self.expr(value)?,
                    Some(op) => self.binary(*op, target, value, e.ty)?,
                };
                let v = self.convert(v, target.ty)?;
                self.vars.insert(i, v);
                Some(())
            }
            StmtKind::Empty => Some(()),
            _ => None,
        }
    }

    /// Whether every value of an exact `v` lies in `ty`'s range.
    fn fits(&self, v: &Val, ty: Scalar) -> bool {
        v.wrap.is_none()
            && v.form
                .range(self.max)
                .is_some_and(|(lo, hi)| lo >= ty.min() && hi <= ty.max())
    }

    /// `v` converted to `ty`: exact when it fits, else right modulo the
    /// type's size (if it was at least that), else unknown.
    fn convert(&self, v: Val, ty: Scalar) -> Option<Val> {
        if self.fits(&v, ty) {
            return Some(v);
        }
        let bits = ty.bits();
        (ty != Scalar::Bool && v.wrap.is_none_or(|w| w >= bits)).then_some(Val {
            wrap: Some(bits),
            ..v
        })
    }

    fn expr(&mut self, e: &Expr) -> Option<Val> {
        match &e.kind {
            ExprKind::Lit(v) => Some(Val {
                form: Form::linear(0, v.get()),
                wrap: None,
            }),
            ExprKind::Var(Slot::Local(i), _) => self.vars.get(i).copied(),
            ExprKind::Cast(ty, inner) => {
                let v = self.expr(inner)?;
                self.convert(v, *ty)
            }
            ExprKind::Unary(UnOp::Plus, inner) => self.expr(inner),
            ExprKind::Unary(UnOp::Neg, inner) => {
                let v = self.expr(inner)?;
                let v = self.convert(v, e.ty)?;
                self.ring(v.form.scale(-1)?, &[v], e.ty)
            }
            ExprKind::Binary(crate::lang::c::ast::BinOp::Word(op), l, r) => {
                self.binary(*op, l, r, e.ty)
            }
            _ => None,
        }
    }

    /// The result of `+ - * <<` in `ty`: exact when its operands were and
    /// it fits, else right modulo `ty`'s size.
    fn ring(&self, form: Form, operands: &[Val], ty: Scalar) -> Option<Val> {
        let v = Val {
            form,
            wrap: operands.iter().find_map(|o| o.wrap),
        };
        self.convert(v, ty)
    }

    /// `l op r` computed in `ty` (the operands converted to it, or for a
    /// shift the left one's promoted type). `/ % >>` need exact,
    /// non-negative operands; their results are exact.
    fn binary(&mut self, op: WordOp, l: &Expr, r: &Expr, ty: Scalar) -> Option<Val> {
        let shift = matches!(op, WordOp::Shl | WordOp::Shr);
        let ty = if shift { l.ty.promote() } else { ty };
        let (x, y) = (self.expr(l)?, self.expr(r)?);
        let x = self.convert(x, ty)?;
        let y = if shift { y } else { self.convert(y, ty)? };
        let constant = |v: &Val| v.form.constant().filter(|_| v.wrap.is_none());
        let positive = |v: &Val| constant(v).filter(|&k| k > 0);
        let count = |v: &Val| constant(v).filter(|&k| (0..i128::from(ty.bits())).contains(&k));
        let exact =
            |v: &Val| v.wrap.is_none() && v.form.range(self.max).is_some_and(|(lo, _)| lo >= 0);
        let (a, b) = (&x.form, &y.form);
        let form = match op {
            WordOp::Add => a.add(b)?,
            WordOp::Sub => a.add(&b.scale(-1)?)?,
            WordOp::Mul => match (constant(&x), constant(&y)) {
                (_, Some(k)) => a.scale(k)?,
                (Some(k), _) => b.scale(k)?,
                _ => return None,
            },
            WordOp::Shl => a.scale(1i128.checked_shl(count(&y)? as u32)?)?,
            WordOp::Shr if exact(&x) => a.div(1i128.checked_shl(count(&y)? as u32)?)?,
            WordOp::Div if exact(&x) => a.div(positive(&y)?)?,
            WordOp::Rem if exact(&x) => a.rem(positive(&y)?)?,
            _ => return None,
        };
        if matches!(op, WordOp::Shr | WordOp::Div | WordOp::Rem) {
            return Some(Val { form, wrap: None });
        }
        self.ring(form, &[x, y], ty)
    }
}

/// Decides `f == g` on `0..=max` where the forms allow it: the same linear
/// part and multiple of a floor, and the floors equal (identical, or one
/// `floor(x / d)` checked against the other at the corners). `None`: the
/// certificate does not apply.
pub fn decide(f: &Val, g: &Val, max: i128) -> Option<Decided> {
    // (right only modulo a size: equal forms give equal values only when
    // both wrap alike)
    if f.wrap != g.wrap {
        return None;
    }
    let (f, g) = (&f.form, &g.form);
    if (f.c, f.e, f.m) != (g.c, g.e, g.m) {
        return None;
    }
    if f.m == 0 || (f.a, f.b, f.d) == (g.a, g.b, g.d) {
        return Some(Decided::Equal);
    }
    let quotient = |h: &Form| (h.a == 1 && h.b == 0).then_some(h.d);
    let (other, d) = match (quotient(f), quotient(g)) {
        (_, Some(d)) => (f, d),
        (Some(d), _) => (g, d),
        _ => return None,
    };
    floor_is_quotient(other, d, max)
}

/// Is `floor((a*x + b) / D) == floor(x / d)` for every `x` in `0..=max`?
/// `0 <= q*(a*d - D) + a*r + b < D` at the six corners of the `(q, r)`
/// domain.
fn floor_is_quotient(f: &Form, d: i128, max: i128) -> Option<Decided> {
    let (last_q, last_r) = (max / d, max % d);
    let error = f.a.checked_mul(d)?.checked_sub(f.d)?;
    let mut corners = vec![(last_q, 0), (last_q, last_r)];
    if last_q >= 1 {
        corners.extend([(0, 0), (0, d - 1), (last_q - 1, 0), (last_q - 1, d - 1)]);
    }
    for (q, r) in corners {
        let at = q
            .checked_mul(error)?
            .checked_add(f.a.checked_mul(r)?)?
            .checked_add(f.b)?;
        if at < 0 || at >= f.d {
            let x = q.checked_mul(d)?.checked_add(r)?;
            return Some(Decided::Differ(u64::try_from(x).ok()?));
        }
    }
    Some(Decided::Equal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(src: &str) -> Option<Val> {
        let p = Program::parse(src).unwrap();
        let f = p.entry(None).unwrap().clone();
        read(&f)
    }

    fn decide_src(a: &str, b: &str) -> Option<Decided> {
        decide(&form(a)?, &form(b)?, u32::MAX.into())
    }

    const DIV3: &str = "unsigned f(unsigned x) { return x / 3; }";

    #[test]
    fn magic_multiplies_are_decided_exactly() {
        let mul = |m: &str, s: u32| {
            format!("unsigned g(unsigned x) {{ return (unsigned)(((unsigned long long)x * {m}u) >> {s}); }}")
        };
        assert_eq!(
            decide_src(&mul("0xAAAAAAAB", 33), DIV3),
            Some(Decided::Equal)
        );
        // one less in the multiplier: wrong, and a corner says where
        let Some(Decided::Differ(x)) = decide_src(&mul("0xAAAAAAAA", 33), DIV3) else {
            panic!()
        };
        assert_ne!(
            (x * 0xAAAA_AAAA) >> 33,
            x / 3,
            "{x} must be a real counterexample"
        );
        // the shift one short (s = 32 needs m = 0x55555556: wrong at the top)
        let Some(Decided::Differ(x)) = decide_src(&mul("0x55555556", 32), DIV3) else {
            panic!()
        };
        assert_ne!((x * 0x5555_5556) >> 32, x / 3);
    }

    /// Every divisor's derivation from `bits::divide` (the plain multiply
    /// ones) is certified, and the neighbouring multiplier refuted where
    /// the corner check says so: the two agree with an exact reference.
    #[test]
    fn the_certificate_agrees_with_the_derivations() {
        use crate::bits::divide::{derive, Method};
        for d in (3u64..200).chain([641, 1000, 65537, 0x7fff_ffff]) {
            let Method::Multiply {
                multiplier,
                shift,
                add: false,
            } = derive(d, 32).unwrap().method
            else {
                continue;
            };
            let src = format!(
                "unsigned g(unsigned x) {{ return (unsigned)(((unsigned long long)x * {multiplier}ull) >> {}); }}",
                32 + shift
            );
            let spec = format!("unsigned f(unsigned x) {{ return x / {d}; }}");
            assert_eq!(decide_src(&src, &spec), Some(Decided::Equal), "{d}");
        }
    }

    #[test]
    fn remainders_and_locals_are_read() {
        let umod = "unsigned g(unsigned x) { unsigned q = (unsigned)(((unsigned long long)x * 0xAAAAAAABu) >> 33); return x - q * 3; }";
        let spec = "unsigned f(unsigned x) { return x % 3; }";
        assert_eq!(decide_src(umod, spec), Some(Decided::Equal));
        let wrong = umod.replace("q * 3", "q * 2");
        assert_eq!(decide_src(&wrong, spec), None);
    }

    /// Wrapping, bit operations and signed inputs are not forms: the
    /// certificate stays out and the other methods answer.
    #[test]
    fn what_is_not_a_form_is_left_alone() {
        // a wrapping multiply is right only modulo 2^32, and is never
        // compared with an exact value
        let wrapped = form("unsigned g(unsigned x) { return x * 0xAAAAAAABu; }").unwrap();
        assert_eq!(wrapped.wrap, Some(32));
        let exact = form(
            "unsigned long long g(unsigned x) { return (unsigned long long)x * 0xAAAAAAABu; }",
        )
        .unwrap();
        assert_eq!((exact.wrap, decide(&wrapped, &exact, 7)), (None, None));
        // and a shift of a wrapped value is not read at all
        assert_eq!(
            form("unsigned g(unsigned x) { return x * 0xAAAAAAABu >> 1; }"),
            None
        );
        for src in [
            "unsigned g(unsigned x) { return x & 7; }",
            "int g(int x) { return x / 3; }",
            "unsigned g(unsigned x) { if (x) return 1; return 0; }",
            "unsigned g(unsigned x) { return x >> 32 >> 1; }",
        ] {
            assert_eq!(form(src), None, "{src}");
        }
    }
}
