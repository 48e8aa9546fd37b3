//! FEN parsing and formatting with typed errors.
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
//! |________________________________________| | |    |  | |
//!   board: rank 8 first, a-file first        | |    |  | fullmove number
//!                                 side to move |    |  halfmove clock
//!                                       castling    en-passant target square
//! ```
//!
//! The last two fields may be omitted (as in many EPD / CPW test positions);
//! they then default to `0 1`. [`Setup`] keeps the clocks for an exact round
//! trip; [`Position::from_fen`] drops them and [`Position::to_fen`] writes `0 1`.
//!
//! Parsing never panics; every rejection is a [`FenError`] that names the
//! field and says why.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::bitboard::{RANK_1, RANK_8};
use super::moves::{
    castling_string, Move, BLACK_KINGSIDE, BLACK_QUEENSIDE, CASTLING_LETTERS, EP_VALID,
    WHITE_KINGSIDE, WHITE_QUEENSIDE,
};
use super::position::Position;
use crate::bits::piece::{Color, Piece, PieceKind};
use crate::bits::square::Square;

/// Why a FEN string (or a packed position) was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not 4, 5 or 6 space-separated fields.
    #[error("expected 6 space-separated fields (board, side, castling, en passant, halfmove, fullmove; the last two may be omitted), found {found}")]
    WrongFieldCount {
        /// Number of fields found.
        found: usize,
    },
    /// The board field does not have 8 ranks.
    #[error("board: expected 8 ranks separated by '/', found {found}")]
    WrongRankCount {
        /// Number of ranks found.
        found: usize,
    },
    /// A character in the board field that is neither a piece letter nor a digit 1-8.
    #[error("board: rank {rank} has '{ch}', which is not a piece letter (PNBRQK / pnbrqk) or a digit 1-8")]
    BadPieceChar {
        /// The offending character.
        ch: char,
        /// Rank number, 1..=8.
        rank: u8,
    },
    /// A rank describes more than 8 squares.
    #[error("board: rank {rank} describes more than 8 squares")]
    RankTooLong {
        /// Rank number, 1..=8.
        rank: u8,
    },
    /// A rank describes fewer than 8 squares.
    #[error("board: rank {rank} describes only {squares} of 8 squares")]
    RankTooShort {
        /// Rank number, 1..=8.
        rank: u8,
        /// Squares described.
        squares: u8,
    },
    /// A color has no king.
    #[error("board: {color} has no king")]
    MissingKing {
        /// Color without king.
        color: Color,
    },
    /// A color has more than one king.
    #[error("board: {color} has {count} kings (exactly one is needed)")]
    TooManyKings {
        /// Color with several kings.
        color: Color,
        /// How many.
        count: u32,
    },
    /// A pawn stands on rank 1 or rank 8.
    #[error("board: pawn on {square}; pawns can never stand on the first or last rank")]
    PawnOnBackRank {
        /// Where.
        square: Square,
    },
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move: expected 'w' or 'b', found '{found}'")]
    BadSideToMove {
        /// The field.
        found: String,
    },
    /// A castling letter other than `KQkq` (or `-` alone).
    #[error("castling: '{ch}' is not one of K, Q, k, q (or '-' for none)")]
    BadCastlingChar {
        /// The offending character.
        ch: char,
    },
    /// A castling letter appears twice.
    #[error("castling: '{ch}' appears twice")]
    DuplicateCastling {
        /// The repeated letter.
        ch: char,
    },
    /// A castling right whose king is not on its home square.
    #[error("castling: right '{right}' needs the {color} king on {square}")]
    CastlingWithoutKing {
        /// The right's letter.
        right: char,
        /// Whose king.
        color: Color,
        /// Its home square.
        square: Square,
    },
    /// A castling right whose rook is not on its home square.
    #[error("castling: right '{right}' needs a {color} rook on {square}")]
    CastlingWithoutRook {
        /// The right's letter.
        right: char,
        /// Whose rook.
        color: Color,
        /// Its home square.
        square: Square,
    },
    /// The en-passant field is not `-` or a square name.
    #[error("en passant: '{found}' is not a square (like e3) or '-'")]
    BadEnPassant {
        /// The field.
        found: String,
    },
    /// The en-passant square is on the wrong rank for the side to move.
    #[error("en passant: {square} is on the wrong rank; with {side} to move it must be on rank {expected}")]
    EnPassantWrongRank {
        /// The square.
        square: Square,
        /// Side to move.
        side: Color,
        /// The rank it must be on (3 or 6).
        expected: u8,
    },
    /// No pawn could just have double-pushed past the en-passant square.
    #[error("en passant: {square} is impossible: {reason}")]
    ImpossibleEnPassant {
        /// The square.
        square: Square,
        /// What is wrong.
        reason: &'static str,
    },
    /// The halfmove clock is not a number.
    #[error("halfmove clock: '{found}' is not a non-negative integer")]
    BadHalfmove {
        /// The field.
        found: String,
    },
    /// The fullmove number is not a positive number.
    #[error("fullmove number: '{found}' is not a positive integer")]
    BadFullmove {
        /// The field.
        found: String,
    },
    /// The side that is not to move is in check (its king could be captured).
    #[error("position: {color} is not to move but is in check")]
    OppositeCheck {
        /// The side in check.
        color: Color,
    },
    /// The bitboards of a packed position contradict each other.
    #[error("position: inconsistent bitboards: {reason}")]
    Inconsistent {
        /// What overlaps.
        reason: &'static str,
    },
}

