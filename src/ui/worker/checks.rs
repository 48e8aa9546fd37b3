//! The worker side of the equivalence checker: a Lab comparison
//! ([`Request::Prove`](super::Request::Prove)) and a practice answer
//! ([`Request::Practice`](super::Request::Practice)), each proven with a
//! time budget and a progress event at most every 40 ms. The page cancels
//! by terminating the worker.

use super::c_proof::CProveDone;
use super::pace::{now_seconds, Task};
use super::protocol::{CheckDone, ProveDone, WorkerEvent};
use crate::lang::prove::{self, Control, Flow, Options, Phase};
use crate::practice;
use wasm_bindgen::JsValue;

/// Seconds a proof may search before random and edge inputs decide (the
/// CLI's default `--seconds` too).
pub const BUDGET_S: f64 = 10.0;

/// Posts progress and says "out of time" once the budget is spent.
struct Reporter<'t, 'a> {
    task: &'t Task<'a>,
    failed: Option<JsValue>,
}

impl Control for Reporter<'_, '_> {
    fn check(&mut self, p: prove::Progress) -> Flow {
        let label = || match p.phase {
            Phase::Exhaustive => format!("trying every input: {} of {}", p.done, p.total),
            Phase::Sat => "the SAT solver is searching for a difference".to_string(),
            Phase::Sampling => format!("sampling: {} of {} inputs agree", p.done, p.total),
        };
        if let Err(e) = self.task.progress(p.done as f64, p.total as f64, label) {
            self.failed = Some(e);
            return Flow::Cancel;
        }
        if self.task.seconds() > BUDGET_S {
            Flow::OutOfTime
        } else {
            Flow::Continue
        }
    }
}

impl<'t, 'a> Reporter<'t, 'a> {
    fn new(task: &'t Task<'a>) -> Reporter<'t, 'a> {
        Reporter { task, failed: None }
    }

    /// The job's answer: a failure to post progress first, then the
    /// result's event (given the seconds taken) or its error's message.
    fn finish<T, E: std::fmt::Display>(
        self,
        result: Result<T, E>,
        event: impl FnOnce(T, f64) -> WorkerEvent,
    ) -> Result<WorkerEvent, JsValue> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        Ok(match result {
            Ok(v) => event(v, self.task.seconds()),
            Err(e) => WorkerEvent::Error {
                message: e.to_string(),
            },
        })
    }
}

/// `left == right` at `width` bits.
pub fn prove_event(
    left: &str,
    right: &str,
    width: u32,
    task: &Task,
) -> Result<WorkerEvent, JsValue> {
    let mut ctl = Reporter::new(task);
    let verdict = prove::prove_with(left, right, width, &Options::default(), &mut ctl);
    ctl.finish(verdict, |v, seconds| {
        WorkerEvent::Proved(ProveDone::of(&v, width, seconds))
    })
}

/// Two C snippets: `left`'s function `left_fn` (or its last) against
/// `right`'s last function.
pub fn prove_c_event(
    left: &str,
    right: &str,
    left_fn: Option<&str>,
    task: &Task,
) -> Result<WorkerEvent, JsValue> {
    use crate::lang::c::Program;
    use crate::lang::prove::c::{prove, Side};
    let parsed =
        |src: &str, which: &str| Program::parse(src).map_err(|e| format!("{which} snippet: {e}"));
    let (a, b) = match (parsed(left, "first"), parsed(right, "second")) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(message), _) | (_, Err(message)) => return Ok(WorkerEvent::Error { message }),
    };
    let (fa, fb) = match (a.entry(left_fn), b.entry(None)) {
        (Ok(fa), Ok(fb)) => (fa.name.clone(), fb.name.clone()),
        (Err(e), _) | (_, Err(e)) => {
            return Ok(WorkerEvent::Error {
                message: e.to_string(),
            })
        }
    };
    let mut ctl = Reporter::new(task);
    let (sa, sb) = (
        Side {
            program: &a,
            function: &fa,
        },
        Side {
            program: &b,
            function: &fb,
        },
    );
    let verdict = prove(sa, sb, None, &Options::default(), &mut ctl);
    ctl.finish(verdict, |v, seconds| {
        WorkerEvent::ProvedC(CProveDone::of(&v, seconds))
    })
}

