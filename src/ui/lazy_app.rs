//! A panel as its own small Yew app, for a module that the page loads on
//! first use: the GPU panel (`make dist` builds its module with the
//! `gpu-panel` feature alone) or any other panel (`panels` alone). The
//! page's `panels::lazy` loader mounts it. The page and this app talk in
//! routes: the page hands over the panel's link (`#/gpu?...`) and gets the
//! new link back on every change of state.
//!
//! ```text
//! page (loader)                    this module
//!   panel_mount(el, hash, on_hash, -> renders the panel in el
//!               steps?, autoplay?)    (an embed's step limits)
//!   panel_update(hash)            -> new props (back, a followed link)
//!   panel_unmount()               -> the app destroyed
//!   on_hash(hash)  <---------------- every change of the panel's state
//! ```

use super::components::StepLimits;
use super::panels::PanelProps;
use super::route::{OwnLink, Panel, Route};
use super::steps::StepRange;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

#[derive(Properties, Clone)]
struct RootProps {
    hash: String,
    on_hash: js_sys::Function,
    /// An embed's step limits (none on the full page).
    limits: Option<StepLimits>,
}

impl PartialEq for RootProps {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.on_hash == other.on_hash && self.limits == other.limits
    }
}

/// The panel this module shows for `panel`: the GPU panel in its module;
/// in the other, the registry's view of any panel but the GPU's.
#[cfg(feature = "gpu-panel")]
fn shown(_: Panel, props: PanelProps) -> Html {
    use super::panels::gpu::GpuPanel;
    html! { <GpuPanel ..props /> }
}

#[cfg(not(feature = "gpu-panel"))]
fn shown(panel: Panel, props: PanelProps) -> Html {
    super::panels::view(panel, props)
}

#[function_component(Root)]
fn root(props: &RootProps) -> Html {
    let link = use_mut_ref(|| OwnLink::new(&props.hash));
    link.borrow_mut().from_page(&props.hash);
    let rerender = use_force_update();
    let route = Route::parse(&link.borrow().hash);
    let panel = route.panel;
    let on_hash = props.on_hash.clone();
    let on_params = Callback::from(move |params| {
        let hash = Route { panel, params }.to_hash();
        link.borrow_mut().sent(hash.clone());
        rerender.force_update();
        let _ = on_hash.call1(&JsValue::NULL, &JsValue::from_str(&hash));
    });
    let view = shown(
        panel,
        PanelProps {
            params: route.params,
            on_params,
        },
    );
    match props.limits {
        Some(limits) => html! {
            <ContextProvider<StepLimits> context={limits}>{ view }</ContextProvider<StepLimits>>
        },
        None => view,
    }
}

thread_local! {
    static APP: RefCell<Option<(yew::AppHandle<Root>, RootProps)>> = const { RefCell::new(None) };
    static TREES_SKIPPED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The tree ids this module must not give its own apps: the page's.
///
/// Yew delegates events: each app listens on its root (capture phase) and
/// finds the element's handler by two numbers it writes on the element,
/// `__yew_subtree_id` (which app) and `__yew_listener_id` (which handler).
/// This module and the page are two wasm instances, each with its own Yew
/// counting trees from 1, so this module's first app was tree 1 too: the
/// page, whose root holds this module's host, took a click inside it for
/// its own tree and ran *its* handler of the same listener id (the theme
/// toggle on "find the shortest program"; the header search on a typed
/// spec). The page renders one tree (its `App`; no portals); a few more
/// are skipped so that a portal there would not collide either.
const PAGE_TREES: u32 = 8;

#[function_component(Blank)]
fn blank() -> Html {
    Html::default()
}

/// Takes the page's tree ids out of this module's count, once: each app
/// rendered (on a detached element) and destroyed uses one.
fn skip_the_page_trees() {
    if TREES_SKIPPED.with(|done| done.replace(true)) {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for _ in 0..PAGE_TREES {
        if let Ok(detached) = document.create_element("div") {
            yew::Renderer::<Blank>::with_root(detached)
                .render()
                .destroy();
        }
    }
}

/// Renders the panel in `host` for the link `hash`; `on_hash(hash)` is
/// called with the new link on every change. In an embed, `autoplay` is
/// given and `steps` may be (`2..4`): every stepper keeps to them. A second
/// mount replaces the first.
#[wasm_bindgen]
pub fn panel_mount(
    host: web_sys::Element,
    hash: String,
    on_hash: js_sys::Function,
    steps: Option<String>,
    autoplay: Option<bool>,
) {
    panel_unmount();
    skip_the_page_trees();
    let limits = autoplay.map(|autoplay| StepLimits {
        range: steps.as_deref().and_then(StepRange::parse),
        autoplay,
    });
    let props = RootProps {
        hash,
        on_hash,
        limits,
    };
    let app = yew::Renderer::<Root>::with_root_and_props(host, props.clone()).render();
    APP.with(|a| *a.borrow_mut() = Some((app, props)));
}

/// Shows the link `hash` (the page's route changed).
#[wasm_bindgen]
pub fn panel_update(hash: String) {
    APP.with(|a| {
        if let Some((app, props)) = a.borrow_mut().as_mut() {
            props.hash = hash;
            app.update(props.clone());
        }
    });
}

/// Removes the panel (the page left it).
#[wasm_bindgen]
pub fn panel_unmount() {
    if let Some((app, _)) = APP.with(|a| a.borrow_mut().take()) {
        app.destroy();
    }
}
