//! Answers written in C: a whole function (`unsigned f(unsigned x) { … }`),
//! or, for an exercise typed in C ([`Exercise::c_signature`], e.g. `int
//! abs(int x)` where `>>` is arithmetic), an expression in C's semantics.
//! The rules are counted on the C tree as the data lab's `dlc` counts them:
//! every unary and binary operator, not `=`, a compound assignment its
//! operator, `++`/`--` as `+`/`-`; `if`, loops, `?:`, `&&` and `||` are
//! operators the exercise must allow. Then [`crate::lang::prove::c`] proves
//! the function against the reference, written in the same signature.

use super::{Exercise, PracticeError, Refusal, Report, Rule, Wrong};
use crate::lang::c::ast::{Expr, ExprKind, Init, Stmt, StmtKind, UnOp};
use crate::lang::c::{Int, Program};
use crate::lang::prove::c::{self as cprove, Outcome, Side as CSide};
use crate::lang::prove::{Control, Options, Side};

/// Whether `answer` is checked as C.
pub fn is_c(ex: &Exercise, answer: &str) -> bool {
    ex.c_signature.is_some() || answer.contains('{')
}

/// An operator or construct and where it is (line, column).
type Found = (u32, u32, String);

fn expr_ops(e: &Expr, ops: &mut Vec<Found>, lits: &mut Vec<(u32, u32, i128)>) {
    let at = |s: &str| (e.pos.line, e.pos.col, s.to_string());
    match &e.kind {
        ExprKind::Lit(v) => lits.push((e.pos.line, e.pos.col, v.get())),
        ExprKind::Var(..) => {}
        ExprKind::Index(_, _, i) => {
            ops.push(at("[]"));
            expr_ops(i, ops, lits);
        }
        ExprKind::Unary(op, a) => {
            ops.push(at(if *op == UnOp::Neg { "-x" } else { op.symbol() }));
            expr_ops(a, ops, lits);
        }
        ExprKind::Binary(op, a, b) => {
            ops.push(at(op.symbol()));
            expr_ops(a, ops, lits);
            expr_ops(b, ops, lits);
        }
        ExprKind::Assign(op, a, b) => {
            if let Some(op) = op {
                ops.push(at(op.symbol()));
            }
            expr_ops(a, ops, lits);
            expr_ops(b, ops, lits);
        }
        ExprKind::IncDec { inc, target, .. } => {
            ops.push(at(if *inc { "+" } else { "-" }));
            expr_ops(target, ops, lits);
        }
        ExprKind::Cond(c, t, f) => {
            ops.push(at("?:"));
            for x in [c, t, f] {
                expr_ops(x, ops, lits);
            }
        }
        ExprKind::Comma(a, b) => {
            expr_ops(a, ops, lits);
            expr_ops(b, ops, lits);
        }
        ExprKind::Cast(_, a) => {
            ops.push(at("(cast)"));
            expr_ops(a, ops, lits);
        }
        ExprKind::Call(_, name, args) => {
            ops.push(at(name));
            args.iter().for_each(|a| expr_ops(a, ops, lits));
        }
        ExprKind::Builtin(_, name, _, a) => {
            ops.push(at(name));
            expr_ops(a, ops, lits);
        }
    }
}

fn stmt_ops(s: &Stmt, ops: &mut Vec<Found>, lits: &mut Vec<(u32, u32, i128)>) {
    let mut control = |w: &str| ops.push((s.pos.line, s.pos.col, w.to_string()));
    match &s.kind {
        StmtKind::If(..) => control("if"),
        StmtKind::While(..) | StmtKind::DoWhile(..) => control("while"),
        StmtKind::For { .. } => control("for"),
        _ => {}
    }
    match &s.kind {
        StmtKind::Decl(ds) => {
            for d in ds {
                match &d.init {
                    Init::Scalar(e) => expr_ops(e, ops, lits),
                    Init::List(items) => items.iter().for_each(|e| expr_ops(e, ops, lits)),
                    Init::None => {}
                }
            }
        }
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => expr_ops(e, ops, lits),
        StmtKind::If(c, t, f) => {
            expr_ops(c, ops, lits);
            stmt_ops(t, ops, lits);
            if let Some(f) = f {
                stmt_ops(f, ops, lits);
            }
        }
        StmtKind::While(c, b) | StmtKind::DoWhile(b, c) => {
            expr_ops(c, ops, lits);
            stmt_ops(b, ops, lits);
        }
        StmtKind::For { init, cond, step, body } => {
            init.iter().for_each(|s| stmt_ops(s, ops, lits));
            cond.iter().chain(step).for_each(|e| expr_ops(e, ops, lits));
            stmt_ops(body, ops, lits);
        }
        StmtKind::Block(b) => b.iter().for_each(|s| stmt_ops(s, ops, lits)),
        _ => {}
    }
}

