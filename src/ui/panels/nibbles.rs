//! Signed nibbles: the 16-row two's complement table, sign extension
//! `(x ^ 8) - 8` and negation stepped on a chosen nibble.
//!
//! URL state: `ui::state::NibblesState` (`x` as bare hex, `op`, `step`).

pub use super::minis::nibbles as mini;
use super::PanelProps;
use crate::bits::nibble::{negate_trace, sign_extend_trace, signed_table};
use crate::bits::word::Word;
use crate::ui::components::{data_table, tab_stop, BitRow, NumberInput, Roving, StepPlayer};
use crate::ui::state::{NibbleOp as Op, NibblesAction as Action, NibblesState};
use crate::ui::{components::PanelFrame, registry::Panel};
use yew::prelude::*;

#[function_component(NibblesPanel)]
pub fn nibbles_panel(props: &PanelProps) -> Html {
    let state: NibblesState = props.state();
    let dispatch = props.dispatch(&state);
    let NibblesState { x, op, step } = state;
    let trace = use_memo((x, op), |&(x, op)| match op {
        Op::SignExtend => sign_extend_trace(x),
        Op::Negate => negate_trace(x),
    });
    let table = use_memo((), |_| signed_table());

    // Choosing a new nibble or operation starts the steps again (the state's rule).
    let set_x = dispatch.reform(Action::SetX);
    let toggle_bit = dispatch.reform(Action::ToggleBit);
    let set_op = |o: Op| dispatch.reform(move |_: MouseEvent| Action::SetOp(o));
    let on_step = dispatch.reform(Action::Step);

    let rows = table.iter().map(|row| {
        let chosen = row.nibble == x;
        let set_x = set_x.clone();
        let v = row.nibble as u64;
        html! {
            <tr class={classes!(chosen.then_some("chosen"), (row.signed < 0).then_some("neg"))}
                data-nibble={row.hex()} onclick={Callback::from(move |_| set_x.emit(v))}>
                <td class="mono">
                    <span class="signbit">{ &row.binary()[..1] }</span>{ &row.binary()[1..] }{ "B" }
                </td>
                <td class="mono">{ row.hex() }</td>
                <td class="num">{ row.unsigned }</td>
                <td class="num signed">{ row.signed }</td>
            </tr>
        }
    });

    html! {
        <PanelFrame panel={Panel::Nibbles} lede={"A nibble is four bits, one hex digit. Read as two's complement, bit 3 is the sign bit: it weighs −8 instead of +8, so 1011B is −8 + 2 + 1 = −5. Click a row, a bit, or type a value."}>
            <div class="cols">
                <div class="card table-card">
                    <h3>{ "The 16 nibbles" }</h3>
                    { data_table("nibble-table", &["binary", "hex", "unsigned", "signed"], rows) }
                </div>
                <div class="card">
                    <h3>{ "Your nibble" }</h3>
                    <NumberInput label="x" name="nibble-x" value={x as u64} width={4} on_change={set_x} />
                    <BitRow word={Word::new(x as u64, 4)} highlight={0b1000u64} on_toggle={toggle_bit} label="x" />
                    <div class="tabs" onkeydown={Roving::Choose.keydown()} role="tablist">
                        { for Op::ALL.into_iter().map(|o| html! {
                            <button type="button" role="tab" aria-selected={(o == op).to_string()}
                                class={classes!("tab", (o == op).then_some("active"))} tabindex={tab_stop(o == op)}
                                data-op={o.param()} onclick={set_op(o)}>{ o.title() }</button>
                        }) }
                    </div>
                    <StepPlayer trace={trace.clone()} step={step} {on_step} />
                </div>
            </div>
        </PanelFrame>
    }
}
