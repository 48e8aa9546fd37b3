//! One puzzle of a teacher's set: its task, examples and rules (read from
//! its data-lab block), hints one at a time, the answer as a C function
//! (the stub to start from), and the check: the set's rules, then a proof
//! against the reference within `Assume:`, in the Web Worker (the grader of
//! "Grade a file", on this one puzzle). A wrong answer's counterexample
//! opens both functions in the Lab on its arguments.

use super::practice_sets::{record_solved, stored_sets};
use crate::practice::custom::{function_text, SetSource};
use crate::practice::grade::Status;
use crate::practice::link::unpack;
use crate::practice::sets::Puzzle;
use crate::ui::components::proof_job_view;
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::route::Route;
use crate::ui::state::{CodeState, LabMode, LabState, PracticeAction, PracticeState, SetPuzzle};
use crate::ui::worker::{GradeDone, GradeRow, Request};
use yew::prelude::*;

/// The set a puzzle is from: stored in this browser, or in the link.
fn source(p: &SetPuzzle) -> Result<SetSource, String> {
    match p {
        SetPuzzle::Stored { set, .. } => stored_sets()
            .into_iter()
            .find(|s| &s.name == set)
            .ok_or_else(|| "this set is not loaded in this browser".into()),
        SetPuzzle::Linked {
            puzzles, reference, ..
        } => Ok(SetSource {
            name: "linked".into(),
            puzzles: puzzles.clone(),
            reference: reference.clone(),
        }),
        SetPuzzle::Packed { data, .. } => unpack(data).map_err(|e| e.to_string()),
    }
}

/// The note on a link that carries the reference (a student could read
/// it); none for a set loaded in this browser.
fn link_note(p: &SetPuzzle) -> Html {
    if matches!(p, SetPuzzle::Stored { .. }) {
        return html! {};
    }
    html! { <p class="note link-carries" role="note">{ "This link carries the answer, so that it checks in any browser: to keep it hidden, run a class server (bitscope class)." }</p> }
}

