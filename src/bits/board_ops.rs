//! Whole-board operations on a bitboard in our order (a1 = bit 0): flips,
//! mirrors, rotations, and the eight one-square shifts, each stepped as SWAR
//! with its masks (the Chess Programming Wiki's "Flipping Mirroring and
//! Rotating" and "General Setwise Operations").
//!
//! ```text
//! flip-vertical: rank 1 <-> rank 8 (a byte swap), three SWAR swaps
//!   x = ((x >>  8) & 0x00ff00ff00ff00ff) | ((x & 0x00ff00ff00ff00ff) <<  8)
//!   x = ((x >> 16) & 0x0000ffff0000ffff) | ((x & 0x0000ffff0000ffff) << 16)
//!   x =  (x >> 32)                       |  (x << 32)
//!
//! east: (x << 1) & notA     . 1 1 1 1 1 1 1   notA = 0xfefefefefefefefe:
//!                           a b c d e f g h   a bit leaving file h must not
//!                                             land on file a of the next rank
//! ```
//!
//! Every operation is checked against [`reference`], which moves one
//! square at a time.

use super::square::Square;
use super::trace::{Outcome, Step, Trace};
use super::word::Word;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Every square but file a: what a step toward file h may land on.
pub const NOT_A_FILE: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but file h: what a step toward file a may land on.
pub const NOT_H_FILE: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// A whole-board operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardOperation {
    FlipVertical,
    MirrorHorizontal,
    FlipDiagonal,
    FlipAntidiagonal,
    Rotate90,
    Rotate180,
    Rotate270,
    North,
    South,
    East,
    West,
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

use BoardOperation as Op;

impl BoardOperation {
    pub const ALL: [BoardOperation; 15] = [
        Op::FlipVertical,
        Op::MirrorHorizontal,
        Op::FlipDiagonal,
        Op::FlipAntidiagonal,
        Op::Rotate90,
        Op::Rotate180,
        Op::Rotate270,
        Op::North,
        Op::South,
        Op::East,
        Op::West,
        Op::NorthEast,
        Op::NorthWest,
        Op::SouthEast,
        Op::SouthWest,
    ];

    /// The name the CLI and the URL use: `flip-vertical`, `northeast`, ...
    pub fn name(self) -> &'static str {
        match self {
            Op::FlipVertical => "flip-vertical",
            Op::MirrorHorizontal => "mirror-horizontal",
            Op::FlipDiagonal => "flip-diagonal",
            Op::FlipAntidiagonal => "flip-antidiagonal",
            Op::Rotate90 => "rotate90",
            Op::Rotate180 => "rotate180",
            Op::Rotate270 => "rotate270",
            Op::North => "north",
            Op::South => "south",
            Op::East => "east",
            Op::West => "west",
            Op::NorthEast => "northeast",
            Op::NorthWest => "northwest",
            Op::SouthEast => "southeast",
            Op::SouthWest => "southwest",
        }
    }

    /// What it does to a square at (file f, rank r), both 0..=7.
    pub fn effect(self) -> &'static str {
        match self {
            Op::FlipVertical => "rank 1 ↔ rank 8: (f, r) → (f, 7 − r), a byte swap",
            Op::MirrorHorizontal => "file a ↔ file h: (f, r) → (7 − f, r)",
            Op::FlipDiagonal => "about a1–h8: (f, r) → (r, f)",
            Op::FlipAntidiagonal => "about a8–h1: (f, r) → (7 − r, 7 − f)",
            Op::Rotate90 => "clockwise as White sees it: (f, r) → (r, 7 − f)",
            Op::Rotate180 => "(f, r) → (7 − f, 7 − r), a bit reversal",
            Op::Rotate270 => "anticlockwise: (f, r) → (7 − r, f)",
            Op::North => "one square toward rank 8",
            Op::South => "one square toward rank 1",
            Op::East => "one square toward file h; nothing wraps onto file a",
            Op::West => "one square toward file a; nothing wraps onto file h",
            Op::NorthEast => "one square toward h8; nothing wraps",
            Op::NorthWest => "one square toward a8; nothing wraps",
            Op::SouthEast => "one square toward h1; nothing wraps",
            Op::SouthWest => "one square toward a1; nothing wraps",
        }
    }

    /// Where the square at (file, rank) goes (off the board when outside 0..=7).
    fn moved(self, file: i8, rank: i8) -> (i8, i8) {
        match self {
            Op::FlipVertical => (file, 7 - rank),
            Op::MirrorHorizontal => (7 - file, rank),
            Op::FlipDiagonal => (rank, file),
            Op::FlipAntidiagonal => (7 - rank, 7 - file),
            Op::Rotate90 => (rank, 7 - file),
            Op::Rotate180 => (7 - file, 7 - rank),
            Op::Rotate270 => (7 - rank, file),
            Op::North => (file, rank + 1),
            Op::South => (file, rank - 1),
            Op::East => (file + 1, rank),
            Op::West => (file - 1, rank),
            Op::NorthEast => (file + 1, rank + 1),
            Op::NorthWest => (file - 1, rank + 1),
            Op::SouthEast => (file + 1, rank - 1),
            Op::SouthWest => (file - 1, rank - 1),
        }
    }
}

