//! One practice exercise: the task and its rules, hints one at a time, the
//! answer checked live against the rules (a refusal at its column), then
//! proven in a Web Worker (progress, cancel) with a verdict that is a link:
//! solved (how it was proven, operators against the best known, the panel
//! that explains the trick) or wrong (the counterexample, and a link that
//! opens both sides in the Lab on it).

use crate::lang::expr::{parse, Var};
use crate::lang::prove::{variables, Method};
use crate::practice::{c_answer, count_ops, fewest, rules, Exercise};
use crate::ui::components::{caret_error, input_value, proof_job_view};
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::route::{Panel, Route};
use crate::ui::state::{LabState, PracticeAction, PracticeState, LAST_STEP};
use crate::ui::worker::{CheckDone, Difference, Request};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct ExerciseProps {
    pub state: PracticeState,
    pub dispatch: Callback<PracticeAction>,
    /// Called with (id, operators) when an answer is proven right.
    pub on_solved: Callback<(String, usize)>,
    /// The fewest operators of this browser's accepted answers.
    pub best: Option<usize>,
}

/// The answer against the rules, before any proof: its operator count, or
/// the column and message of the first problem.
fn rules_check(ex: &Exercise, answer: &str) -> Result<usize, (usize, String)> {
    if answer.contains('{') {
        return c_answer::rules_of(ex, answer);
    }
    let width = ex.widths[0];
    let tree = parse(answer, width).map_err(|e| (e.column(), e.to_string()))?;
    match rules(ex, &tree) {
        Some(refusal) => Err((refusal.column, refusal.message)),
        None => Ok(count_ops(&tree)),
    }
}

#[function_component(ExerciseView)]
pub(super) fn exercise_view(props: &ExerciseProps) -> Html {
    let job = use_worker_job::<CheckDone>();
    // the answer the shown verdict is for
    let checked = use_state(|| None::<String>);
    let state = &props.state;
    let ex = state.exercise.unwrap_or(crate::practice::exercises()[0]);
    let answer = state.answer.clone();
    let local = (!answer.trim().is_empty()).then(|| rules_check(ex, &answer));
    let run = {
        let (job, checked, answer) = (job.clone(), checked.clone(), answer.clone());
        Callback::from(move |()| {
            checked.set(Some(answer.clone()));
            job.start(&Request::Practice {
                id: ex.id.to_string(),
                answer: answer.clone(),
            });
        })
    };
    // a verdict's link (check=1) is checked on opening
    {
        let (run, ready) = (run.clone(), state.check && matches!(local, Some(Ok(_))));
        use_effect_with(ex.id, move |_| {
            if ready {
                run.emit(());
            }
        });
    }
    // a proven answer is recorded once, when its verdict arrives
    {
        let on_solved = props.on_solved.clone();
        use_effect_with((*job).clone(), move |done| {
            if let JobState::Done(CheckDone { report: r, .. }) = done {
                if r.solved {
                    on_solved.emit((r.id.clone(), r.ops));
                }
            }
        });
    }
    let check = {
        let (run, dispatch) = (run.clone(), props.dispatch.clone());
        move || {
            run.emit(());
            dispatch.emit(PracticeAction::Checked);
        }
    };
    let can_check = matches!(local, Some(Ok(_))) && !job.is_running();
    let onclick = {
        let check = check.clone();
        Callback::from(move |_: MouseEvent| check())
    };
    let on_enter = Callback::from(move |()| {
        if can_check {
            check();
        }
    });
    let cancel = {
        let job = job.clone();
        Callback::from(move |_: MouseEvent| job.cancel())
    };
    let hint = props.dispatch.reform(|_: MouseEvent| PracticeAction::Hint);
    let current = checked.as_deref() == Some(answer.as_str());
    html! {
        <div class="cols exercise" data-exercise={ex.id}>
            { task_card(ex, state.hints, props.best, hint) }
            <div class="card answer-card">
                <h3>{ "Your answer" }</h3>
                { answer_field(ex, &answer, &local, &props.dispatch, on_enter) }
                <div class="actions">
                    <button type="button" class="primary practice-check" {onclick} disabled={!can_check}>{ "check" }</button>
                    if job.is_running() {
                        <button type="button" class="practice-cancel" onclick={cancel}>{ "cancel" }</button>
                    }
                </div>
                { verdict_view(&job, current, ex, &answer) }
            </div>
        </div>
    }
}

