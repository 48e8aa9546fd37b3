//! Symbolic execution of a C function into one circuit: every path at once.
//! Each statement runs under a guard wire ("this statement is reached");
//! a write is a mux on its guard, a `return` or `break` sets a flag wire,
//! and every operation that can be undefined ORs `guard & its condition`
//! into one `undefined` wire. Loops are unrolled until the guard of the next
//! iteration is false: a constant, or shown unreachable by the SAT solver
//! (the unwinding check); past the unroll limit the proof stops with "not
//! proven: loop bound". Arrays are read and written through selects.

use super::super::bdd;
use super::super::circuit::{Circuit, Lit};
use super::super::words::eq;
use super::super::{sat, Control, Flow};
use super::float;
use super::word::{self, bool_int, Sym};
use crate::lang::c::ast::{
    BinOp, Decl, Expr, ExprKind, Init, Loop, Slot, Stmt, StmtKind, Switch, UnOp, WordOp,
};
use crate::lang::c::math::MathFn;
use crate::lang::c::{Program, Scalar, Value};

/// The most nodes an unwinding check's decision diagram may take before
/// the solver is asked instead (about 10 MB).
const UNWIND_BDD_NODES: usize = 1 << 18;

/// The 64 inputs an unwinding check simulates before any proof, a lane
/// each, as input bit `k`'s 64 values: all zeros, all ones, then
/// pseudo-random words of densities 1/4, 1/2 and 3/4 (a loop that runs
/// while bits are left needs the dense ones).
fn unwind_lanes(k: u32) -> u64 {
    let mix = |salt: u64| {
        let mut z = u64::from(k)
            .wrapping_add(salt)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let (a, b) = (mix(1), mix(2));
    let lanes = [a & b, a, a | b];
    let pick = (0..62).fold(0u64, |acc, lane| {
        acc | (lanes[lane % 3] >> lane & 1) << lane
    });
    pick << 2 | 0b10
}

/// A union whose members are all scalars of its whole size (`u2f`'s):
/// one word of that size, its members the same bits as other types.
fn word_union(r: &crate::lang::c::ast::Record) -> Option<Scalar> {
    let word = match r.size {
        4 => Scalar::UInt,
        8 => Scalar::ULong,
        _ => return None,
    };
    let whole = r
        .members
        .iter()
        .all(|m| m.len.is_none() && m.ty.size() == r.size);
    (r.is_union && whole).then_some(word)
}

/// Why a function has no circuit (`fma`, a struct, a byte pun): the
/// prover then tries inputs (every one where the width allows).
fn not_in_circuits(what: &str) -> Stop {
    Stop::NotProven(format!(
        "`{what}`: the prover's circuits do not take this yet (fma, structs, byte puns): it is run on inputs instead"
    ))
}

/// Where symbolic execution stops without a circuit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A limit (loop bound, circuit size, recursion): the reason.
    NotProven(String),
    Cancelled,
}

/// How far symbolic execution goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub max_gates: usize,
    pub max_unroll: u32,
    pub max_depth: usize,
    /// Solver steps for one unwinding check.
    pub unwind_steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_gates: 3_000_000,
            max_unroll: 300,
            max_depth: 24,
            unwind_steps: 500_000,
        }
    }
}

#[derive(Clone, Debug)]
enum Cell {
    Unset,
    /// The value and the wire "it has been given a value".
    Scalar(Sym, Lit),
    Array(Vec<(Sym, Lit)>),
}

/// A function activation's flags.
struct Ctx {
    returned: Lit,
    ret: Option<Sym>,
    broke: Lit,
    continued: Lit,
}

type R<T> = Result<T, Stop>;

pub struct Exec<'a> {
    pub c: &'a mut Circuit,
    prog: &'a Program,
    globals: Vec<Cell>,
    /// "Some operation on the path taken is undefined."
    pub undefined: Lit,
    limits: Limits,
    /// The return types of the calls being run, innermost last.
    ret_types: Vec<Scalar>,
    ctl: &'a mut dyn Control,
}

