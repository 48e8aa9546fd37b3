//! Slider attacks in the kernels, three ways ([`AttackMethod`]): the host
//! appends one of `kernels/slider_*.wgsl` to the kernel source. Each defines
//! `slide_diag(f, occ)` and `slide_orth(f, occ)`: the squares a bishop-like
//! or rook-like piece on the one-square board `f` attacks through `occ`
//! (the first blocker included), and `count_sliders_free(q, c)`, the legal
//! moves of our unpinned sliders for the breadth-first leaf (the fills count
//! all sliders of a direction with one fill; the others go one at a time).
//!
//! ```text
//! kogge-stone  4 occluded fills of 3 shift steps each, no memory reads
//! magic        ((occ & mask) * magic) >> shift on vec2<u32> (the high word
//!              of the 64-bit product from 16-bit halves), one table read
//! hyperbola    o ^ rev(rev(o) - 2 rev(s)) per line, rev = reverseBits on
//!              the swapped halves, 2 lines per piece, no table
//! ```
//!
//! The danger map, the check mask and the pins always use the fills: the
//! danger map takes all enemy sliders of a direction in one fill (a table
//! or a line trick needs one lookup per slider), and pins need one ray per
//! direction, which the fills give and the other two do not.

use serde::{Deserialize, Serialize};

use crate::chess::magics::{attack_table, magic_entries};

/// How the kernels compute a slider's attacks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttackMethod {
    /// Kogge-Stone occluded fills (the seed's design).
    #[default]
    KoggeStone,
    /// Magic bitboards: `chess::magics`' tables in a storage buffer.
    Magic,
    /// Hyperbola quintessence with `reverseBits`.
    Hyperbola,
}

impl AttackMethod {
    pub const ALL: [AttackMethod; 3] = [
        AttackMethod::KoggeStone,
        AttackMethod::Magic,
        AttackMethod::Hyperbola,
    ];

    /// The name in variant names and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            AttackMethod::KoggeStone => "kogge-stone",
            AttackMethod::Magic => "magic",
            AttackMethod::Hyperbola => "hyperbola",
        }
    }

    pub fn from_name(name: &str) -> Option<AttackMethod> {
        AttackMethod::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The WGSL that defines `slide_diag`, `slide_orth` and
    /// `count_sliders_free` this way.
    pub fn wgsl(self) -> &'static str {
        match self {
            AttackMethod::KoggeStone => {
                include_str!(concat!(env!("OUT_DIR"), "/slider_kogge.wgsl"))
            }
            AttackMethod::Magic => include_str!(concat!(env!("OUT_DIR"), "/slider_magic.wgsl")),
            AttackMethod::Hyperbola => {
                include_str!(concat!(env!("OUT_DIR"), "/slider_hyperbola.wgsl"))
            }
        }
    }

    /// Bytes of global memory the method reads (the magic tables), 0 for the
    /// others.
    pub fn table_bytes(self) -> u64 {
        match self {
            AttackMethod::Magic => 4 * magic_words().len() as u64,
            _ => 0,
        }
    }
}

impl std::fmt::Display for AttackMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The binding of the magic tables in every kernel that reads them.
pub const MAGIC_BINDING: u32 = 20;

/// u32 words per square entry: mask (lo, hi), magic (lo, hi), shift, offset.
pub const ENTRY_WORDS: usize = 6;

/// The magic tables as the kernel reads them (`slider_magic.wgsl`):
///
/// ```text
/// words 0 .. 768         128 entries (rooks a1..h8, then bishops a1..h8),
///                        6 words each: mask lo, hi, magic lo, hi, shift, offset
/// words 768 ..           the attack table, 2 words (lo, hi) per entry
/// ```
pub fn magic_words() -> Vec<u32> {
    let mut words = Vec::with_capacity(128 * ENTRY_WORDS + 2 * attack_table().len());
    for rook in [true, false] {
        for e in magic_entries(rook) {
            words.extend([
                e.mask as u32,
                (e.mask >> 32) as u32,
                e.magic as u32,
                (e.magic >> 32) as u32,
                e.shift,
                e.offset,
            ]);
        }
    }
    for &a in attack_table() {
        words.extend([a as u32, (a >> 32) as u32]);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::rays::{slide, BISHOP_DIRS, ROOK_DIRS};

    /// The kernel's index arithmetic on u32 halves, in Rust: the high word
    /// of the 64-bit product from 16-bit halves, as `slider_magic.wgsl`.
    fn mul_hi32(a: u32, b: u32) -> u32 {
        let (a0, a1, b0, b1) = (a & 0xffff, a >> 16, b & 0xffff, b >> 16);
        let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
        let mid = (p00 >> 16) + (p01 & 0xffff) + (p10 & 0xffff);
        p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16)
    }

    fn lookup(words: &[u32], entry: usize, occ: u64) -> u64 {
        let b = entry * ENTRY_WORDS;
        let (o0, o1) = (occ as u32 & words[b], (occ >> 32) as u32 & words[b + 1]);
        let (m0, m1) = (words[b + 2], words[b + 3]);
        let hi = mul_hi32(o0, m0)
            .wrapping_add(o0.wrapping_mul(m1))
            .wrapping_add(o1.wrapping_mul(m0));
        let index = words[b + 5] + (hi >> (words[b + 4] - 32));
        let t = 128 * ENTRY_WORDS + 2 * index as usize;
        words[t] as u64 | (words[t + 1] as u64) << 32
    }

    #[test]
    fn u32_halves_give_the_product_high_word() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (x as u32, (x >> 32) as u32);
            assert_eq!(mul_hi32(a, b), ((a as u64 * b as u64) >> 32) as u32);
        }
    }

    #[test]
    fn the_uploaded_tables_give_the_ray_walk() {
        let words = magic_words();
        assert_eq!(words.len(), 128 * ENTRY_WORDS + 2 * 107_648);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for sq in 0..64u32 {
            for _ in 0..64 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let occ = x & x.rotate_left(17);
                assert_eq!(lookup(&words, sq as usize, occ), slide(sq, occ, &ROOK_DIRS));
                assert_eq!(
                    lookup(&words, 64 + sq as usize, occ),
                    slide(sq, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn names_read_back() {
        for s in AttackMethod::ALL {
            assert_eq!(AttackMethod::from_name(s.name()), Some(s));
            assert!(
                s.wgsl().contains("fn slide_diag") && s.wgsl().contains("fn count_sliders_free")
            );
        }
        assert_eq!(AttackMethod::from_name("pext"), None);
    }
}
