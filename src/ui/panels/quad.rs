//! Quad-bitboards ("vertical nibbles"): bit k of every square's piece code
//! in bitboard k. The conversion both ways, reading one square from the
//! four boards, and whole-board sets as one expression of the four, all
//! stepped; the nibble board with the same position is one link away.
//!
//! URL state: `ui::state::QuadState` (`fen`, `op`, `sq`, `set`, `step`).

pub use super::minis::quad as mini;
use super::PanelProps;
use crate::bits::nibble_board::NibbleBoard;
use crate::bits::piece::{code_letter, code_name};
use crate::bits::quad::{
    bit_meaning, from_quad_trace, read_trace, set_trace, to_quad_trace, Quad, QuadSet,
};
use crate::bits::square::square_name;
use crate::bits::trace::Trace;
use crate::ui::components::{
    panel_link, select_value, tab_stop, BitGrid, PlacementInput, Roving, StepPlayer,
};
use crate::ui::hooks::use_select_value;
use crate::ui::state::{NibbleBoardState, QuadAction as Action, QuadOp, QuadState};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

#[function_component(QuadPanel)]
pub fn quad_panel(props: &PanelProps) -> Html {
    let state: QuadState = props.state();
    let dispatch = props.dispatch(&state);
    let placement = state.placement().to_string();
    let QuadState {
        fen,
        op,
        square,
        set,
        step,
    } = state;
    let parsed = NibbleBoard::from_fen(&placement);
    let board = parsed.clone().unwrap_or_default();
    let quad = Quad::from_board(&board);
    let traced = use_memo((board, op, square, set), |(board, op, square, set)| {
        let q = Quad::from_board(board);
        Rc::new(match op {
            QuadOp::ToQuad => to_quad_trace(board),
            QuadOp::FromQuad => from_quad_trace(&q),
            QuadOp::Read => read_trace(&q, *square),
            QuadOp::Set => set_trace(&q, *set),
        })
    });

    let read = dispatch.reform(Action::Read);
    let set_ref = use_select_value(set.slug().to_string());

    let lit = if op == QuadOp::Set {
        set.eval(&quad)
    } else {
        1u64 << square
    };
    let nibble_link = panel_link(
        &NibbleBoardState {
            fen: fen.clone(),
            square,
            ..NibbleBoardState::default()
        },
        "the same position on the Nibble board (4 bits a square, side by side)".into(),
    );

    html! {
        <PanelFrame panel={Panel::Quad} lede={"A nibble board keeps each square's 4-bit code together; quad-bitboards keep each bit of the codes together. Bitboard k holds bit k of every square's code (a1 = bit 0), so four u64 hold the whole position, and a set such as all sliders is one boolean expression of the four."}>
            <div class="card">
                <PlacementInput id="quad-fen" fen={fen.clone()} on_change={dispatch.reform(Action::SetFen)} />
                if let Err(e) = &parsed {
                    <p class="error-box" role="alert">{ format!("the link's placement is wrong: {e}") }</p>
                }
                { nibble_link }
            </div>
            <div class="cols">
                { codes_card(&quad, &board, square, read.clone()) }
                <div class="card">
                    { op_tabs(op, set, &dispatch, set_ref) }
                    <StepPlayer trace={(*traced).clone()} {step} on_step={dispatch.reform(Action::Step)} />
                    if op == QuadOp::FromQuad {
                        { codes_so_far(&traced, step) }
                    }
                    if op == QuadOp::Set {
                        { set_view(&quad, set, read.clone()) }
                    }
                </div>
            </div>
            { four_boards(&quad, lit, read) }
        </PanelFrame>
    }
}

