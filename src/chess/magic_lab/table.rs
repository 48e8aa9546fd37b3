//! A whole engine's magic table: read its 64 magics (and its shifts or bit
//! counts) from source code as an engine writes it, check every square,
//! and repair the invalid ones.
//!
//! The input is any of
//!
//! * a C or Rust array literal of 64 magics: hex or decimal, `ULL` / `u64`
//!   suffixes, `C64(..)`-style wrappers, comments and trailing commas;
//!   a second array of 64 shifts (`64 - bits`) or bit counts in the same
//!   text gives each square's bits;
//! * one magic per line (optionally followed by its shift or bit count).
//!
//! Square order is a1 = 0 .. h8 = 63, the usual one. Shifts and bit counts
//! cannot be confused: bits are `1..=20`, shifts `44..=63`.
//!
//! ```
//! use bitscope::chess::magic_lab::table::{check_table, parse_table, BitsGiven};
//! use bitscope::chess::magic_lab::{builtin_magic, SliderPiece};
//! use bitscope::chess::Square;
//! let numbers: Vec<String> = Square::all()
//!     .map(|s| format!("0x{:016x}ULL", builtin_magic(SliderPiece::Bishop, s)))
//!     .collect();
//! let text = format!("const U64 B[64] = {{ {}, }};", numbers.join(", "));
//! let table = parse_table(SliderPiece::Bishop, &text, BitsGiven::Usual)?;
//! let report = check_table(&table)?;
//! assert_eq!(report.valid_squares, 64);
//! assert_eq!(report.usual_kb, 41.0);
//! # Ok::<(), bitscope::chess::magic_lab::table::TableError>(())
//! ```

use super::{check, find, usual_bits, Collision, Found, MagicError, SliderPiece, MAX_BITS};
use crate::bits::square::Square;
use crate::bits::word::{parse_number, NumberError};
use serde::Serialize;
use std::ops::ControlFlow;
use thiserror::Error;

/// Why a table was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    #[error("line {line}: {text:?} is not a number: {source} (expected 0x.. or decimal, with an optional ULL or u64 suffix)")]
    NotANumber {
        line: usize,
        text: String,
        source: NumberError,
    },
    #[error("line {line}: an empty entry between two commas")]
    EmptyEntry { line: usize },
    #[error("line {line}: {bracket:?} is not closed or not opened")]
    Unbalanced { line: usize, bracket: char },
    #[error("{found} magics where a table has 64 (one per square, a1 first)")]
    MagicCount { found: usize },
    #[error("{found} shifts or bit counts where a table has 64")]
    BitsCount { found: usize },
    #[error("line {line}: {value} is neither a bit count (1..={MAX_BITS}) nor a shift ({}..=63), or the list mixes both", 64 - MAX_BITS)]
    BadShift { line: usize, value: u64 },
    #[error("no magics found")]
    Empty,
    /// The only array holds small numbers: a shift or bit-count table.
    #[error("the only array holds {count} numbers, all at most 64: it reads as a table of shifts or bit counts, not of magics (a magic is a large 64-bit number); paste the magics' array too, or one magic per line")]
    OnlyShifts { count: usize },
    #[error(transparent)]
    Magic(#[from] MagicError),
}

/// Where the bit counts come from when the text has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitsGiven {
    /// The text's own shifts or bits, else one per mask square.
    Usual,
    /// The same bit count on every square (the CLI's `--bits`).
    All(u32),
    /// The same shift on every square (`--shifts`): bits = 64 - shift.
    Shift(u32),
}

/// Where each square's bits came from (said in the report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BitsFrom {
    /// One per square of the mask.
    Usual,
    /// The text's list of shifts.
    TextShifts,
    /// The text's list of bit counts.
    TextBits,
    /// `--bits` / `--shifts`.
    Given,
}

/// How the magics were written: kept so a repaired table prints back in the
/// same form.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Literal {
    /// Byte range of the digits (after `0x`, before any suffix).
    start: usize,
    end: usize,
    /// The `0x`/`0b` prefix's length (0 for decimal).
    prefix: usize,
    /// 2, 10 or 16.
    radix: u32,
    /// Whether its hex letters are capitals (`lower`: small ones; neither
    /// when it has no letters).
    upper: bool,
    lower: bool,
    width: usize,
}

