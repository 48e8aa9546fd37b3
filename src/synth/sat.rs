//! One length searched by a SAT solver instead of enumeration: is there a
//! straight-line program of exactly L instructions (the form the
//! enumeration tries: each an operator on two earlier values, leaves
//! numbered first, the last one the answer) that gives the target on every
//! input given so far? The solver picks the program; the inputs only add
//! clauses, so one solver serves a length's whole CEGIS loop, keeping what
//! it learnt ([`crate::lang::prove::sat::Incremental`]).
//!
//! ```text
//!   line i (value nl + i):   op_i      one of the allowed operators (one-hot)
//!                            a_i, b_i  one of the values 0 .. nl + i - 1 (one-hot)
//!   on each input s:         A, B      fresh words; a_i = j  ->  A = value j on s
//!                            V         a fresh word (the last line: the target)
//!                            op_i = p  ->  V = p(A, B), and a shift's count
//!                                          in 0..W-1 (else it has no value)
//!   free constants           words of free bits, the same on every input
//! ```
//!
//! The operators' words come from [`crate::lang::prove::words`], exactly
//! [`Ty::eval`] (tested against it). A leaf's value on an input is a
//! constant, so its selection folds to a two-literal clause a bit.
//!
//! The rules of [`rules`] cut the solver's space; each only removes
//! programs that another program of the length, or a shorter one, replaces,
//! so "unsatisfiable" still proves that no program of length L gives the
//! target on the inputs.

mod rules;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

use super::ops::{Op, Ty};
use super::program::Instr;
use crate::lang::prove::circuit::{Circuit, Lit};
use crate::lang::prove::sat::{Answer, Incremental};
use crate::lang::prove::{words, Control, Flow};

/// The most free constants a search may have.
pub const MAX_FREE: usize = 8;

/// Constants the solver picks: `count` leaves after the given constants,
/// each the same on every input and at most `max` (as unsigned).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Free {
    pub count: usize,
    pub max: Option<u64>,
}

/// What programs a search is over.
#[derive(Clone, Copy, Debug)]
pub struct Shape<'a> {
    pub ty: Ty,
    pub ops: &'a [Op],
    /// The leaves: parameters, then the constants, then the free constants.
    pub params: usize,
    pub consts: &'a [u64],
    pub free: Free,
    /// Instructions (at least 1).
    pub len: usize,
}

/// An input: the parameters' values and the target's.
pub type Input = (Vec<u64>, u64);

/// A search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatAnswer {
    /// A program giving the target on every input given, and the values
    /// of the free constants.
    Found(Vec<Instr>, Vec<u64>),
    /// No program of the length gives the target on these inputs.
    Unsat,
    /// Out of steps, or the control said stop.
    Unknown(Flow),
}

/// A word of wires, bit 0 first.
type Word = Vec<Lit>;

/// One length's search (kept across the CEGIS rounds of the length).
pub struct SatSearch {
    ty: Ty,
    ops: Vec<Op>,
    len: usize,
    params: usize,
    consts: Vec<u64>,
    c: Circuit,
    solver: Incremental,
    /// Circuit inputs numbered so far (each a fresh variable).
    fresh: u32,
    /// `op_sel[i][p]`: line i computes `ops[p]`.
    op_sel: Vec<Vec<Lit>>,
    /// `a_sel[i][j]`: line i's first operand is value j (`b_sel`: second).
    a_sel: Vec<Vec<Lit>>,
    b_sel: Vec<Vec<Lit>>,
    free: Vec<Word>,
    /// The inputs given (their arguments).
    inputs: Vec<Vec<u64>>,
}

impl SatSearch {
    /// The search over `shape`, given the inputs `distinct` first: no
    /// value of a program may equal an earlier one (or the target) on all
    /// of them. That rule keeps "unsatisfiable" a proof only when every
    /// shorter length was ruled out on a subset of `distinct` (see
    /// [`rules`]); give none when that is not known.
    pub fn new(shape: Shape, distinct: &[Input]) -> Self {
        let nl = shape.params + shape.consts.len() + shape.free.count;
        let mut s = SatSearch {
            ty: shape.ty,
            ops: shape.ops.to_vec(),
            len: shape.len,
            params: shape.params,
            consts: shape.consts.to_vec(),
            c: Circuit::new(),
            solver: Incremental::new(),
            fresh: 0,
            op_sel: Vec::new(),
            a_sel: Vec::new(),
            b_sel: Vec::new(),
            free: Vec::new(),
            inputs: Vec::new(),
        };
        for i in 0..shape.len {
            let o = s.one_hot(shape.ops.len());
            let a = s.one_hot(nl + i);
            let b = s.one_hot(nl + i);
            s.op_sel.push(o);
            s.a_sel.push(a);
            s.b_sel.push(b);
        }
        s.free_constants(shape.free);
        s.operand_order();
        s.every_line_read();
        s.no_copies();
        s.one_schedule();
        let vals: Vec<Vec<Word>> = distinct
            .iter()
            .filter_map(|(args, t)| s.encode(args, *t))
            .collect();
        let targets: Vec<u64> = distinct.iter().map(|d| d.1).collect();
        s.distinct(&vals, &targets);
        s
    }

