//! Are two C functions equal on every input? Their parameters are matched
//! by position (their types must agree); their return values are compared
//! as numbers. An input on which one side is undefined (a shift by the
//! width, division by zero, an index out of bounds, ...) and the other is
//! not is a counterexample of kind "undefined"; both undefined agree.
//!
//! - inputs of 16 bits or fewer in all: every input, run by the evaluator;
//! - more: edge and random inputs first, then both functions symbolically
//!   executed into one circuit ([`sym`]) and a SAT solver; where the solver
//!   gives up and the inputs have at most 24 bits, every input; else "not
//!   proven" with the count of agreeing inputs.
//!
//! An optional `assume` function (non-zero: the input is allowed) restricts
//! the inputs of the proof and of every counterexample. Every
//! counterexample is re-run by the evaluator before it is reported.

mod farith;
mod fbits;
mod float;
pub mod floor;
mod fmath;
pub mod sym;
#[cfg(test)]
mod tests;
pub mod word;

use super::circuit::{Circuit, Lit};
use super::{bdd, sat, Control, Flow, Method, Mode, Options, Phase, Progress, ProveError};
use crate::bits::rng::Rng;
use crate::lang::c::{Program, RunOptions, Scalar, Value};
use serde::{Deserialize, Serialize};
use sym::{Exec, Limits, Stop};
use word::Sym;

/// One side of a proof: a program and the name of its function.
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    pub program: &'a Program,
    pub function: &'a str,
}

/// What a function gives on one input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Value(Value),
    /// No value: undefined behaviour (the evaluator's message).
    Undefined(String),
}

impl Outcome {
    pub fn show(&self) -> String {
        match self {
            Outcome::Value(v) => format!("{} ({})", v.decimal(), v.hex()),
            Outcome::Undefined(why) => format!("undefined ({why})"),
        }
    }
}

/// An input where the two sides differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterexample {
    /// Each parameter (the first side's names) and its value.
    pub args: Vec<(String, Value)>,
    pub left: Outcome,
    pub right: Outcome,
    /// "value" (both defined, different values) or "undefined" (one side
    /// has no value).
    pub kind: String,
}

/// The answer: [`super::Verdict`], its variables the parameters (name and
/// type).
pub type Verdict = super::Verdict<Counterexample, (String, Scalar)>;

/// The most nodes a decision diagram may take before the SAT solver is
/// asked instead (about 40 MB).
pub const BDD_NODES: usize = 1 << 20;

/// Inputs of at most 2^this are tried one by one before any circuit (a
/// few thousand runs: quicker than building one). Up to 2^16 inputs, the
/// decision diagram or the solver goes first with an eighth of its steps
/// (popcount as a bit loop against Kernighan's at 16 bits: every input
/// 1.5 s, the diagram far less), then every input is tried.
pub const ALWAYS_EXHAUSTIVE_BITS: u32 = 12;

/// The most parameters a function the prover compares takes (Hacker's
/// Delight's programs take up to four; real helpers six).
pub const MAX_PARAMS: usize = 6;

/// [`prove`] for two programs of one function each (or each one's only
/// function that is not `main`): the CLI's `prove --c` and the tests.
///
/// # Errors
/// A program without such a function ([`ProveError::Signature`]), and
/// those of [`prove`].
pub fn prove_entries(
    a: &Program,
    b: &Program,
    opts: &Options,
    ctl: &mut dyn Control,
) -> Result<Verdict, ProveError> {
    let entry = |p: &Program| -> Result<String, ProveError> {
        Ok(p.entry(None)
            .map_err(|e| ProveError::Signature(e.message))?
            .name
            .clone())
    };
    let (fa, fb) = (entry(a)?, entry(b)?);
    let side = |program, function| Side { program, function };
    prove(side(a, &fa), side(b, &fb), None, opts, ctl)
}

