//! The tricks themselves: pure functions on integers, each with a step trace.
//!
//! No I/O, no UI types, no clocks, no allocation in the hot paths: everything
//! here builds for `wasm32-unknown-unknown` as well as natively. Each trick
//! has a plain reference implementation beside the fast one and a property
//! test that they agree.

pub mod debruijn;
pub mod nibble;
pub mod swar;
pub mod trace;
pub mod trit;
pub mod word;
