//! THE operator counter of C answers, as the data lab's `dlc` counts: every
//! unary and binary operator, not `=`; a compound assignment counts its
//! operator, `++`/`--` count as `+`/`-`; `?:`, casts, calls and `[]` are
//! operators too (named so a rule can refuse them). Control statements
//! (`if`, `while`, `do`, `for`) are listed apart and count nothing.
//! Both the exercise checker ([`super::c_answer`]) and the grader of
//! student files ([`super::grade`]) read this one walk.

use crate::lang::c::ast::{Expr, ExprKind, Init, Stmt, StmtKind, UnOp};

/// A construct and where it starts (line, column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub line: u32,
    pub col: u32,
    /// The operator as the rules name it (`-x` is the unary minus,
    /// `(cast)` a cast, a call its function's name), or the statement's
    /// keyword.
    pub what: String,
}

/// Everything one function body holds that a rule may look at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    /// The operators, in the order the tree is walked.
    pub ops: Vec<Found>,
    /// `if`, `while`, `do`, `for`.
    pub control: Vec<Found>,
    /// Each literal: line, column, value, and whether its type is `int`.
    pub lits: Vec<(u32, u32, i128, bool)>,
    /// What no data-lab rule allows: a floating value, a union or struct
    /// member, a pointer pun (the first of each expression, outermost).
    pub beyond_integers: Vec<Found>,
}

/// Walks a function body.
pub fn count(body: &[Stmt]) -> Counted {
    let mut c = Counted::default();
    body.iter().for_each(|s| c.stmt(s));
    c
}

impl Counted {
    fn op(&mut self, e: &Expr, what: &str) {
        self.ops.push(Found {
            line: e.pos.line,
            col: e.pos.col,
            what: what.to_string(),
        });
    }

    fn expr(&mut self, e: &Expr) {
        if e.ty.is_float() {
            let what = format!("`{}` is a {}", e.show(), e.ty.name());
            self.beyond_integers.push(Found {
                line: e.pos.line,
                col: e.pos.col,
                what,
            });
        }
        match &e.kind {
            ExprKind::Lit(v) => self.lits.push((
                e.pos.line,
                e.pos.col,
                v.get(),
                e.ty == crate::lang::c::Scalar::Int,
            )),
            ExprKind::Var(..) => {}
            ExprKind::Index(_, _, i) => {
                self.op(e, "[]");
                self.expr(i);
            }
            ExprKind::Unary(op, a) => {
                self.op(e, if *op == UnOp::Neg { "-x" } else { op.symbol() });
                self.expr(a);
            }
            ExprKind::Binary(op, a, b) => {
                self.op(e, op.symbol());
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Assign(op, a, b) => {
                if let Some(op) = op {
                    self.op(e, op.symbol());
                }
                self.expr(a);
                self.expr(b);
            }
            ExprKind::IncDec { inc, target, .. } => {
                self.op(e, if *inc { "+" } else { "-" });
                self.expr(target);
            }
            ExprKind::Cond(c, t, f) => {
                self.op(e, "?:");
                [c, t, f].into_iter().for_each(|x| self.expr(x));
            }
            ExprKind::Comma(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Cast(_, a) => {
                self.op(e, "(cast)");
                self.expr(a);
            }
            ExprKind::Call(_, name, args) | ExprKind::Math(_, name, _, args) => {
                self.op(e, name);
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Builtin(_, name, _, a) => {
                self.op(e, name);
                self.expr(a);
            }
            ExprKind::Copy(c) => {
                let what = format!("`memcpy` copies the bytes of `{}`", c.src.text);
                self.beyond_integers.push(Found {
                    line: e.pos.line,
                    col: e.pos.col,
                    what,
                });
                self.op(e, "memcpy");
            }
            ExprKind::View(v) => {
                let what = format!(
                    "`{}` reads a variable's bytes (a union, struct or pun)",
                    v.text
                );
                self.beyond_integers.push(Found {
                    line: e.pos.line,
                    col: e.pos.col,
                    what,
                });
                if let Some((i, _)) = &v.index {
                    self.op(e, "[]");
                    self.expr(i);
                }
            }
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        let keyword = match &s.kind {
            StmtKind::If(..) => Some("if"),
            StmtKind::Loop(l) => Some(l.kind.keyword()),
            StmtKind::Switch(_) => Some("switch"),
            _ => None,
        };
        if let Some(w) = keyword {
            self.control.push(Found {
                line: s.pos.line,
                col: s.pos.col,
                what: w.to_string(),
            });
        }
        match &s.kind {
            StmtKind::Decl(ds) => ds.iter().for_each(|d| match &d.init {
                Init::Scalar(e) => self.expr(e),
                Init::List(items) => items.iter().for_each(|e| self.expr(e)),
                Init::None => {}
            }),
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::If(c, t, f) => {
                self.expr(c);
                self.stmt(t);
                f.iter().for_each(|f| self.stmt(f));
            }
            StmtKind::Loop(l) => {
                l.init.iter().for_each(|s| self.stmt(s));
                l.cond.iter().chain(&l.step).for_each(|e| self.expr(e));
                self.stmt(&l.body);
            }
            StmtKind::Block(b) => b.iter().for_each(|s| self.stmt(s)),
            StmtKind::Switch(sw) => {
                self.expr(&sw.value);
                sw.body.iter().for_each(|s| self.stmt(s));
            }
            _ => {}
        }
    }
}
