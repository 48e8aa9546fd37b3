//! Bit permutations: reversal by the swap ladder or a byte table at 8 to
//! 64 bits, and any permutation as a Beneš network of delta swaps, its
//! masks derived and stepped (`bits::permute`).
//!
//! URL state: `ui::state::PermuteState` (`mode`, `width`, `x`, `perm`,
//! `step`).

pub use super::minis::permute as mini;
use super::PanelProps;
use crate::bits::permute::{
    benes, max_stages, permute_plain, reverse_by_table, reverse_ladder, reverse_plain, Network,
    EXAMPLES, WIDTHS,
};
use crate::bits::trace::{check_mark, Trace};
use crate::bits::word::Word;
use crate::ui::components::{
    input_value, on_select, tab_stop, BitRow, NumberInput, Roving, StepPlayer,
};
use crate::ui::state::{read_perm, PermuteAction as Action, PermuteMode, PermuteState};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

/// The trace shown, and for a network the network and the permutation.
#[derive(PartialEq)]
struct Shown {
    trace: Rc<Trace>,
    network: Option<(Network, Vec<u32>)>,
    /// The plain answer the steps must reach.
    expected: u64,
}

fn shown(s: &PermuteState) -> Result<Shown, String> {
    let err = |e: crate::bits::permute::PermuteError| e.to_string();
    match s.mode {
        PermuteMode::Ladder | PermuteMode::Table => {
            let trace = if s.mode == PermuteMode::Ladder {
                reverse_ladder(s.x, s.width)
            } else {
                reverse_by_table(s.x, s.width)
            };
            Ok(Shown {
                trace: Rc::new(trace.map_err(err)?),
                network: None,
                expected: reverse_plain(s.x, s.width),
            })
        }
        PermuteMode::Network => {
            let perm = read_perm(&s.perm, s.width).map_err(err)?;
            let net = benes(&perm).map_err(err)?;
            Ok(Shown {
                trace: Rc::new(net.trace(s.x)),
                expected: permute_plain(s.x, &perm),
                network: Some((net, perm)),
            })
        }
    }
}

#[function_component(PermutePanel)]
pub fn permute_panel(props: &PanelProps) -> Html {
    let state: PermuteState = props.state();
    let dispatch = props.dispatch(&state);
    let made = use_memo(state.clone(), shown);
    let width = state.shown_width();
    let body = match &*made {
        Ok(made) => {
            let last = made.trace.steps.last().map_or(state.x, |s| s.value.bits);
            html! {
                <div class="cols even">
                    <div class="card permute-steps">
                        <StepPlayer trace={made.trace.clone()} step={state.step} on_step={dispatch.reform(Action::Step)} />
                        <p class={classes!("verdict", "permute-check", if last == made.expected { "ok" } else { "bad" })}>
                            { format!("{} → {} ; bit by bit: {} {}", Word::new(state.x, width).hex(), Word::new(last, width).hex(),
                                Word::new(made.expected, width).hex(), check_mark(last == made.expected)) }
                        </p>
                    </div>
                    { match &made.network {
                        Some((net, perm)) => network_card(net, perm),
                        None => ladder_note(state.mode, state.width),
                    } }
                </div>
            }
        }
        Err(e) => html! { <p class="error-box permute-error">{ e.clone() }</p> },
    };
    html! {
        <PanelFrame panel={Panel::Permute} lede={"A delta swap exchanges every bit under a mask with the bit a fixed distance above it, in three operations. Five of them reverse 32 bits; a Beneš network of at most 2·log2(n) − 1 of them moves every bit to any place you like."}>
            <ModeCard state={state.clone()} dispatch={dispatch.clone()} />
            { body }
        </PanelFrame>
    }
}

type ModeProps = super::CardProps<PermuteState>;

