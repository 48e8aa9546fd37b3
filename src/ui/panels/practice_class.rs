//! A class on a `bitscope class` server, as its link opens it: a student
//! sees the class's puzzles as a group with their own best from the
//! server, opens one, and "check" submits it: the server's verdict and
//! counterexample (the reference never reaches the page). A teacher's key
//! opens the gradebook (`practice_gradebook`).

use super::practice_class_api::{call, class_info, ClassInfo};
use super::practice_gradebook::GradebookView;
use super::practice_puzzle::{lab_c_link, task_card};
use crate::practice::custom::function_text;
use crate::ui::route::Route;
use crate::ui::state::{ClassSeat, PracticeAction, PracticeState};
use serde_json::{json, Value};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct ClassProps {
    pub state: PracticeState,
    pub seat: ClassSeat,
    pub dispatch: Callback<PracticeAction>,
}

/// What the server said, while it is being asked, or why it could not be.
type Loaded<T> = Option<Result<T, String>>;

#[function_component(ClassView)]
pub(super) fn class_view(props: &ClassProps) -> Html {
    let info = use_state(|| None::<Result<ClassInfo, String>>);
    let me = use_state(|| None::<Value>);
    let reload = use_state(|| 0u32);
    {
        let (info, me, seat) = (info.clone(), me.clone(), props.seat.clone());
        use_effect_with((seat.class.clone(), seat.key.clone(), *reload), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let read = class_info(&seat.class, &seat.key).await;
                let teacher = read.as_ref().is_ok_and(|i| i.teacher);
                info.set(Some(read));
                if !teacher {
                    me.set(call(&seat.class, "me", &seat.key, None).await.ok());
                }
            });
        });
    }
    let info: &Loaded<ClassInfo> = &info;
    let info = match info {
        None => {
            return html! { <p class="class-loading" role="status">{ "Asking the class server…" }</p> }
        }
        Some(Err(e)) => {
            return html! { <p class="error-box class-error" role="alert">{ e.clone() }</p> }
        }
        Some(Ok(info)) => info.clone(),
    };
    if info.teacher {
        return html! { <GradebookView seat={props.seat.clone()} info={info} /> };
    }
    let me = (*me).clone().unwrap_or(Value::Null);
    let refresh = {
        let reload = reload.clone();
        Callback::from(move |()| reload.set(*reload + 1))
    };
    match props
        .seat
        .puzzle
        .as_deref()
        .and_then(|p| info.set.puzzles.iter().find(|q| q.name == p))
    {
        Some(p) => html! {
            <SeatPuzzle state={props.state.clone()} seat={props.seat.clone()} text={info.text.clone()}
                puzzle={p.name.clone()} info={info.clone()} me={me} dispatch={props.dispatch.clone()} {refresh} />
        },
        None => class_list(&info, &props.seat, &me),
    }
}

fn seat_link(seat: &ClassSeat, puzzle: Option<&str>) -> String {
    Route::of(&PracticeState {
        seat: Some(ClassSeat {
            puzzle: puzzle.map(String::from),
            ..seat.clone()
        }),
        ..PracticeState::default()
    })
    .to_hash()
}

