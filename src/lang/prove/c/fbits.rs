//! A float's wires: its fields, what it is (NaN, infinity), its sign bit.
//! The one place the circuits read a float's layout.
//!
//! ```text
//!  binary32:  sign | exponent (8) | fraction (23)      bit 31 .. bit 0
//!  binary64:  sign | exponent (11) | fraction (52)
//! ```

use super::super::circuit::{Circuit, Lit};
use super::word::Sym;
use crate::lang::c::Scalar;

/// (exponent bits, fraction bits) of a floating type.
pub fn layout(ty: Scalar) -> (usize, usize) {
    if ty == Scalar::Float {
        (8, 23)
    } else {
        (11, 52)
    }
}

/// Every wire of `lits` set.
pub fn all(c: &mut Circuit, lits: &[Lit]) -> Lit {
    let negated: Vec<Lit> = lits.iter().map(|&l| !l).collect();
    !c.any(&negated)
}

/// The exponent's wires and the fraction's.
fn fields(a: &Sym) -> (&[Lit], &[Lit]) {
    let (e, f) = layout(a.ty);
    (&a.bits[f..f + e], &a.bits[..f])
}

/// A NaN: the exponent all ones, the fraction not zero.
pub fn is_nan(c: &mut Circuit, a: &Sym) -> Lit {
    let (e, f) = fields(a);
    let (top, frac) = (all(c, e), c.any(f));
    c.and(top, frac)
}

/// ±infinity.
pub fn is_inf(c: &mut Circuit, a: &Sym) -> Lit {
    let (e, f) = fields(a);
    let (top, frac) = (all(c, e), c.any(f));
    c.and(top, !frac)
}

/// Neither ±0 (a NaN is true): [`Sym::truth`].
pub fn truth(c: &mut Circuit, a: &Sym) -> Lit {
    a.truth(c)
}

/// The sign bit set to `sign`.
pub fn with_sign(a: &Sym, sign: Lit) -> Sym {
    let mut bits = a.bits.clone();
    let w = bits.len();
    bits[w - 1] = sign;
    Sym { ty: a.ty, bits }
}

/// `-a`: the sign bit flipped (a NaN's too, as xorps does).
pub fn negate(a: &Sym) -> Sym {
    let s = a.bits[a.bits.len() - 1];
    with_sign(a, !s)
}
