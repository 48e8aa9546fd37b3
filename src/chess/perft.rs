//! Perft: count the leaf nodes of the legal move tree to a fixed depth.
//!
//! The recursion is monomorphised on the side to move and uses copy-make
//! (a `Position` is 48 bytes). At the last ply it does not make the moves:
//! it asks the generator for the *number* of legal moves (bulk counting,
//! population counts of target sets, see [`crate::chess::movegen`]).
//! Nothing is allocated during the search: move lists are fixed arrays on
//! the stack.
//!
//! For progress reporting and cancellation, [`divide_with`] calls back after
//! each root move and [`perft_cancellable`] polls an [`AtomicBool`].

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

use super::magics::{sliders, Sliders};
use super::movegen::{count_side, legal_moves, list_side, Black, MoveList, Side, White};
use super::moves::Move;
use super::pext::Lookup;
#[cfg(target_arch = "x86_64")]
use super::pext::{pext, Pext};
use super::position::Position;
use crate::bits::piece::Color;

/// A depth-2 node: list the moves, make each, bulk-count the replies.
/// This is where nearly all of perft's time goes.
#[inline(always)]
fn perft2_body<S: Side, L: Lookup>(pos: &Position, t: &L) -> u64 {
    let mut list = MoveList::new();
    list_side::<S, _>(pos, t, &mut list);
    let mut n = 0u64;
    for &m in list.iter() {
        n += count_side::<S::Other, _>(&pos.play_as(m, S::WHITE), t) as u64;
    }
    n
}

/// Portable build of [`perft2_body`] (any target, wasm32 included).
#[inline(never)]
fn perft2_portable<S: Side>(pos: &Position, t: &Sliders) -> u64 {
    perft2_body::<S, Sliders>(pos, t)
}

/// [`perft2_body`] compiled with POPCNT/BMI1/BMI2, the sliders looked up by
/// PEXT ([`super::pext`]). The x86-64 baseline has no `popcnt` instruction,
/// and bulk counting is mostly population counts, so a runtime-detected
/// copy is faster (docs/performance.md).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
#[inline(never)]
fn perft2_x86<S: Side>(pos: &Position, t: &Pext) -> u64 {
    perft2_body::<S, Pext>(pos, t)
}

/// Which build of the hot loop to use; detected once per perft call.
#[derive(Clone, Copy)]
struct Cpu {
    /// The PEXT lookups, where the CPU has POPCNT, BMI1 and BMI2.
    #[cfg(target_arch = "x86_64")]
    x86_fast: Option<&'static Pext>,
}

impl Cpu {
    fn detect() -> Cpu {
        Cpu {
            #[cfg(target_arch = "x86_64")]
            x86_fast: pext().filter(|_| {
                std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
            }),
        }
    }

    #[inline(always)]
    fn perft2<S: Side>(self, pos: &Position, t: &Sliders) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(p) = self.x86_fast {
            // SAFETY: the CPU supports popcnt, bmi1 and bmi2 (checked in `detect`).
            return unsafe { perft2_x86::<S>(pos, p) };
        }
        perft2_portable::<S>(pos, t)
    }
}

fn perft_rec<S: Side>(pos: &Position, depth: u32, t: &Sliders, cpu: Cpu) -> u64 {
    match depth {
        0 => 1,
        1 => count_side::<S, _>(pos, t) as u64,
        2 => cpu.perft2::<S>(pos, t),
        _ => {
            let mut list = MoveList::new();
            list_side::<S, _>(pos, t, &mut list);
            let mut n = 0u64;
            for &m in list.iter() {
                n += perft_rec::<S::Other>(&pos.play_as(m, S::WHITE), depth - 1, t, cpu);
            }
            n
        }
    }
}

