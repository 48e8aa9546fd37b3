//! Every straight-line program of exactly L instructions, each value a
//! vector over the inputs S, searched depth first for one whose last value
//! is the target on S (then on the larger set W).
//!
//! Only canonical programs are tried; any program matching S can be made
//! one without growing, so "none matches" stays a proof:
//!
//! ```text
//!   no value twice      an instruction equal (on S) to a leaf or an earlier
//!                       value is dropped (its readers read the earlier one)
//!   no dead value       every instruction but the last is read later
//!                       (the R = L-1-i instructions after step i read at
//!                       most 2R values, R-1 of them their own: at most
//!                       R+1 = L-i values may still be waiting for a reader)
//!   one operand order   a op b with a <= b for + * & | ^ == !=
//!   one schedule        two adjacent independent instructions in order:
//!                       one computing a constant (from constants only)
//!                       first, else by key (operator, operands)
//!   the last one        reads every waiting value (so, the one before it)
//! ```
//!
//! The value before the last is computed on the first [`FIRST`] inputs
//! only (most are tried by the last instruction's filter and dropped
//! there); the rest of it when a last instruction gives the target on
//! those, or when it equals an earlier value on them.

use super::ending::Ending;
use super::ops::{Op, Ty};
use super::program::Instr;
use crate::lang::prove::Flow;

/// What a length's search is given (shared by every thread).
pub struct Ctx<'a> {
    pub ty: Ty,
    pub ops: &'a [Op],
    /// The leaves' vectors over S: the parameters, then the constants.
    pub leaves: &'a [Vec<u64>],
    /// How many of the leaves are parameters.
    pub params: usize,
    pub target: &'a [u64],
    /// What to do with a program matching S.
    pub check: &'a (dyn Fn(&[Instr]) -> Check + Sync),
}

/// The answer of [`Ctx::check`] on a program matching S.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The answer of the length (to be proven).
    Accept,
    /// Go on searching (the program is dealt with elsewhere).
    Skip,
    /// It differs from the specification on this input of the larger
    /// set: the input joins S and the length is searched again (a program
    /// this search dropped as a copy of another on S may differ there).
    Refine(usize),
}

/// A length's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The first matching program in the search's order.
    Found(Vec<Instr>),
    /// The first program matching S but not the larger set: the input of
    /// the larger set where it differs.
    Refine(usize),
    /// No program of this length matches.
    Exhausted,
    /// Stopped before the end (why).
    Stopped(Flow),
}

/// Nodes between two calls of the poll.
const POLL: u64 = 1 << 12;

/// The inputs the value before the last is computed on at first.
const FIRST: usize = 4;

/// Calls `f` on each instruction over `avail` values, in key order, until
/// it says stop (true).
fn each_instr(ops: &[Op], avail: usize, mut f: impl FnMut(Instr) -> bool) -> bool {
    for &op in ops {
        for a in 0..avail {
            let bs = if op.unary() {
                a..a + 1
            } else if op.commutative() {
                a..avail
            } else {
                0..avail
            };
            for b in bs {
                if f(instr(op, a, b)) {
                    return true;
                }
            }
        }
    }
    false
}

/// An instruction (values are numbered in a byte: `MAX_CONSTS` and
/// `MAX_OPS` keep them under 256).
fn instr(op: Op, a: usize, b: usize) -> Instr {
    Instr {
        op,
        a: a as u8,
        b: b as u8,
    }
}

/// The first instructions, in order (a thread takes them one by one).
pub fn firsts(cx: &Ctx) -> Vec<Instr> {
    let mut v = Vec::new();
    each_instr(cx.ops, cx.leaves.len(), |i| {
        v.push(i);
        false
    });
    v
}

/// One thread's search of one length.
pub struct Search<'a, 'p> {
    cx: &'a Ctx<'a>,
    len: usize,
    n: usize,
    /// Every value's vector: the leaves, then the instructions.
    vals: Vec<u64>,
    prog: Vec<Instr>,
    /// How many instructions read each value.
    readers: Vec<u8>,
    /// Whether each value depends on a parameter (else it is a constant).
    varies: Vec<bool>,
    /// The value before the last: computed on the first [`FIRST`] inputs
    /// only (`Some(false)`), on all (`Some(true)`), or not on all of them
    /// (a shift count out of range: it is no value).
    before_last: Option<bool>,
    /// Each value on the first two inputs (the last instruction's filter).
    on_first_two: [Vec<u64>; 2],
    /// Which values before the last can end the program (on input 0).
    ending: Ending,
    /// The values waiting for a reader before the value before the last.
    waiting: Vec<usize>,
    /// Candidates compared since the last poll.
    searched: u64,
    /// The last instructions reading a value before the last (counted
    /// when the filter drops it).
    lasts: u64,
    nodes: u64,
    /// Told the candidates compared since its last call; false stops.
    poll: &'p mut dyn FnMut(u64) -> bool,
    pub stopped: bool,
    /// The first program accepted or refined.
    pub found: Option<Outcome>,
}