/// The answer's field, with the rules checked live under it; Enter checks.
fn answer_field(
    ex: &Exercise,
    answer: &str,
    local: &Option<Result<usize, (usize, String)>>,
    dispatch: &Callback<PracticeAction>,
    on_enter: Callback<()>,
) -> Html {
    let oninput = dispatch.reform(|e: InputEvent| PracticeAction::SetAnswer(input_value(&e)));
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" {
            on_enter.emit(());
        }
    });
    let invalid = matches!(local, Some(Err(_)));
    // a float puzzle is answered with a whole C function: a text area, where
    // Enter is a new line
    if c_answer::computes_in_c(ex) {
        let sig = ex.c_signature.unwrap_or("unsigned f(unsigned x)");
        let oninput = dispatch.reform(|e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            PracticeAction::SetAnswer(area.value())
        });
        return html! {
            <div class={classes!("expr-field", invalid.then_some("invalid"))}>
                <label for="practice-answer">{ format!("a C function: {sig} {{ … }}") }</label>
                <textarea id="practice-answer" name="practice-answer" class="c-answer" spellcheck="false" autocomplete="off"
                    value={answer.to_string()} {oninput} aria-invalid={invalid.to_string()} />
                { rules_view(answer, local, ex) }
            </div>
        };
    }
    html! {
        <div class={classes!("expr-field", invalid.then_some("invalid"))}>
            <label for="practice-answer">{ format!("an expression over {}", vars_text(ex)) }</label>
            <input id="practice-answer" name="practice-answer" type="text" spellcheck="false" autocomplete="off"
                value={answer.to_string()} {oninput} {onkeydown} aria-invalid={invalid.to_string()} />
            { rules_view(answer, local, ex) }
        </div>
    }
}