/// The first rule the function breaks: an operator or construct not
/// allowed, a constant too large, then the budget.
fn rules(ex: &Exercise, body: &[Stmt]) -> (usize, Option<Refusal>) {
    let (mut ops, mut lits) = (Vec::new(), Vec::new());
    body.iter().for_each(|s| stmt_ops(s, &mut ops, &mut lits));
    let n = ops.iter().filter(|o| !matches!(o.2.as_str(), "if" | "while" | "for")).count();
    let refuse = |rule, line: u32, col: u32, what: String| Some(Refusal { rule, column: col as usize, message: format!("line {line}, column {col}: {what}") });
    if let Some((line, col, op)) = ops.iter().find(|o| !ex.operators.contains(&o.2.as_str())) {
        let what = format!("'{op}' is not allowed here (allowed: {})", ex.operators.join(" "));
        return (n, refuse(Rule::Operator { op: op.clone() }, *line, *col, what));
    }
    if let Some(max) = ex.max_constant {
        if let Some((line, col, v)) = lits.iter().find(|l| l.2 > i128::from(max) || l.2 < 0) {
            let what = format!("the constant {v} is above the largest allowed, {max}");
            return (n, refuse(Rule::Constant { value: *v as u64, max_constant: max }, *line, *col, what));
        }
    }
    if n > ex.max_ops {
        let (line, col, _) = &ops[ex.max_ops];
        let what = format!("operator {} of {n}, over the budget of {}", ex.max_ops + 1, ex.max_ops);
        return (n, refuse(Rule::Budget { ops: n, max_ops: ex.max_ops }, *line, *col, what));
    }
    (n, None)
}

/// Checks a C answer (see the module docs).
///
/// # Errors
/// The answer is not C of the exercise's shape; a cancel.
pub fn check(ex: &Exercise, answer: &str, opts: &Options, ctl: &mut dyn Control) -> Result<Report, PracticeError> {
    let (program, reference) = programs(ex, answer)?;
    let f = program.entry(None).map_err(PracticeError::C)?.clone();
    let (ops, refused) = rules(ex, &f.body);
    let width = f.params.first().map(|p| p.1.bits()).unwrap_or(64);
    let mut report = Report {
        id: ex.id.to_string(),
        solved: false,
        ops,
        max_ops: ex.max_ops,
        best_ops: ex.best_ops,
        method: None,
        proofs: Vec::new(),
        refused,
        counterexample: None,
        not_proven: None,
    };
    if report.refused.is_some() {
        return Ok(report);
    }
    let v = cprove::prove(
        CSide { program: &program, function: &f.name },
        CSide { program: &reference, function: "reference" },
        None,
        opts,
        ctl,
    )
    .map_err(PracticeError::Prove)?;
    report.method = Some(v.method);
    if let Some(c) = v.counterexample {
        let arg = |k: usize| c.args.get(k).map(|a| a.1.bits).unwrap_or(0);
        let side = |o: &Outcome| match o {
            Outcome::Value(v) => Side::Word(v.bits),
            Outcome::Undefined(why) => Side::Undefined(why.clone()),
        };
        report.counterexample = Some(Wrong { width, x: arg(0), y: arg(1), z: arg(2), got: side(&c.left), expected: side(&c.right) });
    } else if v.equal == Some(true) {
        report.proofs.push((width, v.method));
        report.solved = true;
    } else {
        report.not_proven = v.not_proven;
    }
    Ok(report)
}

/// The answer's program and the reference's, in one signature.
fn programs(ex: &Exercise, answer: &str) -> Result<(Program, Program), PracticeError> {
    let bad = |m: String| PracticeError::CAnswer(m);
    let answer_src = match (answer.contains('{'), ex.c_signature) {
        (true, _) => answer.to_string(),
        (false, Some(sig)) => format!("{sig} {{ return {answer}; }}"),
        (false, None) => return Err(bad("write a whole C function".into())),
    };
    let program = Program::parse(&answer_src).map_err(|e| PracticeError::C(unwrap_line(e, answer, ex.c_signature)))?;
    let f = program.entry(None).map_err(PracticeError::C)?;
    let sig = match ex.c_signature {
        Some(sig) => sig.to_string(),
        None => {
            let names = ["x", "y", "z"];
            let widths = ex.widths.iter().map(|w| format!("{w}")).collect::<Vec<_>>().join(" or ");
            let ok = |t: Int| !t.signed() && t != Int::Bool && ex.widths.contains(&t.bits());
            if f.params.is_empty() || f.params.len() > 3 || !f.params.iter().all(|p| ok(p.1) && p.1 == f.params[0].1) || !ok(f.ret) && f.ret != f.params[0].1 {
                return Err(bad(format!("this exercise's function takes x (and y, z) as unsigned words of {widths} bits, all of one type")));
            }
            let params: Vec<String> = f.params.iter().enumerate().map(|(k, p)| format!("{} {}", p.1.name(), names[k])).collect();
            format!("{} reference({})", f.params[0].1.name(), params.join(", "))
        }
    };
    let sig = match sig.find('(') {
        Some(open) if ex.c_signature.is_some() => {
            let head = &sig[..open];
            let name_start = head.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
            format!("{}reference{}", &head[..name_start], &sig[open..])
        }
        _ => sig,
    };
    let reference = Program::parse(&format!("{sig} {{ return {}; }}", ex.reference)).map_err(PracticeError::C)?;
    Ok((program, reference))
}

/// A parse error of an expression answer, its column in the answer.
fn unwrap_line(mut e: crate::lang::c::CError, answer: &str, sig: Option<&str>) -> crate::lang::c::CError {
    if let (false, Some(sig), 1) = (answer.contains('{'), sig, e.line) {
        let prefix = sig.len() as u32 + " { return ".len() as u32;
        e.col = e.col.saturating_sub(prefix).max(1);
    }
    e
}