impl<'a, 'p> Search<'a, 'p> {
    pub fn new(cx: &'a Ctx<'a>, len: usize, poll: &'p mut dyn FnMut(u64) -> bool) -> Self {
        let n = cx.target.len();
        let nl = cx.leaves.len();
        let mut vals = vec![0; (nl + len) * n];
        for (k, l) in cx.leaves.iter().enumerate() {
            vals[k * n..(k + 1) * n].copy_from_slice(l);
        }
        Search {
            cx,
            len,
            n,
            vals,
            prog: Vec::with_capacity(len),
            readers: vec![0; nl + len],
            varies: (0..nl + len).map(|v| v < cx.params).collect(),
            before_last: Some(true),
            on_first_two: [0, usize::from(n > 1)].map(|k| {
                let mut v: Vec<u64> = cx.leaves.iter().map(|l| l[k]).collect();
                v.resize(nl + len, 0);
                v
            }),
            ending: Ending::new(cx.ty),
            waiting: Vec::with_capacity(len + 1),
            searched: 0,
            lasts: 0,
            nodes: 0,
            poll,
            stopped: false,
            found: None,
        }
    }

    /// The whole length, in order: the first match, or none.
    pub fn run(&mut self) -> Outcome {
        if self.len == 0 {
            return Outcome::Exhausted;
        }
        self.place(0);
        self.finish()
    }

    /// Only the programs whose first instruction is `first`.
    pub fn run_from(&mut self, first: Instr) -> Outcome {
        if self.len == 1 {
            return self.run();
        }
        if self.len == 2 {
            self.prepare_end(self.cx.leaves.len());
        }
        self.try_child(0, first);
        self.finish()
    }

    fn finish(&mut self) -> Outcome {
        (self.poll)(std::mem::take(&mut self.searched));
        match (self.found.take(), self.stopped) {
            (Some(o), _) => o,
            (None, true) => Outcome::Stopped(Flow::OutOfTime),
            (None, false) => Outcome::Exhausted,
        }
    }

    /// Instruction i's place in the schedule order: constants first, then
    /// by key.
    fn order(&self, i: usize) -> u64 {
        let nl = self.cx.leaves.len();
        (u64::from(self.varies[nl + i]) << 32) | u64::from(self.prog[i].key())
    }

    fn slot(&self, v: usize) -> &[u64] {
        &self.vals[v * self.n..(v + 1) * self.n]
    }

    /// Instruction `i` and everything after it; true to stop (found, or
    /// told to).
    fn place(&mut self, i: usize) -> bool {
        if i + 1 == self.len {
            return self.last();
        }
        let cx = self.cx;
        if i + 2 == self.len {
            self.prepare_end(cx.leaves.len() + i);
        }
        each_instr(cx.ops, cx.leaves.len() + i, |ins| self.try_child(i, ins))
    }

    /// `ins` as instruction `i` when canonical, then the rest.
    #[inline(always)]
    fn try_child(&mut self, i: usize, ins: Instr) -> bool {
        let nl = self.cx.leaves.len();
        let (a, b) = (usize::from(ins.a), usize::from(ins.b));
        let varies = self.varies[a] || self.varies[b];
        let order = (u64::from(varies) << 32) | u64::from(ins.key());
        if i > 0 && !ins.uses(nl + i - 1) && order <= self.order(i - 1) {
            return false;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL) && !(self.poll)(std::mem::take(&mut self.searched)) {
            self.stopped = true;
        }
        if self.stopped {
            return true;
        }
        if i + 2 == self.len && !self.may_end(ins) {
            return false;
        }
        self.descend(i, ins, varies)
    }