impl fmt::Display for BoardOperation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An operation name that is not one of [`BoardOperation::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a board operation (use one of: {list})", list = names())]
pub struct UnknownOperation(pub String);

fn names() -> String {
    Op::ALL.map(Op::name).join(", ")
}

impl FromStr for BoardOperation {
    type Err = UnknownOperation;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Op::ALL
            .into_iter()
            .find(|o| o.name() == s.trim())
            .ok_or_else(|| UnknownOperation(s.to_string()))
    }
}

/// The plain reference: every set square moved on its own.
pub fn reference(op: BoardOperation, board: u64) -> u64 {
    Square::all()
        .filter(|s| board & s.bit() != 0)
        .filter_map(|s| {
            let (f, r) = op.moved(s.file() as i8, s.rank() as i8);
            let on = (0..8).contains(&f) && (0..8).contains(&r);
            on.then(|| Square::from_coords(f as u8, r as u8))?
        })
        .fold(0, |acc, s| acc | s.bit())
}

/// The steps, as they are pushed.
struct Steps(Vec<Step>);

impl Steps {
    fn push(&mut self, step: Step) -> u64 {
        let v = step.value.bits;
        self.0.push(step);
        v
    }

    /// `((x >> s) & k) | ((x & k) << s)`: swaps the groups `k` marks with
    /// their neighbours `s` bits up.
    fn swap(&mut self, x: u64, s: u32, k: u64, label: &str) -> u64 {
        let v = ((x >> s) & k) | ((x & k) << s);
        self.push(
            Step::new(label, format!("((x >> {s}) & k) | ((x & k) << {s})"), w(v))
                .operand("x", w(x))
                .operand("k", w(k))
                .highlight(v ^ x),
        )
    }

    /// `t = k & (x ^ (x << s)); x ^ t ^ (t >> s)`: swaps the bits `k` marks
    /// with the bits `s` below them (a delta swap).
    fn delta(&mut self, x: u64, s: u32, k: u64, label: &str) -> u64 {
        let t = k & (x ^ (x << s));
        let v = x ^ t ^ (t >> s);
        self.push(
            Step::new(
                label,
                format!("t = k & (x ^ (x << {s})); x ^ t ^ (t >> {s})"),
                w(v),
            )
            .operand("x", w(x))
            .operand("k", w(k))
            .operand("t", w(t))
            .highlight(v ^ x),
        )
    }

    fn flip_vertical(&mut self, x: u64) -> u64 {
        let x = self.swap(x, 8, 0x00ff_00ff_00ff_00ff, "swap neighbouring ranks");
        let x = self.swap(x, 16, 0x0000_ffff_0000_ffff, "swap pairs of ranks");
        let v = x.rotate_left(32);
        self.push(Step::new("swap the halves", "(x >> 32) | (x << 32)", w(v)).operand("x", w(x)))
    }

    fn mirror_horizontal(&mut self, x: u64) -> u64 {
        let x = self.swap(x, 1, 0x5555_5555_5555_5555, "swap neighbouring files");
        let x = self.swap(x, 2, 0x3333_3333_3333_3333, "swap pairs of files");
        self.swap(x, 4, 0x0f0f_0f0f_0f0f_0f0f, "swap the half ranks")
    }

    fn flip_diagonal(&mut self, x: u64) -> u64 {
        let x = self.delta(x, 28, 0x0f0f_0f0f_0000_0000, "swap 4x4 blocks across a1–h8");
        let x = self.delta(x, 14, 0x3333_0000_3333_0000, "swap 2x2 blocks");
        self.delta(x, 7, 0x5500_5500_5500_5500, "swap single squares")
    }

    fn flip_antidiagonal(&mut self, x: u64) -> u64 {
        let k4 = 0xf0f0_f0f0_0f0f_0f0f;
        let t = x ^ (x << 36);
        let v = x ^ (k4 & (t ^ (x >> 36)));
        let x = self.push(
            Step::new(
                "swap 4x4 blocks across a8–h1",
                "t = x ^ (x << 36); x ^ (k & (t ^ (x >> 36)))",
                w(v),
            )
            .operand("x", w(x))
            .operand("k", w(k4))
            .highlight(v ^ x),
        );
        let x = self.delta(x, 18, 0xcccc_0000_cccc_0000, "swap 2x2 blocks");
        self.delta(x, 9, 0xaa00_aa00_aa00_aa00, "swap single squares")
    }

    /// A one-square shift: the raw shift, then the mask that stops wrapping.
    fn shift(&mut self, x: u64, left: bool, s: u32, keep: Option<(&str, u64)>) -> u64 {
        let (raw, sym) = if left { (x << s, "<<") } else { (x >> s, ">>") };
        let raw = self.push(
            Step::new("shift every square", format!("x {sym} {s}"), w(raw)).operand("x", w(x)),
        );
        match keep {
            None => raw,
            Some((name, k)) => self.push(
                Step::new(
                    format!("drop what wrapped: & {name}"),
                    format!("(x {sym} {s}) & {name}"),
                    w(raw & k),
                )
                .operand(name, w(k))
                .highlight(raw & !k)
                .note("highlighted: the squares that wrapped onto the other edge, now cleared"),
            ),
        }
    }
}

fn w(v: u64) -> Word {
    Word::new(v, 64)
}

/// The operation on `board`, stepped; the result is a `"0x…"` word.
///
/// ```
/// use bitscope::bits::board_ops::{trace, BoardOperation};
/// let t = trace(BoardOperation::East, 0x8000_0000_0000_0001);
/// assert_eq!(t.steps.last().unwrap().value.bits, 0x2, "h8 falls off, a1 moves to b1");
/// ```
pub fn trace(op: BoardOperation, board: u64) -> Trace {
    let mut s = Steps(vec![Step::new("the board", "x", w(board))]);
    let x = board;
    let not_a = Some(("notA", NOT_A_FILE));
    let not_h = Some(("notH", NOT_H_FILE));
    let v = match op {
        Op::FlipVertical => s.flip_vertical(x),
        Op::MirrorHorizontal => s.mirror_horizontal(x),
        Op::FlipDiagonal => s.flip_diagonal(x),
        Op::FlipAntidiagonal => s.flip_antidiagonal(x),
        Op::Rotate90 => {
            let x = s.flip_diagonal(x);
            s.flip_vertical(x)
        }
        Op::Rotate180 => {
            let x = s.flip_vertical(x);
            s.mirror_horizontal(x)
        }
        Op::Rotate270 => {
            let x = s.flip_vertical(x);
            s.flip_diagonal(x)
        }
        Op::North => s.shift(x, true, 8, None),
        Op::South => s.shift(x, false, 8, None),
        Op::East => s.shift(x, true, 1, not_a),
        Op::West => s.shift(x, false, 1, not_h),
        Op::NorthEast => s.shift(x, true, 9, not_a),
        Op::NorthWest => s.shift(x, true, 7, not_h),
        Op::SouthEast => s.shift(x, false, 7, not_a),
        Op::SouthWest => s.shift(x, false, 9, not_h),
    };
    let mut t = Trace::new(
        "board-op",
        format!("{} of {}: {}", op.name(), w(board).hex(), op.effect()),
        Outcome::Word(w(v)),
    );
    t.steps = s.0;
    t
}

/// The operation's result alone.
pub fn apply(op: BoardOperation, board: u64) -> u64 {
    trace(op, board)
        .steps
        .last()
        .map_or(board, |s| s.value.bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_known_boards() {
        for op in Op::ALL {
            assert_eq!(op.name().parse::<Op>(), Ok(op));
        }
        assert!("spin"
            .parse::<Op>()
            .unwrap_err()
            .to_string()
            .contains("flip-vertical, "));
        let a1 = Square::A1.bit();
        assert_eq!(apply(Op::FlipVertical, a1), Square::A8.bit());
        assert_eq!(apply(Op::MirrorHorizontal, a1), Square::H1.bit());
        assert_eq!(apply(Op::FlipDiagonal, Square::B1.bit()), Square::A2.bit());
        assert_eq!(apply(Op::FlipAntidiagonal, a1), Square::H8.bit());
        assert_eq!(
            apply(Op::Rotate90, a1),
            Square::A8.bit(),
            "a1 goes to a8 clockwise"
        );
        assert_eq!(apply(Op::Rotate270, a1), Square::H1.bit());
        assert_eq!(apply(Op::Rotate180, a1), Square::H8.bit());
        assert_eq!(
            apply(Op::FlipVertical, 0x0102_0304_0506_0708),
            0x0807_0605_0403_0201
        );
        assert_eq!(apply(Op::East, Square::H4.bit()), 0, "nothing wraps");
        assert_eq!(apply(Op::West, Square::A4.bit()), 0);
        assert_eq!(apply(Op::NorthEast, Square::G7.bit()), Square::H8.bit());
        assert_eq!(apply(Op::SouthWest, Square::A1.bit()), 0);
        let t = trace(Op::East, 0x8080);
        assert_eq!(t.steps.len(), 3);
        assert_eq!(t.steps[2].highlight, 0x10100, "h1, h2 wrapped onto a2, a3");
        assert!(t.to_json().contains("\"result\":\"0x0000000000000000\""));
    }

    // proptest is a native-only dev-dependency in the main crate
    #[cfg(not(target_arch = "wasm32"))]
    mod proptests {
        use super::super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn every_operation_agrees_with_the_per_square_reference(board in any::<u64>()) {
                for op in Op::ALL {
                    prop_assert_eq!(apply(op, board), reference(op, board), "{}", op);
                }
                // rotations compose: four quarter turns are the identity
                let r = (0..4).fold(board, |b, _| apply(Op::Rotate90, b));
                prop_assert_eq!(r, board);
            }
        }
    }
}
