//! The tricks themselves: pure functions on integers, each with a step trace.
//!
//! No I/O, no UI types, no clocks, no allocation in the hot paths: everything
//! here builds for `wasm32-unknown-unknown` as well as natively. Each trick
//! has a plain reference implementation beside the fast one and a property
//! test that they agree.
//!
//! Two leaves here are shared by every layer above: [`square`] (square
//! names and orders, a1 = bit 0) and [`piece`] (colors, piece kinds, their
//! 4-bit codes and letters). `bits` imports nothing from `chess`, `gpu` or
//! `ui`; `chess` re-exports these types.

pub mod board_ops;
pub mod debruijn;
pub mod divide;
pub mod divide_signed;
pub mod divide_steps;
pub mod float;
pub mod gray;
pub mod nibble;
pub mod nibble_board;
pub mod permute;
pub mod piece;
pub mod popcount;
pub mod quad;
pub mod rng;
pub mod square;
pub mod swar;
pub mod teach;
pub mod trace;
pub mod trit;
pub mod word;
