//! Squares in little-endian rank-file order: the leaf every layer shares
//! (`bits`, `chess`, `gpu` and the UI name squares only through this module).
//!
//! Square `a1` is bit 0, `b1` is bit 1, ..., `h1` is bit 7, `a2` is bit 8,
//! ..., `h8` is bit 63. So `index = 8 * rank + file` with `file` and `rank`
//! counted from 0:
//!
//! ```text
//!   8 | 56 57 58 59 60 61 62 63
//!   7 | 48 49 50 51 52 53 54 55
//!   6 | 40 41 42 43 44 45 46 47
//!   5 | 32 33 34 35 36 37 38 39
//!   4 | 24 25 26 27 28 29 30 31
//!   3 | 16 17 18 19 20 21 22 23
//!   2 |  8  9 10 11 12 13 14 15
//!   1 |  0  1  2  3  4  5  6  7
//!     +------------------------
//!        a  b  c  d  e  f  g  h
//! ```
//!
//! ```
//! use bitscope::bits::square::{square_name, Square};
//! assert_eq!(Square::E4.index(), 28);
//! assert_eq!(square_name(28), "e4");
//! assert_eq!("h8".parse::<Square>().map(Square::index), Ok(63));
//! assert_eq!(square_name(64), "?");
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a square could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SquareError {
    /// The index is not in `0..=63`.
    #[error("square index {0} is out of range (expected 0..=63)")]
    OutOfRange(u32),
    /// The text is not a square name like `e4`.
    #[error("'{0}' is not a square name (expected a file a-h then a rank 1-8, e.g. e4)")]
    BadName(String),
}

/// One of the 64 squares; always holds an index in `0..=63`.
///
/// Serialized as its index (a number 0..=63).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[allow(missing_docs)]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// Square with the given index, or `None` if `index > 63`.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Square from the low 6 bits of `index` (never fails; bits above 5 are ignored).
    pub const fn from_index_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// Square from a file (0 = a .. 7 = h) and a rank (0 = rank 1 .. 7 = rank 8).
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The bit index, `0..=63`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The bit index as `u8`.
    pub const fn to_u8(self) -> u8 {
        self.0
    }

    /// File, 0 = a .. 7 = h.
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank, 0 = rank 1 .. 7 = rank 8.
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The one-bit bitboard of this square (`1 << index`).
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The same square seen from the other side (a1 <-> a8): flips the rank.
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Iterator over all 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0u8..64).map(Square)
    }

    /// File letter, `'a'..='h'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// Rank digit, `'1'..='8'`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

/// `a1`..`h8` for squares 0..63 (a1 = 0, h8 = 63); `?` past the board.
///
/// The one naming of squares by index: [`Square`]'s `Display` writes the
/// same text, and the nibble board, the trit packing and the UI call this.
pub fn square_name(square: u32) -> String {
    Square::try_from(square).map_or_else(|_| "?".to_string(), |s| s.to_string())
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Parses `a1`..`h8` (lower case only).
    fn from_str(s: &str) -> Result<Square, SquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(SquareError::BadName(s.to_string())),
        }
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareError;
    fn try_from(v: u8) -> Result<Square, SquareError> {
        Square::new(v).ok_or(SquareError::OutOfRange(v as u32))
    }
}

impl TryFrom<u32> for Square {
    type Error = SquareError;
    fn try_from(v: u32) -> Result<Square, SquareError> {
        if v < 64 {
            Ok(Square(v as u8))
        } else {
            Err(SquareError::OutOfRange(v))
        }
    }
}

impl From<Square> for u8 {
    fn from(s: Square) -> u8 {
        s.0
    }
}

/// The eight ways people number the squares 0..=63: which square is bit 0,
/// and whether bit 1 steps along the rank (rank-file) or up the file
/// (file-rank). Ours is [`SquareOrder::LERF`]; every other order is a named
/// conversion to it ([`SquareOrder::to_ours`]).
///
/// ```text
///                       bit 0  bit 1  bit 8
/// LERF (ours)            a1     b1     a2
/// LERF mirrored          h1     g1     h2
/// BERF                   a8     b8     a7
/// BERF mirrored          h8     g8     h7
/// LEFR                   a1     a2     b1
/// LEFR mirrored          h1     h2     g1
/// BEFR                   a8     a7     b8
/// BEFR mirrored          h8     h7     g8
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareOrder {
    /// Bit 1 is the next square up the file (file-rank), not along the rank.
    pub file_rank: bool,
    /// Bit 0 is on rank 8 (big-endian ranks).
    pub ranks_down: bool,
    /// Bit 0 is on file h (mirrored).
    pub files_down: bool,
}

