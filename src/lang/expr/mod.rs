//! The expression lab: any C-like bit expression over `x`, `y`, `z`,
//! evaluated on unsigned words of 8, 16, 32 or 64 bits, every sub-expression
//! a [`Step`](crate::bits::trace::Step), innermost first.
//!
//! Precedence, tightest first (binary operators are left-associative, as in C):
//!
//! ```text
//! unary           ~  -  !
//! multiplicative  *  /  %
//! additive        +  -
//! shifts          <<  >>        (logical; a shift by W or more is an error)
//! relational      <  <=  >  >=  (unsigned, give 0 or 1)
//! equality        ==  !=
//! bitwise         &, then ^, then |
//! ```
//!
//! Arithmetic wraps mod 2^W; `!v` is 1 when v = 0, else 0; division or
//! remainder by zero is an error; a literal (decimal, `0x…`, `0b…`) that does
//! not fit W bits is an error. Every [`ExprError`] names its column (1-based).
//!
//! ```
//! use bitscope::lang::expr::{evaluate, Vars};
//! let x = 0b0110_1000;
//! let t = evaluate("x & (x - 1)", 8, Vars { x, y: 0, z: 0 }).unwrap();
//! assert_eq!(t.steps.last().unwrap().value.bits, 0b0110_0000);
//! assert_eq!(t.steps.iter().map(|s| s.expr.as_str()).collect::<Vec<_>>(),
//!            ["x", "x", "1", "x - 1", "x & (x - 1)"]);
//! let e = evaluate("x / (y & 1)", 8, Vars::default()).unwrap_err();
//! assert_eq!(e.column(), 3);
//! ```
//!
//! The parser is a small hand-written recursive descent ([`parser`]): the
//! grammar is eight precedence levels and one production for operands, which
//! takes fewer lines than a parser crate's grammar would, gives column-exact
//! errors in our own words, and adds nothing to the page's download (a parser
//! generator or combinator crate would cost tens of KB of wasm).

mod eval;
mod lexer;
mod parser;
pub mod reference;
#[cfg(test)]
mod tests;

use crate::bits::trace::Trace;
use thiserror::Error;

pub use eval::evaluate_tree;
pub use parser::parse;

/// The word widths the lab takes.
pub const WIDTHS: [u32; 4] = [8, 16, 32, 64];
/// The longest expression read, in characters.
pub const MAX_LEN: usize = 1000;
/// The deepest expression tree read (keeps the recursion bounded).
pub const MAX_DEPTH: usize = 200;

/// The values of the three variables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vars {
    pub x: u64,
    pub y: u64,
    pub z: u64,
}

/// A variable's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    X,
    Y,
    Z,
}

impl Var {
    pub fn name(self) -> &'static str {
        match self {
            Var::X => "x",
            Var::Y => "y",
            Var::Z => "z",
        }
    }

    pub fn get(self, vars: Vars) -> u64 {
        match self {
            Var::X => vars.x,
            Var::Y => vars.y,
            Var::Z => vars.z,
        }
    }
}

/// A prefix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `~v`, every bit flipped.
    Not,
    /// `-v`, two's complement negation.
    Neg,
    /// `!v`, 1 when v = 0, else 0.
    LogicalNot,
}

/// An infix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Xor,
    Or,
}

impl UnOp {
    pub const ALL: [UnOp; 3] = [UnOp::Not, UnOp::Neg, UnOp::LogicalNot];

    pub fn symbol(self) -> &'static str {
        match self {
            UnOp::Not => "~",
            UnOp::Neg => "-",
            UnOp::LogicalNot => "!",
        }
    }
}

