//! Colors, piece kinds and pieces: their codes and letters, the leaf every
//! layer shares (the nibble board, the chess position, the move word, the
//! GPU kernel and the UI all name pieces through this module).
//!
//! A kind's code is 1 pawn .. 6 king (0 is "none", as in a move's captured
//! field). A piece's 4-bit code adds the color in bit 3:
//!
//! ```text
//!  bit    3      2  1  0
//!       color |   kind            code  0    1  2  3  4  5  6   7    8    9 10 11 12 13 14  15
//!     0 white |  1 P .. 6 K             .    P  N  B  R  Q  K   -    -    p  n  b  r  q  k   -
//!     1 black |                        empty  white               unused    black            unused
//! ```
//!
//! ```
//! use bitscope::bits::piece::{code_name, Color, Piece, PieceKind};
//! let black_king = Piece { color: Color::Black, kind: PieceKind::King };
//! assert_eq!(black_king.code(), 8 | 6);
//! assert_eq!(black_king.fen_char(), 'k');
//! assert_eq!(Piece::from_fen_char('N').map(Piece::code), Some(2));
//! assert_eq!(code_name(14), "black king");
//! assert_eq!(code_name(7), "unused code 7");
//! ```

use std::fmt;
use std::ops::Not;

use serde::{Deserialize, Serialize};

/// The code of an empty square on a nibble board.
pub const EMPTY: u8 = 0;
/// The color bit of a 4-bit piece code (set for black).
pub const BLACK: u8 = 8;

/// Side / piece color.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum Color {
    /// White (index 0).
    White = 0,
    /// Black (index 1; sets bit 3 of a piece code).
    Black = 1,
}

impl Color {
    /// The other color.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Piece kind, numbered as in the move word and in the low three bits of a
/// piece code: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6 (0 is
/// an empty square).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum PieceKind {
    Pawn = 1,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl PieceKind {
    /// All six kinds, pawn first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The code used in the move word (1 pawn .. 6 king).
    pub const fn code(self) -> u32 {
        self as u32
    }

    /// Kind from its code, `None` for 0 and 7 (and anything above).
    pub const fn from_code(code: u32) -> Option<PieceKind> {
        match code {
            1 => Some(PieceKind::Pawn),
            2 => Some(PieceKind::Knight),
            3 => Some(PieceKind::Bishop),
            4 => Some(PieceKind::Rook),
            5 => Some(PieceKind::Queen),
            6 => Some(PieceKind::King),
            _ => None,
        }
    }

    /// Lower-case letter (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// Kind from its letter, either case (`p n b r q k`).
    pub const fn from_char(c: char) -> Option<PieceKind> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceKind::Pawn),
            'n' => Some(PieceKind::Knight),
            'b' => Some(PieceKind::Bishop),
            'r' => Some(PieceKind::Rook),
            'q' => Some(PieceKind::Queen),
            'k' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }
}

/// A colored piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    /// Its color.
    pub color: Color,
    /// Its kind.
    pub kind: PieceKind,
}

impl Piece {
    /// FEN letter: upper case for white (`PNBRQK`), lower case for black.
    pub const fn fen_char(self) -> char {
        let c = self.kind.char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Piece from a FEN letter (`PNBRQK` white, `pnbrqk` black).
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match PieceKind::from_char(c) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }

    /// The 4-bit code: the kind's code, `| 8` for black.
    pub const fn code(self) -> u8 {
        let k = self.kind as u8;
        match self.color {
            Color::White => k,
            Color::Black => k | BLACK,
        }
    }

    /// The piece of a 4-bit code; `None` for empty (0), the unused 7, 8, 15
    /// and anything above 15.
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code > 15 {
            return None;
        }
        let color = if code & BLACK != 0 {
            Color::Black
        } else {
            Color::White
        };
        match PieceKind::from_code((code & 7) as u32) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }
}

/// A 4-bit code in words: "empty", "white knight", "unused code 7".
pub fn code_name(code: u8) -> String {
    match Piece::from_code(code) {
        Some(p) => format!("{} {}", p.color.name(), p.kind.name()),
        None if code == EMPTY => "empty".to_string(),
        None => format!("unused code {code}"),
    }
}

/// A 4-bit code's FEN letter ("N", "k"), or "" for empty and unused codes
/// (how boards mark their squares).
pub fn code_letter(code: u8) -> String {
    Piece::from_code(code).map_or(String::new(), |p| p.fen_char().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_letters_mark_pieces_only() {
        let letters: String = (0..16).map(code_letter).collect();
        assert_eq!(letters, "PNBRQKpnbrqk");
        assert_eq!(code_letter(2), "N");
        assert_eq!(code_letter(14), "k");
        assert_eq!(code_letter(EMPTY), "");
        assert_eq!(code_letter(7), "");
    }

    #[test]
    fn codes_and_letters() {
        for code in 0..16u8 {
            match Piece::from_code(code) {
                Some(p) => {
                    assert_eq!(p.code(), code);
                    assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
                    assert_eq!(p.kind.code(), u32::from(code & 7));
                    assert_eq!(code & BLACK != 0, p.color == Color::Black);
                }
                None => assert!([0, 7, 8, 15].contains(&code), "{code}"),
            }
        }
        assert_eq!(Piece::from_code(16), None);
        assert_eq!(Piece::from_fen_char('x'), None);
        for k in PieceKind::ALL {
            assert_eq!(PieceKind::from_code(k.code()), Some(k));
            assert_eq!(PieceKind::from_char(k.char()), Some(k));
        }
        assert_eq!(code_name(0), "empty");
        assert_eq!(code_name(9), "black pawn");
        assert_eq!(code_name(14), "black king");
        // the square names the nibble board prints beside the codes
        use crate::bits::square::square_name;
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(28), "e4");
        assert_eq!(square_name(63), "h8");
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(Color::Black.to_string(), "black");
    }
}
