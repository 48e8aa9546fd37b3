//! de Bruijn bit scan: `table[((v & -v) * magic) >> (N - log2 N)]`, stepped
//! for 8/16/32/64-bit words; the table derived from the magic's windows; any
//! magic validated (with its collisions); every magic enumerated in a Web
//! Worker; the table exported as Rust or C.
//!
//! URL state: `ui::state::DebruijnState` (`width`, `magic`, `v`, `variant`,
//! `step`, `dstep`, `page`, `sstep`, `rank`).

use super::debruijn_list::MagicList;
use super::debruijn_search::SearchTree;
pub use super::minis::debruijn as mini;
use super::PanelProps;
use crate::bits::debruijn::{
    derivation_trace, derive_table, export_c, export_rust, folded_scan_trace, graph, log2_width,
    magic_count, magic_walk, mask_magic, mask_scan_trace, multiplier_count, reverse_scan_trace,
    scan_trace, shift_for, validate, window_mask, DebruijnError, Derivation, Validation,
    KNOWN_MAGICS, WIDTHS,
};
use crate::bits::teach::debruijn::{corrections, why as why_text};
use crate::bits::word::Word;
use crate::ui::components::{
    notes, panel_link, tab_stop, why, BitRow, DebruijnGraphView, NumberInput, Roving, StepPlayer,
};
use crate::ui::hooks::{use_select_value, use_worker_job, JobState};
use crate::ui::state::{
    DebruijnAction as Action, DebruijnState, MagicState, NibbleOp, NibblesState, ScanVariant,
};
use crate::ui::worker::{prewarm_n, worker_count, DebruijnCount, Request};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

/// What the enumeration does, before it runs.
const ENUM_IDLE_TEXT: &str = "Meet in the middle, in one Web Worker per core: a depth-first search grows every first half of a magic (a branch is cut when its new window repeats, or when the edges that nodes must leave by last form a cycle), and each half is joined with the halves that use exactly the other windows. For 64 bits the workers share out the tree itself: a magic's two halves end on bit-reversed nodes, so both have the same middle bit there, and each worker grows and joins only the halves of its bit (with more workers, more such bits, then the 1024 chunks of the join). The counts below go up live.";

/// How many magics, from the graph: the BEST theorem's count (computed by
/// `magic_count`), the closed formula, and the enumeration's once it ran.
fn best_count_text(width: u32, enumeration: &JobState<DebruijnCount>) -> String {
    let n = log2_width(width).unwrap_or(3);
    let best = magic_count(width).map_or_else(|e| e.to_string(), |c| c.to_string());
    let formula = multiplier_count(width).unwrap_or(0);
    let found = match enumeration {
        JobState::Done(c) => format!("the enumeration found {}", c.multipliers as u64),
        _ => "run the enumeration below to count them one by one".into(),
    };
    format!(
        "Every valid magic is an Eulerian circuit of B(2, {n}) walked from node 0. The BEST theorem counts them (spanning arborescences × ∏(out-degree − 1)!, a matrix-tree determinant): {best} magics, the same as 2 · 2^(2^{} − {n}) = {formula}; {found}.",
        n - 1
    )
}

/// What every card of the panel gets.
type CardProps = super::CardProps<DebruijnState>;

