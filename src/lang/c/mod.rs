//! The C subset bit tricks are written in, evaluated exactly as GCC does on
//! x86-64 Linux (LP64, `char` signed, `long` 64 bits) with `-fwrapv`:
//!
//! - [`pre`]: `#include` (ignored; the constants of `limits.h` and
//!   `stdint.h` are known), `#define` (object-like and one-line
//!   function-like);
//! - [`parse`]: statements, declarations, arrays, functions, casts, `sizeof`,
//!   every name resolved and every expression typed;
//! - [`types`]: THE owner of C's integer promotions and usual arithmetic
//!   conversions, `float` and `double` among them ([`types::floats`]);
//!   [`ops`]: the operators, with undefined behaviour said; [`math`]: the
//!   exact `<math.h>` functions;
//! - [`eval`]: runs a function with a step budget and a trace.
//!
//! ```
//! use bitscope::lang::c::{Program, RunOptions};
//! let src = "int avg(unsigned char a, unsigned char b) { return (a + b) >> 1; }";
//! let p = Program::parse(src).unwrap();
//! let run = p.run("avg", &[200, 100], &RunOptions::default()).unwrap();
//! assert_eq!(run.value.unwrap().get(), 150); // in int, no overflow
//! let abs = Program::parse("int f(int x) { return (x ^ (x >> 31)) - (x >> 31); }").unwrap();
//! let run = abs.run("f", &[(-5i64) as u64], &RunOptions::default()).unwrap();
//! assert_eq!(run.value.unwrap().get(), 5); // `>>` on an int is arithmetic
//! let e = Program::parse("int f(int *p) { return *p; }").unwrap_err();
//! assert_eq!((e.line, e.col, e.message.as_str()), (1, 11, "pointers are not supported"));
//! ```

pub mod ast;
mod eval;
pub mod examples;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod float_tests;
mod lex;
pub mod math;
pub mod ops;
mod parse;
mod pre;
mod pretty;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
pub mod trace;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod trace_tests;
pub mod types;

pub use ast::Function;
pub use eval::{compound_type, Run, RunOptions};
pub use trace::{CStep, StepKind, VarView, Warning};
pub use types::{parse_arg, Scalar, Value, Why};

use ast::Parsed;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What kind of error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// Not C, or not well-formed.
    Syntax,
    /// C, but outside the subset (pointers beyond `*(T *)&x`, `goto`, a
    /// libm function whose result differs between libraries, ...).
    Refused,
    /// A type error: an undeclared name, an assignment to a const, ...
    Type,
    /// Undefined behaviour at run time (a shift by the width, division by
    /// zero, a variable read before it is set, ...).
    Undefined,
    /// An index out of an array's bounds.
    Bounds,
    /// The step budget or the call depth ran out.
    Budget,
    /// The entry function or its arguments.
    Call,
}

impl ErrorKind {
    /// Its name as the JSON and the page write it (`syntax`, `refused`, …).
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "syntax",
            ErrorKind::Refused => "refused",
            ErrorKind::Type => "type",
            ErrorKind::Undefined => "undefined",
            ErrorKind::Bounds => "bounds",
            ErrorKind::Budget => "budget",
            ErrorKind::Call => "call",
        }
    }
}

/// An error at a line and column (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("line {line}, column {col}: {message}")]
pub struct CError {
    pub kind: ErrorKind,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl CError {
    pub fn new(kind: ErrorKind, line: u32, col: u32, message: impl Into<String>) -> CError {
        CError {
            kind,
            line,
            col,
            message: message.into(),
        }
    }

    /// Whether the program ran into undefined behaviour (or an index out of
    /// bounds): an input on which it has no value.
    pub fn is_undefined(&self) -> bool {
        matches!(self.kind, ErrorKind::Undefined | ErrorKind::Bounds)
    }
}

/// A parsed C file.
#[derive(Clone, Debug)]
pub struct Program {
    parsed: Parsed,
    /// Every integer literal of the source after the preprocessor, in order.
    literals: Vec<u128>,
}

impl Program {
    pub fn parse(src: &str) -> Result<Program, CError> {
        let tokens = pre::preprocess(src)?;
        let parsed = parse::parse(&tokens)?;
        if parsed.functions.is_empty() {
            return Err(CError::new(
                ErrorKind::Call,
                1,
                1,
                "no function with a body in the source",
            ));
        }
        let literals = tokens
            .iter()
            .filter_map(|t| match &t.tok {
                lex::Tok::Num(l) => Some(l.value),
                _ => None,
            })
            .collect();
        Ok(Program { parsed, literals })
    }

