//! Each entry against its specification, by the project's prover
//! ([`crate::lang::prove::c::prove`]), saying only what was shown:
//!
//! - **proven (bdd)** / **proven (sat)**: a decision diagram or the SAT
//!   solver showed the two functions agree on every input the restriction
//!   allows;
//! - **checked on every input**: every input was run (16 input bits or
//!   fewer, or up to 24 when the solver gave up);
//! - **not proven: N inputs agree**: the budget ran out first; N edge and
//!   random inputs agree, which is evidence, not a proof;
//! - **refuted**: an input where they differ, re-run by the evaluator. A
//!   wrong entry (a published version that fails at an edge) is refuted at
//!   the input its metadata states, run on both sides; any other refuted
//!   entry is a mistake in the catalog.
//!
//! The restriction becomes the prover's `assume` side,
//! `int assume(PARAMS) { return RESTRICTION; }`: the proof and every
//! counterexample stay inside it. It also guards both functions compared
//! ([`guarded`]), so that a loop bounded only inside the restriction
//! unrolls. [`check_all`] checks many entries on
//! every core (native only).

use super::{Entry, Wrong};
use crate::bits::rng::Rng;
use crate::lang::c::{Program, RunOptions, Scalar, Value};
use crate::lang::prove::c::{self as cprove, Outcome, Side, Verdict};
use crate::lang::prove::{Control, Method, Options};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What a check showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// By a decision diagram or the SAT solver.
    Proven,
    /// Every input run.
    Checked,
    /// Neither proven nor refuted: only inputs that agree.
    NotProven,
    /// An input where the trick and its specification differ.
    Refuted,
}

/// An input where the two differ: each parameter, what each side gives
/// (decimal, or "undefined (why)").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterexample {
    pub args: Vec<(String, String)>,
    pub gives: String,
    pub expected: String,
}

impl Counterexample {
    /// `x=0: gives 1, expected 0`.
    pub fn show(&self) -> String {
        let at: Vec<String> = self.args.iter().map(|(n, v)| format!("{n}={v}")).collect();
        format!(
            "{}: gives {}, expected {}",
            at.join(", "),
            self.gives,
            self.expected
        )
    }
}

/// The answer for one entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proof {
    pub status: Status,
    /// How: `bdd`, `sat`, `exhaustive` or `sampled`.
    pub method: Method,
    /// The one line a reader sees ("proven (bdd)", ...).
    pub text: String,
    /// Inputs run on which both agree.
    pub agreeing: u64,
    pub counterexample: Option<Counterexample>,
    /// For a refuted entry: whether the counterexample is the one its
    /// metadata states.
    pub stated: bool,
}

impl Proof {
    /// Proven or checked on every input: a proof.
    pub fn is_proof(&self) -> bool {
        matches!(self.status, Status::Proven | Status::Checked)
    }

    /// Whether this answer is what the entry declares: a right entry not
    /// refuted, a wrong one refuted at its stated input.
    pub fn as_declared(&self, e: &Entry) -> bool {
        match &e.wrong {
            None => self.status != Status::Refuted,
            Some(_) => self.status == Status::Refuted && self.stated,
        }
    }
}

/// Why an entry could not be checked (a catalog or prover bug).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    #[error("`{which}` does not parse: {message}")]
    Parse { which: String, message: String },
    #[error("{0}")]
    Prove(String),
    #[error("the stated counterexample does not hold: {0}")]
    Stated(String),
}

/// The entry's trick, specification and restriction, parsed.
struct Parsed {
    trick: Program,
    spec: Program,
    assume: Option<Program>,
    params: Vec<(String, Scalar)>,
    /// The functions the prover compares: the trick and its spec, or with
    /// a restriction their guarded wrappers ([`guarded`]).
    trick_fn: String,
    spec_fn: String,
}

