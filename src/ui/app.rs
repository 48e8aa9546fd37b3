//! The shell: header, navigation between panels, theme, and the current
//! panel. The route (panel + its state) lives in the URL hash.

use super::dom;
use super::panels::{self, PanelProps};
use super::route::{is_start, Panel, Params, Route};
use gloo::events::EventListener;
use yew::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Theme {
    Light,
    Dark,
}

impl Theme {
    fn initial() -> Theme {
        match dom::stored("bitscope-theme").as_deref() {
            Some("dark") => Theme::Dark,
            Some("light") => Theme::Light,
            _ if dom::prefers_dark() => Theme::Dark,
            _ => Theme::Light,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn other(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let route = use_state(|| Route::parse(&dom::current_hash()));
    let theme = use_state(Theme::initial);

    // Back / forward / a pasted link: follow the hash.
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "hashchange", move |_| {
                    route.set(Route::parse(&dom::current_hash()))
                })
            });
            move || drop(listener)
        });
    }

    use_effect_with(*theme, |t| {
        dom::set_root_attribute("data-theme", t.name());
    });

    // A panel changed its state: rewrite the URL in place (no history entry).
    let on_params = {
        let route = route.clone();
        Callback::from(move |params: Params| {
            let next = Route {
                panel: route.panel,
                params,
            };
            dom::replace_hash(&next.to_hash());
            route.set(next);
        })
    };

    let toggle_theme = {
        let theme = theme.clone();
        Callback::from(move |_: MouseEvent| {
            let next = theme.other();
            dom::store("bitscope-theme", next.name());
            theme.set(next);
        })
    };

    // The empty route is the start page, no panel active.
    let start = is_start(&dom::current_hash());
    let nav = Panel::ALL.iter().map(|&p| {
        let active = !start && p == route.panel;
        html! {
            <a href={format!("#/{}", p.slug())} class={classes!("nav-link", active.then_some("active"))}
                aria-current={active.then_some("page")} data-panel={p.slug()}>{ p.title() }</a>
        }
    });

    let props = PanelProps {
        params: route.params.clone(),
        on_params,
    };

    html! {
        <div class="shell">
            <header class="top">
                <a class="brand" href="#/">
                    <span class="logo" aria-hidden="true">{ "⟨01⟩" }</span>{ "bitscope" }
                </a>
                <span class="tagline">{ "bit tricks, step by step, on real bits" }</span>
                <button type="button" class="theme-toggle" onclick={toggle_theme}
                    title="switch light / dark theme" data-theme-now={theme.name()}>
                    { if *theme == Theme::Dark { "☀ light" } else { "☾ dark" } }
                </button>
            </header>
            <nav class="panels" aria-label="panels">{ for nav }</nav>
            <main id="panel" data-panel={if start { "start" } else { route.panel.slug() }}>
                if start { <panels::StartPage /> } else { { route.panel.view(props) } }
            </main>
            <footer class="foot">
                { "Little-endian rank-file everywhere: a1 = bit 0, h8 = bit 63. ← → step through a trace. Every number on the page is computed." }
            </footer>
        </div>
    }
}
