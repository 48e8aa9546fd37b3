//! Magic bitboards for sliding pieces (rooks, bishops; queens use both).
//!
//! For a square `sq` and occupancy `occ`, the attack set is looked up as
//!
//! ```text
//! index = offset[sq] + ((occ & mask[sq]) * magic[sq]) >> shift[sq]
//! attacks = TABLE[index]
//! ```
//!
//! `mask[sq]` holds the relevant blockers: the empty-board rays without the
//! board edge. For a rook on d4:
//!
//! ```text
//! 8  . . . . . . . .
//! 7  . . . 1 . . . .
//! 6  . . . 1 . . . .
//! 5  . . . 1 . . . .
//! 4  . 1 1 . 1 1 1 .
//! 3  . . . 1 . . . .
//! 2  . . . 1 . . . .
//! 1  . . . . . . . .
//!    a b c d e f g h
//! ```
//!
//! The magic numbers below were found once with a seeded xorshift search
//! ("fancy" magics, `shift = 64 - popcount(mask)`, 102 400 rook + 5 248 bishop
//! entries). Masks, shifts and offsets are computed at compile time by `const fn`;
//! the 107 648-entry attack table (841 KiB) is filled once, lazily, on first
//! use through [`std::sync::OnceLock`] (a few milliseconds; works on
//! `wasm32-unknown-unknown`, no threads needed) so it does not bloat the binary.
//! The table is padded to a power of two (2^17 entries) so the hot path can mask
//! the index instead of bounds-checking it; the padding is never touched.
//! No PEXT: the same code runs on every target.

use std::sync::OnceLock;

use super::rays::{fill_ray_pairs, relevant_mask, slide, BISHOP_DIRS, ROOK_DIRS};

const ROOK_MAGIC_NUMBERS: [u64; 64] = [
    0x2080002080400010,
    0x00C0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0C00283004008201,
    0x0180010000407A80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08A20004C8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000C009402002,
    0x00B0002004002800,
    0x100A808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800C00,
    0xA012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008C43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000D04282006A00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108A004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020B000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];
const BISHOP_MAGIC_NUMBERS: [u64; 64] = [
    0x0848020822040013,
    0x8010A40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801B8200420,
    0x200A008084012000,
    0x0040102001042084,
    0x840A505042428020,
    0x0000700102202920,
    0x44101C0C10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308C042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002A00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104A041918013446,
    0x008A000082008238,
    0x04A0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xCC01112048100480,
    0x0020402806500440,
    0x00048E0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810E04104200,
    0x901210110400088A,
    0xA003080212081050,
    0x00C1004048401004,
    0x900000A014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008A02026250,
    0x8004088250900040,
    0x1C00430088A04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080A04222020,
    0x8088802110022000,
    0x1081A10416114400,
    0x0205010A24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580C026028810840,
    0x802020441020A110,
    0x12C0022401020018,
];

/// One square's magic entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Magic {
    pub(crate) mask: u64,
    pub(crate) magic: u64,
    pub(crate) offset: u32,
    pub(crate) shift: u32,
}

/// Number of table entries actually used (rooks then bishops).
pub(crate) const USED_ENTRIES: usize = 102_400 + 5_248;
/// Table length: next power of two, so an index can be masked instead of checked.
pub(crate) const TABLE_LEN: usize = 1 << 17;

const fn build_magics(
    numbers: &[u64; 64],
    dirs: &[(i32, i32); 4],
    start: u32,
) -> ([Magic; 64], u32) {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        offset: 0,
        shift: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq as u32, dirs);
        let bits = mask.count_ones();
        out[sq] = Magic {
            mask,
            magic: numbers[sq],
            offset,
            shift: 64 - bits,
        };
        offset += 1 << bits;
        sq += 1;
    }
    (out, offset)
}

const ROOK_BUILT: ([Magic; 64], u32) = build_magics(&ROOK_MAGIC_NUMBERS, &ROOK_DIRS, 0);
const BISHOP_BUILT: ([Magic; 64], u32) =
    build_magics(&BISHOP_MAGIC_NUMBERS, &BISHOP_DIRS, ROOK_BUILT.1);

/// Rook magic entries (offsets 0..102 400).
pub(crate) static ROOK_MAGICS: [Magic; 64] = ROOK_BUILT.0;
/// Bishop magic entries (offsets 102 400..107 648).
pub(crate) static BISHOP_MAGICS: [Magic; 64] = BISHOP_BUILT.0;

const _: () = assert!(BISHOP_BUILT.1 as usize == USED_ENTRIES && USED_ENTRIES <= TABLE_LEN);

