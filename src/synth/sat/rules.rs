//! The rules that cut the SAT search's space. "Unsatisfiable" must stay a
//! proof that no program of length L gives the target on the inputs, so a
//! rule may only remove a program P when another program survives that
//! does what P does:
//!
//! ```text
//!   rule                                 the program that replaces P
//!   unary: b = a                         P itself (b is not read)
//!   commutative: a <= b                  P with the operands swapped
//!   free constants in order              P with them renumbered
//!   every line but the last is read      P without the unread line: shorter
//!   no copy (x & x, x | 0, x * 1, c op d P with the line's readers reading
//!     for constants c, d giving a        the operand or constant instead,
//!     constant the program has)          the line then unread: shorter
//!   the plainer form (0 - x, -1 - x,     P with -x, ~x, x + 1 in its place
//!     x ^ -1, x * -1, x - -1 where the   (the same value, one line too)
//!     allowed operators have it)
//!   one schedule: two adjacent lines    P with the two swapped (the
//!     the later does not read, in        order of the smallest ready line
//!     increasing (op, a, b)              first exists for every program)
//!   distinct on D: no value equal to     P with the readers of the later
//!     an earlier one (or a line to the   reading the earlier (or P cut at
//!     target) on every input of D        that line): shorter, on D
//! ```
//!
//! A shorter program is no program at all when the shorter lengths were
//! ruled out, and the CEGIS loop searches lengths in order: "shorter" needs
//! only that it matches the inputs the shorter lengths were ruled out on.
//! For the first rules that holds on every input (the shorter program
//! computes the same values); "distinct" holds on D only, so D must
//! contain the inputs every shorter length was ruled out on
//! ([`super::SatSearch::new`]'s caller sees to it).

use super::{Free, Op, SatSearch, Ty, Word};
use crate::lang::prove::circuit::Lit;
use crate::lang::prove::words;

/// A line that always computes a value the program already has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copy {
    /// One of its operands.
    Operand,
    /// This constant.
    Const(u64),
    /// Nothing: a shift count out of range on every input.
    Undefined,
}

/// Whether `op` on operands that are the constants `a` and `b` (`None`:
/// not a constant), the same value when `same`, is a [`Copy`].
pub fn copy(ty: Ty, op: Op, a: Option<u64>, b: Option<u64>, same: bool) -> Option<Copy> {
    use Op::*;
    let (zero, one, mask) = (Some(0), Some(1), Some(ty.mask));
    if let (Some(x), Some(y)) = (a, b) {
        return Some(ty.eval(op, x, y).map_or(Copy::Undefined, Copy::Const));
    }
    if op.unary() {
        return None;
    }
    if same {
        return match op {
            And | Or => Some(Copy::Operand),
            Xor | Sub | Lt | Gt | Ne => Some(Copy::Const(0)),
            Le | Ge | Eq => Some(Copy::Const(1)),
            _ => None,
        };
    }
    // a constant on either side of a commutative operator
    let c = if op.commutative() { a.or(b) } else { b };
    match op {
        And if c == zero => Some(Copy::Const(0)),
        And if c == mask => Some(Copy::Operand),
        Or if c == zero => Some(Copy::Operand),
        Or if c == mask => Some(Copy::Const(ty.mask)),
        Xor | Add if c == zero => Some(Copy::Operand),
        Mul if c == zero => Some(Copy::Const(0)),
        Mul if c == one => Some(Copy::Operand),
        Sub | Shl | Shr if b == zero => Some(Copy::Operand),
        Shl | Shr if a == zero => Some(Copy::Const(0)),
        Shr if ty.signed && a == mask => Some(Copy::Const(ty.mask)),
        _ => None,
    }
}

/// Whether `op` on operands that are the constants `a` and `b` (`None`:
/// not a constant) has a plainer form of one operation among `ops`: `-x`
/// for `0 - x` and `x * -1`, `~x` for `-1 - x` and `x ^ -1`, `x + c` for
/// `x - (-c)` when `consts` has c.
pub fn plainer(ty: Ty, op: Op, a: Option<u64>, b: Option<u64>, ops: &[Op], consts: &[u64]) -> bool {
    let has = |o: Op| ops.contains(&o);
    let mask = Some(ty.mask);
    let c = if op.commutative() { a.or(b) } else { b };
    match op {
        Op::Sub if a == Some(0) && b.is_none() => has(Op::Neg),
        Op::Sub if a == mask && b.is_none() => has(Op::Not),
        Op::Sub => match (a, b) {
            (None, Some(c)) => {
                has(Op::Add) && c != 0 && consts.contains(&(c.wrapping_neg() & ty.mask))
            }
            _ => false,
        },
        Op::Xor if c == mask && a.xor(b).is_some() => has(Op::Not),
        Op::Mul if c == mask && a.xor(b).is_some() => has(Op::Neg),
        _ => false,
    }
}

impl SatSearch {
    /// The value `j`'s constant, when it is one of the given constants.
    fn const_of(&self, j: usize) -> Option<u64> {
        j.checked_sub(self.params)
            .and_then(|k| self.consts.get(k).copied())
    }

