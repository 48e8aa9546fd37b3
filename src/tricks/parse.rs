//! The reader of the family files (the format is in the module docs of
//! [`super`]; `scripts/check_tricks.py` checks the same rules and runs the
//! code under gcc).
//!
//! A file is scanned into its top-level items (comments, `#` lines,
//! declarations, functions), each with its byte range and line. A comment
//! that opens with `/* @trick ID` is an entry's metadata; the function right
//! after it is the trick, and its `spec` names another function of the same
//! file. An entry's C source is the file's declarations that its function
//! names (tables, typedefs), every `#include`, then the function.

use super::{Catalog, Entry, Family, Wrong, PANELS};
use std::collections::HashMap;
use thiserror::Error;

/// What is wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{line}: {kind}")]
pub struct CatalogError {
    pub file: String,
    /// 1-based.
    pub line: u32,
    pub kind: ErrorKind,
}

/// The kinds of malformed catalog text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ErrorKind {
    #[error("the first line must be `/* family: ID — TITLE */`")]
    FamilyLine,
    #[error("a comment or a function that does not end")]
    Unterminated,
    #[error("bad `@trick` line: `/* @trick ID` with a kebab-case id and nothing after it")]
    TrickLine,
    #[error("metadata keys must be {expected} in this order; found {found}")]
    Keys { expected: String, found: String },
    #[error("bad metadata line `{0}` (` * key: value`)")]
    MetadataLine(String),
    #[error("`{key}`: {why}")]
    Value { key: &'static str, why: String },
    #[error("no function right after the metadata of `{0}`")]
    NoFunction(String),
    #[error("spec `{spec}` of `{id}` is not a function of this file")]
    NoSpec { id: String, spec: String },
    #[error("id `{id}` is also used at {first}")]
    DuplicateId { id: String, first: String },
    #[error("`{id}` is fixed by `{fixed_by}`, which is not a right entry of the catalog")]
    FixedBy { id: String, fixed_by: String },
}

/// The metadata keys, in their order.
pub const KEYS: [&str; 10] = [
    "title", "task", "aliases", "spec", "width", "restrict", "ops", "from", "panel", "wrong",
];

/// Reads every family file and checks the catalog as a whole: ids unique,
/// each wrong entry fixed by a right one.
///
/// # Errors
/// The first problem found, with its file and line.
pub fn parse_catalog(files: &[(&str, &str)]) -> Result<Catalog, CatalogError> {
    let mut families = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    let mut seen: HashMap<String, String> = HashMap::new();
    for (name, text) in files {
        let (family, found) = parse_family(name, text)?;
        for e in found {
            let here = format!("{}:{}", e.file, e.line);
            if let Some(first) = seen.insert(e.id.clone(), here) {
                let kind = ErrorKind::DuplicateId {
                    id: e.id.clone(),
                    first,
                };
                return Err(at(&e.file, e.line, kind));
            }
            entries.push(e);
        }
        families.push(family);
    }
    for e in &entries {
        let Some(w) = &e.wrong else { continue };
        let fixed = entries.iter().find(|f| f.id == w.fixed_by);
        if !fixed.is_some_and(|f| f.wrong.is_none() && f.spec_name == e.spec_name) {
            let kind = ErrorKind::FixedBy {
                id: e.id.clone(),
                fixed_by: w.fixed_by.clone(),
            };
            return Err(at(&e.file, e.line, kind));
        }
    }
    Ok(Catalog { families, entries })
}

fn at(file: &str, line: u32, kind: ErrorKind) -> CatalogError {
    CatalogError {
        file: file.to_string(),
        line,
        kind,
    }
}

/// One family file: its family and its entries, in file order.
///
/// # Errors
/// The first malformed line, with its line number.
pub fn parse_family(file: &str, text: &str) -> Result<(Family, Vec<Entry>), CatalogError> {
    let first = text.lines().next().unwrap_or_default();
    let (id, title) = family_line(first).ok_or_else(|| at(file, 1, ErrorKind::FamilyLine))?;
    let items = scan(text).map_err(|line| at(file, line, ErrorKind::Unterminated))?;
    let functions: HashMap<&str, &Item> = items
        .iter()
        .filter_map(|i| match &i.kind {
            Kind::Function(name) => Some((name.as_str(), i)),
            _ => None,
        })
        .collect();
    let file_ctx = FileCtx {
        file,
        text,
        family: id,
        items: &items,
        functions: &functions,
    };
    let mut entries = Vec::new();
    for (k, item) in items.iter().enumerate() {
        let body = &text[item.start..item.end];
        if item.kind == Kind::Comment && body.contains("@trick") {
            entries.push(file_ctx.entry(k, item)?);
        }
    }
    let family = Family {
        id: id.to_string(),
        title: title.to_string(),
        file: file.to_string(),
    };
    Ok((family, entries))
}

