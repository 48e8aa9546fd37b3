//! What the GPU sees: the packed position, the move word, the kernel source
//! for each memory variant and its workgroup-memory budget.
//!
//! Packed position, 11 x u32 = 44 bytes (`a1` = bit 0, `h8` = bit 63; word
//! `2k` holds squares 0..31 of a board, word `2k + 1` squares 32..63):
//!
//! ```text
//!  word  0-1  white pieces          word  6-7  bishop-likes (B and Q)
//!  word  2-3  pawns                 word  8-9  rook-likes   (R and Q)
//!  word  4-5  knights
//!  word 10    bits  0-5  white king square     bits 13-16 castling K Q k q
//!             bits  6-11 black king square     bits 17-20 en passant
//!             bit  12    side to move (1 = black)          (bit 3 valid, 0-2 file)
//! ```
//!
//! Move word (one u32 per ply on the kernel's stack, its own undo record):
//!
//! ```text
//!  bits  0-5  from        15-17 special (0 normal, 1 double push, 2 O-O,
//!  bits  6-11 to                         3 O-O-O, 4 en passant, 5 promotion)
//!  bits 12-14 captured    18-19 promotion (N B R Q)
//!             (0 none,    20-23 castling rights before
//!              1 P .. 5 Q) 24-27 en passant before   28-30 mover (1 P .. 6 K)
//! ```

use serde::{Deserialize, Serialize};

/// Words of one packed position.
pub const POS_WORDS: usize = 11;
/// Bytes of one packed position.
pub const POS_BYTES: usize = POS_WORDS * 4;
/// Plies of move stack per invocation (the WGSL `MAX_PLY`). The kernel counts
/// the last ply in bulk (never pushed), so one invocation searches at most
/// `MAX_PLIES + 1` plies deep.
pub const MAX_PLIES: u32 = 50;
/// Workgroup size the kernel is written for (the WGSL `WG`).
pub const DEFAULT_WORKGROUP_SIZE: u32 = 64;
/// Largest depth one invocation can search with the default stack.
pub const MAX_GPU_DEPTH: u32 = MAX_PLIES + 1;

/// One position as the kernel reads it.
pub type Packed = [u32; POS_WORDS];

/// The kernel source exactly as written (both variants, default constants).
pub const PERFT_WGSL: &str = include_str!("perft.wgsl");

/// Where the kernel keeps each invocation's position and move stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// `var<workgroup>` arrays indexed by `local_invocation_index`
    /// (on-chip shared memory on a real GPU).
    Workgroup,
    /// `var<private>` arrays (registers, spilled to scratch memory).
    Private,
}

impl Variant {
    /// Both variants, workgroup first.
    pub const ALL: [Variant; 2] = [Variant::Workgroup, Variant::Private];

