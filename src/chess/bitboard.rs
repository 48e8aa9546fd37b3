//! Bitboards: a `u64` with one bit per square (a1 = bit 0, h8 = bit 63).
//!
//! The engine works on plain `u64`s; [`Bitboard`] is a thin wrapper that adds
//! iteration and an 8x8 diagram for display. For example [`RANK_2`] | [`FILE_A`]:
//!
//! ```text
//! 8  1 . . . . . . .
//! 7  1 . . . . . . .
//! 6  1 . . . . . . .
//! 5  1 . . . . . . .
//! 4  1 . . . . . . .
//! 3  1 . . . . . . .
//! 2  1 1 1 1 1 1 1 1
//! 1  1 . . . . . . .
//!    a b c d e f g h
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::bits::square::Square;

/// File a (bits 0, 8, ..., 56).
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File b.
pub const FILE_B: u64 = FILE_A << 1;
/// File g.
pub const FILE_G: u64 = FILE_A << 6;
/// File h.
pub const FILE_H: u64 = FILE_A << 7;
/// Rank 1 (bits 0..=7).
pub const RANK_1: u64 = 0xFF;
/// Rank 2.
pub const RANK_2: u64 = RANK_1 << 8;
/// Rank 3.
pub const RANK_3: u64 = RANK_1 << 16;
/// Rank 4.
pub const RANK_4: u64 = RANK_1 << 24;
/// Rank 5.
pub const RANK_5: u64 = RANK_1 << 32;
/// Rank 6.
pub const RANK_6: u64 = RANK_1 << 40;
/// Rank 7.
pub const RANK_7: u64 = RANK_1 << 48;
/// Rank 8 (bits 56..=63).
pub const RANK_8: u64 = RANK_1 << 56;
/// All squares.
pub const ALL: u64 = !0;
/// No squares.
pub const EMPTY: u64 = 0;

/// Mask of file `f` (0 = a .. 7 = h); `f` is taken modulo 8.
pub const fn file_mask(f: u8) -> u64 {
    FILE_A << (f & 7)
}

/// Mask of rank `r` (0 = rank 1 .. 7 = rank 8); `r` is taken modulo 8.
pub const fn rank_mask(r: u8) -> u64 {
    RANK_1 << ((r & 7) * 8)
}

/// Iterator over the set bits of a `u64`, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter(pub u64);

impl Iterator for SquareIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(Square::from_index_masked(sq))
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareIter {}

/// A set of squares. Display draws it as an 8x8 grid, rank 8 on top.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// Number of squares in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares of the set, a1 first.
    pub fn squares(self) -> SquareIter {
        SquareIter(self.0)
    }

    /// The 64 bits as 8 rows of 8 booleans, row 0 = rank 8 (top of the
    /// diagram), column 0 = file a. Handy for drawing a grid.
    pub fn rows(self) -> [[bool; 8]; 8] {
        let mut out = [[false; 8]; 8];
        for (row, line) in out.iter_mut().enumerate() {
            for (file, cell) in line.iter_mut().enumerate() {
                let sq = (7 - row) * 8 + file;
                *cell = self.0 >> sq & 1 == 1;
            }
        }
        out
    }
}

impl From<u64> for Bitboard {
    fn from(v: u64) -> Bitboard {
        Bitboard(v)
    }
}

impl From<Bitboard> for u64 {
    fn from(b: Bitboard) -> u64 {
        b.0
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        SquareIter(self.0)
    }
}

/// Draws `bb` as eight lines (rank 8 first) of `1`/`.` with rank and file labels.
pub fn diagram(bb: u64) -> String {
    let mut s = String::with_capacity(8 * 20 + 20);
    for rank in (0..8).rev() {
        s.push((b'1' + rank as u8) as char);
        s.push(' ');
        for file in 0..8 {
            s.push(' ');
            s.push(if bb >> (rank * 8 + file) & 1 == 1 {
                '1'
            } else {
                '.'
            });
        }
        s.push('\n');
    }
    s.push_str("   a b c d e f g h\n");
    s
}

impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&diagram(self.0))
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_diagram() {
        assert_eq!(file_mask(0), FILE_A);
        assert_eq!(rank_mask(7), RANK_8);
        let d = diagram(RANK_2 | FILE_A);
        assert!(d.starts_with("8  1 . . . . . . .\n"));
        assert!(d.contains("2  1 1 1 1 1 1 1 1\n"));
        let sqs: Vec<String> = Bitboard(0x8000_0000_0000_0001)
            .squares()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(sqs, ["a1", "h8"]);
        assert!(Bitboard(1).rows()[7][0]);
    }
}