impl Literal {
    fn render(&self, value: u64) -> String {
        match (self.radix, self.upper) {
            (16, true) => format!("{value:0w$X}", w = self.width),
            (16, false) => format!("{value:0w$x}", w = self.width),
            (2, _) => format!("{value:0w$b}", w = self.width),
            _ => value.to_string(),
        }
    }

    /// `value` written in `style`'s notation, prefix included when this
    /// literal's notation differs (a decimal `0` in a hex table becomes
    /// `0x…`): the text that replaces `range()`.
    fn rewrite(&self, style: &Literal, value: u64) -> (std::ops::Range<usize>, String) {
        if self.radix == style.radix {
            return (self.start..self.end, style.render(value));
        }
        let prefix = match style.radix {
            16 => "0x",
            2 => "0b",
            _ => "",
        };
        (
            self.start - self.prefix..self.end,
            format!("{prefix}{}", style.render(value)),
        )
    }
}

/// The notation most of a table's magics are written in (ties go to hex,
/// then binary), at the widest width used in it: the notation a replaced
/// magic is written in.
fn table_style(literals: &[Literal]) -> Literal {
    let count = |radix| literals.iter().filter(|l| l.radix == radix).count();
    let radix = [16, 2, 10]
        .into_iter()
        .max_by_key(|&r| (count(r), r == 16, r == 2))
        .unwrap_or(16);
    let same = || literals.iter().filter(move |l| l.radix == radix);
    Literal {
        start: 0,
        end: 0,
        prefix: 0,
        radix,
        upper: same().filter(|l| l.upper).count() > same().filter(|l| l.lower).count(),
        lower: false,
        width: same().map(|l| l.width).max().unwrap_or(0),
    }
}

/// A table read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicTable {
    pub piece: SliderPiece,
    /// a1 first.
    pub magics: Vec<u64>,
    pub bits: Vec<u32>,
    pub bits_from: BitsFrom,
    text: String,
    literals: Vec<Literal>,
}

/// One number of the text, where it stands.
struct Number {
    value: u64,
    line: usize,
    literal: Literal,
}

/// Blanks out `//`, `/* */` and `#` comments (keeping byte offsets and
/// newlines), so that `#[rustfmt::skip]` or `/* a1 */` never count.
fn strip_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        let end = if b[i] == b'#' || b[i..].starts_with(b"//") {
            b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p)
        } else if b[i..].starts_with(b"/*") {
            b[i + 2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map_or(b.len(), |p| i + 2 + p + 2)
        } else {
            i += 1;
            continue;
        };
        for c in &mut out[i..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        i = end;
    }
    // only whole comments (delimited by ASCII) were blanked: still UTF-8
    String::from_utf8(out).unwrap_or_default()
}

fn line_of(text: &str, at: usize) -> usize {
    1 + text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
}

const SUFFIXES: [&str; 10] = ["", "u", "l", "ul", "lu", "ll", "ull", "llu", "u64", "i64"];

/// One entry: `0x..ULL`, `123u64`, `C64(0x..)`, starting at byte `at`.
fn number(text: &str, item: &str, at: usize) -> Result<Number, TableError> {
    let lead = item.len() - item.trim_start().len();
    let (mut s, mut at) = (item.trim(), at + lead);
    // unwrap `NAME(..)` (C64(..), U64(..))
    while let (Some(open), true) = (s.find('('), s.ends_with(')')) {
        if !s[..open]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            break;
        }
        let inner = &s[open + 1..s.len() - 1];
        at += open + 1 + (inner.len() - inner.trim_start().len());
        s = inner.trim();
    }
    let line = line_of(text, at);
    let bad = |source| TableError::NotANumber {
        line,
        text: item.trim().to_string(),
        source,
    };
    let lower = s.to_ascii_lowercase();
    let (skip, radix, base) = if lower.starts_with("0x") {
        (2, 16, "hex")
    } else if lower.starts_with("0b") {
        (2, 2, "binary")
    } else {
        (0, 10, "decimal")
    };
    let is_digit = |c: char| c.is_digit(radix);
    let digits_len = s[skip..]
        .find(|c: char| !(is_digit(c) || c == '_'))
        .unwrap_or(s.len() - skip);
    let (digits, suffix) = s[skip..].split_at(digits_len);
    let suffix = suffix.strip_prefix('_').unwrap_or(suffix);
    if !SUFFIXES.contains(&suffix.to_ascii_lowercase().as_str()) {
        let ch = suffix.chars().next().unwrap_or(' ');
        return Err(bad(NumberError::BadDigit { ch, base }));
    }
    let value = parse_number(&s[..skip + digits_len], 64).map_err(bad)?;
    let digits = digits.trim_end_matches('_');
    Ok(Number {
        value,
        line,
        literal: Literal {
            start: at + skip,
            end: at + skip + digits.len(),
            prefix: skip,
            radix,
            upper: digits.chars().any(|c| c.is_ascii_uppercase()),
            lower: digits.chars().any(|c| c.is_ascii_lowercase()),
            width: digits.len(),
        },
    })
}

