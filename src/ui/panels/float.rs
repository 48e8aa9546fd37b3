//! The Float panel: one value's bits in a chosen IEEE-754 format (binary16,
//! bfloat16, binary32, binary64, the 8-bit E5M2 and E4M3), each bit a
//! button, the fields coloured, the value exact; the value made from its
//! bits, from a typed number, by one operation rounded once, or by a
//! conversion, each stepped (`bits::float`); the same value in every
//! format with its rounding error; the neighbouring floats on a line; the
//! special values one click away.
//!
//! URL state: `ui::state::FloatState` (`f`, `mode`, `bits`, `n`, `op`,
//! `a`, `b`, `c`, `to`, `step`).

use super::float_cards::{
    shown, shows_sum, BitsCard, FormatsCard, InvSqrtErrorsCard, LineCard, Shown, SpecialsCard,
    SumCard,
};
pub use super::minis::float as mini;
use super::PanelProps;
use crate::bits::float::arith::Op;
use crate::bits::float::format::{Format, ALL};
use crate::bits::float::tricks::FloatTrick;
use crate::ui::components::{input_value, on_select, tab_stop, Roving, StepPlayer};
use crate::ui::state::{FloatAction as Action, FloatMode, FloatState};
use crate::ui::{components::PanelFrame, registry::Panel};
use yew::prelude::*;

#[function_component(FloatPanel)]
pub fn float_panel(props: &PanelProps) -> Html {
    let state: FloatState = props.state();
    let dispatch = props.dispatch(&state);
    let computed = use_memo(state.clone(), shown);
    // the last value that read stays while a typed text does not
    let last = use_mut_ref(|| None::<Shown>);
    let error = match &*computed {
        Ok(v) => {
            *last.borrow_mut() = Some(v.clone());
            None
        }
        Err(e) => Some(e.clone()),
    };
    let value = last.borrow().clone();
    html! {
        <PanelFrame panel={Panel::Float} lede={"A float is three fields: a sign, an exponent and a fraction. Click a bit, type a number or do one operation: every value is shown exactly (every decimal digit), with how it was rounded and the floats around it. The same value in the six formats used today: IEEE binary16, binary32 and binary64, bfloat16, and the 8-bit E5M2 and E4M3 of machine learning."}>
            <InputsCard state={state.clone()} dispatch={dispatch.clone()} error={error.clone()} />
            if let Some(v) = value {
                <div class={classes!("float-shown", error.is_some().then_some("stale-run"))}>
                    <BitsCard shown={v.clone()} dispatch={dispatch.clone()} />
                    <div class="cols even">
                        <div class="card float-steps">
                            <h3>{ "Step by step" }</h3>
                            <StepPlayer trace={v.trace.clone()} step={state.step} on_step={dispatch.reform(Action::Step)} />
                        </div>
                        <FormatsCard shown={v.clone()} typed={(state.mode == FloatMode::Number).then(|| state.number.clone())} />
                    </div>
                    if state.mode == FloatMode::Trick && matches!(state.trick, FloatTrick::InvSqrt | FloatTrick::InvSqrtLomont) {
                        <InvSqrtErrorsCard />
                    }
                    if shows_sum(&state) {
                        <SumCard state={state.clone()} />
                    }
                    <div class="cols even">
                        <LineCard shown={v.clone()} dispatch={dispatch.clone()} />
                        <SpecialsCard format={v.format} shown={v.decoded.bits} dispatch={dispatch.clone()} />
                    </div>
                </div>
            }
        </PanelFrame>
    }
}

#[derive(Properties, PartialEq)]
struct InputsProps {
    state: FloatState,
    dispatch: Callback<Action>,
    error: Option<String>,
}

/// The format, the mode and the mode's fields.
#[function_component(InputsCard)]
fn inputs_card(props: &InputsProps) -> Html {
    let InputsProps {
        state,
        dispatch,
        error,
    } = props;
    let format_tab = |f: Format| {
        let on = f == state.format;
        let onclick = dispatch.reform(move |_: MouseEvent| Action::SetFormat(f));
        html! { <button type="button" class={classes!("tab", on.then_some("active"))} tabindex={tab_stop(on)}
        role="tab" aria-selected={on.to_string()} data-choice={format!("f={}", f.name)} {onclick}>{ f.name }</button> }
    };
    let mode_tab = |m: FloatMode| {
        let on = m == state.mode;
        let onclick = dispatch.reform(move |_: MouseEvent| Action::SetMode(m));
        html! { <button type="button" class={classes!("tab", on.then_some("active"))} tabindex={tab_stop(on)}
        role="tab" aria-selected={on.to_string()} data-choice={format!("mode={}", m.param())} {onclick}>{ m.label() }</button> }
    };
    html! {
        <div class="card float-inputs">
            <div class="tabs float-formats" role="tablist" aria-label="format" onkeydown={Roving::Choose.keydown()}>{ for ALL.iter().map(|f| format_tab(*f)) }</div>
            <div class="tabs float-modes" role="tablist" aria-label="the value from" onkeydown={Roving::Choose.keydown()}>{ for FloatMode::ALL.iter().map(|m| mode_tab(*m)) }</div>
            { mode_fields(state, dispatch) }
            if let Some(e) = error { <p class="error float-error" role="alert">{ e.clone() }</p> }
        </div>
    }
}

