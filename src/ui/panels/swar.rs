//! SWAR: lane-wise add, sub and average inside one register, every
//! sub-expression stepped, each lane checked against plain per-lane
//! arithmetic, and the naive whole-word operation with its leaked lanes.
//!
//! URL state: `ui::state::SwarState` (`op`, `width`, `lanes`, `x`, `y`,
//! `step`).

pub use super::minis::swar as mini;
use super::PanelProps;
use crate::bits::swar::{lane_checks, trace, LaneCheck, SwarOp, LANE_BITS, WIDTHS};
use crate::bits::teach::{nibble::placement_of_lanes, swar::why as why_text};
use crate::bits::trace::{check_mark, Step};
use crate::bits::word::{lane_high_bits, lane_low_bits, Word};
use crate::ui::components::{panel_link, tab_stop, why, BitRow, NumberInput, Roving, StepPlayer};
use crate::ui::state::{
    swar_op_param, NibbleBoardState, Operand, SwarAction as Action, SwarState, SWAR_OPS,
};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

#[function_component(SwarPanel)]
pub fn swar_panel(props: &PanelProps) -> Html {
    let state: SwarState = props.state();
    let dispatch = props.dispatch(&state);
    let SwarState {
        op,
        width,
        lane_bits,
        x,
        y,
        step,
    } = state;
    let traced = use_memo(
        (op, width, lane_bits, x, y),
        |&(op, width, lane_bits, x, y)| trace(op, width, lane_bits, x, y).map(Rc::new),
    );
    let trace = match &*traced {
        Ok(t) => t.clone(),
        Err(e) => {
            return html! { <PanelFrame panel={Panel::Swar}><p class="error-box">{ e.to_string() }</p></PanelFrame> }
        }
    };
    // SWAR's 4-bit lanes are a nibble board's squares: x from a1 on, y up to h8.
    let board_link = (lane_bits == 4).then(|| match placement_of_lanes(width, x, y) {
        Ok(fen) => panel_link(&NibbleBoardState { fen, ..NibbleBoardState::default() },
            format!("these {} nibbles of x (from a1) and of y (up to h8) as a nibble board, four u64 words", width / 4),
        ),
        Err(e) => html! { <p class="link-note">{ format!("As a nibble board: {e}.") }</p> },
    });

    html! {
        <PanelFrame panel={Panel::Swar} lede={"SIMD within a register: treat one word as several small lanes and add, subtract or average all of them at once. The trick keeps carries and borrows from crossing into the next lane by handling each lane's top bit (H) or low bit (L) apart."}>
            <OperandsCard state={state.clone()} dispatch={dispatch.clone()} />
            <div class="stack">
                <LanesCard state={state.clone()} naive={trace.steps.last().cloned()} />
                <div class="card">
                    <StepPlayer trace={trace.clone()} {step} on_step={dispatch.reform(Action::Step)} />
                    { why(why_text(width, lane_bits, x, y)) }
                    { board_link.unwrap_or_default() }
                </div>
            </div>
        </PanelFrame>
    }
}

type OperandsProps = super::CardProps<SwarState>;

