//! Subcommands of the native CLI. Each returns the process exit code.

mod bench;
mod c_code;
mod class;
mod debruijn;
mod divide;
mod eval;
mod float;
mod grade_class;
mod magic;
mod perft;
mod practice;
mod practice_fewest;
mod progress;
mod prove;
mod serve;
mod synth;
mod trace;
mod tricks;

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
    /// Count the leaves of the legal move tree (CPU, or the GPU with --gpu).
    Perft(perft::PerftArgs),
    /// The de Bruijn bit scan: count magics, check one, scan a value.
    Debruijn(debruijn::DebruijnArgs),
    /// Evaluate a C-like bit expression step by step (x, y, z; widths 8..64).
    Eval(eval::EvalArgs),
    /// Magic bitboards for one square: check a magic, or find one.
    Magic(magic::MagicArgs),
    /// Are two expressions equal on every input? Proven, or a counterexample.
    Prove(prove::ProveArgs),
    /// A class: a teacher's puzzle set served to students, graded into a gradebook.
    Class(class::ClassArgs),
    /// Exercises: write a trick with few operators and be checked exactly.
    Practice(practice::PracticeArgs),
    /// The catalog of bit tricks: search it, show an entry, prove entries.
    Tricks(tricks::TricksArgs),
    /// Unsigned division by a constant as a compiler does it: the
    /// multiplier and shift, derived and proven for every input.
    Divide(divide::DivideArgs),
    /// The shortest branch-free program equal to a C function: proven, and
    /// minimal when the search finished.
    Synth(synth::SynthArgs),
    /// See a float: its fields, exact value and neighbours, a number
    /// rounded into it, or one operation rounded once, step by step.
    Float(float::FloatArgs),
    /// Speed: perft against Stockfish, and more.
    Bench(bench::BenchArgs),
}

/// Exit code for bad input (the same as clap's usage errors).
pub const EXIT_BAD_INPUT: i32 = 2;

pub fn main() -> i32 {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => serve::run(args),
        Command::Trace(args) => trace::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Debruijn(args) => debruijn::run(args),
        Command::Eval(args) => eval::run(args),
        Command::Magic(args) => magic::run(args),
        Command::Prove(args) => prove::run(args),
        Command::Practice(args) => practice::run(args),
        Command::Class(args) => class::run(args),
        Command::Tricks(args) => tricks::run(args),
        Command::Divide(args) => divide::run(args),
        Command::Synth(args) => synth::run(args),
        Command::Float(args) => float::run(args),
    }
}

/// The text of `path`, or of stdin for `-`.
pub fn read_input(path: &str) -> Result<String, String> {
    use std::io::Read;
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("stdin: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

/// Prints `error: ...` on stderr and gives the bad-input exit code.
pub fn bad_input(message: impl std::fmt::Display) -> i32 {
    eprintln!("error: {message}");
    EXIT_BAD_INPUT
}

/// The Lab's error pointer: the source and a caret under `column` (1-based).
pub fn caret(src: &str, column: usize) -> String {
    format!("  {src}\n  {}^", " ".repeat(column.saturating_sub(1)))
}
