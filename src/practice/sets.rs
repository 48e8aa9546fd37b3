//! A puzzle set in the data lab's shape: each puzzle is a comment block
//! followed by its function (a stub, whose signature is the puzzle's):
//!
//! ```text
//! /*
//!  * getByte - byte n of x (0 is the lowest)
//!  *   Example: getByte(0x12345678, 1) = 0x56
//!  *   Assume: 0 <= n <= 3
//!  *   Legal ops: ! ~ & ^ | + << >>
//!  *   Max ops: 6
//!  *   Rating: 2
//!  */
//! int getByte(int x, int n) { return 2; }
//! ```
//!
//! Also `Max constant: N` (255 by default), `Control: allowed` (permits
//! `if`, loops, `?:`, `&&` and `||`) and `Hints:` lines. The data lab's
//! float puzzles write `Legal ops: Any integer/unsigned operations incl.
//! ||, &&. also if, while`: every operator, control flow, `int` and
//! `unsigned` locals, and any `int` or `unsigned` constant ([`Puzzle::any_integer`]). A block that names
//! its function but lacks `Legal ops:` or `Max ops:`, or lists an unknown
//! operator, refuses the whole set with its line.

use super::split::{self, Kind};
use crate::lang::c::{Program, Scalar};
use thiserror::Error;

/// The operator tokens `Legal ops:` may list.
pub const KNOWN_OPS: &[&str] = &[
    "!", "~", "&", "^", "|", "+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=",
    "&&", "||", "?:", "=",
];

/// One puzzle of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub name: String,
    pub task: String,
    pub examples: Vec<String>,
    pub legal_ops: Vec<String>,
    pub max_ops: usize,
    /// The points a correct answer earns.
    pub rating: u32,
    /// C conditions on the arguments, chained comparisons written out.
    pub assume: Vec<String>,
    pub max_constant: u64,
    /// `Control: allowed`.
    pub control: bool,
    /// `Legal ops: Any integer/unsigned operations…` (the data lab's float
    /// puzzles): `int` and `unsigned` locals and constants of any value.
    pub any_integer: bool,
    pub hints: Vec<String>,
    pub params: Vec<(String, Scalar)>,
    pub ret: Scalar,
    /// The line of the stub's function.
    pub line: u32,
}

/// A set: its puzzles in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    pub puzzles: Vec<Puzzle>,
}

/// A set that cannot be read, at its line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct SetError {
    pub line: u32,
    pub message: String,
}

impl Puzzle {
    /// `int getByte(int x, int n)`.
    pub fn signature(&self) -> String {
        format!(
            "{} {}({})",
            self.ret.name(),
            self.name,
            param_list(&self.params)
        )
    }

    /// The `Assume:` conditions as a C function `assume` over the
    /// puzzle's parameters (non-zero: the input is allowed).
    pub fn assume_c(&self) -> Option<String> {
        if self.assume.is_empty() {
            return None;
        }
        let conds: Vec<String> = self.assume.iter().map(|c| format!("({c})")).collect();
        Some(format!(
            "int assume({}) {{ return {}; }}",
            param_list(&self.params),
            conds.join(" && ")
        ))
    }

    /// Whether the rules allow operator `op` (the counter's name: `-x` is
    /// the unary minus, allowed with `-`).
    pub fn allows(&self, op: &str) -> bool {
        let name = if op == "-x" { "-" } else { op };
        self.legal_ops.iter().any(|o| o == name)
            || (self.control && matches!(name, "&&" | "||" | "?:"))
    }
}

