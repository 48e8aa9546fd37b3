//! Nibble board: 64 squares of 4-bit piece codes in 32 bytes, get / set
//! stepped, which byte and nibble a square lives in, the round trip with a
//! FEN's piece placement, and the same board as four u64 words.
//!
//! URL state: `ui::state::NibbleBoardState` (`fen`, `sq`, `op`, `code`,
//! `step`).

pub use super::minis::nibble_board as mini;
use super::PanelProps;
use crate::bits::nibble_board::{
    byte_and_shift, nibble_board_trace, nibble_get_trace, nibble_set_trace, NibbleBoard,
};
use crate::bits::piece::{code_letter, code_name};
use crate::bits::square::square_name;
use crate::bits::word::Word;
use crate::ui::components::{
    notes, panel_link, select_value, tab_stop, BitGrid, BitRow, PlacementInput, Roving, StepPlayer,
};
use crate::ui::state::{BoardOp, NibbleBoardAction as Action, NibbleBoardState, QuadState};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

#[function_component(NibbleBoardPanel)]
pub fn nibble_board_panel(props: &PanelProps) -> Html {
    let state: NibbleBoardState = props.state();
    let dispatch = props.dispatch(&state);
    let placement = state.placement().to_string();
    let NibbleBoardState {
        fen,
        square,
        op,
        code,
        step,
    } = state;

    let parsed = NibbleBoard::from_fen(&placement);
    let board = parsed.clone().unwrap_or_default();
    let traced = use_memo(
        (placement.clone(), square, code, op),
        |(placement, square, code, op)| {
            let board = NibbleBoard::from_fen(placement).unwrap_or_default();
            match op {
                BoardOp::Set => nibble_set_trace(&board, *square, *code),
                BoardOp::Fen => nibble_board_trace(placement),
                BoardOp::Get => nibble_get_trace(&board, *square),
            }
            .map(Rc::new)
            .map_err(|e| e.to_string())
        },
    );

    let pick_square = dispatch.reform(Action::PickSquare);
    let on_step = dispatch.reform(Action::Step);

    let quad_link = panel_link(&QuadState {
            fen: fen.clone(),
            square,
            ..QuadState::default()
        },
        "quad-bitboards (\"vertical nibbles\"): the same position as four bitboards, bit k of every code in board k".into(),
    );

    html! {
        <PanelFrame panel={Panel::NibbleBoard} lede={"A 4-bit piece code per square, two squares per byte: square s lives in byte s >> 1, in the low nibble when s is even and the high nibble when it is odd (shift = (s & 1) << 2). The same 32 bytes are four 64-bit words, a board that fits in four registers."}>
            <div class="card">
                <PlacementInput id="nibble-fen" fen={fen.clone()} on_change={dispatch.reform(Action::SetFen)} />
                if let Err(e) = &parsed {
                    <p class="error-box" role="alert">{ format!("the link's placement is wrong: {e}") }</p>
                }
                { round_trip_view(&board, &placement) }
            </div>
            <div class="cols">
                { codes_card(&board, square, pick_square) }
                <div class="card">
                    { op_tabs(op, code, &dispatch) }
                    { match &*traced {
                        Ok(t) => html! { <StepPlayer trace={t.clone()} {step} {on_step} /> },
                        Err(e) => html! { <p class="error-box">{ e.clone() }</p> },
                    } }
                    { notes(&crate::bits::teach::nibble::corrections(&board, square), &["getpiece"]) }
                </div>
            </div>
            { bytes_card(&board, square, quad_link) }
        </PanelFrame>
    }
}