#[function_component(DebruijnPanel)]
pub fn debruijn_panel(props: &PanelProps) -> Html {
    let state: DebruijnState = props.state();
    let dispatch = props.dispatch(&state);
    let width = state.width;

    // -- the enumeration, in one worker per core --
    let enumeration = use_worker_job::<DebruijnCount>();
    // one warm worker per core, ready before the enumeration is asked for
    use_effect_with((), |_| prewarm_n(worker_count()));
    {
        let enumeration = enumeration.clone();
        use_effect_with(width, move |_| enumeration.reset());
    }
    let run_enum = {
        let enumeration = enumeration.clone();
        Callback::from(move |_: MouseEvent| {
            enumeration.start_on(&Request::debruijn_count(width), worker_count())
        })
    };
    let cancel_enum = {
        let enumeration = enumeration.clone();
        Callback::from(move |_: MouseEvent| enumeration.cancel())
    };
    let card = CardProps {
        state: state.clone(),
        dispatch,
    };
    let log2 = log2_width(width).unwrap_or_default();
    let shift = shift_for(width).unwrap_or(0);

    html! {
        <PanelFrame panel={Panel::DeBruijn} lede={format!("Find the index of the lowest set bit with one multiply: isolate it (v & -v, a power of two), multiply by a magic whose top {log2} bits are different for each of the {width} shifts, keep those bits (>> {shift}), and look the index up in a {width}-entry table.")}>
            <MagicCard ..card.clone() />
            <div class="cols even">
                <ScanCard ..card.clone() />
                <DerivationCard card={card.clone()} enumeration={(*enumeration).clone()} />
            </div>
            <div class="cols even">
                <EnumerationCard card={card.clone()} enumeration={(*enumeration).clone()} on_run={run_enum} on_cancel={cancel_enum} />
                <ExportCard width={width} magic={state.magic} />
            </div>
        </PanelFrame>
    }
}

/// The width tabs, the magic (typed or known), and whether it is valid.
#[function_component(MagicCard)]
fn magic_card(props: &CardProps) -> Html {
    let CardProps { state, dispatch } = props;
    let (width, magic) = (state.width, state.magic);
    let validation = use_memo((width, magic), |&(w, m)| validate(w, m));
    let sources = use_memo((), |_| corrections());
    // The "known" list shows the state's magic, or "—" for one of your own.
    let known_value = state
        .known()
        .map(|i| format!("{:x}", KNOWN_MAGICS[i].1))
        .unwrap_or_default();
    let known_ref = use_select_value(known_value.clone());
    let on_known = {
        let dispatch = dispatch.clone();
        let known_value = known_value.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            match u64::from_str_radix(&select.value(), 16) {
                Ok(m) => dispatch.emit(Action::SetMagic(m)),
                // "—" is no magic: keep showing the state's
                Err(_) => select.set_value(&known_value),
            }
        })
    };
    html! {
        <div class="card">
            <div class="tabs" onkeydown={Roving::Choose.keydown()}>
                { for WIDTHS.iter().map(|w| html! {
                    <button type="button" class={classes!("tab", (*w == width).then_some("active"))} tabindex={tab_stop(*w == width)} data-width={w.to_string()}
                        onclick={let w = *w; dispatch.reform(move |_: MouseEvent| Action::SetWidth(w))}>{ format!("{w}-bit") }</button>
                }) }
            </div>
            <div class="row">
                <NumberInput label="magic" name="magic" value={magic} {width} on_change={dispatch.reform(Action::SetMagic)} />
                <label>{ "known: " }
                    <select class="known-magic" onchange={on_known} ref={known_ref}>
                        <option value="" selected={known_value.is_empty()}>{ "—" }</option>
                        { for KNOWN_MAGICS.iter().filter(|k| k.0 == width).map(|(_, m, name)| html! {
                            <option value={format!("{m:x}")} selected={*m == magic}>{ *name }</option>
                        }) }
                    </select>
                </label>
            </div>
            { notes(&sources, &["log2"]) }
            <BitRow word={Word::new(magic, width)} highlight={window_mask(width).unwrap_or_default()} label="magic: its top bits are window 0" readouts={false} />
            { validity_view(width, &validation) }
        </div>
    }
}

/// "valid", or the collisions (the first 32), or why it cannot be checked.
fn validity_view(width: u32, validation: &Result<Validation, DebruijnError>) -> Html {
    let log2 = log2_width(width).unwrap_or_default();
    match validation {
        Ok(val) if val.valid => html! {
            <p class="validity ok">{ format!("valid: all {width} windows are different ✓") }</p>
        },
        Ok(val) => html! {
            <div class="validity bad">
                <p>{ format!("not a magic: {} collision{}", val.collisions.len(), if val.collisions.len() == 1 { "" } else { "s" }) }</p>
                <table class="data collisions">
                    <thead><tr><th>{ "bits" }</th><th>{ "same window" }</th></tr></thead>
                    <tbody>
                        { for val.collisions.iter().take(32).map(|(i, j)| html! {
                            <tr><td class="num">{ format!("{i} and {j}") }</td>
                                <td class="mono">{ Word::new(val.windows[*i as usize] as u64, log2).binary(0) }</td></tr>
                        }) }
                    </tbody>
                </table>
                if val.collisions.len() > 32 { <p class="muted">{ format!("… and {} more", val.collisions.len() - 32) }</p> }
            </div>
        },
        Err(e) => html! { <p class="error-box">{ e.to_string() }</p> },
    }
}

