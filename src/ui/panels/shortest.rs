//! Shortest program: a C specification (any loops, branches, tables) and
//! the operators allowed; the workers search every straight-line program
//! by length (`synth`, [`Request::Synth`]; from length 3 each worker a
//! share, [`SynthRun`]), with progress and cancel, and the panel shows the
//! shortest one proven equal, whether it is minimal, and a link that steps
//! it in the Lab beside the specification.
//!
//! URL state: `ui::state::SynthState` (`src`, `fn`, `ops`, `consts`,
//! `max`, `secs`).

pub use super::minis::shortest as mini;
use super::PanelProps;
use crate::ui::components::{input_value, on_select};
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::state::{
    CodeState, LabMode, LabState, SynthAction as Action, SynthState, SYNTH_MAX_OPS, SYNTH_SECONDS,
};
use crate::ui::worker::{worker_count, Request, SynthAsk, SynthDone, SynthRun, SynthStep};
use crate::ui::{components::PanelFrame, registry::Panel, route::Route};
use yew::prelude::*;

#[function_component(ShortestPanel)]
pub fn shortest_panel(props: &PanelProps) -> Html {
    let state: SynthState = props.state();
    let dispatch = props.dispatch(&state);
    let job = use_worker_job::<SynthDone>();
    let ask = SynthAsk {
        src: state.src.clone(),
        func: state.func.clone(),
        ops: state.ops.clone(),
        consts: state.consts.clone(),
        max_ops: state.max_ops,
        seconds: f64::from(state.seconds),
        ..SynthAsk::default()
    };
    let now = ask.request();
    let asked = use_state(|| None::<Request>);
    let run = use_mut_ref(|| None::<SynthRun>);
    let start = {
        let (job, asked, now, run) = (job.clone(), asked.clone(), now.clone(), run.clone());
        Callback::from(move |_: MouseEvent| {
            asked.set(Some(now.clone()));
            let r = SynthRun::new(ask.clone(), worker_count());
            job.start_parts(r.requests());
            *run.borrow_mut() = Some(r);
        })
    };
    {
        // each length's answer: the next length, or the search's answer
        let (job, run) = (job.clone(), run.clone());
        use_effect_with((*job).clone(), move |now| {
            let step = match now {
                JobState::Done(length) => run.borrow_mut().as_mut().map(|r| r.next(length.clone())),
                _ => None,
            };
            match step {
                Some(SynthStep::Next(shares)) => job.start_parts(shares),
                Some(SynthStep::Done(answer)) => {
                    *run.borrow_mut() = None;
                    job.set_done(*answer);
                }
                None => {}
            }
        });
    }
    let cancel = {
        let (job, run) = (job.clone(), run.clone());
        Callback::from(move |_: MouseEvent| {
            *run.borrow_mut() = None;
            job.cancel();
        })
    };
    let between = run.borrow().is_some() && matches!(*job, JobState::Done(_));
    let stale = asked.as_ref().is_some_and(|a| a != &now);
    html! {
        <PanelFrame panel={Panel::Shortest} lede={"Is there a shorter way? Write what a function must compute, plainly, with loops if you like. The search tries every branch-free program of one operation, then two, then three, ..., over the operators you allow; the first one equal on a set of inputs is proven equal on every input, and a counterexample joins the set. When every shorter length was searched, the answer is the fewest possible."}>
            <SpecCard state={state.clone()} dispatch={dispatch.clone()} />
            <div class="card synth-run">
                <div class="actions">
                    <button type="button" class="primary synth-start" onclick={start} disabled={job.is_running() || between}>{ "find the shortest program" }</button>
                    if job.is_running() || between {
                        <button type="button" class="synth-cancel" onclick={cancel}>{ "cancel" }</button>
                    }
                </div>
                if !between { { status_view(&job, &state, run.borrow().as_ref()) } }
                if stale && !job.is_running() { <p class="muted">{ "The specification changed since: search again." }</p> }
            </div>
        </PanelFrame>
    }
}

type SpecProps = super::CardProps<SynthState>;