    /// `ins` as instruction `i` (canonical so far), then the rest.
    #[inline(never)]
    fn descend(&mut self, i: usize, ins: Instr, varies: bool) -> bool {
        let nl = self.cx.leaves.len();
        let (a, b) = (usize::from(ins.a), usize::from(ins.b));
        let (n, dst) = (self.n, nl + i);
        let k = match i + 2 == self.len {
            true => n.min(FIRST),
            false => n,
        };
        if !self.compute(ins, dst, 0..k) {
            return false;
        }
        self.before_last = Some(k == n);
        self.on_first_two[0][dst] = self.vals[dst * n];
        self.on_first_two[1][dst] = self.vals[dst * n + usize::from(n > 1)];
        if self.repeats(dst, k) {
            // (equal on the first inputs: on all of them?)
            if k == n || !self.compute(ins, dst, k..n) || self.repeats(dst, n) {
                return false;
            }
            self.before_last = Some(true);
        }
        self.readers[a] += 1;
        if !ins.op.unary() {
            self.readers[b] += 1;
        }
        self.readers[dst] = 0;
        self.varies[dst] = varies;
        let waiting = (nl..=dst).filter(|&v| self.readers[v] == 0).count();
        let mut stop = false;
        if waiting <= self.len - i {
            self.prog.push(ins);
            stop = self.place(i + 1);
            self.prog.pop();
        }
        self.readers[a] -= 1;
        if !ins.op.unary() {
            self.readers[b] -= 1;
        }
        stop
    }

    /// Whether `ins` as the value before the last lets a last instruction
    /// give the target on the first input: most do not, and they are
    /// dropped before anything is computed on the other inputs (counted as
    /// the last instructions that would have read them).
    fn may_end(&mut self, ins: Instr) -> bool {
        let (ty, f0, t0) = (self.cx.ty, &self.on_first_two[0], self.cx.target[0]);
        let (a, b) = (usize::from(ins.a), usize::from(ins.b));
        let Some(v) = ty.eval(ins.op, f0[a], f0[b]) else {
            return false;
        };
        // the values the last instruction must read beside v
        let mut waiting = self.waiting.iter().copied().filter(|&w| w != a && w != b);
        let gives = |op: Op, x: u64, y: u64| ty.eval(op, x, y) == Some(t0);
        let ops = self.cx.ops.iter().copied();
        let ends = match (waiting.next(), waiting.next()) {
            (Some(_), Some(_)) => false,
            (Some(u), None) => ops
                .filter(|op| !op.unary())
                .any(|op| gives(op, f0[u], v) || gives(op, v, f0[u])),
            (None, _) => self.ending.allows(v),
        };
        if !ends {
            // (counted as tried: each last instruction reading v)
            self.searched += self.lasts;
        }
        ends
    }

    /// The filter of the values before the last computed as value `dst`.
    fn prepare_end(&mut self, dst: usize) {
        let nl = self.cx.leaves.len();
        self.waiting.clear();
        self.waiting
            .extend((nl..dst).filter(|&w| self.readers[w] == 0));
        let f0 = &self.on_first_two[0][..dst];
        self.ending.build(self.cx.ops, f0, self.cx.target[0]);
        let avail = dst as u64 + 1;
        let each = |op: &Op| match (op.unary(), op.commutative()) {
            (true, _) => 1,
            (false, true) => avail,
            (false, false) => 2 * avail - 1,
        };
        self.lasts = self.cx.ops.iter().map(each).sum();
    }

    /// Value `dst` computed by `ins` on the inputs `range`; false when a
    /// shift count is out of range on one of them.
    fn compute(&mut self, ins: Instr, dst: usize, range: std::ops::Range<usize>) -> bool {
        let n = self.n;
        let (a, b) = (usize::from(ins.a), usize::from(ins.b));
        let (lo, hi) = self.vals.split_at_mut(dst * n);
        let (a, b) = (&lo[a * n..(a + 1) * n], &lo[b * n..(b + 1) * n]);
        let r = range;
        (self.cx.ty).apply(ins.op, &a[r.clone()], &b[r.clone()], &mut hi[r])
    }

    /// Whether value `dst` equals the target or an earlier value on the
    /// first `k` inputs.
    fn repeats(&self, dst: usize, k: usize) -> bool {
        let n = self.n;
        let (lo, hi) = self.vals.split_at(dst * n);
        let out = &hi[..k];
        // (the first input tells most values apart: no call to compare)
        // (and a loop, not a call to memcmp, for the few inputs)
        let same = |v: &[u64]| v[0] == out[0] && v[1..k].iter().zip(&out[1..]).all(|(x, y)| x == y);
        same(self.cx.target) || lo.chunks_exact(n).any(same)
    }

    /// The value before the last on every input (false: it is no value).
    fn complete_before_last(&mut self) -> bool {
        if self.before_last == Some(false) {
            let i = self.len - 2;
            let (ins, dst, n) = (self.prog[i], self.cx.leaves.len() + i, self.n);
            self.before_last = self.compute(ins, dst, FIRST.min(n)..n).then_some(true);
        }
        self.before_last.is_some()
    }

