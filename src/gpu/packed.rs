//! The packed position: a [`Position`] as the kernel reads it, 11 x u32 = 44
//! bytes ([`POS_WORDS`], [`POS_BYTES`]).
//!
//! `a1` = bit 0, `h8` = bit 63; word `2k` holds squares 0..31 of board `k`
//! (`lo`), word `2k + 1` squares 32..63 (`hi`). [`FIELDS`] is the same table
//! in code, and [`pack`] / [`unpack`] are the one conversion between it and a
//! [`Position`] (`perft.wgsl` reads the words with the same shifts; its
//! header points here).
//!
//! ```text
//! word  0  1 | 2  3 | 4  5 | 6  7 | 8  9 | 10
//!      white | pawns|knight|bishop| rooks| meta        bishop = B and Q,
//!                                                      rook   = R and Q
//! word 10 (meta, see Meta):
//!  31        21 20  17 16   13  12  11      6 5       0
//! +------------+------+-------+---+---------+---------+
//! |   unused   |  ep  | castle|stm| black K | white K |
//! +------------+------+-------+---+---------+---------+
//!   ep (4 bits): bit 3 = valid, bits 0-2 = file
//!   castle (4 bits): bit 0 white O-O, 1 white O-O-O, 2 black O-O, 3 black O-O-O
//!   stm: 0 = white to move, 1 = black
//! ```
//!
//! ```
//! use bitscope::chess::Position;
//! use bitscope::gpu::packed::{pack, unpack, Meta, META_WORD};
//! let p = Position::startpos();
//! let w = pack(&p);
//! assert_eq!(w[0], 0xffff); // white pieces: ranks 1 and 2
//! assert_eq!(Meta::unpack(w[META_WORD]).black_king, 60); // e8
//! assert_eq!(unpack(&w), p);
//! ```

use serde::{Deserialize, Serialize};

use crate::chess::{Color, Position, Square};

/// Words of one packed position.
pub const POS_WORDS: usize = 11;
/// Bytes of one packed position.
pub const POS_BYTES: usize = POS_WORDS * std::mem::size_of::<u32>();
/// The word that holds the king squares and the flags ([`Meta`]).
pub const META_WORD: usize = 10;
/// One position as the kernel reads it.
pub type Packed = [u32; POS_WORDS];

/// One field of the packed position: `bits` bits at `shift` in word `word`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Field {
    /// What it holds, e.g. `"pawns (P) hi"`, `"en passant"`.
    pub name: &'static str,
    /// Word index, `0..POS_WORDS`.
    pub word: usize,
    /// Lowest bit.
    pub shift: u32,
    /// Width in bits.
    pub bits: u32,
}

impl Field {
    const fn new(name: &'static str, word: usize, shift: u32, bits: u32) -> Field {
        Field {
            name,
            word,
            shift,
            bits,
        }
    }

    /// All-ones mask of the field's width, unshifted.
    pub const fn mask(self) -> u32 {
        if self.bits >= 32 {
            u32::MAX
        } else {
            (1 << self.bits) - 1
        }
    }

    /// The field's value in `packed`.
    pub const fn get(self, packed: &Packed) -> u32 {
        (packed[self.word] >> self.shift) & self.mask()
    }

    /// The field's value in its word `word`.
    const fn read(self, word: u32) -> u32 {
        (word >> self.shift) & self.mask()
    }

    /// `value` masked to the field's width and moved into place.
    const fn place(self, value: u32) -> u32 {
        (value & self.mask()) << self.shift
    }
}

/// White king square (word 10, bits 0-5).
pub const WHITE_KING: Field = Field::new("white king square", META_WORD, 0, 6);
/// Black king square (word 10, bits 6-11).
pub const BLACK_KING: Field = Field::new("black king square", META_WORD, 6, 6);
/// Side to move, 1 = black (word 10, bit 12).
pub const SIDE_TO_MOVE: Field = Field::new("side to move", META_WORD, 12, 1);
/// Castling rights `K Q k q` = bits 0..3 (word 10, bits 13-16).
pub const CASTLING: Field = Field::new("castling rights", META_WORD, 13, 4);
/// En passant: bit 3 valid, bits 0-2 file (word 10, bits 17-20).
pub const EN_PASSANT: Field = Field::new("en passant", META_WORD, 17, 4);

