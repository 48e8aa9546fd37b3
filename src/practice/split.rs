//! A C file split into its top-level items on the text, by brace matching
//! (skipping comments, strings and character constants), so that each
//! function can be parsed on its own: one broken function leaves the others
//! gradable. [`keep_only`] blanks everything but chosen items, keeping every
//! line and column where it was.

/// What a top-level item is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `#` line (`#include`, `#define`, ...).
    Directive,
    /// A `/* … */` or `// …` comment.
    Comment,
    /// A declaration up to its `;` (a typedef, a prototype, a global).
    Decl,
    /// A function with a body; `closed` is false when its braces never
    /// balance (it then ends before the next line that starts a function).
    Function { name: String, closed: bool },
}

/// One item: its kind, its byte range and its first line (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
    pub line: u32,
}

impl Item {
    pub fn text<'a>(&self, src: &'a str) -> &'a str {
        &src[self.start..self.end]
    }

    pub fn function_name(&self) -> Option<&str> {
        match &self.kind {
            Kind::Function { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// The top-level items of `src`, in order.
pub fn split(src: &str) -> Vec<Item> {
    let b = src.as_bytes();
    let mut items = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let kind = if b[i] == b'#' {
            i = line_end(b, i);
            Kind::Directive
        } else if let Some(end) = skip_comment(b, i) {
            i = end;
            Kind::Comment
        } else {
            let (end, kind) = chunk(src, i);
            i = end;
            kind
        };
        items.push(Item {
            kind,
            start,
            end: i,
            line: line_of(src, start),
        });
    }
    items
}

/// `src` with everything outside `keep` (byte ranges) turned to spaces;
/// newlines stay, so lines and columns do not move.
pub fn keep_only(src: &str, keep: &[(usize, usize)]) -> String {
    src.char_indices()
        .map(|(k, c)| {
            if c == '\n' || keep.iter().any(|&(s, e)| k >= s && k < e) {
                c
            } else {
                ' '
            }
        })
        .collect()
}

/// The identifiers of `text` outside comments, strings and characters,
/// each with its byte offset.
pub fn identifiers(text: &str) -> Vec<(usize, &str)> {
    let b = text.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while i < b.len() {
        if let Some(end) = skip_comment(b, i).or_else(|| skip_quoted(b, i)) {
            i = end;
        } else if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((s, &text[s..i]));
        } else if b[i].is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The 1-based line of byte `at`, and its column.
pub fn line_col(src: &str, at: usize) -> (u32, u32) {
    let before = &src[..at];
    let col = before.len() - before.rfind('\n').map_or(0, |k| k + 1) + 1;
    (line_of(src, at), col as u32)
}

fn line_of(src: &str, at: usize) -> u32 {
    src[..at].bytes().filter(|&c| c == b'\n').count() as u32 + 1
}

fn line_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        // a backslash continues the directive
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
            i += 1;
        }
        i += 1;
    }
    i
}

/// The end of the comment starting at `i`, if one does.
fn skip_comment(b: &[u8], i: usize) -> Option<usize> {
    match (b.get(i), b.get(i + 1)) {
        (Some(b'/'), Some(b'/')) => Some(line_end(b, i)),
        (Some(b'/'), Some(b'*')) => {
            let rest = &b[i + 2..];
            Some(
                rest.windows(2)
                    .position(|w| w == b"*/")
                    .map_or(b.len(), |k| i + 2 + k + 2),
            )
        }
        _ => None,
    }
}

/// The end of the string or character constant starting at `i`, if one does.
fn skip_quoted(b: &[u8], i: usize) -> Option<usize> {
    let q = *b.get(i).filter(|&&c| c == b'"' || c == b'\'')?;
    let mut k = i + 1;
    while k < b.len() && b[k] != q && b[k] != b'\n' {
        k += if b[k] == b'\\' { 2 } else { 1 };
    }
    Some((k + 1).min(b.len()))
}

/// The positions from `from` on that hold code: comments and string or
/// character constants are stepped over.
fn code_positions(b: &[u8], from: usize) -> impl Iterator<Item = usize> + '_ {
    let mut k = from;
    std::iter::from_fn(move || {
        while let Some(end) = skip_comment(b, k).or_else(|| skip_quoted(b, k)) {
            k = end;
        }
        k += 1;
        (k <= b.len()).then_some(k - 1)
    })
}

