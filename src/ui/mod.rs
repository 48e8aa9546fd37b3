//! The Yew front end (wasm32 only). It renders traces from `bits/` and owns
//! no math of its own.

pub mod app;
pub mod components;
pub mod dom;
pub mod panels;
pub mod route;
pub mod worker;

use wasm_bindgen::prelude::*;

/// Mounts the app on `#app`. Does nothing where there is no page (a Web
/// Worker loads the same module) or no `#app` element (the wasm tests).
#[wasm_bindgen(start)]
pub fn start() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(root) = document.get_element_by_id("app") {
        root.set_inner_html("");
        yew::Renderer::<app::App>::with_root(root).render();
    }
}
