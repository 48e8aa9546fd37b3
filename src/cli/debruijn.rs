//! `bitscope debruijn count|nth|rank|check|scan|graph|search`: the de Bruijn bit scan from the
//! command line. With `--json` the last stdout line is one JSON object.

use super::progress::LateBar;
use bitscope::bits::debruijn::{self, FastEnumerator};
use bitscope::bits::word::parse_number;
use bitscope::chess::parallel::available_threads;
use clap::{Args, Subcommand};
use serde_json::json;
use std::time::Instant;

#[derive(Args)]
pub struct DebruijnArgs {
    #[command(subcommand)]
    command: DebruijnCommand,
}

#[derive(Subcommand)]
enum DebruijnCommand {
    /// Enumerate and count every valid magic of a width.
    Count {
        /// Word width in bits.
        #[arg(long, value_parser = width_arg)]
        bits: u32,
        /// Threads (all cores by default).
        #[arg(long, default_value_t = available_threads() as u64, value_parser = clap::value_parser!(u64).range(1..=1024))]
        threads: u64,
        #[arg(long)]
        json: bool,
    },
    /// The N-th multiplier in ascending order (0-based), found by counting.
    Nth {
        /// Word width in bits.
        #[arg(long, value_parser = width_arg)]
        bits: u32,
        /// Its position in the ascending list, from 0.
        n: u64,
        #[arg(long)]
        json: bool,
    },
    /// Where a multiplier stands in the ascending list (0-based).
    Rank {
        /// Word width in bits.
        #[arg(long, value_parser = width_arg)]
        bits: u32,
        /// The magic (0x.., 0b.. or decimal).
        magic: String,
        #[arg(long)]
        json: bool,
    },
    /// Check a magic: its table, or the bit indices whose windows collide.
    ///
    /// Exit status: 0 valid, 1 not valid, 2 bad input.
    #[command(
        after_help = "Exit status: 0 when the magic is valid, 1 when it is not, 2 on bad input."
    )]
    Check {
        /// Word width in bits.
        #[arg(long, value_parser = width_arg)]
        bits: u32,
        /// The magic (0x.., 0b.. or decimal).
        magic: String,
        #[arg(long)]
        json: bool,
    },
    /// Scan a value for its lowest set bit, step by step.
    Scan {
        /// Word width in bits.
        #[arg(long, value_parser = width_arg)]
        bits: u32,
        /// The magic (the well-known one of the width by default).
        #[arg(long)]
        magic: Option<String>,
        /// The value to scan (non-zero).
        value: String,
        #[arg(long)]
        json: bool,
    },
    /// The de Bruijn graph B(2, log2 W) and the walk a magic's hash takes on
    /// it: an Eulerian circuit for a valid magic.
    Graph {
        /// Word width in bits.
        #[arg(long, value_parser = width_arg)]
        bits: u32,
        /// The magic (0x.., 0b.. or decimal).
        magic: String,
        #[arg(long)]
        json: bool,
    },
    /// The depth-first search for every sequence that starts with log2 W
    /// zeros, step by step (8 or 16 bits).
    Search {
        /// Word width in bits: 8 or 16.
        #[arg(long, value_parser = width_arg)]
        bits: u32,
        #[arg(long)]
        json: bool,
    },
}

/// `--bits`: a width the scan supports ([`debruijn::WIDTHS`]); the error
/// names them.
fn width_arg(text: &str) -> Result<u32, String> {
    let width = text.parse::<u32>().map_err(|e| format!("{text:?}: {e}"))?;
    debruijn::log2_width(width)
        .map(|_| width)
        .map_err(|e| e.to_string())
}

fn number(what: &str, text: &str, width: u32) -> Result<u64, String> {
    parse_number(text, width).map_err(|e| format!("{what} {text:?}: {e}"))
}

pub fn run(args: DebruijnArgs) -> i32 {
    run_command(args.command).unwrap_or_else(super::bad_input)
}