/// get / set / placement tabs, and the code to write for set.
fn op_tabs(op: BoardOp, code: u8, dispatch: &Callback<Action>) -> Html {
    let pick = |op: BoardOp| dispatch.reform(move |_: MouseEvent| Action::SetOp(op));
    let on_code =
        dispatch.reform(|e: Event| Action::SetCode(select_value(&e).parse().unwrap_or(0)));
    html! {
    <div class="tabs" onkeydown={Roving::Choose.keydown()}>
        <button type="button" class={classes!("tab", (op == BoardOp::Get).then_some("active"))} tabindex={tab_stop(op == BoardOp::Get)} data-op="get" onclick={pick(BoardOp::Get)}>{ "get(square)" }</button>
        <button type="button" class={classes!("tab", (op == BoardOp::Set).then_some("active"))} tabindex={tab_stop(op == BoardOp::Set)} data-op="set" onclick={pick(BoardOp::Set)}>{ "set(square, code)" }</button>
        <button type="button" class={classes!("tab", (op == BoardOp::Fen).then_some("active"))} tabindex={tab_stop(op == BoardOp::Fen)} data-op="fen" onclick={pick(BoardOp::Fen)}>{ "placement → 4 words" }</button>
        if op == BoardOp::Set {
            <label>{ " code " }
                <select class="code-select" onchange={on_code}>
                    { for (0u8..16).map(|c| html! { <option value={c.to_string()} selected={c == code}>{ format!("{c} {}", code_name(c)) }</option> }) }
                </select>
            </label>
        }
    </div>
    }
}

/// The board's codes, a square picked, and where that square's nibble is.
fn codes_card(board: &NibbleBoard, square: u32, pick_square: Callback<u32>) -> Html {
    let codes = board.to_codes();
    let marks = Rc::new(codes.iter().map(|&c| code_letter(c)).collect::<Vec<_>>());
    let occupied = board.occupancy();
    let (byte_index, shift) = byte_and_shift(square);
    html! {
        <div class="card">
            <h3>{ "Codes per square" }</h3>
            <BitGrid board={occupied} highlight={1u64 << square} marks={Some(marks)} on_toggle={pick_square} label="click a square" />
            <p class="mono legend">{ "0 empty · 1–6 white P N B R Q K · 9–14 black p n b r q k (bit 3 = black) · 7, 8, 15 unused" }</p>
            <p class="selected-square">
                { format!("{} = square {square}: byte {byte_index}, {} nibble (shift {shift}), code {} = {}",
                    square_name(square), if shift == 0 { "low" } else { "high" }, codes[square as usize], code_name(codes[square as usize])) }
            </p>
        </div>
    }
}

/// Whether the placement reads back from the board unchanged.
fn round_trip_view(board: &NibbleBoard, placement: &str) -> Html {
    let round_trip = board.to_fen().ok();
    html! {
        <p class={classes!("round-trip", if round_trip.as_deref() == Some(placement) { "ok" } else { "bad" })}>
            { match &round_trip {
                Some(back) if *back == placement => "round trip: to_fen(from_fen(placement)) == placement ✓".to_string(),
                Some(back) => format!("round trip gives {back}"),
                None => "no round trip".to_string(),
            } }
        </p>
    }
}

/// The 32 bytes (the square's nibble marked) and the same board as four
/// u64 words.
fn bytes_card(board: &NibbleBoard, square: u32, quad_link: Html) -> Html {
    let (byte_index, shift) = byte_and_shift(square);
    let (square_word, square_nibble) = NibbleBoard::word_nibble(square);
    let words = board.to_words();
    html! {
    <div class="card">
        <h3>{ "The 32 bytes" }</h3>
        <div class="byte-grid">
            { for board.0.iter().enumerate().map(|(i, byte)| {
                let here = i == byte_index;
                html! {
                    <div class={classes!("byte", here.then_some("here"))} title={format!("byte {i}: {} (high) and {} (low)", square_name(2 * i as u32 + 1), square_name(2 * i as u32))}>
                        <span class="byte-index">{ i }</span>
                        <span class="mono">
                            <span class={classes!((here && shift == 4).then_some("nib-here"))}>{ format!("{:x}", byte >> 4) }</span>
                            <span class={classes!((here && shift == 0).then_some("nib-here"))}>{ format!("{:x}", byte & 15) }</span>
                        </span>
                        <span class="byte-squares">{ format!("{}|{}", square_name(2 * i as u32 + 1), square_name(2 * i as u32)) }</span>
                    </div>
                }
            }) }
        </div>
        <h3>{ "The same board as four u64 words" }</h3>
        { for words.iter().enumerate().map(|(k, w)| html! {
            <BitRow word={Word::new(*w, 64)} lane_bits={4} readouts={false}
                highlight={if k == square_word { square_nibble } else { 0 }}
                label={format!("word {k}: squares {}–{}, {}", square_name(16 * k as u32), square_name(16 * k as u32 + 15), Word::new(*w, 64).hex())} />
        }) }
        <p class="see-also">{ "See also: " }{ quad_link }</p>
    </div>
    }
}