    /// The leaves: parameters, constants, free constants.
    fn leaves(&self) -> usize {
        self.params + self.consts.len() + self.free.len()
    }

    fn var(&mut self) -> Lit {
        self.fresh += 1;
        self.c.input(self.fresh - 1)
    }

    fn word(&mut self) -> Word {
        (0..self.ty.bits).map(|_| self.var()).collect()
    }

    fn constant(&self, v: u64) -> Word {
        (0..self.ty.bits)
            .map(|k| Lit::from_bool(v >> k & 1 == 1))
            .collect()
    }

    fn clause(&mut self, lits: &[Lit]) {
        self.solver.clause(&self.c, lits);
    }

    /// `n` fresh variables, exactly one of them true.
    fn one_hot(&mut self, n: usize) -> Vec<Lit> {
        let v: Vec<Lit> = (0..n).map(|_| self.var()).collect();
        self.clause(&v);
        for x in 0..n {
            for y in x + 1..n {
                self.clause(&[!v[x], !v[y]]);
            }
        }
        v
    }

    /// How many inputs were given.
    pub fn inputs(&self) -> usize {
        self.inputs.len()
    }

    /// The solver's counts ([`Incremental::stats`]).
    pub fn stats(&self) -> [u64; 5] {
        self.solver.stats()
    }

    /// Every solver step so far.
    pub fn steps(&self) -> u64 {
        self.solver.steps()
    }

    /// One more input: the program must give `target` on `args` (and have
    /// a value there). An input given before is ignored.
    pub fn add_input(&mut self, args: &[u64], target: u64) {
        self.encode(args, target);
    }

    /// Every value's word on an input (the leaves, then the lines; the
    /// last line is the target), `None` when it was given before.
    fn encode(&mut self, args: &[u64], target: u64) -> Option<Vec<Word>> {
        if self.inputs.iter().any(|a| a == args) {
            return None;
        }
        self.inputs.push(args.to_vec());
        let mut vals: Vec<Word> = args.iter().map(|&a| self.constant(a)).collect();
        vals.extend(self.consts.clone().iter().map(|&c| self.constant(c)));
        vals.extend(self.free.iter().cloned());
        for i in 0..self.len {
            let a = self.operand(&self.a_sel[i].clone(), &vals);
            let b = self.operand(&self.b_sel[i].clone(), &vals);
            let v = if i + 1 == self.len {
                self.constant(target)
            } else {
                self.word()
            };
            for (p, op) in self.ops.clone().into_iter().enumerate() {
                let o = self.op_sel[i][p];
                // the operator's own copies of its operands, bound only when
                // it is the line's: the gates of the others compute nothing
                let a = self.guarded(o, &a);
                let b = match op.unary() {
                    true => a.clone(),
                    false => self.guarded(o, &b),
                };
                let (r, undefined) = apply(&mut self.c, self.ty, op, &a, &b);
                for (&v, &r) in v.iter().zip(&r) {
                    self.clause(&[!o, !v, r]);
                    self.clause(&[!o, v, !r]);
                }
                self.clause(&[!o, !undefined]);
            }
            vals.push(v);
        }
        Some(vals)
    }

    /// A fresh word equal to `w` when `o` holds.
    fn guarded(&mut self, o: Lit, w: &[Lit]) -> Word {
        let g = self.word();
        for (&x, &y) in g.iter().zip(w) {
            self.clause(&[!o, !x, y]);
            self.clause(&[!o, x, !y]);
        }
        g
    }

    /// A fresh word equal to the value `sel` picks among `vals`.
    fn operand(&mut self, sel: &[Lit], vals: &[Word]) -> Word {
        let w = self.word();
        for (&s, v) in sel.iter().zip(vals) {
            for (&x, &y) in w.iter().zip(v) {
                self.clause(&[!s, !x, y]);
                self.clause(&[!s, x, !y]);
            }
        }
        w
    }

    /// Rules out one program (and its free constants' values).
    pub fn block(&mut self, instrs: &[Instr], free: &[u64]) {
        let mut cl = Vec::new();
        for (i, ins) in instrs.iter().enumerate().take(self.len) {
            if let Some(p) = self.ops.iter().position(|&o| o == ins.op) {
                cl.push(!self.op_sel[i][p]);
            }
            cl.push(!self.a_sel[i][usize::from(ins.a)]);
            cl.push(!self.b_sel[i][usize::from(ins.b)]);
        }
        for (f, &v) in self.free.iter().zip(free) {
            for (k, &bit) in f.iter().enumerate() {
                cl.push(if v >> k & 1 == 1 { !bit } else { bit });
            }
        }
        self.clause(&cl);
    }

