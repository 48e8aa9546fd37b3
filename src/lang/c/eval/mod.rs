//! The stepping evaluator: runs a function of the file statement by
//! statement, with a step budget (a loop that never ends is an error, never
//! a hang), a bounded call depth, undefined behaviour said at its line, and
//! (when asked) a trace: every statement, condition and return with the
//! variables after it, the bits that changed, the loop iteration, and the
//! values of its sub-expressions innermost first.

use super::ast::{
    BinOp, Decl, Expr, ExprKind, Function, Init, Loop, LoopKind, Parsed, Pos, Slot, Stmt, StmtKind,
    Switch, WordOp,
};
use super::math::MathFn;
use super::ops::{self, Undefined};
mod bytes;
mod record;

use super::trace::{CStep, ExprValue, StepKind, Warning};
use super::types::{Scalar, Value, Why};
use super::{CError, ErrorKind};
use record::decl_text;

/// How a run is bounded and what it records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Steps (statements and expression nodes) before the run stops.
    pub budget: u64,
    /// Record the steps.
    pub trace: bool,
    /// The most steps recorded (the run goes on past them).
    pub max_trace: usize,
    /// The deepest chain of calls.
    pub max_depth: usize,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            budget: 1_000_000,
            trace: false,
            max_trace: 5_000,
            max_depth: 200,
        }
    }
}

/// What a run gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The return value (`None` for a `void` function).
    pub value: Option<Value>,
    pub steps: Vec<CStep>,
    /// True when more steps ran than were recorded.
    pub truncated: bool,
    pub warnings: Vec<Warning>,
    pub steps_used: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Cell {
    Unset,
    Scalar(Value),
    Array(Vec<Option<Value>>),
    /// A union's or struct's bytes (or a scalar written in part through a
    /// pun), little-endian; `None` never written.
    Bytes(Vec<Option<u8>>),
}

/// Where an lvalue lives: a variable or an element, or a scalar inside a
/// variable's bytes (its slot, first byte and type).
#[derive(Clone, Copy, Debug)]
enum Place {
    Cell(Slot, Option<usize>),
    Bytes(Slot, u64, Scalar),
}

enum Flow {
    Normal,
    Break,
    Continue,
    Return(Option<Value>),
}

struct Frame {
    func: usize,
    cells: Vec<Cell>,
    /// Locals in the order their declarations ran (the table's rows).
    live: Vec<usize>,
}

/// One run's machine.
pub(super) struct Machine<'p> {
    prog: &'p Parsed,
    globals: Vec<Cell>,
    left: u64,
    opts: &'p RunOptions,
    depth: usize,
    steps: Vec<CStep>,
    truncated: bool,
    warnings: Vec<Warning>,
    /// Loop iteration counters, innermost last.
    iterations: Vec<u32>,
    /// Sub-expression values of the statement being run (when tracing).
    exprs: Vec<ExprValue>,
    /// Warnings of the statement being run.
    step_warnings: Vec<String>,
    /// The note of the step being recorded (`CStep::note`).
    note: Option<String>,
}

type R<T> = Result<T, CError>;

fn undefined(pos: Pos, u: Undefined) -> CError {
    CError::new(ErrorKind::Undefined, pos.line, pos.col, u.0)
}

/// An integer constant expression's value, or `None` when `e` reads a
/// variable or calls a function.
pub fn constant(e: &Expr) -> Option<i128> {
    let prog = Parsed::default();
    let opts = RunOptions {
        budget: 10_000,
        ..RunOptions::default()
    };
    let mut m = Machine::new(&prog, &opts);
    let mut f = Frame {
        func: usize::MAX,
        cells: Vec::new(),
        live: Vec::new(),
    };
    m.eval(&mut f, e).ok().map(Value::get)
}