    /// The last instruction: it reads every value still waiting (one or
    /// two; none only in a program of one instruction).
    fn last(&mut self) -> bool {
        let nl = self.cx.leaves.len();
        let avail = nl + self.len - 1;
        let (mut waiting, mut count) = ([0usize; 2], 0);
        for v in nl..avail {
            if self.readers[v] == 0 {
                if count == 2 {
                    return false;
                }
                waiting[count] = v;
                count += 1;
            }
        }
        let cx = self.cx;
        match (count, waiting) {
            (0, _) => each_instr(cx.ops, avail, |ins| self.test(ins)),
            (1, [u, _]) => {
                // each value on the first two inputs, for the filter
                let f = std::mem::take(&mut self.on_first_two);
                let k = avail.min(64);
                let firsts = [&f[0][..k], &f[1][..k]];
                let hit = cx
                    .ops
                    .iter()
                    .any(|&op| self.last_reading(op, u, avail, firsts));
                self.on_first_two = f;
                hit
            }
            (_, [u, w]) => cx.ops.iter().filter(|op| !op.unary()).any(|&op| {
                self.test(instr(op, u, w)) || (!op.commutative() && self.test(instr(op, w, u)))
            }),
        }
    }

    /// The last instruction as `op` reading `u` (and any value): only the
    /// operands that give the target on the first input are tried whole.
    fn last_reading(&mut self, op: Op, u: usize, avail: usize, firsts: [&[u64]; 2]) -> bool {
        if op.unary() {
            return self.test(instr(op, u, u));
        }
        let ty = self.cx.ty;
        let t = [self.cx.target[0], self.cx.target[usize::from(self.n > 1)]];
        let comm = op.commutative();
        let hits = |left| {
            let h0 = ty.hits(op, firsts[0][u], firsts[0], t[0], left);
            if h0 == 0 {
                return 0;
            }
            h0 & ty.hits(op, firsts[1][u], firsts[1], t[1], left)
        };
        let (ab, ba) = match (avail <= 64, comm) {
            (true, true) => (hits(true), 0),
            (true, false) => (hits(true), hits(false)),
            (false, _) => (u64::MAX, u64::MAX),
        };
        // (counted as tried: the filter is a test on two inputs)
        self.searched += if comm { avail } else { 2 * avail - 1 } as u64;
        for b in 0..avail {
            let bit = 1u64.checked_shl(b as u32).unwrap_or(0) | u64::from(avail > 64);
            let hit = if comm {
                ab & bit != 0 && self.test_counted(instr(op, u.min(b), u.max(b)))
            } else {
                (ab & bit != 0 && self.test_counted(instr(op, u, b)))
                    || (b != u && ba & bit != 0 && self.test_counted(instr(op, b, u)))
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// Whether `ins` as the last instruction gives the target on S (and
    /// what the check says then).
    fn test(&mut self, ins: Instr) -> bool {
        self.searched += 1;
        self.test_counted(ins)
    }

    /// [`Search::test`], the candidate already counted.
    fn test_counted(&mut self, ins: Instr) -> bool {
        let ty = self.cx.ty;
        let (a0, b0) = (
            self.vals[usize::from(ins.a) * self.n],
            self.vals[usize::from(ins.b) * self.n],
        );
        if ty.eval(ins.op, a0, b0) != Some(self.cx.target[0]) {
            return false;
        }
        let gives = |s: &Self, k: std::ops::Range<usize>| {
            let (a, b) = (s.slot(usize::from(ins.a)), s.slot(usize::from(ins.b)));
            s.cx.target[k.clone()]
                .iter()
                .zip(a[k.clone()].iter().zip(&b[k]))
                .all(|(&t, (&x, &y))| ty.eval(ins.op, x, y) == Some(t))
        };
        // (input 0 was just tried)
        let first = FIRST.min(self.n);
        if !gives(self, 1..first) || !self.complete_before_last() || !gives(self, first..self.n) {
            return false;
        }
        self.prog.push(ins);
        let found = match (self.cx.check)(&self.prog) {
            Check::Skip => None,
            Check::Accept => Some(Outcome::Found(self.prog.clone())),
            Check::Refine(k) => Some(Outcome::Refine(k)),
        };
        self.prog.pop();
        let stop = found.is_some();
        self.found = found;
        stop
    }
}

/// A length's search on one thread (the browser's worker, and short
/// lengths natively).
pub fn run_one(cx: &Ctx, len: usize, poll: &mut dyn FnMut(u64) -> bool) -> Outcome {
    Search::new(cx, len, poll).run()
}
