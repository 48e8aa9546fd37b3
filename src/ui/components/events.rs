//! What a form control's event carries: the value of the `<input>` or
//! `<select>` it came from, read once here for every panel.

use yew::prelude::*;
use yew::TargetCast;

/// The text of the `<input>` an event came from.
pub fn input_value(e: &impl TargetCast) -> String {
    e.target_unchecked_into::<web_sys::HtmlInputElement>()
        .value()
}

/// The value of the `<select>` an event came from.
pub fn select_value(e: &impl TargetCast) -> String {
    e.target_unchecked_into::<web_sys::HtmlSelectElement>()
        .value()
}

/// A `<select>`'s change: its value read by `read` and sent to `to`; a
/// value `read` refuses is ignored.
pub fn on_select<T: 'static>(
    to: &Callback<T>,
    read: impl Fn(&str) -> Option<T> + 'static,
) -> Callback<Event> {
    let to = to.clone();
    Callback::from(move |e: Event| {
        if let Some(v) = read(&select_value(&e)) {
            to.emit(v);
        }
    })
}
