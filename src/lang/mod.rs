//! The languages people write tricks in, and the prover over them.
//!
//! - [`expr`]: the Lab's one-expression language over `x`, `y`, `z` at one
//!   width, every sub-expression a step;
//! - [`c`]: the C subset bit tricks are written in (x86-64 Linux, LP64):
//!   preprocessor, parser, C's types and conversions, and a stepping
//!   evaluator with a step budget that says undefined behaviour;
//! - [`caret`]: an error's column kept in view in a long line;
//! - [`prove`]: are two expressions, or two C functions, equal on every
//!   input? Exhaustive, or bit-blasted to a SAT solver.
//!
//! `lang` imports only [`crate::bits`] (words, traces, the random source).

pub mod c;
pub mod caret;
pub mod expr;
pub mod prove;