/// A declaration or a function starting at `i`: its end and kind.
fn chunk(src: &str, i: usize) -> (usize, Kind) {
    let b = src.as_bytes();
    let mut parens = 0i32;
    for k in code_positions(b, i) {
        match b[k] {
            b'(' => parens += 1,
            b')' => parens -= 1,
            b';' if parens <= 0 => return (k + 1, Kind::Decl),
            b'{' if parens <= 0 => {
                let header = &src[i..k];
                if !header.trim_end().ends_with(')') {
                    // `= {…}` or `struct {…}`: a declaration, to its `;`
                    let close = matching(b, k).unwrap_or(b.len());
                    let (end, _) = chunk(src, close.min(b.len()));
                    return (end, Kind::Decl);
                }
                let name = function_name(header);
                return match matching(b, k) {
                    Some(end) => (end, Kind::Function { name, closed: true }),
                    None => (
                        next_header(src, k).unwrap_or(b.len()),
                        Kind::Function {
                            name,
                            closed: false,
                        },
                    ),
                };
            }
            _ => {}
        }
    }
    (b.len(), Kind::Decl)
}

/// The end (past the `}`) of the block whose `{` is at `open`.
fn matching(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    for k in code_positions(b, open) {
        match b[k] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The identifier before the header's first `(`.
fn function_name(header: &str) -> String {
    let head = header.split('(').next().unwrap_or("");
    let ids = identifiers(head);
    ids.last().map_or_else(String::new, |(_, n)| n.to_string())
}

/// The start of the first line after `from` that starts, at column 1, what
/// looks like a function header or the comment before one.
fn next_header(src: &str, from: usize) -> Option<usize> {
    let mut at = src[from..].find('\n')? + from + 1;
    loop {
        let line = src[at..].lines().next().unwrap_or("");
        let starts = line.starts_with("/*")
            || (line.starts_with(|c: char| c.is_ascii_alphabetic()) && line.contains('('));
        if starts {
            return Some(at);
        }
        at += src[at..].find('\n')? + 1;
    }
}

/// The functions `item` calls, and those they call in turn, as byte
/// ranges: a data lab's `tests.c` reference keeps its `u2f` and `f2u`
/// without the file's other functions.
pub fn callees(src: &str, items: &[Item], item: &Item) -> Vec<(usize, usize)> {
    let mut seen: Vec<&str> = item.function_name().into_iter().collect();
    let mut todo = vec![item];
    let mut out = Vec::new();
    while let Some(it) = todo.pop() {
        let text = it.text(src);
        for f in items {
            let Some(name) = f.function_name() else {
                continue;
            };
            if !seen.contains(&name) && calls(text, name) {
                seen.push(name);
                out.push((f.start, f.end));
                todo.push(f);
            }
        }
    }
    out
}

/// `name(` in `text`, as a whole identifier.
fn calls(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].trim_start();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after.starts_with('(')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_found_and_blanking_keeps_lines() {
        let src = "#include <limits.h>\n/* a { */\ntypedef int T;\nint f(int x) {\n  return x; /* } */\n}\nint g(int x) { return '}'; }\nint h(int x) {\n  return (x;\nint k(int x) { return x; }\n";
        let items = split(src);
        let kinds: Vec<String> = items.iter().map(|i| format!("{:?}", i.kind)).collect();
        assert_eq!(items.len(), 7, "{kinds:?}");
        assert_eq!(items[3].function_name(), Some("f"));
        assert_eq!(items[4].function_name(), Some("g"));
        assert_eq!(
            items[5].kind,
            Kind::Function {
                name: "h".into(),
                closed: false
            }
        );
        assert_eq!(items[6].line, 10);
        let kept = keep_only(src, &[(items[4].start, items[4].end)]);
        assert_eq!(kept.lines().nth(6).unwrap(), "int g(int x) { return '}'; }");
        assert_eq!(kept.lines().count(), src.lines().count());
        assert_eq!(line_col(src, items[4].start + 4), (7, 5));
    }
}
