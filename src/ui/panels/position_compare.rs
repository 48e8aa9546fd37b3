//! The Position panel's "compare divide" card: paste another engine's
//! divide of the position shown, compute ours on the workers, and see the
//! rows side by side with the differing ones highlighted. Clicking a row
//! descends one ply (the move joins the URL's `path`, the depth drops by
//! one); the breadcrumbs go back up. `chess::compare` reads and compares.

use crate::chess::compare::{compare, compare_command, parse_divide, Comparison, TheirDivide};
use crate::chess::Setup;
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::state::{PositionAction as Action, PositionState};
use crate::ui::worker::{worker_count, DepthHintDone, PerftResult, Request};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct CompareCardProps {
    /// The position at the end of the path.
    pub setup: Setup,
    pub state: PositionState,
    pub dispatch: Callback<Action>,
}

/// The depth a pasted total is (in the worker: it runs perft up to depth
/// 5): (that depth, our total there, theirs).
#[hook]
fn use_depth_hint(fen: String, their_total: Option<u64>) -> Option<(u32, u64, u64)> {
    let hint_job = use_worker_job::<DepthHintDone>();
    {
        let hint_job = hint_job.clone();
        use_effect_with((fen, their_total), move |(fen, total)| match total {
            Some(t) => hint_job.start(&Request::DepthHint {
                fen: fen.clone(),
                total: *t as f64,
            }),
            None => hint_job.reset(),
        });
    }
    match (&*hint_job, their_total) {
        (JobState::Done(h), Some(t)) => h.hint.map(|(d, ours)| (d, ours as u64, t)),
        _ => None,
    }
}

#[function_component(CompareCard)]
pub(super) fn compare_card(props: &CompareCardProps) -> Html {
    let fen = props.setup.to_fen();
    let depth = props.state.depth;
    let text = use_state(String::new);
    let error = use_state(|| None::<String>);
    // the last divide that read: bad input keeps it
    let theirs = use_state(|| None::<TheirDivide>);
    let ours = use_worker_job::<PerftResult>();
    {
        // another position: a new comparison
        let (ours, text, error, theirs) =
            (ours.clone(), text.clone(), error.clone(), theirs.clone());
        use_effect_with(fen.clone(), move |_| {
            ours.reset();
            text.set(String::new());
            error.set(None);
            theirs.set(None);
        });
    }
    {
        // another depth: the pasted divide stays, ours is computed again
        let ours = ours.clone();
        use_effect_with(depth, move |_| ours.reset());
    }
    let their_total = theirs
        .as_ref()
        .filter(|t| !t.rows.is_empty())
        .map(|t| t.total.unwrap_or_else(|| t.rows.iter().map(|r| r.1).sum()));
    let hint = use_depth_hint(fen.clone(), their_total);
    let oninput = {
        let (text, error, theirs) = (text.clone(), error.clone(), theirs.clone());
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            let value = area.value();
            match parse_divide(&value) {
                Ok(t) => {
                    error.set(None);
                    theirs.set(Some(t));
                }
                Err(e) => error.set(Some(e.to_string())),
            }
            text.set(value);
        })
    };
    let run = {
        let (ours, fen) = (ours.clone(), fen.clone());
        Callback::from(move |_: MouseEvent| {
            ours.start_on(&Request::perft(fen.clone(), depth), worker_count())
        })
    };
    let comparison = match (&*ours, &*theirs) {
        (JobState::Done(r), Some(t)) => Some(compared(&props.setup, depth, r, t)),
        _ => None,
    };
    html! {
        <div class="card compare">
            <h3>{ "Divide against your engine" }</h3>
            <Breadcrumbs root={props.state.fen.clone()} path={props.state.path.to_vec()} dispatch={props.dispatch.clone()} />
            <p class="muted">{ format!("Paste your engine's divide of this position at depth {depth} (Stockfish's go perft: e2e4: 20 … Nodes searched: N; or e2e4 20), then compare. Click a row to descend one ply; the link keeps the whole path.") }</p>
            <p class="mono compare-command">{ compare_command(depth, &fen) }</p>
            <textarea id="divide-text" class="divide-text" data-local="a pasted divide" rows="6" spellcheck="false" value={(*text).clone()} {oninput}
                aria-invalid={error.is_some().to_string()} placeholder={"e2e4: 20\nd2d4: 20\n…\n\nNodes searched: 400"} />
            if let Some(e) = &*error {
                <p class="field-error divide-error" role="alert" data-error-for="divide-text">{ e.clone() }</p>
            }
            { depth_hint_view(hint, depth, &props.dispatch) }
            <div class="row">
                <button type="button" class="primary compare-run" onclick={run} disabled={ours.is_running() || theirs.is_none()}>{ format!("compare with our divide at depth {depth}") }</button>
            </div>
            { outcome_view(&ours, comparison, &props.dispatch) }
        </div>
    }
}

/// Our divide's rows and their comparison with theirs.
fn compared(
    setup: &Setup,
    depth: u32,
    ours: &PerftResult,
    theirs: &TheirDivide,
) -> (Vec<(String, u64)>, Comparison) {
    let rows: Vec<(String, u64)> = ours
        .divide
        .iter()
        .map(|(m, n)| (m.clone(), *n as u64))
        .collect();
    let c = compare(setup, depth, &rows, theirs);
    (rows, c)
}

