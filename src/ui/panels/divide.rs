//! Division by a constant: the multiplier and shift derived as a compiler
//! does (`bits::divide`, `bits::divide_signed`), the derivation in words
//! with its proof, the code stepped on `x` against `x / d`, the remainder,
//! and the divisibility test by the inverse (`bits::divide_steps`).
//!
//! URL state: `ui::state::DivideState` (`d`, `width`, `signed`, `x`,
//! `step`, `tstep`).

pub use super::minis::divide as mini;
use super::PanelProps;
use crate::bits::divide::derive;
use crate::bits::divide_signed::derive_signed;
use crate::bits::divide_steps::{
    explain, explain_signed, signed_trace, unsigned_trace, Divisibility,
};
use crate::bits::trace::Trace;
use crate::bits::word::{sign_extend, Word};
use crate::ui::components::{input_value, tab_stop, BitRow, NumberInput, Roving, StepPlayer};
use crate::ui::state::{
    divisor_fits, CodeState, DivideAction as Action, DivideState, LabMode, LabState, DIVIDE_WIDTHS,
};
use crate::ui::{components::PanelFrame, registry::Panel, route::Route};
use std::rc::Rc;
use yew::prelude::*;

/// What the panel computes from its state.
#[derive(PartialEq)]
struct Derived {
    lines: Vec<String>,
    quotient: Rc<Trace>,
    test: Option<Rc<Trace>>,
    c_source: String,
    expected: String,
}

fn derived(s: &DivideState) -> Result<Derived, String> {
    let w = s.width;
    if s.signed {
        let der = derive_signed(s.d, w).map_err(|e| e.to_string())?;
        let x = sign_extend(s.x, w);
        let expected = if s.d == -1 { x.wrapping_neg() } else { x / s.d };
        return Ok(Derived {
            lines: explain_signed(&der),
            quotient: Rc::new(signed_trace(&der, x)),
            test: None,
            c_source: der.c_source(),
            expected: format!("{x} / {} = {}", s.d, sign_extend(expected as u64, w)),
        });
    }
    let d = s.d as u64;
    let der = derive(d, w).map_err(|e| e.to_string())?;
    Ok(Derived {
        lines: explain(&der),
        quotient: Rc::new(unsigned_trace(&der, s.x)),
        test: Divisibility::new(d, w).map(|t| Rc::new(t.trace(s.x))),
        c_source: der.c_source(),
        expected: format!("{} / {d} = {}", s.x, s.x / d),
    })
}

