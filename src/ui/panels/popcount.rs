//! Popcount: the SWAR count stepped on lanes that grow 2 → 4 → 8 bits,
//! each lane checked against `count_ones`; Kernighan's loop beside it; the
//! instruction's answer.
//!
//! URL state: `ui::state::PopcountState` (`width`, `x`, `step`, `kstep`).

pub use super::minis::popcount as mini;
use super::PanelProps;
use crate::bits::popcount::{hardware, kernighan_trace, lane_popcounts, trace, WIDTHS};
use crate::bits::trace::check_mark;
use crate::bits::word::Word;
use crate::ui::components::{tab_stop, BitRow, NumberInput, Roving, StepPlayer};
use crate::ui::state::{PopcountAction as Action, PopcountState};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

#[function_component(PopcountPanel)]
pub fn popcount_panel(props: &PanelProps) -> Html {
    let state: PopcountState = props.state();
    let dispatch = props.dispatch(&state);
    let PopcountState {
        width,
        x,
        step,
        kstep,
    } = state;
    let traced = use_memo((width, x), |&(width, x)| {
        trace(width, x)
            .and_then(|t| kernighan_trace(width, x).map(|k| (Rc::new(t), Rc::new(k))))
            .map_err(|e| e.to_string())
    });
    let (swar, kern) = match &*traced {
        Ok(t) => t.clone(),
        Err(e) => {
            return html! { <PanelFrame panel={Panel::Popcount}><p class="error-box">{ e.clone() }</p></PanelFrame> }
        }
    };
    let hardware = hardware(x);
    let turns = kern.steps.len() - 1;
    let swar_count = swar.result_text();
    let agree = swar_count == hardware.to_string() && turns as u32 == hardware;

    // The current SWAR step's lanes against count_ones of x's lanes.
    let current = &swar.steps[step.min(swar.steps.len() - 1)];
    let checks = current
        .lane_bits
        .filter(|_| !current.cells.is_empty())
        .map(|l| (l, lane_popcounts(width, x, l)));

    let tab = |w: u32| {
        let onclick = dispatch.reform(move |_: MouseEvent| Action::SetWidth(w));
        html! {
            <button type="button" class={classes!("tab", (w == width).then_some("active"))} tabindex={tab_stop(w == width)}
                data-choice={format!("width={w}")} {onclick}>{ format!("{w} bits") }</button>
        }
    };

    html! {
        <PanelFrame panel={Panel::Popcount} lede={"The SWAR count adds bits in lanes inside one word: every 2-bit lane becomes the count of its two bits, then every nibble the sum of two pairs, every byte the sum of two nibbles, and one multiply adds all bytes into the top byte. Kernighan's loop clears one set bit a turn; the processor has an instruction for it."}>
            <div class="card">
                <div class="tabs" onkeydown={Roving::Choose.keydown()}>{ for WIDTHS.iter().map(|w| tab(*w)) }</div>
                <NumberInput label="x" name="pop-x" value={x} {width} on_change={dispatch.reform(Action::SetX)} />
                <BitRow word={Word::new(x, width)} on_toggle={dispatch.reform(Action::Toggle)} label="x (click the bits)" readouts={false} />
                <p class={classes!("verdict", "pop-answers", if agree { "ok" } else { "bad" })}>
                    { "SWAR " }<strong class="pop-swar">{ swar_count.clone() }</strong>
                    { " · Kernighan " }<strong class="pop-kernighan">{ turns }</strong>{ " turns" }
                    { " · count_ones " }<strong class="pop-hardware">{ hardware }</strong>
                    { if agree { " ✓ all three agree" } else { " ✗ they differ" } }
                </p>
            </div>
            <div class="cols even">
                <div class="card pop-swar-card">
                    <h3>{ "SWAR: lanes of 2, 4, 8 bits" }</h3>
                    <StepPlayer trace={swar.clone()} {step} on_step={dispatch.reform(Action::Step)} />
                    if let Some(href) = super::lab_code::c_preset_link("popcount") {
                        <p><a class="c-preset-link" data-preset="popcount" {href}>{ "the same count as C code, stepped line by line in the Lab" }</a></p>
                    }
                    if let Some((lane_bits, want)) = checks {
                        { lane_checks_table(lane_bits, &current.cells, &want) }
                    }
                </div>
                <div class="card pop-kernighan-card">
                    <h3>{ format!("Kernighan: x &= x - 1, {turns} turns") }</h3>
                    <StepPlayer trace={kern.clone()} step={kstep} on_step={dispatch.reform(Action::KernighanStep)} />
                    <p class="why">
                        { format!("The instruction: count_ones({}) = {hardware} (i64.popcnt in WebAssembly, POPCNT on x86-64 where the build may use it). Kernighan's loop takes one turn per set bit, so it is quick on sparse words; the SWAR form does the same few operations for any word.",
                            Word::new(x, width).hex()) }
                    </p>
                </div>
            </div>
        </PanelFrame>
    }
}

/// Each lane of the current step against `count_ones` of that lane of x.
fn lane_checks_table(lane_bits: u32, cells: &[i64], want: &[i64]) -> Html {
    html! {
        <div class="table-scroll">
        <table class="data lane-checks">
            <thead><tr><th>{ format!("{lane_bits}-bit lane") }</th><th>{ "holds" }</th><th>{ "count_ones" }</th></tr></thead>
            <tbody>
                { for cells.iter().zip(want.iter()).enumerate().rev().map(|(i, (got, want))| html! {
                    <tr data-lane={i.to_string()}>
                        <td class="num">{ i }</td>
                        <td class="num">{ got }</td>
                        <td class={classes!("num", if got == want { "ok" } else { "bad" })}>{ format!("{want} {}", check_mark(got == want)) }</td>
                    </tr>
                }) }
            </tbody>
        </table>
        </div>
    }
}
