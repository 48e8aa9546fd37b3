//! Subcommands of the native CLI. Each returns the process exit code.

mod serve;
mod trace;

use clap::{Parser, Subcommand};

/// An explorer of bit tricks: de Bruijn scans, SWAR lanes, nibbles, trits,
/// and a chess perft on the CPU and the GPU.
#[derive(Parser)]
#[command(name = "bitscope", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the built site (dist/) on loopback.
    Serve(serve::ServeArgs),
    /// Step through a trick and print its trace (text, or JSON with --json).
    Trace(trace::TraceArgs),
}

/// Exit code for bad input (the same as clap's usage errors).
pub const EXIT_BAD_INPUT: i32 = 2;

pub fn main() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => serve::run(args),
        Command::Trace(args) => trace::run(args),
    }
}

/// Prints `error: ...` on stderr and gives the bad-input exit code.
pub fn bad_input(message: impl std::fmt::Display) -> i32 {
    eprintln!("error: {message}");
    EXIT_BAD_INPUT
}
