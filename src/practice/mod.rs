//! Practice: write a trick yourself, with a few allowed operators and an
//! operator budget (in the style of CS:APP's data lab), and be checked
//! exactly: the answer is proven equal to a hidden reference on every input
//! by [`crate::lang::prove`], or shown wrong with a counterexample.
//!
//! The rules, applied before any proof, each refusal naming its column:
//!
//! - only the exercise's operators may appear; `-x` names the unary minus,
//!   `-` the binary one;
//! - every unary or binary operator written counts one towards the budget
//!   (variables, literals and parentheses count nothing; an operator
//!   written twice counts twice, there are no variables to share a value);
//! - where the exercise has a largest constant, no literal may exceed it.
//!
//! The reference is a specification: where it is undefined (a division by
//! zero at an input the task excludes, say Gosper's hack at x = 0) any
//! answer is accepted ([`Mode::Refines`]).
//!
//! ```
//! use bitscope::practice::{check_answer, exercise};
//! let ex = exercise("lowest-bit-clear").unwrap();
//! let r = check_answer(ex, "x ^ (x & -x)").unwrap();
//! assert!(r.solved);
//! let r = check_answer(ex, "x & (x + 1)").unwrap();
//! assert!(!r.solved && r.counterexample.is_some());
//! ```

mod boards;
pub mod c_answer;
pub mod c_count;
pub mod custom;
mod families;
pub mod fewest;
mod floats;
pub mod grade;
mod hashing;
mod lab;
pub mod link;
mod nibbles;
mod popcount;
pub mod sets;
mod signed;
pub mod split;
mod swar;

use crate::lang::expr::{parse, BinOp, Expr, ExprError, ExprKind, UnOp};
use crate::lang::prove::{self, Control, Method, Mode, NoControl, Options, ProveError, Side};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One exercise. `reference` and `alternatives` are hidden from the learner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exercise {
    pub id: &'static str,
    /// The slug of the panel that explains the trick.
    pub panel: &'static str,
    pub title: &'static str,
    /// The task in one or two sentences.
    pub task: &'static str,
    /// Every width the answer is checked at.
    pub widths: &'static [u32],
    /// The allowed operators ([`operator_symbol`]'s spelling).
    pub operators: &'static [&'static str],
    pub max_ops: usize,
    /// The largest literal allowed, where it matters.
    pub max_constant: Option<u64>,
    /// Up to three hints, shown one at a time.
    pub hints: &'static [&'static str],
    pub reference: &'static str,
    /// Other correct forms, of other shapes, within the rules.
    pub alternatives: &'static [&'static str],
    /// The fewest operators known (the reference's or an alternative's).
    pub best_ops: usize,
    /// Where the exercise is typed in C (`int abs(int x)`): answers are C
    /// expressions or functions in C's semantics ([`c_answer`]), and the
    /// reference is C.
    pub c_signature: Option<&'static str>,
}

/// Every exercise, grouped by topic.
pub fn exercises() -> Vec<&'static Exercise> {
    [
        lab::ALL,
        signed::ALL,
        swar::ALL,
        popcount::ALL,
        nibbles::ALL,
        hashing::ALL,
        boards::ALL,
        families::ALL,
        floats::ALL,
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The exercise called `id`.
pub fn exercise(id: &str) -> Option<&'static Exercise> {
    exercises().into_iter().find(|e| e.id == id)
}

/// The exercises a panel explains.
pub fn for_panel(slug: &str) -> Vec<&'static Exercise> {
    exercises()
        .into_iter()
        .filter(|e| e.panel == slug)
        .collect()
}

/// How an operator is named in the rules: `~ ! -x` (unary minus) and the
/// binary operators as written (`- * / % + << >> < <= > >= == != & ^ |`).
pub fn operator_symbol(e: &Expr) -> Option<&'static str> {
    match &e.kind {
        ExprKind::Unary(UnOp::Neg, _) => Some("-x"),
        ExprKind::Unary(op, _) => Some(op.symbol()),
        ExprKind::Binary(op, ..) => Some(op.symbol()),
        ExprKind::Lit(_) | ExprKind::Var(_) => None,
    }
}

/// Every operator symbol there is.
pub fn all_symbols() -> Vec<&'static str> {
    let mut v = vec!["~", "!", "-x"];
    v.extend(BinOp::ALL.iter().map(|op| op.symbol()));
    v
}

