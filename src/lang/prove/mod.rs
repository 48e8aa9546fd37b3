//! Are two Lab expressions equal on every input? Three answers, never more
//! than is known:
//!
//! - **equal, proven**: every input tried when the variables that occur span
//!   at most 2^24 inputs ([`Method::Exhaustive`]); beyond that both sides are
//!   bit-blasted into one circuit whose output is "they differ" and a SAT
//!   solver shows it can never be true ([`Method::Sat`]);
//! - **not equal**: an input where they differ, re-checked by the plain
//!   evaluator ([`crate::lang::expr::reference`]) before it is reported;
//! - **not proven**: the solver's budget ran out; then random and edge inputs
//!   are tried, and the verdict says how many agree ([`Method::Sampled`]).
//!
//! The semantics are the Lab's, operator for operator (see
//! [`crate::lang::expr`]): words wrap mod 2^W, shifts are logical, and
//! comparisons unsigned. An input on which the evaluator stops with an error
//! (division or remainder by zero, a shift by W or more) makes that side
//! *undefined*: two sides agree on an input when both give the same word or
//! both are undefined there. So `x << y` and `x * (1 << y)` are equal, while
//! `x / y` and `x / y + 0 * x` are too, and `x >> y` and `0` are not (at
//! y = W the left side is undefined).
//!
//! ```
//! use bitscope::lang::prove::{prove, Method};
//! let v = prove("x & -x", "x & ~(x - 1)", 64).unwrap();
//! assert_eq!((v.equal, v.method), (Some(true), Method::Sat));
//! let v = prove("x & (x - 1)", "x ^ (x & -x)", 8).unwrap();
//! assert_eq!((v.equal, v.method), (Some(true), Method::Exhaustive));
//! let v = prove("x + y", "x | y", 32).unwrap();
//! assert_eq!(v.equal, Some(false));
//! let c = v.counterexample.unwrap();
//! assert_ne!(c.left, c.right);
//! ```

mod batch;
pub mod bdd;
pub mod blast;
pub mod c;
pub mod circuit;
mod sample;
pub mod sat;
#[cfg(test)]
mod tests;
pub mod words;

use crate::bits::word::mask;
use crate::lang::expr::{parse, reference, Expr, ExprError, ExprKind, Var, Vars};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest input space tried input by input: 2^24.
pub const EXHAUSTIVE_BITS: u32 = 24;

/// How a verdict was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    Exhaustive,
    Sat,
    /// A binary decision diagram showed the difference is never true (or
    /// gave an input where it is).
    Bdd,
    /// A division by a constant against a multiply and shifts: the error
    /// bound checked exactly at the corners of the inputs (`c::floor`).
    ErrorBound,
    Sampled,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Exhaustive => "exhaustive",
            Method::Sat => "sat",
            Method::Bdd => "bdd",
            Method::ErrorBound => "error_bound",
            Method::Sampled => "sampled",
        }
    }
}

/// What one side gives on one input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Word(u64),
    /// The evaluator stops with this error (its message).
    Undefined(String),
}

impl Side {
    /// `0x…` with the width's digits, or `undefined (…)`.
    pub fn show(&self, width: u32) -> String {
        match self {
            Side::Word(v) => crate::bits::word::Word::new(*v, width).hex(),
            Side::Undefined(why) => format!("undefined ({why})"),
        }
    }
}

/// An input where the two sides differ, and what each gives there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterexample {
    pub x: u64,
    pub y: u64,
    pub z: u64,
    pub left: Side,
    pub right: Side,
}

impl Counterexample {
    pub fn vars(&self) -> Vars {
        Vars {
            x: self.x,
            y: self.y,
            z: self.z,
        }
    }
}