    /// Every integer literal of the source (its `#define`s expanded), in
    /// order: the constants a program computing the same may need.
    pub fn literals(&self) -> &[u128] {
        &self.literals
    }

    /// The functions with a body, in source order.
    pub fn functions(&self) -> &[Function] {
        &self.parsed.functions
    }

    /// The file-scope and `static` variables.
    pub fn globals(&self) -> &[ast::VarInfo] {
        &self.parsed.globals
    }

    /// Their initialisers, in the order they run.
    pub fn global_inits(&self) -> &[ast::Decl] {
        &self.parsed.global_inits
    }

    /// The function named `name`, or when `None` the only (or last) one.
    pub fn entry(&self, name: Option<&str>) -> Result<&Function, CError> {
        let fs = &self.parsed.functions;
        match name {
            None => fs
                .last()
                .ok_or_else(|| CError::new(ErrorKind::Call, 1, 1, "no function")),
            Some(n) => fs.iter().find(|f| f.name == n).ok_or_else(|| {
                let names: Vec<&str> = fs.iter().map(|f| f.name.as_str()).collect();
                CError::new(
                    ErrorKind::Call,
                    1,
                    1,
                    format!("no function `{n}` (the file has {})", names.join(", ")),
                )
            }),
        }
    }

    /// Runs `name` on `args`, each given as bits and converted to its
    /// parameter's type as a C call converts (wrapping).
    pub fn run(&self, name: &str, args: &[u64], opts: &RunOptions) -> Result<Run, CError> {
        let f = self.entry(Some(name))?;
        let values: Vec<Value> = args
            .iter()
            .zip(&f.params)
            .map(|(&a, (_, ty))| Value::new(*ty, i128::from(a as i64)))
            .collect();
        self.run_values(name, &values, opts)
    }

    /// Runs `name` on typed arguments (converted to the parameters' types).
    ///
    /// # Errors
    /// As [`Program::run_until_error`].
    pub fn run_values(&self, name: &str, args: &[Value], opts: &RunOptions) -> Result<Run, CError> {
        self.run_until_error(name, args, opts).map_err(|(e, _)| e)
    }

    /// As [`Program::run_values`], and an error comes with the steps the
    /// run recorded before it (where it stopped).
    ///
    /// # Errors
    /// No such function, the wrong number of arguments, or the run's own
    /// error (undefined behaviour, the step budget, an index out of bounds).
    pub fn run_until_error(
        &self,
        name: &str,
        args: &[Value],
        opts: &RunOptions,
    ) -> Result<Run, (CError, Vec<CStep>)> {
        let Some(k) = self.parsed.functions.iter().position(|f| f.name == name) else {
            return Err((
                CError::new(ErrorKind::Call, 1, 1, format!("no function `{name}`")),
                Vec::new(),
            ));
        };
        let f = &self.parsed.functions[k];
        if args.len() != f.params.len() {
            let message = format!(
                "`{name}` takes {} argument(s), {} given",
                f.params.len(),
                args.len()
            );
            return Err((
                CError::new(ErrorKind::Call, f.pos.line, f.pos.col, message),
                Vec::new(),
            ));
        }
        let mut m = eval::Machine::new(&self.parsed, opts);
        m.load().map_err(|e| (e, Vec::new()))?;
        m.call_entry(k, args)
    }
}
