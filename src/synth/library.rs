//! The catalog's tricks ([`crate::tricks`]) as components of a program:
//! each trick whose body is straight-line code over the search's operators
//! and type, lowered to a [`Straight`] of its own. The search puts a
//! trick's value beside the parameters as one more leaf, and a program
//! found over it is the trick's instructions inlined, then its own.
//!
//! ```text
//!   int parity_mul(unsigned x) {           t1 = x >> 1      t2 = x ^ t1
//!       x ^= x >> 1;               ->      t3 = t2 >> 2     t4 = t2 ^ t3
//!       x ^= x >> 2;                       t5 = t4 & 0x11111111
//!       x = (x & 0x11111111u) * 0x11111111u;  t6 = t5 * 0x11111111
//!       return (int)((x >> 28) & 1);       t7 = t6 >> 28    t8 = t7 & 1
//!   }
//! ```
//!
//! Lowered: declarations, assignments (`=`, `op=`, `++`, `--`) and one
//! `return` at the end; operators the search has; casts and values of the
//! type's width (a signed `>>` or comparison only where the type is
//! signed too). Anything else (a loop, a branch, a call, a table) leaves
//! the trick out.

use super::ops::{Op, Ty};
use super::program::{Instr, Straight};
use crate::lang::c::ast::{BinOp, Expr, ExprKind, Function, Init, Slot, Stmt, StmtKind, UnOp};
use crate::lang::c::{Program, Scalar};

/// The most tricks one search takes as leaves (each is a value numbered
/// in a byte, beside the parameters, constants and instructions).
pub const MAX_COMPONENTS: usize = 128;

/// The longest trick taken (its instructions, inlined, are numbered in a
/// byte too).
const MAX_INLINED: usize = 48;

/// A catalog trick lowered to a straight-line program.
#[derive(Clone, Debug)]
pub struct Component {
    /// The catalog's id (`parity-mul`).
    pub id: String,
    pub program: Straight,
}

/// A component applied to parameters of the specification.
#[derive(Clone, Debug)]
pub struct Use {
    pub component: Component,
    /// The specification's parameter each of the component's takes.
    pub args: Vec<usize>,
}

impl Use {
    /// Its value on the specification's arguments.
    pub fn eval(&self, args: &[u64]) -> Option<u64> {
        let mine: Vec<u64> = self.args.iter().map(|&k| args[k]).collect();
        self.component.program.eval(&mine)
    }
}

/// Every catalog trick of the type `ty` over `ops`, applied to `params`
/// parameters: a trick of as many parameters to them in order, a trick of
/// one to each. At most [`MAX_COMPONENTS`], the shortest first.
pub fn uses(ty: Scalar, params: usize, ops: &[Op]) -> Vec<Use> {
    let mut out: Vec<Use> = Vec::new();
    for c in components(ty, ops) {
        let n = c.program.params.len();
        if n == params {
            out.push(Use {
                component: c,
                args: (0..params).collect(),
            });
        } else if n == 1 {
            out.extend((0..params).map(|k| Use {
                component: c.clone(),
                args: vec![k],
            }));
        }
    }
    out.sort_by_key(|u| u.component.program.instrs.len());
    out.truncate(MAX_COMPONENTS);
    out
}

/// The catalog's tricks of type `ty` (its width; `>>` and comparisons of
/// its signedness) whose bodies lower over `ops`.
pub fn components(ty: Scalar, ops: &[Op]) -> Vec<Component> {
    let fits = |p: &Straight| p.instrs.iter().all(|i| ops.contains(&i.op));
    (lowered(ty).iter())
        .filter(|c| fits(&c.program))
        .cloned()
        .collect()
}

/// Every catalog trick of type `ty` that lowers (over any operator),
/// lowered once per type: a search asks again for each program.
fn lowered(ty: Scalar) -> std::sync::Arc<Vec<Component>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    static LOWERED: OnceLock<Mutex<HashMap<Scalar, Arc<Vec<Component>>>>> = OnceLock::new();
    let cache = LOWERED.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    let all = cache
        .entry(ty)
        .or_insert_with(|| Arc::new(lower_catalog(ty)));
    Arc::clone(all)
}

