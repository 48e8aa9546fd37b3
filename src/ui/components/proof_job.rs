//! The state of a proof running in a Web Worker, as the Lab's compare and
//! Practice show it: its progress, "changed since" when the inputs moved
//! on, cancelled, failed, or the verdict (drawn by the caller).

use crate::lang::prove::{Method, Verdict};
use crate::ui::hooks::JobState;
use yew::prelude::*;

/// `stale`: the words to show instead of a verdict whose inputs changed.
pub fn proof_job_view<T>(
    job: &JobState<T>,
    stale: Option<&str>,
    done: impl FnOnce(&T) -> Html,
) -> Html {
    match job {
        JobState::Idle => html! {},
        JobState::Running(p) => html! {
            <div class="prove-progress">
                <progress max={p.total.max(1.0).to_string()} value={p.done.to_string()}></progress>
                <p class="muted">{ format!("{} ({:.1} s)", p.label, p.elapsed) }</p>
            </div>
        },
        JobState::Done(_) if stale.is_some() => {
            html! { <p class="muted">{ stale.unwrap_or_default() }</p> }
        }
        JobState::Done(v) => done(v),
        JobState::Cancelled => html! { <p class="muted verdict-cancelled">{ "Cancelled." }</p> },
        JobState::Failed(message) => {
            html! { <p class="error-box" role="alert">{ message.clone() }</p> }
        }
    }
}

/// A finished proof: "Equal, proven" and how, the counterexample (drawn by
/// `differ`, given the time as text), or "Not proven", why, and how many
/// of the `tried` inputs agree.
pub fn proof_verdict<Cx, V>(
    v: &Verdict<Cx, V>,
    seconds: f64,
    tried: &str,
    differ: impl FnOnce(&Cx, &str) -> Html,
) -> Html {
    let time = format!("{seconds:.3} s");
    match (v.equal, &v.counterexample) {
        (Some(true), _) => equal_verdict(v.method, v.agreeing, seconds),
        (Some(false), Some(d)) => differ(d, &time),
        _ => html! {
            <p class="verdict" data-verdict="unknown" role="status">
                <strong>{ "Not proven: " }</strong>
                { format!("{} ({} {tried} agree, in {time}).", v.not_proven.clone().unwrap_or_default(), v.agreeing) }
            </p>
        },
    }
}

/// "Equal, proven: …", with how (`agreeing` inputs tried, a decision
/// diagram or the SAT solver) and how long it took.
fn equal_verdict(method: Method, agreeing: u64, seconds: f64) -> Html {
    let how = match method {
        Method::Exhaustive => format!("every one of the {agreeing} inputs agrees"),
        Method::Bdd => "a decision diagram shows that no input makes them differ".to_string(),
        Method::ErrorBound => {
            "the division's error bound holds at every corner of the inputs".to_string()
        }
        _ => "the SAT solver shows that no input makes them differ".to_string(),
    };
    html! { <p class="verdict ok" data-verdict="equal" role="status"><strong>{ "Equal, proven: " }</strong>{ format!("{how} ({seconds:.3} s).") }</p> }
}