/// The innermost `{..}` / `[..]` groups that hold a comma: the array
/// literals (`[64]` and `[u64; 64]` hold none).
fn arrays(text: &str) -> Result<Vec<Vec<Number>>, TableError> {
    let mut stack: Vec<(usize, char, bool)> = Vec::new();
    let mut groups = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '{' | '[' => {
                if let Some(parent) = stack.last_mut() {
                    parent.2 = true;
                }
                stack.push((i, c, false));
            }
            '}' | ']' => {
                let want = if c == '}' { '{' } else { '[' };
                match stack.pop() {
                    Some((open, o, nested)) if o == want => {
                        if !nested && text[open + 1..i].contains(',') {
                            groups.push((open + 1, i));
                        }
                    }
                    _ => {
                        return Err(TableError::Unbalanced {
                            line: line_of(text, i),
                            bracket: c,
                        })
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(&(open, c, _)) = stack.last() {
        return Err(TableError::Unbalanced {
            line: line_of(text, open),
            bracket: c,
        });
    }
    groups
        .into_iter()
        .map(|(start, end)| {
            let items: Vec<(usize, &str)> = text[start..end]
                .split(',')
                .scan(start, |at, item| {
                    let here = *at;
                    *at += item.len() + 1;
                    Some((here, item))
                })
                .collect();
            let last = items.len() - 1;
            items
                .into_iter()
                .enumerate()
                .filter(|(k, (_, item))| !(*k == last && item.trim().is_empty()))
                .map(|(_, (at, item))| {
                    if item.trim().is_empty() {
                        Err(TableError::EmptyEntry {
                            line: line_of(text, at),
                        })
                    } else {
                        number(text, item, at)
                    }
                })
                .collect()
        })
        .collect()
}

/// No array literal: the numbers line by line (one magic per line, or a
/// magic and its shift / bits on every line), split at blanks and commas.
fn lines(text: &str) -> Result<(Vec<Number>, Vec<Number>), TableError> {
    let mut rows: Vec<Vec<Number>> = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let mut row = Vec::new();
        let mut at = start;
        for word in line.split(|c: char| c.is_whitespace() || c == ',') {
            if !word.is_empty() {
                row.push(number(text, word, at)?);
            }
            at += word.len() + 1;
        }
        if !row.is_empty() {
            rows.push(row);
        }
        start += line.len();
    }
    if !rows.is_empty() && rows.iter().all(|r| r.len() == 2) {
        let (mut magics, mut bits) = (Vec::new(), Vec::new());
        for mut r in rows {
            bits.push(r.pop().expect("two numbers"));
            magics.push(r.pop().expect("two numbers"));
        }
        return Ok((magics, bits));
    }
    Ok((rows.into_iter().flatten().collect(), Vec::new()))
}

/// Shifts or bit counts: all in `1..=MAX_BITS` (bits) or all in
/// `64-MAX_BITS..=63` (shifts).
fn read_bits(list: &[Number]) -> Result<(Vec<u32>, BitsFrom), TableError> {
    if list.len() != 64 {
        return Err(TableError::BitsCount { found: list.len() });
    }
    let is_bits = (1..=u64::from(MAX_BITS)).contains(&list[0].value);
    let ok = |v: u64| {
        if is_bits {
            (1..=u64::from(MAX_BITS)).contains(&v)
        } else {
            (u64::from(64 - MAX_BITS)..=63).contains(&v)
        }
    };
    if let Some(n) = list.iter().find(|n| !ok(n.value)) {
        return Err(TableError::BadShift {
            line: n.line,
            value: n.value,
        });
    }
    let bits = list
        .iter()
        .map(|n| if is_bits { n.value } else { 64 - n.value } as u32)
        .collect();
    let from = if is_bits {
        BitsFrom::TextBits
    } else {
        BitsFrom::TextShifts
    };
    Ok((bits, from))
}

/// Reads a table of 64 magics for `piece` (see the module's docs for the
/// forms); `given` overrides the text's own bits.
///
/// # Errors
/// A non-number (with its line), a count other than 64, bits out of
/// `1..=20`, shifts out of `44..=63`, unbalanced brackets.
pub fn parse_table(
    piece: SliderPiece,
    text: &str,
    given: BitsGiven,
) -> Result<MagicTable, TableError> {
    let clean = strip_comments(text);
    let mut found = arrays(&clean)?;
    let (magics, small) = if found.is_empty() {
        lines(&clean)?
    } else {
        // the first array of big numbers holds the magics; the first of
        // small ones (all <= 64) the shifts or bits
        let small_at = found
            .iter()
            .position(|a| a.iter().all(|n| n.value <= 64) && a.len() <= 64);
        let small = small_at.map(|k| found.remove(k)).unwrap_or_default();
        let magics = found.into_iter().next().unwrap_or_default();
        (magics, small)
    };
    if magics.is_empty() && !small.is_empty() {
        return Err(TableError::OnlyShifts { count: small.len() });
    }
    if magics.is_empty() {
        return Err(TableError::Empty);
    }
    if magics.len() != 64 {
        return Err(TableError::MagicCount {
            found: magics.len(),
        });
    }
    let squares: Vec<Square> = Square::all().collect();
    let (bits, bits_from) = match given {
        BitsGiven::All(b) => (vec![b; 64], BitsFrom::Given),
        BitsGiven::Shift(s) => (vec![64u32.saturating_sub(s); 64], BitsFrom::Given),
        BitsGiven::Usual if small.is_empty() => (
            squares.iter().map(|&s| usual_bits(piece, s)).collect(),
            BitsFrom::Usual,
        ),
        BitsGiven::Usual => read_bits(&small)?,
    };
    for (&s, &b) in squares.iter().zip(&bits) {
        super::check_bits(piece, s, b)?;
    }
    Ok(MagicTable {
        piece,
        magics: magics.iter().map(|n| n.value).collect(),
        bits,
        bits_from,
        text: text.to_string(),
        literals: magics.into_iter().map(|n| n.literal).collect(),
    })
}

/// One square of a checked table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SquareReport {
    #[serde(serialize_with = "serialize_square")]
    pub square: Square,
    #[serde(serialize_with = "hex")]
    pub magic: u64,
    pub valid: bool,
    pub bits: u32,
    /// The mask's squares (the usual bits).
    pub usual_bits: u32,
    /// `2^bits` table entries.
    pub entries: u64,
    pub harmless: usize,
    pub breaking: usize,
    /// The first breaking collision, if any.
    pub collision: Option<Collision>,
}

/// A square as its name (`e4`): the text is `Square`'s `Display`, the one
/// naming of squares (`bits::square`).
fn serialize_square<S: serde::Serializer>(v: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&v.to_string())
}