/// The catalog's tricks of type `ty` lowered (see [`components`]).
fn lower_catalog(ty: Scalar) -> Vec<Component> {
    let t = Ty::new(ty);
    let mut out: Vec<Component> = Vec::new();
    for e in &crate::tricks::catalog().entries {
        let Ok(program) = Program::parse(&e.source) else {
            continue;
        };
        let Ok(f) = program.entry(Some(&e.fn_name)) else {
            continue;
        };
        let same = f.ret.bits() == t.bits && f.params.iter().all(|p| p.1.bits() == t.bits);
        if !same || f.ret.is_float() || f.params.iter().any(|p| p.1.is_float()) {
            continue;
        }
        let short = |p: &Straight| p.instrs.len() <= MAX_INLINED;
        if let Some(p) = lower(f, t).filter(short) {
            out.push(Component {
                id: e.id.clone(),
                program: p,
            });
        }
    }
    out
}

/// A value while lowering: a parameter, a constant's bits, an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    Param(usize),
    Const(u64),
    Instr(usize),
}

/// A function's body lowered (see the module docs); `None` where it is
/// not straight-line code of the type.
fn lower(f: &Function, ty: Ty) -> Option<Straight> {
    let mut l = Lowering {
        ty,
        env: vec![None; f.locals.len()],
        instrs: Vec::new(),
        result: None,
    };
    for k in 0..f.params.len() {
        *l.env.get_mut(k)? = Some(Val::Param(k));
    }
    l.block(&f.body)?;
    let result = l.result?;
    Some(number(ty, f, &l.instrs, result))
}

/// The lowered instructions numbered as a [`Straight`]: the parameters,
/// the constants in order of first use, the instructions.
fn number(ty: Ty, f: &Function, instrs: &[(Op, Val, Val)], result: Val) -> Straight {
    let mut consts: Vec<u64> = Vec::new();
    for v in instrs.iter().flat_map(|i| [i.1, i.2]).chain([result]) {
        if let Val::Const(c) = v {
            if !consts.contains(&c) {
                consts.push(c);
            }
        }
    }
    let np = f.params.len();
    let leaves = np + consts.len();
    let at = |v: Val| match v {
        Val::Param(k) => k,
        Val::Const(c) => np + consts.iter().position(|&x| x == c).unwrap_or(0),
        Val::Instr(k) => leaves + k,
    };
    Straight {
        ty,
        params: f.params.iter().map(|p| p.0.clone()).collect(),
        instrs: (instrs.iter())
            .map(|&(op, a, b)| Instr {
                op,
                a: at(a) as u8,
                b: at(b) as u8,
            })
            .collect(),
        result: at(result),
        consts,
    }
}

struct Lowering {
    ty: Ty,
    /// Each local's value now (`None`: not set).
    env: Vec<Option<Val>>,
    instrs: Vec<(Op, Val, Val)>,
    result: Option<Val>,
}

impl Lowering {
    fn block(&mut self, body: &[Stmt]) -> Option<()> {
        for s in body {
            if self.result.is_some() {
                return None; // code after the return
            }
            self.stmt(s)?;
        }
        Some(())
    }

    fn stmt(&mut self, s: &Stmt) -> Option<()> {
        match &s.kind {
            StmtKind::Decl(decls) => {
                for d in decls {
                    let Slot::Local(k) = d.slot else { return None };
                    let wide = d.info.ty.bits() != self.ty.bits || d.info.ty.is_float();
                    if wide || d.info.len.is_some() || d.info.record.is_some() {
                        return None;
                    }
                    let v = match &d.init {
                        Init::Scalar(e) => Some(self.expr(e)?),
                        Init::None => None,
                        Init::List(_) => return None,
                    };
                    *self.env.get_mut(k)? = v;
                }
            }
            StmtKind::Expr(e) => {
                self.expr(e)?;
            }
            StmtKind::Return(Some(e)) => self.result = Some(self.expr(e)?),
            StmtKind::Block(b) => self.block(b)?,
            StmtKind::Empty => {}
            _ => return None,
        }
        Some(())
    }

    /// Whether a value of C type `s` computes as the search's type: the
    /// same width, and the same signedness where `signed` matters.
    fn fits(&self, s: Scalar, signed_matters: bool) -> bool {
        let s = s.promote();
        !s.is_float()
            && s.bits() == self.ty.bits
            && (!signed_matters || s.signed() == self.ty.signed)
    }