impl SquareOrder {
    /// Little-endian rank-file: a1 = 0, b1 = 1, a2 = 8 (ours).
    pub const LERF: SquareOrder = SquareOrder::new(false, false, false);

    /// All eight, ours first; rank-file before file-rank.
    pub const ALL: [SquareOrder; 8] = [
        SquareOrder::LERF,
        SquareOrder::new(false, false, true),
        SquareOrder::new(false, true, false),
        SquareOrder::new(false, true, true),
        SquareOrder::new(true, false, false),
        SquareOrder::new(true, false, true),
        SquareOrder::new(true, true, false),
        SquareOrder::new(true, true, true),
    ];

    pub const fn new(file_rank: bool, ranks_down: bool, files_down: bool) -> SquareOrder {
        SquareOrder {
            file_rank,
            ranks_down,
            files_down,
        }
    }

    /// Short name: `lerf`, `berf-mirrored`, `lefr`, ...
    pub fn slug(self) -> String {
        format!(
            "{}e{}{}",
            if self.ranks_down { "b" } else { "l" },
            if self.file_rank { "fr" } else { "rf" },
            if self.files_down { "-mirrored" } else { "" }
        )
    }

    /// In words: "little-endian rank-file (a1 = bit 0, b1 = bit 1)".
    pub fn title(self) -> String {
        format!(
            "{}-endian {}{} ({} = bit 0, {} = bit 1)",
            if self.ranks_down { "big" } else { "little" },
            if self.file_rank {
                "file-rank"
            } else {
                "rank-file"
            },
            if self.files_down { ", mirrored" } else { "" },
            self.square(0),
            self.square(1)
        )
    }

    /// The square bit `bit` (taken mod 64) stands for under this order.
    pub const fn square(self, bit: u32) -> Square {
        let (major, minor) = (((bit >> 3) & 7) as u8, (bit & 7) as u8);
        let (mut file, mut rank) = if self.file_rank {
            (major, minor)
        } else {
            (minor, major)
        };
        if self.files_down {
            file = 7 - file;
        }
        if self.ranks_down {
            rank = 7 - rank;
        }
        Square(rank * 8 + file)
    }

    /// The bit that stands for `square` under this order.
    pub const fn bit(self, square: Square) -> u32 {
        let mut file = square.file();
        let mut rank = square.rank();
        if self.files_down {
            file = 7 - file;
        }
        if self.ranks_down {
            rank = 7 - rank;
        }
        (if self.file_rank {
            file * 8 + rank
        } else {
            rank * 8 + file
        }) as u32
    }

    /// A word written in this order, rewritten in ours (a1 = bit 0).
    pub fn to_ours(self, word: u64) -> u64 {
        (0..64)
            .filter(|&b| word >> b & 1 == 1)
            .fold(0, |acc, b| acc | self.square(b).bit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::E4.to_string(), "e4");
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
        assert!("i1".parse::<Square>().is_err());
        assert!("e9".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
        assert!("e44".parse::<Square>().is_err());
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
        }
        assert_eq!(Square::new(64), None);
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(63), "h8");
        assert_eq!(square_name(64), "?");
        assert_eq!(square_name(u32::MAX), "?");
    }

    #[test]
    fn the_eight_orders() {
        let firsts: Vec<_> = SquareOrder::ALL
            .iter()
            .map(|o| {
                format!(
                    "{} {} {} {}",
                    o.slug(),
                    o.square(0),
                    o.square(1),
                    o.square(8)
                )
            })
            .collect();
        assert_eq!(
            firsts,
            [
                "lerf a1 b1 a2",
                "lerf-mirrored h1 g1 h2",
                "berf a8 b8 a7",
                "berf-mirrored h8 g8 h7",
                "lefr a1 a2 b1",
                "lefr-mirrored h1 h2 g1",
                "befr a8 a7 b8",
                "befr-mirrored h8 h7 g8",
            ]
        );
        for o in SquareOrder::ALL {
            let mut seen = 0u64;
            for b in 0..64 {
                assert_eq!(o.bit(o.square(b)), b);
                seen |= o.square(b).bit();
            }
            assert_eq!(seen, u64::MAX, "{} is a permutation", o.slug());
            assert_eq!(o.to_ours(1), o.square(0).bit());
        }
        assert_eq!(SquareOrder::LERF.to_ours(0x1234), 0x1234);
        assert_eq!(
            SquareOrder::LERF.title(),
            "little-endian rank-file (a1 = bit 0, b1 = bit 1)"
        );
        assert_eq!(
            SquareOrder::ALL[2].to_ours(0xff),
            0xff << 56,
            "BERF's rank 8"
        );
    }
}
