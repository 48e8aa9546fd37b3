//! Trits: two occupancy bitboards to a ternary board (0 empty, 1 first,
//! 2 second), overlap rejected with the squares named, 5 trits packed per
//! byte and back, and the same words read under two square orders.
//!
//! URL state: `ui::state::TritsState` (`a`, `b`, `order`, `step`).

pub use super::minis::trits as mini;
use super::PanelProps;
use crate::bits::teach::trit::{corrections, why as why_text};
use crate::bits::teach::Correction;
use crate::bits::trit::{
    efficiency, pack, to_trits_in, trits_trace, unpack, SquareOrder, TritError, PACKED_LEN,
};
use crate::chess::teach::fen_for_sets;
use crate::ui::components::{
    notes, panel_link, tab_stop, why, BitGrid, NumberInput, Roving, StepPlayer,
};
use crate::ui::state::{PositionState, TritBoard, TritsAction as Action, TritsState};
use crate::ui::{components::PanelFrame, registry::Panel};
use std::rc::Rc;
use yew::prelude::*;

fn marks(trits: &[u8; 64]) -> Rc<Vec<String>> {
    Rc::new(
        trits
            .iter()
            .map(|&t| if t == 0 { String::new() } else { t.to_string() })
            .collect(),
    )
}

#[function_component(TritsPanel)]
pub fn trits_panel(props: &PanelProps) -> Html {
    let state: TritsState = props.state();
    let dispatch = props.dispatch(&state);
    let TritsState { a, b, other, step } = state;
    let traced = use_memo((a, b), |&(a, b)| trits_trace(a, b).map(Rc::new));

    let set = |board: TritBoard| dispatch.reform(move |v: u64| Action::Set(board, v));
    let toggle = |board: TritBoard| dispatch.reform(move |sq: u32| Action::Toggle(board, sq));
    let on_step = dispatch.reform(Action::Step);
    let choose_order =
        |order: SquareOrder| dispatch.reform(move |_: MouseEvent| Action::SetOrder(order));
    let overlap = a & b;
    let sources = corrections(other, a, b).unwrap_or_default();
    // The two occupancy boards as the white and black sets of a position.
    let position_link = match fen_for_sets(a, b) {
        Ok(fen) => panel_link(
            &PositionState {
                fen,
                ..PositionState::default()
            },
            "the first board as white, the second as black, in the Position panel".into(),
        ),
        Err(e) => {
            html! { <p class="link-note">{ format!("No position from these boards: {e}.") }</p> }
        }
    };

    let body = match &*traced {
        Err(TritError::Overlap { squares, .. }) => html! {
            <div class="card">
                <p class="error-box overlap-error" role="alert">
                    { format!("Overlap: both boards occupy {squares}. A square holds one trit, so nothing was converted.") }
                </p>
                <p class="muted">{ "Clear those squares on one of the boards (they are outlined above)." }</p>
            </div>
        },
        Err(e) => html! { <p class="error-box">{ e.to_string() }</p> },
        Ok(trace) => {
            let ours = to_trits_in(SquareOrder::RankFileA1, a, b).unwrap_or([0; 64]);
            html! {
                <>
                <div class="cols">
                    <div class="card">
                        <h3>{ "The ternary board" }</h3>
                        <BitGrid board={a | b} marks={Some(marks(&ours))} label="trits: 0 empty, 1 first, 2 second" />
                        { packed_view(&ours) }
                        { why(why_text()) }
                    </div>
                    <div class="card">
                        <StepPlayer trace={trace.clone()} {step} {on_step} />
                    </div>
                </div>
                { orders_card(a, b, other, &sources, choose_order) }
                </>
            }
        }
    };

    html! {
        <PanelFrame panel={Panel::Trits} lede={"A bitboard has two states per square. Two occupancy bitboards give three: 0 empty, 1 on the first, 2 on the second, as long as they never share a square. Five trits fit in a byte because 3^5 = 243 ≤ 256."}>
            <div class="cols even">
                <div class="card">
                    <NumberInput label="first" name="trit-a" value={a} width={64} on_change={set(TritBoard::A)} />
                    <BitGrid board={a} highlight={overlap} on_toggle={toggle(TritBoard::A)} label="first board (trit 1)" />
                </div>
                <div class="card">
                    <NumberInput label="second" name="trit-b" value={b} width={64} on_change={set(TritBoard::B)} />
                    <BitGrid board={b} highlight={overlap} on_toggle={toggle(TritBoard::B)} label="second board (trit 2)" />
                </div>
            </div>
            { position_link }
            { body }
        </PanelFrame>
    }
}

