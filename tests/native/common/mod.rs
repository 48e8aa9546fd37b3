//! Shared by the integration tests (each test file that needs it says
//! `mod common;`): the perft suite data file, a seeded random generator,
//! random legal positions, running the CLI binary, the GPU the GPU tests
//! share, and random C functions for the gcc differential test (`cgen`).
//! The Stockfish driver is the library's own
//! (`bitscope::chess::stockfish`), shared with `bitscope bench`.
#![allow(dead_code)] // each test file uses a different part

pub mod cgen;
pub mod cli;
pub mod fgen;
#[cfg(not(target_arch = "wasm32"))]
pub mod gcc;
#[cfg(not(target_arch = "wasm32"))]
pub mod gpu;
pub mod rng;
pub mod suite;

/// The number in the environment variable `key`, or `default`.
pub fn env_or(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