impl Parsed {
    /// # Errors
    /// A source that does not parse (a catalog bug: the unit tests parse all).
    fn new(e: &Entry) -> Result<Parsed, CheckError> {
        let parse = |which: &str, src: &str| {
            Program::parse(src).map_err(|err| CheckError::Parse {
                which: which.to_string(),
                message: err.to_string(),
            })
        };
        let plain = parse(&e.fn_name, &e.source)?;
        let f = plain
            .entry(Some(&e.fn_name))
            .map_err(|err| CheckError::Prove(err.message))?;
        let (params, ret) = (f.params.clone(), f.ret);
        let Some(r) = &e.restriction else {
            let spec = parse(&e.spec_name, &e.spec_source)?;
            let (trick_fn, spec_fn) = (e.fn_name.clone(), e.spec_name.clone());
            return Ok(Parsed {
                trick: plain,
                spec,
                assume: None,
                params,
                trick_fn,
                spec_fn,
            });
        };
        let (trick_src, trick_fn) = guarded(&e.source, &e.fn_name, &params, ret, r);
        let (spec_src, spec_fn) = guarded(&e.spec_source, &e.spec_name, &params, ret, r);
        Ok(Parsed {
            trick: parse(&e.fn_name, &trick_src)?,
            spec: parse(&e.spec_name, &spec_src)?,
            assume: Some(parse("assume", &assume_source(&params, r))?),
            params,
            trick_fn,
            spec_fn,
        })
    }

    /// The prover's three sides: trick, specification, restriction.
    fn sides(&self) -> (Side<'_>, Side<'_>, Option<Side<'_>>) {
        let side = |program, function| Side { program, function };
        let assume = self.assume.as_ref().map(|p| side(p, "assume"));
        let (trick, spec) = (
            side(&self.trick, &self.trick_fn),
            side(&self.spec, &self.spec_fn),
        );
        (trick, spec, assume)
    }

    /// Whether `args` is inside the restriction.
    fn allowed(&self, args: &[Value]) -> bool {
        self.assume.as_ref().is_none_or(|p| {
            p.run_values("assume", args, &RunOptions::default())
                .is_ok_and(|r| r.value.is_some_and(Value::is_true))
        })
    }

    /// What `program`'s `function` gives on `args`.
    fn outcome(program: &Program, function: &str, args: &[Value]) -> Outcome {
        match program.run_values(function, args, &RunOptions::default()) {
            Ok(run) => run
                .value
                .map_or_else(|| Outcome::Undefined("void".into()), Outcome::Value),
            Err(err) => Outcome::Undefined(err.message),
        }
    }
}

/// `source` with a wrapper of `function` that returns 0 outside the
/// restriction: `RET guarded_F(PARAMS) { if (!(R)) return 0; return F(ARGS); }`,
/// and the wrapper's name. The prover's `assume` alone keeps the proof and
/// its counterexamples inside the restriction, but the symbolic executor
/// unrolls each side on its own: guarded, a loop bounded only inside the
/// restriction (`while (p < v)` in a round-up spec) unrolls.
pub fn guarded(
    source: &str,
    function: &str,
    params: &[(String, Scalar)],
    ret: Scalar,
    restriction: &str,
) -> (String, String) {
    let name = format!("guarded_{function}");
    let list: Vec<String> = params
        .iter()
        .map(|(n, t)| format!("{} {n}", t.name()))
        .collect();
    let args: Vec<&str> = params.iter().map(|(n, _)| n.as_str()).collect();
    let wrapper = format!(
        "{} {name}({}) {{\n    if (!({restriction}))\n        return 0;\n    return {function}({});\n}}\n",
        ret.name(),
        list.join(", "),
        args.join(", ")
    );
    (format!("{source}\n{wrapper}"), name)
}

/// `int assume(unsigned int x, int k) { return (RESTRICTION); }`.
pub fn assume_source(params: &[(String, Scalar)], restriction: &str) -> String {
    let list: Vec<String> = params
        .iter()
        .map(|(n, t)| format!("{} {n}", t.name()))
        .collect();
    format!(
        "#include <limits.h>\nint assume({}) {{ return ({restriction}); }}\n",
        list.join(", ")
    )
}