/// The specification and what the search may use.
#[function_component(SpecCard)]
fn spec_card(props: &SpecProps) -> Html {
    let SpecProps { state, dispatch } = props;
    let on_src = dispatch.reform(|e: InputEvent| {
        let input: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
        Action::SetSrc(input.value())
    });
    let on_ops = dispatch.reform(|e: InputEvent| Action::SetOps(input_value(&e)));
    let on_consts = dispatch.reform(|e: InputEvent| Action::SetConsts(input_value(&e)));
    let on_max = on_select(dispatch, |v: &str| v.parse().ok().map(Action::SetMaxOps));
    let on_secs = on_select(dispatch, |v: &str| v.parse().ok().map(Action::SetSeconds));
    html! {
        <div class="card synth-spec">
            <div class="expr-field code-field">
                <label for="synth-src">{ "the specification: a C function (its last, or the one the link names; an `assume` function restricts the inputs)" }</label>
                <textarea id="synth-src" spellcheck="false" autocomplete="off" rows="8" value={state.src.clone()} oninput={on_src} />
            </div>
            <div class="field-row">
                <label for="synth-ops">{ "operators" }</label>
                <input id="synth-ops" type="text" placeholder="all: ! ~ -x & | ^ + - * << >> < <= > >= == !=" value={state.ops.clone()} oninput={on_ops} />
                <label for="synth-consts">{ "constants beside 0, 1, −1, width − 1" }</label>
                <input id="synth-consts" type="text" placeholder="3 0x55" value={state.consts.clone()} oninput={on_consts} />
            </div>
            <div class="field-row">
                <label for="synth-max">{ "at most" }</label>
                <select id="synth-max" onchange={on_max}>{ for (1..=SYNTH_MAX_OPS).map(|m| html! { <option value={m.to_string()} selected={m == state.max_ops}>{ format!("{m} operations") }</option> }) }</select>
                <label for="synth-secs">{ "for" }</label>
                <select id="synth-secs" onchange={on_secs}>{ for SYNTH_SECONDS.iter().map(|s| html! { <option value={s.to_string()} selected={*s == state.seconds}>{ format!("{s} s") }</option> }) }</select>
            </div>
        </div>
    }
}

/// The job's state; while it runs, the length under way and the time
/// since the search began (each length is a job of its own: `run`).
fn status_view(job: &JobState<SynthDone>, state: &SynthState, run: Option<&SynthRun>) -> Html {
    match job {
        JobState::Idle => html! {},
        JobState::Running(p) => {
            let (before, length) = run.map_or((0.0, 0), |r| (r.seconds(), r.length()));
            let label = match p.label.starts_with("length") {
                true => p.label.clone(),
                false => format!("length {length}: starting"),
            };
            html! {
                <p class="synth-progress" role="status">{ format!("{label} · {:.1} s", before + p.elapsed) }</p>
            }
        }
        JobState::Cancelled => html! { <p class="muted synth-cancelled">{ "Cancelled." }</p> },
        JobState::Failed(m) => html! { <p class="error-box" role="alert">{ m.clone() }</p> },
        JobState::Done(d) => done_view(d, state),
    }
}

/// The answer: the program, its size, whether it is minimal, the proof;
/// or that none exists, or the time ran out.
fn done_view(d: &SynthDone, state: &SynthState) -> Html {
    let searched = format!("{} candidates in {:.2} s", d.searched, d.seconds);
    let ruled = format!("no program of fewer than {} operations exists", d.ruled_out);
    let Some(expr) = &d.expr else {
        let text = if d.status == "none" {
            format!(
                "None: no program of at most {} operations computes it ({searched}).",
                d.max_ops
            )
        } else {
            format!("Out of time: {ruled} ({searched}).")
        };
        return html! {
            <div class="verdict bad synth-none" data-status={d.status.clone()} role="status">
                <p>{ text }</p>
                <p class="muted synth-constants">{ format!("Constants tried: {}. Another may be needed: type it above.", d.constants) }</p>
            </div>
        };
    };
    let ops = d.ops.unwrap_or_default();
    let minimal = if d.minimal {
        format!("the fewest possible: {ruled} over the constants tried")
    } else {
        format!("not shown minimal: {ruled}")
    };
    html! {
        <div class="verdict ok synth-found" data-status={d.status.clone()} data-minimal={d.minimal.to_string()} role="status">
            <p><strong>{ format!("{ops} operations") }</strong>{ format!(" ({} as one C expression); {minimal}.", d.dlc_ops.unwrap_or_default()) }</p>
            <pre class="code synth-expr">{ expr.clone() }</pre>
            <p>{ format!("Proven equal on every input ({}); {searched}.", d.proof.clone().unwrap_or_default()) }</p>
            if !d.catalog.is_empty() {
                <p class="synth-catalog">{ format!("Built on the catalog's {} (search the start page for it).", d.catalog.join(", ")) }</p>
            }
            if !d.helped.is_empty() {
                <p class="synth-helped">{ format!("These constants helped, found in the specification: {}.", d.helped) }</p>
            }
            <p class="muted synth-constants">{ format!("Constants tried: {}.", d.constants) }</p>
            if let Some(src) = &d.source {
                <p><a class="synth-lab" href={lab_route(src, &state.src)}>{ "step it in the Lab, beside the specification" }</a></p>
            }
        </div>
    }
}

/// The Lab's C mode on the program found, with the specification to
/// compare it with.
fn lab_route(program: &str, spec: &str) -> String {
    let lab = LabState {
        mode: LabMode::C,
        code: CodeState {
            src: program.to_string(),
            func: None,
            args: Vec::new(),
            cmp: spec.to_string(),
        },
        ..LabState::default()
    };
    Route::of(&lab).to_hash()
}
