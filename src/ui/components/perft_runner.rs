//! `PerftRunner`: CPU perft of a position in Web Workers, one per core by
//! default (the root moves shared out), with progress added up, cancel, the
//! divide table and nodes/s.

use super::events::on_select;
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::worker::{prewarm_n, worker_count, PerftResult, Request};
use yew::prelude::*;

pub use crate::ui::state::MAX_BROWSER_DEPTH;

#[derive(Properties, PartialEq)]
pub struct PerftRunnerProps {
    pub fen: AttrValue,
    pub depth: u32,
    pub on_depth: Callback<u32>,
}

#[function_component(PerftRunner)]
pub fn perft_runner(props: &PerftRunnerProps) -> Html {
    let job = use_worker_job::<PerftResult>();
    let cores = worker_count();
    let workers = use_state(|| cores);
    use_effect_with(*workers, |&n| prewarm_n(n));

    // A new position or depth: stop what runs and forget the old result.
    {
        let job = job.clone();
        use_effect_with((props.fen.clone(), props.depth), move |_| job.reset());
    }

    let run = {
        let job = job.clone();
        let request = Request::perft(props.fen.to_string(), props.depth);
        let n = *workers;
        Callback::from(move |_: MouseEvent| job.start_on(&request, n))
    };
    let on_workers = {
        let workers = workers.clone();
        on_select(&Callback::from(move |n| workers.set(n)), |v| v.parse().ok())
    };
    let cancel = {
        let job = job.clone();
        Callback::from(move |_: MouseEvent| job.cancel())
    };
    let on_depth = on_select(&props.on_depth, |v| v.parse().ok());
    let running = job.is_running();

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
                <label>{ "workers " }
                    <select class="perft-workers" data-local="this machine's cores" onchange={on_workers} disabled={running}
                        title={format!("this browser reports {cores} cores")}>
                        { for (1..=cores).map(|n| html! {
                            <option value={n.to_string()} selected={n == *workers}>{ n }</option>
                        }) }
                    </select>
                </label>
                <button type="button" class="primary perft-run" onclick={run} disabled={running}>{ "run perft" }</button>
                <button type="button" class="perft-cancel" onclick={cancel} disabled={!running}>{ "cancel" }</button>
            </div>
            { job_view(&job, *workers) }
        </div>
    }
}

/// The job's state: what it will do, its progress, its result with the
/// divide, or why it stopped.
fn job_view(job: &JobState<PerftResult>, workers: u32) -> Html {
    match job {
        JobState::Idle => {
            html! { <p class="muted">{ format!("Runs in Web Workers ({} here, the root moves shared out): the page stays responsive, and cancel stops them all at once.", workers) }</p> }
        }
        JobState::Running(progress) => {
            let (done, total, label, elapsed) = (
                progress.done,
                progress.total,
                &progress.label,
                progress.elapsed,
            );
            html! {
            <div class="perft-progress">
                <progress max={total.max(1.0).to_string()} value={done.to_string()}></progress>
                <div class="stats">
                    <span>{ format!("root moves {done} / {total}") }</span>
                    <span>{ format!("last: {label}") }</span>
                    <span>{ format!("{elapsed:.1} s") }</span>
                </div>
            </div>
            }
        }
        JobState::Done(PerftResult {
            nodes,
            seconds,
            divide,
        }) => html! {
            <div class="perft-done">
                <div class="stats">
                    <span>{ "nodes " }<strong class="perft-nodes">{ (*nodes as u64).to_string() }</strong></span>
                    <span>{ format!("time {seconds:.3} s") }</span>
                    <span class="perft-nps">{ format!("{:.1} M nodes/s", if *seconds > 0.0 { nodes / seconds / 1e6 } else { 0.0 }) }</span>
                    <span class="perft-workers-used">{ format!("{} worker(s)", workers) }</span>
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
        JobState::Cancelled => html! { <p class="muted perft-cancelled">{ "Cancelled." }</p> },
        JobState::Failed(msg) => html! { <p class="error-box">{ msg.clone() }</p> },
    }
}
