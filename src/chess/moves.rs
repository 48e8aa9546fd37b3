//! The move word: one `u32` per move holding everything needed to undo it.
//!
//! The CPU's make / unmake ([`super::position::Position::play`],
//! [`super::position::Position::unmake_move`]) and the GPU kernel's move
//! stack (`gpu/kernels/perft.wgsl`, one word per ply) use the same bits; this module
//! is their one definition ([`MOVE_FIELDS`] is the field table, and
//! `gpu::layout`'s tests check the kernel's constants against it). It lives
//! in `chess` rather than in `gpu` because the CPU needs it and `chess`
//! never imports `gpu`.
//!
//! ```text
//!  31 30  28 27  24 23  20 19 18 17  15 14  12 11     6 5      0
//! +--+------+------+------+-----+------+------+--------+--------+
//! |0 |piece |ep bef|castle|promo|specl | capt |   to   |  from  |
//! +--+------+------+------+-----+------+------+--------+--------+
//!   piece   1 pawn 2 knight 3 bishop 4 rook 5 queen 6 king ([`PieceKind`] codes)
//!   capt    0 none, 1..5 as piece
//!   special 0 normal 1 double push 2 O-O 3 O-O-O 4 en passant 5 promotion
//!   promo   0 knight 1 bishop 2 rook 3 queen
//!   castle  castling rights before the move; ep bef: en passant before (bit 3 valid)
//! ```
//!
//! Bit 31 stays zero: the kernel uses `0xffffffff` as "no move".
//!
//! ```
//! use bitscope::chess::moves::{Move, Special};
//! use bitscope::chess::{PieceKind, Square};
//! // e2-e4: a pawn double push, all castling rights before it
//! let m = Move::pack(12, 28, 0, Special::DoublePush as u32, 0, 0b1111, 0, PieceKind::Pawn.code());
//! assert_eq!((m.from(), m.to()), (Square::E2, Square::E4));
//! assert_eq!(m.to_uci(), "e2e4");
//! assert_eq!(m.raw(), 12 | 28 << 6 | 1 << 15 | 0b1111 << 20 | 1 << 28);
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::bits::piece::PieceKind;
use crate::bits::square::Square;

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

/// The four castling rights with their FEN letters, in FEN order.
pub const CASTLING_LETTERS: [(u8, char); 4] = [
    (WHITE_KINGSIDE, 'K'),
    (WHITE_QUEENSIDE, 'Q'),
    (BLACK_KINGSIDE, 'k'),
    (BLACK_QUEENSIDE, 'q'),
];

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

/// The special-move field of a [`Move`] (bits 15-17), its code 0 to 5 in
/// the order below.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum Special {
    /// Ordinary move or capture.
    Normal,
    /// Pawn double push.
    DoublePush,
    /// Castle king side (O-O).
    CastleKingside,
    /// Castle queen side (O-O-O).
    CastleQueenside,
    /// En-passant capture.
    EnPassant,
    /// Promotion (piece in bits 18-19).
    Promotion,
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
    for (bit, c) in CASTLING_LETTERS {
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
        assert_eq!(std::mem::size_of::<Move>(), 4);
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

    #[test]
    fn castling_letters() {
        assert_eq!(castling_string(0), "-");
        assert_eq!(castling_string(0x0F), "KQkq");
        assert_eq!(castling_string(WHITE_KINGSIDE | BLACK_QUEENSIDE), "Kq");
    }
}
