//! Teachers' own exercises in the page: a set as its two texts (the
//! puzzles, the reference), one puzzle of it alone (what one answer is
//! checked against), and an exercise written in a form ([`Draft`]) turned
//! into a data-lab comment block, its stub and its reference, checked for
//! sanity first (the set reads, the reference compiles, and it gives the
//! values of its own examples).
//!
//! ```text
//! Draft { name: "bitAnd", task: "x & y with ~ and |", params: "int x, int y",
//!         reference: "x & y", legal ops: "~ |", max ops: 8, ... }
//!   -> /*
//!       * bitAnd - x & y with ~ and |
//!       *   Legal ops: ~ |
//!       *   Max ops: 8
//!       */
//!      int bitAnd(int x, int y) { return 2; }        (the stub)
//!      int bitAnd(int x, int y) { return x & y; }    (the reference)
//! ```

use super::sets::{parse_set, Puzzle, PuzzleSet, SetError};
use super::split::{self, Kind};
use crate::lang::c::{parse_arg, Program, RunOptions};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A set as a teacher brings it: its name and its two files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetSource {
    pub name: String,
    pub puzzles: String,
    pub reference: String,
}

/// Why a set or a written exercise is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CustomError {
    #[error("the puzzles, {0}")]
    Set(#[from] SetError),
    #[error("the reference has no function `{0}` (nor `test_{0}`)")]
    NoReference(String),
    #[error("the reference, line {line}: {message}")]
    Reference { line: u32, message: String },
    #[error("{0}")]
    Field(String),
    #[error("example `{example}`: {message}")]
    Example { example: String, message: String },
}

impl SetSource {
    /// Reads the puzzles; the reference must compile and define every
    /// puzzle (as `name` or `test_name`).
    ///
    /// # Errors
    /// A malformed block with its line, or a reference that does not serve.
    pub fn read(&self) -> Result<PuzzleSet, CustomError> {
        let set = parse_set(&self.puzzles)?;
        let program = Program::parse(&self.reference).map_err(|e| CustomError::Reference {
            line: e.line,
            message: e.message,
        })?;
        for p in &set.puzzles {
            let test = format!("test_{}", p.name);
            if program.entry(Some(&p.name)).is_err() && program.entry(Some(&test)).is_err() {
                return Err(CustomError::NoReference(p.name.clone()));
            }
        }
        Ok(set)
    }

    /// One puzzle's comment block and stub, after the file's includes and
    /// typedefs: a set of one, to check one answer against.
    pub fn puzzle_text(&self, name: &str) -> Option<String> {
        let items = split::split(&self.puzzles);
        let at = items.iter().position(|i| i.function_name() == Some(name))?;
        let mut keep = super::sets::prefix_ranges(&self.puzzles, &items);
        if let Some(block) = at.checked_sub(1).map(|b| &items[b]) {
            if block.kind == Kind::Comment {
                keep.push((block.start, block.end));
            }
        }
        keep.push((items[at].start, items[at].end));
        Some(split::keep_only(&self.puzzles, &keep))
    }
}

/// The text of function `name` (or `test_name`) in a C file.
pub fn function_text(src: &str, name: &str) -> Option<String> {
    let test = format!("test_{name}");
    let items = split::split(src);
    let find = |n: &str| items.iter().find(|i| i.function_name() == Some(n));
    find(name)
        .or_else(|| find(&test))
        .map(|i| i.text(src).to_string())
}

/// An exercise as the form writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The function's name (a C identifier).
    pub name: String,
    pub task: String,
    /// `int x, int n`.
    pub params: String,
    /// The answer: an expression over the parameters, or a whole function.
    pub reference: String,
    /// Operator tokens, space-separated (`! ~ & ^ | + << >>`).
    pub legal_ops: String,
    pub max_ops: usize,
    pub max_constant: u64,
    /// C conditions, comma-separated (`0 <= n <= 3, x != 0`).
    pub assume: String,
    /// `name(1, 2) = 3`, one a line.
    pub examples: String,
    /// One a line.
    pub hints: String,
    pub rating: u32,
}

