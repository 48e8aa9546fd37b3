//! The shell: header, navigation between panels, theme, and the current
//! panel. The route (panel + its state) lives in the URL hash.

use super::dom;
use super::embed::{EmbedButton, EmbedRoute, EmbedTheme};
use super::embed_view::EmbedView;
use super::panels::{self, PanelProps};
use super::route::{is_start, Panel, Params, Route};
use super::trick_search::{use_slash_focuses_search, TrickSearch};
use gloo::events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
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
    let embed = use_state(|| EmbedRoute::parse(&dom::current_hash()));
    let theme = use_state(Theme::initial);
    use_slash_focuses_search();
    let followed = use_follow_hash(&route, &embed);
    let followed_count = *followed.borrow();

    use_theme_attribute(*theme, embed.as_ref().map(|e| e.options.theme));

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

    // `#/embed/<panel>?...`: the panel alone, for an iframe (ui::embed).
    if let Some(e) = &*embed {
        let on_change = {
            let embed = embed.clone();
            Callback::from(move |next: EmbedRoute| {
                dom::replace_hash(&next.to_hash());
                embed.set(Some(next));
            })
        };
        let key = followed.borrow().to_string();
        return html! { <EmbedView {key} embed={e.clone()} {on_change} /> };
    }

    // The empty route is the start page, no panel active.
    let start = is_start(&dom::current_hash());

    let props = PanelProps {
        params: route.params.clone(),
        on_params,
    };

    let skip = Callback::from(|e: MouseEvent| {
        e.prevent_default();
        dom::focus_panel_heading();
    });
    html! {
        <div class="shell">
            <a class="skip-link" href="#panel" onclick={skip}>{ "Skip to the panel" }</a>
            { top_bar(*theme, toggle_theme) }
            <PanelNav active={(!start).then_some(route.panel)} followed={followed_count} />
            if !start { <EmbedButton route={(*route).clone()} /> }
            <main id="panel" key={followed.borrow().to_string()} data-panel={if start { "start" } else { route.panel.slug() }}>
                if start { <panels::StartPage /> } else { { panels::view(route.panel, props) } { panels::try_it(route.panel) } }
            </main>
            <footer class="foot">
                { "Little-endian rank-file everywhere: a1 = bit 0, h8 = bit 63. ← → step through a trace. Every number on the page is computed." }
            </footer>
        </div>
    }
}

/// Follows the hash (back, forward, a pasted or clicked link) into `route`
/// and `embed`; gives the count of links followed in this tab. The panel
/// is keyed by it, so a link opens the panel afresh, exactly as in a new
/// tab: no field, local text or choice of the state before survives into
/// a state that does not name it. (A panel's own changes rewrite the hash
/// without a `hashchange` and keep the panel, and the focus, as they are.)
/// A followed link (not the first load) puts the focus on the new panel's
/// heading, where a screen reader starts reading.
#[hook]
fn use_follow_hash(
    route: &UseStateHandle<Route>,
    embed: &UseStateHandle<Option<EmbedRoute>>,
) -> Rc<RefCell<u32>> {
    let followed = use_mut_ref(|| 0u32);
    {
        let (route, embed, followed) = (route.clone(), embed.clone(), followed.clone());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "hashchange", move |_| {
                    *followed.borrow_mut() += 1;
                    dom::note_focus_at_follow();
                    let hash = dom::current_hash();
                    embed.set(EmbedRoute::parse(&hash));
                    route.set(Route::parse(&hash));
                })
            });
            move || drop(listener)
        });
    }
    let followed_count = *followed.borrow();
    use_effect_with(followed_count, |&n| {
        if n > 0 {
            dom::after_paint(Box::new(dom::focus_heading_after_follow));
        }
    });
    followed
}

/// The page's `data-theme`: an embed's own (`theme=` in its hash), else
/// the reader's.
#[hook]
fn use_theme_attribute(theme: Theme, embed_theme: Option<EmbedTheme>) {
    let theme_name = match embed_theme {
        None => theme.name(),
        Some(EmbedTheme::Auto) if dom::prefers_dark() => "dark",
        Some(EmbedTheme::Auto) => "light",
        Some(t) => t.name(),
    };
    use_effect_with(theme_name, |t| {
        dom::set_root_attribute("data-theme", t);
    });
}

/// The header: the name, the tagline, the trick search, the theme toggle.
fn top_bar(theme: Theme, toggle_theme: Callback<MouseEvent>) -> Html {
    html! {
        <header class="top">
            <h1 class="brand-title"><a class="brand" href="#/">
                <span class="logo" aria-hidden="true">{ "⟨01⟩" }</span>{ "bitscope" }
            </a></h1>
            <span class="tagline">{ "bit tricks, step by step, on real bits" }</span>
            <TrickSearch id="trick-search" />
            <button type="button" class="theme-toggle" onclick={toggle_theme}
                title="switch light / dark theme" data-theme-now={theme.name()}>
                { if theme == Theme::Dark { "☀ light" } else { "☾ dark" } }
            </button>
        </header>
    }
}

#[derive(Properties, PartialEq)]
struct NavProps {
    /// The panel shown (none: the start page).
    active: Option<Panel>,
    /// The links followed so far: each one closes the menu.
    followed: u32,
}

/// The navigation between panels; on a narrow screen behind a menu button.
#[function_component(PanelNav)]
fn panel_nav(props: &NavProps) -> Html {
    let open = use_state(|| false);
    {
        let open = open.clone();
        use_effect_with(props.followed, move |_| open.set(false));
    }
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let links = Panel::ALL.iter().map(|&p| {
        let active = props.active == Some(p);
        html! {
            <a href={format!("#/{}", p.slug())} class={classes!("nav-link", active.then_some("active"))}
                aria-current={active.then_some("page")} data-panel={p.slug()}>{ p.title() }</a>
        }
    });
    let here = props.active.map_or("start", Panel::title);
    html! {
        <>
            <button type="button" class="menu-toggle" aria-expanded={open.to_string()}
                aria-controls="panels-nav" onclick={toggle}>{ format!("☰ Panels · {here}") }</button>
            <nav id="panels-nav" class={classes!("panels", open.then_some("open"))} aria-label="panels">{ for links }</nav>
        </>
    }
}