    fn expr(&mut self, e: &Expr) -> Option<Val> {
        match &e.kind {
            ExprKind::Lit(v) => Some(Val::Const(v.to(self.ty.int).bits)),
            ExprKind::Var(Slot::Local(k), _) => *self.env.get(*k)?,
            ExprKind::Cast(s, inner) if s.bits() == self.ty.bits && !s.is_float() => {
                self.expr(inner)
            }
            ExprKind::Unary(op, a) => {
                let v = self.expr(a)?;
                if !self.fits(a.ty, false) {
                    return None;
                }
                match op {
                    UnOp::Plus => Some(v),
                    UnOp::Neg => Some(self.emit(Op::Neg, v, v)),
                    UnOp::Not => Some(self.emit(Op::Not, v, v)),
                    UnOp::LogNot => Some(self.emit(Op::LNot, v, v)),
                }
            }
            ExprKind::Binary(BinOp::Word(w), a, b) => self.binary(word_op(*w)?, a, b),
            ExprKind::Assign(op, target, rhs) => {
                let k = self.local(target)?;
                let r = self.expr(rhs)?;
                let v = match op {
                    None => r,
                    Some(w) => {
                        let op = word_op(*w)?;
                        if !self.fits(target.ty, op_signed(op)) {
                            return None;
                        }
                        let old = (*self.env.get(k)?)?;
                        self.emit(op, old, r)
                    }
                };
                *self.env.get_mut(k)? = Some(v);
                Some(v)
            }
            ExprKind::IncDec { pre, inc, target } => {
                let k = self.local(target)?;
                let old = (*self.env.get(k)?)?;
                let op = if *inc { Op::Add } else { Op::Sub };
                let new = self.emit(op, old, Val::Const(1));
                *self.env.get_mut(k)? = Some(new);
                Some(if *pre { new } else { old })
            }
            _ => None,
        }
    }

    /// `a op b`, where the operands compute as the type.
    fn binary(&mut self, op: Op, a: &Expr, b: &Expr) -> Option<Val> {
        let shift = matches!(op, Op::Shl | Op::Shr);
        let in_ty = match shift {
            true => a.ty,
            false => Scalar::common(a.ty.promote(), b.ty.promote()),
        };
        if !self.fits(in_ty, op_signed(op)) || (!shift && !self.fits(b.ty, false)) {
            return None;
        }
        let (x, y) = (self.expr(a)?, self.expr(b)?);
        Some(self.emit(op, x, y))
    }

    /// The local an assignment writes: a variable of the type's width.
    fn local(&self, target: &Expr) -> Option<usize> {
        let ExprKind::Var(Slot::Local(k), _) = target.kind else {
            return None;
        };
        let wide = target.ty.bits() == self.ty.bits && !target.ty.is_float();
        wide.then_some(k)
    }

    fn emit(&mut self, op: Op, a: Val, b: Val) -> Val {
        let b = if op.unary() { a } else { b };
        self.instrs.push((op, a, b));
        Val::Instr(self.instrs.len() - 1)
    }
}

/// Whether an operator reads its operands' signedness.
fn op_signed(op: Op) -> bool {
    matches!(
        op,
        Op::Div | Op::Rem | Op::Shr | Op::Lt | Op::Le | Op::Gt | Op::Ge
    )
}

/// The search's operator for a C word operator.
fn word_op(w: crate::lang::c::ast::WordOp) -> Option<Op> {
    use crate::lang::c::ast::WordOp as W;
    Some(match w {
        W::Mul => Op::Mul,
        W::Add => Op::Add,
        W::Sub => Op::Sub,
        W::Shl => Op::Shl,
        W::Shr => Op::Shr,
        W::Lt => Op::Lt,
        W::Le => Op::Le,
        W::Gt => Op::Gt,
        W::Ge => Op::Ge,
        W::Eq => Op::Eq,
        W::Ne => Op::Ne,
        W::And => Op::And,
        W::Xor => Op::Xor,
        W::Or => Op::Or,
        W::Div => Op::Div,
        W::Rem => Op::Rem,
    })
}

/// Instructions appended after a program's leaves, each value computed
/// once (an instruction equal to an earlier one is that one).
pub struct Emit {
    leaves: usize,
    instrs: Vec<Instr>,
}

impl Emit {
    pub fn new(leaves: usize) -> Emit {
        Emit {
            leaves,
            instrs: Vec::new(),
        }
    }

