//! The tricks themselves: pure functions on integers, each with a step trace.
//!
//! No I/O, no UI types, no allocation in the hot paths. Each trick has a
//! plain reference implementation beside the fast one and a property test
//! that they agree.

pub mod nibble;
pub mod trace;
pub mod word;