/// A position with its move counters, for exact FEN round trips.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The position.
    pub position: Position,
    /// Halfmoves since the last capture or pawn move (FEN field 5).
    pub halfmove_clock: u32,
    /// Move number, starting at 1, incremented after black moves (FEN field 6).
    pub fullmove_number: u32,
}

impl Setup {
    /// Parses a FEN; the clocks default to `0 1` when missing.
    ///
    /// # Errors
    /// A [`FenError`] naming the first problem found.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::WrongFieldCount {
                found: fields.len(),
            });
        }
        let mut pos = parse_board(fields[0])?;
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(FenError::BadSideToMove {
                    found: other.to_string(),
                })
            }
        };
        pos.set_side(side);
        pos.set_castling(parse_castling(fields[2])?);
        pos.set_ep_bits(parse_ep(fields[3], side)?);
        let halfmove_clock = match fields.get(4) {
            None => 0,
            Some(s) => parse_number(s).ok_or_else(|| FenError::BadHalfmove {
                found: s.to_string(),
            })?,
        };
        let fullmove_number = match fields.get(5) {
            None => 1,
            Some(s) => {
                parse_number(s)
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| FenError::BadFullmove {
                        found: s.to_string(),
                    })?
            }
        };
        pos.validate()?;
        Ok(Setup {
            position: pos,
            halfmove_clock,
            fullmove_number,
        })
    }

    /// Plays a legal move, updating the clocks: the halfmove clock resets on
    /// pawn moves and captures, the fullmove number grows after black's move.
    #[must_use]
    pub fn play(&self, m: Move) -> Setup {
        let resets = m.piece() == Some(PieceKind::Pawn) || m.is_capture();
        Setup {
            position: self.position.play(m),
            halfmove_clock: if resets {
                0
            } else {
                self.halfmove_clock.saturating_add(1)
            },
            fullmove_number: self
                .fullmove_number
                .saturating_add(u32::from(self.position.side_to_move() == Color::Black)),
        }
    }

    /// Formats all six FEN fields.
    pub fn to_fen(&self) -> String {
        let p = &self.position;
        let mut s = board_fen(p);
        s.push(' ');
        s.push(if p.side_to_move() == Color::White {
            'w'
        } else {
            'b'
        });
        s.push(' ');
        s.push_str(&castling_string(p.castling_rights()));
        s.push(' ');
        match p.ep_square() {
            Some(sq) => s.push_str(&sq.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(
            " {} {}",
            self.halfmove_clock, self.fullmove_number
        ));
        s
    }
}