impl Draft {
    /// The data-lab comment block and the stub (`return 2;`).
    pub fn block(&self) -> String {
        let mut lines = vec![format!(
            " * {} - {}",
            self.name.trim(),
            one_line(&self.task)
        )];
        for e in nonempty_lines(&self.examples) {
            lines.push(format!(" *   Example: {e}"));
        }
        if !self.assume.trim().is_empty() {
            lines.push(format!(" *   Assume: {}", one_line(&self.assume)));
        }
        lines.push(format!(" *   Legal ops: {}", one_line(&self.legal_ops)));
        lines.push(format!(" *   Max ops: {}", self.max_ops));
        if self.max_constant != 255 {
            lines.push(format!(" *   Max constant: {}", self.max_constant));
        }
        lines.push(format!(" *   Rating: {}", self.rating));
        for h in nonempty_lines(&self.hints) {
            lines.push(format!(" *   Hints: {h}"));
        }
        format!(
            "/*\n{}\n */\n{} {{\n  return 2;\n}}\n",
            lines.join("\n"),
            self.signature()
        )
    }

    /// `int name(int x, int n)`.
    fn signature(&self) -> String {
        format!("int {}({})", self.name.trim(), one_line(&self.params))
    }

    /// The reference as a function: the one written, or the expression
    /// returned by a function of the exercise's signature.
    pub fn reference_function(&self) -> String {
        let r = self.reference.trim();
        if r.contains('{') {
            format!("{r}\n")
        } else {
            format!(
                "{} {{\n  return {};\n}}\n",
                self.signature(),
                r.trim_end_matches(';')
            )
        }
    }

    /// The exercise as a set of one, once it passes its own checks: the
    /// block reads as a data-lab puzzle, the reference compiles, and it
    /// gives every example's value.
    ///
    /// # Errors
    /// The first check that fails, said plainly.
    pub fn check(&self) -> Result<SetSource, CustomError> {
        let name = self.name.trim();
        let ident = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ident {
            return Err(CustomError::Field(format!(
                "the name `{name}` is not a C identifier"
            )));
        }
        if self.task.trim().is_empty() || self.reference.trim().is_empty() {
            return Err(CustomError::Field(
                "the task and the reference are both needed".into(),
            ));
        }
        let source = SetSource {
            name: name.to_string(),
            puzzles: self.block(),
            reference: self.reference_function(),
        };
        let set = source.read()?;
        let program = Program::parse(&source.reference).map_err(|e| CustomError::Reference {
            line: e.line,
            message: e.message,
        })?;
        for example in nonempty_lines(&self.examples) {
            check_example(&program, &set.puzzles[0], &example)?;
        }
        Ok(source)
    }
}

/// `name(1, 0x2) = 3` evaluated with the reference.
fn check_example(program: &Program, p: &Puzzle, example: &str) -> Result<(), CustomError> {
    let fail = |message: String| CustomError::Example {
        example: example.to_string(),
        message,
    };
    let (call, want) = example
        .rsplit_once('=')
        .ok_or_else(|| fail("write it as name(arguments) = value".into()))?;
    let inner = call
        .trim()
        .strip_prefix(p.name.as_str())
        .and_then(|r| r.trim().strip_prefix('('))
        .and_then(|r| r.trim_end().strip_suffix(')'))
        .ok_or_else(|| fail(format!("it does not call {}(...)", p.name)))?;
    let texts: Vec<&str> = inner
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    if texts.len() != p.params.len() {
        return Err(fail(format!(
            "{} takes {} arguments",
            p.name,
            p.params.len()
        )));
    }
    let mut args = Vec::new();
    for (text, (_, ty)) in texts.iter().zip(&p.params) {
        args.push(parse_arg(text, *ty).map_err(fail)?);
    }
    let want = parse_arg(want, p.ret).map_err(fail)?;
    let name = program
        .entry(Some(&p.name))
        .map_or_else(|_| format!("test_{}", p.name), |f| f.name.clone());
    let run = program
        .run_values(&name, &args, &RunOptions::default())
        .map_err(|e| fail(format!("the reference fails: {}", e.message)))?;
    match run.value {
        Some(v) if v == want.to(v.ty) => Ok(()),
        Some(v) => Err(fail(format!("the reference gives {}", v.decimal()))),
        None => Err(fail("the reference returns nothing".into())),
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn nonempty_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}