/// The trits packed 5 to a byte, the round trip, and the efficiency.
fn packed_view(ours: &[u8; 64]) -> Html {
    let packed = pack(ours).unwrap_or([0; PACKED_LEN]);
    let round_trip = unpack(&packed).map(|t| t == *ours).unwrap_or(false);
    let eff = efficiency();
    html! {
        <>
        <h4>{ format!("Packed: 5 trits per byte, {PACKED_LEN} bytes") }</h4>
        <table class="data packed">
            <thead><tr><th>{ "byte" }</th><th>{ "squares" }</th><th>{ "trits (first square weighs 1)" }</th><th>{ "value" }</th></tr></thead>
            <tbody>
                { for packed.iter().enumerate().map(|(k, byte)| {
                    let squares: Vec<usize> = (5 * k..(5 * k + 5).min(64)).collect();
                    let digits: String = squares.iter().map(|&s| char::from(b'0' + ours[s])).collect();
                    html! {
                        <tr>
                            <td class="num">{ k }</td>
                            <td class="mono">{ format!("{}–{}", crate::bits::trit::square_name(squares[0] as u32), crate::bits::trit::square_name(*squares.last().unwrap_or(&0) as u32)) }</td>
                            <td class="mono">{ digits }</td>
                            <td class="num packed-byte">{ byte }</td>
                        </tr>
                    }
                }) }
            </tbody>
        </table>
        <p class={classes!("round-trip", if round_trip { "ok" } else { "bad" })}>
            { if round_trip { "unpack(pack(trits)) == trits ✓" } else { "round trip failed ✗" } }
        </p>
        <p class="muted efficiency">
            { format!("64 × log2 3 = {:.1} bits of information; {} bytes = {} bits hold it ({:.1}% efficient), against {} bits for two bitboards. {} bytes is the least possible at byte granularity.",
                eff.bits_needed, eff.bytes, eff.bits_used, eff.efficiency * 100.0, eff.two_bit_bits, eff.min_bytes) }
        </p>
        </>
    }
}

/// The same two words under our square order and another one.
fn orders_card(
    a: u64,
    b: u64,
    other: SquareOrder,
    sources: &[Correction],
    choose_order: impl Fn(SquareOrder) -> Callback<MouseEvent>,
) -> Html {
    let ours = to_trits_in(SquareOrder::RankFileA1, a, b).unwrap_or([0; 64]);
    let theirs = to_trits_in(other, a, b).unwrap_or([0; 64]);
    html! {
        <div class="card">
            <h3>{ "Which bit is which square?" }</h3>
            <p class="muted">{ "The same two words, read under two square orders, give two different boards: a converter that assumes one order and gets the other is the classic bug. Ours is little-endian rank-file, a1 = bit 0." }</p>
            <div class="tabs" onkeydown={Roving::Choose.keydown()}>
                <button type="button" class={classes!("tab", (other == SquareOrder::RankFileA8).then_some("active"))} tabindex={tab_stop(other == SquareOrder::RankFileA8)} data-order="a8" onclick={choose_order(SquareOrder::RankFileA8)}>{ "vs a8 = bit 0 (ranks flipped)" }</button>
                <button type="button" class={classes!("tab", (other == SquareOrder::FileRankA1).then_some("active"))} tabindex={tab_stop(other == SquareOrder::FileRankA1)} data-order="file" onclick={choose_order(SquareOrder::FileRankA1)}>{ "vs file-major (a1, a2, … = bits 0, 1, …)" }</button>
            </div>
            <div class="grids">
                <BitGrid board={a | b} marks={Some(marks(&ours))} small=true label="a1 = bit 0 (ours)" />
                <BitGrid board={other.to_ours(a | b)} marks={Some(marks(&theirs))} small=true
                    label={if other == SquareOrder::RankFileA8 { "a8 = bit 0" } else { "file-major" }} />
            </div>
            { notes(sources, &["order"]) }
        </div>
    }
}
