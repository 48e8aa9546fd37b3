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
//! # GPU packed form ([`GPU_WORDS`] = 11 `u32`)
//!
//! ```text
//! word  0  1 | 2  3 | 4  5 | 6  7 | 8  9 | 10
//!      white | pawns|knight|bishop| rooks| flags      (each: lo = bits 0..31,
//!                                                      hi = bits 32..63)
//! word 10:
//!  31        21 20  17 16   13  12  11      6 5       0
//! +------------+------+-------+---+---------+---------+
//! |   unused   |  ep  | castle|stm| black K | white K |
//! +------------+------+-------+---+---------+---------+
//!   ep (4 bits): bit 3 = valid, bits 0-2 = file
//!   castle (4 bits): bit 0 white O-O, 1 white O-O-O, 2 black O-O, 3 black O-O-O
//!   stm: 0 = white to move, 1 = black
//! ```
//!
//! # Moves
//!
//! A [`Move`] is one `u32` holding everything needed to undo it:
//!
//! ```text
//!  31 30  28 27  24 23  20 19 18 17  15 14  12 11     6 5      0
//! +--+------+------+------+-----+------+------+--------+--------+
//! |0 |piece |ep bef|castle|promo|specl | capt |   to   |  from  |
//! +--+------+------+------+-----+------+------+--------+--------+
//!   piece   1 pawn 2 knight 3 bishop 4 rook 5 queen 6 king
//!   capt    0 none, 1..5 as piece
//!   special 0 normal 1 double push 2 O-O 3 O-O-O 4 en passant 5 promotion
//!   promo   0 knight 1 bishop 2 rook 3 queen
//!   castle  castling rights before the move; ep bef: en passant before (bit 3 valid)
//! ```

use std::fmt;
use std::ops::Not;

use serde::{Deserialize, Serialize};

use super::attacks::{BISHOP_RAYS, KING, KNIGHT, PAWN, ROOK_RAYS};
use super::magics::sliders;
use super::square::Square;

/// White can castle king side (O-O).
pub const WHITE_KINGSIDE: u8 = 1;
/// White can castle queen side (O-O-O).
pub const WHITE_QUEENSIDE: u8 = 2;
/// Black can castle king side.
pub const BLACK_KINGSIDE: u8 = 4;
/// Black can castle queen side.
pub const BLACK_QUEENSIDE: u8 = 8;
/// Bit 3 of the 4-bit en-passant field: an en-passant file is set.
pub const EP_VALID: u8 = 8;

/// Number of `u32` words of the GPU packed position ([`Position::to_gpu`]).
///
/// ```text
/// word:   0     1     2     3     4     5     6     7     8     9    10
///       w.lo  w.hi  P.lo  P.hi  N.lo  N.hi  B.lo  B.hi  R.lo  R.hi  flags
///
/// flags:  bits 0-5 white king square | bits 6-11 black king square
///         bit 12 side to move (1 = black) | bits 13-16 castling rights
///         bits 17-20 en passant (bit 3 = valid, bits 0-2 = file) | 21-31 zero
/// ```
///
/// `lo` holds squares a1..h4 (bits 0..31), `hi` squares a5..h8 (bits 32..63).
pub const GPU_WORDS: usize = 11;

/// The fields of the GPU packed form: `(name, word, shift, bits)`, for a UI
/// or a kernel generator. Bitboards are split over two words (lo, hi).
pub const GPU_FIELDS: &[(&str, usize, u32, u32)] = &[
    ("white (w) lo", 0, 0, 32),
    ("white (w) hi", 1, 0, 32),
    ("pawns (P) lo", 2, 0, 32),
    ("pawns (P) hi", 3, 0, 32),
    ("knights (N) lo", 4, 0, 32),
    ("knights (N) hi", 5, 0, 32),
    ("bishops+queens (B) lo", 6, 0, 32),
    ("bishops+queens (B) hi", 7, 0, 32),
    ("rooks+queens (R) lo", 8, 0, 32),
    ("rooks+queens (R) hi", 9, 0, 32),
    ("white king square", 10, 0, 6),
    ("black king square", 10, 6, 6),
    ("side to move", 10, 12, 1),
    ("castling rights", 10, 13, 4),
    ("en passant", 10, 17, 4),
];

/// Side / piece color.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum Color {
    /// White (index 0).
    White = 0,
    /// Black (index 1).
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

