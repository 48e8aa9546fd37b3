//! Bitboard: one 64-bit word on the board under each of the eight square
//! orders, and the classic whole-board operations stepped as SWAR.
//!
//! URL state: `ui::state::BitboardState` (`b` bare hex, `op`, `step`). The
//! orders are `bits::square::SquareOrder`, the operations
//! `bits::board_ops`; this panel draws them.

pub use super::minis::bitboard as mini;
use super::PanelProps;
use crate::bits::board_ops::{trace, BoardOperation};
use crate::bits::square::{Square, SquareOrder};
use crate::bits::word::Word;
use crate::ui::components::{tab_stop, BitGrid, BitRow, NumberInput, Roving, StepPlayer};
use crate::ui::state::{BitboardAction as Action, BitboardState};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

#[function_component(BitboardPanel)]
pub fn bitboard_panel(props: &PanelProps) -> Html {
    let state: BitboardState = props.state();
    let dispatch = props.dispatch(&state);
    let BitboardState { board, op, step } = state;
    let t = use_memo((op, board), |&(op, board)| trace(op, board));
    let shown = t.steps.get(step.min(t.steps.len().saturating_sub(1)));
    let result = t.steps.last().map_or(board, |s| s.value.bits);

    let set_board = dispatch.reform(Action::SetBoard);
    let toggle = dispatch.reform(Action::Toggle);
    let set_op = |o: BoardOperation| dispatch.reform(move |_: MouseEvent| Action::SetOp(o));
    let on_step = dispatch.reform(Action::Step);
    let keep = dispatch.reform(move |_: MouseEvent| Action::SetBoard(result));

    let orders = SquareOrder::ALL.into_iter().map(|o| {
        // each square shows the bit that stands for it under this order
        let marks: Vec<String> = Square::all().map(|s| o.bit(s).to_string()).collect();
        html! {
            <div class="order" data-order={o.slug()}>
                <BitGrid board={o.to_ours(board)} small=true marks={Rc::new(marks)} />
                <p class="order-title">{ o.title() }</p>
            </div>
        }
    });

    html! {
        <PanelFrame panel={Panel::Bitboard} lede={"One 64-bit word, read as a board. Ours is little-endian rank-file: a1 = bit 0, h1 = bit 7, h8 = bit 63. Click squares to edit; type the word in hex, decimal or binary."}>
            <div class="cols even">
                <div class="card">
                    <h3>{ "The word" }</h3>
                    <NumberInput label="board" name="board-word" value={board} width={64} on_change={set_board} />
                    <BitRow word={Word::new(board, 64)} label="board" />
                    <BitGrid {board} on_toggle={toggle} label="ours: little-endian rank-file" />
                </div>
                <div class="card">
                    <h3>{ "Whole-board operations" }</h3>
                    if let Some(href) = super::lab_code::c_preset_link("flip-vertical") {
                        <p><a class="c-preset-link" data-preset="flip-vertical" {href}>{ "the vertical flip as C code (uint64_t), stepped in the Lab" }</a></p>
                    }
                    <div class="tabs ops" onkeydown={Roving::Choose.keydown()} role="tablist">
                        { for BoardOperation::ALL.into_iter().map(|o| html! {
                            <button type="button" role="tab" aria-selected={(o == op).to_string()}
                                class={classes!("tab", (o == op).then_some("active"))} tabindex={tab_stop(o == op)}
                                data-op={o.name()} onclick={set_op(o)}>{ o.name() }</button>
                        }) }
                    </div>
                    <p class="op-effect">{ op.effect() }</p>
                    if let Some(s) = shown {
                        <BitGrid board={s.value.bits} highlight={s.highlight} label={s.expr.clone()} />
                    }
                    <button type="button" class="keep-result" onclick={keep}>{ "use the result as the board" }</button>
                    <StepPlayer trace={t.clone()} {step} {on_step} />
                </div>
            </div>
            <div class="card orders">
                <h3>{ "The same word under the eight square orders" }</h3>
                <p class="muted">{ "Each square shows the bit that stands for it; a dark square is a set bit." }</p>
                <div class="order-grid">{ for orders }</div>
            </div>
        </PanelFrame>
    }
}