/// Proves or refutes `a == b` (on the inputs `assume` allows).
///
/// # Errors
/// Parameters that do not match ([`ProveError::Signature`]), a cancel, or a
/// counterexample the evaluator does not confirm (a bug, never hidden).
pub fn prove(
    a: Side,
    b: Side,
    assume: Option<Side>,
    opts: &Options,
    ctl: &mut dyn Control,
) -> Result<Verdict, ProveError> {
    let params = signature(a, b, assume)?;
    let bits: u32 = params.iter().map(|p| p.1.bits()).sum();
    let verdict = |equal, method, counterexample, agreeing, not_proven: Option<String>| Verdict {
        equal,
        method,
        counterexample,
        agreeing,
        variables: params.clone(),
        not_proven,
    };
    let cx = Checker {
        a,
        b,
        assume,
        mode: opts.mode,
        params: &params,
    };
    if bits <= ALWAYS_EXHAUSTIVE_BITS.min(opts.exhaustive_bits) {
        return Ok(match cx.exhaustive(bits, ctl)? {
            Tried::Differ(c) => verdict(Some(false), Method::Exhaustive, Some(c), 0, None),
            Tried::Agree(n) => verdict(Some(true), Method::Exhaustive, None, n, None),
            Tried::Stopped(n) => verdict(
                None,
                Method::Sampled,
                None,
                n,
                Some(format!("out of time after {n} of {} inputs", 1u64 << bits)),
            ),
        });
    }
    match cx.floor_forms() {
        Some(Ok(())) => return Ok(verdict(Some(true), Method::ErrorBound, None, 0, None)),
        Some(Err(c)) => return Ok(verdict(Some(false), Method::ErrorBound, Some(c), 0, None)),
        None => {}
    }
    let first = match cx.sampled(4096.min(opts.samples), opts.seed, ctl)? {
        Tried::Differ(c) => return Ok(verdict(Some(false), Method::Sampled, Some(c), 0, None)),
        Tried::Agree(n) | Tried::Stopped(n) => n,
    };
    let steps = if bits <= 16 {
        opts.sat_steps / 8
    } else {
        opts.sat_steps
    };
    let why = match cx.sat(steps, ctl)? {
        Ok((method, None)) => return Ok(verdict(Some(true), method, None, 0, None)),
        Ok((method, Some(c))) => return Ok(verdict(Some(false), method, Some(c), 0, None)),
        Err(why) => why,
    };
    let (equal, method, c, n, not_proven) = after_the_solver(&cx, bits, why, first, opts, ctl)?;
    Ok(verdict(equal, method, c, n, not_proven))
}

/// A verdict's parts: equal, method, counterexample, inputs agreeing, why
/// not proven.
type Parts = (
    Option<bool>,
    Method,
    Option<Counterexample>,
    u64,
    Option<String>,
);

/// When the solver could not decide (`why`; `first` inputs sampled before
/// it agree): every input where the width allows it, else inputs sampled
/// while the budget lasts. The budget bounds the whole answer: once it is
/// spent, the inputs already sampled speak.
fn after_the_solver(
    cx: &Checker,
    bits: u32,
    why: String,
    first: u64,
    opts: &Options,
    ctl: &mut dyn Control,
) -> Result<Parts, ProveError> {
    if bits <= opts.exhaustive_bits.min(super::EXHAUSTIVE_BITS) {
        match cx.exhaustive(bits, ctl)? {
            Tried::Differ(c) => return Ok((Some(false), Method::Exhaustive, Some(c), 0, None)),
            Tried::Agree(n) => return Ok((Some(true), Method::Exhaustive, None, n, None)),
            Tried::Stopped(_) => {}
        }
    }
    let progress = Progress {
        phase: Phase::Sampling,
        done: 0,
        total: 0,
    };
    if matches!(ctl.check(progress), Flow::OutOfTime) {
        let why = format!("{why}; {first} random and edge inputs agree (the time budget is spent)");
        return Ok((None, Method::Sampled, None, first, Some(why)));
    }
    Ok(match cx.sampled(opts.samples, opts.seed ^ 1, ctl)? {
        Tried::Differ(c) => (Some(false), Method::Sampled, Some(c), 0, None),
        Tried::Agree(n) | Tried::Stopped(n) => {
            let n = n.max(first);
            let why = format!("{why}; {n} random and edge inputs agree");
            (None, Method::Sampled, None, n, Some(why))
        }
    })
}