    /// Lower-case name, as the CLI and the UI show it.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Workgroup => "workgroup",
            Variant::Private => "private",
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

fn round_up_16(bytes: u64) -> u64 {
    bytes.div_ceil(16) * 16
}

/// Workgroup memory one workgroup of the kernel takes, in bytes, as WebGPU
/// counts it against `maxComputeWorkgroupStorageSize`: the sum over the
/// `var<workgroup>` declarations of `roundUp(16, SizeOf(T))`.
///
/// The workgroup variant declares
///
/// ```text
/// var<workgroup> wg_pos:   array<u32, WG * POS_WORDS>;  // 4 * WG * 11
/// var<workgroup> wg_stack: array<u32, WG * MAX_PLY>;    // 4 * WG * MAX_PLY
/// ```
///
/// so `workgroup_bytes(64, 50, Workgroup)` = 2816 + 12800 = 15616, under the
/// 16384 every WebGPU device offers. The private variant declares none: 0.
pub fn workgroup_bytes(workgroup_size: u32, max_plies: u32, variant: Variant) -> u64 {
    match variant {
        Variant::Private => 0,
        Variant::Workgroup => {
            let wg = u64::from(workgroup_size);
            round_up_16(4 * wg * POS_WORDS as u64) + round_up_16(4 * wg * u64::from(max_plies))
        }
    }
}

/// The largest workgroup size, at most `wanted`, whose workgroup memory fits
/// in `limit` bytes; `None` when not even one invocation fits.
pub fn fit_workgroup_size(
    wanted: u32,
    max_plies: u32,
    variant: Variant,
    limit: u64,
) -> Option<u32> {
    let mut wg = wanted.max(1);
    loop {
        if workgroup_bytes(wg, max_plies, variant) <= limit {
            return Some(wg);
        }
        if wg == 1 {
            return None;
        }
        // Stay on powers of two below the request: a whole number of SIMD groups.
        wg = if wg.is_power_of_two() {
            wg / 2
        } else {
            1 << (31 - wg.leading_zeros())
        };
    }
}

/// Problems building the kernel source.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// The template lacks a line or block the host rewrites.
    #[error("perft.wgsl has no `{0}`")]
    Missing(&'static str),
}

const WG_LINE: &str = "const WG: u32 = 64u;";
const MAX_PLY_LINE: &str = "const MAX_PLY: u32 = 50u;";

fn strip_block(src: &str, name: &'static str) -> Result<String, SourceError> {
    let begin = format!("//@@BEGIN {name}");
    let end = format!("//@@END {name}");
    let b = src
        .find(&begin)
        .ok_or(SourceError::Missing("//@@BEGIN block"))?;
    let e = src[b..]
        .find(&end)
        .ok_or(SourceError::Missing("//@@END block"))?
        + b
        + end.len();
    Ok(format!("{}{}", &src[..b], &src[e..]))
}

/// The WGSL the host compiles: the block of the other variant removed and the
/// workgroup size / stack depth written into their `const` lines. (Both are
/// array sizes and a `@workgroup_size`, never loop counts: those come from the
/// `Params` uniform.)
pub fn shader_source(
    variant: Variant,
    workgroup_size: u32,
    max_plies: u32,
) -> Result<String, SourceError> {
    if !PERFT_WGSL.contains(WG_LINE) {
        return Err(SourceError::Missing(WG_LINE));
    }
    if !PERFT_WGSL.contains(MAX_PLY_LINE) {
        return Err(SourceError::Missing(MAX_PLY_LINE));
    }
    let src = PERFT_WGSL
        .replace(WG_LINE, &format!("const WG: u32 = {workgroup_size}u;"))
        .replace(MAX_PLY_LINE, &format!("const MAX_PLY: u32 = {max_plies}u;"));
    let drop = match variant {
        Variant::Workgroup => "PRIVATE",
        Variant::Private => "WORKGROUP",
    };
    strip_block(&src, drop)
}

/// The uniform block of one dispatch (the WGSL `Params`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Params {
    /// Positions in this batch.
    pub count: u32,
    /// Remaining depth of every position.
    pub depth: u32,
    /// Index of the batch's first position in the positions buffer.
    pub base: u32,
    /// Reserved, 0.
    pub flags: u32,
}

/// Kinds in the move word and in `captured` (0 = none).
pub mod kind {
    pub const PAWN: u32 = 1;
    pub const KNIGHT: u32 = 2;
    pub const BISHOP: u32 = 3;
    pub const ROOK: u32 = 4;
    pub const QUEEN: u32 = 5;
    pub const KING: u32 = 6;
}

/// `special` field of the move word.
pub mod special {
    pub const NORMAL: u32 = 0;
    pub const DOUBLE_PUSH: u32 = 1;
    pub const CASTLE_KING: u32 = 2;
    pub const CASTLE_QUEEN: u32 = 3;
    pub const EN_PASSANT: u32 = 4;
    pub const PROMOTION: u32 = 5;
}

/// One move word as the kernel stores it (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveWord(pub u32);

impl MoveWord {
    /// Packs the fields; each is masked to its width.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        from: u32,
        to: u32,
        captured: u32,
        special: u32,
        promotion: u32,
        castling_before: u32,
        ep_before: u32,
        mover: u32,
    ) -> MoveWord {
        MoveWord(
            (from & 63)
                | (to & 63) << 6
                | (captured & 7) << 12
                | (special & 7) << 15
                | (promotion & 3) << 18
                | (castling_before & 15) << 20
                | (ep_before & 15) << 24
                | (mover & 7) << 28,
        )
    }
    pub fn from(self) -> u32 {
        self.0 & 63
    }
    pub fn to(self) -> u32 {
        (self.0 >> 6) & 63
    }
    pub fn captured(self) -> u32 {
        (self.0 >> 12) & 7
    }
    pub fn special(self) -> u32 {
        (self.0 >> 15) & 7
    }
    pub fn promotion(self) -> u32 {
        (self.0 >> 18) & 3
    }
    pub fn castling_before(self) -> u32 {
        (self.0 >> 20) & 15
    }
    pub fn ep_before(self) -> u32 {
        (self.0 >> 24) & 15
    }
    pub fn mover(self) -> u32 {
        (self.0 >> 28) & 7
    }
}