/// The codes on the board; the square read bit by bit from the four boards.
fn codes_card(quad: &Quad, board: &NibbleBoard, square: u32, read: Callback<u32>) -> Html {
    let codes = quad.to_codes();
    let marks = Rc::new(codes.iter().map(|&c| code_letter(c)).collect::<Vec<_>>());
    let code = codes[square as usize];
    html! {
    <div class="card">
        <h3>{ "Codes per square" }</h3>
        <BitGrid board={board.occupancy()} highlight={1u64 << square} marks={Some(marks)} on_toggle={read.clone()} label="click a square to read it" />
        <p class="mono legend">{ "code = q0 | q1 << 1 | q2 << 2 | q3 << 3 · 1–6 P N B R Q K · +8 black" }</p>
        <p class="quad-square">
            { format!("{} = bit {square}: code {code} = {} = {}", square_name(square), (0..4).rev().map(|k| (code >> k & 1).to_string()).collect::<String>(), code_name(code)) }
        </p>
    </div>
    }
}

/// The operation tabs and the piece-set choice.
fn op_tabs(op: QuadOp, set: QuadSet, dispatch: &Callback<Action>, set_ref: NodeRef) -> Html {
    let pick = |o: QuadOp| dispatch.reform(move |_: MouseEvent| Action::SetOp(o));
    let on_set = dispatch.reform(|e: Event| {
        Action::PickSet(QuadSet::from_slug(&select_value(&e)).unwrap_or(QuadSet::Sliders))
    });
    html! {
    <div class="tabs" onkeydown={Roving::Choose.keydown()}>
        { for QuadOp::ALL.iter().map(|o| html! {
            <button type="button" class={classes!("tab", (*o == op).then_some("active"))} tabindex={tab_stop(*o == op)} data-op={o.param()} onclick={pick(*o)}>{ o.title() }</button>
        }) }
        <label>{ " set " }
            <select class="quad-set" onchange={on_set} ref={set_ref}>
                { for QuadSet::ALL.iter().map(|s| html! { <option value={s.slug()} selected={*s == set}>{ s.title() }</option> }) }
            </select>
        </label>
    </div>
    }
}

/// A piece set's squares, marked with their pieces.
fn set_view(quad: &Quad, set: QuadSet, read: Callback<u32>) -> Html {
    let board = set.eval(quad);
    let marks = quad
        .to_codes()
        .iter()
        .enumerate()
        .map(|(s, &c)| {
            if board >> s & 1 == 1 {
                code_letter(c)
            } else {
                String::new()
            }
        })
        .collect::<Vec<_>>();
    html! {
        <BitGrid {board} marks={Some(Rc::new(marks))} on_toggle={read}
            label={format!("{}: {} squares", set.title(), board.count_ones())} />
    }
}

/// q0..q3, each with what its bit means; `lit` marks the squares in play.
fn four_boards(quad: &Quad, lit: u64, read: Callback<u32>) -> Html {
    html! {
        <div class="card">
            <h3>{ "The four boards" }</h3>
            <div class="grids quad-boards">
                { for quad.0.iter().enumerate().map(|(k, &b)| html! {
                    <div class="quad-board" data-board={k.to_string()}>
                        <BitGrid board={b} highlight={lit} small=true on_toggle={read.clone()} label={format!("q{k}")} />
                        <p class="muted">{ bit_meaning(k as u32) }</p>
                    </div>
                }) }
            </div>
        </div>
    }
}

/// The board the conversion from quad-bitboards has filled in by `step`.
fn codes_so_far(trace: &Trace, step: usize) -> Html {
    let Some(cells) = trace
        .steps
        .get(step.min(trace.steps.len().saturating_sub(1)))
        .map(|s| &s.cells)
        .filter(|c| c.len() == 64)
    else {
        return Html::default();
    };
    let board = cells
        .iter()
        .enumerate()
        .fold(0u64, |m, (s, &c)| if c != 0 { m | 1 << s } else { m });
    let marks = cells
        .iter()
        .map(|c| {
            if *c == 0 {
                String::new()
            } else {
                c.to_string()
            }
        })
        .collect::<Vec<_>>();
    html! { <BitGrid {board} marks={Some(Rc::new(marks))} label="the codes so far" /> }
}
