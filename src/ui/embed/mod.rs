//! Embed mode: one panel in someone else's page, in an `<iframe>`.
//!
//! `#/embed/<panel>?<the panel's state>&steps=A..B&autoplay=1&theme=dark&controls=0`
//! shows the panel from the registry with no header, navigation or footer:
//! its stepper, its controls (unless `controls=0`), and a small "open in
//! bitscope" link to the full page with the same state. The frame posts its
//! height to its parent on every resize (index.html), and `static/embed.js`
//! on the host page sizes the frame.
//!
//! The options are read from and written to the same hash as the state,
//! under keys no panel uses; this module is plain Rust, so their parse and
//! round trip are tested natively.
//!
//! ```text
//!  steps=A..B   only steps A to B (1-based, as the stepper counts) can be reached
//!  autoplay=1   the steps play on their own once shown
//!  theme=light|dark|auto   (auto, the default: the reader's preference)
//!  controls=0   the panel's fields and tabs hidden, the stepper kept
//! ```

// (Practice's module writes exercises' embeds too)
#[cfg(all(target_arch = "wasm32", any(feature = "page", feature = "panels")))]
#[cfg_attr(not(feature = "page"), allow(dead_code))]
mod snippet;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub use snippet::EmbedButton;
#[cfg(all(target_arch = "wasm32", any(feature = "page", feature = "panels")))]
pub use snippet::{site_base, snippet};

use super::registry::Panel;
use super::route::{Params, Route};
pub use super::steps::StepRange;

/// The hash's path segment before the panel's slug.
const EMBED: &str = "embed/";

/// The keys the options use in the hash (no panel state uses them).
pub const OPTION_KEYS: [&str; 4] = ["steps", "autoplay", "theme", "controls"];

/// An embed's theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EmbedTheme {
    /// The reader's preference (`prefers-color-scheme`).
    #[default]
    Auto,
    Light,
    Dark,
}

impl EmbedTheme {
    pub const ALL: [EmbedTheme; 3] = [EmbedTheme::Auto, EmbedTheme::Light, EmbedTheme::Dark];

    pub fn name(self) -> &'static str {
        match self {
            EmbedTheme::Auto => "auto",
            EmbedTheme::Light => "light",
            EmbedTheme::Dark => "dark",
        }
    }

    pub fn from_name(name: &str) -> Option<EmbedTheme> {
        EmbedTheme::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// What an embed shows besides its panel's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedOptions {
    pub steps: Option<StepRange>,
    pub autoplay: bool,
    pub theme: EmbedTheme,
    pub controls: bool,
}

impl Default for EmbedOptions {
    fn default() -> Self {
        EmbedOptions {
            steps: None,
            autoplay: false,
            theme: EmbedTheme::Auto,
            controls: true,
        }
    }
}

impl EmbedOptions {
    /// Reads the options from `params`; what cannot be read is the default.
    pub fn from_params(p: &Params) -> EmbedOptions {
        EmbedOptions {
            steps: p.get("steps").and_then(StepRange::parse),
            autoplay: p.get("autoplay") == Some("1"),
            theme: p
                .get("theme")
                .and_then(EmbedTheme::from_name)
                .unwrap_or_default(),
            controls: p.get("controls") != Some("0"),
        }
    }

    /// `params` with these options set (the defaults left out).
    pub fn write(&self, params: &Params) -> Params {
        let mut p = OPTION_KEYS.iter().fold(params.clone(), |p, k| p.without(k));
        if let Some(s) = self.steps {
            p.set("steps", s.text());
        }
        if self.autoplay {
            p.set("autoplay", "1");
        }
        if self.theme != EmbedTheme::Auto {
            p.set("theme", self.theme.name());
        }
        if !self.controls {
            p.set("controls", "0");
        }
        p
    }
}

/// An embed: the panel and its state, and the options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedRoute {
    pub route: Route,
    pub options: EmbedOptions,
}

impl EmbedRoute {
    /// `#/embed/<slug>?...` -> the embed; `None` for any other hash (and
    /// for an embed of no known panel: the page shows its start then).
    pub fn parse(hash: &str) -> Option<EmbedRoute> {
        let rest = hash.trim_start_matches('#').trim_start_matches('/');
        let inner = rest.strip_prefix(EMBED)?;
        let slug = inner.split('?').next().unwrap_or("").trim_end_matches('/');
        Panel::from_slug(slug)?;
        let all = Route::parse(inner);
        let options = EmbedOptions::from_params(&all.params);
        let params = OPTION_KEYS.iter().fold(all.params, |p, k| p.without(k));
        Some(EmbedRoute {
            route: Route {
                panel: all.panel,
                params,
            },
            options,
        })
    }

    /// The embed's hash: `#/embed/<slug>?<state and options>`.
    pub fn to_hash(&self) -> String {
        let both = Route {
            panel: self.route.panel,
            params: self.options.write(&self.route.params),
        };
        format!("#/{EMBED}{}", both.to_hash().trim_start_matches("#/"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embed_hashes_round_trip_and_keep_the_state_apart() {
        let e =
            EmbedRoute::parse("#/embed/swar?x=1234&steps=2..4&autoplay=1&theme=dark&controls=0")
                .unwrap();
        assert_eq!(e.route.panel, Panel::from_slug("swar").unwrap());
        assert_eq!(e.route.params, Params::from_pairs([("x", "1234")]));
        assert_eq!(
            e.options,
            EmbedOptions {
                steps: StepRange::parse("2..4"),
                autoplay: true,
                theme: EmbedTheme::Dark,
                controls: false,
            }
        );
        assert_eq!(EmbedRoute::parse(&e.to_hash()), Some(e.clone()));
        // the defaults are left out of the hash
        let plain = EmbedRoute::parse("#/embed/debruijn").unwrap();
        assert_eq!(plain.options, EmbedOptions::default());
        assert_eq!(plain.to_hash(), "#/embed/debruijn");
        // unreadable options are the defaults
        let odd = EmbedRoute::parse("#/embed/gpu?steps=9..1&theme=blue&autoplay=yes").unwrap();
        assert_eq!(odd.options, EmbedOptions::default());
        // not an embed, or no such panel
        assert_eq!(EmbedRoute::parse("#/swar?x=1"), None);
        assert_eq!(EmbedRoute::parse("#/embed/nowhere?x=1"), None);
        assert_eq!(EmbedRoute::parse(""), None);
    }

    #[test]
    fn every_panel_embeds_with_every_option() {
        for &panel in Panel::ALL {
            for theme in EmbedTheme::ALL {
                let e = EmbedRoute {
                    route: Route {
                        panel,
                        params: Params::from_pairs([("fen", "8/8 w - -"), ("step", "3")]),
                    },
                    options: EmbedOptions {
                        steps: StepRange::parse("1..3"),
                        autoplay: theme == EmbedTheme::Light,
                        theme,
                        controls: theme != EmbedTheme::Dark,
                    },
                };
                assert_eq!(
                    EmbedRoute::parse(&e.to_hash()),
                    Some(e.clone()),
                    "{}",
                    e.to_hash()
                );
            }
        }
    }
}