/// `/* family: ID — TITLE */` read into (id, title).
fn family_line(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix("/* family: ")?.strip_suffix(" */")?;
    let (id, title) = inner.split_once(" — ")?;
    (is_kebab(id) && !title.trim().is_empty()).then_some((id, title.trim()))
}

fn is_kebab(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|p| {
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// A file being read: what an entry needs from it.
struct FileCtx<'a> {
    file: &'a str,
    text: &'a str,
    family: &'a str,
    items: &'a [Item],
    functions: &'a HashMap<&'a str, &'a Item>,
}

impl FileCtx<'_> {
    /// The entry whose metadata is item `k`.
    fn entry(&self, k: usize, meta: &Item) -> Result<Entry, CatalogError> {
        let err = |line: u32, kind| at(self.file, line, kind);
        let (id, values) = metadata(&self.text[meta.start..meta.end])
            .map_err(|(offset, kind)| err(meta.line + offset, kind))?;
        let value_err = |key, why: String| err(meta.line, ErrorKind::Value { key, why });
        let func = match self.items.get(k + 1) {
            Some(Item {
                kind: Kind::Function(name),
                ..
            }) => name.clone(),
            _ => return Err(err(meta.line, ErrorKind::NoFunction(id))),
        };
        let spec = values[3].to_string();
        if !self.functions.contains_key(spec.as_str()) || spec == func {
            return Err(err(meta.line, ErrorKind::NoSpec { id, spec }));
        }
        let width = match values[4] {
            "8" | "16" | "32" | "64" => values[4].parse().unwrap_or(0),
            w => return Err(value_err("width", format!("`{w}` is not 8, 16, 32 or 64"))),
        };
        let ops = values[6]
            .parse()
            .map_err(|_| value_err("ops", format!("`{}` is not a number", values[6])))?;
        if !PANELS.contains(&values[8]) {
            return Err(value_err("panel", format!("unknown panel `{}`", values[8])));
        }
        let aliases: Vec<String> = values[2].split("; ").map(str::to_string).collect();
        if aliases
            .iter()
            .any(|a| a.is_empty() || a.contains(';') || a.trim() != a)
        {
            return Err(value_err("aliases", "separate them with `; `".into()));
        }
        let wrong = match values[9] {
            "none" => None,
            w => Some(wrong(w).ok_or_else(|| {
                value_err(
                    "wrong",
                    "`fixed-by ID; at a=1, b=2: gives N, expected M`".into(),
                )
            })?),
        };
        Ok(Entry {
            id,
            family: self.family.to_string(),
            title: values[0].to_string(),
            task: values[1].to_string(),
            aliases,
            source: self.source_of(&func),
            spec_source: self.source_of(&spec),
            fn_name: func,
            spec_name: spec,
            width,
            restriction: (values[5] != "none").then(|| values[5].to_string()),
            ops,
            from: values[7].to_string(),
            panel: values[8].to_string(),
            wrong,
            file: self.file.to_string(),
            line: meta.line,
        })
    }

    /// The C file of function `name`: the `#include`s, the declarations
    /// it names, then the function.
    fn source_of(&self, name: &str) -> String {
        let f = self.functions[name];
        let body = &self.text[f.start..f.end];
        let used = words(body);
        let mut out = String::new();
        for item in self.items {
            let text = &self.text[item.start..item.end];
            let keep = match &item.kind {
                Kind::Directive => text
                    .trim_start_matches('#')
                    .trim_start()
                    .starts_with("include"),
                Kind::Decl(names) => names.iter().any(|n| used.contains(&n.as_str())),
                _ => false,
            };
            if keep {
                out.push_str(text);
                out.push_str(if item.kind == Kind::Directive {
                    "\n"
                } else {
                    "\n\n"
                });
            }
        }
        if out.ends_with('\n') && !out.ends_with("\n\n") {
            out.push('\n');
        }
        out.push_str(body);
        out.push('\n');
        out
    }
}

/// The identifiers of a piece of C (comments included: harmless here).
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .collect()
}

/// A metadata comment read into its id and its values in [`KEYS`] order;
/// an error carries its line offset inside the comment.
fn metadata(comment: &str) -> Result<(String, Vec<&str>), (u32, ErrorKind)> {
    let mut lines = comment.lines();
    let id = lines
        .next()
        .and_then(|l| l.strip_prefix("/* @trick "))
        .filter(|id| is_kebab(id))
        .ok_or((0, ErrorKind::TrickLine))?;
    let mut keys = Vec::new();
    let mut values = Vec::new();
    for (k, line) in lines.enumerate() {
        if line == " */" {
            break;
        }
        let offset = u32::try_from(k + 1).unwrap_or(u32::MAX);
        let (key, value) = line
            .strip_prefix(" * ")
            .and_then(|l| l.split_once(": "))
            .filter(|(k, v)| k.bytes().all(|b| b.is_ascii_lowercase()) && !v.trim().is_empty())
            .ok_or_else(|| (offset, ErrorKind::MetadataLine(line.to_string())))?;
        keys.push(key);
        values.push(value.trim());
    }
    if keys != KEYS {
        let kind = ErrorKind::Keys {
            expected: KEYS.join(", "),
            found: keys.join(", "),
        };
        return Err((0, kind));
    }
    Ok((id.to_string(), values))
}