fn perft_stop<S: Side>(
    pos: &Position,
    depth: u32,
    t: &Sliders,
    cpu: Cpu,
    stop: &AtomicBool,
) -> Option<u64> {
    if depth <= 3 {
        return Some(perft_rec::<S>(pos, depth, t, cpu));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut list = MoveList::new();
    list_side::<S, _>(pos, t, &mut list);
    let mut n = 0u64;
    for &m in list.iter() {
        n += perft_stop::<S::Other>(&pos.play_as(m, S::WHITE), depth - 1, t, cpu, stop)?;
    }
    Some(n)
}

/// Number of leaf nodes at `depth` plies (`perft(pos, 0) == 1`).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let t = sliders();
    let cpu = Cpu::detect();
    match pos.side_to_move() {
        Color::White => perft_rec::<White>(pos, depth, t, cpu),
        Color::Black => perft_rec::<Black>(pos, depth, t, cpu),
    }
}

/// Like [`perft`], but returns `None` soon after `stop` becomes `true`
/// (polled at every node with 4 or more plies left).
pub fn perft_cancellable(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let t = sliders();
    let cpu = Cpu::detect();
    match pos.side_to_move() {
        Color::White => perft_stop::<White>(pos, depth, t, cpu, stop),
        Color::Black => perft_stop::<Black>(pos, depth, t, cpu, stop),
    }
}

/// Per-root-move node counts at `depth` ("divide"), in generation order.
/// The sum is `perft(pos, depth)`. Empty for `depth == 0`.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    match divide_with(pos, depth, |_| ControlFlow::Continue(())) {
        Ok(v) => v,
        Err(c) => c.partial,
    }
}

/// Nodes per second, rounded; 0 for no time (the CLI's reports and the
/// suites).
pub fn nodes_per_second(nodes: u64, seconds: f64) -> u64 {
    if seconds > 0.0 {
        (nodes as f64 / seconds).round() as u64
    } else {
        0
    }
}

/// A count and how fast it went (`nps`: [`nodes_per_second`]); the
/// reports that carry one flatten it into their JSON.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Speed {
    pub nodes: u64,
    pub seconds: f64,
    pub nps: u64,
}

impl Speed {
    pub fn new(nodes: u64, seconds: f64) -> Speed {
        Speed {
            nodes,
            seconds,
            nps: nodes_per_second(nodes, seconds),
        }
    }
}

/// [`divide`] as `(uci, nodes)` pairs, sorted by UCI text (handy to diff
/// against another engine's `go perft`).
pub fn divide_uci(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    uci_rows(&divide(pos, depth))
}

/// Divide rows as `(uci, nodes)` pairs, sorted by UCI text.
pub fn uci_rows(rows: &[(Move, u64)]) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = rows.iter().map(|(m, n)| (m.to_uci(), *n)).collect();
    v.sort();
    v
}

/// The perft count a divide adds up to: the sum of its rows, or 1 at depth
/// 0 (where divide has no rows but perft counts the position itself).
pub fn divide_total(rows: &[(Move, u64)], depth: u32) -> u64 {
    if depth == 0 {
        1
    } else {
        rows.iter().map(|(_, n)| n).sum()
    }
}

/// Progress report passed to the [`divide_with`] callback after each root move.
#[derive(Clone, Copy, Debug)]
pub struct RootProgress {
    /// Index of the root move just finished (0-based).
    pub index: usize,
    /// Number of root moves.
    pub total: usize,
    /// The root move just finished.
    pub mv: Move,
    /// Leaf nodes below it.
    pub nodes: u64,
    /// Leaf nodes counted so far, all root moves finished until now.
    pub nodes_so_far: u64,
}

/// The callback of [`divide_with`] asked to stop.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("perft cancelled after {} of the root moves", partial.len())]
pub struct Cancelled {
    /// The root moves finished before the stop.
    pub partial: Vec<(Move, u64)>,
}

/// [`divide`] that calls `on_progress` after each root move; returning
/// `ControlFlow::Break(())` stops the count.
///
/// # Errors
/// [`Cancelled`] (with the finished root moves) when the callback breaks.
pub fn divide_with<F>(
    pos: &Position,
    depth: u32,
    on_progress: F,
) -> Result<Vec<(Move, u64)>, Cancelled>
where
    F: FnMut(&RootProgress) -> ControlFlow<()>,
{
    divide_part_with(pos, depth, 0, 1, on_progress)
}

/// The root moves of part `part` of `parts` (see [`divide_part_with`]).
pub fn part_moves(pos: &Position, part: usize, parts: usize) -> Vec<Move> {
    legal_moves(pos)
        .iter()
        .enumerate()
        .filter(|(i, _)| i % parts.max(1) == part)
        .map(|(_, &m)| m)
        .collect()
}

