//! The magic-bitboard lab: one square's magic taken apart, checked, found
//! and exported. The fast tables live in [`super::magics`]; this module
//! reuses their masks, built-in numbers and the ray walk
//! ([`super::rays::slide`]) and shows the hash on any magic and any number of
//! index bits.
//!
//! It is the same multiply-and-keep-the-top-bits hash as the de Bruijn bit
//! scan (`bits::debruijn`), on a different key set: the subsets of the
//! relevant-blocker mask instead of the powers of two.
//!
//! ```text
//! key    = occ & mask                       the relevant blockers
//! index  = (key * magic) >> (64 - bits)     the top `bits` bits of the product
//! attack = table[index]                     filled once, from the ray walk
//! ```
//!
//! A magic is valid for `bits` when two keys that land on one index always
//! have the same attack set (a *harmless* collision); two different sets on
//! one index *break* it.
//!
//! ```
//! use bitscope::chess::magic_lab::{builtin_magic, check, SliderPiece};
//! use bitscope::chess::Square;
//! let magic = builtin_magic(SliderPiece::Rook, Square::D4);
//! let report = check(SliderPiece::Rook, Square::D4, magic, 10)?;
//! assert!(report.valid);
//! assert!(!check(SliderPiece::Rook, Square::D4, 1, 10)?.valid);
//! # Ok::<(), bitscope::chess::magic_lab::MagicError>(())
//! ```

mod export;
mod find;
pub mod table;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
mod trace;

pub use export::{export, export_table, Lang};
pub use find::{find, find_squares, Found, Rng, SquareFound, DEFAULT_MAX_ATTEMPTS};
pub use trace::lookup_trace;

use super::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use super::rays::{relevant_mask, slide, BISHOP_DIRS, ROOK_DIRS};
use crate::bits::nibble_board::{NibbleBoard, NibbleError};
use crate::bits::square::{Square, SquareError};
use crate::bits::word::{parse_number, NumberError};
use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The two sliders with a magic table of their own (a queen uses both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliderPiece {
    Rook,
    Bishop,
}

impl SliderPiece {
    pub const ALL: [SliderPiece; 2] = [SliderPiece::Rook, SliderPiece::Bishop];

    /// `"rook"` or `"bishop"`: the CLI's `--piece` and the URL's `piece`.
    pub fn name(self) -> &'static str {
        match self {
            SliderPiece::Rook => "rook",
            SliderPiece::Bishop => "bishop",
        }
    }

    /// The four directions the piece slides along.
    pub fn dirs(self) -> &'static [(i32, i32); 4] {
        match self {
            SliderPiece::Rook => &ROOK_DIRS,
            SliderPiece::Bishop => &BISHOP_DIRS,
        }
    }
}

impl fmt::Display for SliderPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SliderPiece {
    type Err = MagicError;
    fn from_str(s: &str) -> Result<SliderPiece, MagicError> {
        SliderPiece::ALL
            .into_iter()
            .find(|p| p.name() == s.trim())
            .ok_or_else(|| MagicError::BadPiece(s.to_string()))
    }
}

