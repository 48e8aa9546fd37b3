//! Attack sets of every piece kind, and the ray tables used for pins and checks.
//!
//! Leaper tables (knight, king, pawn), the "between" and "line" tables and the
//! empty-board rays are computed at compile time by `const fn`. Sliding
//! attacks use magic bitboards (see [`super::magics`]); the plain ray walk of
//! [`super::rays`] ([`rook_attacks_slow`], [`bishop_attacks_slow`]) is kept
//! beside them as the reference implementation that the tests compare against.
//!
//! ```
//! use bitscope::chess::attacks::{between, knight_attacks, rook_attacks, rook_attacks_slow};
//! use bitscope::chess::Square;
//! assert_eq!(knight_attacks(Square::D4).count_ones(), 8);
//! assert_eq!(between(Square::B2, Square::F6).count_ones(), 3);
//! let occ = Square::D6.bit() | Square::B4.bit();
//! assert_eq!(rook_attacks(Square::D4, occ), rook_attacks_slow(Square::D4, occ));
//! ```
//!
//! Knight attacks from d4:
//!
//! ```text
//! 8  . . . . . . . .
//! 7  . . . . . . . .
//! 6  . . 1 . 1 . . .
//! 5  . 1 . . . 1 . .
//! 4  . . . N . . . .
//! 3  . 1 . . . 1 . .
//! 2  . . 1 . 1 . . .
//! 1  . . . . . . . .
//!    a b c d e f g h
//! ```
//!
//! `between(b2, f6)` (exclusive) and `line(b2, f6)` (the whole diagonal):
//!
//! ```text
//!    between            line
//! 8  . . . . . . . .    . . . . . . . 1
//! 7  . . . . . . . .    . . . . . . 1 .
//! 6  . . . . . x . .    . . . . . 1 . .
//! 5  . . . . 1 . . .    . . . . 1 . . .
//! 4  . . . 1 . . . .    . . . 1 . . . .
//! 3  . . 1 . . . . .    . . 1 . . . . .
//! 2  . x . . . . . .    . 1 . . . . . .
//! 1  . . . . . . . .    1 . . . . . . .
//!    a b c d e f g h    a b c d e f g h
//! ```

use super::magics::sliders;
use super::rays::{ray_table, slide, BISHOP_DIRS, ROOK_DIRS};
use crate::bits::piece::Color;
use crate::bits::square::Square;

const fn leaper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            let f = (sq % 8) as i32 + deltas[i].0;
            let r = (sq / 8) as i32 + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// Knight attacks per square.
pub(crate) static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// King attacks per square.
pub(crate) static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

/// Pawn attacks: `PAWN[color][sq]` = squares a pawn of `color` on `sq` attacks.
pub(crate) static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// Empty-board rook rays per square.
pub(crate) static ROOK_RAYS: [u64; 64] = ray_table(&ROOK_DIRS);
/// Empty-board bishop rays per square.
pub(crate) static BISHOP_RAYS: [u64; 64] = ray_table(&BISHOP_DIRS);

/// Squares a knight on `sq` attacks.
pub fn knight_attacks(sq: Square) -> u64 {
    KNIGHT[sq.index()]
}

/// Squares a king on `sq` attacks.
pub fn king_attacks(sq: Square) -> u64 {
    KING[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks (captures only, not pushes).
pub fn pawn_attacks(color: Color, sq: Square) -> u64 {
    PAWN[color.index()][sq.index()]
}

/// Rook attacks from `sq` given all blockers `occ` (magic lookup).
pub fn rook_attacks(sq: Square, occ: u64) -> u64 {
    sliders().rook(sq.index(), occ)
}

/// Bishop attacks from `sq` given all blockers `occ` (magic lookup).
pub fn bishop_attacks(sq: Square, occ: u64) -> u64 {
    sliders().bishop(sq.index(), occ)
}

/// Queen attacks: rook | bishop.
pub fn queen_attacks(sq: Square, occ: u64) -> u64 {
    let t = sliders();
    t.rook(sq.index(), occ) | t.bishop(sq.index(), occ)
}

/// Rook attacks by walking the rays square by square (reference implementation).
pub fn rook_attacks_slow(sq: Square, occ: u64) -> u64 {
    slide(sq.index() as u32, occ, &ROOK_DIRS)
}

/// Bishop attacks by walking the rays square by square (reference implementation).
pub fn bishop_attacks_slow(sq: Square, occ: u64) -> u64 {
    slide(sq.index() as u32, occ, &BISHOP_DIRS)
}

/// Squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; otherwise empty.
pub fn between(a: Square, b: Square) -> u64 {
    sliders().between(a.index(), b.index())
}

/// The whole line through `a` and `b` (edge to edge) if they are aligned;
/// otherwise empty.
pub fn line(a: Square, b: Square) -> u64 {
    sliders().line(a.index(), b.index())
}

// proptest is a native-only dev-dependency
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn leapers() {
        assert_eq!(
            knight_attacks(Square::A1),
            Square::B3.bit() | Square::C2.bit()
        );
        assert_eq!(king_attacks(Square::H8).count_ones(), 3);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Square::D5.bit() | Square::F5.bit()
        );
        assert_eq!(pawn_attacks(Color::Black, Square::A5), Square::B4.bit());
    }

    #[test]
    fn between_and_line() {
        let b = between(Square::B2, Square::F6);
        assert_eq!(b, Square::C3.bit() | Square::D4.bit() | Square::E5.bit());
        assert_eq!(line(Square::B2, Square::F6).count_ones(), 8);
        assert_eq!(between(Square::A1, Square::B3), 0);
        assert_eq!(line(Square::A1, Square::B3), 0);
        assert_eq!(between(Square::E1, Square::E8).count_ones(), 6);
        assert_eq!(between(Square::E1, Square::E2), 0);
        assert_eq!(
            line(Square::E1, Square::E2),
            crate::chess::bitboard::FILE_A << 4
        );
    }

    proptest! {
        #[test]
        fn magic_equals_ray_walk(sq in 0u8..64, occ in any::<u64>()) {
            let sq = Square::new(sq).unwrap();
            prop_assert_eq!(rook_attacks(sq, occ), rook_attacks_slow(sq, occ));
            prop_assert_eq!(bishop_attacks(sq, occ), bishop_attacks_slow(sq, occ));
        }
    }
}