/// Piece kind, numbered as in the move encoding (1 pawn .. 6 king).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn (1).
    Pawn = 1,
    /// Knight (2).
    Knight = 2,
    /// Bishop (3).
    Bishop = 3,
    /// Rook (4).
    Rook = 4,
    /// Queen (5).
    Queen = 5,
    /// King (6).
    King = 6,
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

    /// The code used in [`Move`] (1 pawn .. 6 king).
    pub const fn code(self) -> u32 {
        self as u32
    }

    /// Kind from its code, `None` for 0 and 7.
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
    /// FEN letter: upper case for white.
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
        let kind = match c.to_ascii_lowercase() {
            'p' => PieceKind::Pawn,
            'n' => PieceKind::Knight,
            'b' => PieceKind::Bishop,
            'r' => PieceKind::Rook,
            'q' => PieceKind::Queen,
            'k' => PieceKind::King,
            _ => return None,
        };
        Some(Piece { color, kind })
    }
}

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
/// [`Position::from_gpu`] does not check them (see [`Position::validate`]);
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

    /// Packs the position into [`GPU_WORDS`] `u32`s (layout in the module docs).
    pub const fn to_gpu(&self) -> [u32; GPU_WORDS] {
        let flags = (self.king_sq[0] as u32 & 63)
            | ((self.king_sq[1] as u32 & 63) << 6)
            | ((self.side as u32) << 12)
            | ((self.castling as u32 & 0x0F) << 13)
            | ((self.ep as u32 & 0x0F) << 17);
        [
            self.white as u32,
            (self.white >> 32) as u32,
            self.pawns as u32,
            (self.pawns >> 32) as u32,
            self.knights as u32,
            (self.knights >> 32) as u32,
            self.bishops as u32,
            (self.bishops >> 32) as u32,
            self.rooks as u32,
            (self.rooks >> 32) as u32,
            flags,
        ]
    }

    /// Unpacks [`Position::to_gpu`]'s words. Every word pattern gives some
    /// `Position` (unused bits are ignored, fields are masked); it is not
    /// checked for legality, use [`Position::validate`] for that.
    pub const fn from_gpu(w: [u32; GPU_WORDS]) -> Position {
        const fn bb(w: &[u32; GPU_WORDS], i: usize) -> u64 {
            (w[i] as u64) | ((w[i + 1] as u64) << 32)
        }
        let f = w[10];
        Position {
            white: bb(&w, 0),
            pawns: bb(&w, 2),
            knights: bb(&w, 4),
            bishops: bb(&w, 6),
            rooks: bb(&w, 8),
            king_sq: [(f & 63) as u8, ((f >> 6) & 63) as u8],
            side: if (f >> 12) & 1 == 1 {
                Color::Black
            } else {
                Color::White
            },
            castling: ((f >> 13) & 0x0F) as u8,
            ep: ((f >> 17) & 0x0F) as u8,
        }
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
        let raw = m.0;
        let from = raw & 63;
        let to = (raw >> 6) & 63;
        let fb = 1u64 << from;
        let tb = 1u64 << to;
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
                2 => {
                    let r = if WHITE { 0xA0u64 } else { 0xA0u64 << 56 };
                    p.rooks ^= r;
                    if WHITE {
                        p.white ^= r;
                    }
                }
                3 => {
                    let r = if WHITE { 0x09u64 } else { 0x09u64 << 56 };
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
        let raw = m.0;
        let from = raw & 63;
        let to = (raw >> 6) & 63;
        let fb = 1u64 << from;
        let tb = 1u64 << to;
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
        let rank_shift = if white_mover { 0 } else { 56 };
        match special {
            2 => {
                let r = 0xA0u64 << rank_shift;
                self.rooks ^= r;
                if white_mover {
                    self.white ^= r;
                }
            }
            3 => {
                let r = 0x09u64 << rank_shift;
                self.rooks ^= r;
                if white_mover {
                    self.white ^= r;
                }
            }
            _ => {}
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

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_fen())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = String::deserialize(d)?;
        Position::from_fen(&s).map_err(serde::de::Error::custom)
    }
}