/// The parameters both sides take (and `assume`, when given).
fn signature(a: Side, b: Side, assume: Option<Side>) -> Result<Vec<(String, Scalar)>, ProveError> {
    let f = |s: Side, which: &str| {
        let f = s
            .program
            .entry(Some(s.function))
            .map_err(|e| ProveError::Signature(format!("{which}: {}", e.message)))?;
        if f.void {
            return Err(ProveError::Signature(format!(
                "{which}: `{}` returns `void`: there is nothing to compare",
                f.name
            )));
        }
        Ok(f.params.clone())
    };
    let (pa, pb) = (f(a, "first")?, f(b, "second")?);
    let types = |p: &[(String, Scalar)]| {
        p.iter()
            .map(|(_, t)| t.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if pa.iter().map(|p| p.1).ne(pb.iter().map(|p| p.1)) {
        return Err(ProveError::Signature(format!(
            "the parameters differ: `{}({})` and `{}({})` (matched by position, their types must agree)",
            a.function, types(&pa), b.function, types(&pb))));
    }
    if let Some(s) = assume {
        let ps = f(s, "assume")?;
        if ps.iter().map(|p| p.1).ne(pa.iter().map(|p| p.1)) {
            return Err(ProveError::Signature(format!(
                "`{}({})` must take the parameters `{}`",
                s.function,
                types(&ps),
                types(&pa)
            )));
        }
    }
    if pa.len() > MAX_PARAMS {
        return Err(ProveError::Signature(format!(
            "at most {MAX_PARAMS} parameters"
        )));
    }
    Ok(pa)
}

enum Tried {
    Differ(Counterexample),
    Agree(u64),
    Stopped(u64),
}

/// Both sides, and how to run them on one input.
struct Checker<'a> {
    a: Side<'a>,
    b: Side<'a>,
    assume: Option<Side<'a>>,
    mode: Mode,
    params: &'a [(String, Scalar)],
}

fn run(s: Side, args: &[Value]) -> Outcome {
    let opts = RunOptions::default();
    match s.program.run_values(s.function, args, &opts) {
        Ok(r) => Outcome::Value(r.value.unwrap_or(Value::new(Scalar::Int, 0))),
        Err(e) => Outcome::Undefined(e.to_string()),
    }
}

/// Equal as numbers, or both undefined (or, refining, the right undefined).
fn agree(mode: Mode, l: &Outcome, r: &Outcome) -> bool {
    match (l, r) {
        (Outcome::Value(x), Outcome::Value(y)) => x.get() == y.get(),
        (Outcome::Undefined(_), Outcome::Undefined(_)) => true,
        (_, Outcome::Undefined(_)) => mode == Mode::Refines,
        _ => false,
    }
}

impl Checker<'_> {
    /// The division certificate ([`floor`]) where both sides are floor
    /// forms of one unsigned parameter (and no `assume`): `Ok` when equal,
    /// a counterexample the evaluator confirms, or `None` (not decided).
    fn floor_forms(&self) -> Option<Result<(), Counterexample>> {
        if self.assume.is_some() {
            return None;
        }
        let (a, b) = (self.a, self.b);
        let (ea, eb) = (
            a.program.entry(Some(a.function)).ok()?,
            b.program.entry(Some(b.function)).ok()?,
        );
        let (f, g) = (floor::read(ea)?, floor::read(eb)?);
        // (values right modulo a size compare only within one type)
        if f.wrap.is_some() && ea.ret != eb.ret {
            return None;
        }
        match floor::decide(&f, &g, self.params.first()?.1.max())? {
            floor::Decided::Equal => Some(Ok(())),
            floor::Decided::Differ(x) => self.differ(&self.decode(x)).map(Err),
        }
    }

    fn allowed(&self, args: &[Value]) -> bool {
        match self.assume {
            None => true,
            Some(s) => matches!(run(s, args), Outcome::Value(v) if v.is_true()),
        }
    }

    /// `None` when the sides agree on `args` (or `args` is not allowed).
    fn differ(&self, args: &[Value]) -> Option<Counterexample> {
        if !self.allowed(args) {
            return None;
        }
        let (left, right) = (run(self.a, args), run(self.b, args));
        if agree(self.mode, &left, &right) {
            return None;
        }
        let kind = if matches!((&left, &right), (Outcome::Value(_), Outcome::Value(_))) {
            "value"
        } else {
            "undefined"
        };
        let args = self
            .params
            .iter()
            .zip(args)
            .map(|((n, _), v)| (n.clone(), *v))
            .collect();
        Some(Counterexample {
            args,
            left,
            right,
            kind: kind.into(),
        })
    }

    /// The arguments numbered `n` (parameter 0 in the low bits).
    fn decode(&self, mut n: u64) -> Vec<Value> {
        self.params
            .iter()
            .map(|(_, ty)| {
                let w = ty.bits();
                let v = Value {
                    ty: *ty,
                    bits: n & ty.mask(),
                };
                n = if w >= 64 { 0 } else { n >> w };
                v
            })
            .collect()
    }

    fn exhaustive(&self, bits: u32, ctl: &mut dyn Control) -> Result<Tried, ProveError> {
        let total = 1u64 << bits;
        for n in 0..total {
            if n % 1024 == 0 {
                match ctl.check(Progress {
                    phase: Phase::Exhaustive,
                    done: n,
                    total,
                }) {
                    Flow::Continue => {}
                    Flow::OutOfTime => return Ok(Tried::Stopped(n)),
                    Flow::Cancel => return Err(ProveError::Cancelled),
                }
            }
            if let Some(c) = self.differ(&self.decode(n)) {
                return Ok(Tried::Differ(c));
            }
        }
        Ok(Tried::Agree(total))
    }

    /// Edge values of each type first (every combination), then random.
    fn sampled(&self, count: u64, seed: u64, ctl: &mut dyn Control) -> Result<Tried, ProveError> {
        let mut rng = Rng::new(seed);
        let edges: Vec<Vec<Value>> = self.params.iter().map(|(_, t)| edges(*t)).collect();
        let combos: u64 = edges.iter().map(|e| e.len() as u64).product();
        for n in 0..count {
            if n % 256 == 0 {
                match ctl.check(Progress {
                    phase: Phase::Sampling,
                    done: n,
                    total: count,
                }) {
                    Flow::Continue => {}
                    Flow::OutOfTime => return Ok(Tried::Stopped(n)),
                    Flow::Cancel => return Err(ProveError::Cancelled),
                }
            }
            let args: Vec<Value> = if n < combos {
                let mut k = n;
                edges
                    .iter()
                    .map(|e| {
                        let v = e[(k % e.len() as u64) as usize];
                        k /= e.len() as u64;
                        v
                    })
                    .collect()
            } else {
                self.params
                    .iter()
                    .map(|(_, t)| {
                        let r = match rng.below(4) {
                            0 => rng.next_u64(),
                            1 => rng.sparse(),
                            2 => (rng.below(1025) as i64 - 512) as u64,
                            _ => float_shaped(&mut rng, t.bits()),
                        };
                        Value {
                            ty: *t,
                            bits: r & t.mask(),
                        }
                    })
                    .collect()
            };
            if let Some(c) = self.differ(&args) {
                return Ok(Tried::Differ(c));
            }
        }
        Ok(Tried::Agree(count))
    }

    /// The circuit proof, by a decision diagram or else the SAT solver:
    /// `Ok(Ok((method, None)))` proven, `Ok(Ok((method, Some(c))))`
    /// refuted, `Ok(Err(why))` not reached.
    #[allow(clippy::type_complexity)]
    fn sat(
        &self,
        steps: u64,
        ctl: &mut dyn Control,
    ) -> Result<Result<(Method, Option<Counterexample>), String>, ProveError> {
        let mut c = Circuit::new();
        let root = match self.circuit(&mut c, ctl) {
            Ok(root) => root,
            Err(Stop::Cancelled) => return Err(ProveError::Cancelled),
            Err(Stop::NotProven(why)) => return Ok(Err(why)),
        };
        // parameter k's bit i is input base_k + i; the diagram reads bit 0
        // of every parameter first, then bit 1, ...
        let bases: Vec<u32> = self
            .params
            .iter()
            .scan(0, |b, (_, t)| {
                let at = *b;
                *b += t.bits();
                Some(at)
            })
            .collect();
        let n = bases.len() as u32;
        let level_of = |input: u32| {
            let k = bases.iter().rposition(|&b| b <= input).unwrap_or(0);
            (input - bases[k]) * n + k as u32
        };
        let (method, model): (Method, Box<dyn Fn(u32) -> bool>) =
            match bdd::decide(&c, root, BDD_NODES, level_of) {
                bdd::Answer::Never => return Ok(Ok((Method::Bdd, None))),
                bdd::Answer::Sometimes(path) => (
                    Method::Bdd,
                    Box::new(move |input| path.iter().any(|&(i, on)| i == input && on)),
                ),
                bdd::Answer::TooBig => match sat::solve(&c, root, steps, ctl) {
                    sat::Answer::Unsat => return Ok(Ok((Method::Sat, None))),
                    sat::Answer::Sat(values) => {
                        let c = &c;
                        let lits: Vec<Option<Lit>> = (0..bases.last().map_or(0, |b| b + 64))
                            .map(|i| c.find_input(i))
                            .collect();
                        (
                            Method::Sat,
                            Box::new(move |input| {
                                lits.get(input as usize)
                                    .copied()
                                    .flatten()
                                    .is_some_and(|l| Circuit::value(&values, l))
                            }),
                        )
                    }
                    sat::Answer::Unknown(Flow::Cancel) => return Err(ProveError::Cancelled),
                    sat::Answer::Unknown(_) => {
                        return Ok(Err("the SAT solver's budget ran out".into()))
                    }
                },
            };
        let args: Vec<Value> = self
            .params
            .iter()
            .zip(&bases)
            .map(|((_, ty), &base)| {
                let bits =
                    (0..ty.bits()).fold(0u64, |acc, i| acc | u64::from(model(base + i)) << i);
                Value { ty: *ty, bits }
            })
            .collect();
        match self.differ(&args) {
            Some(cx) => Ok(Ok((method, Some(cx)))),
            None => Err(ProveError::UnconfirmedC(format!("{args:?}"))),
        }
    }

    /// The wire "allowed, and the two sides differ".
    fn circuit(&self, c: &mut Circuit, ctl: &mut dyn Control) -> Result<Lit, Stop> {
        let mut base = 0;
        let inputs: Vec<Sym> = self
            .params
            .iter()
            .map(|(_, ty)| {
                let bits = (0..ty.bits()).map(|i| c.input(base + i)).collect();
                base += ty.bits();
                Sym { ty: *ty, bits }
            })
            .collect();
        let limits = Limits::default();
        let (va, ua) = side(c, self.a, &inputs, limits, ctl)?;
        let (vb, ub) = side(c, self.b, &inputs, limits, ctl)?;
        let (wa, wb) = (va.wide(), vb.wide());
        let diffs: Vec<Lit> = wa.iter().zip(&wb).map(|(&p, &q)| c.xor(p, q)).collect();
        let values_differ = c.any(&diffs);
        let differ = if self.mode == Mode::Refines {
            let bad = c.or(ua, values_differ);
            c.and(!ub, bad)
        } else {
            let one = c.xor(ua, ub);
            let neither = c.or(ua, ub);
            let both_differ = c.and(!neither, values_differ);
            c.or(one, both_differ)
        };
        let Some(s) = self.assume else {
            return Ok(differ);
        };
        let (v, u) = side(c, s, &inputs, limits, ctl)?;
        let t = v.truth(c);
        let ok = c.and(t, !u);
        Ok(c.and(ok, differ))
    }
}

