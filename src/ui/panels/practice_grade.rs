//! The "Grade a file" card: a data-lab puzzle set, its reference and a
//! student's file pasted as text, graded exactly in the Web Worker
//! ([`Request::Grade`], progress and cancel), shown as the CLI's table: one
//! row a puzzle (status, operators, points, and why), then the total. Each
//! row opens that puzzle with the student's answer; a wrong one opens its
//! counterexample in the Lab.

use super::practice_puzzle::{lab_c_link, with_line};
use super::practice_sets::{file_list, file_text};
use crate::practice::custom::{function_text, SetSource};
use crate::practice::grade::{Counterexample, Status};
use crate::ui::components::proof_job_view;
use crate::ui::hooks::use_worker_job;
use crate::ui::route::Route;
use crate::ui::state::{PracticeState, SetPuzzle};
use crate::ui::worker::{GradeDone, GradeRow, Request};
use yew::prelude::*;

const BOXES: [(&str, &str); 3] = [
    (
        "grade-puzzles",
        "The puzzle set (a data-lab bits.c with its comment blocks)",
    ),
    ("grade-reference", "The reference answers"),
    ("grade-student", "The student's file"),
];

#[function_component(GradeCard)]
pub(super) fn grade_card() -> Html {
    let job = use_worker_job::<GradeDone>();
    let texts = use_state(|| [String::new(), String::new(), String::new()]);
    let grade = {
        let (job, texts) = (job.clone(), texts.clone());
        Callback::from(move |_: MouseEvent| {
            let [puzzles, reference, student] = (*texts).clone();
            job.start(&Request::Grade {
                puzzles,
                reference,
                student,
            });
        })
    };
    let cancel = {
        let job = job.clone();
        Callback::from(move |_: MouseEvent| job.cancel())
    };
    let boxes = BOXES.iter().enumerate().map(|(i, (class, label))| {
        let value = texts[i].clone();
        let texts_now = texts.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            let mut next = (*texts_now).clone();
            next[i] = area.value();
            texts_now.set(next);
        });
        // a file dropped on a box: its text in the box
        let ondrop = {
            let texts = texts.clone();
            Callback::from(move |e: DragEvent| {
                let Some(file) = file_list(e.data_transfer().and_then(|d| d.files()))
                    .into_iter()
                    .next()
                else {
                    return;
                };
                e.prevent_default();
                let texts = texts.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    if let Ok(text) = file_text(file).await {
                        let mut next = (*texts).clone();
                        next[i] = text;
                        texts.set(next);
                    }
                });
            })
        };
        html! {
            <label class="grade-box">
                <span>{ *label }</span>
                <textarea class={classes!("mono", *class)} rows="8" spellcheck="false"
                    {value} {oninput} {ondrop} placeholder="paste, or drop the file here" />
            </label>
        }
    });
    let ready = texts.iter().all(|t| !t.trim().is_empty()) && !job.is_running();
    html! {
        <div class="card grade-card" data-local="pasted files">
            <h3>{ "Grade a file" }</h3>
            <p class="muted">{ "Paste a data-lab puzzle set, its reference answers and a student's file: each puzzle is checked against its rules, then proven equal to the reference on every allowed input, or shown wrong with a counterexample." }</p>
            { for boxes }
            <div class="actions">
                <button type="button" class="primary grade-run" onclick={grade} disabled={!ready}>{ "grade" }</button>
                if job.is_running() {
                    <button type="button" class="grade-cancel" onclick={cancel}>{ "cancel" }</button>
                }
            </div>
            { proof_job_view(&job, None, |done| table(done, &texts)) }
        </div>
    }
}

/// The grade table and its total.
fn table(done: &GradeDone, texts: &[String; 3]) -> Html {
    let [puzzles, reference, student] = texts.clone();
    let set = SetSource {
        name: "graded".into(),
        puzzles,
        reference,
    };
    html! {
        <div class="grade-result" role="status">
            <table class="grade-table">
                <thead><tr>
                    <th>{ "puzzle" }</th><th>{ "status" }</th><th>{ "ops / max" }</th>
                    <th>{ "points" }</th><th>{ "reason" }</th>
                </tr></thead>
                <tbody>{ for done.rows.iter().map(|r| row(r, &set, &student)) }</tbody>
                <tfoot><tr class="grade-total">
                    <th colspan="3">{ "total" }</th>
                    <td class="grade-score">{ format!("{}/{}", done.score, done.max) }</td>
                    <td class="muted">{ format!("graded in {:.2} s", done.seconds) }</td>
                </tr></tfoot>
            </table>
        </div>
    }
}

fn row(r: &GradeRow, set: &SetSource, student: &str) -> Html {
    let ops = r.ops.map_or_else(|| "-".to_string(), |n| n.to_string());
    let answer = function_text(student, &r.name).unwrap_or_default();
    html! {
        <tr data-puzzle={r.name.clone()} data-status={r.status.name()} class={classes!("grade-row", r.status.name())}>
            <td class="mono">{ r.name.clone() }</td>
            <td class="grade-status">{ r.status.name() }</td>
            <td>{ format!("{ops} / {}", r.max_ops) }</td>
            <td class="grade-points">{ format!("{}/{}", r.points, r.rating) }</td>
            <td class="grade-reason">{ reason(r) }{ links(r, set, &answer) }</td>
        </tr>
    }
}

/// The counterexample (arguments, the answer's value, the reference's) or
/// the broken rule with its line (the library's reason already names a
/// counterexample's inputs and values: then they are not repeated).
fn reason(r: &GradeRow) -> Html {
    let head = html! { <span>{ with_line(&r.reason, r.line) }</span> };
    match &r.counterexample {
        Some(Counterexample {
            args,
            got,
            expected,
            ..
        }) if !r.reason.contains(got.as_str()) => {
            let args: Vec<String> = args.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            html! {
                <>
                    { head }
                    <div class="grade-cx mono">
                        { format!("with {}: gives {got}, expected {expected}", args.join(", ")) }
                    </div>
                </>
            }
        }
        _ => head,
    }
}

/// The row's puzzle opened with the student's answer (packed in the
/// link, reference and all: a teacher's link), and a wrong answer's
/// counterexample in the Lab (the student's function alone).
fn links(r: &GradeRow, set: &SetSource, answer: &str) -> Html {
    let Some(data) = crate::practice::link::pack(set, &r.name) else {
        return html! {};
    };
    let open = Route::of(&PracticeState {
        custom: Some(SetPuzzle::Packed {
            data,
            puzzle: r.name.clone(),
        }),
        answer: answer.to_string(),
        ..PracticeState::default()
    });
    let args = r.counterexample.as_ref().map(|c| c.args.clone());
    html! {
        <div class="grade-links">
            <a class="grade-open" href={open.to_hash()}>{ "open this answer" }</a>
            if let (Some(args), Status::Wrong) = (args, r.status) {
                { " · " }<a class="grade-lab" href={lab_c_link(answer, &r.name, args, String::new())}>{ "its counterexample in the Lab" }</a>
            }
        </div>
    }
}
