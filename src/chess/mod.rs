//! Chess core: compact 5-bitboard position, FEN, attacks, legal move
//! generation and perft (CPU side of the GPU perft panel).
//!
//! Modules, bottom up:
//!
//! * [`square`]: `Square` (a1 = 0 .. h8 = 63);
//! * [`bitboard`]: masks, iteration and 8x8 diagrams of `u64` sets;
//! * [`attacks`] (+ [`magics`]): leaper tables, magic-bitboard slider attacks,
//!   between/line rays;
//! * [`position`]: `Position` (5 bitboards + king squares + flags, 48 bytes),
//!   its 11-word GPU packing, the packed `Move` and make/unmake;
//! * [`fen`]: FEN parsing/formatting with typed errors, `Setup` (position + clocks);
//! * [`movegen`]: legal move generation (pin and check masks) and counting;
//! * [`mod@perft`]: perft with bulk counting, divide, progress and cancellation;
//! * `parallel` (native): the same perft split over threads.
//!
//! Typical use (no doctest: these files are copied into other crates):
//!
//! ```text
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")?;
//! assert_eq!(perft(&pos, 2), 2039);
//! for (mv, nodes) in divide(&pos, 2) { println!("{mv}: {nodes}"); }
//! ```

pub mod attacks;
pub mod bitboard;
pub mod fen;
pub mod magics;
pub mod movegen;
#[cfg(not(target_arch = "wasm32"))]
pub mod parallel;
pub mod perft;
pub mod position;
pub mod square;
#[cfg(not(target_arch = "wasm32"))]
pub mod stockfish;

pub use bitboard::Bitboard;
pub use fen::{FenError, Setup};
pub use movegen::{count_legal_moves, legal_moves, MoveList, MAX_MOVES};
pub use perft::{
    divide, divide_uci, divide_with, perft, perft_cancellable, Cancelled, RootProgress,
};
pub use position::{
    layout_costs, Color, DerivedSet, LayoutCost, Move, Piece, PieceKind, Position,
    SharedMemoryBudget, Special, GPU_FIELDS, GPU_WORDS, MOVE_FIELDS,
};
pub use square::{Square, SquareError};

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
