//! One tab stop for a group of buttons (a row of bits, a set of tabs): the
//! WAI-ARIA roving tabindex. Tab enters the group at its current button;
//! the arrow keys, Home and End move inside it.
//!
//! ```text
//! [31][30][29] … [1][0]      ← → the next bit, ↑ ↓ the same column of the
//! [63][62] …     [33][32]    row above or below (as laid out on screen)
//! ```
//!
//! A group is an element whose `onkeydown` is [`Roving::keydown`]; its
//! buttons carry `tabindex` from [`tab_stop`]. Keys handled here do not
//! reach the page's step keys.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// What the arrow keys do in a group.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Roving {
    /// Move the focus only (a row of bits: Space or Enter flips one).
    Focus,
    /// Move the focus and choose (tabs, radio buttons: the choice follows).
    Choose,
}

/// The `tabindex` of a group's button: "0" for the one Tab enters on.
pub fn tab_stop(current: bool) -> &'static str {
    if current {
        "0"
    } else {
        "-1"
    }
}

/// A titled list of links with one tab stop (the Lab's presets): the
/// arrows move between the links, Enter opens one. Each item is an `<li>`
/// whose link carries [`tab_stop`].
pub fn link_list(title: &str, items: impl Iterator<Item = Html>) -> Html {
    html! {
        <div class="presets">
            <h3>{ title }</h3>
            <ul class="preset-list" aria-label={format!("{title}: arrows move, Enter opens")} onkeydown={Roving::Focus.keydown()}>{ for items }</ul>
        </div>
    }
}

impl Roving {
    /// The group's keydown handler.
    pub fn keydown(self) -> Callback<KeyboardEvent> {
        Callback::from(move |e: KeyboardEvent| self.on_key(&e))
    }

    fn on_key(self, e: &KeyboardEvent) {
        if e.alt_key() || e.ctrl_key() || e.meta_key() {
            return;
        }
        let Some(group) = e
            .current_target()
            .and_then(|t| t.dyn_into::<Element>().ok())
        else {
            return;
        };
        let items = buttons(&group);
        let Some(at) = items.iter().position(is_focused) else {
            return;
        };
        let Some(next) = target(&items, at, &e.key()) else {
            return;
        };
        e.prevent_default();
        e.stop_propagation();
        if next == at {
            return;
        }
        let _ = items[at].set_attribute("tabindex", "-1");
        let _ = items[next].set_attribute("tabindex", "0");
        let _ = items[next].focus();
        if self == Roving::Choose {
            items[next].click();
        }
    }
}

/// The index the key moves to, or none when the key is not the group's.
fn target(items: &[HtmlElement], at: usize, key: &str) -> Option<usize> {
    let last = items.len() - 1;
    let top = |i: usize| items[i].offset_top();
    // the buttons on the same line on screen as `at`, and their count
    let row_start = (0..=at)
        .rev()
        .take_while(|&i| top(i) == top(at))
        .last()
        .unwrap_or(at);
    let row_end = (at..=last)
        .take_while(|&i| top(i) == top(at))
        .last()
        .unwrap_or(at);
    let columns = row_end - row_start + 1;
    Some(match key {
        "ArrowRight" => (at + 1).min(last),
        "ArrowLeft" => at.saturating_sub(1),
        "ArrowDown" if columns < items.len() => (at + columns).min(last),
        "ArrowUp" if columns < items.len() => at.checked_sub(columns).unwrap_or(at),
        "ArrowDown" => (at + 1).min(last),
        "ArrowUp" => at.saturating_sub(1),
        "Home" => row_start,
        "End" => row_end,
        _ => return None,
    })
}

/// The group's links and enabled buttons, in document order.
fn buttons(group: &Element) -> Vec<HtmlElement> {
    let Ok(list) = group.query_selector_all("a[href], button:not([disabled])") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<HtmlElement>().ok())
        .collect()
}

fn is_focused(el: &HtmlElement) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|a| a.is_same_node(Some(el)))
}
