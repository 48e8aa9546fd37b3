//! `NumberInput`: a text field for a number of a given width.
//!
//! Accepts `0x..`, `0b..` and decimal (a leading `-` gives the two's
//! complement). A wrong entry shows its error beside the field and keeps the
//! last valid value; a valid one is sent up at once.

use super::events::input_value;
use crate::bits::word::{parse_number, Word};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NumberInputProps {
    pub label: AttrValue,
    pub value: u64,
    /// Width in bits (1..=64).
    pub width: u32,
    pub on_change: Callback<u64>,
    /// Used as the input's id and test hook.
    #[prop_or_default]
    pub name: AttrValue,
}

#[function_component(NumberInput)]
pub fn number_input(props: &NumberInputProps) -> Html {
    let text = use_state(|| Word::new(props.value, props.width).hex());
    let error = use_state(|| None::<String>);

    // The width the text was last shown at.
    let shown_width = use_mut_ref(|| props.width);

    // A new value from outside (a bit clicked, a table row chosen): show it,
    // unless the text already says the same number at the same width (a
    // preset that changes the width reformats even an unchanged 0: at 8
    // bits `0x0000000000000000` would parse, but shows 64 bits).
    {
        let text = text.clone();
        let error = error.clone();
        use_effect_with((props.value, props.width), move |&(value, width)| {
            let new_width = std::mem::replace(&mut *shown_width.borrow_mut(), width) != width;
            if new_width || parse_number(&text, width) != Ok(value) {
                text.set(Word::new(value, width).hex());
                error.set(None);
            }
        });
    }

    let oninput = {
        let text = text.clone();
        let error = error.clone();
        let on_change = props.on_change.clone();
        let width = props.width;
        Callback::from(move |e: InputEvent| {
            let value = input_value(&e);
            match parse_number(&value, width) {
                Ok(v) => {
                    error.set(None);
                    on_change.emit(v);
                }
                Err(err) => error.set(Some(err.to_string())),
            }
            text.set(value);
        })
    };

    let id = if props.name.is_empty() {
        AttrValue::from("number")
    } else {
        props.name.clone()
    };
    html! {
        <div class={classes!("number-input", error.is_some().then_some("invalid"))}>
            <label for={id.clone()}>{ props.label.clone() }</label>
            <input id={id.clone()} name={id.clone()} type="text" spellcheck="false" autocomplete="off"
                inputmode="text" value={(*text).clone()} {oninput}
                aria-invalid={error.is_some().to_string()}
                placeholder={format!("{}-bit: 0x.., 0b.. or decimal", props.width)} />
            if let Some(msg) = &*error {
                <span class="error" role="alert" data-error-for={id}>{ msg.clone() }</span>
            } else {
                <span class="hint">{ format!("{}-bit · 0x.. 0b.. or decimal", props.width) }</span>
            }
        </div>
    }
}
