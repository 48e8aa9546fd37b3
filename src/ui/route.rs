//! Hash routes: every view is a shareable link.
//!
//! `#/nibbles?x=b&op=negate&step=2` opens the Signed nibbles panel with
//! that nibble, operation and step. Panels keep all their state in
//! [`Params`], so the URL always says what is on the screen; each panel's
//! typed state (`ui::state`) is read from and written to them.
//!
//! Plain Rust (no Yew types): it builds natively too, so parse, encode and
//! decode are unit-tested with `cargo test`.

pub use super::params::Params;
use super::registry::OwnPanel;
pub use super::registry::Panel;
use super::state::PanelState;
use std::collections::VecDeque;

/// Whether a hash names no panel (`""`, `#`, `#/`): the start page.
pub fn is_start(hash: &str) -> bool {
    hash.trim_start_matches('#')
        .trim_start_matches('/')
        .is_empty()
}

/// Where the app is: a panel and its state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub panel: Panel,
    pub params: Params,
}

impl Route {
    /// Reads `#/slug?k=v&...`; anything unknown opens the first panel.
    pub fn parse(hash: &str) -> Route {
        let rest = hash.trim_start_matches('#').trim_start_matches('/');
        let (slug, query) = rest.split_once('?').unwrap_or((rest, ""));
        let slug = slug.trim_end_matches('/');
        // `#/class?class=NAME&key=K`, the teacher's link, is Practice's class view
        let slug = if slug == "class" {
            Panel::Practice.slug()
        } else {
            slug
        };
        let panel = Panel::from_slug(slug).unwrap_or(Panel::ALL[0]);
        let mut params = Params::default();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            params.set(&decode(k), decode(v));
        }
        Route { panel, params }
    }

    /// The route that shows `state` in the panel that owns it.
    pub fn of<S: PanelState + OwnPanel>(state: &S) -> Route {
        Route {
            panel: S::PANEL,
            params: state.to_params(),
        }
    }

    /// The hash for this route: `#/slug` or `#/slug?k=v&...`.
    pub fn to_hash(&self) -> String {
        let mut hash = format!("#/{}", self.panel.slug());
        for (i, (k, v)) in self.params.iter().enumerate() {
            hash.push(if i == 0 { '?' } else { '&' });
            hash.push_str(&encode(k));
            hash.push('=');
            hash.push_str(&encode(v));
        }
        hash
    }
}