/// The class's puzzles as a group, each with the student's best.
fn class_list(info: &ClassInfo, seat: &ClassSeat, me: &Value) -> Html {
    let rows = info.set.puzzles.iter().map(|p| {
        let best = &me["best"][&p.name];
        let status = best["status"].as_str().unwrap_or("not tried");
        let ops = best["ops"].as_u64().map(|n| format!(", {n} ops")).unwrap_or_default();
        let mark = if status == "correct" { "✓ " } else { "" };
        html! {
            <li class="class-puzzle" data-status={status.to_string()}>
                <a class="mono" href={seat_link(seat, Some(&p.name))}>{ format!("{mark}{}", p.name) }</a>
                { format!(" — {} ({} pt) · ", p.task, p.rating) }
                <span class="class-best">{ format!("{} of {} pt, {status}{ops}", best["points"].as_u64().unwrap_or(0), p.rating) }</span>
            </li>
        }
    });
    html! {
        <div class="card class-card">
            <h3>{ format!("Class {}", info.name) }</h3>
            <p class="class-who">{ format!("Signed in as {}. Your answers are checked and kept by the class server, so your progress follows you to any device.", info.member) }</p>
            <p class="class-total" data-total={me["total"].to_string()}>{ format!("{} of {} points", me["total"].as_u64().unwrap_or(0), me["max"].as_u64().unwrap_or(0)) }</p>
            <ul class="class-puzzles">{ for rows }</ul>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct SeatProps {
    state: PracticeState,
    seat: ClassSeat,
    text: String,
    puzzle: String,
    info: ClassInfo,
    me: Value,
    dispatch: Callback<PracticeAction>,
    refresh: Callback<()>,
}

/// One puzzle: the task, the answer (the last one sent, else the stub),
/// "check" sends it to the server.
#[function_component(SeatPuzzle)]
fn seat_puzzle(props: &SeatProps) -> Html {
    let verdict = use_state(|| None::<Result<Value, String>>);
    let sending = use_state(|| false);
    let Some(puzzle) = props
        .info
        .set
        .puzzles
        .iter()
        .find(|p| p.name == props.puzzle)
        .cloned()
    else {
        return html! {};
    };
    let last_sent = props.me["submissions"]
        .as_array()
        .and_then(|s| s.iter().rev().find(|s| s["puzzle"] == puzzle.name.as_str()))
        .and_then(|s| s["source"].as_str().map(String::from));
    let answer = if props.state.answer.is_empty() {
        last_sent
            .or_else(|| function_text(&props.text, &puzzle.name))
            .unwrap_or_default()
    } else {
        props.state.answer.clone()
    };
    let onclick = {
        let (verdict, sending, seat, answer, name, refresh) = (
            verdict.clone(),
            sending.clone(),
            props.seat.clone(),
            answer.clone(),
            puzzle.name.clone(),
            props.refresh.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let (verdict, sending, seat, refresh) = (
                verdict.clone(),
                sending.clone(),
                seat.clone(),
                refresh.clone(),
            );
            let body = json!({"puzzle": name, "source": answer}).to_string();
            sending.set(true);
            wasm_bindgen_futures::spawn_local(async move {
                let got = call(&seat.class, "submit", &seat.key, Some(body)).await;
                verdict.set(Some(got));
                sending.set(false);
                refresh.emit(());
            });
        })
    };
    let oninput = props.dispatch.reform(|e: InputEvent| {
        let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
        PracticeAction::SetAnswer(area.value())
    });
    let hint = props.dispatch.reform(|_: MouseEvent| PracticeAction::Hint);
    let best = &props.me["best"][&puzzle.name];
    html! {
        <div class="cols exercise class-exercise" data-puzzle={puzzle.name.clone()}>
            { task_card(&puzzle, props.state.hints, hint) }
            <div class="card answer-card">
                <h3>{ "Your answer" }</h3>
                <label for="class-answer">{ format!("a C function {}", puzzle.signature()) }</label>
                <textarea id="class-answer" class="mono puzzle-answer" rows="8" spellcheck="false"
                    value={answer.clone()} {oninput} />
                <div class="actions">
                    <button type="button" class="primary class-check" {onclick} disabled={*sending}>{ if *sending { "checking…" } else { "check" } }</button>
                    <a class="class-back" href={seat_link(&props.seat, None)}>{ "← the class's puzzles" }</a>
                </div>
                <p class="class-best">{ format!("Your best: {} of {} pt ({}); {} tries.", best["points"].as_u64().unwrap_or(0), puzzle.rating, best["status"].as_str().unwrap_or("not tried"), best["tries"].as_u64().unwrap_or(0)) }</p>
                { match &*verdict {
                    None => html! {},
                    Some(Err(e)) => html! { <p class="verdict bad class-refused" role="alert">{ e.clone() }</p> },
                    Some(Ok(v)) => server_verdict(v, &puzzle.name, &answer),
                } }
            </div>
        </div>
    }
}

/// The server's grade as a verdict.
fn server_verdict(v: &Value, name: &str, answer: &str) -> Html {
    let reason = v["reason"].as_str().unwrap_or_default().to_string();
    let ops = match (v["ops"].as_u64(), v["max_ops"].as_u64()) {
        (Some(n), Some(m)) => format!("{n} of at most {m} operators"),
        _ => String::new(),
    };
    match v["status"].as_str().unwrap_or_default() {
        "correct" => html! {
            <div class="verdict solved" role="status">
                <p class="ok"><strong>{ "✓ Correct. " }</strong>{ format!("Proven equal to the class's reference on every allowed input; {ops}; {} points, kept by the class server.", v["points"]) }</p>
            </div>
        },
        "wrong" => html! {
            <div class="verdict wrong" role="status">
                <p class="bad"><strong>{ "✗ Not equal " }</strong>{ reason }</p>
                <dl class="counterexample">
                    <dt>{ "your answer gives" }</dt><dd class="mono got">{ v["counterexample"]["got"].as_str().unwrap_or_default().to_string() }</dd>
                    <dt>{ "expected" }</dt><dd class="mono expected">{ v["counterexample"]["expected"].as_str().unwrap_or_default().to_string() }</dd>
                </dl>
                <p><a class="to-lab" href={lab_link(name, answer, &v["counterexample"]["args"])}>{ "Step your function in the Lab on these arguments" }</a></p>
            </div>
        },
        "rules" => {
            html! { <p class="verdict bad rules" role="status"><strong>{ "✗ Breaks a rule: " }</strong>{ reason }</p> }
        }
        _ => html! { <p class="verdict bad" role="status"><strong>{ "✗ " }</strong>{ reason }</p> },
    }
}

/// The Lab in C mode on the student's function at the counterexample's
/// arguments (the expected value is the verdict's: the reference stays on
/// the server).
fn lab_link(name: &str, answer: &str, args: &Value) -> String {
    let args: Vec<(String, String)> = args
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string()))
                .collect()
        })
        .unwrap_or_default();
    lab_c_link(answer, name, args, String::new())
}
