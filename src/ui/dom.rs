//! Small helpers over the browser: the location hash, local storage.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The page's `location.hash` ("" when there is none or no page).
pub fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Replaces the URL's hash without adding a history entry or firing
/// `hashchange` (used when a panel's state changes).
pub fn replace_hash(hash: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash));
    }
}

/// The page's document (none outside a page).
pub fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// A value from local storage, if the browser allows it.
pub fn stored(key: &str) -> Option<String> {
    web_sys::window()?
        .local_storage()
        .ok()??
        .get_item(key)
        .ok()?
}

/// Stores a value in local storage; silently does nothing where it is refused.
pub fn store(key: &str, value: &str) {
    if let Some(Ok(Some(storage))) = web_sys::window().map(|w| w.local_storage()) {
        let _ = storage.set_item(key, value);
    }
}

/// Whether the user's system prefers a dark colour scheme.
pub fn prefers_dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .map(|m| m.matches())
        .unwrap_or(false)
}

/// Sets an attribute on `<html>` (the theme).
pub fn set_root_attribute(name: &str, value: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = el.set_attribute(name, value);
    }
}

/// Lets the browser run other tasks (render, input) before going on: a
/// `setTimeout(0)` awaited. Long work on the page awaits this between
/// pieces so that the page stays responsive.
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Runs `f` once the browser has painted the page as it is now: after the
/// next animation frame, in a task of its own. A hidden tab paints nothing
/// (and runs no animation frames), so there `f` runs in the next task.
/// (`f` is boxed: one copy of this glue serves every caller.)
pub fn after_paint(f: Box<dyn FnOnce()>) {
    let later = move || {
        gloo::timers::callback::Timeout::new(0, f).forget();
    };
    let Some(window) = web_sys::window().filter(|w| !w.document().is_some_and(|d| d.hidden()))
    else {
        return later();
    };
    // (forgotten: after its one call a few bytes stay, as with gloo's
    // Timeout::forget)
    let frame = Closure::once(later);
    let _ = window.request_animation_frame(frame.as_ref().unchecked_ref());
    frame.forget();
}

/// Milliseconds from `performance.now()` (or the clock without it).
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// The focused element of the page, if any.
pub fn focused() -> Option<web_sys::Element> {
    document()?.active_element()
}

thread_local! {
    /// What had the focus when the last link was followed.
    static FOCUS_AT_FOLLOW: std::cell::RefCell<Option<web_sys::Element>> =
        const { std::cell::RefCell::new(None) };
}

/// Notes where the focus is as a link is followed, for
/// [`focus_heading_after_follow`].
pub fn note_focus_at_follow() {
    FOCUS_AT_FOLLOW.with(|f| *f.borrow_mut() = focused());
}

/// How many paints [`focus_heading_after_follow`] waits for a heading: a
/// panel from the panels' module renders once its module has loaded
/// (about 10 s at 60 frames a second).
const HEADING_WAIT_PAINTS: u32 = 600;

/// After a followed link: the focus goes to the new panel's heading, unless
/// the reader already put it elsewhere since (a field of the new panel).
/// A heading not rendered yet is waited for, paint by paint.
pub fn focus_heading_after_follow() {
    let before = FOCUS_AT_FOLLOW.with(|f| f.borrow_mut().take());
    focus_heading_unless_moved(before, HEADING_WAIT_PAINTS);
}

fn focus_heading_unless_moved(before: Option<web_sys::Element>, paints_left: u32) {
    let moved = focused().is_some_and(|now| {
        let body = now.tag_name().eq_ignore_ascii_case("body");
        !body && now.is_connected() && !before.as_ref().is_some_and(|b| b.is_same_node(Some(&now)))
    });
    if !moved && !focus_panel_heading() && paints_left > 0 {
        after_paint(Box::new(move || {
            focus_heading_unless_moved(before, paints_left - 1)
        }));
    }
}

/// What a reader typed into the prerendered start page (index.html,
/// `scripts/prerender.mjs`) before the app replaced it: each text field
/// with a value, by id, and the focused element's id.
pub struct Typed {
    fields: Vec<(String, String)>,
    focus: Option<String>,
}

/// Reads [`Typed`] from the page before the app's first render.
pub fn typed_before_start(doc: &web_sys::Document) -> Typed {
    let mut fields = Vec::new();
    if let Ok(list) = doc.query_selector_all("#app input[id]") {
        for k in 0..list.length() {
            let input = list
                .item(k)
                .and_then(|n| n.dyn_into::<web_sys::HtmlInputElement>().ok());
            if let Some(i) = input.filter(|i| !i.value().is_empty()) {
                fields.push((i.id(), i.value()));
            }
        }
    }
    let focus = doc
        .active_element()
        .map(|e| e.id())
        .filter(|id| !id.is_empty());
    Typed { fields, focus }
}

/// Puts `typed` into the app's fields of the same ids once they are drawn
/// (waiting paint by paint, at most `paints_left`), each as if typed (an
/// `input` event), and the focus back where it was.
pub fn restore_typed(typed: Typed, paints_left: u32) {
    let Some(doc) = document() else { return };
    if typed.fields.is_empty() && typed.focus.is_none() {
        return;
    }
    let drawn = |id: &str| doc.get_element_by_id(id).is_some();
    if !typed.fields.iter().all(|(id, _)| drawn(id)) {
        if paints_left > 0 {
            after_paint(Box::new(move || restore_typed(typed, paints_left - 1)));
        }
        return;
    }
    for (id, value) in &typed.fields {
        let input = doc
            .get_element_by_id(id)
            .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(i) = input {
            i.set_value(value);
            let init = web_sys::InputEventInit::new();
            init.set_bubbles(true);
            if let Ok(event) = web_sys::InputEvent::new_with_event_init_dict("input", &init) {
                let _ = i.dispatch_event(&event);
            }
        }
    }
    let focus = typed.focus.and_then(|id| doc.get_element_by_id(&id));
    if let Some(el) = focus.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}

/// Moves the keyboard focus to the panel's heading (the skip link, and
/// after a link is followed): the heading takes focus without becoming a
/// tab stop. False, doing nothing, before the panel has rendered its heading.
pub fn focus_panel_heading() -> bool {
    let heading = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("main#panel h2").ok().flatten())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    let Some(h) = heading else {
        return false;
    };
    let _ = h.set_attribute("tabindex", "-1");
    let _ = h.focus();
    true
}

/// Whether a key went to a text field (an input, a text area, a select):
/// the page's own keys (← →, `/`) leave those alone.
pub fn typing_in_a_field(key: &web_sys::KeyboardEvent) -> bool {
    key.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// Listens to `keydown` on the window for keys pressed outside a text
/// field ([`typing_in_a_field`]); `on_key` may call `prevent_default`.
/// Dropping the listener stops it.
pub fn on_page_key(
    on_key: impl Fn(&web_sys::KeyboardEvent) + 'static,
) -> Option<gloo::events::EventListener> {
    use gloo::events::{EventListener, EventListenerOptions};
    let options = EventListenerOptions::enable_prevent_default();
    web_sys::window().map(|w| {
        EventListener::new_with_options(&w, "keydown", options, move |event| {
            if let Some(key) = event.dyn_ref::<web_sys::KeyboardEvent>() {
                if !typing_in_a_field(key) {
                    on_key(key);
                }
            }
        })
    })
}