/// The fields of a [`Move`]: `(name, shift, bits)`, low bits first.
pub const MOVE_FIELDS: &[(&str, u32, u32)] = &[
    ("from", 0, 6),
    ("to", 6, 6),
    ("captured", 12, 3),
    ("special", 15, 3),
    ("promotion", 18, 2),
    ("castling before", 20, 4),
    ("en passant before", 24, 4),
    ("piece", 28, 3),
];

/// The special-move field of a [`Move`] (bits 15-17).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum Special {
    /// Ordinary move or capture.
    Normal = 0,
    /// Pawn double push.
    DoublePush = 1,
    /// Castle king side (O-O).
    CastleKingside = 2,
    /// Castle queen side (O-O-O).
    CastleQueenside = 3,
    /// En-passant capture.
    EnPassant = 4,
    /// Promotion (piece in bits 18-19).
    Promotion = 5,
}

impl Special {
    /// From the 3-bit code; `None` for 6 and 7.
    pub const fn from_code(c: u32) -> Option<Special> {
        match c {
            0 => Some(Special::Normal),
            1 => Some(Special::DoublePush),
            2 => Some(Special::CastleKingside),
            3 => Some(Special::CastleQueenside),
            4 => Some(Special::EnPassant),
            5 => Some(Special::Promotion),
            _ => None,
        }
    }

    /// Human-readable name.
    pub const fn name(self) -> &'static str {
        match self {
            Special::Normal => "normal",
            Special::DoublePush => "double pawn push",
            Special::CastleKingside => "castle king side",
            Special::CastleQueenside => "castle queen side",
            Special::EnPassant => "en passant",
            Special::Promotion => "promotion",
        }
    }
}

/// A move packed in one `u32`, with everything needed to undo it (layout in
/// the module docs and in [`MOVE_FIELDS`]). The GPU kernel uses the same layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Move(u32);

impl Move {
    /// Packs the fields; every argument is masked to its width.
    #[allow(clippy::too_many_arguments)]
    pub const fn pack(
        from: u32,
        to: u32,
        captured: u32,
        special: u32,
        promotion: u32,
        castling_before: u32,
        ep_before: u32,
        piece: u32,
    ) -> Move {
        Move(
            (from & 63)
                | ((to & 63) << 6)
                | ((captured & 7) << 12)
                | ((special & 7) << 15)
                | ((promotion & 3) << 18)
                | ((castling_before & 15) << 20)
                | ((ep_before & 15) << 24)
                | ((piece & 7) << 28),
        )
    }

