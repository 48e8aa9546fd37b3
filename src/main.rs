//! The `bitscope` command line: serve the site, trace tricks, perft, benchmarks.
//!
//! Bad input prints its message on stderr and exits with code 2.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(cli::main());
}

#[cfg(target_arch = "wasm32")]
fn main() {}