impl BinOp {
    /// Every operator, loosest level last (the order of the table above).
    pub const ALL: [BinOp; 16] = [
        BinOp::Mul,
        BinOp::Div,
        BinOp::Rem,
        BinOp::Add,
        BinOp::Sub,
        BinOp::Shl,
        BinOp::Shr,
        BinOp::Lt,
        BinOp::Le,
        BinOp::Gt,
        BinOp::Ge,
        BinOp::Eq,
        BinOp::Ne,
        BinOp::And,
        BinOp::Xor,
        BinOp::Or,
    ];

    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&",
            BinOp::Xor => "^",
            BinOp::Or => "|",
        }
    }

    /// Binding strength: 7 (`* / %`) down to 0 (`|`); unary binds tighter.
    pub fn level(self) -> u8 {
        match self {
            BinOp::Mul | BinOp::Div | BinOp::Rem => 7,
            BinOp::Add | BinOp::Sub => 6,
            BinOp::Shl | BinOp::Shr => 5,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 4,
            BinOp::Eq | BinOp::Ne => 3,
            BinOp::And => 2,
            BinOp::Xor => 1,
            BinOp::Or => 0,
        }
    }

    /// `<`, `<=`, `>`, `>=`, `==`, `!=`: the answer is 0 or 1.
    pub fn is_comparison(self) -> bool {
        self.level() == 4 || self.level() == 3
    }
}

/// A parsed expression; `start..end` is its text in the source (bytes),
/// `col` the 1-based column an error in it is reported at (the operator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub kind: ExprKind,
    pub start: usize,
    pub end: usize,
    pub col: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    Lit(u64),
    Var(Var),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

/// Why an expression could not be read or evaluated; each names its column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExprError {
    #[error("column {col}: the width must be 8, 16, 32 or 64 bits, not {width}")]
    BadWidth { col: usize, width: u32 },
    #[error("column {col}: the expression is longer than {MAX_LEN} characters")]
    TooLong { col: usize },
    #[error("column {col}: the expression nests deeper than {MAX_DEPTH} levels")]
    TooDeep { col: usize },
    #[error("column {col}: '{ch}' is not part of an expression")]
    BadChar { col: usize, ch: char },
    #[error("column {col}: '{name}' is not a variable (use x, y or z)")]
    UnknownName { col: usize, name: String },
    #[error("column {col}: '{ch}' is not a {base} digit")]
    BadDigit {
        col: usize,
        ch: char,
        base: &'static str,
    },
    #[error("column {col}: no digits after '{prefix}'")]
    NoDigits { col: usize, prefix: &'static str },
    #[error("column {col}: {text} does not fit in {width} bits")]
    LiteralTooWide {
        col: usize,
        text: String,
        width: u32,
    },
    #[error("column {col}: expected an operand, found {found}")]
    ExpectedOperand { col: usize, found: String },
    #[error("column {col}: expected ')' to close the '(' at column {open}, found {found}")]
    Unclosed {
        col: usize,
        open: usize,
        found: String,
    },
    #[error("column {col}: expected an operator, found {found}")]
    Trailing { col: usize, found: String },
    #[error("column {col}: division by zero")]
    DivisionByZero { col: usize },
    #[error("column {col}: remainder by zero")]
    RemainderByZero { col: usize },
    #[error("column {col}: shift by {amount} is not below the width {width}")]
    ShiftTooFar { col: usize, amount: u64, width: u32 },
}

impl ExprError {
    /// The 1-based column the error is at.
    pub fn column(&self) -> usize {
        match *self {
            ExprError::BadWidth { col, .. }
            | ExprError::TooLong { col }
            | ExprError::TooDeep { col }
            | ExprError::BadChar { col, .. }
            | ExprError::UnknownName { col, .. }
            | ExprError::BadDigit { col, .. }
            | ExprError::NoDigits { col, .. }
            | ExprError::LiteralTooWide { col, .. }
            | ExprError::ExpectedOperand { col, .. }
            | ExprError::Unclosed { col, .. }
            | ExprError::Trailing { col, .. }
            | ExprError::DivisionByZero { col }
            | ExprError::RemainderByZero { col }
            | ExprError::ShiftTooFar { col, .. } => col,
        }
    }
}

/// Parses `src` at `width` bits and evaluates it: the steps (every
/// sub-expression, innermost first) and the result as a `"0x…"` word.
///
/// # Errors
/// The first [`ExprError`] met, reading left to right, then evaluating
/// operands before their operator.
pub fn evaluate(src: &str, width: u32, vars: Vars) -> Result<Trace, ExprError> {
    let tree = parse(src, width)?;
    evaluate_tree(src, &tree, width, vars)
}