/// One side symbolically: its value and its "undefined" wire.
fn side(
    c: &mut Circuit,
    s: Side,
    inputs: &[Sym],
    limits: Limits,
    ctl: &mut dyn Control,
) -> Result<(Sym, Lit), Stop> {
    let k = s
        .program
        .functions()
        .iter()
        .position(|f| f.name == s.function)
        .unwrap_or(0);
    let mut x = Exec::new(c, s.program, limits, ctl)?;
    let v = x.call(k, inputs.to_vec(), Lit::TRUE)?;
    Ok((v, x.undefined))
}

/// `s`'s function through its gates on each list of `args`: the circuit
/// built once with its parameters as inputs, then simulated; a value, or
/// `None` where it is undefined. The circuits' check against the
/// evaluator.
///
/// # Errors
/// What the circuits do not take (a libm function that rounds, a loop
/// past its bound), as the prover would say it.
pub fn through_gates(
    s: Side,
    types: &[Scalar],
    args: &[Vec<Value>],
) -> Result<Vec<Option<Value>>, String> {
    let mut c = Circuit::new();
    let bases: Vec<u32> = types
        .iter()
        .scan(0, |b, t| {
            let at = *b;
            *b += t.bits();
            Some(at)
        })
        .collect();
    let inputs: Vec<Sym> = types
        .iter()
        .zip(&bases)
        .map(|(ty, &base)| Sym {
            ty: *ty,
            bits: (0..ty.bits()).map(|i| c.input(base + i)).collect(),
        })
        .collect();
    let (v, u) = match side(&mut c, s, &inputs, Limits::default(), &mut super::NoControl) {
        Ok(vu) => vu,
        Err(Stop::NotProven(why)) => return Err(why),
        Err(Stop::Cancelled) => return Err("cancelled".into()),
    };
    Ok(args
        .iter()
        .map(|vals| {
            let values = c.simulate(|input| {
                let k = bases.iter().rposition(|&b| b <= input).unwrap_or(0);
                vals[k].bits >> (input - bases[k]) & 1 == 1
            });
            let bits = v
                .bits
                .iter()
                .enumerate()
                .map(|(i, &l)| u64::from(Circuit::value(&values, l)) << i)
                .sum();
            (!Circuit::value(&values, u)).then_some(Value { ty: v.ty, bits })
        })
        .collect())
}