/// The answer. `equal` is `Some(true)` only when proven, `Some(false)` only
/// with a checked counterexample, `None` when neither was reached.
///
/// One shape for every prover and for the page: `Cx` is the counterexample
/// (an expression's `x, y, z`, a C function's arguments, or either shown as
/// text for the page), `V` a variable (a name; a C parameter's name and
/// type).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict<Cx = Counterexample, V = String> {
    pub equal: Option<bool>,
    pub method: Method,
    pub counterexample: Option<Cx>,
    /// Inputs evaluated on which both sides agree (all of them when
    /// exhaustive; the random and edge inputs tried otherwise).
    pub agreeing: u64,
    /// Which variables occur (the input space is 2^(W × their number)).
    pub variables: Vec<V>,
    /// Why `equal` is `None`.
    pub not_proven: Option<String>,
}

impl<Cx, V> Verdict<Cx, V> {
    /// The same verdict with its counterexample and variables shown
    /// otherwise (the worker's text for the page).
    pub fn map<Dx, W>(&self, cx: impl Fn(&Cx) -> Dx, var: impl Fn(&V) -> W) -> Verdict<Dx, W> {
        Verdict {
            equal: self.equal,
            method: self.method,
            counterexample: self.counterexample.as_ref().map(cx),
            agreeing: self.agreeing,
            variables: self.variables.iter().map(var).collect(),
            not_proven: self.not_proven.clone(),
        }
    }
}

/// Which side an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Which {
    Left,
    Right,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProveError {
    #[error("{} expression: {error}", if *.which == Which::Left { "first" } else { "second" })]
    Parse { which: Which, error: ExprError },
    #[error("cancelled")]
    Cancelled,
    /// A counterexample the plain evaluator does not confirm (a bug in the
    /// circuit or the batch evaluator; reported instead of a wrong verdict).
    #[error("internal: the input x={x:#x} y={y:#x} z={z:#x} was reported as a difference, but both sides agree on it")]
    Unconfirmed { x: u64, y: u64, z: u64 },
    /// Two C functions that cannot be compared (their parameters differ).
    #[error("{0}")]
    Signature(String),
    /// A C counterexample the evaluator does not confirm (a bug).
    #[error("internal: the input {0} was reported as a difference, but both sides agree on it")]
    UnconfirmedC(String),
}

/// What the caller says when asked during a long proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Flow {
    Continue,
    /// The time budget is spent: answer with what is known (samples).
    OutOfTime,
    /// Stop now, no answer.
    Cancel,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Exhaustive,
    Sat,
    Sampling,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub phase: Phase,
    pub done: u64,
    pub total: u64,
}

/// Asked regularly during a proof (progress, deadline, cancel).
pub trait Control {
    fn check(&mut self, progress: Progress) -> Flow;
}

/// Never stops a proof.
pub struct NoControl;

impl Control for NoControl {
    fn check(&mut self, _: Progress) -> Flow {
        Flow::Continue
    }
}

/// Out of time once its instant passes (`prove`, C answers, the graders;
/// native only: the browser's worker asks its own clock).
#[cfg(not(target_arch = "wasm32"))]
pub struct Deadline(pub std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl Deadline {
    pub fn after(seconds: f64) -> Deadline {
        let budget = std::time::Duration::from_secs_f64(seconds.clamp(0.0, 1e6));
        Deadline(std::time::Instant::now() + budget)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Control for Deadline {
    fn check(&mut self, _: Progress) -> Flow {
        if std::time::Instant::now() >= self.0 {
            Flow::OutOfTime
        } else {
            Flow::Continue
        }
    }
}

/// What "agree" means on an input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// The same word, or both sides undefined.
    #[default]
    Equal,
    /// The right side is a specification: where it is undefined (say a
    /// division by `x & -x` at x = 0) any left side is accepted; elsewhere
    /// the left side must give the same word.
    Refines,
}

/// Limits of one proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub mode: Mode,
    /// Input spaces of at most 2^this are tried input by input
    /// ([`EXHAUSTIVE_BITS`]; 0 sends everything but constants to the solver).
    pub exhaustive_bits: u32,
    /// SAT search steps (decisions without a conflict) before giving up.
    pub sat_steps: u64,
    /// Random and edge inputs tried when no proof was reached.
    pub samples: u64,
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            mode: Mode::Equal,
            exhaustive_bits: EXHAUSTIVE_BITS,
            sat_steps: 20_000_000,
            samples: 1 << 20,
            seed: 0x5EED,
        }
    }
}