/// Why a magic-bitboard request was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MagicError {
    #[error("'{0}' is not a slider (expected rook or bishop)")]
    BadPiece(String),
    #[error(transparent)]
    Square(#[from] SquareError),
    #[error("magic {text:?}: {source}")]
    BadMagic { text: String, source: NumberError },
    #[error("bits {text:?}: not a number of index bits")]
    BadBitsText { text: String },
    #[error("{bits} index bits for a {piece} on {square}: expected 1..={MAX_BITS} (its mask has {usual} squares; more bits than that is allowed)")]
    BadBits {
        bits: u32,
        piece: SliderPiece,
        square: Square,
        usual: u32,
    },
    #[error("occupancy {text:?}: {source}")]
    BadOccupancy { text: String, source: NumberError },
    #[error("FEN: {0}")]
    Fen(#[from] NibbleError),
    #[error("'{0}' is not a language to export to (expected rust or c)")]
    BadLang(String),
    #[error("no magic found in {0} attempts")]
    NotFound(u64),
    #[error("cancelled after {0} attempts")]
    Cancelled(u64),
}

/// Reads a square name like `d4`.
pub fn parse_square(text: &str) -> Result<Square, MagicError> {
    Ok(text.trim().parse::<Square>()?)
}

/// Reads a 64-bit magic (`0x..`, `0b..` or decimal).
pub fn parse_magic(text: &str) -> Result<u64, MagicError> {
    parse_number(text, 64).map_err(|source| MagicError::BadMagic {
        text: text.trim().to_string(),
        source,
    })
}

/// Reads a 64-bit occupancy (`0x..`, `0b..` or decimal; a1 = bit 0).
pub fn parse_occupancy(text: &str) -> Result<u64, MagicError> {
    parse_number(text, 64).map_err(|source| MagicError::BadOccupancy {
        text: text.trim().to_string(),
        source,
    })
}

/// Reads a number of index bits (`1..=`[`MAX_BITS`]).
pub fn parse_bits(piece: SliderPiece, square: Square, text: &str) -> Result<u32, MagicError> {
    let bits = text
        .trim()
        .parse::<u32>()
        .map_err(|_| MagicError::BadBitsText {
            text: text.trim().to_string(),
        })?;
    check_bits(piece, square, bits)
}

/// The occupied squares of a FEN's piece placement (the other fields, if
/// any, are ignored).
pub fn occupancy_from_fen(fen: &str) -> Result<u64, MagicError> {
    Ok(NibbleBoard::from_fen(fen.trim())?.occupancy())
}

/// The relevant blockers of `piece` on `square`: its empty-board rays
/// without the board edge.
pub fn mask(piece: SliderPiece, square: Square) -> u64 {
    relevant_mask(square.index() as u32, piece.dirs())
}

/// The usual number of index bits: one per square of the mask.
pub fn usual_bits(piece: SliderPiece, square: Square) -> u32 {
    mask(piece, square).count_ones()
}

/// The most index bits a magic may use: a table of 2^20 entries (8 MiB of
/// `u64` for one square). Engines use more bits than the mask has squares
/// (fixed-shift tables, or a larger index that made the search easier):
/// any count from 1 to this is accepted.
pub const MAX_BITS: u32 = 20;

/// `bits` if it is in `1..=`[`MAX_BITS`] (fewer bits than the mask's
/// squares need luck in the search; more are always allowed).
pub fn check_bits(piece: SliderPiece, square: Square, bits: u32) -> Result<u32, MagicError> {
    if (1..=MAX_BITS).contains(&bits) {
        Ok(bits)
    } else {
        Err(MagicError::BadBits {
            bits,
            piece,
            square,
            usual: usual_bits(piece, square),
        })
    }
}

/// The magic the engine's own tables use (for `usual_bits`).
pub fn builtin_magic(piece: SliderPiece, square: Square) -> u64 {
    match piece {
        SliderPiece::Rook => ROOK_MAGICS[square.index()].magic,
        SliderPiece::Bishop => BISHOP_MAGICS[square.index()].magic,
    }
}

/// The reference: the attack set by walking the rays.
pub fn ray_walk(piece: SliderPiece, square: Square, occupancy: u64) -> u64 {
    slide(square.index() as u32, occupancy, piece.dirs())
}

/// The hash: the top `bits` bits of `key * magic` (wrapping).
#[inline(always)]
pub fn index_of(key: u64, magic: u64, bits: u32) -> usize {
    (key.wrapping_mul(magic) >> (64 - bits)) as usize
}

/// Every subset of `mask`, 0 first (the carry-rippler: `(s - mask) & mask`).
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let s = next?;
        let n = s.wrapping_sub(mask) & mask;
        next = (n != 0).then_some(n);
        Some(s)
    })
}

/// One magic's table for one square: each index holds the attack set of the
/// first key (in carry-rippler order) that lands on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub piece: SliderPiece,
    pub square: Square,
    pub mask: u64,
    pub magic: u64,
    pub bits: u32,
    /// `(first key, its attack set)` per index; `None` where no key lands.
    pub entries: Vec<Option<(u64, u64)>>,
    /// Breaking collisions met while filling it.
    pub breaking: usize,
}