/// A text field of the panel.
fn text_field(id: &str, label: &str, value: &str, on: Callback<String>) -> Html {
    let oninput = Callback::from(move |e: InputEvent| on.emit(input_value(&e)));
    html! {
        <div class="field">
            <label for={id.to_string()}>{ label.to_string() }</label>
            <input id={id.to_string()} type="text" spellcheck="false" autocomplete="off" value={value.to_string()} {oninput} />
        </div>
    }
}

fn mode_fields(state: &FloatState, dispatch: &Callback<Action>) -> Html {
    match state.mode {
        FloatMode::Bits => {
            let on = dispatch.reform(|t: String| {
                let t = t
                    .trim()
                    .trim_start_matches("0x")
                    .trim_start_matches("0X")
                    .to_string();
                Action::SetBits(u64::from_str_radix(&t, 16).unwrap_or(0))
            });
            let digits = state.format.width().div_ceil(4) as usize;
            text_field(
                "float-bits",
                "the bits, in hex",
                &format!("{:0digits$x}", state.bits),
                on,
            )
        }
        FloatMode::Number => text_field(
            "float-number",
            "a number (0.1, -1e-40, 0x1.8p3, 1/3, inf, nan)",
            &state.number,
            dispatch.reform(Action::SetNumber),
        ),
        FloatMode::Op => op_fields(state, dispatch),
        FloatMode::Trick => trick_fields(state, dispatch),
        FloatMode::Convert => {
            let on_to = on_select(dispatch, |v: &str| {
                ALL.iter().find(|f| f.name == v).map(|f| Action::SetTo(*f))
            });
            html! {
                <div class="field-row">
                    { text_field("float-number", &format!("a number (or 0x bits) in {}", state.format.name), &state.number, dispatch.reform(Action::SetNumber)) }
                    <div class="field">
                        <label for="float-to">{ "converted to" }</label>
                        <select id="float-to" onchange={on_to}>{ for ALL.iter().map(|f| html! { <option value={f.name} selected={*f == state.to}>{ f.name }</option> }) }</select>
                    </div>
                </div>
            }
        }
    }
}

/// The trick and the number it runs on.
fn trick_fields(state: &FloatState, dispatch: &Callback<Action>) -> Html {
    let on_trick = on_select(dispatch, |v: &str| {
        FloatTrick::ALL
            .iter()
            .find(|t| t.name() == v)
            .map(|t| Action::SetTrick(*t))
    });
    let label = if state.trick == FloatTrick::IntToDouble {
        "an integer, 0 to 4294967295"
    } else {
        "x, a binary32"
    };
    html! {
        <div class="field-row float-trick">
            <div class="field">
                <label for="float-trick">{ "trick" }</label>
                <select id="float-trick" onchange={on_trick}>{ for FloatTrick::ALL.iter().map(|t| html! { <option value={t.name()} selected={*t == state.trick}>{ t.title() }</option> }) }</select>
            </div>
            { text_field("float-number", label, &state.number, dispatch.reform(Action::SetNumber)) }
        </div>
    }
}

/// a, the operation, b (and c for fma; c is what a sum is compared with).
fn op_fields(state: &FloatState, dispatch: &Callback<Action>) -> Html {
    let on_op = on_select(dispatch, |v: &str| {
        Op::ALL
            .iter()
            .find(|o| o.name() == v)
            .map(|o| Action::SetOp(*o))
    });
    let operand = |k: usize, label: &str, value: &str| {
        text_field(
            &format!("float-{}", ["a", "b", "c"][k]),
            label,
            value,
            dispatch.reform(move |t| Action::SetOperand(k, t)),
        )
    };
    let c_label = if state.op == Op::Fma {
        "c (a × b + c)"
    } else {
        "compare the sum with"
    };
    html! {
        <div class="field-row float-op">
            { operand(0, "a", &state.a) }
            <div class="field">
                <label for="float-op">{ "operation" }</label>
                <select id="float-op" onchange={on_op}>{ for Op::ALL.iter().map(|o| html! { <option value={o.name()} selected={*o == state.op}>{ o.symbol() }</option> }) }</select>
            </div>
            if state.op.arity() >= 2 { { operand(1, "b", &state.b) } }
            if state.op == Op::Fma || state.op == Op::Add { { operand(2, c_label, &state.c) } }
        </div>
    }
}