/// The fields of word 10 of a packed position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meta {
    pub white_king: u32,
    pub black_king: u32,
    /// true when black is to move.
    pub black_to_move: bool,
    /// bit 0 white O-O, bit 1 white O-O-O, bit 2 black O-O, bit 3 black O-O-O.
    pub castling: u32,
    /// File of the en passant square, when there is one.
    pub ep_file: Option<u32>,
}

impl Meta {
    pub fn unpack(word: u32) -> Meta {
        let ep = (word >> 17) & 15;
        Meta {
            white_king: word & 63,
            black_king: (word >> 6) & 63,
            black_to_move: (word >> 12) & 1 == 1,
            castling: (word >> 13) & 15,
            ep_file: (ep & 8 != 0).then_some(ep & 7),
        }
    }

    pub fn pack(self) -> u32 {
        let ep = self.ep_file.map_or(0, |f| 8 | (f & 7));
        (self.white_king & 63)
            | (self.black_king & 63) << 6
            | u32::from(self.black_to_move) << 12
            | (self.castling & 15) << 13
            | ep << 17
    }
}

/// A 64-bit board from its (lo, hi) words.
pub fn board(packed: &Packed, pair: usize) -> u64 {
    u64::from(packed[2 * pair]) | u64::from(packed[2 * pair + 1]) << 32
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
    let meta = Meta::unpack(p[10]);
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

    #[test]
    fn budget_of_default_kernel() {
        assert_eq!(workgroup_bytes(64, 50, Variant::Workgroup), 15616);
        assert_eq!(workgroup_bytes(64, 50, Variant::Private), 0);
        // 44 -> 48 and 200 -> 208: every declaration is rounded up to 16 bytes.
        assert_eq!(workgroup_bytes(1, 50, Variant::Workgroup), 256);
        assert_eq!(
            fit_workgroup_size(64, 50, Variant::Workgroup, 16384),
            Some(64)
        );
        assert_eq!(
            fit_workgroup_size(128, 50, Variant::Workgroup, 16384),
            Some(64)
        );
        assert_eq!(
            fit_workgroup_size(100, 50, Variant::Workgroup, 16384),
            Some(64)
        );
        assert_eq!(
            fit_workgroup_size(64, 50, Variant::Workgroup, 8192),
            Some(32)
        );
        assert_eq!(fit_workgroup_size(64, 50, Variant::Workgroup, 100), None);
        assert_eq!(fit_workgroup_size(256, 50, Variant::Private, 0), Some(256));
    }

    #[test]
    fn sources_differ_only_by_storage() {
        let w = shader_source(Variant::Workgroup, 32, 50).unwrap();
        let p = shader_source(Variant::Private, 32, 50).unwrap();
        assert!(w.contains("const WG: u32 = 32u;"));
        assert!(w.contains("var<workgroup>") && !w.contains("var<private> pv_"));
        assert!(p.contains("var<private> pv_pos") && !p.contains("var<workgroup>"));
        assert!(!w.contains("@@BEGIN PRIVATE") && !p.contains("@@BEGIN WORKGROUP"));
    }

    #[test]
    fn move_word_fields() {
        let m = MoveWord::new(12, 28, 0, special::DOUBLE_PUSH, 0, 15, 0, kind::PAWN);
        assert_eq!(
            (
                m.from(),
                m.to(),
                m.captured(),
                m.special(),
                m.promotion(),
                m.castling_before(),
                m.ep_before(),
                m.mover()
            ),
            (12, 28, 0, 1, 0, 15, 0, 1)
        );
        let m = MoveWord::new(
            52,
            61,
            kind::ROOK,
            special::PROMOTION,
            3,
            4,
            0b1011,
            kind::PAWN,
        );
        assert_eq!((m.captured(), m.promotion(), m.ep_before()), (4, 3, 0b1011));
        assert_eq!(m.0 >> 31, 0, "bit 31 stays free for the kernel's NO_MOVE");
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
}
