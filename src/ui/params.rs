//! A panel's state in the URL: `key=value` pairs (plain Rust, native too).
//! The leaf of `ui`: routes carry them, and every panel state reads itself
//! from them and writes itself back.

/// A panel's state as `key=value` pairs of the URL, kept sorted by key
/// (a sorted list rather than a map: a dozen keys at most, and the page
/// carries no B-tree code for it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(Vec<(String, String)>);

impl Params {
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.find(key).ok().map(|i| self.0[i].1.as_str())
    }

    /// The same params with `key` set to `value`.
    pub fn with(&self, key: &str, value: impl Into<String>) -> Params {
        let mut p = self.clone();
        p.set(key, value);
        p
    }

    /// The same params without `key`.
    pub fn without(&self, key: &str) -> Params {
        let mut p = self.clone();
        if let Ok(i) = p.find(key) {
            p.0.remove(i);
        }
        p
    }

    /// Builds params from `key=value` pairs (later pairs win).
    pub fn from_pairs<K: Into<String>, V: Into<String>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Params {
        let mut p = Params::default();
        for (k, v) in pairs {
            p.set(&k.into(), v);
        }
        p
    }

    /// The pairs, sorted by key.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Sets `key` to `value` in place.
    pub fn set(&mut self, key: &str, value: impl Into<String>) {
        match self.find(key) {
            Ok(i) => self.0[i].1 = value.into(),
            Err(i) => self.0.insert(i, (key.to_string(), value.into())),
        }
    }

    /// A number param, or `default` when absent or unreadable.
    pub fn usize_or(&self, key: &str, default: usize) -> usize {
        self.get(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }
}
