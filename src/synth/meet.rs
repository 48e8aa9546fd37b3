//! Meeting in the middle: a program too long to enumerate, found from two
//! halves (not proven the shortest: that is for the lengths' search).
//!
//! ```text
//!   bank   each behaviour on S of the expressions of 0, 1, 2, ...
//!          operations, once (the first expression found for it)
//!   goals  the target T, and T with a leaf c taken off the top:
//!          v ^ c = T -> T ^ c     v + c = T -> T - c    ~v = T -> ~T
//!          v - c = T -> T + c     c - v = T -> c - T    -v = T -> -T
//!   meet   X joins the bank: for each goal G and each of ^ + -, the
//!          other half is known, and looked up (first two inputs, then all)
//!            X ^ Y = G -> Y = G ^ X      X + Y = G -> Y = G - X
//!            X - Y = G -> Y = X - G      Y - X = G -> Y = G + X
//!   found  top(c, X op Y) as a straight-line program (each value once)
//! ```
//!
//! Expressions of k operations meet those of k: programs of about twice
//! the operations the bank holds (P21 of the Hacker's Delight collection,
//! 8 operations, from two halves of 3).

use super::ops::{Op, Ty};
use super::program::Instr;

/// How an expression of the bank is made.
#[derive(Clone, Copy)]
enum Node {
    Leaf(u8),
    Op(Op, u32, u32),
}

/// How the target is made from a goal's value v (`None`: it is v).
#[derive(Clone, Copy)]
enum Top {
    Is,
    /// `op v`.
    Unary(Op),
    /// `v op c` (`c op v` when `leaf_first`).
    Leaf {
        op: Op,
        leaf: u8,
        leaf_first: bool,
    },
}

/// What ended a search.
pub enum MeetEnd {
    /// A match on S the caller accepted.
    Accepted,
    /// The bank is full: no match accepted.
    Full,
    /// Told to stop.
    Stopped,
}

/// What the search tells its caller; the answer is whether to stop.
pub enum Event<'e> {
    /// Candidates tried since the last poll.
    Poll(u64),
    /// A program matching S (straight-line, leaves numbered first).
    Match(&'e [Instr]),
}

/// The search's state: the bank, its index, the goals.
pub struct Meet<'a> {
    ty: Ty,
    ops: &'a [Op],
    n: usize,
    leaves: usize,
    /// Each expression's values on S, `n` apiece.
    vals: Vec<u64>,
    nodes: Vec<Node>,
    /// Open addressing on the first two inputs: an expression's number + 1.
    slots: Vec<u32>,
    cap: usize,
    goals: Vec<(Vec<u64>, Top)>,
    searched: u64,
}

/// Candidates between two polls.
const POLL: u64 = 1 << 12;

impl<'a> Meet<'a> {
    /// A search over `leaves` (vectors on S) for `target`, its bank at most
    /// `cap` expressions.
    pub fn new(ty: Ty, ops: &'a [Op], leaves: &[Vec<u64>], target: &[u64], cap: usize) -> Self {
        let n = target.len();
        let slots = (2 * cap.max(leaves.len())).next_power_of_two();
        let mut meet = Meet {
            ty,
            ops,
            n,
            leaves: leaves.len(),
            vals: Vec::new(),
            nodes: Vec::new(),
            slots: vec![0; slots],
            cap,
            goals: vec![(target.to_vec(), Top::Is)],
            searched: 0,
        };
        meet.add_goals(leaves, target);
        for (k, l) in leaves.iter().enumerate() {
            if meet.find(|i| l[i]).is_none() {
                meet.insert(l, Node::Leaf(k as u8));
            }
        }
        meet
    }