/// Proves or refutes `a == b` at `width` bits with the default options.
///
/// # Errors
/// A parse error in either side (with its column).
pub fn prove(a: &str, b: &str, width: u32) -> Result<Verdict, ProveError> {
    prove_with(a, b, width, &Options::default(), &mut NoControl)
}

/// [`prove`] with limits and a [`Control`] asked along the way.
///
/// # Errors
/// A parse error, [`ProveError::Cancelled`] when the control says so.
pub fn prove_with(
    a: &str,
    b: &str,
    width: u32,
    opts: &Options,
    ctl: &mut dyn Control,
) -> Result<Verdict, ProveError> {
    let ta = parse(a, width).map_err(|error| ProveError::Parse {
        which: Which::Left,
        error,
    })?;
    let tb = parse(b, width).map_err(|error| ProveError::Parse {
        which: Which::Right,
        error,
    })?;
    prove_trees(&ta, &tb, width, opts, ctl)
}

/// The variables occurring in `e`, added to `out` in x, y, z order.
pub fn variables(e: &Expr, out: &mut Vec<Var>) {
    match &e.kind {
        ExprKind::Lit(_) => {}
        ExprKind::Var(v) => {
            if !out.contains(v) {
                let at = out.iter().position(|o| o.name() > v.name());
                out.insert(at.unwrap_or(out.len()), *v);
            }
        }
        ExprKind::Unary(_, a) => variables(a, out),
        ExprKind::Binary(_, a, b) => {
            variables(a, out);
            variables(b, out);
        }
    }
}