/// `fixed-by ID; at a=3, b=-1: gives 0, expected 1`.
fn wrong(text: &str) -> Option<Wrong> {
    let (fixed_by, rest) = text.strip_prefix("fixed-by ")?.split_once("; at ")?;
    let (at, rest) = rest.split_once(": gives ")?;
    let (gives, expected) = rest.split_once(", expected ")?;
    let at = at
        .split(", ")
        .map(|p| {
            let (n, v) = p.split_once('=')?;
            Some((n.to_string(), v.parse().ok()?))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Wrong {
        fixed_by: is_kebab(fixed_by).then(|| fixed_by.to_string())?,
        at,
        gives: gives.parse().ok()?,
        expected: expected.parse().ok()?,
    })
}

/// A top-level item of a C file.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Item {
    kind: Kind,
    /// Byte range in the file.
    start: usize,
    end: usize,
    /// 1-based line of `start`.
    line: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Comment,
    /// A `#` line.
    Directive,
    /// A declaration and the names it may declare (its identifiers before
    /// any `=`, keywords left out).
    Decl(Vec<String>),
    /// A function definition and its name.
    Function(String),
}

/// The top-level items of `text`; `Err(line)` where one does not end.
fn scan(text: &str) -> Result<Vec<Item>, u32> {
    let b = text.as_bytes();
    let line_of = |pos: usize| u32::try_from(text[..pos].matches('\n').count() + 1).unwrap_or(0);
    let mut items = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let (kind, end) = if b[i..].starts_with(b"/*") || b[i..].starts_with(b"//") {
            (Kind::Comment, skip_comment(b, i).ok_or(line_of(i))?)
        } else if b[i] == b'#' {
            (Kind::Directive, line_end(b, i))
        } else {
            definition(text, i).ok_or(line_of(i))?
        };
        items.push(Item {
            kind,
            start: i,
            end,
            line: line_of(i),
        });
        i = end;
    }
    Ok(items)
}

/// The end of the comment at `i` (`/* */` or `//`).
fn skip_comment(b: &[u8], i: usize) -> Option<usize> {
    if b[i..].starts_with(b"//") {
        return Some(line_end(b, i));
    }
    let close = b[i + 2..].windows(2).position(|w| w == b"*/")?;
    Some(i + 2 + close + 2)
}

/// The end of the line at `i` (its newline not included).
fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |k| i + k)
}

/// A declaration or function starting at `start`: its kind and end.
fn definition(text: &str, start: usize) -> Option<(Kind, usize)> {
    let b = text.as_bytes();
    let mut i = start;
    let mut depth = 0i32;
    while i < b.len() {
        match b[i] {
            b'/' if b[i..].starts_with(b"/*") || b[i..].starts_with(b"//") => {
                i = skip_comment(b, i)?;
                continue;
            }
            b'\'' => i = char_end(b, i)?,
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b';' if depth == 0 => return Some((decl(&text[start..i]), i + 1)),
            b'{' if depth == 0 => {
                let head = &text[start..i];
                let close = matching_brace(b, i)?;
                if head.contains('(') && !head.contains('=') {
                    return Some((Kind::Function(function_name(head)?), close));
                }
                i = close;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index after the `}` that closes the `{` at `open`.
fn matching_brace(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'/' if b[i..].starts_with(b"/*") || b[i..].starts_with(b"//") => {
                i = skip_comment(b, i)?;
                continue;
            }
            b'\'' => i = char_end(b, i)?,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index of the `'` that closes the character literal at `i`.
fn char_end(b: &[u8], i: usize) -> Option<usize> {
    let mut k = i + 1;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b'\'' => return Some(k),
            b'\n' => return None,
            _ => k += 1,
        }
    }
    None
}

/// The name before the first `(` of a function's head.
fn function_name(head: &str) -> Option<String> {
    let before = &head[..head.find('(')?];
    words(before).last().map(|w| w.to_string())
}

/// Keywords and type words: never a declared name.
const C_WORDS: [&str; 12] = [
    "static", "const", "unsigned", "signed", "int", "char", "short", "long", "typedef", "void",
    "extern", "volatile",
];

fn decl(text: &str) -> Kind {
    let head = text.split('=').next().unwrap_or_default();
    let names = words(head)
        .into_iter()
        .filter(|w| !C_WORDS.contains(w))
        .map(str::to_string)
        .collect();
    Kind::Decl(names)
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