/// A rule an answer broke.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rule {
    /// An operator that is not allowed.
    Operator { op: String },
    /// More operators than the budget (`ops` in all).
    Budget { ops: usize, max_ops: usize },
    /// A literal above the largest allowed constant.
    Constant { value: u64, max_constant: u64 },
}

/// The refusal of an answer: the rule and the 1-based column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub rule: Rule,
    pub column: usize,
    pub message: String,
}

/// A wrong answer's input, what it gave and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wrong {
    pub width: u32,
    pub x: u64,
    pub y: u64,
    pub z: u64,
    pub got: Side,
    pub expected: Side,
}

/// The verdict on an answer (`Cx`: a wrong answer's counterexample, `R`:
/// a refusal; the page's are text, by [`Report::map`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report<Cx = Wrong, R = Refusal> {
    pub id: String,
    pub solved: bool,
    pub ops: usize,
    pub max_ops: usize,
    pub best_ops: usize,
    /// How the widest width was decided (`None` when refused).
    pub method: Option<Method>,
    /// Each width checked and how.
    pub proofs: Vec<(u32, Method)>,
    pub refused: Option<R>,
    pub counterexample: Option<Cx>,
    /// Set when a width could be neither proven nor refuted in the budget.
    pub not_proven: Option<String>,
}

impl<Cx, R> Report<Cx, R> {
    /// The same report, its counterexample and refusal made by `cx` and
    /// `refusal`.
    pub fn map<Cx2, R2>(
        &self,
        cx: impl FnOnce(&Cx) -> Cx2,
        refusal: impl FnOnce(&R) -> R2,
    ) -> Report<Cx2, R2> {
        Report {
            id: self.id.clone(),
            solved: self.solved,
            ops: self.ops,
            max_ops: self.max_ops,
            best_ops: self.best_ops,
            method: self.method,
            proofs: self.proofs.clone(),
            refused: self.refused.as_ref().map(refusal),
            counterexample: self.counterexample.as_ref().map(cx),
            not_proven: self.not_proven.clone(),
        }
    }
}

/// Why an answer could not be checked at all.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PracticeError {
    #[error("no exercise is called '{0}' (see `bitscope practice list`)")]
    Unknown(String),
    #[error("at {width} bits, {error}")]
    Parse { width: u32, error: ExprError },
    #[error("{0}")]
    Prove(ProveError),
    /// A C answer that does not parse or run.
    #[error("{0}")]
    C(crate::lang::c::CError),
    /// A C answer of the wrong shape for the exercise.
    #[error("{0}")]
    CAnswer(String),
}

impl PracticeError {
    /// The column of a parse error.
    pub fn column(&self) -> Option<usize> {
        match self {
            PracticeError::Parse { error, .. } => Some(error.column()),
            PracticeError::C(e) if e.line == 1 => Some(e.col as usize),
            _ => None,
        }
    }
}