/// Our divide's progress, its failure, or the comparison's rows.
fn outcome_view(
    ours: &JobState<PerftResult>,
    comparison: Option<(Vec<(String, u64)>, Comparison)>,
    dispatch: &Callback<Action>,
) -> Html {
    match (ours, comparison) {
        (JobState::Running(p), _) => {
            html! { <progress class="compare-progress" max={p.total.max(1.0).to_string()} value={p.done.to_string()}></progress> }
        }
        (JobState::Failed(e), _) => html! { <p class="error-box">{ e.clone() }</p> },
        (_, Some((rows, c))) => rows_view(&rows, &c, dispatch),
        _ => html! {},
    }
}

/// What the pasted total says of its depth: (the depth whose total is
/// nearest, that total, theirs). Nothing when that is the depth asked
/// (even when the totals differ: then the rows say where).
fn depth_hint_view(hint: Option<(u32, u64, u64)>, asked: u32, dispatch: &Callback<Action>) -> Html {
    let Some((depth, ours, theirs)) = hint else {
        return html! {};
    };
    // the depth asked is already the nearest: the rows below say what differs
    if depth == asked {
        return html! {};
    }
    let text = if ours == theirs {
        format!("This divide's total, {theirs}, is depth {depth}'s, not depth {asked}'s.")
    } else {
        let off = ours.abs_diff(theirs);
        format!(
            "Is the depth {depth}? Your total {theirs} is depth {depth}'s {ours} but for {off}."
        )
    };
    html! {
        <p class="divide-hint" role="status" data-depth={depth.to_string()}>{ text }
            { " " }
            <button type="button" class="linkish divide-depth" onclick={dispatch.reform(move |_: MouseEvent| Action::SetDepth(depth))}>
                { format!("compare at depth {depth}") }
            </button>
        </p>
    }
}

#[derive(Properties, PartialEq)]
struct BreadcrumbsProps {
    root: String,
    path: Vec<String>,
    dispatch: Callback<Action>,
}

/// The path from the root: a click goes back to that ply.
#[function_component(Breadcrumbs)]
fn breadcrumbs(props: &BreadcrumbsProps) -> Html {
    let n = props.path.len();
    html! {
        <nav class="breadcrumbs" aria-label="the path from the root">
            <button type="button" class="crumb" data-ply="0" title={props.root.clone()} disabled={n == 0}
                onclick={props.dispatch.reform(|_: MouseEvent| Action::Ascend(0))}>{ "root" }</button>
            { for props.path.iter().enumerate().map(|(i, mv)| html! {
                <>
                <span>{ "›" }</span>
                <button type="button" class="crumb" data-ply={(i + 1).to_string()} disabled={i + 1 == n}
                    onclick={props.dispatch.reform(move |_: MouseEvent| Action::Ascend(i + 1))}>{ mv.clone() }</button>
                </>
            }) }
        </nav>
    }
}

/// Every move of both sides (ours in order, then their extra ones): the
/// comparison's differing, missing and extra rows in red; a click on one
/// of our moves descends.
fn rows_view(ours: &[(String, u64)], c: &Comparison, dispatch: &Callback<Action>) -> Html {
    let mut rows: Vec<(String, Option<u64>, Option<u64>, &str)> = ours
        .iter()
        .map(|(mv, n)| {
            if let Some(d) = c.differ.iter().find(|d| &d.mv == mv) {
                (mv.clone(), Some(*n), Some(d.theirs), "differ")
            } else if c.missing.iter().any(|m| &m.mv == mv) {
                (mv.clone(), Some(*n), None, "missing")
            } else {
                (mv.clone(), Some(*n), Some(*n), "same")
            }
        })
        .collect();
    for m in &c.extra {
        rows.push((m.mv.clone(), None, Some(m.nodes), "extra"));
    }
    let verdict = if c.agree {
        "every move and count agree".to_string()
    } else {
        format!(
            "{} differ, {} missing, {} extra",
            c.differ.len(),
            c.missing.len(),
            c.extra.len()
        )
    };
    html! {
        <div class="compare-done">
            <p class={classes!("stats", "compare-summary", if c.agree { "ok" } else { "bad" })}>
                <span>{ format!("ours {} · theirs {}", c.ours_total, c.theirs_total) }</span>
                <strong class="compare-verdict">{ verdict }</strong>
            </p>
            if let Some(n) = &c.next {
                <p class="muted compare-next">{ format!("next: {} → depth {} at {}", n.mv, n.depth, n.fen) }</p>
            }
            <table class="data compare-rows">
                <thead><tr><th>{ "move" }</th><th>{ "ours" }</th><th>{ "theirs" }</th><th>{ "" }</th></tr></thead>
                <tbody>
                    { for rows.into_iter().map(|(mv, ours, theirs, kind)| {
                        let descend = ours.is_some();
                        let m = mv.clone();
                        let onclick = descend.then(|| dispatch.reform(move |_: MouseEvent| Action::Descend(m.clone())));
                        html! {
                            <tr class={classes!("compare-row", kind, descend.then_some("descend"))} data-move={mv.clone()} {onclick}
                                title={if descend { "descend into this move" } else { "not a legal move here" }}>
                                <td class="mono">{ mv }</td>
                                <td class="num">{ ours.map_or("—".into(), |n| n.to_string()) }</td>
                                <td class="num">{ theirs.map_or("—".into(), |n| n.to_string()) }</td>
                                <td>{ if kind == "same" { "" } else { kind } }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </div>
    }
}
