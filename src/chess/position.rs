//! The compact position: five bitboards, two king squares and a few flags.
//!
//! # The five bitboards
//!
//! ```text
//! white    all white pieces, white king included
//! pawns    all pawns (both colors)
//! knights  all knights
//! bishops  bishop-likes: bishops AND queens
//! rooks    rook-likes:   rooks AND queens
//! king_sq  [white king square, black king square]
//! ```
//!
//! Occupancy is `pawns | knights | bishops | rooks | kings`, black is
//! `occ & ~white`, and the ten piece sets are derived:
//!
//! ```text
//! wP = w & P          bP = ~w & P
//! wN = w & N          bN = ~w & N
//! wQ = w & B & R      bQ = ~w & B & R
//! wB = w & B & ~wQ    bB = ~w & B & ~bQ
//! wR = w & R & ~wQ    bR = ~w & R & ~bQ
//! ```
//!
//! (`~w` is masked by the occupancy: P, N, B and R only contain occupied squares.)
//! The start position, for instance:
//!
//! ```text
//!    white             pawns             bishops (B|Q)     rooks (R|Q)
//! 8  . . . . . . . .   . . . . . . . .   . . 1 1 . 1 . .   1 . . 1 . . . 1
//! 7  . . . . . . . .   1 1 1 1 1 1 1 1   . . . . . . . .   . . . . . . . .
//! 2  1 1 1 1 1 1 1 1   1 1 1 1 1 1 1 1   . . . . . . . .   . . . . . . . .
//! 1  1 1 1 1 1 1 1 1   . . . . . . . .   . . 1 1 . 1 . .   1 . . 1 . . . 1
//!    a b c d e f g h   (ranks 3-6 empty)
//! ```
//!
//! # Size
//!
//! The board state is 5 x 8 bytes + 2 king squares + side + castling + en
//! passant = 45 bytes, so `size_of::<Position>()` is **48** (padding to the
//! 8-byte alignment of the `u64`s). The halfmove clock and fullmove number are
//! not part of `Position` (perft and the GPU never need them); they live in
//! [`crate::chess::fen::Setup`], which wraps a `Position` for exact FEN round
//! trips.
//!
//! The GPU's packed form of a position (11 x u32) is `gpu::layout`'s
//! business: it reads a position through the accessors below and builds one
//! back with [`Position::from_parts`]. Moves are [`Move`] words (see
//! [`super::moves`]).
//!
//! ```
//! use bitscope::chess::{Color, PieceKind, Position, Square};
//! let p = Position::startpos();
//! assert_eq!(std::mem::size_of::<Position>(), 48);
//! assert_eq!(p.piece_set(Color::White, PieceKind::Queen), Square::D1.bit());
//! assert_eq!(p.occupied().count_ones(), 32);
//! assert_eq!(p.derived_sets()[2].formula, "w & B & R");
//! ```

use serde::Serialize;

use super::attacks::{BISHOP_RAYS, KING, KNIGHT, PAWN, ROOK_RAYS};
use super::magics::sliders;
use super::moves::{
    Move, BLACK_KINGSIDE, BLACK_QUEENSIDE, EP_VALID, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};
use crate::bits::piece::{Color, Piece, PieceKind};
use crate::bits::square::Square;

/// One of the ten derived piece sets, for display.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct DerivedSet {
    /// Short name, e.g. `"wQ"`.
    pub name: &'static str,
    /// Color of the pieces.
    pub color: Color,
    /// Kind of the pieces.
    pub kind: PieceKind,
    /// How it is computed from the five bitboards, e.g. `"w & B & R"`.
    pub formula: &'static str,
    /// The squares.
    pub bits: u64,
}

/// Compact chess position: 5 bitboards + king squares + flags (48 bytes).
///
/// Invariants (kept by FEN parsing and by [`Position::play`]): the sets
/// `pawns`, `knights` and `bishops | rooks` are disjoint, kings are on
/// distinct squares not in any set, `white` is a subset of the occupancy.
/// [`Position::from_parts`] does not check them (see [`Position::validate`]);
/// move generation never panics even when they do not hold.
///
/// Serialized (serde) as its FEN string.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Position {
    pub(crate) white: u64,
    pub(crate) pawns: u64,
    pub(crate) knights: u64,
    pub(crate) bishops: u64,
    pub(crate) rooks: u64,
    pub(crate) king_sq: [u8; 2],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep: u8,
}

