//! `PerftRunner`: CPU perft of a position in a Web Worker, with progress,
//! cancel, the divide table and nodes/s.

use crate::ui::worker::{Job, Request, WorkerEvent};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PerftRunnerProps {
    pub fen: AttrValue,
    pub depth: u32,
    pub on_depth: Callback<u32>,
    /// Told the result when a run finishes (nodes, seconds).
    #[prop_or_default]
    pub on_done: Option<Callback<(u64, f64)>>,
}

#[derive(Clone, PartialEq)]
enum State {
    Idle,
    Running {
        done: f64,
        total: f64,
        label: String,
        elapsed: f64,
    },
    Done {
        nodes: f64,
        seconds: f64,
        divide: Vec<(String, f64)>,
    },
    Cancelled,
    Failed(String),
}

/// Deepest depth offered (the browser can do more, but a tab should answer
/// in seconds).
pub const MAX_BROWSER_DEPTH: u32 = 7;

#[function_component(PerftRunner)]
pub fn perft_runner(props: &PerftRunnerProps) -> Html {
    let state = use_state(|| State::Idle);
    let job: Rc<RefCell<Option<Job>>> = use_mut_ref(|| None);
    use_effect_with((), |_| crate::ui::worker::prewarm());

    // A new position or depth: stop what runs and forget the old result.
    {
        let state = state.clone();
        let job = job.clone();
        use_effect_with((props.fen.clone(), props.depth), move |_| {
            job.borrow_mut().take();
            state.set(State::Idle);
        });
    }

    let run = {
        let state = state.clone();
        let job = job.clone();
        let fen = props.fen.to_string();
        let depth = props.depth;
        let on_done = props.on_done.clone();
        Callback::from(move |_: MouseEvent| {
            let events = {
                let state = state.clone();
                let job = job.clone();
                let on_done = on_done.clone();
                Callback::from(move |event: WorkerEvent| match event {
                    WorkerEvent::Progress {
                        done,
                        total,
                        label,
                        elapsed,
                    } => state.set(State::Running {
                        done,
                        total,
                        label,
                        elapsed,
                    }),
                    WorkerEvent::PerftDone {
                        nodes,
                        seconds,
                        divide,
                    } => {
                        if let Some(j) = job.borrow_mut().take() {
                            j.release();
                        }
                        if let Some(cb) = &on_done {
                            cb.emit((nodes as u64, seconds));
                        }
                        state.set(State::Done {
                            nodes,
                            seconds,
                            divide,
                        });
                    }
                    WorkerEvent::Error { message } => {
                        job.borrow_mut().take();
                        state.set(State::Failed(message));
                    }
                    _ => {}
                })
            };
            let request = Request::Perft {
                fen: fen.clone(),
                depth,
            };
            match Job::start(&request, events) {
                Ok(j) => {
                    *job.borrow_mut() = Some(j);
                    state.set(State::Running {
                        done: 0.0,
                        total: 0.0,
                        label: "starting the worker".into(),
                        elapsed: 0.0,
                    });
                }
                Err(e) => state.set(State::Failed(e)),
            }
        })
    };
    let cancel = {
        let state = state.clone();
        let job = job.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(j) = job.borrow_mut().take() {
                j.cancel();
            }
            crate::ui::worker::prewarm();
            state.set(State::Cancelled);
        })
    };
    let on_depth = {
        let cb = props.on_depth.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(d) = select.value().parse() {
                cb.emit(d);
            }
        })
    };
    let running = matches!(*state, State::Running { .. });

    let body = match &*state {
        State::Idle => {
            html! { <p class="muted">{ "Runs in a Web Worker: the page stays responsive, and cancel stops it at once." }</p> }
        }
        State::Running {
            done,
            total,
            label,
            elapsed,
        } => html! {
            <div class="perft-progress">
                <progress max={total.max(1.0).to_string()} value={done.to_string()}></progress>
                <div class="stats">
                    <span>{ format!("root moves {done} / {total}") }</span>
                    <span>{ format!("last: {label}") }</span>
                    <span>{ format!("{elapsed:.1} s") }</span>
                </div>
            </div>
        },
        State::Done {
            nodes,
            seconds,
            divide,
        } => html! {
            <div class="perft-done">
                <div class="stats">
                    <span>{ "nodes " }<strong class="perft-nodes">{ (*nodes as u64).to_string() }</strong></span>
                    <span>{ format!("time {seconds:.3} s") }</span>
                    <span class="perft-nps">{ format!("{:.1} M nodes/s", if *seconds > 0.0 { nodes / seconds / 1e6 } else { 0.0 }) }</span>
                </div>
                if !divide.is_empty() {
                    <details open={divide.len() <= 48}>
                        <summary>{ format!("divide: {} root moves", divide.len()) }</summary>
                        <table class="data divide">
                            <thead><tr><th>{ "move" }</th><th>{ "nodes" }</th></tr></thead>
                            <tbody>
                                { for divide.iter().map(|(m, n)| html! {
                                    <tr><td class="mono">{ m.clone() }</td><td class="num">{ (*n as u64).to_string() }</td></tr>
                                }) }
                            </tbody>
                        </table>
                    </details>
                }
            </div>
        },
        State::Cancelled => html! { <p class="muted perft-cancelled">{ "Cancelled." }</p> },
        State::Failed(msg) => html! { <p class="error-box">{ msg.clone() }</p> },
    };

    html! {
        <div class="perft-runner">
            <div class="row">
                <label>{ "depth " }
                    <select class="perft-depth" onchange={on_depth} disabled={running}>
                        { for (1..=MAX_BROWSER_DEPTH).map(|d| html! {
                            <option value={d.to_string()} selected={d == props.depth}>{ d }</option>
                        }) }
                    </select>
                </label>
                <button type="button" class="primary perft-run" onclick={run} disabled={running}>{ "run perft" }</button>
                <button type="button" class="perft-cancel" onclick={cancel} disabled={!running}>{ "cancel" }</button>
            </div>
            { body }
        </div>
    }
}
