//! `bitscope magic find --all`: a magic for each of the 64 squares, the
//! squares shared round-robin over every core, printed as a table to
//! paste (the library's `export_table`) with a line of totals on stderr.
//! With `--json`: `{"piece", "squares": [{"square", "magic", "bits",
//! "attempts"}], "not_found", "seconds", "text"}`.

use super::Search;
use crate::cli::progress::LateBar;
use bitscope::chess::magic_lab::{
    export_table, find_squares, parse_bits, Lang, MagicError, SliderPiece, SquareFound,
};
use bitscope::chess::Square;
use serde_json::json;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::Instant;

pub fn run(
    piece: &str,
    bits: Option<&str>,
    lang: &str,
    search: &Search,
    json: bool,
) -> Result<(), MagicError> {
    let piece: SliderPiece = piece.parse()?;
    let lang: Lang = lang.parse()?;
    let bits = bits
        .map(|text| parse_bits(piece, Square::A1, text))
        .transpose()?;
    let start = Instant::now();
    let squares = find_on_every_core(piece, bits, search)?;
    let seconds = start.elapsed().as_secs_f64();
    let magics: Vec<Option<(u64, u32)>> = squares
        .iter()
        .map(|s| s.found.map(|f| (f.magic, f.bits)))
        .collect();
    let text = export_table(lang, piece, &magics);
    let not_found: Vec<String> = squares
        .iter()
        .filter(|s| s.found.is_none())
        .map(|s| s.square.to_string())
        .collect();
    let attempts: u64 = squares
        .iter()
        .filter_map(|s| s.found)
        .map(|f| f.attempts)
        .sum();
    if json {
        let rows: Vec<_> = squares
            .iter()
            .filter_map(|s| {
                let f = s.found?;
                Some(json!({"square": s.square.to_string(), "magic": format!("0x{:016x}", f.magic), "bits": f.bits, "attempts": f.attempts}))
            })
            .collect();
        let out = json!({"piece": piece.name(), "squares": rows, "not_found": not_found, "seconds": seconds, "text": text});
        println!("{out}");
    } else {
        print!("{text}");
        eprintln!(
            "{piece}: {} of 64 squares found, {attempts} attempts in all, {seconds:.2} s{}",
            64 - not_found.len(),
            if not_found.is_empty() {
                String::new()
            } else {
                format!(
                    " (none found for {} in {} attempts each)",
                    not_found.join(" "),
                    search.max_attempts
                )
            }
        );
    }
    Ok(())
}

/// The 64 squares, a1 first, searched on every core (square k on thread
/// k mod threads).
fn find_on_every_core(
    piece: SliderPiece,
    bits: Option<u32>,
    search: &Search,
) -> Result<Vec<SquareFound>, MagicError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let bar = Mutex::new(LateBar::new(64, "squares"));
    let done = std::sync::atomic::AtomicUsize::new(0);
    let shares: Vec<Result<Vec<SquareFound>, MagicError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (bar, done) = (&bar, &done);
                scope.spawn(move || {
                    let mine = Square::all().filter(move |s| s.index() % threads == t);
                    find_squares(piece, mine, bits, search.seed, search.max_attempts, |_| {
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if let Ok(mut b) = bar.lock() {
                            b.update(n as u64, String::new());
                        }
                        ControlFlow::Continue(())
                    })
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Err(MagicError::Cancelled(0))))
            .collect()
    });
    if let Ok(b) = bar.into_inner() {
        b.finish();
    }
    let mut all = Vec::new();
    for share in shares {
        all.extend(share?);
    }
    all.sort_by_key(|s| s.square.index());
    Ok(all)
}