/// For each square, the castling rights that survive a move from or to it.
static CASTLE_KEEP: [u8; 64] = {
    let mut t = [0x0Fu8; 64];
    t[0] = !WHITE_QUEENSIDE & 0x0F; // a1
    t[4] = !(WHITE_KINGSIDE | WHITE_QUEENSIDE) & 0x0F; // e1
    t[7] = !WHITE_KINGSIDE & 0x0F; // h1
    t[56] = !BLACK_QUEENSIDE & 0x0F; // a8
    t[60] = !(BLACK_KINGSIDE | BLACK_QUEENSIDE) & 0x0F; // e8
    t[63] = !BLACK_KINGSIDE & 0x0F; // h8
    t
};

/// For each piece code, all-ones masks for the sets it lives in:
/// `[pawns, knights, bishops, rooks]`.
static KIND_SETS: [[u64; 4]; 8] = {
    const O: u64 = !0;
    [
        [0, 0, 0, 0], // none
        [O, 0, 0, 0], // pawn
        [0, O, 0, 0], // knight
        [0, 0, O, 0], // bishop
        [0, 0, 0, O], // rook
        [0, 0, O, O], // queen
        [0, 0, 0, 0], // king (king_sq)
        [0, 0, 0, 0], // invalid
    ]
};

/// `(from, to, from bit, to bit)` of a move word.
#[inline(always)]
const fn endpoints(raw: u32) -> (u32, u32, u64, u64) {
    let from = raw & 63;
    let to = (raw >> 6) & 63;
    (from, to, 1u64 << from, 1u64 << to)
}

/// The castling rook's two squares (from | to) for the special codes 2
/// (O-O: h1, f1) and 3 (O-O-O: a1, d1) on the mover's back rank; 0 otherwise.
#[inline(always)]
const fn castle_rook_squares(special: u32, white: bool) -> u64 {
    let r = match special {
        2 => 0xA0u64,
        3 => 0x09u64,
        _ => 0,
    };
    if white {
        r
    } else {
        r << 56
    }
}

impl Position {
    /// The standard start position.
    pub const fn startpos() -> Position {
        Position {
            white: 0xFFFF,
            pawns: 0x00FF_0000_0000_FF00,
            knights: 0x4200_0000_0000_0042,
            bishops: 0x2C00_0000_0000_002C, // c, d (queen), f
            rooks: 0x8900_0000_0000_0089,   // a, d (queen), h
            king_sq: [4, 60],
            side: Color::White,
            castling: 0x0F,
            ep: 0,
        }
    }

    /// A position with only the two kings (white on `wk`, black on `bk`),
    /// white to move, no castling, no en passant. Used to build positions.
    pub const fn kings_only(wk: Square, bk: Square) -> Position {
        Position {
            white: wk.bit(),
            pawns: 0,
            knights: 0,
            bishops: 0,
            rooks: 0,
            king_sq: [wk.to_u8(), bk.to_u8()],
            side: Color::White,
            castling: 0,
            ep: 0,
        }
    }

