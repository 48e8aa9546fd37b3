//! The "Embed" button every panel gets (the shell draws it beside the
//! panel): the `<iframe>` snippet for the panel's current state and the
//! options chosen, with a copy button.

use super::{EmbedOptions, EmbedRoute, EmbedTheme, StepRange};
use crate::ui::route::Route;
use yew::prelude::*;

/// The folder this bitscope is served from (`https://host/courses/bits/`),
/// from the page's own address: embeds and embed.js live there too.
pub fn site_base() -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    let dir = path.rfind('/').map_or("/", |i| &path[..=i]);
    format!("{origin}{dir}")
}

/// The snippet a course page pastes: the frame and the script that sizes it.
pub fn snippet(base: &str, embed: &EmbedRoute) -> String {
    format!(
        "<iframe src=\"{base}{hash}\" title=\"bitscope: {title}\" width=\"100%\" height=\"480\" style=\"border:0\" loading=\"lazy\"></iframe>\n<script src=\"{base}static/embed.js\" async></script>",
        hash = embed.to_hash(),
        title = embed.route.panel.title(),
    )
}

#[derive(Properties, PartialEq)]
pub struct EmbedButtonProps {
    pub route: Route,
}

#[function_component(EmbedButton)]
pub fn embed_button(props: &EmbedButtonProps) -> Html {
    let open = use_state(|| false);
    let options = use_state(EmbedOptions::default);
    let copied = use_state(|| false);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let embed = EmbedRoute {
        route: props.route.clone(),
        options: (*options).clone(),
    };
    let code = snippet(&site_base(), &embed);
    let copy = {
        let (code, copied) = (code.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&code);
                copied.set(true);
            }
        })
    };
    let set = |f: fn(&mut EmbedOptions, String)| {
        let (options, copied) = (options.clone(), copied.clone());
        Callback::from(move |e: Event| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            let value = if el.type_() == "checkbox" {
                el.checked().to_string()
            } else {
                el.value()
            };
            let mut next = (*options).clone();
            f(&mut next, value);
            options.set(next);
            copied.set(false);
        })
    };
    html! {
        <div class="embed-tools">
            <button type="button" class="embed-button" onclick={toggle} aria-expanded={open.to_string()}>{ "</> Embed" }</button>
            if *open {
                <div class="embed-box card" role="group" aria-label="embed this panel">
                    <p class="muted">{ "Put this panel, in its current state, in your own page:" }</p>
                    <div class="row embed-options">
                        <label class="inline"><input type="checkbox" class="embed-controls" checked={options.controls}
                            onchange={set(|o, v| o.controls = v == "true")} />{ " controls" }</label>
                        <label class="inline"><input type="checkbox" class="embed-autoplay" checked={options.autoplay}
                            onchange={set(|o, v| o.autoplay = v == "true")} />{ " autoplay" }</label>
                        <label class="inline">{ "theme " }
                            <select class="embed-theme" onchange={set(|o, v| o.theme = EmbedTheme::from_name(&v).unwrap_or_default())}>
                                { for EmbedTheme::ALL.iter().map(|t| html! { <option value={t.name()} selected={*t == options.theme}>{ t.name() }</option> }) }
                            </select></label>
                        <label class="inline">{ "steps " }
                            <input type="text" class="embed-steps mono" size="9" placeholder="all, or 2..5"
                                value={options.steps.map(StepRange::text).unwrap_or_default()}
                                onchange={set(|o, v| o.steps = StepRange::parse(&v))} /></label>
                    </div>
                    <textarea class="embed-snippet mono" readonly=true rows="3" aria-label="embed code" value={code} />
                    <button type="button" class="embed-copy" onclick={copy}>{ if *copied { "copied ✓" } else { "copy" } }</button>
                    <span class="hint">{ " embed.js sizes the frame to its content." }</span>
                </div>
            }
        </div>
    }
}
