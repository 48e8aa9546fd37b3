//! Chess core: compact 5-bitboard position, FEN, attacks, legal move
//! generation and perft (the CPU side of the GPU perft panel).
//!
//! Modules, leaf first; each uses only those above it (and `bits`' shared
//! leaves [`crate::bits::square`] and [`crate::bits::piece`], re-exported
//! here as [`Square`], [`Color`], [`PieceKind`], [`Piece`]):
//!
//! * [`bitboard`]: masks, iteration and 8x8 diagrams of `u64` sets;
//! * [`rays`]: the ray walk `slide` and the rook / bishop directions;
//! * [`magics`]: magic-bitboard slider attacks, built from the ray walk;
//! * [`magic_lab`]: one square's magic stepped, checked, found and exported;
//! * [`attacks`]: leaper tables, slider attacks, between / line rays;
//! * [`moves`]: the [`Move`] word (one `u32` with its own undo record, the
//!   GPU kernel's format too) and the castling-rights bits;
//! * [`position`]: `Position` (5 bitboards + king squares + flags, 48 bytes),
//!   its piece sets, attackers and make / unmake;
//! * [`fen`]: FEN parsing / formatting with typed errors, `Setup` (position +
//!   clocks), validation, and `Position`'s `Display` / serde;
//! * [`movegen`]: legal move generation (pin and check masks) and counting;
//! * [`mod@perft`]: perft with bulk counting, divide, progress and cancellation;
//! * `parallel` (native): the same perft split over threads;
//! * [`suite`]: perft suites in EPD (`FEN ;D1 20 ;D2 400`), read and run;
//! * [`compare`]: our divide against another engine's, and the next step.
//!
//! `chess` never imports `gpu` or `ui`; the GPU's packed position lives in
//! `gpu::layout`, which reads a `Position` through its accessors.
//!
//! ```
//! use bitscope::chess::{divide, perft, Position};
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")?;
//! assert_eq!(perft(&pos, 2), 2039);
//! let moves = divide(&pos, 2);
//! assert_eq!(moves.len(), 48);
//! assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), 2039);
//! # Ok::<(), bitscope::chess::FenError>(())
//! ```

pub mod attacks;
pub mod bitboard;
pub mod compare;
pub mod fen;
pub mod magic_lab;
pub mod magics;
pub mod material;
pub mod movegen;
pub mod moves;
#[cfg(not(target_arch = "wasm32"))]
pub mod parallel;
pub mod perft;
mod pext;
pub mod position;
pub mod rays;
#[cfg(not(target_arch = "wasm32"))]
pub mod stockfish;
pub mod suite;
pub mod teach;

pub use crate::bits::piece::{Color, Piece, PieceKind};
pub use crate::bits::square::{Square, SquareError};
pub use bitboard::Bitboard;
pub use fen::{FenError, Setup};
pub use movegen::{count_legal_moves, legal_moves, MoveList, MAX_MOVES};
pub use moves::{castling_string, Move, Special, MOVE_FIELDS};
pub use perft::{
    divide, divide_uci, divide_with, perft, perft_cancellable, Cancelled, RootProgress,
};
pub use position::{DerivedSet, Position};

/// The Chess Programming Wiki's perft positions, by name (start position,
/// Kiwipete, positions 3-6), shared by the UI presets, the benchmarks and
/// the GPU tests.
pub const CPW_POSITIONS: [(&str, &str); 6] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
];