/// The prover's options for the catalog: its defaults, but 4096 random
/// and edge inputs once the budget is spent, not a million (the prover runs
/// them whatever the time: a million through the interpreter took minutes
/// for the loop entries).
pub fn options() -> Options {
    Options {
        samples: 1 << 12,
        ..Options::default()
    }
}

/// Checks one entry (see the module docs); `ctl` holds its deadline.
///
/// # Errors
/// A source that does not parse, a prover error, or a wrong entry whose
/// stated counterexample does not hold.
pub fn check(e: &Entry, opts: &Options, ctl: &mut dyn Control) -> Result<Proof, CheckError> {
    let parsed = Parsed::new(e)?;
    if let Some(w) = &e.wrong {
        return stated(e, w, &parsed);
    }
    let (trick, spec, assume) = parsed.sides();
    let v = cprove::prove(trick, spec, assume, opts, ctl)
        .map_err(|err| CheckError::Prove(err.to_string()))?;
    Ok(from_verdict(&v, &parsed.params))
}

/// The prover's verdict said plainly.
fn from_verdict(v: &Verdict, params: &[(String, Scalar)]) -> Proof {
    let mut p = Proof {
        status: Status::NotProven,
        method: v.method,
        text: String::new(),
        agreeing: v.agreeing,
        counterexample: None,
        stated: false,
    };
    match (v.equal, &v.counterexample) {
        (_, Some(c)) => {
            let args = params
                .iter()
                .zip(&c.args)
                .map(|(q, a)| (q.0.clone(), a.1.decimal()));
            let cx = Counterexample {
                args: args.collect(),
                gives: show(&c.left),
                expected: show(&c.right),
            };
            p.text = format!("refuted at {}", cx.show());
            (p.status, p.counterexample) = (Status::Refuted, Some(cx));
        }
        (Some(true), None) if v.method == Method::Exhaustive => {
            p.status = Status::Checked;
            p.text = format!("checked on every input ({} inputs)", v.agreeing);
        }
        (Some(true), None) => {
            p.status = Status::Proven;
            p.text = format!("proven ({})", v.method.name());
        }
        _ => {
            // the prover's reason, without its own count of agreeing inputs
            let why = v.not_proven.as_deref().unwrap_or("out of time");
            let why = why.split("; ").next().unwrap_or(why);
            p.text = format!("not proven: {} inputs agree ({why})", v.agreeing);
        }
    }
    p
}

/// An outcome as C prints the value, or `undefined (why)`.
fn show(o: &Outcome) -> String {
    match o {
        Outcome::Value(v) => v.decimal(),
        Outcome::Undefined(why) => format!("undefined ({why})"),
    }
}

/// A wrong entry: both sides run at the stated input, inside the restriction.
fn stated(e: &Entry, w: &Wrong, parsed: &Parsed) -> Result<Proof, CheckError> {
    let args: Option<Vec<Value>> = parsed
        .params
        .iter()
        .map(|(n, t)| w.at.iter().find(|a| &a.0 == n).map(|a| Value::new(*t, a.1)))
        .collect();
    let fail = |why: String| CheckError::Stated(format!("{}: {why}", w.show()));
    let args = args.ok_or_else(|| fail("not every parameter is given".into()))?;
    if !parsed.allowed(&args) {
        return Err(fail("outside the restriction".into()));
    }
    let gives = Parsed::outcome(&parsed.trick, &e.fn_name, &args);
    let expected = Parsed::outcome(&parsed.spec, &e.spec_name, &args);
    let value = |o: &Outcome| match o {
        Outcome::Value(v) => Some(v.get()),
        Outcome::Undefined(_) => None,
    };
    if value(&gives) != Some(w.gives)
        || value(&expected) != Some(w.expected)
        || w.gives == w.expected
    {
        return Err(fail(format!(
            "they give {} and {}",
            show(&gives),
            show(&expected)
        )));
    }
    let cx = Counterexample {
        args: parsed
            .params
            .iter()
            .zip(&args)
            .map(|(q, v)| (q.0.clone(), v.decimal()))
            .collect(),
        gives: show(&gives),
        expected: show(&expected),
    };
    Ok(Proof {
        status: Status::Refuted,
        method: Method::Sampled,
        text: format!("refuted at the stated input {}", cx.show()),
        agreeing: 0,
        counterexample: Some(cx),
        stated: true,
    })
}