impl<'p> Machine<'p> {
    pub(super) fn new(prog: &'p Parsed, opts: &'p RunOptions) -> Machine<'p> {
        Machine {
            prog,
            globals: vec![Cell::Unset; prog.globals.len()],
            left: opts.budget,
            opts,
            depth: 0,
            steps: Vec::new(),
            truncated: false,
            warnings: Vec::new(),
            iterations: Vec::new(),
            exprs: Vec::new(),
            step_warnings: Vec::new(),
            note: None,
        }
    }

    /// Runs the file-scope and `static` initialisers.
    pub(super) fn load(&mut self) -> R<()> {
        let mut f = Frame {
            func: usize::MAX,
            cells: Vec::new(),
            live: Vec::new(),
        };
        for d in &self.prog.global_inits {
            self.declare(&mut f, d)?;
        }
        Ok(())
    }

    /// Calls function `k` with arguments already of its parameter types;
    /// an error comes with the steps recorded before it.
    pub(super) fn call_entry(
        mut self,
        k: usize,
        args: &[Value],
    ) -> Result<Run, (CError, Vec<CStep>)> {
        let value = match self.call(k, args, self.prog.functions[k].pos) {
            Ok(v) => v,
            Err(e) => return Err((e, self.steps)),
        };
        self.exprs.clear();
        Ok(Run {
            value,
            steps: self.steps,
            truncated: self.truncated,
            warnings: self.warnings,
            steps_used: self.opts.budget - self.left,
        })
    }

    fn tick(&mut self, pos: Pos) -> R<()> {
        if self.left == 0 {
            return Err(CError::new(
                ErrorKind::Budget,
                pos.line,
                pos.col,
                format!(
                    "the step budget ({} steps) ran out here: a loop that never ends?",
                    self.opts.budget
                ),
            ));
        }
        self.left -= 1;
        Ok(())
    }

    fn warn(&mut self, pos: Pos, message: String) {
        if self.opts.trace {
            self.step_warnings.push(message.clone());
        }
        let known = self
            .warnings
            .iter()
            .position(|w| w.line == pos.line && w.col == pos.col && w.message == message);
        match known {
            Some(k) => self.warnings[k].count += 1,
            None if self.warnings.len() < 100 => self.warnings.push(Warning {
                line: pos.line,
                col: pos.col,
                message,
                count: 1,
            }),
            None => {}
        }
    }

    fn call(&mut self, k: usize, args: &[Value], pos: Pos) -> R<Option<Value>> {
        let func: &'p Function = &self.prog.functions[k];
        if self.depth >= self.opts.max_depth {
            return Err(CError::new(
                ErrorKind::Budget,
                pos.line,
                pos.col,
                format!(
                    "calls nested deeper than {} (recursion without end?)",
                    self.opts.max_depth
                ),
            ));
        }
        self.depth += 1;
        let mut f = Frame {
            func: k,
            cells: vec![Cell::Unset; func.locals.len()],
            live: Vec::new(),
        };
        for (i, a) in args.iter().enumerate() {
            f.cells[i] = Cell::Scalar(a.to(func.params[i].1));
            f.live.push(i);
        }
        let saved = (
            std::mem::take(&mut self.iterations),
            std::mem::take(&mut self.exprs),
        );
        let mut value = None;
        for s in &func.body {
            if let Flow::Return(v) = self.exec(&mut f, s)? {
                value = v;
                break;
            }
        }
        (self.iterations, self.exprs) = saved;
        self.depth -= 1;
        if !func.void && value.is_none() {
            return Err(CError::new(
                ErrorKind::Undefined,
                func.pos.line,
                func.pos.col,
                format!("`{}` ends without returning a value", func.name),
            ));
        }
        Ok(value)
    }

    // ----- statements ---------------------------------------------------

    fn exec(&mut self, f: &mut Frame, s: &Stmt) -> R<Flow> {
        self.tick(s.pos)?;
        match &s.kind {
            StmtKind::Empty => Ok(Flow::Normal),
            StmtKind::Block(b) => {
                for s in b {
                    let flow = self.exec(f, s)?;
                    if !matches!(flow, Flow::Normal) {
                        return Ok(flow);
                    }
                }
                Ok(Flow::Normal)
            }
            StmtKind::Decl(decls) => self.declaration(f, decls, s.pos),
            StmtKind::Expr(e) => {
                let before = self.snapshot(f);
                let v = self.eval(f, e)?;
                self.note = self.change_note(f, &before, v);
                self.record(
                    f,
                    s.pos,
                    StepKind::Expr,
                    format!("{};", e.show()),
                    Some(v),
                    &before,
                );
                Ok(Flow::Normal)
            }
            StmtKind::If(c, then, other) => {
                if self.condition(f, c, s.pos, "if", None)? {
                    self.exec(f, then)
                } else if let Some(o) = other {
                    self.exec(f, o)
                } else {
                    Ok(Flow::Normal)
                }
            }
            StmtKind::Return(e) => {
                let before = self.snapshot(f);
                let func = &self.prog.functions[f.func];
                let ret = func.ret;
                let v = match e {
                    Some(e) => {
                        let v = self.eval(f, e)?;
                        Some(
                            self.convert(v, ret, Why::Return, e, || format!("return {}", e.show())),
                        )
                    }
                    None => None,
                };
                let text = e
                    .as_ref()
                    .map(|e| format!("return {};", e.show()))
                    .unwrap_or_else(|| "return;".into());
                self.record(f, s.pos, StepKind::Return, text, v, &before);
                Ok(Flow::Return(v))
            }
            StmtKind::Break => Ok(Flow::Break),
            StmtKind::Continue => Ok(Flow::Continue),
            StmtKind::Loop(l) => self.looping(f, s.pos, l),
            StmtKind::Switch(sw) => self.switching(f, s.pos, sw),
        }
    }

    /// A `switch`: its value promoted, a step saying where it enters, then
    /// the block's statements from there until a `break` or the end.
    fn switching(&mut self, f: &mut Frame, pos: Pos, sw: &Switch) -> R<Flow> {
        let before = self.snapshot(f);
        let text = format!("switch ({})", sw.value.show());
        let v = self.eval(f, &sw.value)?;
        let v = self.convert(v, sw.ty(), Why::Promotion, &sw.value, || text.clone());
        let entry = sw.entry(v.bits);
        if self.opts.trace {
            let case = sw.cases.iter().find(|c| c.value == v);
            self.note = Some(match (case, entry) {
                (Some(c), _) => {
                    format!("enters at `case {}:` (line {})", c.value.get(), c.pos.line)
                }
                (None, Some(_)) => "no case matches: enters at `default:`".into(),
                (None, None) => "no case matches and there is no `default:`: nothing runs".into(),
            });
        }
        let taken = entry.is_some();
        self.record(
            f,
            pos,
            StepKind::Condition { taken },
            text,
            Some(v),
            &before,
        );
        let Some(start) = entry else {
            return Ok(Flow::Normal);
        };
        for s in &sw.body[start..] {
            match self.exec(f, s)? {
                Flow::Normal => {}
                Flow::Break => return Ok(Flow::Normal),
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    /// A declaration statement: each local declared, one step showing the
    /// value the (last) initialised scalar was given.
    fn declaration(&mut self, f: &mut Frame, decls: &[Decl], pos: Pos) -> R<Flow> {
        let before = self.snapshot(f);
        for d in decls.iter().filter(|d| matches!(d.slot, Slot::Local(_))) {
            self.declare(f, d)?;
        }
        let text = decls.iter().map(decl_text).collect::<Vec<_>>().join(", ");
        let value = decls
            .iter()
            .rev()
            .find_map(|d| match (&d.init, d.slot, d.info.len) {
                (Init::Scalar(_), Slot::Local(k), None) => match f.cells.get(k) {
                    Some(Cell::Scalar(v)) => Some(*v),
                    _ => None,
                },
                _ => None,
            });
        let text = format!("{} {text};", decls[0].info.type_name());
        self.record(f, pos, StepKind::Declare, text, value, &before);
        Ok(Flow::Normal)
    }

    /// Every loop: `init`, then (`cond`, body, `step`) until `cond` is false.
    fn looping(&mut self, f: &mut Frame, pos: Pos, l: &Loop) -> R<Flow> {
        for s in &l.init {
            self.exec(f, s)?;
        }
        let word = if l.kind == LoopKind::For {
            "for"
        } else {
            "while"
        };
        self.iterations.push(0);
        let out = loop {
            let n = self.iterations.last_mut().expect("pushed above");
            *n += 1;
            if !l.body_first() || *n > 1 {
                let n = *n;
                if let Some(c) = &l.cond {
                    if !self.condition(f, c, pos, word, Some(n))? {
                        break Flow::Normal;
                    }
                } else {
                    self.tick(pos)?;
                }
            }
            match self.exec(f, &l.body)? {
                Flow::Break => break Flow::Normal,
                Flow::Return(v) => break Flow::Return(v),
                Flow::Normal | Flow::Continue => {}
            }
            if let Some(e) = &l.step {
                let before = self.snapshot(f);
                let v = self.eval(f, e)?;
                self.note = self.change_note(f, &before, v);
                self.record(f, e.pos, StepKind::Expr, e.show(), Some(v), &before);
            }
        };
        self.iterations.pop();
        Ok(out)
    }

    /// Evaluates a condition and records it as a step; a loop's test
    /// (`iteration`: the one it decides) is labelled so.
    fn condition(
        &mut self,
        f: &mut Frame,
        c: &Expr,
        pos: Pos,
        word: &str,
        iteration: Option<u32>,
    ) -> R<bool> {
        let before = self.snapshot(f);
        let v = self.eval(f, c)?;
        let taken = v.is_true();
        if let (Some(n), true) = (iteration, self.opts.trace) {
            let ends = if taken { "" } else { ", the loop ends" };
            self.note = Some(format!("test before iteration {n}: {taken}{ends}"));
        }
        let text = format!("{word} ({})", c.show());
        let at = if word == "if" { pos } else { c.pos };
        self.record(
            f,
            Pos {
                line: at.line,
                col: pos.col,
            },
            StepKind::Condition { taken },
            text,
            Some(v),
            &before,
        );
        Ok(taken)
    }

    fn declare(&mut self, f: &mut Frame, d: &Decl) -> R<()> {
        let cell = match (&d.init, d.info.len) {
            _ if d.info.record.is_some() => self.record_cell(f, d)?,
            (Init::None, None) if matches!(d.slot, Slot::Global(_)) => {
                Cell::Scalar(Value::new(d.info.ty, 0))
            }
            (Init::None, None) => Cell::Unset,
            (Init::None, Some(n)) => {
                let zero = matches!(d.slot, Slot::Global(_)).then(|| Value::new(d.info.ty, 0));
                Cell::Array(vec![zero; n])
            }
            (Init::Scalar(e), _) => {
                let v = self.eval(f, e)?;
                let within = || format!("{} = {}", d.info.name, e.show());
                Cell::Scalar(self.convert(v, d.info.ty, Why::Initialisation, e, within))
            }
            (Init::List(items), n) => {
                let mut vals = Vec::with_capacity(items.len());
                for e in items {
                    let v = self.eval(f, e)?;
                    let within = || format!("{}[…] = {}", d.info.name, e.show());
                    vals.push(Some(self.convert(
                        v,
                        d.info.ty,
                        Why::Initialisation,
                        e,
                        within,
                    )));
                }
                vals.resize(n.unwrap_or(items.len()), Some(Value::new(d.info.ty, 0)));
                Cell::Array(vals)
            }
        };
        match d.slot {
            Slot::Local(k) => {
                f.cells[k] = cell;
                if !f.live.contains(&k) {
                    f.live.push(k);
                }
            }
            Slot::Global(k) => self.globals[k] = cell,
        }
        Ok(())
    }

    // ----- expressions --------------------------------------------------

    fn eval(&mut self, f: &mut Frame, e: &Expr) -> R<Value> {
        self.tick(e.pos)?;
        let v = self.eval_inner(f, e)?;
        self.log(e, v);
        Ok(v)
    }

    /// One arm per expression kind; it stays whole so that it reads side by
    /// side with the circuit's twin (`lang::prove::c::sym`).
    fn eval_inner(&mut self, f: &mut Frame, e: &Expr) -> R<Value> {
        use BinOp::{LogAnd, LogOr};
        Ok(match &e.kind {
            ExprKind::Lit(v) => *v,
            ExprKind::Var(..) | ExprKind::Index(..) | ExprKind::View(_) => {
                let place = self.place(f, e)?;
                self.read(f, place, e)?
            }
            ExprKind::Unary(op, operand) => {
                let mut a = self.eval(f, operand)?;
                if *op != super::ast::UnOp::LogNot {
                    a = self.operand(a, e.ty, operand, e);
                }
                let (v, warn) = ops::unary(*op, e.ty, a);
                if let Some(w) = warn {
                    self.warn(e.pos, w);
                }
                v
            }
            ExprKind::Binary(op @ (LogAnd | LogOr), a, b) => {
                let l = self.eval(f, a)?.is_true();
                let r = if l == (*op == LogAnd) {
                    self.eval(f, b)?.is_true()
                } else {
                    l
                };
                Value::new(Scalar::Int, i128::from(r))
            }
            ExprKind::Binary(BinOp::Word(op), a, b) => {
                let (x, y) = (self.eval(f, a)?, self.eval(f, b)?);
                let (tx, ty) = operand_types(*op, e.ty, x.ty, y.ty);
                let (x, y) = (self.operand(x, tx, a, e), self.operand(y, ty, b, e));
                self.checked(e.pos, ops::binary(*op, e.ty, x, y))?
            }
            ExprKind::Assign(op, target, rhs) => self.assign(f, e, *op, target, rhs)?,
            ExprKind::IncDec { pre, inc, target } => self.inc_dec(f, e, *pre, *inc, target)?,
            ExprKind::Cond(c, t, other) => {
                let pick = if self.eval(f, c)?.is_true() { t } else { other };
                let v = self.eval(f, pick)?;
                self.convert(v, e.ty, Why::Arithmetic, pick, || e.show())
            }
            ExprKind::Comma(a, b) => {
                self.eval(f, a)?;
                self.eval(f, b)?
            }
            ExprKind::Cast(ty, a) => {
                let v = self.eval(f, a)?;
                self.undefined_conversion(v, *ty, e.pos);
                v.to(*ty)
            }
            ExprKind::Builtin(b, name, ty, a) => {
                let x = self.eval(f, a)?;
                ops::builtin(*b, name, *ty, x).map_err(|u| undefined(e.pos, u))?
            }
            ExprKind::Copy(c) => {
                self.copy(f, c);
                Value::new(Scalar::ULong, 0)
            }
            ExprKind::Math(m, name, ty, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for (k, a) in args.iter().enumerate() {
                    let v = self.eval(f, a)?;
                    let to = if *m == MathFn::Ldexp && k == 1 {
                        Scalar::Int
                    } else {
                        *ty
                    };
                    vals.push(self.convert(v, to, Why::Argument, a, || format!("{name}(…)")));
                }
                super::math::apply(*m, &vals)
            }
            ExprKind::Call(k, _, args) => {
                let mut vals = Vec::with_capacity(args.len());
                let params = &self.prog.functions[*k].params;
                for (a, (_, ty)) in args.iter().zip(params) {
                    let v = self.eval(f, a)?;
                    vals.push(self.convert(v, *ty, Why::Argument, a, || e.show()));
                }
                self.call(*k, &vals, e.pos)?
                    .unwrap_or(Value::new(Scalar::Int, 0))
            }
        })
    }

    /// `target = rhs` or `target op= rhs`: the operands converted as C does,
    /// the result converted to the target's type.
    fn assign(
        &mut self,
        f: &mut Frame,
        e: &Expr,
        op: Option<WordOp>,
        target: &Expr,
        rhs: &Expr,
    ) -> R<Value> {
        let place = self.place(f, target)?;
        let v = match op {
            None => self.eval(f, rhs)?,
            Some(op) => {
                let old = self.read(f, place, target)?;
                let r = self.eval(f, rhs)?;
                let ty = compound_type(op, old.ty, r.ty);
                let (tx, tr) = operand_types(op, ty, old.ty, r.ty);
                let (old, r) = (
                    self.operand(old, tx, target, e),
                    self.operand(r, tr, rhs, e),
                );
                self.checked(e.pos, ops::binary(op, ty, old, r))?
            }
        };
        let v = self.convert(v, target.ty, Why::Assignment, rhs, || e.show());
        Ok(self.write(f, place, v))
    }

    /// `++x`, `x--`, ...: the new value written, the old or new given.
    fn inc_dec(
        &mut self,
        f: &mut Frame,
        e: &Expr,
        pre: bool,
        inc: bool,
        target: &Expr,
    ) -> R<Value> {
        let place = self.place(f, target)?;
        let old = self.read(f, place, target)?;
        let one = Value::new(Scalar::Int, 1);
        let op = if inc { WordOp::Add } else { WordOp::Sub };
        let ty = Scalar::common(old.ty, Scalar::Int);
        let promoted = self.operand(old, ty, target, e);
        let new = self.checked(e.pos, ops::binary(op, ty, promoted, one))?;
        let new = self.convert(new, target.ty, Why::Assignment, target, || e.show());
        let new = self.write(f, place, new);
        Ok(if pre { new } else { old })
    }

    /// A warning where C leaves a float-to-integer conversion undefined (a
    /// NaN, or out of range): the value is x86-64's.
    pub(super) fn undefined_conversion(&mut self, v: Value, to: Scalar, pos: Pos) {
        if v.ty.is_float() && !to.is_float() && super::types::floats::undefined_conversion(v, to) {
            self.warn(pos, super::types::floats::rule(v, to));
        }
    }

    fn checked(&mut self, pos: Pos, out: ops::Outcome) -> R<Value> {
        let (v, warn) = out.map_err(|u| undefined(pos, u))?;
        if let Some(w) = warn {
            self.warn(pos, w);
        }
        Ok(v)
    }

    /// Where a variable or element lives: its slot and index.
    fn place(&mut self, f: &mut Frame, e: &Expr) -> R<Place> {
        match &e.kind {
            ExprKind::Var(slot, _) => Ok(Place::Cell(*slot, None)),
            ExprKind::View(v) => self.view_place(f, v, e),
            ExprKind::Index(slot, name, i) => {
                let i = self.eval(f, i)?.get();
                let len = match self.cell(f, *slot) {
                    Some(Cell::Array(a)) => a.len(),
                    _ => 0,
                };
                if i < 0 || i >= len as i128 {
                    return Err(CError::new(
                        ErrorKind::Bounds,
                        e.pos.line,
                        e.pos.col,
                        format!(
                            "index {i} is out of bounds of `{name}` (0 to {})",
                            len.saturating_sub(1)
                        ),
                    ));
                }
                Ok(Place::Cell(*slot, Some(i as usize)))
            }
            _ => Err(CError::new(
                ErrorKind::Type,
                e.pos.line,
                e.pos.col,
                "not a variable",
            )),
        }
    }

    fn cell<'a>(&'a self, f: &'a Frame, slot: Slot) -> Option<&'a Cell> {
        match slot {
            Slot::Local(k) => f.cells.get(k),
            Slot::Global(k) => self.globals.get(k),
        }
    }

    fn read(&self, f: &Frame, place: Place, e: &Expr) -> R<Value> {
        let (slot, index) = match place {
            Place::Cell(slot, index) => (slot, index),
            Place::Bytes(slot, offset, ty) => return self.read_bytes(f, slot, offset, ty, e),
        };
        let v = match (self.cell(f, slot), index) {
            (Some(Cell::Scalar(v)), None) => Some(*v),
            (Some(Cell::Array(a)), Some(i)) => a.get(i).copied().flatten(),
            _ => None,
        };
        v.ok_or_else(|| {
            CError::new(
                ErrorKind::Undefined,
                e.pos.line,
                e.pos.col,
                format!("`{}` is read before it is given a value", e.show()),
            )
        })
    }

    fn write(&mut self, f: &mut Frame, place: Place, v: Value) -> Value {
        let (slot, index) = match place {
            Place::Cell(slot, index) => (slot, index),
            Place::Bytes(slot, offset, _) => {
                self.write_bytes(f, slot, offset, v);
                return v;
            }
        };
        let cell = match slot {
            Slot::Local(k) => f.cells.get_mut(k),
            Slot::Global(k) => self.globals.get_mut(k),
        };
        match (cell, index) {
            (Some(c), None) => *c = Cell::Scalar(v),
            (Some(Cell::Array(a)), Some(i)) => a[i] = Some(v),
            _ => {}
        }
        v
    }
}

/// The types a word operator's operands are converted to: each promoted
/// for a shift, the common type for a comparison, else the result's type.
fn operand_types(op: WordOp, result: Scalar, a: Scalar, b: Scalar) -> (Scalar, Scalar) {
    use WordOp::*;
    match op {
        Shl | Shr => (result, b.promote()),
        Lt | Le | Gt | Ge | Eq | Ne => {
            let common = Scalar::common(a, b);
            (common, common)
        }
        _ => (result, result),
    }
}

/// The type `a op= b` computes in: that of `a op b`.
pub fn compound_type(op: WordOp, a: Scalar, b: Scalar) -> Scalar {
    match op {
        WordOp::Shl | WordOp::Shr => a.promote(),
        _ => Scalar::common(a, b),
    }
}
