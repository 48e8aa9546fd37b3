//! Gray code and the next combination: binary to Gray and back, stepped,
//! the first codes in a table; Gosper's next word with the same number of
//! ones, stepped, and every k-subset of n bits it walks (`bits::gray`).
//!
//! URL state: `ui::state::GrayState` (`width`, `x`, `step`, `dstep`, `n`,
//! `k`, `at`, `gstep`).

pub use super::minis::gray as mini;
use super::PanelProps;
use crate::bits::gray::{from_gray_trace, gosper_next_trace, subsets, to_gray, to_gray_trace};
use crate::bits::word::Word;
use crate::ui::components::{on_select, tab_stop, BitRow, NumberInput, Roving, StepPlayer};
use crate::ui::state::{GrayAction as Action, GrayState, GRAY_WIDTHS, MAX_SUBSET_BITS};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

/// The most subsets drawn in the list.
const SHOWN_SUBSETS: usize = 70;

#[function_component(GrayPanel)]
pub fn gray_panel(props: &PanelProps) -> Html {
    let state: GrayState = props.state();
    let dispatch = props.dispatch(&state);
    html! {
        <PanelFrame panel={Panel::Gray} lede={"The reflected binary code counts so that exactly one bit changes from each number to the next: g = x ^ (x >> 1), and back by xor-ing every higher bit down. Gosper's hack steps through every word with k ones in increasing order with one add, one divide and a few bit operations."}>
            <GrayCard state={state.clone()} dispatch={dispatch.clone()} />
            <SubsetCard state={state} {dispatch} />
        </PanelFrame>
    }
}

type CardProps = super::CardProps<GrayState>;

/// Binary to Gray and back, and the first codes.
#[function_component(GrayCard)]
fn gray_card(props: &CardProps) -> Html {
    let CardProps { state, dispatch } = props;
    let (width, x) = (state.width, state.x);
    let traces = use_memo((width, x), |&(width, x)| {
        let to = to_gray_trace(x, width).map_err(|e| e.to_string())?;
        let back = from_gray_trace(to_gray(x), width).map_err(|e| e.to_string())?;
        Ok::<_, String>((Rc::new(to), Rc::new(back)))
    });
    let (to, back) = match &*traces {
        Ok(t) => t.clone(),
        Err(e) => return html! { <p class="error-box">{ e.clone() }</p> },
    };
    let tab = |w: u32| {
        let onclick = dispatch.reform(move |_: MouseEvent| Action::SetWidth(w));
        html! {
            <button type="button" class={classes!("tab", (w == width).then_some("active"))} tabindex={tab_stop(w == width)}
                data-choice={format!("width={w}")} {onclick}>{ format!("{w} bits") }</button>
        }
    };
    let g = Word::new(to_gray(x), width);
    let changed = if x == 0 {
        0
    } else {
        to_gray(x) ^ to_gray(x - 1)
    };
    html! {
        <>
        <div class="card gray-inputs">
            <div class="tabs" onkeydown={Roving::Choose.keydown()}>{ for GRAY_WIDTHS.iter().map(|w| tab(*w)) }</div>
            <NumberInput label="x" name="gray-x" value={x} {width} on_change={dispatch.reform(Action::SetX)} />
            <BitRow word={Word::new(x, width)} on_toggle={dispatch.reform(Action::Toggle)} label="x (click the bits)" readouts={false} />
            <BitRow word={g} highlight={changed} label="its Gray code (the bit that changed from x − 1 lit)" readouts={false} />
        </div>
        <div class="cols even">
            <div class="card gray-encode">
                <h3>{ "To Gray: x ^ (x >> 1)" }</h3>
                <StepPlayer trace={to} step={state.step} on_step={dispatch.reform(Action::Step)} />
            </div>
            <div class="card gray-decode">
                <h3>{ "Back: fold the xor down" }</h3>
                <StepPlayer trace={back} step={state.dstep} on_step={dispatch.reform(Action::DecodeStep)} />
                { first_codes() }
            </div>
        </div>
        </>
    }
}

/// 0 to 15 in binary and in Gray code: one bit changes a row.
fn first_codes() -> Html {
    html! {
        <div class="table-scroll">
        <table class="data gray-codes">
            <thead><tr><th>{ "n" }</th><th>{ "binary" }</th><th>{ "Gray" }</th></tr></thead>
            <tbody>{ for (0u64..16).map(|n| html! {
                <tr><td class="num">{ n }</td><td><code>{ format!("{n:04b}") }</code></td><td><code>{ format!("{:04b}", to_gray(n)) }</code></td></tr>
            }) }</tbody>
        </table>
        </div>
    }
}

/// Gosper's hack on the chosen subset, and the subsets in order.
#[function_component(SubsetCard)]
fn subset_card(props: &CardProps) -> Html {
    let CardProps { state, dispatch } = props;
    let (n, k, at) = (state.n, state.k, state.at);
    let list = use_memo((n, k), |&(n, k)| {
        subsets(n, k, SHOWN_SUBSETS + 1).unwrap_or_default()
    });
    let traced = use_memo((at, n), |&(at, n)| {
        gosper_next_trace(at, n)
            .map(Rc::new)
            .map_err(|e| e.to_string())
    });
    let count = binomial(n, k);
    let pick = |v: &str| v.parse::<u32>().ok();
    let on_n = on_select(dispatch, move |v: &str| pick(v).map(Action::SetN));
    let on_k = on_select(dispatch, move |v: &str| pick(v).map(Action::SetK));
    html! {
        <div class="cols even">
            <div class="card gray-gosper">
                <h3>{ "Gosper's hack: the next word with as many ones" }</h3>
                <div class="field-row">
                    <label for="gray-n">{ "n bits" }</label>
                    <select id="gray-n" onchange={on_n}>{ for (1..=MAX_SUBSET_BITS).map(|v| html! { <option value={v.to_string()} selected={v == n}>{ v }</option> }) }</select>
                    <label for="gray-k">{ "k ones" }</label>
                    <select id="gray-k" onchange={on_k}>{ for (0..=n).map(|v| html! { <option value={v.to_string()} selected={v == k}>{ v }</option> }) }</select>
                </div>
                <BitRow word={Word::new(at, n)} label="the current subset" readouts={false} />
                { match &*traced {
                    Ok(trace) => html! { <StepPlayer trace={trace.clone()} step={state.gstep} on_step={dispatch.reform(Action::GosperStep)} /> },
                    Err(e) => html! { <p class="why gosper-end">{ e.clone() }</p> },
                } }
            </div>
            <div class="card gray-subsets">
                <h3>{ format!("All {count} subsets of {k} in {n}, in order") }</h3>
                <ol class="subset-list">{ for list.iter().take(SHOWN_SUBSETS).map(|&s| {
                    let onclick = dispatch.reform(move |_: MouseEvent| Action::SetAt(s));
                    html! { <li><button type="button" class={classes!("subset", (s == at).then_some("active"))} data-subset={format!("{s:x}")} {onclick}>
                        <code>{ format!("{s:0width$b}", width = n as usize) }</code></button></li> }
                }) }</ol>
                if list.len() > SHOWN_SUBSETS { <p class="why">{ format!("… the first {SHOWN_SUBSETS} of {count}.") }</p> }
            </div>
        </div>
    }
}

/// `n` choose `k` (n ≤ 16: no overflow).
fn binomial(n: u32, k: u32) -> u64 {
    (0..u64::from(k)).fold(1, |acc, i| acc * (u64::from(n) - i) / (i + 1))
}
