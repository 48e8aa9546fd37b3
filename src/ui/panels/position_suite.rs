//! The Position panel's "run a suite" card: paste a perft suite in EPD
//! (`FEN ;D1 20 ;D2 400 ...`), run it on the worker pool with progress and
//! cancel, see every line ok or FAIL (mismatches in red), click a line to
//! open its position. `chess::suite` reads the lines and adds them up.

use crate::chess::suite::{parse_suite, LineError, LineResult, Summary};
use crate::ui::components::on_select;
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::worker::{prewarm_n, worker_count, Request, SuiteResult};
use yew::prelude::*;

/// The classic 126-position suite (ROCE / CPW perftsuite.epd).
const CLASSIC: &str = include_str!("../../../tests/data/perftsuite.epd");

/// Node budgets per count offered in the page.
const BUDGETS: [u64; 4] = [10_000, 100_000, 1_000_000, 10_000_000];

#[derive(Properties, PartialEq)]
pub(super) struct SuiteCardProps {
    /// Opens a line's position (its FEN).
    pub open: Callback<String>,
}

#[function_component(SuiteCard)]
pub(super) fn suite_card(props: &SuiteCardProps) -> Html {
    let text = use_state(String::new);
    let budget = use_state(|| 100_000u64);
    let job = use_worker_job::<SuiteResult>();
    // the text of the run shown: its unreadable lines go in its summary
    let ran = use_state(String::new);
    let workers = worker_count();
    use_effect_with(workers, |&n| prewarm_n(n));
    let (lines, bad) = parse_suite(&text);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            text.set(area.value());
        })
    };
    let load = {
        let text = text.clone();
        Callback::from(move |_: MouseEvent| text.set(CLASSIC.to_string()))
    };
    let on_budget = {
        let budget = budget.clone();
        on_select(&Callback::from(move |b| budget.set(b)), |v| v.parse().ok())
    };
    let run = {
        let (job, text, ran, budget) = (job.clone(), text.clone(), ran.clone(), *budget);
        Callback::from(move |_: MouseEvent| {
            ran.set((*text).clone());
            let request = Request::Suite {
                text: (*text).clone(),
                max_nodes: budget as f64,
                part: 0,
                parts: 1,
            };
            job.start_on(&request, workers);
        })
    };
    let cancel = {
        let job = job.clone();
        Callback::from(move |_: MouseEvent| job.cancel())
    };
    let running = job.is_running();
    let no_lines = lines.is_empty();
    html! {
        <div class="card suite">
            <h3>{ "Run a perft suite" }</h3>
            <p class="muted">{ "One position a line in EPD: FEN ;D1 20 ;D2 400 … Each line's depths run up to the node budget, on every worker; a line that cannot be read is named and the others still run." }</p>
            <textarea id="suite-text" class="suite-text" data-local="a pasted suite" rows="6" spellcheck="false" value={(*text).clone()} {oninput}
                aria-invalid={(!bad.is_empty()).to_string()}
                placeholder="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902" />
            { for bad.iter().map(|b| html! {
                <p class="field-error suite-error" role="alert" data-error-for="suite-text">{ format!("line {}: {}", b.line, b.error) }</p>
            }) }
            <div class="row">
                <button type="button" class="suite-load" onclick={load}>{ "load the classic 126-position suite" }</button>
                <label>{ "nodes per count at most " }
                    <select class="suite-budget" data-local="a run's budget" onchange={on_budget} disabled={running}>
                        { for BUDGETS.iter().map(|&b| html! {
                            <option value={b.to_string()} selected={b == *budget}>{ b.to_string() }</option>
                        }) }
                    </select>
                </label>
                <button type="button" class="primary suite-run" onclick={run} disabled={running || no_lines}>{ format!("run {} positions", lines.len()) }</button>
                <button type="button" class="suite-cancel" onclick={cancel} disabled={!running}>{ "cancel" }</button>
            </div>
            { match &*job {
                JobState::Idle => html! {},
                JobState::Running(p) => html! {
                    <div class="suite-progress">
                        <progress max={p.total.max(1.0).to_string()} value={p.done.to_string()}></progress>
                        <span class="stats">{ format!("{} of {} counts, {}, {:.1} s", p.done, p.total, p.label, p.elapsed) }</span>
                    </div>
                },
                JobState::Done(r) => {
                    let (_, bad) = parse_suite(&ran);
                    results(r, &bad, &props.open)
                }
                JobState::Cancelled => html! { <p class="muted suite-cancelled">{ "Cancelled." }</p> },
                JobState::Failed(e) => html! { <p class="error-box">{ e.clone() }</p> },
            } }
        </div>
    }
}

fn counts(r: &LineResult) -> String {
    r.depths
        .iter()
        .map(|d| match d.counted {
            None => format!("D{} skipped", d.depth),
            Some(n) if d.ok => format!("D{} {n}", d.depth),
            Some(n) => format!("D{} {n} (expected {})", d.depth, d.expected),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The summary and one row per line, failures in red; a click opens it.
fn results(r: &SuiteResult, bad: &[LineError], open: &Callback<String>) -> Html {
    let s = Summary::new(&r.lines, bad);
    let verdict = if s.all_agree {
        "all agree".to_string()
    } else if s.failed.is_empty() {
        format!("{} line(s) unreadable", s.unreadable.len())
    } else {
        format!(
            "FAILED on line {}",
            s.failed
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    html! {
        <div class="suite-done">
            <p class={classes!("stats", "suite-summary", if s.all_agree { "ok" } else { "bad" })}>
                <span>{ format!("{} positions, {} counts checked ({} over the budget skipped)", s.positions, s.counts_checked, s.counts_skipped) }</span>
                <span>{ format!("{} nodes in {:.2} s", s.speed.nodes, r.seconds) }</span>
                <strong class="suite-verdict">{ verdict }</strong>
            </p>
            <div class="table-scroll">
            <table class="data suite-lines">
                <thead><tr><th>{ "line" }</th><th>{ "" }</th><th>{ "counts" }</th><th>{ "time" }</th><th>{ "FEN" }</th></tr></thead>
                <tbody>
                    { for r.lines.iter().map(|l| {
                        let fen = l.fen.clone();
                        html! {
                            <tr class={classes!("suite-line", if l.ok { "ok" } else { "fail" })} data-line={l.line.to_string()}
                                title="open this position" onclick={open.reform(move |_: MouseEvent| fen.clone())}>
                                <td class="num">{ l.line }</td>
                                <td>{ if l.ok { "ok" } else { "FAIL" } }</td>
                                <td class="mono">{ counts(l) }</td>
                                <td class="num">{ format!("{:.3} s", l.speed.seconds) }</td>
                                <td class="mono">{ l.fen.clone() }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            </div>
        </div>
    }
}
