//! The embed's page: the panel from the registry, its steps limited and
//! played as the options say, a small link to the full page, and ← → kept
//! inside the frame.

use super::embed::{EmbedOptions, EmbedRoute};
use crate::ui::components::StepLimits;
use crate::ui::panels::{self, PanelProps};
use crate::ui::route::{Params, Route};
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct EmbedViewProps {
    pub embed: EmbedRoute,
    /// The embed's state changed: the new hash is written by the caller.
    pub on_change: Callback<EmbedRoute>,
}

/// ← and → never scroll the host page, even at the first or last step
/// (the stepper takes them; a frame that cannot scroll hands a key's
/// scroll to its parent otherwise).
#[hook]
fn use_arrow_keys_kept() {
    use_effect_with((), |_| {
        let listener = crate::ui::dom::on_page_key(|key| {
            if matches!(key.key().as_str(), "ArrowLeft" | "ArrowRight") {
                key.prevent_default();
            }
        });
        move || drop(listener)
    });
}

#[function_component(EmbedView)]
pub fn embed_view(props: &EmbedViewProps) -> Html {
    use_arrow_keys_kept();
    let EmbedRoute { route, options } = props.embed.clone();
    let on_params = {
        let on_change = props.on_change.clone();
        let (panel, options) = (route.panel, options.clone());
        Callback::from(move |params: Params| {
            on_change.emit(EmbedRoute {
                route: Route { panel, params },
                options: options.clone(),
            })
        })
    };
    let limits = StepLimits {
        range: options.steps,
        autoplay: options.autoplay,
    };
    let full = format!("./{}", route.to_hash());
    let EmbedOptions { controls, .. } = options;
    let frame = use_node_ref();
    use_other_panels_in_a_new_tab(&frame, route.panel.slug());
    html! {
        <div ref={frame} class={classes!("embed", (!controls).then_some("no-controls"))} data-panel={route.panel.slug()}>
            <ContextProvider<StepLimits> context={limits}>
                <main id="panel" data-panel={route.panel.slug()}>
                    <h1 class="visually-hidden">{ format!("{} — bitscope", route.panel.title()) }</h1>
                    { panels::view(route.panel, PanelProps { params: route.params.clone(), on_params }) }
                </main>
            </ContextProvider<StepLimits>>
            <footer class="embed-open">
                <a href={full} target="_blank" rel="noopener">{ "open in bitscope ↗" }</a>
            </footer>
        </div>
    }
}

/// A link to another panel ("see also") opens the whole site in a new tab:
/// the frame keeps its own panel, inside the course page. A DOM listener,
/// not Yew's `onclick`: a panel from the panels' module is another Yew app,
/// whose clicks the page's Yew does not see.
#[hook]
fn use_other_panels_in_a_new_tab(frame: &NodeRef, own: &'static str) {
    let frame = frame.clone();
    use_effect_with(own, move |_| {
        use gloo::events::{EventListener, EventListenerOptions};
        let options = EventListenerOptions::enable_prevent_default();
        let listener = frame.cast::<web_sys::Element>().map(|el| {
            EventListener::new_with_options(&el, "click", options, move |e| open_elsewhere(e, own))
        });
        move || drop(listener)
    });
}

/// A click on a link to another panel: the site opens it in a new tab.
fn open_elsewhere(e: &web_sys::Event, own: &str) {
    let link = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("a[href^='#/']").ok().flatten());
    let Some(href) = link.and_then(|a| a.get_attribute("href")) else {
        return;
    };
    let slug = href[2..].split(['?', '/']).next().unwrap_or_default();
    if slug != own && slug != "embed" {
        e.prevent_default();
        if let Some(w) = web_sys::window() {
            let _ = w.open_with_url_and_target(&format!("./{href}"), "_blank");
        }
    }
}