/// Percent-encodes everything but unreserved characters and `/`.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Undoes [`encode`]; malformed escapes are kept as they are.
pub fn decode(s: &str) -> String {
    fn hex(b: u8) -> Option<u8> {
        (b as char).to_digit(16).map(|d| d as u8)
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The link a panel in its own module (`lazy_app`) shows: its own last
/// change at once (as the page's panels do), not after the page's round
/// trip (`on_hash`, the page's render, `panel_update`). Rendering from
/// the page's older link in between would put the older text back into a
/// field being typed in.
/// A link from the page that this app did not send (back, a followed
/// link) replaces it; the page's echoes of what it sent do not.
pub struct OwnLink {
    pub hash: String,
    /// The page's link at the last render.
    given: String,
    /// Sent, not yet echoed by the page (oldest first).
    pending: VecDeque<String>,
}

impl OwnLink {
    pub fn new(hash: &str) -> Self {
        OwnLink {
            hash: hash.to_string(),
            given: hash.to_string(),
            pending: VecDeque::new(),
        }
    }

    /// The page's link `given` (unchanged, an echo, or new).
    pub fn from_page(&mut self, given: &str) {
        if self.given == given {
            return;
        }
        self.given = given.to_string();
        match self.pending.iter().position(|h| h == given) {
            Some(k) => drop(self.pending.drain(..=k)),
            None => {
                self.pending.clear();
                self.hash = given.to_string();
            }
        }
    }

    /// The panel's own change (echoed by the page only when it differs
    /// from the page's link and from the last one sent).
    pub fn sent(&mut self, hash: String) {
        if hash != self.given && self.pending.back() != Some(&hash) {
            self.pending.push_back(hash.clone());
        }
        self.hash = hash;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /// (text, its escaped form): `encode` writes the second, and `decode`
    /// reads it back.
    const ESCAPED: [(&str, &str); 7] = [
        ("abc-_.~/XYZ09", "abc-_.~/XYZ09"),
        ("a b", "a+b"),
        ("a+b", "a%2Bb"),
        ("100%", "100%25"),
        ("k=v&x", "k%3Dv%26x"),
        ("é", "%C3%A9"),
        (
            KIWIPETE,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R+w+KQkq+-+0+1",
        ),
    ];

    /// (a link's text, what `decode` reads): other spellings, and malformed
    /// escapes kept as they are.
    const READ_AS: [(&str, &str); 7] = [
        ("a%2bb", "a+b"),
        ("a%20b", "a b"),
        ("%", "%"),
        ("%4", "%4"),
        ("%zz", "%zz"),
        ("50%+", "50% "),
        ("%41%", "A%"),
    ];

    #[test]
    fn encode_keeps_unreserved_and_slash_and_escapes_the_rest() {
        for (text, escaped) in ESCAPED {
            assert_eq!(encode(text), escaped);
            assert_eq!(decode(escaped), text);
        }
    }

    #[test]
    fn decode_undoes_encode_and_keeps_malformed_escapes() {
        for s in [
            KIWIPETE,
            "a+b c",
            "100% sure",
            "%2B",
            "x/y?z#w",
            "é ü",
            "",
            "%%",
            "+++",
        ] {
            assert_eq!(decode(&encode(s)), s, "{s:?}");
        }
        for (link, read) in READ_AS {
            assert_eq!(decode(link), read, "{link:?}");
        }
    }

    #[test]
    fn parse_reads_panel_and_params() {
        let r = Route::parse("#/position?fen=8/8/8/8/8/8/8/K1k5+w+-+-&depth=3");
        assert_eq!(r.panel, Panel::Position);
        assert_eq!(r.params.get("fen"), Some("8/8/8/8/8/8/8/K1k5 w - -"));
        assert_eq!(r.params.get("depth"), Some("3"));
        assert_eq!(r.params.usize_or("depth", 9), 3);
        assert_eq!(r.params.usize_or("nope", 9), 9);
        // no leading slash, a trailing one, a key without a value, empty pairs
        let r = Route::parse("#swar/?op&&x=1");
        assert_eq!(r.panel, Panel::Swar);
        assert_eq!(r.params.get("op"), Some(""));
        assert_eq!(r.params.get("x"), Some("1"));
        // anything unknown opens the first panel
        assert_eq!(Route::parse("").panel, Panel::ALL[0]);
        assert_eq!(Route::parse("#/nowhere?x=1").panel, Panel::ALL[0]);
        assert_eq!(Route::parse("#/gpu").params, Params::default());
        // the teacher's class link is Practice's class view
        let r = Route::parse("#/class?class=week2&key=abc");
        assert_eq!(
            (r.panel, r.params.get("class")),
            (Panel::Practice, Some("week2"))
        );
        assert!(is_start("") && is_start("#") && is_start("#/"));
        assert!(!is_start("#/swar") && !is_start("#/nowhere"));
    }

    #[test]
    fn hash_round_trips_any_text() {
        for &panel in Panel::ALL {
            assert_eq!(Panel::from_slug(panel.slug()), Some(panel));
            let params = Params::default()
                .with("fen", KIWIPETE)
                .with("odd key", "a+b=c&d%e f/g")
                .with("empty", "");
            let route = Route { panel, params };
            let hash = route.to_hash();
            assert!(!hash.contains(' '), "{hash}");
            assert_eq!(Route::parse(&hash), route, "{hash}");
        }
        assert_eq!(
            Route {
                panel: Panel::Nibbles,
                params: Params::default()
            }
            .to_hash(),
            "#/nibbles"
        );
        let p = Params::from_pairs([("b", "2"), ("a", "1")]);
        assert_eq!(
            Route {
                panel: Panel::Trits,
                params: p.clone()
            }
            .to_hash(),
            "#/trits?a=1&b=2"
        );
        assert_eq!(p.without("a").iter().collect::<Vec<_>>(), [("b", "2")]);
    }

    /// A panel in its own module: its own changes show at once; the page's
    /// late echoes of them change nothing; a link the page follows wins.
    #[test]
    fn own_link_shows_its_changes_and_the_links_followed() {
        let mut l = OwnLink::new("#/practice?w=1");
        l.sent("#/practice?w=2".into());
        l.sent("#/practice?w=3".into());
        assert_eq!(l.hash, "#/practice?w=3");
        // the echo of 2 arrives after 3 was sent: 3 stays
        l.from_page("#/practice?w=2");
        assert_eq!(l.hash, "#/practice?w=3");
        l.from_page("#/practice?w=3");
        assert_eq!(l.hash, "#/practice?w=3");
        // back to an older link (not sent): it is shown
        l.from_page("#/practice?w=1");
        assert_eq!(l.hash, "#/practice?w=1");
        // the same state sent twice is echoed once; then a followed link
        l.sent("#/practice?w=4".into());
        l.sent("#/practice?w=4".into());
        l.from_page("#/practice?w=4");
        l.from_page("#/practice");
        assert_eq!(l.hash, "#/practice");
        // sending the page's own link: no echo comes, nothing is kept
        l.sent("#/practice".into());
        l.from_page("#/practice?w=4");
        assert_eq!(l.hash, "#/practice?w=4");
    }
}