/// The mode, the width or the permutation, and the word.
#[function_component(ModeCard)]
fn mode_card(props: &ModeProps) -> Html {
    let ModeProps { state, dispatch } = props;
    let width = state.shown_width();
    let mode_tab = |m: PermuteMode| {
        let onclick = dispatch.reform(move |_: MouseEvent| Action::SetMode(m));
        let label = match m {
            PermuteMode::Ladder => "reverse: swap ladder",
            PermuteMode::Table => "reverse: byte table",
            PermuteMode::Network => "any permutation",
        };
        html! {
            <button type="button" class={classes!("tab", (m == state.mode).then_some("active"))} tabindex={tab_stop(m == state.mode)}
                data-choice={format!("mode={}", m.param())} {onclick}>{ label }</button>
        }
    };
    let width_tab = |w: u32| {
        let onclick = dispatch.reform(move |_: MouseEvent| Action::SetWidth(w));
        html! {
            <button type="button" class={classes!("tab", (w == state.width).then_some("active"))} tabindex={tab_stop(w == state.width)}
                data-choice={format!("width={w}")} {onclick}>{ format!("{w} bits") }</button>
        }
    };
    html! {
        <div class="card permute-inputs">
            <div class="tabs" onkeydown={Roving::Choose.keydown()}>{ for PermuteMode::ALL.iter().map(|m| mode_tab(*m)) }</div>
            if state.mode == PermuteMode::Network {
                { perm_fields(state, dispatch) }
            } else {
                <div class="tabs" onkeydown={Roving::Choose.keydown()}>{ for WIDTHS.iter().map(|w| width_tab(*w)) }</div>
            }
            <NumberInput label="x" name="permute-x" value={state.x} {width} on_change={dispatch.reform(Action::SetX)} />
            <BitRow word={Word::new(state.x, width)} on_toggle={dispatch.reform(Action::Toggle)} label="x (click the bits)" readouts={false} />
        </div>
    }
}

/// The permutation: an example, or a list typed in.
fn perm_fields(state: &PermuteState, dispatch: &Callback<Action>) -> Html {
    // ("your own list" starts from a list to edit: the 8-bit reversal)
    let on_example = on_select(dispatch, |v: &str| {
        let perm = if v.is_empty() { "7 6 5 4 3 2 1 0" } else { v };
        Some(Action::SetPerm(perm.to_string()))
    });
    let on_list = dispatch.reform(|e: InputEvent| Action::SetPerm(input_value(&e)));
    let known = EXAMPLES.contains(&state.perm.trim());
    html! {
        <div class="field-row">
            <label for="permute-example">{ "example" }</label>
            <select id="permute-example" onchange={on_example}>
                { for EXAMPLES.iter().map(|e| html! { <option value={*e} selected={state.perm == *e}>{ *e }</option> }) }
                <option value="" selected={!known}>{ "your own list…" }</option>
            </select>
            <label for="permute-list">{ "bit i goes to" }</label>
            <input id="permute-list" type="text" placeholder="3 2 1 0" value={if known { String::new() } else { state.perm.clone() }} oninput={on_list} />
        </div>
    }
}

/// The network's stages: each mask and shift, and its size.
fn network_card(net: &Network, perm: &[u32]) -> Html {
    let w = net.width;
    html! {
        <div class="card permute-network">
            <h3>{ format!("{} stages, {} swaps (at most {} stages at {w} bits)", net.stages.len(), net.swap_count(), max_stages(w)) }</h3>
            <div class="table-scroll">
            <table class="data permute-stages">
                <thead><tr><th>{ "stage" }</th><th>{ "shift" }</th><th>{ "mask" }</th></tr></thead>
                <tbody>{ for net.stages.iter().enumerate().map(|(i, s)| html! {
                    <tr><td class="num">{ i + 1 }</td><td class="num">{ s.shift }</td><td class="num"><code>{ Word::new(s.mask, w).hex() }</code></td></tr>
                }) }</tbody>
            </table>
            </div>
            <p class="why">{ format!("The permutation: bit i goes to {}. The outer stages pair bit i with bit i + {}; following each cycle of the permutation decides which pairs swap, so that each half of the bits can be routed on its own (the recursion inside).",
                perm.iter().map(u32::to_string).collect::<Vec<_>>().join(" "), w / 2) }</p>
        </div>
    }
}

/// How the reversal works, for the ladder and the table.
fn ladder_note(mode: PermuteMode, width: u32) -> Html {
    let text = match mode {
        PermuteMode::Table => format!("A table of the 256 bytes reversed: each of the {} bytes is looked up, and the bytes are placed in the opposite order. {} loads, no dependent chain.", width / 8, width / 8),
        _ => format!("Swap neighbouring bits (mask 0x55…), then pairs (0x33…), nibbles (0x0f…), bytes and so on: {} swaps of {} operations each reverse {width} bits, where a loop takes {width} turns.", width.ilog2(), 5),
    };
    html! { <div class="card permute-how"><h3>{ "How it works" }</h3><p class="why">{ text }</p></div> }
}
