//! Finding a trick by the words a learner types.
//!
//! A query is split into words and C operators. Each entry is scored by:
//!
//! 1. the whole query as a phrase: its title exactly (first of all), its
//!    id, one of its aliases exactly, or the phrase inside the title, an
//!    alias or the task; these compare stems, with each typo replaced by
//!    the nearest word of the catalog (`revrse bits` is the alias
//!    `reverse bits`); a query written as code (`x & (x - 1)`) found in the
//!    trick's body;
//! 2. each word, against the entry's fields, weighted: title 10, aliases 8,
//!    id 6, task 3, family and operators 2. A word matches a word of a
//!    field exactly, by stem (`bits`, `bit`; `reversal`, `reverse`), as a
//!    prefix (3 letters or more), or within a bounded edit distance (1 for
//!    4 to 7 letters, 2 from 8: `revrse` finds `reverse`); numbers only
//!    exactly. Synonyms come from the aliases (`mirror bits`, `rbit`);
//! 3. how many of the query's words matched: an entry that matches them
//!    all ranks above one that matches some.
//!
//! Ties keep the catalog's order, a wrong entry after the right ones.
//! The words of every entry sit in one vocabulary built once ([`Index`]),
//! so a query compares its words with each distinct word once: the whole
//! catalog answers in well under a millisecond natively.

use super::{Catalog, Entry};
use std::collections::HashMap;
use std::sync::OnceLock;

/// A ranked entry: its index in [`Catalog::entries`] and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub entry: usize,
    pub score: u32,
    /// The entry matches the query: as a phrase (or as code), or each of
    /// its words by stem or prefix. An entry found only by some words, or
    /// by typo distance, is a weak match ([`all_weak`]).
    pub complete: bool,
}

/// No hit matches the whole query: what is listed are the closest
/// entries, and the page and the CLI say so.
pub fn all_weak(hits: &[Hit]) -> bool {
    !hits.iter().any(|h| h.complete)
}

/// The fields a word can match, and their weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Title,
    Alias,
    Id,
    Task,
    /// The family, the operators of the body (`*` also as "multiply"),
    /// and "wrong" for a wrong entry.
    Other,
}

const FIELDS: usize = 5;
const WEIGHTS: [u32; FIELDS] = [10, 8, 6, 3, 2];

/// Words a query's word scores leave out (its phrase scores keep them);
/// `s` and `t` are what an apostrophe leaves (`bit's`, `don't`).
const STOP: [&str; 24] = [
    "a", "an", "the", "of", "to", "by", "in", "on", "for", "with", "is", "it", "its", "and", "or",
    "from", "into", "at", "as", "how", "do", "i", "s", "t",
];

/// An entry's texts for the phrase scores.
struct Doc {
    /// The title's words as typed (for the exact title).
    title: String,
    /// The title's, each alias's and the task's words stemmed (for the
    /// phrases of a query whose typos are corrected).
    title_stems: String,
    aliases: Vec<String>,
    task: String,
    /// The id as written (`sign-shift`).
    id: String,
    /// The body without spaces (for a query written as code).
    code: String,
    wrong: bool,
}

/// The catalog's search index.
pub struct Index {
    docs: Vec<Doc>,
    /// Each distinct stemmed word and where it occurs (entry, field).
    vocab: Vec<(String, Vec<(usize, Field)>)>,
}

/// The index of the embedded catalog ([`super::catalog`]), built on first use.
pub fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| Index::new(super::catalog()))
}

/// Ranks `catalog`'s entries for `query` (see the module docs): the
/// matching entries, best first.
pub fn search(catalog: &Catalog, query: &str) -> Vec<Hit> {
    Index::new(catalog).search(query)
}

