//! One length's search on every core (native only): the threads take the
//! first instructions in order from a shared counter; the answer is the
//! match (or refinement) with the earliest first instruction, as one thread
//! would find it, so the program reported does not depend on the number of
//! threads.
//!
//! ```text
//!   first instructions  0 1 2 3 4 5 6 ...
//!   thread A            0   2     5       (finds one in 5: best = 5)
//!   thread B              1   3 4   6     (6 > best: stops)
//! ```
//!
//! The calling thread only polls the control (progress, deadline, cancel).

use super::program::Instr;
use super::search::{Ctx, Outcome, Search};
use crate::lang::prove::Flow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::Mutex;
use std::time::Duration;

/// Searches the programs of length `len` starting with one of `firsts`
/// on `threads` threads; `poll` is told the candidates compared since its
/// last call (false: stop). The answer, and the number in `firsts` of its
/// first instruction (every one before it was searched to the end).
pub fn run_threads(
    cx: &Ctx,
    len: usize,
    firsts: &[Instr],
    threads: usize,
    poll: &mut dyn FnMut(u64) -> bool,
) -> (usize, Outcome) {
    let next = AtomicUsize::new(0);
    let best = AtomicUsize::new(usize::MAX);
    let stop = AtomicBool::new(false);
    let searched = AtomicU64::new(0);
    let running = AtomicUsize::new(threads);
    let found: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::new());
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let current = AtomicUsize::new(0);
                let mut tell = |d: u64| {
                    searched.fetch_add(d, SeqCst);
                    !stop.load(SeqCst) && current.load(SeqCst) <= best.load(SeqCst)
                };
                let mut s = Search::new(cx, len, &mut tell);
                loop {
                    let k = next.fetch_add(1, SeqCst);
                    if k >= firsts.len() || k > best.load(SeqCst) || stop.load(SeqCst) {
                        break;
                    }
                    current.store(k, SeqCst);
                    let o = s.run_from(firsts[k]);
                    if matches!(o, Outcome::Found(_) | Outcome::Refine(_)) {
                        best.fetch_min(k, SeqCst);
                        if let Ok(mut f) = found.lock() {
                            f.push((k, o));
                        }
                    }
                    s.stopped = false;
                }
                running.fetch_sub(1, SeqCst);
                caller.unpark();
            });
        }
        while running.load(SeqCst) > 0 {
            std::thread::park_timeout(Duration::from_millis(20));
            if !poll(searched.swap(0, SeqCst)) {
                stop.store(true, SeqCst);
            }
        }
    });
    poll(searched.swap(0, SeqCst));
    if stop.load(SeqCst) {
        return (0, Outcome::Stopped(Flow::OutOfTime));
    }
    let found = found.into_inner().unwrap_or_default();
    match found.into_iter().min_by_key(|f| f.0) {
        Some(f) => f,
        None => (firsts.len(), Outcome::Exhausted),
    }
}
