//! Hash routes: every view is a shareable link.
//!
//! `#/nibbles?x=0xb&op=negate&step=2` opens the Signed nibbles panel with
//! that nibble, operation and step. Panels keep all their state in
//! [`Params`], so the URL always says what is on the screen.

use std::collections::BTreeMap;

/// The panels, in navigation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    DeBruijn,
    Swar,
    Nibbles,
    NibbleBoard,
    Trits,
    Position,
    Gpu,
}

impl Panel {
    pub const ALL: [Panel; 7] = [
        Panel::DeBruijn,
        Panel::Swar,
        Panel::Nibbles,
        Panel::NibbleBoard,
        Panel::Trits,
        Panel::Position,
        Panel::Gpu,
    ];

    /// The path segment of the panel's route.
    pub fn slug(self) -> &'static str {
        match self {
            Panel::DeBruijn => "debruijn",
            Panel::Swar => "swar",
            Panel::Nibbles => "nibbles",
            Panel::NibbleBoard => "nibble-board",
            Panel::Trits => "trits",
            Panel::Position => "position",
            Panel::Gpu => "gpu",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Panel::DeBruijn => "de Bruijn",
            Panel::Swar => "SWAR",
            Panel::Nibbles => "Signed nibbles",
            Panel::NibbleBoard => "Nibble board",
            Panel::Trits => "Trits",
            Panel::Position => "Position",
            Panel::Gpu => "GPU perft",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Panel> {
        Panel::ALL.into_iter().find(|p| p.slug() == slug)
    }
}

/// A panel's state as `key=value` pairs of the URL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(BTreeMap<String, String>);

impl Params {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// The same params with `key` set to `value`.
    pub fn with(&self, key: &str, value: impl Into<String>) -> Params {
        let mut p = self.clone();
        p.0.insert(key.to_string(), value.into());
        p
    }

    /// The same params without `key`.
    pub fn without(&self, key: &str) -> Params {
        let mut p = self.clone();
        p.0.remove(key);
        p
    }

    /// A number param, or `default` when absent or unreadable.
    pub fn usize_or(&self, key: &str, default: usize) -> usize {
        self.get(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }
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
        let panel = Panel::from_slug(slug.trim_end_matches('/')).unwrap_or(Panel::ALL[0]);
        let mut params = BTreeMap::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            params.insert(decode(k), decode(v));
        }
        Route {
            panel,
            params: Params(params),
        }
    }

    /// The hash for this route: `#/slug` or `#/slug?k=v&...`.
    pub fn to_hash(&self) -> String {
        let mut hash = format!("#/{}", self.panel.slug());
        for (i, (k, v)) in self.params.0.iter().enumerate() {
            hash.push(if i == 0 { '?' } else { '&' });
            hash.push_str(&encode(k));
            hash.push('=');
            hash.push_str(&encode(v));
        }
        hash
    }
}

/// Percent-encodes everything but unreserved characters and `/`.
fn encode(s: &str) -> String {
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
fn decode(s: &str) -> String {
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
