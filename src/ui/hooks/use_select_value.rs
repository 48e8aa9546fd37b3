//! `use_select_value`: a `<select>` that always shows the state's choice.
//!
//! A `<select>` keeps its own selection, which is in no URL. Yew attaches a
//! fresh list's children right to left, so when no `<option>` carries
//! `selected` the browser picks the *last* one as it is inserted first; and
//! after the user picked an option, removing `selected` from it no longer
//! deselects it. Either way the page shows a choice that is not the state's
//! (issue 15: a typed de Bruijn magic, reopened, showed the known 0x9AF).
//! This hook sets the element's value after every render.

use yew::prelude::*;

/// A `NodeRef` for a `<select>`; after each render the select shows `value`.
#[hook]
pub fn use_select_value(value: String) -> NodeRef {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect(move || {
            if let Some(select) = node.cast::<web_sys::HtmlSelectElement>() {
                if select.value() != value {
                    select.set_value(&value);
                }
            }
        });
    }
    node
}
