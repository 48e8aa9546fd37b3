//! What the source texts get wrong, and why each trick works, as data: the
//! panels only render it. Every number in a [`Correction`] or a "why" text
//! is computed here (or by the trick's own module), and unit-tested.
//!
//! The sources are the texts bitscope was designed from: the 8-bit de
//! Bruijn walk-through, the Nibble page, the "Memory vs. speed" GPU blog and
//! the trit conversion article (the blog's correction lives in
//! `gpu::teach`, the position's "why" in `chess::teach`).

pub mod debruijn;
pub mod nibble;
pub mod swar;
pub mod trit;

use serde::Serialize;

/// A claim of a source text and the computed truth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Correction {
    /// A short stable name (`data-correction` on the page).
    pub key: &'static str,
    /// The source, in words: "the 8-bit de Bruijn walk-through".
    pub source: &'static str,
    /// What it says.
    pub claim: String,
    /// What is true, with the computed numbers.
    pub truth: String,
    /// A table of computed values beside the claim, when one helps.
    pub table: Option<Table>,
}

/// A small table: a header row and rows of cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    pub head: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new<const N: usize>(head: [&str; N], rows: Vec<[String; N]>) -> Table {
        Table {
            head: head.iter().map(|h| h.to_string()).collect(),
            rows: rows.into_iter().map(Vec::from).collect(),
        }
    }
}

impl Correction {
    /// The sentence the page shows: "<source> says <claim>; in fact <truth>".
    pub fn sentence(&self) -> String {
        format!(
            "{} says {}; in fact {}",
            capital(self.source),
            self.claim,
            self.truth
        )
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// Numbers joined with ", ".
pub fn list<T: ToString>(v: &[T]) -> String {
    v.iter().map(T::to_string).collect::<Vec<_>>().join(", ")
}

/// Test helper: `text` contains every one of `parts`.
#[cfg(test)]
pub(crate) fn assert_has(text: &str, parts: &[&str]) {
    for p in parts {
        assert!(text.contains(p), "{p:?} not in {text:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentence_names_the_source_first() {
        let c = Correction {
            key: "k",
            source: "the walk-through",
            claim: "a".into(),
            truth: "b".into(),
            table: None,
        };
        assert_eq!(c.sentence(), "The walk-through says a; in fact b");
        assert_eq!(list(&[1, 2]), "1, 2");
    }
}
