//! `bitscope bench [perft|...]`: speed, measured, with a peer where one is
//! installed (Stockfish's `go perft`, timed in the same run).

use super::perft::START_FEN;
use bitscope::chess::{perft, Position};
use clap::{Args, ValueEnum};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const STOCKFISH: &str = "/usr/games/stockfish";

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Suite {
    /// CPU perft: start depth 6, Kiwipete depth 5, against Stockfish.
    Perft,
    /// Everything above.
    All,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Which benchmark.
    #[arg(value_enum, default_value_t = Suite::All)]
    suite: Suite,
    /// Rounds per measurement; the best round counts.
    #[arg(long, default_value_t = 3)]
    rounds: u32,
}

pub fn run(args: BenchArgs) -> i32 {
    let rounds = args.rounds.max(1);
    if matches!(args.suite, Suite::Perft | Suite::All) {
        bench_perft(rounds);
    }
    0
}

/// The positions the CPU and GPU benchmarks share.
pub fn perft_cases() -> [(&'static str, &'static str, u32); 2] {
    [("start", START_FEN, 6), ("kiwipete", KIWIPETE, 5)]
}

fn bench_perft(rounds: u32) {
    println!("perft, single thread, best of {rounds} (bulk counting at the last ply)");
    let _ = perft(&Position::startpos(), 1); // build the tables first
    for (name, fen, depth) in perft_cases() {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let mut ours = f64::MAX;
        let mut theirs = f64::MAX;
        let mut nodes = 0;
        let mut sf_nodes = None;
        for _ in 0..rounds {
            let t = Instant::now();
            nodes = perft(&pos, depth);
            ours = ours.min(t.elapsed().as_secs_f64());
            if let Some((n, s)) = stockfish_perft(fen, depth) {
                sf_nodes = Some(n);
                theirs = theirs.min(s);
            }
        }
        let mnps = |n: u64, s: f64| n as f64 / s / 1e6;
        println!(
            "  {name:<9} depth {depth}  bitscope  {nodes:>11} nodes {ours:>7.3} s {:>7.1} M nodes/s",
            mnps(nodes, ours)
        );
        match sf_nodes {
            Some(n) => {
                println!(
                    "  {:<9} depth {depth}  stockfish {n:>11} nodes {theirs:>7.3} s {:>7.1} M nodes/s   ratio {:.2}x{}",
                    "",
                    mnps(n, theirs),
                    mnps(nodes, ours) / mnps(n, theirs),
                    if n == nodes { "" } else { "   COUNTS DIFFER" }
                );
            }
            None => println!("  stockfish not found at {STOCKFISH} (apt-get install stockfish)"),
        }
    }
}

/// Stockfish's `go perft` on one position: (nodes, seconds). Only the perft
/// itself is timed: the engine is started and made ready first.
fn stockfish_perft(fen: &str, depth: u32) -> Option<(u64, f64)> {
    let mut child = Command::new(STOCKFISH)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let mut out = BufReader::new(child.stdout.take()?);
    writeln!(
        stdin,
        "uci\nsetoption name Threads value 1\nposition fen {fen}\nisready"
    )
    .ok()?;
    let mut line = String::new();
    loop {
        line.clear();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line.trim() == "readyok" {
            break;
        }
    }
    let start = Instant::now();
    writeln!(stdin, "go perft {depth}").ok()?;
    let nodes = loop {
        line.clear();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if let Some(n) = line.trim().strip_prefix("Nodes searched: ") {
            break n.parse().ok()?;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    Some((nodes, seconds))
}
