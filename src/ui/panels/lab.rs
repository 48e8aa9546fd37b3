//! Lab: type a C-like bit expression over x, y, z and watch every
//! sub-expression evaluate, innermost first, on words of 8 to 64 bits.
//!
//! URL state: `ui::state::LabState` (`e`, `w`, `x`, `y`, `z`, `step`). The
//! math is `lang::expr`; this panel only draws its trace or its error (with
//! a caret under the column). While the text is wrong, the steps of the last
//! valid expression stay on screen.

use super::lab_code::CodeLab;
use super::lab_compare::CompareCard;
pub use super::minis::lab as mini;
use super::PanelProps;
use crate::bits::trace::Trace;
use crate::bits::word::Word;
use crate::lang::expr::{evaluate, ExprError, Var, Vars, WIDTHS};
use crate::ui::components::{
    caret_error, data_table, input_value, link_list, tab_stop, BitRow, NumberInput, PanelFrame,
    Roving, StepPlayer,
};
use crate::ui::registry::Panel;
use crate::ui::route::Route;
use crate::ui::state::{LabAction as Action, LabMode, LabState, PRESETS};
use std::rc::Rc;
use yew::prelude::*;

#[function_component(LabPanel)]
pub fn lab_panel(props: &PanelProps) -> Html {
    let state: LabState = props.state();
    let dispatch = props.dispatch(&state);
    if state.mode == LabMode::C {
        return html! {
            <PanelFrame panel={Panel::Lab} class="lab-c" intro={mode_tabs(state.mode, &dispatch)}
                lede={"C as GCC runs it on x86-64 (int 32 bits, long 64, -fwrapv): C's promotions and conversions, >> arithmetic on signed values, undefined behaviour named at its line. Step statement by statement; each step shows the variables' bits, the changed ones marked."}>
                <CodeLab state={state.clone()} {dispatch} />
            </PanelFrame>
        };
    }
    let compare = html! { <CompareCard state={state.clone()} dispatch={dispatch.clone()} /> };
    let (outcome, shown) = use_expression_trace(&state);
    let LabState { ref expr, step, .. } = state;
    let on_step = dispatch.reform(Action::Step);

    let error = outcome.as_ref().as_ref().err().map(|e| error_view(expr, e));
    let result = outcome
        .as_ref()
        .as_ref()
        .ok()
        .and_then(|t| t.steps.last())
        .map(|s| {
            html! { <BitRow word={s.value} label="result" /> }
        });
    let steps = shown.map(|t| {
        let current = step.min(t.steps.len().saturating_sub(1));
        html! {
            <>
                if outcome.is_err() {
                    <p class="muted stale">{ "The steps of the last valid expression:" }</p>
                }
                { steps_table(&t, current, &on_step) }
                <StepPlayer trace={t.clone()} {step} {on_step} />
            </>
        }
    });

    html! {
        <PanelFrame panel={Panel::Lab} intro={mode_tabs(state.mode, &dispatch)}
            lede={"Any C expression over unsigned words: ~ - ! (unary), * / %, + -, << >> (logical), < <= > >= (unsigned), == !=, &, ^, |, in C's order, left to right; parentheses group. Arithmetic wraps mod 2^W. Every sub-expression is a step, innermost first."}>
            <div class="cols">
                { expression_card(&state, error, &dispatch) }
                <div class="lab-side">
                    { compare }
                    <div class="card">
                        <h3>{ "Steps" }</h3>
                        { for result }
                        { for steps }
                    </div>
                </div>
            </div>
        </PanelFrame>
    }
}

/// An expression's trace, or why it has none.
type Outcome = Result<Rc<Trace>, ExprError>;

/// The expression's trace or error, and the last valid trace (shown while
/// the text has an error).
#[hook]
fn use_expression_trace(state: &LabState) -> (Rc<Outcome>, Option<Rc<Trace>>) {
    let LabState {
        ref expr,
        width,
        x,
        y,
        z,
        ..
    } = *state;
    let outcome = use_memo((expr.clone(), width, x, y, z), |(e, w, x, y, z)| {
        let vars = Vars {
            x: *x,
            y: *y,
            z: *z,
        };
        evaluate(e, *w, vars).map(Rc::new)
    });
    let last_ok = use_mut_ref(|| None::<Rc<Trace>>);
    if let Ok(t) = &*outcome {
        *last_ok.borrow_mut() = Some(t.clone());
    }
    let shown = last_ok.borrow().clone();
    (outcome, shown)
}