/// The operation, word and lane tabs, the formula, and the two operands.
#[function_component(OperandsCard)]
fn operands_card(props: &OperandsProps) -> Html {
    let OperandsProps { state, dispatch } = props;
    let SwarState {
        op,
        width,
        lane_bits,
        x,
        y,
        ..
    } = *state;
    let set = |which: Operand| dispatch.reform(move |v: u64| Action::Set(which, v));
    let toggle = |which: Operand| dispatch.reform(move |bit: u32| Action::Toggle(which, bit));
    let tab = |active: bool, key: &'static str, value: String, text: String, action: Action| {
        let onclick = dispatch.reform(move |_: MouseEvent| action);
        html! {
            <button type="button" class={classes!("tab", active.then_some("active"))} tabindex={tab_stop(active)} aria-pressed={active.to_string()}
                data-choice={format!("{key}={value}")} {onclick}>{ text }</button>
        }
    };
    html! {
        <div class="card">
            <div class="tabs">
                <span class="tab-group" role="group" aria-label="operation" onkeydown={Roving::Choose.keydown()}>
                    { for SWAR_OPS.iter().map(|o| tab(*o == op, "op", swar_op_param(*o).to_string(), format!("{o}"), Action::SetOp(*o))) }
                </span>
                <span class="sep"></span>
                <span class="tab-group" role="group" aria-label="word" onkeydown={Roving::Choose.keydown()}>
                    { for WIDTHS.iter().map(|w| tab(*w == width, "width", w.to_string(), format!("{w}-bit word"), Action::SetWidth(*w))) }
                </span>
                <span class="sep"></span>
                <span class="tab-group" role="group" aria-label="lanes" onkeydown={Roving::Choose.keydown()}>
                    { for LANE_BITS.iter().map(|l| tab(*l == lane_bits, "lanes", l.to_string(), format!("{l}-bit lanes"), Action::SetLaneBits(*l))) }
                </span>
            </div>
            <p class="mono formula">{ format!("z = {}", op.formula()) }</p>
            <p class="mono masks">
                { format!("H = {}   L = {}", Word::new(lane_high_bits(width, lane_bits), width).hex(), Word::new(lane_low_bits(width, lane_bits), width).hex()) }
            </p>
            <NumberInput label="x" name="swar-x" value={x} {width} on_change={set(Operand::X)} />
            <BitRow word={Word::new(x, width)} lane_bits={lane_bits} on_toggle={toggle(Operand::X)} label="x (click the bits)" readouts={false} />
            <NumberInput label="y" name="swar-y" value={y} {width} on_change={set(Operand::Y)} />
            <BitRow word={Word::new(y, width)} lane_bits={lane_bits} on_toggle={toggle(Operand::Y)} label="y" readouts={false} />
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct LanesProps {
    state: SwarState,
    /// The trace's last step: the plain whole-word operation, its leaked
    /// lanes highlighted.
    naive: Option<Step>,
}

/// Each lane against plain per-lane arithmetic and the naive operation
/// (computed by `swar::lane_checks`, drawn here).
#[function_component(LanesCard)]
fn lanes_card(props: &LanesProps) -> Html {
    let SwarState {
        op,
        width,
        lane_bits,
        x,
        y,
        ..
    } = props.state;
    let checks = use_memo(
        (op, width, lane_bits, x, y),
        |&(op, width, lane_bits, x, y)| lane_checks(op, width, lane_bits, x, y).unwrap_or_default(),
    );
    let lanes = checks.len();
    let all_ok = checks.iter().all(|l| l.ok);
    let signed_op = op == SwarOp::SignedAverage;
    let exact = if matches!(op, SwarOp::Add | SwarOp::Sub) {
        format!("mod 2^{lane_bits}")
    } else {
        "(floor)".into()
    };
    let naive_expr = props
        .naive
        .as_ref()
        .map(|n| n.expr.clone())
        .unwrap_or_default();
    html! {
        <div class="card">
            <h3>{ "Each lane, checked" }</h3>
            <p class={classes!("verdict", if all_ok { "ok" } else { "bad" })}>
                { if all_ok { format!("all {lanes} lanes equal plain per-lane arithmetic {exact}{}", if signed_op { ", lanes signed" } else { "" }) } else { "a lane differs from the reference".into() } }
            </p>
            <div class="table-scroll">
            <table class="data lanes">
                <thead><tr>
                    <th>{ "lane" }</th><th>{ "x" }</th><th>{ "y" }</th><th>{ "SWAR" }</th><th>{ "signed" }</th><th>{ "reference" }</th>
                    <th>{ naive_expr }</th>
                </tr></thead>
                <tbody>{ for checks.iter().rev().map(|l| lane_row(l, signed_op)) }</tbody>
            </table>
            </div>
            if op == SwarOp::Average {
                <p class="muted signed-note">{ "The signed column shows a lane only where its two sign bits agree: there the unsigned average read as signed is the signed average; where they differ it is off by half the lane's range. The signed average tab corrects it." }</p>
            }
            if let Some(naive) = &props.naive {
                { naive_view(op, lane_bits, naive, &checks) }
            }
        </div>
    }
}

fn lane_row(l: &LaneCheck, signed_op: bool) -> Html {
    html! {
        <tr class={classes!(l.leaked.then_some("leak"))} data-lane={l.lane.to_string()}>
            <td class="num">{ l.lane }</td>
            <td class="num">{ if signed_op { l.sx.to_string() } else { l.x.to_string() } }</td>
            <td class="num">{ if signed_op { l.sy.to_string() } else { l.y.to_string() } }</td>
            <td class="num swar-lane">{ l.swar }</td>
            { match l.signed {
                Some(v) => html! { <td class="num signed">{ v }</td> },
                None => html! { <td class="num signed dim" title="the signs differ: read as signed this is off by 2^(k-1); see the signed average">{ "— signs differ" }</td> },
            } }
            <td class={classes!("num", if l.ok { "ok" } else { "bad" })}>{ format!("{} {}", if signed_op { l.reference_signed.to_string() } else { l.reference.to_string() }, check_mark(l.ok)) }</td>
            <td class={classes!("num", l.leaked.then_some("bad"))}>{ l.naive }{ if l.leaked { " ✗" } else { "" } }</td>
        </tr>
    }
}

/// The naive whole-word result and the lanes something leaked into.
fn naive_view(op: SwarOp, lane_bits: u32, naive: &Step, checks: &[LaneCheck]) -> Html {
    let signed_op = op == SwarOp::SignedAverage;
    let leaked: Vec<String> = checks
        .iter()
        .filter(|l| l.leaked)
        .map(|l| l.lane.to_string())
        .collect();
    let plural = if leaked.len() > 1 { "s" } else { "" };
    let text = if leaked.is_empty() {
        "no carry crossed a lane boundary for these inputs: try larger lanes values".to_string()
    } else if signed_op {
        format!(
            "the unsigned average is wrong as signed in lane{plural} {}: their signs differ",
            leaked.join(", ")
        )
    } else {
        format!(
            "a {} crossed into lane{plural} {}",
            op.leak_name(),
            leaked.join(", ")
        )
    };
    html! {
        <>
        <h4>{ if signed_op { "the unsigned average, without the sign correction".to_string() } else { format!("naive {}", naive.expr) } }</h4>
        <BitRow word={naive.value} lane_bits={lane_bits} highlight={naive.highlight} readouts={false} />
        <p class={classes!("leak-note", if leaked.is_empty() { "ok" } else { "bad" })}>{ text }</p>
        </>
    }
}
