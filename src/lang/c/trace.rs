//! What a C run shows, step by step: the statement, its line, the loop
//! iteration, the variables after it with the bits that changed, and the
//! values of its sub-expressions (the expression stepper's view).
//!
//! ```text
//! line 4  (iteration 3)  v = v - ((v >> 1) & 0x55555555);
//!         v  unsigned int  0x2aaa_aaab   changed: 0x...
//! ```

use super::types::{Scalar, Value, Why};
use serde::{Deserialize, Serialize};

/// What kind of step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    Declare,
    Expr,
    /// An `if`'s or a loop's condition, and whether it held.
    Condition {
        taken: bool,
    },
    Return,
}

/// A sub-expression and its value (`V`: a C value; for the page, as
/// `ui::worker::CValueView` shows it); or an implicit conversion of one
/// (`conversion`), whose value is the converted one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExprValue<V = Value> {
    pub text: String,
    pub value: V,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversion: Option<Conversion<V>>,
}

/// An implicit conversion: the value before it (its type is the `from`
/// type; the step's value has the `to` type), why C converts there, the
/// expression it belongs to, and the rule in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conversion<V = Value> {
    pub before: V,
    pub why: Why,
    /// The expression the operand is converted in (`a < b`, `c = a + b`).
    pub within: String,
    /// `types::conversion_rule`'s line.
    pub rule: String,
    /// Whether the value changed (not only its type).
    pub changes: bool,
}

/// A variable as the table shows it after a step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VarView {
    pub name: String,
    pub ty: Scalar,
    /// A scalar's value (`None` before it is given one, or for an array).
    pub value: Option<Value>,
    /// The bits this step changed (all of them when it was declared).
    #[serde(with = "crate::bits::trace::hex_mask")]
    pub changed: u64,
    /// An array's elements (`None`: not given a value).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub elements: Vec<Option<Value>>,
    /// How many elements this step changed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub elements_changed: usize,
    /// A union or struct: its type's name (`elements` are then its bytes,
    /// little-endian).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One step of a run (`V` a value, `Var` a variable after the step: the
/// interpreter's, or the page's view of them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CStep<V = Value, Var = VarView> {
    pub line: u32,
    /// The function the step is in.
    pub function: String,
    /// The statement or condition as C text.
    pub text: String,
    pub kind: StepKind,
    /// The expression's, condition's or return's value.
    pub value: Option<V>,
    /// The innermost loop's iteration, from 1.
    pub iteration: Option<u32>,
    pub vars: Vec<Var>,
    /// Sub-expression values, innermost first (literals left out).
    pub exprs: Vec<ExprValue<V>>,
    /// What the step did, in words where its value alone does not say
    /// (`i: 0 → 1, the expression's value 0`; `test before iteration 6:
    /// false, the loop ends`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What GCC wraps here that C leaves undefined.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// A warning of the run: where, what, how many times.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    pub line: u32,
    pub col: u32,
    pub message: String,
    pub count: u64,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: warning: {}",
            self.line, self.col, self.message
        )?;
        if self.count > 1 {
            write!(f, " ({} times)", self.count)?;
        }
        Ok(())
    }
}