    /// The free constants' words: in increasing order, each at most the
    /// maximum.
    pub(super) fn free_constants(&mut self, free: Free) {
        let max = free.max.map(|m| self.constant(m & self.ty.mask));
        for _ in 0..free.count {
            let f = self.word();
            if let Some(m) = &max {
                let over = words::lt(&mut self.c, m, &f);
                self.clause(&[!over]);
            }
            if let Some(prev) = self.free.last().cloned() {
                let down = words::lt(&mut self.c, &f, &prev);
                self.clause(&[!down]);
            }
            self.free.push(f);
        }
    }

    /// Each line: a unary operator's b is its a; a commutative one's
    /// a <= b.
    pub(super) fn operand_order(&mut self) {
        for i in 0..self.len {
            let n = self.a_sel[i].len();
            for (p, op) in self.ops.clone().into_iter().enumerate() {
                let o = self.op_sel[i][p];
                for j in 0..n {
                    let a = self.a_sel[i][j];
                    if op.unary() {
                        let b = self.b_sel[i][j];
                        self.clause(&[!o, !a, b]);
                    } else if op.commutative() {
                        let mut cl = vec![!o, !a];
                        cl.extend_from_slice(&self.b_sel[i][j..]);
                        self.clause(&cl);
                    }
                }
            }
        }
    }

    /// Every line but the last is read by a later one.
    pub(super) fn every_line_read(&mut self) {
        let nl = self.leaves();
        for i in 0..self.len.saturating_sub(1) {
            let v = nl + i;
            let readers: Vec<Lit> = (i + 1..self.len)
                .flat_map(|k| [self.a_sel[k][v], self.b_sel[k][v]])
                .collect();
            self.clause(&readers);
        }
    }

    /// No line is a [`Copy`] of an operand or of a constant the program
    /// has, nor has a [`plainer`] form.
    pub(super) fn no_copies(&mut self) {
        for i in 0..self.len {
            let n = self.a_sel[i].len();
            for (p, op) in self.ops.clone().into_iter().enumerate() {
                for a in 0..n {
                    let bs = if op.unary() {
                        a..a + 1
                    } else if op.commutative() {
                        a..n
                    } else {
                        0..n
                    };
                    for b in bs {
                        let (ca, cb) = (self.const_of(a), self.const_of(b));
                        let kept = match copy(self.ty, op, ca, cb, a == b) {
                            None => !plainer(self.ty, op, ca, cb, &self.ops, &self.consts),
                            Some(Copy::Const(v)) => !self.consts.contains(&v),
                            Some(_) => false,
                        };
                        if !kept {
                            let (o, x, y) = (self.op_sel[i][p], self.a_sel[i][a], self.b_sel[i][b]);
                            self.clause(&[!o, !x, !y]);
                        }
                    }
                }
            }
        }
    }

    /// Two adjacent lines the later of which does not read the earlier are
    /// in increasing order of (operator, a, b).
    pub(super) fn one_schedule(&mut self) {
        let nl = self.leaves();
        for i in 0..self.len.saturating_sub(1) {
            let v = nl + i;
            let reads = [self.a_sel[i + 1][v], self.b_sel[i + 1][v]];
            let (o0, o1) = (self.op_sel[i].clone(), self.op_sel[i + 1].clone());
            // the same operator, the later not reading: e
            let e = self.var();
            for (p, &first) in o0.iter().enumerate() {
                for (q, &second) in o1.iter().enumerate().take(p + 1) {
                    let same = if p == q { e } else { Lit::FALSE };
                    self.clause(&[!first, !second, reads[0], reads[1], same]);
                }
            }
            // then a0 <= a1, and with a0 = a1 (f), b0 < b1
            let f = self.var();
            let (a0, a1) = (self.a_sel[i].clone(), self.a_sel[i + 1].clone());
            let (b0, b1) = (self.b_sel[i].clone(), self.b_sel[i + 1].clone());
            for j in 0..a0.len() {
                for &lower in &a1[..j] {
                    self.clause(&[!e, !a0[j], !lower]);
                }
                self.clause(&[!e, !a0[j], !a1[j], f]);
                for &lower in &b1[..=j] {
                    self.clause(&[!f, !b0[j], !lower]);
                }
            }
        }
    }

    /// On the inputs whose words are `vals` (every value's, the last line
    /// the target's), no value equals an earlier one and no line but the
    /// last equals the target (on all of them at once).
    pub(super) fn distinct(&mut self, vals: &[Vec<Word>], targets: &[u64]) {
        if vals.is_empty() {
            return;
        }
        let nl = self.leaves();
        let target: Vec<Word> = targets.iter().map(|&t| self.constant(t)).collect();
        for v in nl..nl + self.len {
            let last = v + 1 == nl + self.len;
            let mut earlier: Vec<Option<usize>> = (0..v).map(Some).collect();
            if !last {
                earlier.push(None);
            }
            for j in earlier {
                let mut differ = Vec::new();
                for (d, words) in vals.iter().enumerate() {
                    let other = j.map_or(&target[d], |j| &words[j]);
                    for (&x, &y) in words[v].iter().zip(other) {
                        differ.push(self.c.xor(x, y));
                    }
                }
                self.clause(&differ);
            }
        }
    }
}
