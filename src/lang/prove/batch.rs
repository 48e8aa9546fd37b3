//! The evaluator's semantics on many inputs at once: an expression compiled
//! to a straight-line program over registers of [`LANES`] words, each
//! operator one loop over the lanes (the compiler vectorises it), with an
//! "undefined" flag per lane. Used for the exhaustive proof and the samples;
//! every disagreement it finds is re-checked by the plain evaluator
//! ([`crate::lang::expr::reference`]) before it is reported.

use crate::bits::word::mask;
use crate::lang::expr::{BinOp, Expr, ExprKind, UnOp, Var};

/// Inputs evaluated together.
pub const LANES: usize = 256;

#[derive(Clone, Copy, Debug)]
enum Op {
    Lit(u64),
    Var(Var),
    Unary(UnOp, usize),
    Binary(BinOp, usize, usize),
}

/// A compiled expression: register k holds op k's value.
#[derive(Clone, Debug)]
pub struct Program {
    ops: Vec<Op>,
    width: u32,
}

impl Program {
    pub fn compile(e: &Expr, width: u32) -> Program {
        let mut ops = Vec::new();
        push(&mut ops, e);
        Program { ops, width }
    }

    /// Evaluates the program on `LANES` inputs; returns the values and the
    /// lanes that are undefined (an error in the evaluator).
    pub fn run(&self, regs: &mut Regs, inputs: &Inputs) -> (Lane, LaneFlags) {
        let m = mask(self.width);
        let w = u64::from(self.width);
        regs.vals.resize(self.ops.len(), [0; LANES]);
        let mut undef = [false; LANES];
        for (k, op) in self.ops.iter().enumerate() {
            let (done, rest) = regs.vals.split_at_mut(k);
            let out = &mut rest[0];
            match *op {
                Op::Lit(v) => *out = [v; LANES],
                Op::Var(v) => {
                    *out = match v {
                        Var::X => inputs.x,
                        Var::Y => inputs.y,
                        Var::Z => inputs.z,
                    }
                }
                Op::Unary(u, a) => {
                    let a = &done[a];
                    for i in 0..LANES {
                        out[i] = match u {
                            UnOp::Not => !a[i] & m,
                            UnOp::Neg => a[i].wrapping_neg() & m,
                            UnOp::LogicalNot => u64::from(a[i] == 0),
                        };
                    }
                }
                Op::Binary(op, a, b) => binary(op, &done[a], &done[b], out, &mut undef, m, w),
            }
        }
        let last = regs
            .vals
            .get(self.ops.len().wrapping_sub(1))
            .copied()
            .unwrap_or([0; LANES]);
        (last, undef)
    }
}

pub type Lane = [u64; LANES];
pub type LaneFlags = [bool; LANES];

/// The registers one program runs in (kept between batches).
#[derive(Default)]
pub struct Regs {
    vals: Vec<Lane>,
}

/// The variables' values, one per lane.
pub struct Inputs {
    pub x: Lane,
    pub y: Lane,
    pub z: Lane,
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs {
            x: [0; LANES],
            y: [0; LANES],
            z: [0; LANES],
        }
    }
}

fn push(ops: &mut Vec<Op>, e: &Expr) -> usize {
    let op = match &e.kind {
        ExprKind::Lit(v) => Op::Lit(*v),
        ExprKind::Var(v) => Op::Var(*v),
        ExprKind::Unary(u, a) => Op::Unary(*u, push(ops, a)),
        ExprKind::Binary(b, l, r) => {
            let l = push(ops, l);
            let r = push(ops, r);
            Op::Binary(*b, l, r)
        }
    };
    ops.push(op);
    ops.len() - 1
}

/// One operator over the lanes. Each arm is its own loop so that it
/// vectorises; the undefined lanes get any value.
fn binary(op: BinOp, a: &Lane, b: &Lane, out: &mut Lane, undef: &mut LaneFlags, m: u64, w: u64) {
    macro_rules! each {
        (|$p:ident, $q:ident| $e:expr) => {
            for i in 0..LANES {
                let ($p, $q) = (a[i], b[i]);
                out[i] = $e;
            }
        };
    }
    match op {
        BinOp::Mul => each!(|p, q| p.wrapping_mul(q) & m),
        BinOp::Add => each!(|p, q| p.wrapping_add(q) & m),
        BinOp::Sub => each!(|p, q| p.wrapping_sub(q) & m),
        BinOp::And => each!(|p, q| p & q),
        BinOp::Or => each!(|p, q| p | q),
        BinOp::Xor => each!(|p, q| p ^ q),
        BinOp::Lt => each!(|p, q| u64::from(p < q)),
        BinOp::Le => each!(|p, q| u64::from(p <= q)),
        BinOp::Gt => each!(|p, q| u64::from(p > q)),
        BinOp::Ge => each!(|p, q| u64::from(p >= q)),
        BinOp::Eq => each!(|p, q| u64::from(p == q)),
        BinOp::Ne => each!(|p, q| u64::from(p != q)),
        BinOp::Shl | BinOp::Shr => {
            let left = op == BinOp::Shl;
            for i in 0..LANES {
                undef[i] |= b[i] >= w;
                let s = (b[i] & 63) as u32;
                out[i] = if left { (a[i] << s) & m } else { a[i] >> s };
            }
        }
        BinOp::Div | BinOp::Rem => {
            let div = op == BinOp::Div;
            for i in 0..LANES {
                undef[i] |= b[i] == 0;
                let q = b[i].max(1);
                out[i] = if div { a[i] / q } else { a[i] % q };
            }
        }
    }
}