fn param_list(params: &[(String, Scalar)]) -> String {
    if params.is_empty() {
        return "void".into();
    }
    params
        .iter()
        .map(|(n, t)| format!("{} {n}", t.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads a set (see the module docs).
///
/// # Errors
/// A malformed puzzle block or stub, with its line.
pub fn parse_set(src: &str) -> Result<PuzzleSet, SetError> {
    let items = split::split(src);
    let prefix = prefix_ranges(src, &items);
    let mut puzzles = Vec::new();
    for (k, item) in items.iter().enumerate() {
        let Some(name) = item.function_name() else {
            continue;
        };
        let Some(block) = k
            .checked_sub(1)
            .map(|p| &items[p])
            .filter(|p| p.kind == Kind::Comment)
        else {
            continue;
        };
        let lines = comment_lines(src, block);
        let Some(first) = lines.iter().find(|l| !l.1.is_empty()) else {
            continue;
        };
        let Some((head, task)) = first.1.split_once(" - ") else {
            continue;
        };
        if head.trim() != name {
            continue;
        }
        let mut p = read_block(name, task.trim(), &lines, first.0)?;
        let mut keep = prefix.clone();
        keep.push((item.start, item.end));
        let program = Program::parse(&split::keep_only(src, &keep)).map_err(|e| SetError {
            line: e.line,
            message: format!("the stub of `{name}`: {}", e.message),
        })?;
        let f = program.entry(Some(name)).map_err(|e| SetError {
            line: item.line,
            message: e.message,
        })?;
        (p.params, p.ret, p.line) = (f.params.clone(), f.ret, item.line);
        check_assume(&p, first.0)?;
        puzzles.push(p);
    }
    if puzzles.is_empty() {
        return Err(SetError {
            line: 1,
            message: "no puzzle: a comment block `name - task` followed by the function `name`"
                .into(),
        });
    }
    Ok(PuzzleSet { puzzles })
}

/// The byte ranges every function of a file is parsed with: `#include`
/// lines and typedefs.
pub fn prefix_ranges(src: &str, items: &[split::Item]) -> Vec<(usize, usize)> {
    items
        .iter()
        .filter(|i| match i.kind {
            Kind::Directive => i
                .text(src)
                .trim_start_matches('#')
                .trim_start()
                .starts_with("include"),
            Kind::Decl => i.text(src).trim_start().starts_with("typedef"),
            _ => false,
        })
        .map(|i| (i.start, i.end))
        .collect()
}

/// The comment's lines (their numbers, their text without `/*`, `*/` and
/// the leading `*`), trimmed.
fn comment_lines(src: &str, block: &split::Item) -> Vec<(u32, String)> {
    let text = block
        .text(src)
        .trim_start_matches("/*")
        .trim_end_matches("*/");
    text.lines()
        .enumerate()
        .map(|(k, l)| {
            (
                block.line + k as u32,
                l.trim().trim_start_matches('*').trim().to_string(),
            )
        })
        .collect()
}

/// Which field a continuation line belongs to.
#[derive(Clone, Copy, PartialEq)]
enum Field {
    Task,
    Example,
    Hint,
    Other,
}

fn read_block(
    name: &str,
    task: &str,
    lines: &[(u32, String)],
    line: u32,
) -> Result<Puzzle, SetError> {
    let mut p = Puzzle {
        name: name.into(),
        task: task.into(),
        examples: Vec::new(),
        legal_ops: Vec::new(),
        max_ops: 0,
        rating: 1,
        assume: Vec::new(),
        max_constant: 255,
        control: false,
        any_integer: false,
        hints: Vec::new(),
        params: Vec::new(),
        ret: Scalar::Int,
        line,
    };
    let (mut seen_ops, mut seen_max, mut field) = (false, false, Field::Task);
    let first = lines.iter().position(|l| !l.1.is_empty()).unwrap_or(0);
    for (at, text) in lines.iter().skip(first + 1) {
        let err = |m: String| SetError {
            line: *at,
            message: m,
        };
        let number = |v: &str| {
            v.trim()
                .parse::<u64>()
                .map_err(|_| err(format!("`{}` is not a number", v.trim())))
        };
        let Some((key, value)) = text.split_once(':').filter(|(k, _)| is_key(k)) else {
            match field {
                _ if text.is_empty() => {}
                Field::Task => p.task = format!("{} {text}", p.task),
                Field::Example => p.examples.push(text.clone()),
                Field::Hint => p.hints.push(text.clone()),
                Field::Other => {}
            }
            continue;
        };
        let value = value.trim();
        field = Field::Other;
        match key.trim().to_ascii_lowercase().as_str() {
            "example" | "examples" => {
                field = Field::Example;
                p.examples
                    .extend(Some(value.to_string()).filter(|v| !v.is_empty()));
            }
            "hint" | "hints" => {
                field = Field::Hint;
                p.hints
                    .extend(Some(value.to_string()).filter(|v| !v.is_empty()));
            }
            "legal ops" if is_any_integer(value) => {
                p.legal_ops = KNOWN_OPS.iter().map(|o| o.to_string()).collect();
                (p.control, p.any_integer, seen_ops) = (true, true, true);
                p.max_constant = p.max_constant.max(u64::from(u32::MAX));
            }
            "legal ops" => (p.legal_ops, seen_ops) = (legal_ops(value).map_err(err)?, true),
            "max ops" => (p.max_ops, seen_max) = (number(value)? as usize, true),
            "rating" => p.rating = number(value)? as u32,
            "max constant" => p.max_constant = number(value)?,
            "assume" => p.assume.extend(assume(value).map_err(err)?),
            "control" if value.eq_ignore_ascii_case("allowed") => p.control = true,
            "control" => {
                return Err(err(format!(
                    "`Control: {value}`: the only setting is `Control: allowed`"
                )))
            }
            _ => {}
        }
    }
    let missing = |what: &str| SetError {
        line,
        message: format!("the puzzle `{name}` has no `{what}` line"),
    };
    match (seen_ops, seen_max) {
        (false, _) => Err(missing("Legal ops:")),
        (_, false) => Err(missing("Max ops:")),
        _ => Ok(p),
    }
}

fn is_key(k: &str) -> bool {
    let k = k.trim().to_ascii_lowercase();
    [
        "example",
        "examples",
        "hint",
        "hints",
        "legal ops",
        "max ops",
        "rating",
        "max constant",
        "assume",
        "control",
    ]
    .contains(&k.as_str())
}

/// The data lab's float puzzles' line, in any of its spellings: "Any
/// integer/unsigned operations incl. ||, &&. also if, while", "Any
/// int/unsigned operations …".
fn is_any_integer(value: &str) -> bool {
    let words: Vec<String> = value
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    words.first().is_some_and(|w| w == "any")
        && words
            .iter()
            .any(|w| w.starts_with("int") || w == "unsigned")
}

fn legal_ops(value: &str) -> Result<Vec<String>, String> {
    let ops: Vec<String> = value.split_whitespace().map(String::from).collect();
    match ops.iter().find(|o| !KNOWN_OPS.contains(&o.as_str())) {
        Some(bad) => Err(format!(
            "`{bad}` in `Legal ops:` is not an operator (known: {})",
            KNOWN_OPS.join(" ")
        )),
        None => Ok(ops),
    }
}

/// `0 <= n <= 3, c != 0`: each condition, a chain of comparisons written
/// out (`0 <= n && n <= 3`).
fn assume(value: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for cond in value.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        let parts = comparisons(cond);
        if parts.len() <= 3 {
            out.push(cond.to_string());
            continue;
        }
        let pairs: Vec<String> = (0..parts.len() / 2)
            .map(|k| format!("{} {} {}", parts[2 * k], parts[2 * k + 1], parts[2 * k + 2]))
            .collect();
        out.push(pairs.join(" && "));
    }
    if out.is_empty() {
        return Err("`Assume:` with no condition".into());
    }
    Ok(out)
}

/// A condition cut at its top-level `<`, `<=`, `>`, `>=` (not shifts):
/// operand, comparison, operand, ...
fn comparisons(cond: &str) -> Vec<String> {
    let b = cond.as_bytes();
    let (mut out, mut start, mut depth, mut k) = (Vec::new(), 0, 0, 0);
    while k < b.len() {
        match b[k] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'<' | b'>' if depth == 0 => {
                if b.get(k + 1) == Some(&b[k]) {
                    k += 2;
                    continue;
                }
                let len = if b.get(k + 1) == Some(&b'=') { 2 } else { 1 };
                out.push(cond[start..k].trim().to_string());
                out.push(cond[k..k + len].to_string());
                start = k + len;
                k += len;
                continue;
            }
            _ => {}
        }
        k += 1;
    }
    out.push(cond[start..].trim().to_string());
    out
}

fn check_assume(p: &Puzzle, line: u32) -> Result<(), SetError> {
    let Some(src) = p.assume_c() else {
        return Ok(());
    };
    Program::parse(&src).map(|_| ()).map_err(|e| SetError {
        line,
        message: format!("`Assume:` of `{}`: {}", p.name, e.message),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_are_written_out() {
        assert_eq!(
            assume("0 <= n <= 3, c != 0").unwrap(),
            ["0 <= n && n <= 3", "c != 0"]
        );
        assert_eq!(assume("(x >> 1) < 5").unwrap(), ["(x >> 1) < 5"]);
        assert_eq!(assume("1 <= n < 32").unwrap(), ["1 <= n && n < 32"]);
    }
}