impl Table {
    /// Fills the table of `magic` with `bits` index bits, which
    /// [`check_bits`] has checked (the first key on an index keeps it).
    fn fill(piece: SliderPiece, square: Square, magic: u64, bits: u32) -> Table {
        let m = mask(piece, square);
        let mut entries = vec![None; 1usize << bits];
        let mut breaking = 0;
        for key in subsets(m) {
            let attack = ray_walk(piece, square, key);
            let i = index_of(key, magic, bits);
            match entries[i] {
                None => entries[i] = Some((key, attack)),
                Some((_, seen)) => breaking += usize::from(seen != attack),
            }
        }
        Table {
            piece,
            square,
            mask: m,
            magic,
            bits,
            entries,
            breaking,
        }
    }

    /// The index a key lands on.
    pub fn index(&self, occupancy: u64) -> usize {
        index_of(occupancy & self.mask, self.magic, self.bits)
    }

    /// The table's answer for an occupancy (0 where the index is empty,
    /// which a full enumeration never leaves for a used key).
    pub fn attacks(&self, occupancy: u64) -> u64 {
        self.entries[self.index(occupancy)].map_or(0, |e| e.1)
    }
}

/// Two keys on one index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Collision {
    pub index: u64,
    /// The key that filled the index first, and the one that met it.
    #[serde(serialize_with = "hex_pair")]
    pub occupancies: [u64; 2],
    /// Both keys have the same attack set: the table still answers right.
    pub harmless: bool,
}

fn hex_pair<S: Serializer>(v: &[u64; 2], s: S) -> Result<S::Ok, S::Error> {
    [format!("0x{:016x}", v[0]), format!("0x{:016x}", v[1])].serialize(s)
}

/// How many collisions a [`CheckReport`] lists (the first ones met); the
/// totals count them all.
pub const LISTED_COLLISIONS: usize = 16;

/// What [`check`] finds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// No breaking collision.
    pub valid: bool,
    pub bits: u32,
    /// The first [`LISTED_COLLISIONS`] collisions, in the order the keys
    /// were tried (a rook's bad magic has thousands).
    pub collisions: Vec<Collision>,
    /// The first breaking collision (also when it is not among the listed).
    pub first_breaking: Option<Collision>,
    pub harmless: usize,
    pub breaking: usize,
    /// Indices in use, of `2^bits`.
    pub used: usize,
}

/// Checks `magic` with `bits` index bits for `piece` on `square`: hashes
/// every subset of the mask and counts the collisions, listing the first
/// few. Cheap at any bit count: it keeps one small slot per index, not the
/// attack table itself.
pub fn check(
    piece: SliderPiece,
    square: Square,
    magic: u64,
    bits: u32,
) -> Result<CheckReport, MagicError> {
    let bits = check_bits(piece, square, bits)?;
    let m = mask(piece, square);
    // slot[i]: 1 + the ordinal of the first key on index i (0: empty); a
    // mask has at most 12 squares, so at most 4096 keys fit in a u16
    let mut slot = vec![0u16; 1usize << bits];
    let mut attacks = Vec::with_capacity(1 << m.count_ones());
    let mut keys = Vec::with_capacity(1 << m.count_ones());
    let mut report = CheckReport {
        valid: true,
        bits,
        collisions: Vec::new(),
        first_breaking: None,
        harmless: 0,
        breaking: 0,
        used: 0,
    };
    for key in subsets(m) {
        let attack = ray_walk(piece, square, key);
        let i = index_of(key, magic, bits);
        match slot[i] {
            0 => {
                keys.push(key);
                attacks.push(attack);
                slot[i] = keys.len() as u16;
                report.used += 1;
            }
            first => {
                let first = usize::from(first) - 1;
                let harmless = attacks[first] == attack;
                let c = Collision {
                    index: i as u64,
                    occupancies: [keys[first], key],
                    harmless,
                };
                if harmless {
                    report.harmless += 1;
                } else {
                    report.breaking += 1;
                    if report.first_breaking.is_none() {
                        report.first_breaking = Some(c.clone());
                    }
                }
                if report.collisions.len() < LISTED_COLLISIONS {
                    report.collisions.push(c);
                }
            }
        }
    }
    report.valid = report.breaking == 0;
    Ok(report)
}
