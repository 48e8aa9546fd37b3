//! Perft on every core (native only): the tree is split into independent
//! subtrees, at the root or deeper when the root has few moves, and threads
//! take them from one queue. Counts are the single-threaded ones, summed per
//! root move; progress comes after each root move, cancel stops every thread.
//!
//! ```text
//! start position, depth 6, 2 threads:  20 root moves < 2 * 16 tasks wanted
//!   split one ply more: 400 subtrees of depth 4, taken in turn by 2 threads
//!   e2e4 is reported once its 20 subtrees are all counted
//! ```

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::movegen::legal_moves;
use super::moves::Move;
use super::perft::{perft_cancellable, Cancelled, RootProgress};
use super::position::Position;

/// Subtrees wanted per thread before the split stops going deeper.
const TASKS_PER_THREAD: usize = 16;

/// The cores this machine offers (1 when it cannot tell).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// One subtree: the root move it lies under, its position, plies left.
struct Task {
    root: usize,
    pos: Position,
    depth: u32,
}

/// The root moves and the subtrees under them (depth >= 1).
fn split(pos: &Position, depth: u32, threads: usize) -> (Vec<Move>, Vec<Task>) {
    let roots: Vec<Move> = legal_moves(pos).iter().copied().collect();
    let mut tasks: Vec<Task> = roots
        .iter()
        .enumerate()
        .map(|(root, &m)| Task {
            root,
            pos: pos.play(m),
            depth: depth - 1,
        })
        .collect();
    // one ply deeper while there are too few subtrees and they are deep
    while tasks.len() < threads * TASKS_PER_THREAD && tasks.iter().all(|t| t.depth >= 3) {
        tasks = tasks
            .iter()
            .flat_map(|t| {
                legal_moves(&t.pos)
                    .iter()
                    .map(|&m| Task {
                        root: t.root,
                        pos: t.pos.play(m),
                        depth: t.depth - 1,
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    (roots, tasks)
}

/// [`divide_with`](super::perft::divide_with) on `threads` threads (at least
/// 1): per-root-move counts in generation order, and `on_progress` (on the
/// calling thread) after each root move, in the order they finish;
/// `RootProgress::index` is the move's index in generation order. Returning
/// `ControlFlow::Break(())` stops every thread.
///
/// ```
/// use bitscope::chess::{parallel::divide_parallel, perft, Position};
/// let pos = Position::startpos();
/// let rows = divide_parallel(&pos, 4, 2, |_| std::ops::ControlFlow::Continue(())).unwrap();
/// assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), perft(&pos, 4));
/// ```
///
/// # Errors
/// [`Cancelled`] with the root moves finished before the stop (generation
/// order) when the callback breaks.
pub fn divide_parallel<F>(
    pos: &Position,
    depth: u32,
    threads: usize,
    on_progress: F,
) -> Result<Vec<(Move, u64)>, Cancelled>
where
    F: FnMut(&RootProgress) -> ControlFlow<()>,
{
    run(pos, depth, threads, &AtomicBool::new(false), on_progress)
}

/// Per-root tallies on the calling thread.
struct Tally<F> {
    roots: Vec<Move>,
    pending: Vec<usize>,
    nodes: Vec<u64>,
    finished: Vec<bool>,
    so_far: u64,
    on_progress: F,
}

impl<F: FnMut(&RootProgress) -> ControlFlow<()>> Tally<F> {
    /// Adds a subtree's count; reports its root move once all are in.
    fn add(&mut self, root: usize, n: u64) -> ControlFlow<()> {
        self.nodes[root] += n;
        self.pending[root] -= 1;
        if self.pending[root] > 0 {
            return ControlFlow::Continue(());
        }
        self.finished[root] = true;
        self.so_far += self.nodes[root];
        (self.on_progress)(&RootProgress {
            index: root,
            total: self.roots.len(),
            mv: self.roots[root],
            nodes: self.nodes[root],
            nodes_so_far: self.so_far,
        })
    }

    fn rows(&self) -> Vec<(Move, u64)> {
        (0..self.roots.len())
            .filter(|&i| self.finished[i])
            .map(|i| (self.roots[i], self.nodes[i]))
            .collect()
    }
}

/// The count proper: threads take subtrees from one queue and poll `stop`.
fn run<F>(
    pos: &Position,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    on_progress: F,
) -> Result<Vec<(Move, u64)>, Cancelled>
where
    F: FnMut(&RootProgress) -> ControlFlow<()>,
{
    if depth == 0 {
        return Ok(Vec::new());
    }
    let threads = threads.max(1);
    let (roots, tasks) = split(pos, depth, threads);
    let mut tally = Tally {
        pending: vec![1; roots.len()],
        nodes: vec![0; roots.len()],
        finished: vec![false; roots.len()],
        roots,
        so_far: 0,
        on_progress,
    };
    for t in &tasks {
        tally.pending[t.root] += 1;
    }
    // the extra 1 per root: a root whose lines all end early has no subtree
    let mut flow = ControlFlow::Continue(());
    for root in 0..tally.roots.len() {
        if flow.is_continue() {
            flow = tally.add(root, 0);
        }
    }
    if flow.is_break() {
        stop.store(true, Ordering::Relaxed);
    }
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, u64)>();
        for _ in 0..threads.min(tasks.len()) {
            let tx = tx.clone();
            let (tasks, next) = (&tasks, &next);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(t) = tasks.get(i).filter(|_| !stop.load(Ordering::Relaxed)) else {
                    break;
                };
                let Some(n) = perft_cancellable(&t.pos, t.depth, stop) else {
                    break;
                };
                if tx.send((t.root, n)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (root, n) in rx {
            if stop.load(Ordering::Relaxed) {
                continue;
            }
            if tally.add(root, n).is_break() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    let rows = tally.rows();
    if rows.len() < tally.roots.len() {
        return Err(Cancelled { partial: rows });
    }
    Ok(rows)
}

/// [`perft`](super::perft::perft) on `threads` threads.
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    match divide_parallel(pos, depth, threads, |_| ControlFlow::Continue(())) {
        Ok(rows) | Err(Cancelled { partial: rows }) => rows.iter().map(|r| r.1).sum(),
    }
}

/// [`perft_cancellable`] on `threads` threads: `None` soon after `stop`
/// becomes `true`.
pub fn perft_parallel_cancellable(
    pos: &Position,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let rows = run(pos, depth, threads, stop, |_| ControlFlow::Continue(())).ok()?;
    Some(rows.iter().map(|r| r.1).sum())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::perft::{divide, perft};

    #[test]
    fn threads_agree_with_one() {
        let kiwipete =
            Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
                .unwrap();
        for threads in [1, 2, 3, 8] {
            for depth in 0..=4 {
                assert_eq!(
                    perft_parallel(&kiwipete, depth, threads),
                    perft(&kiwipete, depth)
                );
            }
            let rows = divide_parallel(&kiwipete, 3, threads, |_| ControlFlow::Continue(()));
            assert_eq!(rows.unwrap(), divide(&kiwipete, 3));
        }
        // a root with one legal move splits deeper
        let one = Position::from_fen("8/8/8/8/8/8/1r6/K6k w - - 0 1").unwrap();
        assert_eq!(perft_parallel(&one, 5, 2), perft(&one, 5));
    }

    #[test]
    fn cancel_stops_every_thread() {
        let pos = Position::startpos();
        let mut calls = 0;
        let r = divide_parallel(&pos, 5, 2, |p| {
            calls += 1;
            assert!(p.index < p.total);
            ControlFlow::Break(())
        });
        assert_eq!(calls, 1);
        assert_eq!(r.unwrap_err().partial.len(), 1);
        let stop = AtomicBool::new(true);
        assert_eq!(perft_parallel_cancellable(&pos, 6, 2, &stop), None);
    }
}
