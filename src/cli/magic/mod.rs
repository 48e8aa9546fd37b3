//! `bitscope magic check|find`: one square's magic bitboard from the command
//! line. With `--json` the last stdout line is one JSON object. The stepped
//! lookup is `bitscope trace magic-lookup`.

mod find_all;
mod table;

use super::progress::LateBar;
use bitscope::chess::magic_lab::{
    self, check, find, parse_bits, parse_magic, parse_square, usual_bits, MagicError, SliderPiece,
    DEFAULT_MAX_ATTEMPTS,
};
use bitscope::chess::Square;
use clap::{Args, Subcommand};
use std::ops::ControlFlow;
use std::time::Instant;

#[derive(Args)]
pub struct MagicArgs {
    #[command(subcommand)]
    command: MagicCommand,
}

/// The piece and square every magic command names.
#[derive(Args)]
pub struct Where {
    /// rook or bishop.
    #[arg(long)]
    pub piece: String,
    /// The square, like d4.
    #[arg(long)]
    pub square: String,
    /// Index bits, 1..=20 (the mask's popcount by default; fewer and more
    /// are allowed, as engines use).
    #[arg(long)]
    pub bits: Option<String>,
}

impl Where {
    /// The typed piece, square and bits.
    pub fn read(&self) -> Result<(SliderPiece, Square, u32), MagicError> {
        let piece: SliderPiece = self.piece.parse()?;
        let square = parse_square(&self.square)?;
        let bits = match &self.bits {
            Some(text) => parse_bits(piece, square, text)?,
            None => usual_bits(piece, square),
        };
        Ok((piece, square, bits))
    }
}

#[derive(Subcommand)]
enum MagicCommand {
    /// Check a magic for one square: its collisions, harmless (same attack
    /// set) or breaking (different sets). The JSON lists the first 16
    /// collisions and counts them all.
    ///
    /// Exit status: 0 valid, 1 not valid, 2 bad input.
    #[command(
        after_help = "Exit status: 0 when the magic is valid, 1 when it is not, 2 on bad input."
    )]
    Check {
        #[command(flatten)]
        at: Where,
        /// The magic (0x.., 0b.. or decimal).
        magic: String,
        #[arg(long)]
        json: bool,
    },
    /// Check a whole table of 64 magics (a C or Rust array, or one per
    /// line), with the bits of a second array of shifts or bit counts in the
    /// same text, of --shifts / --bits, or the usual ones.
    ///
    /// Exit status: 0 when every square is valid, 1 when one is not, 2 on
    /// bad input. With --repair the repaired table goes to stdout (in the
    /// input's form) and the report to stderr.
    #[command(
        after_help = "Exit status: 0 when every square is valid, 1 when one is not (also with --repair), 2 on bad input."
    )]
    CheckTable(table::CheckTableArgs),
    /// Find a magic for one square with random sparse candidates, or with
    /// --all a whole table (each square's usual bits, or --bits for all),
    /// on every core, printed as code to paste (--lang rust or c) that
    /// `check-table` reads back.
    Find {
        /// rook or bishop.
        #[arg(long)]
        piece: String,
        /// The square, like d4.
        #[arg(long, required_unless_present = "all", conflicts_with = "all")]
        square: Option<String>,
        /// A magic for each of the 64 squares.
        #[arg(long)]
        all: bool,
        /// Index bits, 1..=20 (the mask's popcount by default).
        #[arg(long)]
        bits: Option<String>,
        /// The whole table's language: rust or c.
        #[arg(long, default_value = "rust", requires = "all")]
        lang: String,
        #[command(flatten)]
        search: Search,
        #[arg(long)]
        json: bool,
    },
}

/// How a magic is searched for (`find`, and `check-table --repair`).
#[derive(Args)]
pub struct Search {
    /// Seed of the candidate generator (the same seed, the same magic).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Give up after this many candidates (per square).
    #[arg(long, default_value_t = DEFAULT_MAX_ATTEMPTS)]
    pub max_attempts: u64,
}

pub fn run(args: MagicArgs) -> i32 {
    run_command(args.command).unwrap_or_else(super::bad_input)
}

/// The exit code: 0, or 1 where a check found the magic not valid.
fn run_command(command: MagicCommand) -> Result<i32, MagicError> {
    match command {
        MagicCommand::Check { at, magic, json } => {
            let (piece, square, bits) = at.read()?;
            let magic = parse_magic(&magic)?;
            let report = check(piece, square, magic, bits)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string(&report).unwrap_or_else(|e| e.to_string())
                );
            } else {
                let verdict = if report.valid { "valid" } else { "NOT valid" };
                println!(
                    "0x{magic:016x} is {verdict} for a {piece} on {square} with {bits} index bits: {} of {} indices used, {} harmless and {} breaking collisions",
                    report.used,
                    1u64 << bits,
                    report.harmless,
                    report.breaking
                );
                if let Some(c) = &report.first_breaking {
                    println!(
                        "  first breaking: index {}: 0x{:016x} and 0x{:016x} attack differently",
                        c.index, c.occupancies[0], c.occupancies[1]
                    );
                }
            }
            return Ok(i32::from(!report.valid));
        }
        MagicCommand::CheckTable(args) => return Ok(table::run(args)),
        MagicCommand::Find {
            piece,
            square: None,
            bits,
            lang,
            search,
            json,
            ..
        } => find_all::run(&piece, bits.as_deref(), &lang, &search, json)?,
        MagicCommand::Find {
            piece,
            square: Some(square),
            bits,
            search: Search { seed, max_attempts },
            json,
            ..
        } => find_one(
            Where {
                piece,
                square,
                bits,
            },
            seed,
            max_attempts,
            json,
        )?,
    }
    Ok(0)
}

/// `magic find --square`: one square's magic, printed or as JSON.
fn find_one(at: Where, seed: u64, max_attempts: u64, json: bool) -> Result<(), MagicError> {
    let (piece, square, bits) = at.read()?;
    let start = Instant::now();
    let mut bar = LateBar::new(max_attempts, "find");
    let found = find(piece, square, bits, seed, max_attempts, |n| {
        bar.update(n, String::new());
        ControlFlow::Continue(())
    });
    bar.finish();
    let found = found?;
    let seconds = start.elapsed().as_secs_f64();
    if json {
        println!(
            "{}",
            serde_json::to_string(&found).unwrap_or_else(|e| e.to_string())
        );
    } else {
        println!(
            "{piece} on {square}, {bits} index bits: magic 0x{:016x} after {} attempts ({seconds:.3} s)",
            found.magic, found.attempts
        );
        print!(
            "{}",
            magic_lab::export(magic_lab::Lang::Rust, piece, square, found.magic, bits)?
        );
    }
    Ok(())
}
