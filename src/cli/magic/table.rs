//! `bitscope magic check-table --piece rook|bishop FILE|- [--json]
//! [--shifts N | --bits N] [--repair]`: a whole engine's table checked
//! square by square (the library's `chess::magic_lab::table` reads and
//! checks it; this module only renders).

use crate::cli::progress::LateBar;
use bitscope::chess::magic_lab::table::{
    check_table, parse_table, repair, BitsFrom, BitsGiven, Repair, TableReport,
};
use bitscope::chess::magic_lab::SliderPiece;
use bitscope::chess::Square;
use clap::Args;
use serde_json::json;
use std::ops::ControlFlow;

#[derive(Args)]
pub struct CheckTableArgs {
    /// rook or bishop.
    #[arg(long)]
    piece: String,
    /// The file with the table, or - for stdin.
    file: String,
    /// One shift for every square (bits = 64 - shift), over the text's own.
    #[arg(long, conflicts_with = "bits")]
    shifts: Option<u32>,
    /// One bit count for every square (1..=20), over the text's own.
    #[arg(long)]
    bits: Option<u32>,
    /// Find a magic with the same bits for each invalid square and print
    /// the whole table back in the input's form.
    #[arg(long)]
    repair: bool,
    #[command(flatten)]
    search: super::Search,
    /// One JSON object on the last stdout line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: CheckTableArgs) -> i32 {
    run_checked(&args).unwrap_or_else(crate::cli::bad_input)
}

fn run_checked(args: &CheckTableArgs) -> Result<i32, String> {
    let piece: SliderPiece = args.piece.parse().map_err(|e| format!("{e}"))?;
    let text = crate::cli::read_input(&args.file)?;
    let given = match (args.bits, args.shifts) {
        (Some(b), _) => BitsGiven::All(b),
        (_, Some(s)) => BitsGiven::Shift(s),
        _ => BitsGiven::Usual,
    };
    let table = parse_table(piece, &text, given).map_err(|e| e.to_string())?;
    let report = check_table(&table).map_err(|e| e.to_string())?;
    let fixed = if args.repair && !report.valid {
        let bad = 64 - report.valid_squares;
        let mut bar = LateBar::new(bad as u64, "repair");
        let fixed = repair(
            &table,
            &report,
            args.search.seed,
            args.search.max_attempts,
            |done, _| {
                bar.update(done as u64, String::new());
                ControlFlow::Continue(())
            },
        );
        bar.finish();
        Some(fixed.map_err(|e| e.to_string())?)
    } else {
        None
    };
    if args.json {
        let mut value = serde_json::to_value(&report).map_err(|e| e.to_string())?;
        if args.repair {
            value["repair"] = match &fixed {
                Some(r) => serde_json::to_value(r).map_err(|e| e.to_string())?,
                None => json!({"replaced": [], "not_found": [], "text": text}),
            };
        }
        println!("{value}");
    } else if args.repair {
        // the report on stderr, the table alone on stdout (`> fixed.c`)
        eprint!("{}", render(&report));
        if let Some(r) = &fixed {
            eprint!("{}", render_repair(r));
        }
        print!(
            "{}",
            fixed.as_ref().map_or(text.as_str(), |r| r.text.as_str())
        );
    } else {
        print!("{}", render(&report));
    }
    Ok(i32::from(!report.valid))
}

/// The report in words: an 8x8 board of bits (x = invalid), the invalid
/// squares with their first breaking collision, the totals.
fn render(r: &TableReport) -> String {
    let from = match r.bits_from {
        BitsFrom::Usual => "the usual bits (one per mask square)",
        BitsFrom::TextShifts => "the text's shifts",
        BitsFrom::TextBits => "the text's bit counts",
        BitsFrom::Given => "--bits / --shifts",
    };
    let mut out = format!(
        "{} table, bits from {from}: {} of 64 squares valid\n",
        r.piece, r.valid_squares
    );
    for rank in (0..8).rev() {
        out += &format!("  {} ", rank + 1);
        for file in 0..8 {
            let s = &r.squares[rank * 8 + file];
            out += &format!(" {:>2}{}", s.bits, if s.valid { ' ' } else { 'x' });
        }
        out += "\n";
    }
    out += "      a   b   c   d   e   f   g   h    (index bits; x = not valid)\n";
    for s in r.squares.iter().filter(|s| !s.valid) {
        out += &format!(
            "  {}: 0x{:016x} NOT valid with {} bits: {} breaking collisions",
            s.square, s.magic, s.bits, s.breaking
        );
        if let Some(c) = &s.collision {
            out += &format!(
                "; first at index {}: 0x{:016x} and 0x{:016x} attack differently",
                c.index, c.occupancies[0], c.occupancies[1]
            );
        }
        out += "\n";
    }
    out += &format!(
        "size {:.1} KB of u64 entries (the usual layout: {:.1} KB); biggest square {}: {} bits, {} entries\n",
        r.size_kb, r.usual_kb, r.biggest.square, r.biggest.bits, r.biggest.entries
    );
    out
}

fn render_repair(r: &Repair) -> String {
    let mut out = String::new();
    for x in &r.replaced {
        out += &format!(
            "  repaired {}: 0x{:016x} -> 0x{:016x} ({} bits, {} candidates)\n",
            x.square, x.old, x.found.magic, x.found.bits, x.found.attempts
        );
    }
    if !r.not_found.is_empty() {
        let names: Vec<String> = r.not_found.iter().map(Square::to_string).collect();
        out += &format!(
            "  no magic found for {} (raise --max-attempts, or give more bits)\n",
            names.join(", ")
        );
    }
    out
}