/// "expression | C code".
fn mode_tabs(mode: LabMode, dispatch: &Callback<Action>) -> Html {
    let tab = |m: LabMode, text: &str| {
        let on = m == mode;
        html! {
            <button type="button" role="tab" aria-selected={on.to_string()} data-mode={m.param()}
                class={classes!("tab", on.then_some("active"))} tabindex={tab_stop(on)}
                onclick={dispatch.reform(move |_: MouseEvent| Action::Mode(m))}>{ text.to_string() }</button>
        }
    };
    html! {
        <div class="tabs lab-mode" onkeydown={Roving::Choose.keydown()} role="tablist" aria-label="mode">
            { tab(LabMode::Expr, "expression") }
            { tab(LabMode::C, "C code") }
        </div>
    }
}

/// The expression, its error (if any), the width, the variables and the presets.
fn expression_card(state: &LabState, error: Option<Html>, dispatch: &Callback<Action>) -> Html {
    let LabState { width, x, y, z, .. } = *state;
    let oninput = dispatch.reform(|e: InputEvent| Action::SetExpr(input_value(&e)));
    let set_width = |w: u32| dispatch.reform(move |_: MouseEvent| Action::SetWidth(w));
    let set_var = |v: Var| dispatch.reform(move |n: u64| Action::SetVar(v, n));
    html! {
        <div class="card">
            <h3>{ "Expression" }</h3>
            <div class={classes!("expr-field", error.is_some().then_some("invalid"))}>
                <label for="lab-expr">{ "expression" }</label>
                <input id="lab-expr" name="lab-expr" type="text" spellcheck="false" autocomplete="off"
                    value={state.expr.clone()} {oninput} aria-invalid={error.is_some().to_string()} />
                { for error }
            </div>
            <div class="tabs" onkeydown={Roving::Choose.keydown()} role="tablist" aria-label="width">
                { for WIDTHS.into_iter().map(|w| html! {
                    <button type="button" role="tab" aria-selected={(w == width).to_string()}
                        class={classes!("tab", (w == width).then_some("active"))} tabindex={tab_stop(w == width)}
                        data-width={w.to_string()} onclick={set_width(w)}>{ format!("{w} bits") }</button>
                }) }
            </div>
            <NumberInput label="x" name="lab-x" value={x} {width} on_change={set_var(Var::X)} />
            <NumberInput label="y" name="lab-y" value={y} {width} on_change={set_var(Var::Y)} />
            <NumberInput label="z" name="lab-z" value={z} {width} on_change={set_var(Var::Z)} />
            { presets_view() }
        </div>
    }
}

/// The error under the expression: the text again with a caret at the column.
fn error_view(expr: &str, e: &ExprError) -> Html {
    caret_error(expr, e.column(), e.to_string())
}

/// Every step at once: expression, hex, unsigned, signed; a click shows it.
fn steps_table(t: &Trace, current: usize, on_step: &Callback<usize>) -> Html {
    let rows = t.steps.iter().enumerate().map(|(i, s)| {
        let on_step = on_step.clone();
        let w: Word = s.value;
        html! {
            <tr class={classes!((i == current).then_some("current"))} data-step={i.to_string()}
                onclick={Callback::from(move |_| on_step.emit(i))}>
                <td class="num">{ i + 1 }</td>
                <td><code>{ s.expr.clone() }</code></td>
                <td class="mono hex">{ w.hex() }</td>
                <td class="num unsigned">{ w.bits }</td>
                <td class="num signed">{ w.signed() }</td>
            </tr>
        }
    });
    data_table(
        "lab-steps",
        &["#", "sub-expression", "hex", "unsigned", "signed"],
        rows,
    )
}

fn presets_view() -> Html {
    let items = PRESETS.iter().enumerate().map(|(i, p)| {
        let panel = Route::parse(p.explains).panel;
        html! {
            <li data-preset={p.id}>
                <a class="preset" href={Route::of(&p.state()).to_hash()} tabindex={tab_stop(i == 0)}>{ p.title }</a>
                <code class="preset-expr">{ p.expr }</code>
                <a class="explains" href={p.explains} data-panel={panel.slug()} tabindex="-1">
                    { format!("explained in {}", panel.title()) }
                </a>
            </li>
        }
    });
    link_list("Presets", items)
}