/// One value scanned, by the chosen variant, stepped.
#[function_component(ScanCard)]
fn scan_card(props: &CardProps) -> Html {
    let CardProps { state, dispatch } = props;
    let DebruijnState {
        width,
        magic,
        v,
        variant,
        step,
        ..
    } = *state;
    let scan = use_memo((width, magic, v, variant), |&(w, m, v, variant)| {
        match variant {
            ScanVariant::Isolate => scan_trace(w, m, v),
            ScanVariant::Mask => mask_magic(w, m).and_then(|mm| mask_scan_trace(w, mm, v)),
            ScanVariant::Reverse => mask_magic(w, m).and_then(|mm| reverse_scan_trace(w, mm, v)),
            ScanVariant::Fold => folded_scan_trace(v),
        }
        .map(Rc::new)
        .map_err(|e| e.to_string())
    });
    let sources = use_memo((), |_| corrections());
    // The "-v = ~v + 1" step on v's low nibble, in the Signed nibbles panel.
    let nibble = NibblesState {
        x: (v & 0xF) as u8,
        op: NibbleOp::Negate,
        step: 0,
    };
    html! {
        <div class="card">
            <h3>{ "Scan a value" }</h3>
            if let Some(href) = super::lab_code::c_preset_link("log2-debruijn") {
                <p><a class="c-preset-link" data-preset="log2-debruijn" {href}>{ "log2 by a de Bruijn multiply and its table, as C code stepped in the Lab" }</a></p>
            }
            <NumberInput label="v" name="scan-v" value={v} {width} on_change={dispatch.reform(Action::SetV)} />
            <BitRow word={Word::new(v, width)} on_toggle={dispatch.reform(Action::ToggleV)} label="v (click the bits)" readouts={false} />
            <div class="tabs" onkeydown={Roving::Choose.keydown()}>
                { for ScanVariant::ALL.iter().filter(|(var, _, _)| *var != ScanVariant::Fold || width == 64).map(|(var, key, text)| html! {
                    <button type="button" class={classes!("tab", (*var == variant).then_some("active"))} tabindex={tab_stop(*var == variant)} data-variant={*key}
                        onclick={let var = *var; dispatch.reform(move |_: MouseEvent| Action::SetVariant(var))}>{ *text }</button>
                }) }
            </div>
            { match &*scan {
                Ok(t) => html! { <StepPlayer trace={t.clone()} {step} on_step={dispatch.reform(Action::Step)} /> },
                Err(e) => html! { <p class="error-box scan-error" role="alert">{ e.clone() }</p> },
            } }
            if variant == ScanVariant::Isolate {
                { panel_link(&nibble, format!("−v = ~v + 1 on v's low nibble {:#x}, step by step in Signed nibbles", nibble.x)) }
            }
            { why(why_text(width, magic)) }
            { panel_link(&MagicState::default(), "see also: the same multiply-and-keep-the-top-bits hash as magic bitboards, for a rook's blockers".into()) }
            { notes(&sources, &["returns"]) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct EnumerationProps {
    card: CardProps,
    enumeration: JobState<DebruijnCount>,
    #[prop_or_default]
    on_run: Callback<MouseEvent>,
    #[prop_or_default]
    on_cancel: Callback<MouseEvent>,
}

/// The de Bruijn graph with the magic's walk, and the table derived row by row.
#[function_component(DerivationCard)]
fn derivation_card(props: &EnumerationProps) -> Html {
    let CardProps { state, dispatch } = &props.card;
    let (width, magic, dstep) = (state.width, state.magic, state.dstep);
    let db_graph = use_memo(width, |&w| graph(w).ok().map(Rc::new));
    let walk = use_memo((width, magic), |&(w, m)| magic_walk(w, m).ok().map(Rc::new));
    let derivation = use_memo((width, magic), |&(w, m)| {
        derive_table(w, m)
            .and_then(|d| derivation_trace(w, m).map(|t| (Rc::new(d), Rc::new(t))))
            .map_err(|e| e.to_string())
    });
    let sources = use_memo((), |_| corrections());
    // the derivation's newest row is the walk's current edge
    let current_edge = match &*derivation {
        Ok((_, t)) => dstep.min(t.steps.len().saturating_sub(1)).checked_sub(1),
        Err(_) => None,
    };
    html! {
        <div class="card">
            <h3>{ "Where the table comes from" }</h3>
            { match (&*db_graph, &*walk) {
                (Some(g), Some(wk)) => html! { <DebruijnGraphView graph={g.clone()} walk={wk.clone()} current={current_edge} /> },
                _ => html! {},
            } }
            <p class="muted best-count">{ best_count_text(width, &props.enumeration) }</p>
            { match &*derivation {
                Ok((d, t)) => html! {
                    <>
                    <p class="muted">{ d.zero_fill_note() }</p>
                    { notes(&sources, &["zeros"]) }
                    { windows_table(width, d, dstep.min(t.steps.len().saturating_sub(1)), current_edge) }
                    <StepPlayer trace={t.clone()} step={dstep} on_step={dispatch.reform(Action::DerivationStep)} />
                    <div class="tables">
                        <p class="mono table-0">{ format!("0-based: {{{}}}", joined(&d.table)) }</p>
                        <p class="mono table-1">{ format!("1-based: {{{}}}", joined(&d.table_one_based)) }</p>
                    </div>
                    { notes(&sources, &["products"]) }
                    </>
                },
                Err(e) => html! { <p class="error-box">{ format!("no table: {e}") }</p> },
            } }
        </div>
    }
}

fn joined<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The derivation's rows: the first `shown` filled in, the current one lit.
fn windows_table(width: u32, d: &Derivation, shown: usize, current: Option<usize>) -> Html {
    let log2 = log2_width(width).unwrap_or_default();
    html! {
        // (a scroll region: focusable, so a keyboard can scroll it too)
        <div class="table-scroll" tabindex="0" role="region" aria-label="the table's derivation, window by window">
        <table class="data windows">
            <thead><tr><th>{ "bit i" }</th><th>{ "magic << i" }</th><th>{ "window" }</th><th>{ "cyclic" }</th><th>{ "table[window] = i" }</th></tr></thead>
            <tbody>
                { for d.rows.iter().enumerate().map(|(k, r)| {
                    let filled = k < shown;
                    let top = Word::new(r.shifted, width).binary(0);
                    let (head, tail) = top.split_at(log2 as usize);
                    html! {
                        <tr class={classes!((!filled).then_some("pending"), (Some(k) == current).then_some("current"))}>
                            <td class="num">{ r.bit }</td>
                            <td class="mono"><span class="window-bits">{ head.to_string() }</span>{ tail.to_string() }</td>
                            <td class="num">{ r.window }{ if r.zero_filled > 0 { format!(" ({} fill)", r.zero_filled) } else { String::new() } }</td>
                            <td class="num">{ r.cyclic }</td>
                            <td class="num">{ if filled { format!("table[{}] = {}", r.window, r.bit) } else { "…".into() } }</td>
                        </tr>
                    }
                }) }
            </tbody>
        </table>
        </div>
    }
}

/// Every magic of the width: the search tree (8, 16 bits), the enumeration
/// in workers with its live counts, and the ascending list.
#[function_component(EnumerationCard)]
fn enumeration_card(props: &EnumerationProps) -> Html {
    let CardProps { state, dispatch } = &props.card;
    let DebruijnState {
        width,
        magic,
        page,
        sstep,
        ..
    } = *state;
    let sources = use_memo((), |_| corrections());
    let running = props.enumeration.is_running();
    html! {
        <div class="card">
            <h3>{ format!("Every {width}-bit magic") }</h3>
            if width <= 16 {
                <SearchTree {width} step={sstep} on_step={dispatch.reform(Action::SearchStep)} on_pick={dispatch.reform(Action::SetMagic)} />
            }
            <div class="row">
                <button type="button" class="primary enum-run" onclick={props.on_run.clone()} disabled={running}>{ "enumerate all" }</button>
                <button type="button" class="enum-cancel" onclick={props.on_cancel.clone()} disabled={!running}>{ "cancel" }</button>
            </div>
            { enumeration_status(&props.enumeration) }
            { notes(&sources, &["trial"]) }
            <MagicList {width} {page} {magic} on_page={dispatch.reform(Action::Page)} on_pick={dispatch.reform(Action::SetMagic)}
                rank={state.rank.clone()} on_rank={dispatch.reform(Action::SetRank)} />
        </div>
    }
}

/// The enumeration's progress and live counts, or its result.
fn enumeration_status(enumeration: &JobState<DebruijnCount>) -> Html {
    match enumeration {
        JobState::Idle => html! { <p class="muted">{ ENUM_IDLE_TEXT }</p> },
        JobState::Running(p) => html! {
            <div><progress class="enum-progress" max={p.total.max(1.0).to_string()} value={p.done.to_string()}></progress>
            <p class="stats">{ format!("{}, {:.1} s", p.label, p.elapsed) }</p>
            if let Some(s) = &p.search {
                <p class="stats enum-live">
                    <span>{ "half-sequences (leaves) " }<strong class="enum-leaves">{ (s.leaves as u64).to_string() }</strong></span>
                    <span>{ "branches cut " }<strong class="enum-cuts">{ ((s.cut_repeat + s.cut_cycle) as u64).to_string() }</strong>
                        { format!(" ({} window repeated, {} last-exit cycle)", s.cut_repeat as u64, s.cut_cycle as u64) }</span>
                    <span>{ "magics joined " }<strong class="enum-magics">{ (s.magics as u64).to_string() }</strong></span>
                </p>
            }
            </div>
        },
        JobState::Done(DebruijnCount {
            multipliers,
            odd,
            seconds,
            ..
        }) => html! {
            <p class="stats enum-done">
                <span>{ "multipliers " }<strong class="enum-count">{ (*multipliers as u64).to_string() }</strong></span>
                <span>{ "odd (de Bruijn sequences) " }<strong class="enum-odd">{ (*odd as u64).to_string() }</strong></span>
                <span>{ format!("{seconds:.2} s") }</span>
            </p>
        },
        JobState::Cancelled => html! { <p class="muted enum-cancelled">{ "Cancelled." }</p> },
        JobState::Failed(e) => html! { <p class="error-box">{ e.clone() }</p> },
    }
}

#[derive(Properties, PartialEq)]
struct ExportProps {
    width: u32,
    magic: u64,
}

/// The table as Rust or C source, with copy buttons (valid magics only).
#[function_component(ExportCard)]
fn export_card(&ExportProps { width, magic }: &ExportProps) -> Html {
    let valid = validate(width, magic).is_ok_and(|v| v.valid);
    let copy = |text: String| {
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&text);
            }
        })
    };
    html! {
        <div class="card">
            <h3>{ "Copy the table" }</h3>
            if valid {
                { for [("Rust", export_rust(width, magic)), ("C", export_c(width, magic))].into_iter().map(|(lang, code)| {
                    let code = code.unwrap_or_default();
                    html! {
                        <div class="export">
                            <div class="row"><strong>{ lang }</strong>
                                <button type="button" class={format!("copy-{}", lang.to_ascii_lowercase())} onclick={copy(code.clone())}>{ format!("copy as {lang}") }</button></div>
                            <pre class={format!("code export-{}", lang.to_ascii_lowercase())} tabindex="0" role="region" aria-label={format!("the table as {lang}")}>{ code }</pre>
                        </div>
                    }
                }) }
            } else {
                <p class="muted">{ "Choose a valid magic to export its table." }</p>
            }
        </div>
    }
}