impl Index {
    pub fn new(catalog: &Catalog) -> Index {
        let mut words: HashMap<String, Vec<(usize, Field)>> = HashMap::new();
        let mut docs = Vec::with_capacity(catalog.entries.len());
        for (k, e) in catalog.entries.iter().enumerate() {
            for (field, text) in fields(e) {
                for w in tokens(&text) {
                    let postings = words.entry(stem(&w)).or_default();
                    if !postings.contains(&(k, field)) {
                        postings.push((k, field));
                    }
                }
            }
            docs.push(Doc {
                title: phrase(&e.title),
                title_stems: stems(&e.title),
                id: e.id.clone(),
                aliases: e.aliases.iter().map(|a| stems(a)).collect(),
                task: stems(&e.task),
                code: compact(body(&e.source, &e.fn_name)),
                wrong: e.wrong.is_some(),
            });
        }
        let mut vocab: Vec<_> = words.into_iter().collect();
        vocab.sort_by(|a, b| a.0.cmp(&b.0));
        Index { docs, vocab }
    }

    /// The matching entries, best first.
    pub fn search(&self, query: &str) -> Vec<Hit> {
        let all = tokens(query);
        let kept: Vec<String> = all
            .iter()
            .filter(|w| !STOP.contains(&w.as_str()))
            .cloned()
            .collect();
        let words = if kept.is_empty() { all } else { kept };
        let per_word: Vec<Vec<[u8; FIELDS]>> =
            words.iter().map(|w| self.word_matches(w).0).collect();
        let q = Query {
            words: phrase(query),
            stems: self.corrected(query),
            raw: query.trim().to_lowercase(),
        };
        let code = compact(query);
        let mut hits: Vec<Hit> = (0..self.docs.len())
            .filter_map(|k| {
                let (matched, sum) = word_score(&per_word, k);
                let bonus = self.phrase_score(k, &q, &code);
                if matched == 0 && bonus == 0 {
                    return None;
                }
                let all_matched = if matched == words.len() { 200 } else { 0 };
                let score = bonus + all_matched + 40 * matched as u32 + sum;
                let strong = per_word.iter().all(|m| m[k].iter().any(|&x| x >= 3));
                Some(Hit {
                    entry: k,
                    score: score - u32::from(self.docs[k].wrong),
                    complete: bonus > 0 || strong,
                })
            })
            .collect();
        hits.sort_by(|a, b| b.score.cmp(&a.score).then(a.entry.cmp(&b.entry)));
        hits
    }

    /// For each entry, the best quality (0 to 4) of `word` in each field;
    /// and the vocabulary's word that matches it best (the most frequent of
    /// the best quality), its stem when none does.
    fn word_matches(&self, word: &str) -> (Vec<[u8; FIELDS]>, String) {
        let mut out = vec![[0u8; FIELDS]; self.docs.len()];
        let s = stem(word);
        let mut best = (0, 0, s.as_str());
        for (v, postings) in &self.vocab {
            let q = quality(word, &s, v);
            if q == 0 {
                continue;
            }
            best = best.max((q, postings.len(), v.as_str()));
            for &(k, field) in postings {
                let slot = &mut out[k][field as usize];
                *slot = (*slot).max(q);
            }
        }
        let corrected = if best.0 >= 4 || best.0 == 0 {
            s.clone()
        } else {
            best.2.to_string()
        };
        (out, corrected)
    }

    /// The query's words stemmed, each typo replaced by the vocabulary's
    /// word it is nearest (`revrse bits` reads `revers bit`).
    fn corrected(&self, query: &str) -> String {
        let words: Vec<String> = tokens(query)
            .iter()
            .map(|w| self.word_matches(w).1)
            .collect();
        words.join(" ")
    }

    /// The whole query as a phrase (or as code) in entry `k`.
    fn phrase_score(&self, k: usize, q: &Query, code: &str) -> u32 {
        let d = &self.docs[k];
        if q.words.is_empty() {
            return 0;
        }
        let contains = |text: &str| format!(" {text} ").contains(&format!(" {} ", q.stems));
        let phrase = if d.title == q.words {
            1000
        } else if d.id == q.raw {
            900
        } else if d.title_stems == q.stems {
            800
        } else if d.aliases.contains(&q.stems) {
            500
        } else if contains(&d.title_stems) {
            150
        } else if d.aliases.iter().any(|a| contains(a)) {
            120
        } else if contains(&d.task) {
            60
        } else {
            0
        };
        let is_code = code.len() >= 3 && code.bytes().any(|b| OPERATOR_CHARS.contains(&b));
        phrase
            + if is_code && d.code.contains(code) {
                300
            } else {
                0
            }
    }
}

