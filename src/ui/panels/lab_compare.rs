//! The Lab's "compare with": a second expression, its value on the Lab's
//! inputs beside the first's, and a proof that the two are equal on every
//! input of the width (`lang::prove`, in a Web Worker) or a counterexample
//! that loads into the Lab's variables, so both sides can be stepped on it
//! ("step the other side" swaps them).

use super::CardProps;
use crate::lang::expr::{evaluate, Vars};
use crate::ui::components::{input_value, proof_job_view, proof_verdict};
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::state::{LabAction as Action, LabState};
use crate::ui::worker::{ProveDone, Request};
use yew::prelude::*;

#[function_component(CompareCard)]
pub(super) fn compare_card(props: &CardProps<LabState>) -> Html {
    let job = use_worker_job::<ProveDone>();
    // the (left, right, width) the shown verdict is for
    let asked = use_state(|| None::<(String, String, u32)>);
    let s = &props.state;
    let now = (s.expr.clone(), s.compared().to_string(), s.width);
    let oninput = props
        .dispatch
        .reform(|e: InputEvent| Action::SetCmp(input_value(&e)));
    let prove = {
        let (job, asked, now) = (job.clone(), asked.clone(), now.clone());
        Callback::from(move |_: MouseEvent| {
            asked.set(Some(now.clone()));
            job.start(&Request::Prove {
                left: now.0.clone(),
                right: now.1.clone(),
                width: now.2,
            });
        })
    };
    let cancel = {
        let job = job.clone();
        Callback::from(move |_: MouseEvent| job.cancel())
    };
    let swap = props.dispatch.reform(|_: MouseEvent| Action::Swap);
    let current = asked.as_ref() == Some(&now);
    let has_cmp = !s.compared().trim().is_empty();
    let hidden = s.hidden;
    let reveal = props.dispatch.reform(|_: MouseEvent| Action::Reveal);
    html! {
        <div class="card compare">
            <h3>{ "Compare with" }</h3>
            if let Some(ex) = hidden {
                <p class="hidden-ref">{ format!("The reference answer of \"{}\", hidden: only its values show. ", ex.title) }
                    <button type="button" class="linkish show-ref" onclick={reveal}>{ "show the reference" }</button>
                </p>
            } else {
                <div class="expr-field">
                    <label for="lab-cmp">{ "a second expression" }</label>
                    <input id="lab-cmp" name="lab-cmp" type="text" spellcheck="false" autocomplete="off"
                        placeholder="x ^ (x & -x)" value={s.cmp.clone()} {oninput} />
                </div>
            }
            if has_cmp { { here_view(s) } }
            <div class="actions">
                <button type="button" class="primary lab-prove" onclick={prove} disabled={!has_cmp || job.is_running()}>
                    { format!("prove equal at {} bits", s.width) }
                </button>
                if job.is_running() {
                    <button type="button" class="lab-prove-cancel" onclick={cancel}>{ "cancel" }</button>
                }
                if has_cmp && hidden.is_none() {
                    <button type="button" class="lab-swap" onclick={swap}>{ "step the other side" }</button>
                }
            </div>
            { verdict_view(&job, current, s, &props.dispatch) }
        </div>
    }
}

/// Both sides on the Lab's inputs now.
fn here_view(s: &LabState) -> Html {
    let vars = Vars {
        x: s.x,
        y: s.y,
        z: s.z,
    };
    let value = |e: &str| evaluate(e, s.width, vars).map(|t| t.result_text());
    match (value(&s.expr), value(s.compared())) {
        (Ok(a), Ok(b)) => {
            let same = a == b;
            html! {
                <p class={classes!("here", if same { "ok" } else { "bad" })} data-agree={same.to_string()}>
                    { format!("On these inputs: {a} and {b}, {}.", if same { "the same" } else { "different" }) }
                </p>
            }
        }
        (_, Err(e)) => {
            html! { <p class="error cmp-error" role="alert">{ format!("second expression: {e}") }</p> }
        }
        (Err(_), _) => html! {},
    }
}

fn verdict_view(
    job: &JobState<ProveDone>,
    current: bool,
    s: &LabState,
    dispatch: &Callback<Action>,
) -> Html {
    let stale = (!current).then_some("The expressions or the width changed since: prove again.");
    proof_job_view(job, stale, |v| done_view(v, s, dispatch))
}

fn done_view(v: &ProveDone, s: &LabState, dispatch: &Callback<Action>) -> Html {
    proof_verdict(
        &v.verdict,
        v.seconds,
        "random and edge inputs",
        |d, time| {
            let (x, y, z) = (d.x.0, d.y.0, d.z.0);
            let loaded = (s.x, s.y, s.z) == (x, y, z);
            let load = dispatch.reform(move |_: MouseEvent| Action::SetVars(x, y, z));
            let at: Vec<String> = v
                .verdict
                .variables
                .iter()
                .map(|name| {
                    let value = match name.as_str() {
                        "x" => x,
                        "y" => y,
                        _ => z,
                    };
                    format!("{name} = {value:#x}")
                })
                .collect();
            html! {
                <div class="verdict bad" data-verdict="differ" role="status">
                    <p><strong>{ "Not equal: " }</strong>{ format!("at {} the first gives {} and the second {} ({time}).", at.join(", "), d.left, d.right) }</p>
                    if loaded {
                        <p class="muted">{ "These inputs are loaded: the steps show the first side; \"step the other side\" shows the second." }</p>
                    } else {
                        <button type="button" class="lab-load" onclick={load}>{ "load these inputs into the Lab" }</button>
                    }
                </div>
            }
        },
    )
}
