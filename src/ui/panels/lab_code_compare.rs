//! "Compare with" in the Lab's C code mode: a second C snippet (its last
//! function), proven equal to the first's function on every input by
//! `lang::prove::c` in the Web Worker ([`Request::ProveC`]), or a
//! counterexample (the arguments, both sides' results, its kind) that
//! loads into the parameters' fields.

use super::CardProps;
use crate::ui::components::{proof_job_view, proof_verdict};
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::state::{CodeAction, LabAction as Action, LabState};
use crate::ui::worker::{CProveDone, Request};
use yew::prelude::*;

#[function_component(CodeCompareCard)]
pub(super) fn code_compare_card(props: &CardProps<LabState>) -> Html {
    let job = use_worker_job::<CProveDone>();
    let s = &props.state;
    let now = Request::ProveC {
        left: s.code.src.clone(),
        right: s.code.cmp.clone(),
        left_fn: s.code.func.clone(),
    };
    // the request the shown verdict is for
    let asked = use_state(|| None::<Request>);
    let oninput = props.dispatch.reform(|e: InputEvent| {
        let input: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
        Action::Code(CodeAction::SetCmp(input.value()))
    });
    let prove = {
        let (job, asked, now) = (job.clone(), asked.clone(), now.clone());
        Callback::from(move |_: MouseEvent| {
            asked.set(Some(now.clone()));
            job.start(&now);
        })
    };
    let cancel = {
        let job = job.clone();
        Callback::from(move |_: MouseEvent| job.cancel())
    };
    let has_cmp = !s.code.cmp.trim().is_empty();
    let stale = (asked.as_ref() != Some(&now)).then_some("The code changed since: prove again.");
    html! {
        <div class="card compare c-compare">
            <h3>{ "Compare with" }</h3>
            <div class="expr-field code-field">
                <label for="lab-c-cmp">{ "a second C function (the last of this text; parameters matched by position)" }</label>
                <textarea id="lab-c-cmp" name="lab-c-cmp" spellcheck="false" autocomplete="off" rows="5"
                    placeholder="unsigned f(unsigned v) { return __builtin_popcount(v); }"
                    value={s.code.cmp.clone()} {oninput} />
            </div>
            <div class="actions">
                <button type="button" class="primary lab-c-prove" onclick={prove} disabled={!has_cmp || job.is_running()}>
                    { "prove equal on every input" }
                </button>
                if job.is_running() {
                    <button type="button" class="lab-prove-cancel" onclick={cancel}>{ "cancel" }</button>
                }
            </div>
            { verdict_view(&job, stale, s, &props.dispatch) }
        </div>
    }
}

fn verdict_view(
    job: &JobState<CProveDone>,
    stale: Option<&str>,
    s: &LabState,
    dispatch: &Callback<Action>,
) -> Html {
    proof_job_view(job, stale, |v| done_view(v, s, dispatch))
}

fn done_view(v: &CProveDone, s: &LabState, dispatch: &Callback<Action>) -> Html {
    proof_verdict(&v.verdict, v.seconds, "inputs", |d, time| {
        let at: Vec<String> = d.args.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        let loaded = d.args.iter().all(|(n, v)| s.code.arg(n) == v);
        let args = d.args.clone();
        let load =
            dispatch.reform(move |_: MouseEvent| Action::Code(CodeAction::SetArgs(args.clone())));
        html! {
            <div class="verdict bad" data-verdict="differ" data-kind={d.kind.clone()} role="status">
                <p><strong>{ format!("Not equal ({}): ", d.kind) }</strong>
                    { format!("at {} the first gives {} and the second {} ({time}).", at.join(", "), d.left, d.right) }</p>
                if loaded {
                    <p class="muted">{ "These arguments are loaded: the steps show the first function on them." }</p>
                } else {
                    <button type="button" class="lab-c-load" onclick={load}>{ "load the counterexample" }</button>
                }
            </div>
        }
    })
}