#[function_component(DividePanel)]
pub fn divide_panel(props: &PanelProps) -> Html {
    let state: DivideState = props.state();
    let dispatch = props.dispatch(&state);
    let made = use_memo(state.clone(), derived);
    let body = match &*made {
        Ok(made) => html! {
            <>
            <div class="cols even">
                <div class="card divide-derivation">
                    <h3>{ "The derivation" }</h3>
                    <ol class="divide-lines">{ for made.lines.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ol>
                    { lab_link(&state, &made.c_source) }
                </div>
                <div class="card divide-steps">
                    <h3>{ "The code, step by step" }</h3>
                    <StepPlayer trace={made.quotient.clone()} step={state.step} on_step={dispatch.reform(Action::Step)} />
                    <p class="verdict ok divide-check">{ format!("C's answer: {} ✓", made.expected) }</p>
                </div>
            </div>
            { divisibility_card(&state, made.test.clone(), &dispatch) }
            </>
        },
        Err(e) => html! { <p class="error-box">{ e.clone() }</p> },
    };
    html! {
        <PanelFrame panel={Panel::Divide} lede={"A divide takes 20 to 90 cycles; a multiply 3. Compilers turn x / d into a multiply by a rounded reciprocal of d and a shift, chosen so that the rounding error never reaches the next quotient: here is that choice, derived and proven for every input, then run on your x."}>
            <InputsCard state={state.clone()} dispatch={dispatch.clone()} />
            { body }
        </PanelFrame>
    }
}

type InputsProps = super::CardProps<DivideState>;

/// Unsigned or signed, the width, the divisor and the dividend.
#[function_component(InputsCard)]
fn inputs_card(props: &InputsProps) -> Html {
    let InputsProps { state, dispatch } = props;
    let (width, signed) = (state.width, state.signed);
    let width_tab = |w: u32| {
        let onclick = dispatch.reform(move |_: MouseEvent| Action::SetWidth(w));
        html! {
            <button type="button" class={classes!("tab", (w == width).then_some("active"))} tabindex={tab_stop(w == width)}
                data-choice={format!("width={w}")} {onclick}>{ format!("{w} bits") }</button>
        }
    };
    let sign_tab = |s: bool| {
        let onclick = dispatch.reform(move |_: MouseEvent| Action::SetSigned(s));
        html! {
            <button type="button" class={classes!("tab", (s == signed).then_some("active"))} tabindex={tab_stop(s == signed)}
                data-choice={format!("signed={}", u8::from(s))} {onclick}>{ if s { "signed" } else { "unsigned" } }</button>
        }
    };
    let x_label = if signed {
        format!("x = {}", sign_extend(state.x, width))
    } else {
        format!("x = {}", state.x)
    };
    html! {
        <div class="card divide-inputs">
            <div class="tabs" onkeydown={Roving::Choose.keydown()}>{ sign_tab(false) }{ sign_tab(true) }</div>
            <div class="tabs" onkeydown={Roving::Choose.keydown()}>{ for DIVIDE_WIDTHS.iter().map(|w| width_tab(*w)) }</div>
            <DivisorInput d={state.d} {width} {signed} on_change={dispatch.reform(Action::SetD)} />
            <NumberInput label="x" name="divide-x" value={state.x} {width} on_change={dispatch.reform(Action::SetX)} />
            <BitRow word={Word::new(state.x, width)} on_toggle={dispatch.reform(Action::Toggle)} label={x_label} readouts={false} />
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct DivisorProps {
    d: i64,
    width: u32,
    signed: bool,
    on_change: Callback<i64>,
}

/// The divisor, in decimal (or 0x..); a wrong one says why and keeps the
/// last good divisor.
#[function_component(DivisorInput)]
fn divisor_input(props: &DivisorProps) -> Html {
    let error = use_state(|| None::<String>);
    let (width, signed) = (props.width, props.signed);
    let oninput = {
        let (error, on_change) = (error.clone(), props.on_change.clone());
        Callback::from(
            move |e: InputEvent| match read_divisor(&input_value(&e), width, signed) {
                Ok(d) => {
                    error.set(None);
                    on_change.emit(d);
                }
                Err(why) => error.set(Some(why)),
            },
        )
    };
    let range = if signed {
        format!(
            "non-zero, {} to {}",
            -(1i128 << (width - 1)),
            (1i128 << (width - 1)) - 1
        )
    } else {
        format!("1 to {}", crate::bits::word::mask(width))
    };
    html! {
        <div class={classes!("number-input", error.is_some().then_some("invalid"))}>
            <label for="divide-d">{ "d" }</label>
            <input id="divide-d" name="divide-d" type="text" spellcheck="false" autocomplete="off" inputmode="text"
                value={props.d.to_string()} {oninput} aria-invalid={error.is_some().to_string()} placeholder={range.clone()} />
            if let Some(e) = &*error {
                <span class="error" role="alert" data-error-for="divide-d">{ e.clone() }</span>
            } else {
                <span class="hint">{ format!("the divisor: {range}") }</span>
            }
        </div>
    }
}

/// `text` as a divisor at this width and signedness.
fn read_divisor(text: &str, width: u32, signed: bool) -> Result<i64, String> {
    let t = text.trim();
    let (negative, digits) = t.strip_prefix('-').map_or((false, t), |r| (true, r));
    let magnitude = crate::bits::word::parse_number(digits, 64).map_err(|e| e.to_string())?;
    let d = i64::try_from(magnitude)
        .map(|m| if negative { -m } else { m })
        .map_err(|_| "too large".to_string())?;
    if divisor_fits(d, width, signed) {
        Ok(d)
    } else if signed {
        Err(format!(
            "not a divisor of {width}-bit signed x: non-zero and within the width"
        ))
    } else {
        Err(format!(
            "not a divisor of {width}-bit unsigned x: 1 to 2^{width} - 1"
        ))
    }
}

/// `x % d == 0` by the inverse (unsigned), stepped.
fn divisibility_card(
    state: &DivideState,
    test: Option<Rc<Trace>>,
    dispatch: &Callback<Action>,
) -> Html {
    let Some(trace) = test else {
        return html! { <p class="why">{ "The divisibility test by the inverse is shown for unsigned division." }</p> };
    };
    let d = state.d as u64;
    let yes = state.x.is_multiple_of(d);
    html! {
        <div class="card divide-test">
            <h3>{ format!("Does {d} divide x? Multiply by the inverse") }</h3>
            <StepPlayer {trace} step={state.tstep} on_step={dispatch.reform(Action::TestStep)} />
            <p class="verdict ok divide-test-check">{ format!("x % {d} == 0 is {yes} ✓") }</p>
        </div>
    }
}

/// The code in the Lab, with `x / d` to compare it with (the prover
/// decides it there: by the error bound, or every input at 8 and 16 bits).
fn lab_link(state: &DivideState, c_source: &str) -> Html {
    let html_code =
        html! { <pre class="code divide-c" tabindex="0">{ c_source.to_string() }</pre> };
    if state.width == 64 {
        return html! { <>{ html_code }<p class="why">{ "At 64 bits the product needs 128 bits, which the Lab's C subset does not have: the derivation above is the proof." }</p></> };
    }
    let ty = c_source.split('(').next().unwrap_or_default();
    let ty = ty.rsplit_once(' ').map_or(ty, |(t, _)| t);
    let spec = format!("{ty} spec({ty} x)\n{{\n    return x / {};\n}}\n", state.d);
    let lab = LabState {
        mode: LabMode::C,
        code: CodeState {
            src: c_source.to_string(),
            func: None,
            args: Vec::new(),
            cmp: spec,
        },
        ..LabState::default()
    };
    let href = Route::of(&lab).to_hash();
    // (the Lab's prover reads a plain multiply and shift as a floor and
    // decides it; the add fix-up is two floors summed, which it does not)
    let note = (state.width == 32 && c_source.contains("hi")).then(|| html! {
        <p class="why">{ "At 32 bits the Lab's prover decides a plain multiply and shift exactly, but not the add fix-up: there it samples, and the derivation above is the proof." }</p>
    });
    html! {
        <>
        { html_code }
        <p><a class="divide-lab" {href}>{ "Step this C in the Lab and prove it equal to x / d" }</a></p>
        { note.unwrap_or_default() }
        </>
    }
}