/// Digits only (no sign, no spaces), fits in `u32`.
fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse_board(board: &str) -> Result<Position, FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::WrongRankCount { found: ranks.len() });
    }
    let mut pieces: Vec<(Square, Piece)> = Vec::with_capacity(32);
    let mut kings = [Vec::new(), Vec::new()];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8; // 0-based
        let rank_no = rank + 1;
        let mut file: u8 = 0;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
                if file > 8 {
                    return Err(FenError::RankTooLong { rank: rank_no });
                }
                continue;
            }
            let piece =
                Piece::from_fen_char(ch).ok_or(FenError::BadPieceChar { ch, rank: rank_no })?;
            let sq =
                Square::from_coords(file, rank).ok_or(FenError::RankTooLong { rank: rank_no })?;
            if piece.kind == PieceKind::King {
                kings[piece.color.index()].push(sq);
            } else {
                pieces.push((sq, piece));
            }
            file += 1;
        }
        if file < 8 {
            return Err(FenError::RankTooShort {
                rank: rank_no,
                squares: file,
            });
        }
    }
    for color in [Color::White, Color::Black] {
        let k = &kings[color.index()];
        if k.is_empty() {
            return Err(FenError::MissingKing { color });
        }
        if k.len() > 1 {
            return Err(FenError::TooManyKings {
                color,
                count: k.len() as u32,
            });
        }
    }
    let mut pos = Position::kings_only(kings[0][0], kings[1][0]);
    for (sq, piece) in pieces {
        pos.put(sq, piece);
    }
    Ok(pos)
}

fn parse_castling(field: &str) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for ch in field.chars() {
        let (bit, _) = CASTLING_LETTERS
            .into_iter()
            .find(|&(_, c)| c == ch)
            .ok_or(FenError::BadCastlingChar { ch })?;
        if rights & bit != 0 {
            return Err(FenError::DuplicateCastling { ch });
        }
        rights |= bit;
    }
    Ok(rights)
}

fn parse_ep(field: &str, side: Color) -> Result<u8, FenError> {
    if field == "-" {
        return Ok(0);
    }
    let sq: Square = field.parse().map_err(|_| FenError::BadEnPassant {
        found: field.to_string(),
    })?;
    let expected = if side == Color::White { 6 } else { 3 };
    if sq.rank() + 1 != expected {
        return Err(FenError::EnPassantWrongRank {
            square: sq,
            side,
            expected,
        });
    }
    Ok(EP_VALID | sq.file())
}

