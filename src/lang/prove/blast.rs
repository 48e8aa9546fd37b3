//! Bit-blasting: a Lab expression at W bits becomes W wires (bit 0 first)
//! and one wire "this input makes the expression undefined" (a division or
//! remainder by zero, a shift by W or more: the errors of the Lab's
//! evaluator), with exactly the evaluator's semantics:
//!
//! ```text
//!  + - * ~ -      wrap mod 2^W: ripple-carry adders, shift-and-add multiply
//!  << >>          logical; by a variable: a barrel shifter on the low log2(W)
//!                 bits, undefined when any higher bit of the amount is set
//!  < <= > >= == !=   unsigned, the answer 0 or 1 in bit 0
//!  !              1 when every bit is 0
//!  / %            restoring division, one compare-and-subtract per bit
//! ```
//!
//! Variable `x`'s bit i is circuit input `i`, `y`'s `64 + i`, `z`'s `128 + i`.

use super::circuit::{Circuit, Lit};
use super::words::{add, divide, eq, lt, mul, neg, shift, sub, zip};
use super::Mode;
use crate::lang::expr::{BinOp, Expr, ExprKind, UnOp, Var};

/// A word of wires and its "undefined" wire.
#[derive(Clone, Debug)]
pub struct Blasted {
    pub bits: Vec<Lit>,
    pub undefined: Lit,
}

/// The circuit input number of a variable's bit.
pub fn input_of(var: Var, bit: u32) -> u32 {
    let base = match var {
        Var::X => 0,
        Var::Y => 64,
        Var::Z => 128,
    };
    base + bit
}

/// Builds `e` at `width` bits into `c`.
pub fn blast(c: &mut Circuit, e: &Expr, width: u32) -> Blasted {
    let w = width as usize;
    match &e.kind {
        ExprKind::Lit(v) => Blasted {
            bits: (0..w).map(|i| Lit::from_bool(v >> i & 1 == 1)).collect(),
            undefined: Lit::FALSE,
        },
        ExprKind::Var(v) => Blasted {
            bits: (0..width).map(|i| c.input(input_of(*v, i))).collect(),
            undefined: Lit::FALSE,
        },
        ExprKind::Unary(op, a) => {
            let a = blast(c, a, width);
            let bits = match op {
                UnOp::Not => a.bits.iter().map(|&l| !l).collect(),
                UnOp::Neg => neg(c, &a.bits),
                UnOp::LogicalNot => {
                    let any = c.any(&a.bits);
                    bool_word(!any, w)
                }
            };
            Blasted {
                bits,
                undefined: a.undefined,
            }
        }
        ExprKind::Binary(op, a, b) => {
            let a = blast(c, a, width);
            let b = blast(c, b, width);
            let (bits, local) = binary(c, *op, &a.bits, &b.bits);
            let und = c.or(a.undefined, b.undefined);
            Blasted {
                bits,
                undefined: c.or(und, local),
            }
        }
    }
}

/// The wire "the two words differ as the evaluator sees them": one side
/// undefined and the other not, or both defined with different values (in
/// [`Mode::Refines`], only where `b` is defined).
pub fn differ(c: &mut Circuit, a: &Blasted, b: &Blasted, mode: Mode) -> Lit {
    let diffs: Vec<Lit> = a
        .bits
        .iter()
        .zip(&b.bits)
        .map(|(&p, &q)| c.xor(p, q))
        .collect();
    let any_diff = c.any(&diffs);
    if mode == Mode::Refines {
        let bad = c.or(a.undefined, any_diff);
        return c.and(!b.undefined, bad);
    }
    let one_undefined = c.xor(a.undefined, b.undefined);
    let neither = c.or(a.undefined, b.undefined);
    let values_differ = c.and(!neither, any_diff);
    c.or(one_undefined, values_differ)
}

fn bool_word(bit: Lit, w: usize) -> Vec<Lit> {
    let mut v = vec![Lit::FALSE; w];
    v[0] = bit;
    v
}

/// One operator: its word and its own "undefined" wire.
fn binary(c: &mut Circuit, op: BinOp, a: &[Lit], b: &[Lit]) -> (Vec<Lit>, Lit) {
    let w = a.len();
    let defined = |bits| (bits, Lit::FALSE);
    match op {
        BinOp::And => defined(zip(a, b, |p, q| c.and(p, q))),
        BinOp::Or => defined(zip(a, b, |p, q| c.or(p, q))),
        BinOp::Xor => defined(zip(a, b, |p, q| c.xor(p, q))),
        BinOp::Add => defined(add(c, a, b, Lit::FALSE).0),
        BinOp::Sub => defined(sub(c, a, b).0),
        BinOp::Mul => defined(mul(c, a, b)),
        BinOp::Lt => defined(bool_word(lt(c, a, b), w)),
        BinOp::Gt => defined(bool_word(lt(c, b, a), w)),
        BinOp::Le => defined(bool_word(!lt(c, b, a), w)),
        BinOp::Ge => defined(bool_word(!lt(c, a, b), w)),
        BinOp::Eq => defined(bool_word(eq(c, a, b), w)),
        BinOp::Ne => defined(bool_word(!eq(c, a, b), w)),
        BinOp::Shl | BinOp::Shr => shift(c, op == BinOp::Shl, a, b, Lit::FALSE),
        BinOp::Div | BinOp::Rem => {
            let (q, r) = divide(c, a, b);
            let zero = !c.any(b);
            (if op == BinOp::Div { q } else { r }, zero)
        }
    }
}