    fn add_goals(&mut self, leaves: &[Vec<u64>], t: &[u64]) {
        let (ty, m) = (self.ty, self.ty.mask);
        let goal = |f: &dyn Fn(usize) -> u64| (0..t.len()).map(f).collect::<Vec<u64>>();
        for &op in self.ops {
            match op {
                Op::Not | Op::Neg => {
                    let g = goal(&|k| ty.eval(op, t[k], 0).unwrap_or(0));
                    self.goals.push((g, Top::Unary(op)));
                }
                Op::Xor | Op::Add | Op::Sub => {
                    for (c, l) in leaves.iter().enumerate() {
                        let top = |first| Top::Leaf {
                            op,
                            leaf: c as u8,
                            leaf_first: first,
                        };
                        let g = match op {
                            Op::Xor => goal(&|k| t[k] ^ l[k]),
                            Op::Add => goal(&|k| t[k].wrapping_sub(l[k]) & m),
                            _ => goal(&|k| t[k].wrapping_add(l[k]) & m),
                        };
                        self.goals.push((g, top(false)));
                        if op == Op::Sub {
                            let g = goal(&|k| l[k].wrapping_sub(t[k]) & m);
                            self.goals.push((g, top(true)));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn slot(&self, v0: u64, v1: u64) -> usize {
        let h = v0.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ v1.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        (h >> 17) as usize & (self.slots.len() - 1)
    }

    /// The expression whose values are `v(0), v(1), ...`, if any.
    fn find(&self, v: impl Fn(usize) -> u64) -> Option<u32> {
        let n = self.n;
        let (v0, v1) = (v(0), v(n.min(2) - 1));
        let mut s = self.slot(v0, v1);
        while self.slots[s] != 0 {
            let e = (self.slots[s] - 1) as usize;
            let ev = &self.vals[e * n..(e + 1) * n];
            if ev[0] == v0 && ev[n.min(2) - 1] == v1 && (2..n).all(|k| ev[k] == v(k)) {
                return Some(e as u32);
            }
            s = (s + 1) & (self.slots.len() - 1);
        }
        None
    }

    fn insert(&mut self, v: &[u64], node: Node) -> u32 {
        let e = self.nodes.len() as u32;
        let mut s = self.slot(v[0], v[self.n.min(2) - 1]);
        while self.slots[s] != 0 {
            s = (s + 1) & (self.slots.len() - 1);
        }
        self.slots[s] = e + 1;
        self.vals.extend_from_slice(v);
        self.nodes.push(node);
        e
    }

    /// Every expression of 1, 2, ... operations until one accepted, the
    /// bank full, or told to stop.
    pub fn run(&mut self, host: &mut dyn FnMut(Event) -> bool) -> MeetEnd {
        // (the leaves meet each other first)
        for x in 0..self.nodes.len() as u32 {
            if self.meets(x, host) {
                return MeetEnd::Accepted;
            }
        }
        let mut starts = vec![0, self.nodes.len()];
        let mut out = vec![0; self.n];
        for size in 1.. {
            for &op in self.ops {
                for sa in 0..size {
                    let sb = size - 1 - sa;
                    let skip = (op.unary() && sa != size - 1) || (op.commutative() && sa > sb);
                    if skip {
                        continue;
                    }
                    for a in starts[sa]..starts[sa + 1] {
                        let bs = match op.unary() {
                            true => a..a + 1,
                            false if op.commutative() && sa == sb => a..starts[sb + 1],
                            false => starts[sb]..starts[sb + 1],
                        };
                        for b in bs {
                            if let Some(end) = self.try_add(op, a, b, &mut out, host) {
                                return end;
                            }
                        }
                    }
                }
            }
            starts.push(self.nodes.len());
            if starts[size + 1] == starts[size] {
                return MeetEnd::Full; // (nothing new: nothing longer either)
            }
        }
        MeetEnd::Full
    }

    /// `op` on expressions `a` and `b` into the bank when new, then met.
    fn try_add(
        &mut self,
        op: Op,
        a: usize,
        b: usize,
        out: &mut [u64],
        host: &mut dyn FnMut(Event) -> bool,
    ) -> Option<MeetEnd> {
        if self.nodes.len() >= self.cap {
            return Some(MeetEnd::Full);
        }
        self.searched += 1;
        if self.searched.is_multiple_of(POLL)
            && host(Event::Poll(std::mem::take(&mut self.searched)))
        {
            return Some(MeetEnd::Stopped);
        }
        let n = self.n;
        let (va, vb) = (
            &self.vals[a * n..(a + 1) * n],
            &self.vals[b * n..(b + 1) * n],
        );
        if !self.ty.apply(op, va, vb, out) || self.find(|k| out[k]).is_some() {
            return None;
        }
        let x = self.insert(out, Node::Op(op, a as u32, b as u32));
        self.meets(x, host).then_some(MeetEnd::Accepted)
    }

    /// Expression `x` against every goal: itself, or with a half already
    /// in the bank; whether the host accepted a match.
    fn meets(&mut self, x: u32, host: &mut dyn FnMut(Event) -> bool) -> bool {
        let (n, m) = (self.n, self.ty.mask);
        let xv = &self.vals[x as usize * n..(x as usize + 1) * n];
        let mut tried = 0;
        let mut found = false;
        'goals: for (goal, top) in &self.goals {
            // (the target itself: an expression whose program, each value
            // once, may be shorter than its operations)
            if xv == &goal[..] {
                found = self.accept(*top, None, x, host);
                if found {
                    break;
                }
            }
            for &op in self.ops {
                // the other half y, and whether it is the left operand
                let y = match op {
                    Op::Xor => [(self.find(|k| goal[k] ^ xv[k]), false), (None, false)],
                    Op::Add => [
                        (self.find(|k| goal[k].wrapping_sub(xv[k]) & m), false),
                        (None, false),
                    ],
                    Op::Sub => [
                        (self.find(|k| xv[k].wrapping_sub(goal[k]) & m), false),
                        (self.find(|k| goal[k].wrapping_add(xv[k]) & m), true),
                    ],
                    _ => continue,
                };
                tried += 1 + u64::from(op == Op::Sub);
                for (y, y_first) in y {
                    let Some(y) = y else { continue };
                    let (l, r) = if y_first { (y, x) } else { (x, y) };
                    found = self.accept(*top, Some((op, l)), r, host);
                    if found {
                        break 'goals;
                    }
                }
            }
        }
        self.searched += tried;
        found
    }

    /// The program `top(mid.0 (mid.1, r))` (or `top(r)`) offered to the
    /// host: whether it accepted it.
    fn accept(
        &self,
        top: Top,
        mid: Option<(Op, u32)>,
        r: u32,
        host: &mut dyn FnMut(Event) -> bool,
    ) -> bool {
        self.program(top, mid, r)
            .is_some_and(|prog| !prog.is_empty() && host(Event::Match(&prog)))
    }

    /// The instructions of `top(mid.0 (mid.1, r))` (`None`: past 255 values).
    fn program(&self, top: Top, mid: Option<(Op, u32)>, r: u32) -> Option<Vec<Instr>> {
        let mut prog = Vec::new();
        let mut memo = Vec::new();
        let v = match mid {
            Some((op, l)) => {
                let lv = self.emit(l, &mut prog, &mut memo)?;
                let rv = self.emit(r, &mut prog, &mut memo)?;
                self.push(&mut prog, op, lv, rv)?
            }
            None => self.emit(r, &mut prog, &mut memo)?,
        };
        match top {
            Top::Is => {}
            Top::Unary(op) => {
                self.push(&mut prog, op, v, v)?;
            }
            Top::Leaf {
                op,
                leaf,
                leaf_first,
            } => {
                let (a, b) = if leaf_first {
                    (usize::from(leaf), v)
                } else {
                    (v, usize::from(leaf))
                };
                self.push(&mut prog, op, a, b)?;
            }
        }
        Some(prog)
    }

    /// Expression `e` as instructions (each expression once): its value's number.
    fn emit(&self, e: u32, prog: &mut Vec<Instr>, memo: &mut Vec<(u32, usize)>) -> Option<usize> {
        if let Some(&(_, v)) = memo.iter().find(|(x, _)| *x == e) {
            return Some(v);
        }
        let v = match self.nodes[e as usize] {
            Node::Leaf(k) => usize::from(k),
            Node::Op(op, a, b) => {
                let av = self.emit(a, prog, memo)?;
                let bv = if op.unary() {
                    av
                } else {
                    self.emit(b, prog, memo)?
                };
                self.push(prog, op, av, bv)?
            }
        };
        memo.push((e, v));
        Some(v)
    }

    /// Appends `op a b`: its value's number (`None`: past 255 values).
    fn push(&self, prog: &mut Vec<Instr>, op: Op, a: usize, b: usize) -> Option<usize> {
        let v = self.leaves + prog.len();
        (v < 255).then_some(())?;
        prog.push(Instr {
            op,
            a: a as u8,
            b: b as u8,
        });
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::rng::Rng;
    use crate::lang::c::Scalar;

    /// A random expression of at most `depth` operations over the leaves
    /// (a shift out of range gives its left operand).
    fn random(rng: &mut Rng, ty: Ty, ops: &[Op], leaves: &[Vec<u64>], depth: u32) -> Vec<u64> {
        let leaf = |rng: &mut Rng| leaves[rng.below(leaves.len())].clone();
        if depth == 0 || rng.below(4) == 0 {
            return leaf(rng);
        }
        let op = ops[rng.below(ops.len())];
        let a = random(rng, ty, ops, leaves, depth - 1);
        let b = leaf(rng);
        let v: Option<Vec<u64>> = (0..a.len()).map(|k| ty.eval(op, a[k], b[k])).collect();
        v.unwrap_or(a)
    }

    /// The last value of `prog` over the leaves, on every input.
    fn value(ty: Ty, leaves: &[Vec<u64>], prog: &[Instr]) -> Vec<u64> {
        let mut vals = leaves.to_vec();
        for i in prog {
            let (a, b) = (&vals[usize::from(i.a)], &vals[usize::from(i.b)]);
            let v = (0..a.len()).map(|k| ty.eval(i.op, a[k], b[k]).unwrap());
            vals.push(v.collect());
        }
        vals.pop().unwrap()
    }

    /// Targets made of two random halves joined by ^ + or - (under a leaf
    /// taken off the top, or ~ or -, or nothing): every program offered
    /// computes the target, and one is found.
    #[test]
    fn every_match_computes_the_target_and_one_is_found() {
        let mut rng = Rng::new(21);
        let ops = [
            Op::Not,
            Op::Neg,
            Op::And,
            Op::Or,
            Op::Xor,
            Op::Add,
            Op::Sub,
            Op::Shl,
            Op::Shr,
        ];
        for ty in [Scalar::UInt, Scalar::Int, Scalar::UChar].map(Ty::new) {
            let n = 12;
            let x: Vec<u64> = (0..n).map(|_| rng.next_u64() & ty.mask).collect();
            let mut leaves = vec![x];
            for c in [0, 1, ty.mask, u64::from(ty.bits - 1), 3] {
                leaves.push(vec![c; n]);
            }
            for trial in 0..24 {
                let a = random(&mut rng, ty, &ops, &leaves, 2);
                let b = random(&mut rng, ty, &ops, &leaves, 2);
                let mid = [Op::Xor, Op::Add, Op::Sub][trial % 3];
                let mut t: Vec<u64> = (0..n).map(|k| ty.eval(mid, a[k], b[k]).unwrap()).collect();
                let c = &leaves[rng.below(leaves.len())];
                let top = [Op::Xor, Op::Add, Op::Sub, Op::Not, Op::Neg, Op::And][trial % 6];
                if top != Op::And {
                    t = (0..n).map(|k| ty.eval(top, t[k], c[k]).unwrap()).collect();
                }
                let mut meet = Meet::new(ty, &ops, &leaves, &t, 200_000);
                let mut offered = 0;
                let end = meet.run(&mut |e| match e {
                    Event::Poll(_) => false,
                    Event::Match(p) => {
                        assert_eq!(value(ty, &leaves, p), t, "{ty:?} #{trial}: {p:?}");
                        offered += 1;
                        true
                    }
                });
                assert!(
                    matches!(end, MeetEnd::Accepted),
                    "{ty:?} #{trial}: not found"
                );
                assert_eq!(offered, 1);
            }
        }
    }
}
