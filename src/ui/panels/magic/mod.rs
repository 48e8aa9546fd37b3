//! Magic bitboards: a slider's attack set looked up with one multiply —
//! `occ & mask`, `× magic`, `>> (64 − bits)`, the index, the table — beside
//! the ray walk; any magic validated (harmless and breaking collisions); a
//! magic found in a Web Worker; one square's constants exported; a whole
//! engine's table checked (`magic_table`). The cards are in `magic_cards`.
//!
//! URL state: `ui::state::MagicState` (`piece`, `sq`, `occ`, `magic`,
//! `bits`, `step`). The numbers come from `chess::magic_lab`.

mod cards;
mod table;

pub use super::minis::magic as mini;

use super::PanelProps;
use crate::bits::square::Square;
use crate::chess::magic_lab::SliderPiece;
use crate::ui::components::{input_value, panel_link};
use crate::ui::state::{
    DebruijnAction, DebruijnState, MagicAction as Action, MagicState, PanelState,
};
use crate::ui::{components::PanelFrame, registry::Panel};
use cards::{FindCard, LookupCard, SetupCard, ValidateCard};
use std::rc::Rc;
use table::TableCard;
use yew::prelude::*;

/// The piece's letter on its square, for a BitGrid's marks.
pub(super) fn piece_mark(piece: SliderPiece, square: Square) -> Rc<Vec<String>> {
    let letter = match piece {
        SliderPiece::Rook => "R",
        SliderPiece::Bishop => "B",
    };
    Rc::new(
        (0..64)
            .map(|i| {
                if i == square.index() {
                    letter.into()
                } else {
                    String::new()
                }
            })
            .collect(),
    )
}

/// A text field whose value is checked by `parse` on every keystroke: a
/// good one is sent up, a bad one shows its error and changes nothing.
#[derive(Properties, PartialEq)]
pub(super) struct CheckedInputProps {
    pub id: AttrValue,
    pub label: AttrValue,
    /// The state's value, as text (shown again when it changes outside).
    pub value: String,
    /// Reads the text: `Ok` sends it on, `Err` is the message shown.
    pub parse: Callback<String, Result<(), String>>,
    #[prop_or_default]
    pub placeholder: AttrValue,
}

#[function_component(CheckedInput)]
pub(super) fn checked_input(props: &CheckedInputProps) -> Html {
    let text = use_state(|| props.value.clone());
    let error = use_state(|| None::<String>);
    {
        let (text, error) = (text.clone(), error.clone());
        use_effect_with(props.value.clone(), move |v| {
            text.set(v.clone());
            error.set(None);
        });
    }
    let oninput = {
        let (text, error, parse) = (text.clone(), error.clone(), props.parse.clone());
        Callback::from(move |e: InputEvent| {
            let value = input_value(&e);
            error.set(parse.emit(value.clone()).err());
            text.set(value);
        })
    };
    html! {
        <div class={classes!("number-input", error.is_some().then_some("invalid"))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input id={props.id.clone()} type="text" spellcheck="false" autocomplete="off"
                class="fen-input" value={(*text).clone()} {oninput} placeholder={props.placeholder.clone()}
                aria-invalid={error.is_some().to_string()} />
            if let Some(e) = &*error {
                <span class="error" role="alert" data-error-for={props.id.clone()}>{ e.clone() }</span>
            }
        </div>
    }
}

/// What every card of the panel gets.
pub(super) type CardProps = super::CardProps<MagicState>;

#[function_component(MagicPanel)]
pub fn magic_panel(props: &PanelProps) -> Html {
    let state: MagicState = props.state();
    let dispatch = props.dispatch(&state);
    let debruijn = DebruijnState::default().apply(DebruijnAction::SetWidth(64));
    let open = dispatch.reform(|(square, magic, bits): (Square, u64, u32)| Action::Open {
        square,
        magic,
        bits,
    });
    html! {
        <PanelFrame panel={Panel::Magic} lede={"A rook's or bishop's attack set in one lookup: keep the blockers on its rays (occ & mask), multiply by a magic, keep the top bits of the 64-bit product (>> (64 − bits)) and read a table filled once from the ray walk. It is the de Bruijn scan's multiply-and-keep-the-top-bits hash, on a different key set."}>
            <div class="cols even">
                <SetupCard state={state.clone()} dispatch={dispatch.clone()} />
                <LookupCard state={state.clone()} dispatch={dispatch.clone()} />
            </div>
            <div class="cols even">
                <ValidateCard state={state.clone()} dispatch={dispatch.clone()} />
                <FindCard state={state.clone()} dispatch={dispatch.clone()} />
            </div>
            <TableCard piece={state.piece} {open} />
            { panel_link(&debruijn, "see also: the same hash in the de Bruijn bit scan".into()) }
        </PanelFrame>
    }
}
