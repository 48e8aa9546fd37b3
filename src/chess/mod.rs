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
//! * [`mod@perft`]: perft with bulk counting, divide, progress and cancellation.
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
pub mod perft;
pub mod position;
pub mod square;

pub use bitboard::Bitboard;
pub use fen::{FenError, Setup};
pub use movegen::{count_legal_moves, legal_moves, MoveList, MAX_MOVES};
pub use perft::{
    divide, divide_uci, divide_with, perft, perft_cancellable, Cancelled, RootProgress,
};
pub use position::{
    Color, DerivedSet, Move, Piece, PieceKind, Position, Special, GPU_FIELDS, GPU_WORDS,
    MOVE_FIELDS,
};
pub use square::{Square, SquareError};