    /// `op` on values `a` and `b`: its value's number.
    pub fn push(&mut self, op: Op, a: usize, b: usize) -> usize {
        let b = if op.unary() { a } else { b };
        let i = Instr {
            op,
            a: a as u8,
            b: b as u8,
        };
        let k = match self.instrs.iter().position(|&j| j == i) {
            Some(k) => k,
            None => {
                self.instrs.push(i);
                self.instrs.len() - 1
            }
        };
        self.leaves + k
    }

    /// `p` (its leaves) with the instructions `result` reads, in order,
    /// and `result` as its answer (then the last instruction).
    pub fn finish(self, p: Straight, result: usize) -> Straight {
        let (leaves, n) = (self.leaves, self.instrs.len());
        let mut live = vec![false; leaves + n];
        live[result] = true;
        for k in (0..n).rev() {
            if live[leaves + k] {
                let i = self.instrs[k];
                live[usize::from(i.a)] = true;
                live[usize::from(i.b)] = true;
            }
        }
        let mut at: Vec<usize> = (0..leaves).collect();
        let mut instrs: Vec<Instr> = Vec::new();
        for (k, i) in self.instrs.iter().enumerate() {
            at.push(leaves + instrs.len());
            if live[leaves + k] {
                let (a, b) = (at[usize::from(i.a)] as u8, at[usize::from(i.b)] as u8);
                instrs.push(Instr { op: i.op, a, b });
            }
        }
        Straight {
            instrs,
            result: at[result],
            ..p
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::bits::rng::Rng;
    use crate::lang::c::{RunOptions, Value};

    /// Every trick lowered, for each type, computes what the C interpreter
    /// computes from its source, on edge and random inputs.
    #[test]
    fn every_lowered_trick_agrees_with_the_interpreter() {
        let mut rng = Rng::new(0x11b);
        for ty in [Scalar::UInt, Scalar::Int, Scalar::ULongLong] {
            let all = components(ty, &Op::ALL);
            assert!(all.len() >= 25, "{ty:?}: {} tricks lowered", all.len());
            let mask = ty.mask();
            for c in &all {
                let e = crate::tricks::catalog().get(&c.id).unwrap();
                let program = Program::parse(&e.source).unwrap();
                let f = program.entry(Some(&e.fn_name)).unwrap();
                let n = c.program.params.len();
                for k in 0..300u64 {
                    let args: Vec<u64> = (0..n as u64)
                        .map(|j| match (k + j) % 3 {
                            0 => [0, 1, 2, 7, mask, mask >> 1, !(mask >> 1) & mask]
                                [(k / 3 % 7) as usize],
                            1 => rng.next_u64() >> (rng.next_u64() % 64) & mask,
                            _ => rng.next_u64() & mask,
                        })
                        .collect();
                    let vals: Vec<Value> = (args.iter().zip(&f.params))
                        .map(|(&bits, p)| Value { ty: p.1, bits })
                        .collect();
                    let run = program.run_values(&e.fn_name, &vals, &RunOptions::default());
                    let Some(want) = run.ok().and_then(|r| r.value).map(|v| v.bits) else {
                        continue;
                    };
                    let got = c.program.eval(&args);
                    assert_eq!(
                        got.map(|v| v & mask),
                        Some(want & mask),
                        "{} at {args:x?}: {}",
                        c.id,
                        c.program.expr()
                    );
                }
            }
        }
    }

    /// Loops, branches and tables leave a trick out; `op=`, `++` and casts
    /// of the width are lowered.
    #[test]
    fn only_straight_line_code_of_the_width_is_lowered() {
        let lowered = |src: &str| {
            let p = Program::parse(src).unwrap();
            lower(p.entry(None).unwrap(), Ty::new(Scalar::UInt))
        };
        let p =
            lowered("unsigned f(unsigned x) { x--; x |= x >> 1; return (unsigned)(int)(x + 1); }")
                .unwrap();
        assert_eq!(p.expr(), "((x - 1u) | ((x - 1u) >> 1u)) + 1u");
        assert_eq!(p.instrs.len(), 4);
        for bad in [
            "unsigned f(unsigned x) { for (int i = 0; i < 3; i++) x += x; return x; }",
            "unsigned f(unsigned x) { if (x) return 1; return 0; }",
            "unsigned f(unsigned x) { unsigned char c = x; return c; }",
            "unsigned f(unsigned x) { return (unsigned)((int)x / 3); }",
            "unsigned f(unsigned x) { return (unsigned)((int)x >> 1); }",
        ] {
            assert!(lowered(bad).is_none(), "{bad}");
        }
    }
}