fn hex<S: serde::Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("0x{v:016x}"))
}

/// The square with the largest part of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Biggest {
    #[serde(serialize_with = "serialize_square")]
    pub square: Square,
    pub bits: u32,
    pub entries: u64,
}

/// A whole table checked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableReport {
    pub piece: String,
    pub bits_from: BitsFrom,
    /// a1 first.
    pub squares: Vec<SquareReport>,
    pub valid_squares: usize,
    pub valid: bool,
    /// `sum 2^bits` entries of 8 bytes, in KiB.
    pub size_kb: f64,
    /// The same with the usual bits (one per mask square): 800 for the
    /// rook, 41 for the bishop.
    pub usual_kb: f64,
    pub biggest: Biggest,
}

/// KiB of `u64` entries for these bit counts.
pub fn table_kb(bits: impl IntoIterator<Item = u32>) -> f64 {
    bits.into_iter().map(|b| 8u64 << b).sum::<u64>() as f64 / 1024.0
}

/// Checks every square of `table` with [`super::check`].
pub fn check_table(table: &MagicTable) -> Result<TableReport, TableError> {
    let piece = table.piece;
    let mut squares = Vec::with_capacity(64);
    for ((s, &magic), &bits) in Square::all().zip(&table.magics).zip(&table.bits) {
        let r = check(piece, s, magic, bits)?;
        squares.push(SquareReport {
            square: s,
            magic,
            valid: r.valid,
            bits,
            usual_bits: usual_bits(piece, s),
            entries: 1 << bits,
            harmless: r.harmless,
            breaking: r.breaking,
            collision: r.first_breaking,
        });
    }
    let valid_squares = squares.iter().filter(|s| s.valid).count();
    let big = squares.iter().fold(
        &squares[0],
        |b, s| if s.entries > b.entries { s } else { b },
    );
    Ok(TableReport {
        piece: piece.name().to_string(),
        bits_from: table.bits_from,
        valid_squares,
        valid: valid_squares == 64,
        size_kb: table_kb(table.bits.iter().copied()),
        usual_kb: table_kb(Square::all().map(|s| usual_bits(piece, s))),
        biggest: Biggest {
            square: big.square,
            bits: big.bits,
            entries: big.entries,
        },
        squares,
    })
}