/// A type's edge values: 0, 1, 2, -1, the extremes and their neighbours,
/// alternating bits, the top bit, and 1 below the width.
/// A floating type's edge patterns, each sign: zero, the smallest and
/// largest subnormals and normals, 1, 0.5, 1.5, 2^31, 2^63, infinity, a
/// quiet and a signalling NaN.
fn float_edges(ty: Scalar, f: crate::bits::float::Format) -> Vec<Value> {
    let frac = f.frac_bits;
    let bias = (1u64 << (f.exp_bits - 1)) - 1;
    let exp = |e: u64| e << frac;
    let top = (1u64 << f.exp_bits) - 1;
    let magnitudes = [
        0,
        1,
        (1 << frac) - 1,
        exp(1),
        exp(top - 1) | ((1 << frac) - 1),
        exp(bias),
        exp(bias - 1),
        exp(bias) | 1 << (frac - 1),
        exp(bias + 31),
        exp(bias + 63),
        exp(top),
        exp(top) | 1 << (frac - 1),
        exp(top) | 1,
    ];
    let sign = 1u64 << (f.exp_bits + frac);
    magnitudes
        .iter()
        .flat_map(|&m| [m, m | sign])
        .map(|bits| Value { ty, bits })
        .collect()
}

/// Random bits shaped as a float of the width (binary32 at 32 bits,
/// binary64 at 64): a random sign and fraction, an exponent at a boundary
/// (zero, subnormal, around 1, 2^23, 2^31, the largest, all ones) half the
/// time; a data lab's float puzzle takes such words.
fn float_shaped(rng: &mut Rng, bits: u32) -> u64 {
    let (exp_bits, frac_bits) = if bits == 64 { (11, 52) } else { (8, 23) };
    let top = (1u64 << exp_bits) - 1;
    let bias = top >> 1;
    let exps = [
        0,
        1,
        bias - 1,
        bias,
        bias + 1,
        bias + 23,
        bias + 31,
        bias + 32,
        top - 1,
        top,
    ];
    let exp = if rng.below(2) == 0 {
        exps[rng.below(exps.len())]
    } else {
        rng.next_u64() & top
    };
    let frac = match rng.below(3) {
        0 => 0,
        1 => rng.sparse(),
        _ => rng.next_u64(),
    } & ((1 << frac_bits) - 1);
    (rng.next_u64() & 1) << (exp_bits + frac_bits) | exp << frac_bits | frac
}

pub fn edges(ty: Scalar) -> Vec<Value> {
    if let Some(f) = ty.format() {
        return float_edges(ty, f);
    }
    let w = ty.bits();
    let mut out: Vec<Value> = Vec::new();
    let mut push = |v: i128| {
        let v = Value::new(ty, v);
        if !out.contains(&v) {
            out.push(v);
        }
    };
    for v in [
        0,
        1,
        2,
        -1,
        -2,
        ty.min(),
        ty.max(),
        ty.min() + 1,
        ty.max() - 1,
        i128::from(w),
        i128::from(w) - 1,
        i128::from(w) + 1,
    ] {
        push(v);
    }
    for v in [
        0x5555_5555_5555_5555u64,
        0xaaaa_aaaa_aaaa_aaaa,
        1 << (w - 1),
        0x8080_8080_8080_8080,
        0x0101_0101_0101_0101,
    ] {
        push(i128::from(v & ty.mask()));
    }
    out
}