/// A query read three ways.
struct Query {
    /// Its words, lowercase, joined by spaces.
    words: String,
    /// Its words stemmed and corrected ([`Index::corrected`]).
    stems: String,
    /// As typed, trimmed, lowercase (for an id).
    raw: String,
}

/// (words matched, their weighted qualities) of entry `k`.
fn word_score(per_word: &[Vec<[u8; FIELDS]>], k: usize) -> (usize, u32) {
    let mut matched = 0;
    let mut sum = 0;
    for m in per_word {
        let q = &m[k];
        if q.iter().any(|&x| x > 0) {
            matched += 1;
        }
        sum += q
            .iter()
            .zip(WEIGHTS)
            .map(|(&x, w)| u32::from(x) * w)
            .sum::<u32>();
    }
    (matched, sum)
}

/// How well a query word matches a vocabulary word (stemmed): 4 the same
/// stem, 3 a prefix, 2 one edit away, 1 two edits away, 0 not at all.
fn quality(word: &str, stemmed: &str, v: &str) -> u8 {
    if stemmed == v {
        return 4;
    }
    let numeric = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if numeric(word)
        || numeric(v)
        || !word
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric())
    {
        return 0;
    }
    if stemmed.len() >= 3 && v.starts_with(stemmed) {
        return 3;
    }
    let bound = match word.chars().count() {
        0..=3 => return 0,
        4..=7 => 1,
        _ => 2,
    };
    // (`distance` gives `bound + 1` for "further": two edits for a short
    // word is no match, not a weak one)
    match distance(stemmed, v, bound).min(distance(word, v, bound)) {
        d if d > bound => 0,
        1 => 2,
        2 => 1,
        _ => 0,
    }
}

/// The edit distance (insert, delete, substitute, swap two neighbours)
/// between `a` and `b`, or `bound + 1` when it is over `bound`.
fn distance(a: &str, b: &str, bound: usize) -> usize {
    // most of the vocabulary is ruled out by length alone, before any allocation
    if a.chars().count().abs_diff(b.chars().count()) > bound {
        return bound + 1;
    }
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![(0..=b.len()).collect::<Vec<usize>>()];
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let prev = &rows[i - 1];
            row[j] = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(rows[i - 2][j - 2] + 1);
            }
        }
        if row.iter().all(|&d| d > bound) {
            return bound + 1;
        }
        rows.push(row);
    }
    rows[a.len()][b.len()].min(bound + 1)
}

/// The characters C operators are made of.
const OPERATOR_CHARS: &[u8] = b"+-*/%&|^~!<>=?";