/// The shared slider tables: the magic attack table, and the squares
/// between / the line through two aligned squares. Get them with [`sliders`].
pub(crate) struct Sliders {
    table: Box<[u64; TABLE_LEN]>,
    between: Box<[[u64; 64]; 64]>,
    line: Box<[[u64; 64]; 64]>,
}

#[inline(always)]
const fn magic_index(m: &Magic, occ: u64) -> usize {
    (m.offset as usize + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize)
        & (TABLE_LEN - 1)
}

impl Sliders {
    fn new() -> Sliders {
        let mut v = vec![0u64; TABLE_LEN];
        for (magics, dirs) in [(&ROOK_MAGICS, &ROOK_DIRS), (&BISHOP_MAGICS, &BISHOP_DIRS)] {
            for (sq, m) in magics.iter().enumerate() {
                // Carry-rippler: enumerate every subset of the mask.
                let mut sub = 0u64;
                loop {
                    v[magic_index(m, sub)] = slide(sq as u32, sub, dirs);
                    sub = sub.wrapping_sub(m.mask) & m.mask;
                    if sub == 0 {
                        break;
                    }
                }
            }
        }
        let table: Box<[u64; TABLE_LEN]> = match v.into_boxed_slice().try_into() {
            Ok(t) => t,
            // The vector was created with exactly TABLE_LEN entries.
            Err(_) => unreachable!("slider table has TABLE_LEN entries"),
        };
        let mut between = Box::new([[0u64; 64]; 64]);
        let mut line = Box::new([[0u64; 64]; 64]);
        fill_ray_pairs(&mut between, &mut line);
        Sliders {
            table,
            between,
            line,
        }
    }

    /// Squares strictly between `a` and `b` (`0..=63`, masked) when aligned.
    #[inline(always)]
    pub(crate) fn between(&self, a: usize, b: usize) -> u64 {
        self.between[a & 63][b & 63]
    }

    /// The whole line through `a` and `b` (`0..=63`, masked) when aligned.
    #[inline(always)]
    pub(crate) fn line(&self, a: usize, b: usize) -> u64 {
        self.line[a & 63][b & 63]
    }

    /// Rook attacks from `sq` (`0..=63`, masked) with blockers `occ`.
    #[inline(always)]
    pub(crate) fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.table[magic_index(&ROOK_MAGICS[sq & 63], occ)]
    }

    /// Bishop attacks from `sq` (`0..=63`, masked) with blockers `occ`.
    #[inline(always)]
    pub(crate) fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.table[magic_index(&BISHOP_MAGICS[sq & 63], occ)]
    }
}

/// The slider table, built on first use.
#[inline]
pub(crate) fn sliders() -> &'static Sliders {
    static TABLE: OnceLock<Sliders> = OnceLock::new();
    TABLE.get_or_init(Sliders::new)
}

/// One square's magic entry, read-only, for code outside the move generator
/// (the GPU kernel uploads these): `attacks = table[offset + ((occ & mask) *
/// magic >> shift)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MagicEntry {
    pub mask: u64,
    pub magic: u64,
    pub shift: u32,
    pub offset: u32,
}

/// The 64 rook entries (`rook = true`) or bishop entries, square a1 first.
pub fn magic_entries(rook: bool) -> [MagicEntry; 64] {
    let magics = if rook { &ROOK_MAGICS } else { &BISHOP_MAGICS };
    magics.map(|m| MagicEntry {
        mask: m.mask,
        magic: m.magic,
        shift: m.shift,
        offset: m.offset,
    })
}

/// The attack table the entries index: rooks' 102 400 entries, then the
/// bishops' 5 248.
pub fn attack_table() -> &'static [u64] {
    &sliders().table[..USED_ENTRIES]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magics_match_ray_walk_for_every_subset() {
        let t = sliders();
        for sq in 0..64usize {
            for (m, dirs, rook) in [
                (&ROOK_MAGICS[sq], &ROOK_DIRS, true),
                (&BISHOP_MAGICS[sq], &BISHOP_DIRS, false),
            ] {
                let mut sub = 0u64;
                loop {
                    // Add some noise outside the mask: must not matter.
                    let occ = sub | (!m.mask & 0x8142_2418_1824_4281);
                    let want = slide(sq as u32, occ, dirs);
                    let got = if rook {
                        t.rook(sq, occ)
                    } else {
                        t.bishop(sq, occ)
                    };
                    assert_eq!(got, want, "sq {sq} occ {occ:#x} rook {rook}");
                    sub = sub.wrapping_sub(m.mask) & m.mask;
                    if sub == 0 {
                        break;
                    }
                }
            }
        }
    }
}