    /// Looks for a program; at most `max_steps` solver steps.
    pub fn solve(&mut self, max_steps: u64, ctl: &mut dyn Control) -> SatAnswer {
        match self.solver.solve(&self.c, max_steps, ctl) {
            Answer::Sat(values) => {
                let (instrs, free) = self.decode(&values);
                SatAnswer::Found(instrs, free)
            }
            Answer::Unsat => SatAnswer::Unsat,
            Answer::Unknown(flow) => SatAnswer::Unknown(flow),
        }
    }

    /// The program and the free constants of a model.
    fn decode(&self, values: &[bool]) -> (Vec<Instr>, Vec<u64>) {
        let on = |l: Lit| Circuit::value(values, l);
        let pick = |sel: &[Lit]| sel.iter().position(|&l| on(l)).unwrap_or(0);
        let instrs = (0..self.len)
            .map(|i| Instr {
                op: self.ops[pick(&self.op_sel[i])],
                a: pick(&self.a_sel[i]) as u8,
                b: pick(&self.b_sel[i]) as u8,
            })
            .collect();
        let free = self
            .free
            .iter()
            .map(|f| {
                f.iter()
                    .enumerate()
                    .fold(0u64, |acc, (k, &b)| acc | u64::from(on(b)) << k)
            })
            .collect();
        (instrs, free)
    }
}

/// `op` on the words `a` and `b` of type `ty` ([`Ty::eval`] in gates): the
/// result, and the wire that is true where it has no value (a shift count
/// outside 0..W-1).
pub fn apply(c: &mut Circuit, ty: Ty, op: Op, a: &[Lit], b: &[Lit]) -> (Word, Lit) {
    let w = a.len();
    let bit = |l: Lit| {
        let mut v = vec![Lit::FALSE; w];
        v[0] = l;
        v
    };
    // signed order: the top bits flipped, then unsigned
    let flip = |x: &[Lit]| {
        let mut v = x.to_vec();
        if ty.signed {
            v[w - 1] = !v[w - 1];
        }
        v
    };
    let out = match op {
        Op::Not => a.iter().map(|&l| !l).collect(),
        Op::Neg => words::neg(c, a),
        Op::LNot => bit(!c.any(a)),
        Op::And => words::zip(a, b, |x, y| c.and(x, y)),
        Op::Or => words::zip(a, b, |x, y| c.or(x, y)),
        Op::Xor => words::zip(a, b, |x, y| c.xor(x, y)),
        Op::Add => words::add(c, a, b, Lit::FALSE).0,
        Op::Sub => words::sub(c, a, b).0,
        Op::Mul => words::mul(c, a, b),
        Op::Div | Op::Rem => return divide(c, ty, op, a, b),
        Op::Shl | Op::Shr => {
            let fill = if op == Op::Shr && ty.signed {
                a[w - 1]
            } else {
                Lit::FALSE
            };
            return words::shift(c, op == Op::Shl, a, b, fill);
        }
        Op::Lt => bit(words::lt(c, &flip(a), &flip(b))),
        Op::Le => bit(!words::lt(c, &flip(b), &flip(a))),
        Op::Gt => bit(words::lt(c, &flip(b), &flip(a))),
        Op::Ge => bit(!words::lt(c, &flip(a), &flip(b))),
        Op::Eq => bit(words::eq(c, a, b)),
        Op::Ne => bit(!words::eq(c, a, b)),
    };
    (out, Lit::FALSE)
}

/// `a / b` or `a % b` in gates, as [`Ty::eval`]: for a signed type on the
/// magnitudes, the quotient negated where the signs differ and the
/// remainder where `a` is negative; no value for `b` = 0 or least / -1.
fn divide(c: &mut Circuit, ty: Ty, op: Op, a: &[Lit], b: &[Lit]) -> (Word, Lit) {
    let w = a.len();
    let zero = !c.any(b);
    if !ty.signed {
        let (q, r) = words::divide(c, a, b);
        return (if op == Op::Div { q } else { r }, zero);
    }
    let (sa, sb) = (a[w - 1], b[w - 1]);
    let pick = |c: &mut Circuit, s: Lit, x: &[Lit], y: &[Lit]| -> Word {
        x.iter().zip(y).map(|(&p, &q)| c.mux(s, p, q)).collect()
    };
    let (na, nb) = (words::neg(c, a), words::neg(c, b));
    let (ma, mb) = (pick(c, sa, &na, a), pick(c, sb, &nb, b));
    let (q, r) = words::divide(c, &ma, &mb);
    // (every bit as the least int's, every bit of b set)
    let not_least: Vec<Lit> = (0..w)
        .map(|k| if k == w - 1 { !sa } else { a[k] })
        .collect();
    let least = !c.any(&not_least);
    let not_b: Vec<Lit> = b.iter().map(|&l| !l).collect();
    let minus_one = !c.any(&not_b);
    let overflow = c.and(least, minus_one);
    let undefined = c.or(zero, overflow);
    let out = match op {
        Op::Div => {
            let nq = words::neg(c, &q);
            let differ = c.xor(sa, sb);
            pick(c, differ, &nq, &q)
        }
        _ => {
            let nr = words::neg(c, &r);
            pick(c, sa, &nr, &r)
        }
    };
    (out, undefined)
}