/// Lowercase words and operator runs (`x<<1` gives `x`, `<<`, `1`), stop
/// words kept.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut op = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        let is_op = c.is_ascii() && OPERATOR_CHARS.contains(&(c as u8));
        let is_word = c.is_alphanumeric();
        // a word or an operator run ends at anything else, or at the other kind
        if (!(is_op || is_word) || is_op != op) && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        if is_op || is_word {
            cur.push(c);
            op = is_op;
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A text's words stemmed, joined by single spaces.
fn stems(text: &str) -> String {
    tokens(text)
        .iter()
        .map(|w| stem(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A text's words joined by single spaces (stop words kept).
fn phrase(text: &str) -> String {
    tokens(text).join(" ")
}

/// A text without whitespace, lowercase.
fn compact(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A crude English stem: `bits` and `bit`, `reversal` and `reverse`,
/// `counting` and `count`, `rotation` and `rotate` meet; operators and
/// numbers stay as they are.
fn stem(word: &str) -> String {
    if !word.chars().all(char::is_alphabetic) || word.len() <= 3 {
        return word.to_string();
    }
    let mut w = word.to_string();
    for (suffix, by) in [
        ("ation", "at"),
        ("ing", ""),
        ("ies", "y"),
        ("ed", ""),
        ("es", ""),
        ("al", ""),
        ("s", ""),
    ] {
        if w.ends_with("ss") {
            break;
        }
        if let Some(base) = w.strip_suffix(suffix) {
            if base.len() >= 3 {
                w = format!("{base}{by}");
                let b = w.as_bytes();
                let n = b.len();
                if (suffix == "ing" || suffix == "ed")
                    && n >= 2
                    && b[n - 1] == b[n - 2]
                    && !b"aeiouls".contains(&b[n - 1])
                {
                    w.pop();
                }
                break;
            }
        }
    }
    if w.len() > 3 && w.ends_with('e') {
        w.pop();
    }
    w
}

/// The words of each field of an entry.
fn fields(e: &Entry) -> Vec<(Field, String)> {
    let mut other = e.family.replace('-', " ");
    for op in operators(body(&e.source, &e.fn_name)) {
        other.push(' ');
        other.push_str(&op);
    }
    if e.wrong.is_some() {
        other.push_str(" wrong broken bug");
    }
    vec![
        (Field::Title, e.title.clone()),
        (Field::Alias, e.aliases.join(" ")),
        (Field::Id, split_digits(&e.id.replace('-', " "))),
        (Field::Task, e.task.clone()),
        (Field::Other, other),
    ]
}

/// Digits apart from letters: `reverse32 swap` reads `reverse 32 swap`.
fn split_digits(text: &str) -> String {
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for c in text.chars() {
        if prev.is_some_and(|p| {
            p.is_ascii_digit() != c.is_ascii_digit() && p.is_alphanumeric() && c.is_alphanumeric()
        }) {
            out.push(' ');
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// The trick's function in its source (after the tables).
fn body<'a>(source: &'a str, fn_name: &str) -> &'a str {
    let at = source.find(&format!(" {fn_name}(")).unwrap_or(0);
    let start = source[..at].rfind('\n').map_or(0, |k| k + 1);
    &source[start..]
}

/// The operators a body uses, with the names a learner gives some.
fn operators(body: &str) -> Vec<String> {
    let code = body.split_once('{').map_or(body, |(_, b)| b);
    let mut out: Vec<String> = tokens(code)
        .into_iter()
        .filter(|t| t.bytes().all(|b| OPERATOR_CHARS.contains(&b)))
        .collect();
    let named = [
        ("*", "multiply"),
        ("/", "divide"),
        ("%", "modulo"),
        ("<<", "shift"),
        (">>", "shift"),
        ("^", "xor"),
        ("for", "loop"),
        ("while", "loop"),
        ("__builtin_", "builtin"),
    ];
    for (op, name) in named {
        if code.contains(op) {
            out.push(name.to_string());
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_meet() {
        for (a, b) in [
            ("bits", "bit"),
            ("reversal", "reverse"),
            ("counting", "count"),
            ("rotation", "rotate"),
            ("swapping", "swap"),
            ("bytes", "byte"),
            ("zeroes", "zeros"),
            ("interleaving", "interleave"),
            ("less", "less"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} {b}");
        }
        assert_eq!(stem("<<"), "<<");
    }

    #[test]
    fn distances_are_bounded() {
        assert_eq!(distance("revrse", "reverse", 1), 1);
        assert_eq!(distance("reveser", "reverse", 2), 2);
        assert_eq!(distance("abcd", "abdc", 1), 1);
        assert_eq!(distance("parity", "popcount", 2), 3);
    }

    #[test]
    fn tokens_split_words_and_operators() {
        assert_eq!(tokens("x & (x-1) Bits"), ["x", "&", "x", "-", "1", "bits"]);
        assert_eq!(tokens("v<<=2"), ["v", "<<=", "2"]);
    }
}