impl<'a> Exec<'a> {
    /// A machine for `prog`, its globals initialised.
    pub fn new(
        c: &'a mut Circuit,
        prog: &'a Program,
        limits: Limits,
        ctl: &'a mut dyn Control,
    ) -> R<Exec<'a>> {
        let mut x = Exec {
            c,
            prog,
            globals: vec![Cell::Unset; prog.globals().len()],
            undefined: Lit::FALSE,
            limits,
            ret_types: Vec::new(),
            ctl,
        };
        let mut frame = Vec::new();
        for d in prog.global_inits() {
            x.declare(&mut frame, d, Lit::TRUE)?;
        }
        Ok(x)
    }

    /// Calls function `k` (reached under `g`) with arguments; its return
    /// value (zero for `void`).
    pub fn call(&mut self, k: usize, args: Vec<Sym>, g: Lit) -> R<Sym> {
        let f = &self.prog.functions()[k];
        if self.ret_types.len() >= self.limits.max_depth {
            return Err(Stop::NotProven(format!(
                "recursion deeper than {} calls of `{}`",
                self.limits.max_depth, f.name
            )));
        }
        self.ret_types.push(f.ret);
        let mut frame = vec![Cell::Unset; f.locals.len()];
        for (i, a) in args.into_iter().enumerate() {
            frame[i] = Cell::Scalar(self.conv(&a, f.params[i].1)?, Lit::TRUE);
        }
        let mut ctx = Ctx {
            returned: Lit::FALSE,
            ret: None,
            broke: Lit::FALSE,
            continued: Lit::FALSE,
        };
        for s in &f.body {
            self.exec(&mut frame, &mut ctx, s, g)?;
        }
        self.ret_types.pop();
        if !f.void {
            let falls_off = self.c.and(g, !ctx.returned);
            self.flag(falls_off);
        }
        let ret_ty = if f.void { Scalar::Int } else { f.ret };
        Ok(ctx
            .ret
            .unwrap_or_else(|| Sym::constant(Value::new(ret_ty, 0))))
    }

    fn flag(&mut self, undefined_here: Lit) {
        self.undefined = self.c.or(self.undefined, undefined_here);
    }

    fn undefined_if(&mut self, g: Lit, cond: Lit) {
        let u = self.c.and(g, cond);
        self.flag(u);
    }

    fn exec(&mut self, frame: &mut Vec<Cell>, ctx: &mut Ctx, s: &Stmt, g: Lit) -> R<()> {
        let stopped = self.c.or(ctx.returned, ctx.broke);
        let stopped = self.c.or(stopped, ctx.continued);
        let g = self.c.and(g, !stopped);
        if g == Lit::FALSE {
            return Ok(());
        }
        if self.c.nodes().len() > self.limits.max_gates {
            return Err(Stop::NotProven(format!(
                "the circuit grew past {} gates",
                self.limits.max_gates
            )));
        }
        match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Block(b) => {
                for s in b {
                    self.exec(frame, ctx, s, g)?;
                }
            }
            StmtKind::Decl(decls) => {
                for d in decls.iter().filter(|d| matches!(d.slot, Slot::Local(_))) {
                    self.declare(frame, d, g)?;
                }
            }
            StmtKind::Expr(e) => {
                self.eval(frame, e, g)?;
            }
            StmtKind::If(cond, then, other) => {
                let t = self.eval(frame, cond, g)?.truth(self.c);
                let gt = self.c.and(g, t);
                let gf = self.c.and(g, !t);
                self.exec(frame, ctx, then, gt)?;
                if let Some(o) = other {
                    self.exec(frame, ctx, o, gf)?;
                }
            }
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    let v = self.eval(frame, e, g)?;
                    let ty = self.ret_types.last().copied().unwrap_or(e.ty);
                    let v = self.conv(&v, ty)?;
                    ctx.ret = Some(match &ctx.ret {
                        Some(old) => Sym::mux(self.c, g, &v, old),
                        None => v,
                    });
                }
                ctx.returned = self.c.or(ctx.returned, g);
            }
            StmtKind::Break => ctx.broke = self.c.or(ctx.broke, g),
            StmtKind::Continue => ctx.continued = self.c.or(ctx.continued, g),
            StmtKind::Loop(l) => self.looping(frame, ctx, g, l)?,
            StmtKind::Switch(sw) => self.switching(frame, ctx, g, sw)?,
        }
        Ok(())
    }

    /// A `switch`: each statement runs where the value entered at or above
    /// it (falling through), until a `break`, which leaves only the switch
    /// (a `continue` still reaches the loop around it).
    fn switching(&mut self, frame: &mut Vec<Cell>, ctx: &mut Ctx, g: Lit, sw: &Switch) -> R<()> {
        let v = self.eval(frame, &sw.value, g)?.to(self.c, sw.ty());
        let mut enters = vec![Lit::FALSE; sw.body.len() + 1];
        let mut any = Lit::FALSE;
        for case in &sw.cases {
            let k = Sym::constant(case.value);
            let hit = eq(self.c, &v.bits, &k.bits);
            enters[case.at] = self.c.or(enters[case.at], hit);
            any = self.c.or(any, hit);
        }
        if let Some(d) = sw.default {
            enters[d] = self.c.or(enters[d], !any);
        }
        let saved_break = std::mem::replace(&mut ctx.broke, Lit::FALSE);
        let mut running = Lit::FALSE;
        for (s, enter) in sw.body.iter().zip(&enters) {
            running = self.c.or(running, *enter);
            let on = self.c.and(g, running);
            self.exec(frame, ctx, s, on)?;
        }
        ctx.broke = saved_break;
        Ok(())
    }

    /// Every loop: `init`, then (`cond`, body, `step`) while the guard of
    /// the next iteration can be true.
    fn looping(&mut self, frame: &mut Vec<Cell>, ctx: &mut Ctx, g: Lit, l: &Loop) -> R<()> {
        let Loop {
            init,
            cond,
            step,
            body,
            ..
        } = l;
        for s in init {
            self.exec(frame, ctx, s, g)?;
        }
        let saved_break = std::mem::replace(&mut ctx.broke, Lit::FALSE);
        for k in 0.. {
            let stopped = self.c.or(ctx.returned, ctx.broke);
            let mut active = self.c.and(g, !stopped);
            if let Some(cond) = cond.as_ref().filter(|_| !l.body_first() || k > 0) {
                let t = self.eval(frame, cond, active)?.truth(self.c);
                active = self.c.and(active, t);
            }
            if active == Lit::FALSE || (k >= 1 && active != g && !self.reachable(active)?) {
                break;
            }
            if k >= self.limits.max_unroll {
                return Err(Stop::NotProven(format!(
                    "loop bound: the loop at line {} may run more than {} times",
                    body.pos.line, self.limits.max_unroll
                )));
            }
            ctx.continued = Lit::FALSE;
            self.exec(frame, ctx, body, active)?;
            ctx.continued = Lit::FALSE;
            if let Some(e) = step {
                let stopped = self.c.or(ctx.returned, ctx.broke);
                let on = self.c.and(active, !stopped);
                self.eval(frame, e, on)?;
            }
        }
        ctx.broke = saved_break;
        Ok(())
    }

    /// The unwinding check: can `guard` be true for some input? Most
    /// answers are "yes", found by simulating 64 inputs at once; a "no"
    /// is asked of a decision diagram first (Kernighan's loop: "can x
    /// still have a bit after 64 turns?" is a count, small as a diagram and
    /// slow for the solver), then of the solver.
    fn reachable(&mut self, guard: Lit) -> R<bool> {
        if guard == Lit::TRUE || self.c.simulate_lanes(guard, unwind_lanes) != 0 {
            return Ok(true);
        }
        match bdd::decide(self.c, guard, UNWIND_BDD_NODES, |input| input) {
            bdd::Answer::Never => return Ok(false),
            bdd::Answer::Sometimes(_) => return Ok(true),
            bdd::Answer::TooBig => {}
        }
        match sat::solve(self.c, guard, self.limits.unwind_steps, &mut *self.ctl) {
            sat::Answer::Unsat => Ok(false),
            sat::Answer::Sat(_) => Ok(true),
            sat::Answer::Unknown(Flow::Cancel) => Err(Stop::Cancelled),
            sat::Answer::Unknown(Flow::OutOfTime) => {
                Err(Stop::NotProven("out of time while unrolling a loop".into()))
            }
            sat::Answer::Unknown(Flow::Continue) => Ok(true),
        }
    }

    /// Runs a declaration under `g`: its cells take their initial values.
    fn declare(&mut self, frame: &mut Vec<Cell>, d: &Decl, g: Lit) -> R<()> {
        let ty = match &d.info.record {
            None => d.info.ty,
            Some(r) => word_union(r).ok_or_else(|| not_in_circuits(&d.info.name))?,
        };
        if d.info.record.is_some() && !matches!(d.init, Init::None) {
            return Err(not_in_circuits(&d.info.name));
        }
        let zero = Sym::constant(Value::new(ty, 0));
        let is_global = matches!(d.slot, Slot::Global(_));
        let new = match (&d.init, d.info.len) {
            (Init::None, None) => Cell::Scalar(zero, Lit::from_bool(is_global)),
            (Init::None, Some(n)) => Cell::Array(vec![(zero, Lit::from_bool(is_global)); n]),
            (Init::Scalar(e), _) => {
                let v = self.eval(frame, e, g)?;
                Cell::Scalar(self.conv(&v, ty)?, Lit::TRUE)
            }
            (Init::List(items), n) => {
                let mut cells = Vec::with_capacity(items.len());
                for e in items {
                    let v = self.eval(frame, e, g)?;
                    let v = self.conv(&v, ty)?;
                    cells.push((v, Lit::TRUE));
                }
                cells.resize(n.unwrap_or(items.len()), (zero, Lit::TRUE));
                Cell::Array(cells)
            }
        };
        let old = self.cell(frame, d.slot).clone();
        let merged = self.merge(g, new, &old);
        *self.cell_mut(frame, d.slot) = merged;
        Ok(())
    }

    /// `new` where `g`, else `old`.
    fn merge(&mut self, g: Lit, new: Cell, old: &Cell) -> Cell {
        if g == Lit::TRUE {
            return new;
        }
        let pick = |c: &mut Circuit, (v, s): &(Sym, Lit), old: Option<&(Sym, Lit)>| match old {
            Some((ov, os)) => (Sym::mux(c, g, v, ov), c.mux(g, *s, *os)),
            None => (v.clone(), c.and(g, *s)),
        };
        match (new, old) {
            (Cell::Scalar(v, s), Cell::Scalar(ov, os)) => {
                let (v, s) = pick(self.c, &(v, s), Some(&(ov.clone(), *os)));
                Cell::Scalar(v, s)
            }
            (Cell::Scalar(v, s), _) => {
                let (v, s) = pick(self.c, &(v, s), None);
                Cell::Scalar(v, s)
            }
            (Cell::Array(a), Cell::Array(o)) if a.len() == o.len() => Cell::Array(
                a.iter()
                    .zip(o)
                    .map(|(n, o)| pick(self.c, n, Some(o)))
                    .collect(),
            ),
            (Cell::Array(a), _) => Cell::Array(a.iter().map(|n| pick(self.c, n, None)).collect()),
            (Cell::Unset, _) => old.clone(),
        }
    }

    fn cell<'f>(&'f self, frame: &'f [Cell], slot: Slot) -> &'f Cell {
        match slot {
            Slot::Local(k) => &frame[k],
            Slot::Global(k) => &self.globals[k],
        }
    }

    fn cell_mut<'f>(&'f mut self, frame: &'f mut [Cell], slot: Slot) -> &'f mut Cell {
        match slot {
            Slot::Local(k) => &mut frame[k],
            Slot::Global(k) => &mut self.globals[k],
        }
    }

    // ----- expressions --------------------------------------------------

    /// `e`'s value when reached under `g` (its writes and its undefined
    /// behaviour count only where `g`). One arm per expression kind, as
    /// the evaluator's `eval_inner`: it stays whole so the two read side by
    /// side.
    fn eval(&mut self, frame: &mut Vec<Cell>, e: &Expr, g: Lit) -> R<Sym> {
        use BinOp::{LogAnd, LogOr};
        if matches!(e.kind, ExprKind::Copy(_)) {
            return Err(not_in_circuits(&e.show()));
        }
        Ok(match &e.kind {
            ExprKind::Lit(v) => Sym::constant(*v),
            ExprKind::Var(..) | ExprKind::Index(..) => {
                let place = self.place(frame, e, g)?;
                self.read(frame, &place, g)
            }
            ExprKind::Unary(op, a) => {
                let a = self.eval(frame, a, g)?;
                match (a.ty.is_float(), op) {
                    (false, _) => word::unary(self.c, *op, e.ty, &a),
                    (true, UnOp::Neg) => float::negate(&a),
                    (true, UnOp::LogNot) => bool_int(!float::truth(self.c, &a)),
                    (true, _) => a,
                }
            }
            ExprKind::Binary(op @ (LogAnd | LogOr), a, b) => {
                let l = self.eval(frame, a, g)?.truth(self.c);
                let on = if *op == LogAnd { l } else { !l };
                let gb = self.c.and(g, on);
                let r = self.eval(frame, b, gb)?.truth(self.c);
                let v = if *op == LogAnd {
                    self.c.and(l, r)
                } else {
                    self.c.or(l, r)
                };
                bool_int(v)
            }
            ExprKind::Binary(BinOp::Word(op), a, b) => self.word_op(frame, e, *op, a, b, g)?,
            ExprKind::Assign(op, target, rhs) => self.assign(frame, e, *op, target, rhs, g)?,
            ExprKind::IncDec { pre, inc, target } => {
                self.inc_dec(frame, e, *pre, *inc, target, g)?
            }
            ExprKind::Cond(cond, t, f) => {
                let c = self.eval(frame, cond, g)?.truth(self.c);
                let gt = self.c.and(g, c);
                let gf = self.c.and(g, !c);
                let tv = self.eval(frame, t, gt)?;
                let tv = self.conv(&tv, e.ty)?;
                let fv = self.eval(frame, f, gf)?;
                let fv = self.conv(&fv, e.ty)?;
                Sym::mux(self.c, c, &tv, &fv)
            }
            ExprKind::Comma(a, b) => {
                self.eval(frame, a, g)?;
                self.eval(frame, b, g)?
            }
            ExprKind::Cast(ty, a) => {
                let v = self.eval(frame, a, g)?;
                self.conv(&v, *ty)?
            }
            ExprKind::Builtin(b, _, ty, a) => {
                let x = self.eval(frame, a, g)?;
                let (v, u) = word::builtin(self.c, *b, *ty, &x);
                self.undefined_if(g, u);
                v
            }
            ExprKind::Call(k, _, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(frame, a, g)?);
                }
                self.call(*k, vals, g)?
            }
            ExprKind::View(_) => {
                let place = self.place(frame, e, g)?;
                let v = self.read(frame, &place, g);
                Sym {
                    ty: e.ty,
                    bits: v.bits,
                }
            }
            ExprKind::Math(m, _, ty, args) => self.math(frame, e, *m, *ty, args, g)?,
            ExprKind::Copy(_) => return Err(not_in_circuits(&e.show())),
        })
    }

    /// A word operator: its gates on integers or on floats.
    fn word_op(
        &mut self,
        frame: &mut Vec<Cell>,
        e: &Expr,
        op: WordOp,
        a: &Expr,
        b: &Expr,
        g: Lit,
    ) -> R<Sym> {
        let x = self.eval(frame, a, g)?;
        let y = self.eval(frame, b, g)?;
        let common = Scalar::common(x.ty, y.ty);
        if common.is_float() && op.is_comparison() {
            let (x, y) = (self.conv(&x, common)?, self.conv(&y, common)?);
            return Ok(bool_int(float::compare(self.c, op, &x, &y)));
        }
        self.binary(e, op, e.ty, &x, &y, g)
    }

    /// `x op y` computed in `ty` (both converted to it first when it is a
    /// floating type, as C's usual arithmetic conversions do).
    fn binary(&mut self, e: &Expr, op: WordOp, ty: Scalar, x: &Sym, y: &Sym, g: Lit) -> R<Sym> {
        if ty.is_float() {
            let (x, y) = (self.conv(x, ty)?, self.conv(y, ty)?);
            return float::arithmetic(self.c, op, &x, &y).ok_or_else(|| not_in_circuits(&e.show()));
        }
        let (v, u) = word::binary(self.c, op, ty, x, y);
        self.undefined_if(g, u);
        Ok(v)
    }

    /// `target = rhs` or `target op= rhs` (the evaluator's `assign`); a
    /// member or a pun writes the variable's bits.
    fn assign(
        &mut self,
        frame: &mut Vec<Cell>,
        e: &Expr,
        op: Option<WordOp>,
        target: &Expr,
        rhs: &Expr,
        g: Lit,
    ) -> R<Sym> {
        let place = self.place(frame, target, g)?;
        let v = match op {
            None => self.eval(frame, rhs, g)?,
            Some(op) => {
                let old = self.read(frame, &place, g);
                let r = self.eval(frame, rhs, g)?;
                let ty = crate::lang::c::compound_type(op, old.ty, r.ty);
                self.binary(e, op, ty, &old, &r, g)?
            }
        };
        let v = self.conv(&v, target.ty)?;
        let stored = match self.cell(frame, place.slot()) {
            Cell::Scalar(old, _) if old.ty != v.ty => Sym {
                ty: old.ty,
                bits: v.bits.clone(),
            },
            _ => v.clone(),
        };
        self.write(frame, &place, &stored, g);
        Ok(v)
    }

    /// `++x`, `x--`, ... (the evaluator's `inc_dec`): adds or subtracts 1
    /// in the common type of `x` and `int`.
    fn inc_dec(
        &mut self,
        frame: &mut Vec<Cell>,
        e: &Expr,
        pre: bool,
        inc: bool,
        target: &Expr,
        g: Lit,
    ) -> R<Sym> {
        let place = self.place(frame, target, g)?;
        let old = self.read(frame, &place, g);
        let one = Sym::constant(Value::new(Scalar::Int, 1));
        let op = if inc { WordOp::Add } else { WordOp::Sub };
        let ty = Scalar::common(old.ty, Scalar::Int);
        let new = self.binary(e, op, ty, &old, &one, Lit::FALSE)?;
        let new = self.conv(&new, target.ty)?;
        self.write(frame, &place, &new, g);
        Ok(if pre { new } else { old })
    }

    /// `v` converted to `ty` ([`float::convert`]).
    fn conv(&mut self, v: &Sym, ty: Scalar) -> R<Sym> {
        Ok(float::convert(self.c, v, ty))
    }

    /// The `<math.h>` functions that are gates: the sign and the
    /// classification macros here, the rest in [`super::fmath`].
    fn math(
        &mut self,
        frame: &mut Vec<Cell>,
        e: &Expr,
        m: MathFn,
        ty: Scalar,
        args: &[Expr],
        g: Lit,
    ) -> R<Sym> {
        let mut vals = Vec::with_capacity(args.len());
        for (k, a) in args.iter().enumerate() {
            let v = self.eval(frame, a, g)?;
            let to = if m == MathFn::Ldexp && k == 1 {
                Scalar::Int
            } else {
                ty
            };
            vals.push(self.conv(&v, to)?);
        }
        let x = &vals[0];
        let sign = x.bits[x.bits.len() - 1];
        Ok(match m {
            MathFn::IsNan => bool_int(float::is_nan(self.c, x)),
            MathFn::IsInf => {
                // -1 for -inf, 1 for +inf (gcc's isinf)
                let inf = float::is_inf(self.c, x);
                let high = self.c.and(inf, sign);
                let mut bits = vec![high; 32];
                bits[0] = inf;
                Sym {
                    ty: Scalar::Int,
                    bits,
                }
            }
            MathFn::IsFinite => {
                let (nan, inf) = (float::is_nan(self.c, x), float::is_inf(self.c, x));
                bool_int(!self.c.or(nan, inf))
            }
            MathFn::Fabs => float::with_sign(x, Lit::FALSE),
            MathFn::CopySign => float::with_sign(x, vals[1].bits[vals[1].bits.len() - 1]),
            MathFn::SignBit if ty == Scalar::Float => {
                let mut bits = vec![Lit::FALSE; 32];
                bits[31] = sign;
                Sym {
                    ty: Scalar::Int,
                    bits,
                }
            }
            MathFn::SignBit => bool_int(sign),
            _ => super::fmath::apply(self.c, m, &vals).ok_or_else(|| not_in_circuits(&e.show()))?,
        })
    }

    /// A variable, or an array and its index with the "in bounds" check.
    fn place(&mut self, frame: &mut Vec<Cell>, e: &Expr, g: Lit) -> R<Place> {
        match &e.kind {
            ExprKind::Index(slot, _, i) => {
                let idx = self.eval(frame, i, g)?;
                let len = match self.cell(frame, *slot) {
                    Cell::Array(a) => a.len(),
                    _ => 0,
                };
                let wide = idx.to(self.c, Scalar::Long);
                let bound = Sym::constant(Value::new(Scalar::Long, len as i128));
                let (inside, _) = word::binary(self.c, WordOp::Lt, Scalar::Int, &wide, &bound);
                let ok = self.c.and(inside.bits[0], !wide.bits[63]);
                self.undefined_if(g, !ok);
                let hits = (0..len)
                    .map(|k| {
                        let at = Sym::constant(Value::new(Scalar::Long, k as i128));
                        super::super::words::eq(self.c, &wide.bits, &at.bits)
                    })
                    .collect();
                Ok(Place::Element(*slot, hits))
            }
            ExprKind::Var(slot, _) => Ok(Place::Scalar(*slot)),
            // a member of a one-word union, or a pun of a whole variable of
            // the same width: its bits as another type
            ExprKind::View(v) => {
                let width = match self.cell(frame, v.slot) {
                    Cell::Scalar(s, _) => s.bits.len(),
                    _ => 0,
                };
                if v.index.is_some() || v.offset != 0 || width != e.ty.bits() as usize {
                    return Err(not_in_circuits(&e.show()));
                }
                Ok(Place::Scalar(v.slot))
            }
            _ => Err(Stop::NotProven(
                "an assignment to something not a variable".into(),
            )),
        }
    }

    fn read(&mut self, frame: &[Cell], place: &Place, g: Lit) -> Sym {
        let (v, set) = match (place, self.cell(frame, place.slot())) {
            (Place::Scalar(_), Cell::Scalar(v, s)) => (v.clone(), *s),
            (Place::Element(_, hits), Cell::Array(a)) => {
                let a = a.clone();
                let mut v = a
                    .first()
                    .map(|x| x.0.clone())
                    .unwrap_or_else(|| Sym::constant(Value::new(Scalar::Int, 0)));
                let mut set = Lit::TRUE;
                for (hit, (x, s)) in hits.iter().zip(&a) {
                    v = Sym::mux(self.c, *hit, x, &v);
                    set = self.c.mux(*hit, *s, set);
                }
                (v, set)
            }
            _ => (Sym::constant(Value::new(Scalar::Int, 0)), Lit::FALSE),
        };
        self.undefined_if(g, !set);
        v
    }

    fn write(&mut self, frame: &mut [Cell], place: &Place, v: &Sym, g: Lit) {
        match place {
            Place::Scalar(slot) => {
                let old = self.cell(frame, *slot).clone();
                let merged = self.merge(g, Cell::Scalar(v.clone(), Lit::TRUE), &old);
                *self.cell_mut(frame, *slot) = merged;
            }
            Place::Element(slot, hits) => {
                let Cell::Array(mut a) = self.cell(frame, *slot).clone() else {
                    return;
                };
                for (hit, (x, s)) in hits.iter().zip(a.iter_mut()) {
                    let on = self.c.and(g, *hit);
                    *x = Sym::mux(self.c, on, v, x);
                    *s = self.c.or(*s, on);
                }
                *self.cell_mut(frame, *slot) = Cell::Array(a);
            }
        }
    }
}

/// Where a write goes: a scalar, or an array's element chosen by wires
/// (one "the index is k" wire per element).
enum Place {
    Scalar(Slot),
    Element(Slot, Vec<Lit>),
}

impl Place {
    fn slot(&self) -> Slot {
        match self {
            Place::Scalar(s) | Place::Element(s, _) => *s,
        }
    }
}