    /// Wraps a raw `u32` (as stored by the GPU kernel).
    pub const fn from_raw(raw: u32) -> Move {
        Move(raw)
    }
    /// The raw `u32`.
    pub const fn raw(self) -> u32 {
        self.0
    }
    /// Value of the field `(shift, bits)`.
    pub const fn field(self, shift: u32, bits: u32) -> u32 {
        (self.0 >> shift) & ((1 << bits) - 1)
    }
    /// Origin square (bits 0-5).
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0)
    }
    /// Target square (bits 6-11); for castling the king's target (g1, c1, ...).
    pub const fn to(self) -> Square {
        Square::from_index_masked(self.0 >> 6)
    }
    /// Captured kind code (bits 12-14): 0 none, 1 pawn .. 5 queen.
    pub const fn captured_code(self) -> u32 {
        (self.0 >> 12) & 7
    }
    /// Captured piece kind, if the move captures (en passant captures a pawn).
    pub const fn captured(self) -> Option<PieceKind> {
        PieceKind::from_code(self.captured_code())
    }
    /// Special code (bits 15-17).
    pub const fn special_code(self) -> u32 {
        (self.0 >> 15) & 7
    }
    /// Special field, `None` for the unused codes 6 and 7.
    pub const fn special(self) -> Option<Special> {
        Special::from_code(self.special_code())
    }
    /// Promotion piece if this is a promotion.
    pub const fn promotion(self) -> Option<PieceKind> {
        if self.special_code() == 5 {
            PieceKind::from_code(((self.0 >> 18) & 3) + 2)
        } else {
            None
        }
    }
    /// Castling rights before the move (bits 20-23).
    pub const fn castling_before(self) -> u8 {
        ((self.0 >> 20) & 15) as u8
    }
    /// En-passant field before the move (bits 24-27: bit 3 valid, 0-2 file).
    pub const fn ep_before(self) -> u8 {
        ((self.0 >> 24) & 15) as u8
    }
    /// Moving piece code (bits 28-30): 1 pawn .. 6 king.
    pub const fn piece_code(self) -> u32 {
        (self.0 >> 28) & 7
    }
    /// Moving piece kind (`None` only for hand-made moves with code 0 or 7).
    pub const fn piece(self) -> Option<PieceKind> {
        PieceKind::from_code(self.piece_code())
    }
    /// Whether the move captures.
    pub const fn is_capture(self) -> bool {
        self.captured_code() != 0
    }

    /// UCI notation: `e2e4`, `e7e8q`, castling as the king's move (`e1g1`).
    pub fn to_uci(self) -> String {
        let mut s = format!("{}{}", self.from(), self.to());
        if let Some(p) = self.promotion() {
            s.push(p.char());
        }
        s
    }

    /// `(name, shift, bits, value)` for each field of [`MOVE_FIELDS`].
    pub fn fields(self) -> [(&'static str, u32, u32, u32); 8] {
        let mut out = [("", 0, 0, 0); 8];
        for (o, &(name, shift, bits)) in out.iter_mut().zip(MOVE_FIELDS) {
            *o = (name, shift, bits, self.field(shift, bits));
        }
        out
    }

    /// One line per field with its decoded meaning, for display.
    pub fn describe(self) -> String {
        let kind = |c: u32| PieceKind::from_code(c).map_or("none", PieceKind::name);
        let mut s = format!("{} (0x{:08x})\n", self.to_uci(), self.0);
        for (name, shift, bits, v) in self.fields() {
            let meaning = match name {
                "from" | "to" => Square::from_index_masked(v).to_string(),
                "captured" | "piece" => kind(v).to_string(),
                "special" => Special::from_code(v)
                    .map_or("invalid", Special::name)
                    .to_string(),
                "promotion" => kind(v + 2).to_string(),
                "castling before" => castling_string(v as u8),
                _ => {
                    if v & 8 != 0 {
                        format!("file {}", (b'a' + (v & 7) as u8) as char)
                    } else {
                        "none".to_string()
                    }
                }
            };
            s.push_str(&format!(
                "bits {:>2}-{:<2} {:<18} = {:>2}  {}\n",
                shift,
                shift + bits - 1,
                name,
                v,
                meaning
            ));
        }
        s
    }
}