/// "x", "x and y", "x, y and z": the variables of the reference.
fn vars_text(ex: &Exercise) -> String {
    let mut vars = Vec::new();
    if let Ok(tree) = parse(ex.reference, ex.widths[0]) {
        variables(&tree, &mut vars);
    }
    let names: Vec<&str> = vars.iter().map(|v| v.name()).collect();
    match names.as_slice() {
        [] => "x".into(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn task_card(ex: &Exercise, hints: usize, best: Option<usize>, hint: Callback<MouseEvent>) -> Html {
    let widths: Vec<String> = ex.widths.iter().map(|w| format!("{w}")).collect();
    let panel = Panel::from_slug(ex.panel).unwrap_or(Panel::Lab);
    html! {
        <div class="card task-card">
            <h3 class="exercise-title">{ ex.title }</h3>
            <p class="task">{ ex.task }</p>
            <dl class="rules">
                <dt>{ "widths" }</dt><dd>{ format!("{} bits (checked at each)", widths.join(" and ")) }</dd>
                <dt>{ "operators" }</dt><dd class="ops-allowed">{ for ex.operators.iter().map(|op| html! { <code>{ *op }</code> }) }</dd>
                <dt>{ "budget" }</dt><dd class="ops-budget">{ budget_text(ex) }</dd>
                if let Some(max) = ex.max_constant {
                    <dt>{ "constants" }</dt><dd>{ format!("at most {max}") }</dd>
                }
                <dt>{ "explained in" }</dt><dd><a href={format!("#/{}", panel.slug())}>{ panel.title() }</a></dd>
            </dl>
            if let Some(ops) = best {
                <p class="ok solved-before">{ format!("✓ solved in this browser, with {ops} operators") }</p>
            }
            <ol class="hints">{ for ex.hints[..hints.min(ex.hints.len())].iter().map(|h| html! { <li class="hint">{ *h }</li> }) }</ol>
            if hints < ex.hints.len() {
                <button type="button" class="practice-hint" onclick={hint}>{ format!("show a hint ({} of {})", hints + 1, ex.hints.len()) }</button>
            }
        </div>
    }
}

/// "at most 6 operators (the fewest possible is 2)", or "(the best known
/// uses 2)" where no search proved it.
fn budget_text(ex: &Exercise) -> String {
    let f = fewest::fewest(ex);
    let what = if f.proven {
        "the fewest possible is"
    } else {
        "the best known uses"
    };
    format!("at most {} operators ({what} {})", ex.max_ops, f.ops)
}

/// The rules, live: the operator count, or the problem at its column.
fn rules_view(answer: &str, local: &Option<Result<usize, (usize, String)>>, ex: &Exercise) -> Html {
    match local {
        None => html! { <p class="muted">{ "Type an answer; Enter checks it." }</p> },
        Some(Ok(ops)) => {
            html! { <p class="muted ops-count" data-ops={ops.to_string()}>{ format!("{ops} of at most {} operators", ex.max_ops) }</p> }
        }
        Some(Err((column, message))) => caret_error(answer, *column, message.clone()),
    }
}

fn verdict_view(
    job: &JobState<CheckDone>,
    current: bool,
    ex: &'static Exercise,
    answer: &str,
) -> Html {
    let stale = (!current).then_some("The answer changed since its check: check it again.");
    proof_job_view(job, stale, |r| done_view(r, ex, answer))
}

fn done_view(done: &CheckDone, ex: &'static Exercise, answer: &str) -> Html {
    let CheckDone { report: r, seconds } = done;
    if let Some((message, column)) = &r.refused {
        return caret_error(answer, *column as usize, message.clone());
    }
    if let Some((width, d)) = &r.counterexample {
        return wrong_view(*width, d, ex, answer);
    }
    if let Some(why) = &r.not_proven {
        return html! { <p class="verdict not-proven" role="status">{ format!("Not proven within the time budget: {why}. No input tried tells them apart, but that is not a proof.") }</p> };
    }
    let how: Vec<String> = r
        .proofs
        .iter()
        .map(|(w, m)| format!("{w} bits {}", method_text(*m)))
        .collect();
    let panel = Panel::from_slug(ex.panel).unwrap_or(Panel::Lab);
    let compare = fewest::compare_text(ex, r.ops);
    html! {
        <div class="verdict solved" role="status">
            <p class="ok"><strong>{ "✓ Solved. " }</strong>{ format!("Proven equal to the reference: {} ({:.3} s).", how.join("; "), seconds) }</p>
            <p class="verdict-ops">{ format!("{} operators of at most {}; {compare}.", r.ops, r.max_ops) }</p>
            <p><a href={format!("#/{}", panel.slug())} class="explains">{ format!("How the trick works: {}", panel.title()) }</a></p>
        </div>
    }
}

fn method_text(m: Method) -> &'static str {
    match m {
        Method::Exhaustive => "by trying every input",
        Method::Sat => "by the SAT solver (no input makes them differ)",
        Method::Bdd => "by a decision diagram (no input makes them differ)",
        Method::ErrorBound => "by the division's error bound, checked exactly",
        Method::Sampled => "by sampling",
    }
}

/// A counterexample: the inputs, what the answer gave, what was expected,
/// and both sides opened in the Lab on those inputs.
fn wrong_view(width: u32, d: &Difference, ex: &'static Exercise, answer: &str) -> Html {
    let lab = LabState {
        expr: answer.to_string(),
        hidden: Some(ex),
        width,
        x: d.x.0,
        y: d.y.0,
        z: d.z.0,
        step: LAST_STEP,
        ..LabState::default()
    };
    let mut vars = Vec::new();
    if let Ok(tree) = parse(ex.reference, width) {
        variables(&tree, &mut vars);
    }
    let inputs: Vec<String> = vars
        .iter()
        .map(|v| {
            let value = match v {
                Var::X => d.x.0,
                Var::Y => d.y.0,
                Var::Z => d.z.0,
            };
            format!("{} = {value:#x}", v.name())
        })
        .collect();
    html! {
        <div class="verdict wrong" role="status">
            <p class="bad"><strong>{ "✗ Not equal. " }</strong>{ format!("At {width} bits, with {}:", inputs.join(", ")) }</p>
            <dl class="counterexample">
                <dt>{ "your answer gives" }</dt><dd class="mono got">{ d.left.clone() }</dd>
                <dt>{ "expected" }</dt><dd class="mono expected">{ d.right.clone() }</dd>
            </dl>
            <p><a class="to-lab" href={Route::of(&lab).to_hash()}>{ "Step your answer in the Lab on these inputs, beside the reference's values" }</a></p>
        </div>
    }
}
