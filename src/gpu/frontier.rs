//! The CPU's part of every GPU perft, shared by the depth-first and the
//! breadth-first hosts: how a run goes ([`Job`]), the root checked, the
//! tree split to a frontier of positions `split` plies below it (generated
//! lazily, in the CPU's move order, and taken in chunks by both hosts), and
//! the automatic split depth.

use super::packed::{check_packed, pack, Packed};
use super::{GpuError, Options};
use crate::chess::{Move, Position};

/// How a run goes: its depth, its options, and the callback that hears
/// of its progress (`progress(done, total)`; `false` cancels the run).
pub(super) struct Job<'a> {
    pub depth: u32,
    pub options: &'a Options,
    pub progress: &'a mut dyn FnMut(u64, u64) -> bool,
}

impl<'a> Job<'a> {
    pub fn new(
        depth: u32,
        options: &'a Options,
        progress: &'a mut dyn FnMut(u64, u64) -> bool,
    ) -> Job<'a> {
        Job {
            depth,
            options,
            progress,
        }
    }
}

/// Typical branching factor, to estimate work per frontier position.
pub(super) const BRANCHING: f64 = 30.0;
/// Deepest subtree the automatic split hands one depth-first invocation.
const AUTO_MAX_GPU_DEPTH: u32 = 3;

pub(super) fn parse_fen(fen: &str) -> Result<Position, GpuError> {
    Position::from_fen(fen).map_err(|e| GpuError::BadPosition(e.to_string()))
}

pub(super) fn check_root(root: &Position) -> Result<(), GpuError> {
    check_packed(&pack(root)).map_err(GpuError::BadPosition)
}

pub(super) fn legal(pos: &Position) -> Vec<Move> {
    pos.legal_moves().as_slice().to_vec()
}

pub(super) fn child(pos: &Position, m: Move) -> Position {
    pos.play(m)
}

/// Positions (with multiplicity: paths, not unique positions) `split` plies
/// below `root`, depth-first in the CPU's move order, generated lazily.
pub(super) struct Frontier {
    root: Option<Position>,
    split: u32,
    stack: Vec<(Position, Vec<Move>, usize)>,
}

impl Frontier {
    pub(super) fn new(root: Position, split: u32) -> Frontier {
        Frontier {
            root: Some(root),
            split,
            stack: Vec::new(),
        }
    }
}

impl Iterator for Frontier {
    type Item = Packed;

    fn next(&mut self) -> Option<Packed> {
        if let Some(root) = self.root.take() {
            if self.split == 0 {
                return Some(pack(&root));
            }
            let moves = legal(&root);
            self.stack.push((root, moves, 0));
        }
        loop {
            let ply = self.stack.len() as u32;
            let (pos, moves, i) = self.stack.last_mut()?;
            if *i == moves.len() {
                self.stack.pop();
                continue;
            }
            let m = moves[*i];
            *i += 1;
            let c = child(pos, m);
            if ply == self.split {
                return Some(pack(&c));
            }
            let cm = legal(&c);
            self.stack.push((c, cm, 0));
        }
    }
}

/// Number of frontier positions `split` plies below `root` (CPU perft).
pub(super) fn frontier_size(root: &Position, split: u32) -> u64 {
    crate::chess::perft(root, split)
}

/// The split the automatic mode picks: at most 3 plies per invocation, then
/// one ply more on the CPU while the frontier has fewer than `min_frontier`
/// positions and the GPU keeps at least 2 plies.
pub fn auto_split(root: &Position, depth: u32, min_frontier: u64) -> u32 {
    if depth <= 1 {
        return 0;
    }
    let mut s = depth.saturating_sub(AUTO_MAX_GPU_DEPTH);
    while depth - s > 2 && frontier_size(root, s) < min_frontier {
        s += 1;
    }
    s
}

/// The branching of the CPU's last ply (the frontier over the one before),
/// or [`BRANCHING`] when it played none: what the GPU's plies likely hold.
/// A ratio, not the split-th root: `powf` added 1.4 KB of gzip to the page.
pub(super) fn branching_of(root: &Position, frontier: u64, split: u32) -> f64 {
    if split == 0 || frontier == 0 {
        return BRANCHING;
    }
    let before = frontier_size(root, split - 1).max(1);
    (frontier as f64 / before as f64).clamp(2.0, 60.0)
}