/// Runs both sides on `n` random and sparse inputs inside the restriction
/// (no proof: for entries the prover cannot finish in time). Refuted at
/// the first input where they differ.
///
/// # Errors
/// A source that does not parse.
pub fn sample(e: &Entry, n: u64, seed: u64) -> Result<Proof, CheckError> {
    let parsed = Parsed::new(e)?;
    let mut rng = Rng::new(seed);
    let mut agreeing = 0;
    for k in 0..n.saturating_mul(16) {
        if agreeing == n {
            break;
        }
        let args: Vec<Value> = parsed
            .params
            .iter()
            .map(|(_, t)| Value {
                ty: *t,
                bits: if k % 2 == 0 {
                    rng.next_u64()
                } else {
                    rng.sparse()
                } & t.mask(),
            })
            .collect();
        if !parsed.allowed(&args) {
            continue;
        }
        let gives = Parsed::outcome(&parsed.trick, &e.fn_name, &args);
        let expected = Parsed::outcome(&parsed.spec, &e.spec_name, &args);
        if gives != expected {
            let args = parsed
                .params
                .iter()
                .zip(&args)
                .map(|(q, v)| (q.0.clone(), v.decimal()));
            let cx = Counterexample {
                args: args.collect(),
                gives: show(&gives),
                expected: show(&expected),
            };
            let text = format!("refuted at {}", cx.show());
            return Ok(Proof {
                status: Status::Refuted,
                method: Method::Sampled,
                text,
                agreeing,
                counterexample: Some(cx),
                stated: false,
            });
        }
        agreeing += 1;
    }
    let text = format!("not proven: {agreeing} inputs agree (sampled only)");
    Ok(Proof {
        status: Status::NotProven,
        method: Method::Sampled,
        text,
        agreeing,
        counterexample: None,
        stated: false,
    })
}

/// One entry's check and how long it took.
#[derive(Clone, Debug)]
pub struct Checked {
    pub index: usize,
    pub proof: Result<Proof, CheckError>,
    pub seconds: f64,
}

/// Checks `entries` (indices into `all`) with a budget of `seconds` each,
/// on `threads` threads (0: every core); the answers in `entries`' order.
#[cfg(not(target_arch = "wasm32"))]
pub fn check_all(all: &[Entry], entries: &[usize], seconds: f64, threads: usize) -> Vec<Checked> {
    let deadline =
        |_: &Entry| Box::new(crate::lang::prove::Deadline::after(seconds)) as Box<dyn Control>;
    check_each(all, entries, &deadline, &options(), threads)
}

/// [`check_all`] with options, and each entry's control (its budget, in
/// wall-clock time or any other) from `control`, made on the thread that
/// checks it.
#[cfg(not(target_arch = "wasm32"))]
pub fn check_each(
    all: &[Entry],
    entries: &[usize],
    control: &(dyn Fn(&Entry) -> Box<dyn Control> + Sync),
    opts: &Options,
    threads: usize,
) -> Vec<Checked> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        threads
    };
    let next = AtomicUsize::new(0);
    let out = Mutex::new(Vec::with_capacity(entries.len()));
    std::thread::scope(|s| {
        for _ in 0..threads.min(entries.len()).max(1) {
            s.spawn(|| {
                while let Some(&index) = entries.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let start = std::time::Instant::now();
                    let mut ctl = control(&all[index]);
                    let proof = check(&all[index], opts, ctl.as_mut());
                    let seconds = start.elapsed().as_secs_f64();
                    out.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push(Checked {
                            index,
                            proof,
                            seconds,
                        });
                }
            });
        }
    });
    let mut out = out
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    out.sort_by_key(|c| entries.iter().position(|&i| i == c.index));
    out
}