/// [`divide_with`] over part `part` of `parts` of the root moves: those
/// whose index in generation order is `part` modulo `parts`, so that
/// `parts` workers (each a part) count every root move exactly once.
/// `RootProgress::index` and `total` count within the part.
///
/// ```
/// use bitscope::chess::{perft, perft::divide_part_with, Position};
/// let pos = Position::startpos();
/// let sum: u64 = (0..3)
///     .flat_map(|k| divide_part_with(&pos, 3, k, 3, |_| std::ops::ControlFlow::Continue(())).unwrap())
///     .map(|(_, n)| n)
///     .sum();
/// assert_eq!(sum, perft(&pos, 3));
/// ```
///
/// # Errors
/// [`Cancelled`] (with the finished root moves) when the callback breaks.
pub fn divide_part_with<F>(
    pos: &Position,
    depth: u32,
    part: usize,
    parts: usize,
    mut on_progress: F,
) -> Result<Vec<(Move, u64)>, Cancelled>
where
    F: FnMut(&RootProgress) -> ControlFlow<()>,
{
    let mut out = Vec::new();
    if depth == 0 {
        return Ok(out);
    }
    let moves = part_moves(pos, part, parts);
    let mut so_far = 0u64;
    for (index, &mv) in moves.iter().enumerate() {
        let nodes = perft(&pos.play(mv), depth - 1);
        so_far += nodes;
        out.push((mv, nodes));
        let report = RootProgress {
            index,
            total: moves.len(),
            mv,
            nodes,
            nodes_so_far: so_far,
        };
        if on_progress(&report).is_break() {
            return Err(Cancelled { partial: out });
        }
    }
    Ok(out)
}

/// Plain perft without bulk counting, using in-place make/unmake and the
/// public move list: the slow reference the fast one is tested against.
pub fn perft_reference(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut p = *pos;
    let mut n = 0;
    for &m in legal_moves(pos).iter() {
        p.make_move(m);
        n += perft_reference(&p, depth - 1);
        p.unmake_move(m);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_rows_sorted_and_summed() {
        let pos = Position::startpos();
        let rows = divide(&pos, 2);
        let uci = uci_rows(&rows);
        assert_eq!(uci.len(), 20);
        assert!(uci.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(uci[0], ("a2a3".to_string(), 20));
        assert_eq!(divide_total(&rows, 2), 400);
        assert_eq!(divide_total(&rows, 2), perft(&pos, 2));
        assert_eq!(divide_total(&[], 0), 1);
        assert_eq!(divide_total(&[], 3), 0);
    }

    #[test]
    fn portable_and_detected_builds_agree() {
        // (the detected build looks sliders up by PEXT where the CPU has BMI2)
        let portable = Cpu {
            #[cfg(target_arch = "x86_64")]
            x86_fast: None,
        };
        let t = sliders();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        ] {
            let p = Position::from_fen(fen).unwrap();
            let slow = perft_rec::<White>(&p, 3, t, portable);
            assert_eq!(slow, perft(&p, 3), "{fen}");
            assert_eq!(slow, perft_reference(&p, 3), "{fen}");
        }
    }

    #[test]
    fn start_shallow() {
        let p = Position::startpos();
        assert_eq!(perft(&p, 0), 1);
        assert_eq!(perft(&p, 1), 20);
        assert_eq!(perft(&p, 2), 400);
        assert_eq!(perft(&p, 3), 8902);
        assert_eq!(perft_reference(&p, 3), 8902);
        let d = divide(&p, 2);
        assert_eq!(d.len(), 20);
        assert!(d.iter().all(|&(_, n)| n == 20));
        let stop = AtomicBool::new(false);
        assert_eq!(perft_cancellable(&p, 4, &stop), Some(197_281));
        stop.store(true, Ordering::Relaxed);
        assert_eq!(perft_cancellable(&p, 5, &stop), None);
        let r = divide_with(&p, 2, |pr| {
            if pr.index == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(r.unwrap_err().partial.len(), 3);
    }
}