fn board_fen(p: &Position) -> String {
    let mut s = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut empty = 0u8;
        for file in 0..8u8 {
            match Square::from_coords(file, rank).and_then(|sq| p.piece_at(sq)) {
                Some(piece) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(piece.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

impl Position {
    /// Parses a FEN (4 to 6 fields); the move counters are checked, then dropped.
    ///
    /// # Errors
    /// A [`FenError`] naming the field and the problem.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Setup::from_fen(fen).map(|s| s.position)
    }

    /// Formats a FEN with move counters `0 1` (use [`Setup`] to keep real ones).
    pub fn to_fen(&self) -> String {
        Setup {
            position: *self,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
        .to_fen()
    }

    /// Checks that the position could occur in a game as far as this crate
    /// cares: consistent bitboards, no pawn on rank 1/8, castling rights
    /// backed by king and rook on their home squares, a plausible en-passant
    /// file, and the side not to move not in check.
    ///
    /// # Errors
    /// The first problem found, as a [`FenError`].
    pub fn validate(&self) -> Result<(), FenError> {
        self.validate_sets()?;
        self.validate_castling()?;
        self.validate_en_passant()?;
        let other = self.side.other();
        if self.attackers(self.king_square(other), self.side, self.occupied()) != 0 {
            return Err(FenError::OppositeCheck { color: other });
        }
        Ok(())
    }

    /// The piece sets: disjoint, one king each, `w` within the pieces, no
    /// pawn on the first or last rank.
    fn validate_sets(&self) -> Result<(), FenError> {
        let occ_no_kings = self.pawns | self.knights | self.bishops | self.rooks;
        if self.pawns & (self.knights | self.bishops | self.rooks) != 0 {
            return Err(FenError::Inconsistent {
                reason: "a pawn square is also in N, B or R",
            });
        }
        if self.knights & (self.bishops | self.rooks) != 0 {
            return Err(FenError::Inconsistent {
                reason: "a knight square is also in B or R",
            });
        }
        let wk = self.king_square(Color::White);
        let bk = self.king_square(Color::Black);
        if wk == bk {
            return Err(FenError::Inconsistent {
                reason: "both kings on one square",
            });
        }
        if occ_no_kings & (wk.bit() | bk.bit()) != 0 {
            return Err(FenError::Inconsistent {
                reason: "a king shares its square with another piece",
            });
        }
        if self.white & !self.occupied() != 0 {
            return Err(FenError::Inconsistent {
                reason: "w has a bit on an empty square",
            });
        }
        if self.white & wk.bit() == 0 || self.white & bk.bit() != 0 {
            return Err(FenError::Inconsistent {
                reason: "w must contain the white king and not the black one",
            });
        }
        if let Some(square) = super::bitboard::SquareIter(self.pawns & (RANK_1 | RANK_8)).next() {
            return Err(FenError::PawnOnBackRank { square });
        }
        Ok(())
    }

    /// Each castling right has its king and rook on their squares.
    fn validate_castling(&self) -> Result<(), FenError> {
        for (bit, right, color, king, rook) in [
            (WHITE_KINGSIDE, 'K', Color::White, Square::E1, Square::H1),
            (WHITE_QUEENSIDE, 'Q', Color::White, Square::E1, Square::A1),
            (BLACK_KINGSIDE, 'k', Color::Black, Square::E8, Square::H8),
            (BLACK_QUEENSIDE, 'q', Color::Black, Square::E8, Square::A8),
        ] {
            if self.castling & bit == 0 {
                continue;
            }
            if self.king_square(color) != king {
                return Err(FenError::CastlingWithoutKing {
                    right,
                    color,
                    square: king,
                });
            }
            if self.piece_set(color, PieceKind::Rook) & rook.bit() == 0 {
                return Err(FenError::CastlingWithoutRook {
                    right,
                    color,
                    square: rook,
                });
            }
        }
        Ok(())
    }

    /// An en-passant square behind a pawn that has just moved two squares.
    fn validate_en_passant(&self) -> Result<(), FenError> {
        if let Some(sq) = self.ep_square() {
            // With white to move the ep square is on rank 6, the black pawn
            // that double-pushed is on rank 5 and came from rank 7.
            let (pawn_sq, origin) = if self.side == Color::White {
                (sq.index() - 8, sq.index() + 8)
            } else {
                (sq.index() + 8, sq.index() - 8)
            };
            let mover = self.side.other();
            if self.piece_set(mover, PieceKind::Pawn) & (1u64 << pawn_sq) == 0 {
                return Err(FenError::ImpossibleEnPassant {
                    square: sq,
                    reason: "no pawn of the side that just moved stands in front of it",
                });
            }
            if self.occupied() & ((1u64 << origin) | sq.bit()) != 0 {
                return Err(FenError::ImpossibleEnPassant {
                    square: sq,
                    reason: "the square or the pawn's start square is occupied",
                });
            }
        }
        Ok(())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl From<Position> for Setup {
    fn from(position: Position) -> Setup {
        Setup {
            position,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

/// Board diagram: rank 8 on top, FEN letters, `.` for empty squares.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8u8 {
                let c = Square::from_coords(file, rank)
                    .and_then(|s| self.piece_at(s))
                    .map_or('.', Piece::fen_char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h")?;
        write!(f, "{}", self.to_fen())
    }
}

/// FEN text in and out for both types: `FromStr`, and serde as a FEN string.
macro_rules! fen_text {
    ($($t:ty),*) => {$(
        impl FromStr for $t {
            type Err = FenError;
            fn from_str(s: &str) -> Result<$t, FenError> {
                <$t>::from_fen(s)
            }
        }

        impl Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.to_fen())
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let s = String::deserialize(d)?;
                <$t>::from_fen(&s).map_err(serde::de::Error::custom)
            }
        }
    )*};
}

fen_text!(Setup, Position);

// proptest is a native-only dev-dependency
// proptest is a native-only dev-dependency in the main crate
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "fen_tests.rs"]
mod tests;
