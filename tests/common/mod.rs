//! Shared by the integration tests (each test file that needs it says
//! `mod common;`): the perft suite data file, a seeded random generator,
//! random legal positions, and running the CLI binary. The Stockfish driver is the library's own
//! (`bitscope::chess::stockfish`), shared with `bitscope bench`.
#![allow(dead_code)] // each test file uses a different part

pub mod cli;
pub mod rng;
pub mod suite;
