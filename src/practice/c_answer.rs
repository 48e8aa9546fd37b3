//! Answers written in C: a whole function (`unsigned f(unsigned x) { … }`),
//! or, for an exercise typed in C ([`Exercise::c_signature`], e.g. `int
//! abs(int x)` where `>>` is arithmetic), an expression in C's semantics.
//! The rules are counted on the C tree by [`super::c_count`], as the data
//! lab's `dlc` counts them; `if`, loops, `?:`, `&&` and `||` are operators
//! the exercise must allow. Then [`crate::lang::prove::c`] proves
//! the function against the reference, written in the same signature.

use super::c_count::{self, Found};
use super::{Exercise, PracticeError, Refusal, Report, Rule, Wrong};
use crate::lang::c::ast::Stmt;
use crate::lang::c::{Program, Scalar};
use crate::lang::prove::c::{self as cprove, Outcome, Side as CSide};
use crate::lang::prove::{Control, Options, Side};

/// Whether the exercise's reference is a whole C function (a float
/// puzzle's, computed in `float` as a course's tests.c computes it)
/// rather than an expression.
pub fn computes_in_c(ex: &Exercise) -> bool {
    ex.reference.contains('{')
}

/// The reference as a C program whose function is `name`: the whole
/// function renamed, or the expression returned in the exercise's
/// signature (`sig` already named `name`).
pub fn reference_program(ex: &Exercise, sig: &str) -> String {
    if computes_in_c(ex) {
        let open = ex.reference.find('(').unwrap_or(0);
        let head = &ex.reference[..open];
        let start = head
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = sig.find('(').map_or(sig, |o| &sig[..o]);
        let name = name
            .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("reference");
        return format!(
            "#include <math.h>\n{}{name}{}",
            &head[..start],
            &ex.reference[open..]
        );
    }
    format!("{sig} {{ return {}; }}", ex.reference)
}

/// A C answer against the rules, before any proof (the page's live
/// check): its operator count, or the column and message of the first
/// problem (a parse error or a rule).
pub fn rules_of(ex: &Exercise, answer: &str) -> Result<usize, (usize, String)> {
    let (program, _) = programs(ex, answer).map_err(|e| match e {
        PracticeError::C(c) => (c.col as usize, c.to_string()),
        other => (1, other.to_string()),
    })?;
    let f = program
        .entry(None)
        .map_err(|e| (e.col as usize, e.to_string()))?;
    match rules(ex, &f.body) {
        (_, Some(r)) => Err((r.column, r.message)),
        (n, None) => Ok(n),
    }
}

/// Whether `answer` is checked as C.
pub fn is_c(ex: &Exercise, answer: &str) -> bool {
    ex.c_signature.is_some() || answer.contains('{')
}

/// A float puzzle's answer is integer code: its first float, with why.
fn first_float(ex: &Exercise, counted: &c_count::Counted) -> Option<Found> {
    let floats = counted.beyond_integers.iter().filter(|_| computes_in_c(ex));
    let f = floats.min_by_key(|f| (f.line, f.col))?;
    Some(Found {
        what: format!("{}: the float puzzles take integer code only", f.what),
        ..f.clone()
    })
}