/// A replacement for one invalid square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replacement {
    #[serde(serialize_with = "serialize_square")]
    pub square: Square,
    #[serde(serialize_with = "hex")]
    pub old: u64,
    pub found: Found,
}

/// The repaired table: the replacements and the input text with each
/// replaced magic rewritten in place, in the same notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Repair {
    pub replaced: Vec<Replacement>,
    /// Squares no magic was found for (fewer bits than the mask is hard).
    #[serde(serialize_with = "serialize_squares")]
    pub not_found: Vec<Square>,
    pub text: String,
}

fn serialize_squares<S: serde::Serializer>(v: &[Square], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v.iter().map(|q| q.to_string()))
}

/// Finds a magic with the same bits for each invalid square of `report`
/// ([`super::find`], seeded) and prints the table back. `progress(done,
/// total)` after each square; `Break` cancels.
pub fn repair(
    table: &MagicTable,
    report: &TableReport,
    seed: u64,
    max_attempts: u64,
    mut progress: impl FnMut(usize, usize) -> ControlFlow<()>,
) -> Result<Repair, MagicError> {
    let bad: Vec<&SquareReport> = report.squares.iter().filter(|s| !s.valid).collect();
    let mut replaced = Vec::new();
    let mut not_found = Vec::new();
    for (k, s) in bad.iter().enumerate() {
        match find(table.piece, s.square, s.bits, seed, max_attempts, |_| {
            ControlFlow::Continue(())
        }) {
            Ok(found) => replaced.push(Replacement {
                square: s.square,
                old: s.magic,
                found,
            }),
            Err(MagicError::NotFound(_)) => not_found.push(s.square),
            Err(e) => return Err(e),
        }
        if progress(k + 1, bad.len()).is_break() {
            return Err(MagicError::Cancelled(k as u64 + 1));
        }
    }
    let mut text = table.text.clone();
    // from the end, so the earlier byte offsets stay right; each in the
    // table's own notation (a decimal placeholder in a hex table: hex)
    let style = table_style(&table.literals);
    let mut edits: Vec<(std::ops::Range<usize>, String)> = replaced
        .iter()
        .map(|r| table.literals[r.square.index()].rewrite(&style, r.found.magic))
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0.start));
    for (range, new) in edits {
        text.replace_range(range, &new);
    }
    Ok(Repair {
        replaced,
        not_found,
        text,
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "table_tests.rs"]
mod tests;