    /// Puts a non-king piece on an empty square (used by builders; kings are
    /// set with [`Position::kings_only`]). Replaces whatever non-king piece was there.
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let b = sq.bit();
        self.pawns &= !b;
        self.knights &= !b;
        self.bishops &= !b;
        self.rooks &= !b;
        self.white &= !b;
        match piece.kind {
            PieceKind::Pawn => self.pawns |= b,
            PieceKind::Knight => self.knights |= b,
            PieceKind::Bishop => self.bishops |= b,
            PieceKind::Rook => self.rooks |= b,
            PieceKind::Queen => {
                self.bishops |= b;
                self.rooks |= b;
            }
            PieceKind::King => {
                self.king_sq[piece.color.index()] = sq.to_u8();
            }
        }
        if piece.color == Color::White {
            self.white |= b;
        }
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        self.side = side;
    }

    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.castling = rights & 0x0F;
    }

    pub(crate) fn set_ep_bits(&mut self, ep: u8) {
        self.ep = ep & 0x0F;
    }

    /// The `w` bitboard: all white pieces, white king included.
    pub const fn white(&self) -> u64 {
        self.white
    }
    /// Black pieces: `occupied & !white`.
    pub const fn black(&self) -> u64 {
        self.occupied() & !self.white
    }
    /// The `P` bitboard (pawns of both colors).
    pub const fn pawns(&self) -> u64 {
        self.pawns
    }
    /// The `N` bitboard (knights of both colors).
    pub const fn knights(&self) -> u64 {
        self.knights
    }
    /// The `B` bitboard: bishops and queens of both colors.
    pub const fn bishops(&self) -> u64 {
        self.bishops
    }
    /// The `R` bitboard: rooks and queens of both colors.
    pub const fn rooks(&self) -> u64 {
        self.rooks
    }
    /// Both kings as a bitboard.
    pub const fn kings(&self) -> u64 {
        (1u64 << (self.king_sq[0] & 63)) | (1u64 << (self.king_sq[1] & 63))
    }
    /// All occupied squares.
    pub const fn occupied(&self) -> u64 {
        self.pawns | self.knights | self.bishops | self.rooks | self.kings()
    }
    /// Pieces of one color.
    pub const fn by_color(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black(),
        }
    }
    /// Square of a king.
    pub const fn king_square(&self, color: Color) -> Square {
        Square::from_index_masked(self.king_sq[color as usize] as u32)
    }
    /// Side to move.
    pub const fn side_to_move(&self) -> Color {
        self.side
    }
    /// Castling rights, 4 bits: [`WHITE_KINGSIDE`] | [`WHITE_QUEENSIDE`] |
    /// [`BLACK_KINGSIDE`] | [`BLACK_QUEENSIDE`].
    pub const fn castling_rights(&self) -> u8 {
        self.castling
    }
    /// En-passant field, 4 bits: bit 3 valid, bits 0-2 file.
    pub const fn ep_bits(&self) -> u8 {
        self.ep
    }
    /// En-passant file (0 = a), if set.
    pub const fn ep_file(&self) -> Option<u8> {
        if self.ep & EP_VALID != 0 {
            Some(self.ep & 7)
        } else {
            None
        }
    }
    /// En-passant target square (the square the capturing pawn moves to), if set.
    pub const fn ep_square(&self) -> Option<Square> {
        match self.ep_file() {
            Some(f) => Square::from_coords(
                f,
                if matches!(self.side, Color::White) {
                    5
                } else {
                    2
                },
            ),
            None => None,
        }
    }

    /// One of the 12 piece sets (the king's is its single square).
    pub const fn piece_set(&self, color: Color, kind: PieceKind) -> u64 {
        let mine = self.by_color(color);
        let queens = self.bishops & self.rooks;
        match kind {
            PieceKind::Pawn => mine & self.pawns,
            PieceKind::Knight => mine & self.knights,
            PieceKind::Bishop => mine & self.bishops & !queens,
            PieceKind::Rook => mine & self.rooks & !queens,
            PieceKind::Queen => mine & queens,
            PieceKind::King => 1u64 << (self.king_sq[color as usize] & 63),
        }
    }

    /// The ten derived piece sets with their formulas, white first.
    pub fn derived_sets(&self) -> [DerivedSet; 10] {
        use Color::{Black, White};
        use PieceKind::*;
        let d = |name, color, kind, formula| DerivedSet {
            name,
            color,
            kind,
            formula,
            bits: self.piece_set(color, kind),
        };
        [
            d("wP", White, Pawn, "w & P"),
            d("wN", White, Knight, "w & N"),
            d("wQ", White, Queen, "w & B & R"),
            d("wB", White, Bishop, "w & B & ~wQ"),
            d("wR", White, Rook, "w & R & ~wQ"),
            d("bP", Black, Pawn, "~w & P"),
            d("bN", Black, Knight, "~w & N"),
            d("bQ", Black, Queen, "~w & B & R"),
            d("bB", Black, Bishop, "~w & B & ~bQ"),
            d("bR", Black, Rook, "~w & R & ~bQ"),
        ]
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = sq.bit();
        let kind = if self.king_sq[0] & 63 == sq.to_u8() || self.king_sq[1] & 63 == sq.to_u8() {
            PieceKind::King
        } else if self.pawns & b != 0 {
            PieceKind::Pawn
        } else if self.knights & b != 0 {
            PieceKind::Knight
        } else if self.bishops & self.rooks & b != 0 {
            PieceKind::Queen
        } else if self.bishops & b != 0 {
            PieceKind::Bishop
        } else if self.rooks & b != 0 {
            PieceKind::Rook
        } else {
            return None;
        };
        let color = if kind == PieceKind::King {
            if self.king_sq[0] & 63 == sq.to_u8() {
                Color::White
            } else {
                Color::Black
            }
        } else if self.white & b != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// Pieces of color `by` that attack `sq`, with blockers `occ`.
    pub fn attackers(&self, sq: Square, by: Color, occ: u64) -> u64 {
        let s = sq.index();
        let theirs = self.by_color(by);
        let t = sliders();
        let mut a = (KNIGHT[s] & self.knights)
            | (PAWN[by.other().index()][s] & self.pawns)
            | (KING[s] & self.piece_set(by, PieceKind::King));
        if BISHOP_RAYS[s] & self.bishops & theirs != 0 {
            a |= t.bishop(s, occ) & self.bishops;
        }
        if ROOK_RAYS[s] & self.rooks & theirs != 0 {
            a |= t.rook(s, occ) & self.rooks;
        }
        a & theirs
    }

    /// Enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> u64 {
        let k = self.king_square(self.side);
        self.attackers(k, self.side.other(), self.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// A position from its raw parts: the five bitboards `[w, P, N, B, R]`
    /// (as [`Position::boards`] returns them), the king squares `[white,
    /// black]`, the side to move, the castling rights and the en-passant
    /// field (4 bits each, masked: see [`Position::castling_rights`] and
    /// [`Position::ep_bits`]). Every input gives some `Position`; it is not
    /// checked for legality, use [`Position::validate`] for that.
    pub const fn from_parts(
        boards: [u64; 5],
        kings: [Square; 2],
        side: Color,
        castling: u8,
        ep: u8,
    ) -> Position {
        let [white, pawns, knights, bishops, rooks] = boards;
        Position {
            white,
            pawns,
            knights,
            bishops,
            rooks,
            king_sq: [kings[0].to_u8(), kings[1].to_u8()],
            side,
            castling: castling & 0x0F,
            ep: ep & 0x0F,
        }
    }

    /// The five bitboards `[w, P, N, B, R]`, in [`Position::from_parts`]'s order.
    pub const fn boards(&self) -> [u64; 5] {
        [
            self.white,
            self.pawns,
            self.knights,
            self.bishops,
            self.rooks,
        ]
    }

    /// Copy-make: the position after `m` (which must be a legal move of this
    /// position, e.g. from [`Position::legal_moves`]; any other `Move` gives an
    /// unspecified position but never panics).
    ///
    /// After a double push the en-passant file is set only if an enemy pawn
    /// stands next to the pawn (a capture is at least pseudo-legal), the same
    /// convention as Stockfish's FEN output; FEN parsing keeps any valid
    /// en-passant field as written.
    #[inline]
    pub fn play(&self, m: Move) -> Position {
        match self.side {
            Color::White => self.play_as(m, true),
            Color::Black => self.play_as(m, false),
        }
    }

    /// [`Position::play`] for a known mover (`white`); always inlined so that a
    /// constant `white` folds away.
    #[inline(always)]
    pub(crate) fn play_as(&self, m: Move, white: bool) -> Position {
        #[allow(non_snake_case)]
        let WHITE = white;
        let raw = m.raw();
        let (from, to, fb, tb) = endpoints(raw);
        let ft = fb | tb;
        let kind = ((raw >> 28) & 7) as usize;
        let sets = &KIND_SETS[kind];
        let mut p = *self;
        // Whatever stood on `to` is captured (en passant handled below).
        p.pawns = (p.pawns & !tb) ^ (ft & sets[0]);
        p.knights = (p.knights & !tb) ^ (ft & sets[1]);
        p.bishops = (p.bishops & !tb) ^ (ft & sets[2]);
        p.rooks = (p.rooks & !tb) ^ (ft & sets[3]);
        if WHITE {
            p.white ^= ft;
        } else {
            p.white &= !tb;
        }
        let us = if WHITE { 0 } else { 1 };
        if kind == 6 {
            p.king_sq[us] = to as u8;
        }
        p.ep = 0;
        let special = (raw >> 15) & 7;
        if special != 0 {
            match special {
                1 => {
                    // Double push: set the en-passant file only when an enemy
                    // pawn stands beside the target (a capture is possible).
                    let their_pawns = if WHITE {
                        p.pawns & !p.white
                    } else {
                        p.pawns & p.white
                    };
                    let ep_sq = ((from + to) / 2) as usize & 63;
                    if PAWN[us][ep_sq] & their_pawns != 0 {
                        p.ep = EP_VALID | (to & 7) as u8;
                    }
                }
                2 | 3 => {
                    let r = castle_rook_squares(special, WHITE);
                    p.rooks ^= r;
                    if WHITE {
                        p.white ^= r;
                    }
                }
                4 => {
                    let cap = !(1u64 << (to ^ 8));
                    p.pawns &= cap;
                    if !WHITE {
                        p.white &= cap;
                    }
                }
                5 => {
                    p.pawns &= !tb;
                    match (raw >> 18) & 3 {
                        0 => p.knights |= tb,
                        1 => p.bishops |= tb,
                        2 => p.rooks |= tb,
                        _ => {
                            p.bishops |= tb;
                            p.rooks |= tb;
                        }
                    }
                }
                _ => {}
            }
        }
        p.castling &= CASTLE_KEEP[from as usize] & CASTLE_KEEP[to as usize];
        p.side = if WHITE { Color::Black } else { Color::White };
        p
    }

    /// Make `m` in place (same result as [`Position::play`]).
    #[inline]
    pub fn make_move(&mut self, m: Move) {
        *self = self.play(m);
    }

    /// Undo `m`, which must be the last move made on this position; uses only
    /// the undo information stored in the move itself.
    pub fn unmake_move(&mut self, m: Move) {
        let raw = m.raw();
        let (from, to, fb, tb) = endpoints(raw);
        let ft = fb | tb;
        let mover = self.side.other();
        let white_mover = mover == Color::White;
        let kind = ((raw >> 28) & 7) as usize;
        let special = (raw >> 15) & 7;
        if special == 5 {
            self.knights &= !tb;
            self.bishops &= !tb;
            self.rooks &= !tb;
            self.pawns |= fb;
        } else {
            let sets = &KIND_SETS[kind];
            self.pawns ^= ft & sets[0];
            self.knights ^= ft & sets[1];
            self.bishops ^= ft & sets[2];
            self.rooks ^= ft & sets[3];
        }
        if white_mover {
            self.white ^= ft;
        }
        if kind == 6 {
            self.king_sq[mover.index()] = from as u8;
        }
        if special == 2 || special == 3 {
            let r = castle_rook_squares(special, white_mover);
            self.rooks ^= r;
            if white_mover {
                self.white ^= r;
            }
        }
        let captured = ((raw >> 12) & 7) as usize;
        if captured != 0 {
            let cb = if special == 4 { 1u64 << (to ^ 8) } else { tb };
            let sets = &KIND_SETS[captured];
            self.pawns |= cb & sets[0];
            self.knights |= cb & sets[1];
            self.bishops |= cb & sets[2];
            self.rooks |= cb & sets[3];
            if !white_mover {
                self.white |= cb;
            }
        }
        self.castling = m.castling_before();
        self.ep = m.ep_before();
        self.side = mover;
    }

    /// Code of the non-king piece kind on the square `b` (a one-bit mask):
    /// 0 none, 1 pawn .. 5 queen. Branch-free.
    #[inline(always)]
    pub(crate) fn captured_code(&self, b: u64) -> u32 {
        let p = (self.pawns & b != 0) as u32;
        let n = (self.knights & b != 0) as u32;
        let bi = (self.bishops & b != 0) as u32;
        let r = (self.rooks & b != 0) as u32;
        p + 2 * n + 3 * bi + 4 * r - 2 * (bi & r)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size() {
        assert_eq!(std::mem::size_of::<Position>(), 48);
    }

    #[test]
    fn startpos_sets() {
        let p = Position::startpos();
        assert_eq!(
            p.piece_set(Color::White, PieceKind::Queen),
            Square::D1.bit()
        );
        assert_eq!(
            p.piece_set(Color::Black, PieceKind::Queen),
            Square::D8.bit()
        );
        assert_eq!(
            p.piece_set(Color::Black, PieceKind::Rook),
            Square::A8.bit() | Square::H8.bit()
        );
        assert_eq!(
            p.piece_set(Color::White, PieceKind::Bishop),
            Square::C1.bit() | Square::F1.bit()
        );
        assert_eq!(p.occupied(), 0xFFFF_0000_0000_FFFF);
        let sets = p.derived_sets();
        let total: u32 = sets.iter().map(|s| s.bits.count_ones()).sum();
        assert_eq!(total, 30);
        assert_eq!(sets[2].formula, "w & B & R");
    }

    #[test]
    fn parts_round_trip() {
        let p = Position::startpos();
        let kings = [p.king_square(Color::White), p.king_square(Color::Black)];
        let q = Position::from_parts(
            p.boards(),
            kings,
            p.side_to_move(),
            p.castling_rights(),
            p.ep_bits(),
        );
        assert_eq!(q, p);
    }
}