/// The first rule the function breaks: an operator or construct not
/// allowed, a constant too large, then the budget.
fn rules(ex: &Exercise, body: &[Stmt]) -> (usize, Option<Refusal>) {
    let counted = c_count::count(body);
    let (ops, lits) = (&counted.ops, &counted.lits);
    let n = ops.len();
    let refuse = |rule, line: u32, col: u32, what: String| {
        Some(Refusal {
            rule,
            column: col as usize,
            message: format!("line {line}, column {col}: {what}"),
        })
    };
    // a `do` loop is allowed where `while` is
    let name = |f: &Found| {
        if f.what == "do" {
            "while".to_string()
        } else {
            f.what.clone()
        }
    };
    if let Some(f) = first_float(ex, &counted) {
        let rule = Rule::Operator { op: "float".into() };
        return (n, refuse(rule, f.line, f.col, f.what));
    }
    let forbidden = ops
        .iter()
        .chain(&counted.control)
        .filter(|f| !ex.operators.contains(&name(f).as_str()))
        .min_by_key(|f| (f.line, f.col));
    if let Some(f) = forbidden {
        let what = format!(
            "'{}' is not allowed here (allowed: {})",
            name(f),
            ex.operators.join(" ")
        );
        return (
            n,
            refuse(Rule::Operator { op: name(f) }, f.line, f.col, what),
        );
    }
    if let Some(max) = ex.max_constant {
        if let Some((line, col, v, _)) = lits.iter().find(|l| l.2 > i128::from(max) || l.2 < 0) {
            let what = format!("the constant {v} is above the largest allowed, {max}");
            return (
                n,
                refuse(
                    Rule::Constant {
                        value: *v as u64,
                        max_constant: max,
                    },
                    *line,
                    *col,
                    what,
                ),
            );
        }
    }
    if n > ex.max_ops {
        let f = &ops[ex.max_ops];
        let what = format!(
            "operator {} of {n}, over the budget of {}",
            ex.max_ops + 1,
            ex.max_ops
        );
        return (
            n,
            refuse(
                Rule::Budget {
                    ops: n,
                    max_ops: ex.max_ops,
                },
                f.line,
                f.col,
                what,
            ),
        );
    }
    (n, None)
}

/// Checks a C answer (see the module docs).
///
/// # Errors
/// The answer is not C of the exercise's shape; a cancel.
pub fn check(
    ex: &Exercise,
    answer: &str,
    opts: &Options,
    ctl: &mut dyn Control,
) -> Result<Report, PracticeError> {
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
        CSide {
            program: &program,
            function: &f.name,
        },
        CSide {
            program: &reference,
            function: "reference",
        },
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
        report.counterexample = Some(Wrong {
            width,
            x: arg(0),
            y: arg(1),
            z: arg(2),
            got: side(&c.left),
            expected: side(&c.right),
        });
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
    let program = Program::parse(&answer_src)
        .map_err(|e| PracticeError::C(unwrap_line(e, answer, ex.c_signature)))?;
    let f = program.entry(None).map_err(PracticeError::C)?;
    let sig = match ex.c_signature {
        Some(sig) => sig.to_string(),
        None => {
            let names = ["x", "y", "z"];
            let widths = ex
                .widths
                .iter()
                .map(|w| format!("{w}"))
                .collect::<Vec<_>>()
                .join(" or ");
            let ok = |t: Scalar| !t.signed() && t != Scalar::Bool && ex.widths.contains(&t.bits());
            if f.params.is_empty()
                || f.params.len() > 3
                || !f.params.iter().all(|p| ok(p.1) && p.1 == f.params[0].1)
                || !ok(f.ret) && f.ret != f.params[0].1
            {
                return Err(bad(format!("this exercise's function takes x (and y, z) as unsigned words of {widths} bits, all of one type")));
            }
            let params: Vec<String> = f
                .params
                .iter()
                .enumerate()
                .map(|(k, p)| format!("{} {}", p.1.name(), names[k]))
                .collect();
            format!("{} reference({})", f.params[0].1.name(), params.join(", "))
        }
    };
    let sig = match sig.find('(') {
        Some(open) if ex.c_signature.is_some() => {
            let head = &sig[..open];
            let name_start = head
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            format!("{}reference{}", &head[..name_start], &sig[open..])
        }
        _ => sig,
    };
    let reference = Program::parse(&reference_program(ex, &sig)).map_err(PracticeError::C)?;
    Ok((program, reference))
}

/// A parse error of an expression answer, its column in the answer.
fn unwrap_line(
    mut e: crate::lang::c::CError,
    answer: &str,
    sig: Option<&str>,
) -> crate::lang::c::CError {
    if let (false, Some(sig), 1) = (answer.contains('{'), sig, e.line) {
        let prefix = sig.len() as u32 + " { return ".len() as u32;
        e.col = e.col.saturating_sub(prefix).max(1);
    }
    e
}