/// The worker's grading of one puzzle's answer.
fn grade_request(source: &SetSource, name: &str, answer: &str) -> Request {
    Request::Grade {
        puzzles: source.puzzle_text(name).unwrap_or_default(),
        reference: source.reference.clone(),
        student: answer.to_string(),
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct PuzzleProps {
    pub state: PracticeState,
    pub which: SetPuzzle,
    pub dispatch: Callback<PracticeAction>,
}

/// A correct answer is recorded once, when its verdict arrives, in the
/// set it is from where that set is loaded (a packed link names its set).
#[hook]
fn use_solved_recorded(which: SetPuzzle, done: JobState<GradeDone>) {
    use_effect_with(done, move |done| {
        let JobState::Done(g) = done else { return };
        if !g.rows.first().is_some_and(|r| r.status == Status::Correct) {
            return;
        }
        let set = match &which {
            SetPuzzle::Stored { set, .. } => Some(set.clone()),
            SetPuzzle::Packed { data, .. } => unpack(data).ok().map(|s| s.name),
            SetPuzzle::Linked { .. } => None,
        };
        if let Some(set) = set.filter(|s| stored_sets().iter().any(|t| &t.name == s)) {
            record_solved(&set, which.puzzle());
        }
    });
}

#[function_component(PuzzleView)]
pub(super) fn puzzle_view(props: &PuzzleProps) -> Html {
    let job = use_worker_job::<GradeDone>();
    let checked = use_state(|| None::<String>);
    let set = use_memo(props.which.clone(), |w| {
        let s = source(w)?;
        let read = s.read().map_err(|e| e.to_string())?;
        let puzzle = read.puzzles.into_iter().find(|p| p.name == w.puzzle());
        puzzle
            .map(|p| (s, p))
            .ok_or_else(|| format!("the set has no puzzle `{}`", w.puzzle()))
    });
    let (source, puzzle) = match &*set {
        Ok(pair) => pair.clone(),
        Err(e) => {
            return html! { <p class="error-box puzzle-missing" role="alert">{ e.clone() }</p> }
        }
    };
    let answer = if props.state.answer.is_empty() {
        function_text(&source.puzzles, &puzzle.name).unwrap_or_default()
    } else {
        props.state.answer.clone()
    };
    let run = {
        let (job, checked, answer, source, name) = (
            job.clone(),
            checked.clone(),
            answer.clone(),
            source.clone(),
            puzzle.name.clone(),
        );
        Callback::from(move |()| {
            checked.set(Some(answer.clone()));
            job.start(&grade_request(&source, &name, &answer));
        })
    };
    // a verdict's link (check=1) is checked on opening
    {
        let (run, check) = (run.clone(), props.state.check);
        use_effect_with(props.which.clone(), move |_| {
            if check {
                run.emit(());
            }
        });
    }
    use_solved_recorded(props.which.clone(), (*job).clone());
    let onclick = {
        let (run, dispatch) = (run.clone(), props.dispatch.clone());
        Callback::from(move |_: MouseEvent| {
            run.emit(());
            dispatch.emit(PracticeAction::Checked);
        })
    };
    let oninput = props.dispatch.reform(|e: InputEvent| {
        let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
        PracticeAction::SetAnswer(area.value())
    });
    let hint = props.dispatch.reform(|_: MouseEvent| PracticeAction::Hint);
    let current = checked.as_deref() == Some(answer.as_str());
    let stale = (!current).then_some("The answer changed since its check: check it again.");
    html! {
        <>
        { link_note(&props.which) }
        <div class="cols exercise set-puzzle" data-puzzle={puzzle.name.clone()}>
            { task_card(&puzzle, props.state.hints, hint) }
            <div class="card answer-card">
                <h3>{ "Your answer" }</h3>
                <label for="puzzle-answer">{ format!("a C function {}", puzzle.signature()) }</label>
                <textarea id="puzzle-answer" class="mono puzzle-answer" rows="8" spellcheck="false"
                    value={answer.clone()} {oninput} />
                <div class="actions">
                    <button type="button" class="primary puzzle-check" {onclick} disabled={job.is_running()}>{ "check" }</button>
                </div>
                { proof_job_view(&job, stale, |g| verdict(g, &source, &puzzle, &answer)) }
            </div>
        </div>
        </>
    }
}

pub(super) fn task_card(p: &Puzzle, hints: usize, hint: Callback<MouseEvent>) -> Html {
    let shown = hints.min(p.hints.len());
    html! {
        <div class="card task-card">
            <h3 class="exercise-title mono">{ p.name.clone() }</h3>
            <p class="task">{ p.task.clone() }</p>
            <ul class="examples">{ for p.examples.iter().map(|e| html! { <li class="mono">{ e.clone() }</li> }) }</ul>
            <dl class="rules">
                <dt>{ "operators" }</dt><dd class="ops-allowed">{ for p.legal_ops.iter().map(|op| html! { <code>{ op.clone() }</code> }) }</dd>
                <dt>{ "budget" }</dt><dd class="ops-budget">{ format!("at most {} operators", p.max_ops) }</dd>
                <dt>{ "constants" }</dt><dd>{ if p.any_integer { "any int or unsigned; int and unsigned locals".to_string() } else { format!("0 to {}", p.max_constant) } }</dd>
                <dt>{ "control" }</dt><dd>{ if p.control { "if, loops, ?:, && and || allowed" } else { "none: no if, loops, ?:, && or ||" } }</dd>
                if !p.assume.is_empty() {
                    <dt>{ "assume" }</dt><dd class="mono">{ p.assume.join(", ") }</dd>
                }
                <dt>{ "points" }</dt><dd>{ p.rating }</dd>
            </dl>
            <ol class="hints">{ for p.hints[..shown].iter().map(|h| html! { <li class="hint">{ h.clone() }</li> }) }</ol>
            if shown < p.hints.len() {
                <button type="button" class="practice-hint" onclick={hint}>{ format!("show a hint ({} of {})", shown + 1, p.hints.len()) }</button>
            }
        </div>
    }
}

/// The one row of the grade, as a verdict.
fn verdict(g: &GradeDone, source: &SetSource, p: &Puzzle, answer: &str) -> Html {
    let Some(r) = g.rows.first() else {
        return html! {};
    };
    let ops = r
        .ops
        .map(|n| format!("{n} of at most {} operators", r.max_ops))
        .unwrap_or_default();
    let reason = with_line(&r.reason, r.line);
    match r.status {
        Status::Correct => html! {
            <div class="verdict solved" role="status">
                <p class="ok"><strong>{ "✓ Correct. " }</strong>{ format!("Proven equal to the reference on every allowed input; {ops} ({:.2} s).", g.seconds) }</p>
            </div>
        },
        Status::Wrong => html! {
            <div class="verdict wrong" role="status">
                <p class="bad"><strong>{ "✗ Not equal " }</strong>{ r.reason.clone() }</p>
                if let Some(c) = &r.counterexample {
                    <dl class="counterexample">
                        <dt>{ "your answer gives" }</dt><dd class="mono got">{ c.got.clone() }</dd>
                        <dt>{ "expected" }</dt><dd class="mono expected">{ c.expected.clone() }</dd>
                    </dl>
                }
                <p><a class="to-lab" href={lab_link(source, p, answer, r, false)}>{ "Step your function in the Lab on these arguments" }</a></p>
                <details class="show-reference">
                    <summary>{ "show the reference" }</summary>
                    <pre class="mono reference-text">{ function_text(&source.reference, &p.name).unwrap_or_default() }</pre>
                    <a class="to-lab-both" href={lab_link(source, p, answer, r, true)}>{ "Step both functions in the Lab on these arguments" }</a>
                </details>
            </div>
        },
        Status::Rules => {
            html! { <p class="verdict bad rules" role="status"><strong>{ "✗ Breaks a rule: " }</strong>{ reason }</p> }
        }
        Status::NotProven => {
            html! { <p class="verdict not-proven" role="status">{ format!("Not proven: {}", r.reason) }</p> }
        }
        Status::Error => {
            html! { <p class="verdict bad" role="status"><strong>{ "✗ " }</strong>{ reason }</p> }
        }
    }
}

/// The Lab in C mode: the answer, the reference to compare with (only
/// with `with_reference`: after "show the reference"), and the
/// counterexample's arguments.
pub fn lab_link(
    source: &SetSource,
    p: &Puzzle,
    answer: &str,
    r: &GradeRow,
    with_reference: bool,
) -> String {
    let args = r
        .counterexample
        .as_ref()
        .map_or_else(Vec::new, |c| c.args.clone());
    let cmp = if with_reference {
        function_text(&source.reference, &p.name).unwrap_or_default()
    } else {
        String::new()
    };
    lab_c_link(answer, &p.name, args, cmp)
}

/// The Lab in C mode on function `func` of `src` at `args` (by name),
/// compared with `cmp` ("": nothing).
pub fn lab_c_link(src: &str, func: &str, mut args: Vec<(String, String)>, cmp: String) -> String {
    args.sort();
    let lab = LabState {
        mode: LabMode::C,
        code: CodeState {
            src: src.to_string(),
            func: Some(func.to_string()),
            args,
            cmp,
        },
        ..LabState::default()
    };
    Route::of(&lab).to_hash()
}

/// A grade's reason with its line, said once: the grader's reasons for a
/// rule or a parse error already begin with `line N:`.
pub(super) fn with_line(reason: &str, line: Option<u32>) -> String {
    match line {
        Some(l) if !reason.starts_with("line ") => format!("{reason} (line {l})"),
        _ => reason.to_string(),
    }
}