/// FEN castling string of a 4-bit rights mask (`"KQkq"`, `"-"`).
pub fn castling_string(rights: u8) -> String {
    let mut s = String::new();
    for (bit, c) in [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')] {
        if rights & bit != 0 {
            s.push(c);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({} {:#010x})", self.to_uci(), self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size() {
        assert_eq!(std::mem::size_of::<Position>(), 48);
        assert_eq!(std::mem::size_of::<Move>(), 4);
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
    fn gpu_round_trip() {
        let p = Position::startpos();
        let w = p.to_gpu();
        assert_eq!(w[0], 0xFFFF);
        assert_eq!(w[1], 0);
        assert_eq!(w[10], 4 | (60 << 6) | (0xF << 13));
        assert_eq!(Position::from_gpu(w), p);
    }

    #[test]
    fn gpu_fields_describe_to_gpu() {
        let p = Position::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 1").unwrap();
        let w = p.to_gpu();
        let get = |name: &str| {
            let &(_, word, shift, bits) = GPU_FIELDS.iter().find(|f| f.0 == name).unwrap();
            (w[word] >> shift) & (((1u64 << bits) - 1) as u32)
        };
        assert_eq!(get("white king square"), 4);
        assert_eq!(get("black king square"), 60);
        assert_eq!(get("side to move"), 0);
        assert_eq!(
            get("castling rights"),
            (WHITE_KINGSIDE | BLACK_QUEENSIDE) as u32
        );
        assert_eq!(get("en passant"), 8 | 3);
        assert_eq!(get("pawns (P) hi"), (1 << (35 - 32)) | (1 << (36 - 32)));
        assert_eq!(w[10] >> 21, 0);
    }

    #[test]
    fn move_fields() {
        let m = Move::pack(12, 28, 0, 1, 0, 0xF, 0, 1);
        assert_eq!(m.to_uci(), "e2e4");
        assert_eq!(m.special(), Some(Special::DoublePush));
        assert_eq!(m.piece(), Some(PieceKind::Pawn));
        assert_eq!(m.castling_before(), 0xF);
        let p = Move::pack(52, 60, 4, 5, 3, 0, 0, 1);
        assert_eq!(p.to_uci(), "e7e8q");
        assert_eq!(p.captured(), Some(PieceKind::Rook));
        assert!(p.describe().contains("promotion"));
        let total: u32 = MOVE_FIELDS.iter().map(|f| f.2).sum();
        assert_eq!(total, 31);
    }
}

/// What one way of storing a position costs, for the size table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LayoutCost {
    pub name: &'static str,
    /// Bits of information the layout holds.
    pub bits: u32,
    /// Bytes it takes in memory.
    pub bytes: u32,
    pub how: &'static str,
}

/// The layouts of the memory-vs-speed design, computed from the real types
/// where the project has them.
pub fn layout_costs() -> Vec<LayoutCost> {
    let board_state = 5 * u64::BITS + 2 * 8; // five bitboards + two king squares
    let flags = 1 + 4 + 4; // side to move, castling rights, en passant (valid + file)
    vec![
        LayoutCost {
            name: "5 bitboards + king squares (this Position)",
            bits: board_state + flags,
            bytes: std::mem::size_of::<Position>() as u32,
            how: "w, P, N, B, R as u64 + 2 king squares = 42 B of board, then side / castling / en passant bytes, padded to 8-byte alignment",
        },
        LayoutCost {
            name: "the same, packed for the GPU",
            bits: (GPU_WORDS as u32) * 32,
            bytes: (GPU_WORDS * std::mem::size_of::<u32>()) as u32,
            how: "11 x u32: 10 words of bitboards + 1 word of kings and flags",
        },
        LayoutCost {
            name: "9-bit piece list",
            bits: 32 * 9 + flags,
            bytes: (32 * 9 + flags).div_ceil(8),
            how: "32 pieces x (6-bit square + 3-bit type) + 9 flag bits = 297 bits",
        },
        LayoutCost {
            name: "16-bit piece list",
            bits: 32 * 16,
            bytes: 32 * std::mem::size_of::<u16>() as u32,
            how: "32 pieces x u16, flags hidden in the spare high bits",
        },
        LayoutCost {
            name: "14 bitboards (Crafty-style)",
            bits: 14 * 64,
            bytes: 14 * std::mem::size_of::<u64>() as u32,
            how: "7 bitboards per side",
        },
        LayoutCost {
            name: "nibble board",
            bits: 64 * 4,
            bytes: 64 * 4 / 8,
            how: "64 squares x 4-bit piece code, 2 squares per byte",
        },
    ]
}

/// Workgroup ("shared") memory that a GPU design needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SharedMemoryBudget {
    pub positions: u32,
    pub stacks: u32,
    pub total: u32,
}

impl SharedMemoryBudget {
    /// `threads x position_bytes + threads x plies x move_bytes`.
    pub fn new(threads: u32, position_bytes: u32, plies: u32, move_bytes: u32) -> Self {
        let positions = threads.saturating_mul(position_bytes);
        let stacks = threads.saturating_mul(plies).saturating_mul(move_bytes);
        SharedMemoryBudget {
            positions,
            stacks,
            total: positions.saturating_add(stacks),
        }
    }

    /// Whether it fits in `limit` bytes.
    pub fn fits(&self, limit: u32) -> bool {
        self.total <= limit
    }
}

#[cfg(test)]
mod layout_tests {
    use super::*;

    #[test]
    fn the_designs_numbers() {
        let b = SharedMemoryBudget::new(64, 42, 50, 4);
        assert_eq!((b.positions, b.stacks, b.total), (2688, 12800, 15488));
        assert!(b.fits(16 * 1024));
        let costs = layout_costs();
        let by_name = |n: &str| {
            costs
                .iter()
                .find(|c| c.name.starts_with(n))
                .unwrap()
                .clone()
        };
        assert_eq!(by_name("9-bit").bits, 297);
        assert_eq!(by_name("9-bit").bytes, 38);
        assert_eq!(by_name("16-bit").bytes, 64);
        assert_eq!(by_name("14 bitboards").bytes, 112);
        assert_eq!(by_name("nibble").bytes, 32);
        assert_eq!(by_name("the same, packed").bytes, 44);
        assert_eq!(by_name("5 bitboards").bits, 5 * 64 + 16 + 9);
    }
}
