//! `bitscope bench tricks`: how long proving the whole trick catalog takes
//! (every entry against its specification, 5 s budget each, every core),
//! with the slowest entries; one round. The goal: the whole
//! catalog in under 60 s. Measured on the 2-core development machine with
//! another build running: 257 entries in 138 s (226 s of CPU), 214 proofs;
//! the 22 divisions and subset walks the prover cannot decide spend their
//! whole 5 s, and the king and knight attacks overrun it (12 and 18 s).

use bitscope::tricks::search::{search, Index};
use bitscope::tricks::{catalog, check};
use std::time::Instant;

/// What learners type (a few of the search test's table).
const QUERIES: [&str; 8] = [
    "reverse bits",
    "revrse bits",
    "divide by 3",
    "round up to power of two",
    "count bits",
    "lowest set bit index",
    "gray code",
    "x & (x - 1)",
];

/// The search: the index built, each query, and a search from nothing
/// (the page's first one), best of `rounds`.
fn bench_search(rounds: u32) {
    let c = catalog();
    let (built, idx) = super::best(rounds, || Index::new(c));
    let worst = QUERIES
        .iter()
        .map(|q| super::best(rounds, || idx.search(q).len()).0)
        .fold(0.0, f64::max);
    let (cold, _) = super::best(rounds, || search(c, "reverse bits").len());
    println!(
        "  search: index built in {:.2} ms; slowest of {} queries {:.3} ms; a search from nothing {:.2} ms (goal: under 50 ms in the page)",
        built * 1e3,
        QUERIES.len(),
        worst * 1e3,
        cold * 1e3
    );
}

/// The budget per entry, as `bitscope tricks check` gives by default.
const SECONDS: f64 = 5.0;

pub fn run(rounds: u32) {
    let c = catalog();
    bench_search(rounds);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    println!(
        "trick catalog: {} entries, {SECONDS} s budget each, {threads} threads",
        c.entries.len()
    );
    let all: Vec<usize> = (0..c.entries.len()).collect();
    let start = Instant::now();
    let results = check::check_all(&c.entries, &all, SECONDS, 0);
    let total = start.elapsed().as_secs_f64();
    println!("  {}", super::super::tricks::summary(&results, total));
    let cpu: f64 = results.iter().map(|r| r.seconds).sum();
    println!("  {cpu:.1} s of proving in all (goal: the whole catalog under 60 s)");
    let mut slow: Vec<_> = results.iter().collect();
    slow.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    println!("  slowest:");
    for r in slow.iter().take(12) {
        let text = r
            .proof
            .as_ref()
            .map_or_else(|e| e.to_string(), |p| p.text.clone());
        println!(
            "    {:<26} {:>7.2} s  {text}",
            c.entries[r.index].id, r.seconds
        );
    }
}