/// [`prove_with`] on parsed trees (of the same `width`).
///
/// # Errors
/// [`ProveError::Cancelled`], or [`ProveError::Unconfirmed`] (a bug).
// Over 80 lines on purpose: one ladder (exhaustive, samples, SAT, samples), read top to bottom.
pub fn prove_trees(
    a: &Expr,
    b: &Expr,
    width: u32,
    opts: &Options,
    ctl: &mut dyn Control,
) -> Result<Verdict, ProveError> {
    let mut vars = Vec::new();
    variables(a, &mut vars);
    variables(b, &mut vars);
    let names = vars.iter().map(|v| v.name().to_string()).collect();
    let space = width * vars.len() as u32;
    let verdict = |equal, method, counterexample, agreeing, not_proven| Verdict {
        equal,
        method,
        counterexample,
        agreeing,
        variables: names,
        not_proven,
    };
    if space <= opts.exhaustive_bits.min(EXHAUSTIVE_BITS) || vars.is_empty() {
        return Ok(
            match sample::exhaustive(a, b, width, &vars, opts.mode, ctl)? {
                sample::Outcome::Differ(v) => verdict(
                    Some(false),
                    Method::Exhaustive,
                    Some(confirm(a, b, width, opts.mode, v)?),
                    0,
                    None,
                ),
                sample::Outcome::Agree(n) => verdict(Some(true), Method::Exhaustive, None, n, None),
                sample::Outcome::Stopped(n) => verdict(
                    None,
                    Method::Sampled,
                    None,
                    n,
                    Some(format!("out of time after {n} of {} inputs", 1u64 << space)),
                ),
            },
        );
    }
    // A few thousand edge and random inputs first: most wrong answers fall here.
    let quick = Options {
        samples: 4096.min(opts.samples),
        ..*opts
    };
    if let sample::Outcome::Differ(v) = sample::sampled(a, b, width, &vars, &quick, ctl)? {
        return Ok(verdict(
            Some(false),
            Method::Sampled,
            Some(confirm(a, b, width, opts.mode, v)?),
            0,
            None,
        ));
    }
    let mut c = circuit::Circuit::new();
    let la = blast::blast(&mut c, a, width);
    let lb = blast::blast(&mut c, b, width);
    let root = blast::differ(&mut c, &la, &lb, opts.mode);
    let why = match sat::solve(&c, root, opts.sat_steps, ctl) {
        sat::Answer::Unsat => return Ok(verdict(Some(true), Method::Sat, None, 0, None)),
        sat::Answer::Sat(model) => {
            let bit = |var: Var, i: u32| {
                c.find_input(blast::input_of(var, i))
                    .is_some_and(|l| circuit::Circuit::value(&model, l))
            };
            let word = |var: Var| (0..width).fold(0u64, |acc, i| acc | u64::from(bit(var, i)) << i);
            let v = Vars {
                x: word(Var::X),
                y: word(Var::Y),
                z: word(Var::Z),
            };
            return Ok(verdict(
                Some(false),
                Method::Sat,
                Some(confirm(a, b, width, opts.mode, v)?),
                0,
                None,
            ));
        }
        sat::Answer::Unknown(Flow::Cancel) => return Err(ProveError::Cancelled),
        sat::Answer::Unknown(_) => "the SAT solver's budget ran out",
    };
    Ok(
        match sample::sampled(a, b, width, &vars, opts, &mut IgnoreTime(ctl))? {
            sample::Outcome::Differ(v) => verdict(
                Some(false),
                Method::Sampled,
                Some(confirm(a, b, width, opts.mode, v)?),
                0,
                None,
            ),
            sample::Outcome::Agree(n) | sample::Outcome::Stopped(n) => verdict(
                None,
                Method::Sampled,
                None,
                n,
                Some(format!("{why}; {n} random and edge inputs agree")),
            ),
        },
    )
}

/// Passes progress and cancel on, but not "out of time": the samples after a
/// spent budget are bounded by their count.
pub(crate) struct IgnoreTime<'a>(pub &'a mut dyn Control);

impl Control for IgnoreTime<'_> {
    fn check(&mut self, p: Progress) -> Flow {
        match self.0.check(p) {
            Flow::Cancel => Flow::Cancel,
            _ => Flow::Continue,
        }
    }
}

/// What the plain evaluator gives for `e` on `vars`.
pub fn side(e: &Expr, width: u32, vars: Vars) -> Side {
    let m = mask(width);
    let vars = Vars {
        x: vars.x & m,
        y: vars.y & m,
        z: vars.z & m,
    };
    match reference::value(e, width, vars) {
        Ok(v) => Side::Word(v),
        Err(err) => Side::Undefined(err.to_string()),
    }
}

/// Whether two sides agree (the same word, or both undefined).
pub fn agree(l: &Side, r: &Side) -> bool {
    matches!((l, r), (Side::Undefined(_), Side::Undefined(_))) || l == r
}

/// Whether two sides agree in `mode`.
pub fn agree_in(mode: Mode, l: &Side, r: &Side) -> bool {
    agree(l, r) || (mode == Mode::Refines && matches!(r, Side::Undefined(_)))
}

/// The counterexample at `vars`, once the plain evaluator confirms it.
fn confirm(
    a: &Expr,
    b: &Expr,
    width: u32,
    mode: Mode,
    vars: Vars,
) -> Result<Counterexample, ProveError> {
    let (left, right) = (side(a, width, vars), side(b, width, vars));
    if agree_in(mode, &left, &right) {
        return Err(ProveError::Unconfirmed {
            x: vars.x,
            y: vars.y,
            z: vars.z,
        });
    }
    Ok(Counterexample {
        x: vars.x,
        y: vars.y,
        z: vars.z,
        left,
        right,
    })
}