/// The exit code: 0, or 1 where `check` found the magic not valid.
fn run_command(command: DebruijnCommand) -> Result<i32, String> {
    match command {
        DebruijnCommand::Count {
            bits: width,
            threads,
            json,
        } => count(width, threads as usize, json)?,
        DebruijnCommand::Nth {
            bits: width,
            n,
            json,
        } => {
            let magic = debruijn::nth_magic(width, n).map_err(|e| e.to_string())?;
            if json {
                println!(
                    "{}",
                    json!({"bits": width, "n": n, "magic": format!("{magic:#x}")})
                );
            } else {
                println!("{width}-bit magic number {n} (ascending, from 0): {magic:#x}");
            }
        }
        DebruijnCommand::Rank {
            bits: width,
            magic,
            json,
        } => {
            let magic = number("magic", &magic, width)?;
            let rank = debruijn::rank_of(width, magic).map_err(|e| e.to_string())?;
            if json {
                println!(
                    "{}",
                    json!({"bits": width, "magic": format!("{magic:#x}"), "rank": rank})
                );
            } else {
                println!("{magic:#x} is {width}-bit magic number {rank} (ascending, from 0)");
            }
        }
        DebruijnCommand::Check {
            bits: width,
            magic,
            json,
        } => return check(width, number("magic", &magic, width)?, json),
        DebruijnCommand::Scan {
            bits: width,
            magic,
            value,
            json,
        } => {
            let magic = match magic {
                Some(m) => number("magic", &m, width)?,
                None => debruijn::known_magic(width).ok_or("no known magic for this width")?,
            };
            let value = number("value", &value, width)?;
            let trace = debruijn::scan_trace(width, magic, value).map_err(|e| e.to_string())?;
            super::trace::print(&trace, json);
        }
        DebruijnCommand::Graph {
            bits: width,
            magic,
            json,
        } => graph(width, number("magic", &magic, width)?, json)?,
        DebruijnCommand::Search { bits: width, json } => {
            let trace = debruijn::search_trace(width)
                .map_err(|e| format!("{e} (the search is traced for 8 and 16 bits)"))?;
            super::trace::print(&trace, json);
        }
    }
    Ok(0)
}

/// Every magic of a width, counted on `threads` threads.
fn count(width: u32, threads: usize, json: bool) -> Result<(), String> {
    let start = Instant::now();
    let enumerator = FastEnumerator::new_threaded(width, threads).map_err(|e| e.to_string())?;
    let mut bar = LateBar::new(enumerator.chunks() as u64, "enumerate");
    let sums = enumerator.run_threaded(threads, debruijn::Tally::add, |done, _| {
        bar.update(done as u64, String::new())
    });
    bar.finish();
    let debruijn::Tally { all, odd } = sums.into_iter().sum();
    let seconds = start.elapsed().as_secs_f64();
    if json {
        println!(
            "{}",
            json!({"bits": width, "multipliers": all, "sequences": odd, "seconds": seconds})
        );
    } else {
        let n = debruijn::log2_width(width).map_err(|e| e.to_string())?;
        println!("{width}-bit magics: {all} multipliers, {odd} odd (one per cyclic de Bruijn sequence B(2, {n})), {} even; {seconds:.3} s",
            all - odd);
    }

    Ok(())
}

/// The de Bruijn graph of a width and a magic's walk on it.
fn graph(width: u32, magic: u64, json: bool) -> Result<(), String> {
    let g = debruijn::graph(width).map_err(|e| e.to_string())?;
    let walk = debruijn::magic_walk(width, magic).map_err(|e| e.to_string())?;
    if json {
        let edges: Vec<[u32; 3]> = g.edges.iter().map(|e| [e.from, e.to, e.window]).collect();
        println!(
            "{}",
            json!({"bits": width, "magic": format!("0x{magic:x}"), "nodes": g.nodes, "edges": edges,
                "walk": walk.windows, "valid": walk.valid(), "repeated": walk.repeated(), "unused": walk.unused()})
        );
    } else {
        let n = g.n as usize;
        println!(
            "B(2, {n}): {} nodes of {} bits, {} edges (the {n}-bit windows)",
            g.nodes.len(),
            n - 1,
            g.edges.len()
        );
        for (i, &w) in walk.windows.iter().enumerate() {
            let e = debruijn::edge(g.n, w);
            println!(
                "  shift {i:>2}: window {w:0n$b}  {:0m$b} -> {:0m$b}  (appends {})",
                e.from,
                e.to,
                w & 1,
                m = n - 1
            );
        }
        if walk.valid() {
            println!("0x{magic:x}: every window once, an Eulerian circuit: a valid magic");
        } else {
            println!(
                "0x{magic:x}: read twice {:?}, never read {:?}: not a valid magic",
                walk.repeated(),
                walk.unused()
            );
        }
    }

    Ok(())
}

/// Whether `magic` is a valid de Bruijn magic of `width` bits: exit 0 when
/// it is, 1 when not (its collisions listed).
fn check(width: u32, magic: u64, json: bool) -> Result<i32, String> {
    let v = debruijn::validate(width, magic).map_err(|e| e.to_string())?;
    if json {
        println!(
            "{}",
            json!({"valid": v.valid, "table": v.table, "collisions": v.collisions})
        );
    } else if let Some(table) = &v.table {
        println!("0x{magic:x} is a valid {width}-bit magic; table (index = window):\n{table:?}");
    } else {
        println!(
            "0x{magic:x} is not a valid {width}-bit magic: {} collisions",
            v.collisions.len()
        );
        for (i, j) in &v.collisions {
            println!("  bits {i} and {j} share window {}", v.windows[*i as usize]);
        }
    }
    Ok(i32::from(!v.valid))
}
