//! `PlacementInput`: a FEN box for the panels that read only the piece
//! placement (the Nibble board, Quad-bitboards). A placement that parses is
//! sent up at once; a wrong one shows its error under the box and the panel
//! keeps its last good state. A new placement from outside (a link, a
//! click) replaces the text unless the text already says the same board.

use super::events::input_value;
use crate::bits::nibble_board::NibbleBoard;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlacementInputProps {
    /// The input's id (the tests' handle).
    pub id: AttrValue,
    /// The FEN (or placement) of the panel's state.
    pub fen: AttrValue,
    pub on_change: Callback<String>,
}

#[function_component(PlacementInput)]
pub fn placement_input(props: &PlacementInputProps) -> Html {
    let text = use_state(|| props.fen.to_string());
    let error = use_state(|| None::<String>);
    {
        let (text, error) = (text.clone(), error.clone());
        use_effect_with(props.fen.clone(), move |fen| {
            if NibbleBoard::from_fen(&text).ok() != NibbleBoard::from_fen(fen).ok() {
                text.set(fen.to_string());
                error.set(None);
            }
        });
    }
    let oninput = {
        let (text, error) = (text.clone(), error.clone());
        let on_change = props.on_change.clone();
        Callback::from(move |e: InputEvent| {
            let value = input_value(&e);
            match NibbleBoard::from_fen(&value) {
                Ok(_) => {
                    error.set(None);
                    on_change.emit(value.clone());
                }
                Err(err) => error.set(Some(err.to_string())),
            }
            text.set(value);
        })
    };
    html! {
        <>
        <label class="fen-label">{ "FEN (piece placement is used)" }
            <input type="text" id={props.id.clone()} class="fen-input" spellcheck="false" value={(*text).clone()} {oninput}
                aria-invalid={error.is_some().to_string()} />
        </label>
        if let Some(e) = &*error {
            <p class="error-box fen-error" role="alert">{ e.clone() }</p>
        }
        </>
    }
}
