//! The Yew front end. It renders traces from `bits/` and owns no math of
//! its own.
//!
//! ```text
//!  app.rs         the shell: header, navigation, theme, the current panel
//!  params.rs      a panel's state as the URL's key=value pairs (the leaf)
//!  registry.rs    THE panel registry: each panel described once
//!  route.rs       hash routes: panel + Params (plain Rust, native too)
//!  embed/         #/embed/<panel>: one panel for an iframe, and the Embed button
//!  trick_search   the catalog's search box (the header, the start page)
//!  steps.rs       StepRange: the steps an embed lets its reader reach (the leaf)
//!  state/         typed panel state: struct + Action + Reducible (plain Rust)
//!  hooks/         use_worker_job: long work in a Web Worker
//!  worker/        protocol.rs (messages), handler.rs (worker side), page.rs (Job)
//!  components/    BitRow, BitGrid, StepPlayer, NumberInput, PerftRunner
//!  panels/        one file per panel
//! ```
//!
//! `registry`, `route`, `embed`'s options, `state` and the worker's `protocol` build on every target, so
//! their parse/encode and round trips are tested by `cargo test`; the rest is
//! wasm32 only.

pub mod embed;
// (apart from `embed`: it renders panels, and Practice writes embeds)
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod embed_view;
pub mod params;
pub mod registry;
pub mod route;
pub mod state;
pub mod steps;

#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod app;
#[cfg(browser_ui)]
pub mod components;
#[cfg(browser_ui)]
pub mod dom;
#[cfg(browser_ui)]
pub mod trick_search;
// (a lazily loaded panel's module: built with one of the two features alone)
#[cfg(browser_ui)]
pub mod hooks;
#[cfg(all(
    target_arch = "wasm32",
    not(feature = "page"),
    any(feature = "gpu-panel", feature = "panels")
))]
mod lazy_app;
#[cfg(browser_ui)]
pub mod panels;
pub mod worker;

/// Mounts the app on `#app`. Does nothing where there is no page (a Web
/// Worker loads the same module) or no `#app` element (the wasm tests).
#[cfg(all(target_arch = "wasm32", feature = "page"))]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(root) = document.get_element_by_id("app") {
        // (what was typed into the prerendered page goes into the app's)
        let typed = dom::typed_before_start(&document);
        root.set_inner_html("");
        yew::Renderer::<app::App>::with_root(root).render();
        dom::restore_typed(typed, 600);
    }
}