/// Operators in `e`, in the order written (by column).
fn operators(e: &Expr, out: &mut Vec<(usize, &'static str)>) {
    if let Some(sym) = operator_symbol(e) {
        out.push((e.col, sym));
    }
    match &e.kind {
        ExprKind::Unary(_, a) => operators(a, out),
        ExprKind::Binary(_, a, b) => {
            operators(a, out);
            operators(b, out);
        }
        ExprKind::Lit(_) | ExprKind::Var(_) => {}
    }
}

fn literals(e: &Expr, out: &mut Vec<(usize, u64)>) {
    match &e.kind {
        ExprKind::Lit(v) => out.push((e.col, *v)),
        ExprKind::Unary(_, a) => literals(a, out),
        ExprKind::Binary(_, a, b) => {
            literals(a, out);
            literals(b, out);
        }
        ExprKind::Var(_) => {}
    }
}

/// The number of operators in `e` (each unary or binary operator one).
pub fn count_ops(e: &Expr) -> usize {
    let mut v = Vec::new();
    operators(e, &mut v);
    v.len()
}

/// The first rule `e` breaks, reading left to right: a forbidden operator,
/// a constant too large, then the budget (at the first operator past it).
pub fn rules(ex: &Exercise, e: &Expr) -> Option<Refusal> {
    let mut ops = Vec::new();
    operators(e, &mut ops);
    // the leftmost of each kind (a minimum, not a sort: the page's wasm
    // carries no sort code for this)
    let forbidden = ops
        .iter()
        .filter(|(_, op)| !ex.operators.contains(op))
        .min_by_key(|&&(col, _)| col);
    if let Some(&(column, op)) = forbidden {
        return Some(Refusal {
            rule: Rule::Operator { op: op.to_string() },
            column,
            message: format!(
                "column {column}: '{op}' is not allowed here (allowed: {})",
                ex.operators.join(" ")
            ),
        });
    }
    if let Some(max) = ex.max_constant {
        let mut lits = Vec::new();
        literals(e, &mut lits);
        let too_big = lits
            .iter()
            .filter(|&&(_, v)| v > max)
            .min_by_key(|&&(col, _)| col);
        if let Some(&(column, value)) = too_big {
            return Some(Refusal {
                rule: Rule::Constant {
                    value,
                    max_constant: max,
                },
                column,
                message: format!(
                    "column {column}: the constant {value} is above the largest allowed, {max}"
                ),
            });
        }
    }
    if ops.len() > ex.max_ops {
        // the column of the first operator past the budget, reading left to right
        let before = |col: usize| ops.iter().filter(|&&(c, _)| c < col).count();
        let column = ops
            .iter()
            .map(|&(col, _)| col)
            .find(|&col| before(col) == ex.max_ops)
            .unwrap_or(0);
        return Some(Refusal {
            rule: Rule::Budget {
                ops: ops.len(),
                max_ops: ex.max_ops,
            },
            column,
            message: format!(
                "column {column}: operator {} of {}, over the budget of {}",
                ex.max_ops + 1,
                ops.len(),
                ex.max_ops
            ),
        });
    }
    None
}

/// The options a practice check proves with: the reference is a
/// specification ([`Mode::Refines`]).
pub fn options() -> Options {
    Options {
        mode: Mode::Refines,
        ..Options::default()
    }
}

/// Checks `answer` against exercise `ex` with the default budget.
///
/// # Errors
/// A parse error in the answer (with its width and column).
pub fn check_answer(ex: &Exercise, answer: &str) -> Result<Report, PracticeError> {
    check_with(ex, answer, &options(), &mut NoControl)
}

/// Checks `answer`: the rules, then a proof at every width of the exercise,
/// narrowest first; the first width that fails decides.
///
/// # Errors
/// A parse error in the answer; [`ProveError::Cancelled`].
pub fn check_with(
    ex: &Exercise,
    answer: &str,
    opts: &Options,
    ctl: &mut dyn Control,
) -> Result<Report, PracticeError> {
    if c_answer::is_c(ex, answer) {
        return c_answer::check(ex, answer, opts, ctl);
    }
    let mut trees = Vec::new();
    for &width in ex.widths {
        let tree = parse(answer, width).map_err(|error| PracticeError::Parse { width, error })?;
        trees.push((width, tree));
    }
    let first = &trees[0].1;
    let mut report = Report {
        id: ex.id.to_string(),
        solved: false,
        ops: count_ops(first),
        max_ops: ex.max_ops,
        best_ops: ex.best_ops,
        method: None,
        proofs: Vec::new(),
        refused: rules(ex, first),
        counterexample: None,
        not_proven: None,
    };
    if report.refused.is_some() {
        return Ok(report);
    }
    for (width, tree) in &trees {
        let reference = parse(ex.reference, *width).map_err(|error| PracticeError::Parse {
            width: *width,
            error,
        })?;
        let v = prove::prove_trees(tree, &reference, *width, opts, ctl)
            .map_err(PracticeError::Prove)?;
        report.method = Some(v.method);
        if let Some(c) = v.counterexample {
            report.counterexample = Some(Wrong {
                width: *width,
                x: c.x,
                y: c.y,
                z: c.z,
                got: c.left,
                expected: c.right,
            });
            return Ok(report);
        }
        if v.equal != Some(true) {
            report.not_proven = v.not_proven.map(|why| format!("at {width} bits: {why}"));
            return Ok(report);
        }
        report.proofs.push((*width, v.method));
    }
    report.solved = true;
    Ok(report)
}