/// The shortest program equal to `src`'s function (`synth`), reporting
/// the length searched and the candidates; out of time after `seconds`.
pub fn synth_event(ask: &super::synth::SynthAsk, task: &Task) -> Result<WorkerEvent, JsValue> {
    let seconds = ask.seconds;
    let mut failed = None;
    let mut check = |p: &crate::synth::SynthProgress| {
        let label = || {
            let share = match ask.parts {
                n if n > 1 => format!(" (share {} of {n})", ask.part + 1),
                _ => String::new(),
            };
            format!(
                "length {}{share}: {} candidates, {} proven",
                p.length, p.searched, p.proofs
            )
        };
        let spent = task.seconds();
        if let Err(e) = task.progress(spent.min(seconds), seconds, label) {
            failed = Some(e);
            return Flow::Cancel;
        }
        if spent > seconds {
            Flow::OutOfTime
        } else {
            Flow::Continue
        }
    };
    let result = super::synth::run(ask, &mut check);
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(match result {
        Ok(done) => super::SynthDone {
            seconds: task.seconds(),
            ..done
        }
        .event(),
        Err(e) => WorkerEvent::Error {
            message: e.to_string(),
        },
    })
}

/// A practice answer against exercise `id`.
pub fn practice_event(id: &str, answer: &str, task: &Task) -> Result<WorkerEvent, JsValue> {
    let Some(ex) = practice::exercise(id) else {
        return Ok(WorkerEvent::Error {
            message: practice::PracticeError::Unknown(id.to_string()).to_string(),
        });
    };
    let mut ctl = Reporter::new(task);
    let report = practice::check_with(ex, answer, &practice::options(), &mut ctl);
    ctl.finish(report, |r, seconds| {
        WorkerEvent::Checked(CheckDone::of(&r, seconds))
    })
}

/// A 'static per-puzzle deadline for grading (the page cancels by
/// terminating the worker).
struct Until(f64);

impl Control for Until {
    fn check(&mut self, _: prove::Progress) -> Flow {
        if now_seconds() > self.0 {
            Flow::OutOfTime
        } else {
            Flow::Continue
        }
    }
}

/// A student's file graded against a set and its reference: a progress
/// event as each puzzle starts, each proof within [`BUDGET_S`].
pub fn grade_event(
    puzzles: &str,
    reference: &str,
    student: &str,
    task: &Task,
) -> Result<WorkerEvent, JsValue> {
    use crate::practice::{grade, sets};
    let set = match sets::parse_set(puzzles) {
        Ok(set) => set,
        Err(e) => {
            return Ok(WorkerEvent::Error {
                message: format!("puzzles: {e}"),
            })
        }
    };
    let total = set.puzzles.len();
    let names: Vec<String> = set.puzzles.iter().map(|p| p.name.clone()).collect();
    let (mut done, mut failed) = (0usize, None::<JsValue>);
    let mut ctl_for = || {
        let label = format!(
            "grading {} ({} of {total})",
            names.get(done).map_or("", String::as_str),
            done + 1
        );
        if let Err(e) = task.report(done as f64, total as f64, label) {
            failed.get_or_insert(e);
        }
        done += 1;
        Box::new(Until(now_seconds() + BUDGET_S)) as Box<dyn Control>
    };
    let result = grade::grade(&set, reference, student, &practice::options(), &mut ctl_for);
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(match result {
        Ok(g) => WorkerEvent::Graded(super::grade::GradeDone::of(&g, task.seconds())),
        Err(e) => WorkerEvent::Error {
            message: e.to_string(),
        },
    })
}