/// Every field of the packed position, word order; the five bitboards
/// `[w, P, N, B, R]` are split over two words each (lo, hi).
pub const FIELDS: [Field; 15] = [
    Field::new("white (w) lo", 0, 0, 32),
    Field::new("white (w) hi", 1, 0, 32),
    Field::new("pawns (P) lo", 2, 0, 32),
    Field::new("pawns (P) hi", 3, 0, 32),
    Field::new("knights (N) lo", 4, 0, 32),
    Field::new("knights (N) hi", 5, 0, 32),
    Field::new("bishops+queens (B) lo", 6, 0, 32),
    Field::new("bishops+queens (B) hi", 7, 0, 32),
    Field::new("rooks+queens (R) lo", 8, 0, 32),
    Field::new("rooks+queens (R) hi", 9, 0, 32),
    WHITE_KING,
    BLACK_KING,
    SIDE_TO_MOVE,
    CASTLING,
    EN_PASSANT,
];

/// Packs a position into the kernel's 11 words (layout in the module docs).
pub fn pack(p: &Position) -> Packed {
    let mut w = [0u32; POS_WORDS];
    for (k, b) in p.boards().into_iter().enumerate() {
        w[2 * k] = b as u32;
        w[2 * k + 1] = (b >> 32) as u32;
    }
    w[META_WORD] = WHITE_KING.place(p.king_square(Color::White).to_u8().into())
        | BLACK_KING.place(p.king_square(Color::Black).to_u8().into())
        | SIDE_TO_MOVE.place(p.side_to_move() as u32)
        | CASTLING.place(p.castling_rights().into())
        | EN_PASSANT.place(p.ep_bits().into());
    w
}

/// Unpacks [`pack`]'s words. Every word pattern gives some [`Position`]
/// (unused bits are ignored, fields are masked); it is not checked for
/// legality: [`check_packed`] checks what the kernel needs,
/// [`Position::validate`] what a game needs.
pub fn unpack(w: &Packed) -> Position {
    let m = w[META_WORD];
    let square = |f: Field| Square::from_index_masked(f.read(m));
    let side = if SIDE_TO_MOVE.read(m) == 1 {
        Color::Black
    } else {
        Color::White
    };
    Position::from_parts(
        std::array::from_fn(|k| board(w, k)),
        [square(WHITE_KING), square(BLACK_KING)],
        side,
        CASTLING.read(m) as u8,
        EN_PASSANT.read(m) as u8,
    )
}

/// A 64-bit board from its (lo, hi) words: `pair` 0 white, 1 pawns,
/// 2 knights, 3 bishop-likes, 4 rook-likes.
pub fn board(packed: &Packed, pair: usize) -> u64 {
    u64::from(packed[2 * pair]) | u64::from(packed[2 * pair + 1]) << 32
}

/// The fields of word 10 of a packed position, decoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meta {
    /// White king square, 0..63.
    pub white_king: u32,
    /// Black king square, 0..63.
    pub black_king: u32,
    /// true when black is to move.
    pub black_to_move: bool,
    /// bit 0 white O-O, bit 1 white O-O-O, bit 2 black O-O, bit 3 black O-O-O.
    pub castling: u32,
    /// File of the en passant square, when there is one.
    pub ep_file: Option<u32>,
}

impl Meta {
    /// Decodes word 10.
    pub fn unpack(word: u32) -> Meta {
        let ep = EN_PASSANT.read(word);
        Meta {
            white_king: WHITE_KING.read(word),
            black_king: BLACK_KING.read(word),
            black_to_move: SIDE_TO_MOVE.read(word) == 1,
            castling: CASTLING.read(word),
            ep_file: (ep & 8 != 0).then_some(ep & 7),
        }
    }

    /// Encodes word 10.
    pub fn pack(self) -> u32 {
        WHITE_KING.place(self.white_king)
            | BLACK_KING.place(self.black_king)
            | SIDE_TO_MOVE.place(self.black_to_move.into())
            | CASTLING.place(self.castling)
            | EN_PASSANT.place(self.ep_file.map_or(0, |f| 8 | (f & 7)))
    }
}

/// White is to move in the packed position.
pub fn white_to_move(p: &Packed) -> bool {
    SIDE_TO_MOVE.read(p[SIDE_TO_MOVE.word]) == 0
}

/// Checks what the kernel relies on: boards disjoint where they must be, each
/// side one king, kings off the piece boards. Returns a readable reason.
pub fn check_packed(p: &Packed) -> Result<(), String> {
    let (w, pawns, knights, bishops, rooks) = (
        board(p, 0),
        board(p, 1),
        board(p, 2),
        board(p, 3),
        board(p, 4),
    );
    let meta = Meta::unpack(p[META_WORD]);
    let kings = 1u64 << meta.white_king | 1u64 << meta.black_king;
    if meta.white_king == meta.black_king {
        return Err("both kings on one square".into());
    }
    let pieces = pawns | knights | bishops | rooks;
    if pieces & kings != 0 {
        return Err("a king shares its square with a piece".into());
    }
    if pawns & (knights | bishops | rooks) != 0 || knights & (bishops | rooks) != 0 {
        return Err("two piece kinds on one square".into());
    }
    if w & !(pieces | kings) != 0 {
        return Err("white-pieces board has a bit on an empty square".into());
    }
    if w & 1u64 << meta.black_king != 0 {
        return Err("black king on the white-pieces board".into());
    }
    if pawns & 0xff00_0000_0000_00ff != 0 {
        return Err("pawn on the first or last rank".into());
    }
    if let Some(file) = meta.ep_file {
        // the square a capturing pawn moves to (rank 6 or 3) must be empty
        let sq = if meta.black_to_move {
            16 + file
        } else {
            40 + file
        };
        if (pieces | kings) & 1u64 << sq != 0 {
            return Err("en passant square is occupied".into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::moves::{BLACK_QUEENSIDE, WHITE_KINGSIDE};
    use crate::chess::FenError;

    #[test]
    fn gpu_round_trip() {
        let p = Position::startpos();
        let w = pack(&p);
        assert_eq!(w[0], 0xFFFF);
        assert_eq!(w[1], 0);
        assert_eq!(w[10], 4 | (60 << 6) | (0xF << 13));
        assert_eq!(unpack(&w), p);
    }

    #[test]
    fn gpu_fields_describe_to_gpu() {
        let p = Position::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 1").unwrap();
        let w = pack(&p);
        let get = |name: &str| FIELDS.iter().find(|f| f.name == name).unwrap().get(&w);
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
        // the table covers every used bit once
        let bits: u32 = FIELDS.iter().map(|f| f.bits).sum();
        assert_eq!(bits, 10 * 32 + 21);
    }

    #[test]
    fn gpu_validate() {
        let mut w = pack(&Position::startpos());
        assert!(unpack(&w).validate().is_ok());
        w[4] |= 0xFF00; // knights on rank 2 overlap the pawns
        assert!(matches!(
            unpack(&w).validate(),
            Err(FenError::Inconsistent { .. })
        ));
    }

    #[test]
    fn meta_round_trip() {
        let m = Meta {
            white_king: 4,
            black_king: 60,
            black_to_move: true,
            castling: 0b1010,
            ep_file: Some(3),
        };
        assert_eq!(Meta::unpack(m.pack()), m);
        assert_eq!(Meta::unpack(m.pack()).pack(), m.pack());
    }

    // proptest is a native-only dev-dependency
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn movegen_never_panics_on_gpu_junk(words in proptest::array::uniform11(proptest::prelude::any::<u32>())) {
            let p = unpack(&words);
            let moves = p.legal_moves();
            for m in moves.iter().take(8) {
                let mut q = p.play(*m);
                let _ = q.count_legal_moves();
                q.unmake_move(*m);
            }
            let _ = p.to_fen();
            let _ = p.validate();
            let _ = crate::chess::perft::perft(&p, 2);
        }

        #[test]
        fn pack_round_trips_any_words(words in proptest::array::uniform11(proptest::prelude::any::<u32>())) {
            // every field survives; the unused bits 21..31 of word 10 do not
            let mut want = words;
            want[META_WORD] &= (1 << 21) - 1;
            proptest::prop_assert_eq!(pack(&unpack(&words)), want);
        }
    }
}
