//! Slider attacks looked up by PEXT (x86-64 with BMI2): the index is the
//! relevant blockers gathered into the low bits, `pext(occ, mask)`, in
//! place of the magic multiply and shift. Same offsets and sizes as the
//! magic table (a fancy magic's square has 2^bits entries, as many as
//! PEXT's), a table of its own filled in PEXT order: the carry-rippler
//! enumerates a mask's subsets in the order of their gathered bits.
//!
//! ```text
//!   magic: offset + ((occ & mask) * magic >> shift)     and, imul, shr
//!   pext:  offset + pext(occ, mask)                     one instruction
//! ```
//!
//! [`Lookup`] is what the move generator asks; [`Sliders`] answers it
//! everywhere, [`Pext`] inside perft's BMI2 build only.

use super::magics::Sliders;
#[cfg(target_arch = "x86_64")]
use super::magics::{BISHOP_MAGICS, ROOK_MAGICS, TABLE_LEN};

/// Slider attacks and the squares between two squares.
pub(crate) trait Lookup {
    fn rook(&self, sq: usize, occ: u64) -> u64;
    fn bishop(&self, sq: usize, occ: u64) -> u64;
    fn between(&self, a: usize, b: usize) -> u64;
}

impl Lookup for Sliders {
    #[inline(always)]
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        Sliders::rook(self, sq, occ)
    }
    #[inline(always)]
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        Sliders::bishop(self, sq, occ)
    }
    #[inline(always)]
    fn between(&self, a: usize, b: usize) -> u64 {
        Sliders::between(self, a, b)
    }
}

/// The PEXT table, and the magic one's between-squares.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Pext {
    table: Box<[u64]>,
    sliders: &'static Sliders,
}

#[cfg(target_arch = "x86_64")]
impl Pext {
    /// The table in PEXT order, from the magic one (the CPU must have
    /// BMI2 for lookups; building needs none).
    fn new(sliders: &'static Sliders) -> Pext {
        let mut table = vec![0u64; TABLE_LEN].into_boxed_slice();
        for (sq, m) in ROOK_MAGICS.iter().chain(&BISHOP_MAGICS).enumerate() {
            let rook = sq < 64;
            let mut sub = 0u64;
            for k in 0..1usize << m.mask.count_ones() {
                table[m.offset as usize + k] = match rook {
                    true => sliders.rook(sq, sub),
                    false => sliders.bishop(sq - 64, sub),
                };
                sub = sub.wrapping_sub(m.mask) & m.mask;
            }
        }
        Pext { table, sliders }
    }

    #[inline(always)]
    fn at(&self, offset: u32, mask: u64, occ: u64) -> u64 {
        // SAFETY: a `Pext` is only handed out where the CPU has BMI2 ([`pext`]).
        let k = unsafe { core::arch::x86_64::_pext_u64(occ, mask) };
        self.table[(offset as usize + k as usize) & (TABLE_LEN - 1)]
    }
}

#[cfg(target_arch = "x86_64")]
impl Lookup for Pext {
    #[inline(always)]
    fn rook(&self, sq: usize, occ: u64) -> u64 {
        let m = &ROOK_MAGICS[sq & 63];
        self.at(m.offset, m.mask, occ)
    }
    #[inline(always)]
    fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let m = &BISHOP_MAGICS[sq & 63];
        self.at(m.offset, m.mask, occ)
    }
    #[inline(always)]
    fn between(&self, a: usize, b: usize) -> u64 {
        self.sliders.between(a, b)
    }
}

/// The PEXT lookups, built on first use, where the CPU has BMI2.
#[cfg(target_arch = "x86_64")]
pub(crate) fn pext() -> Option<&'static Pext> {
    static TABLE: std::sync::OnceLock<Pext> = std::sync::OnceLock::new();
    std::arch::is_x86_feature_detected!("bmi2")
        .then(|| TABLE.get_or_init(|| Pext::new(super::magics::sliders())))
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::bits::rng::Rng;

    /// Every square, random occupancies: PEXT's attacks are the magic's.
    #[test]
    fn pext_lookups_equal_the_magic_ones() {
        let Some(p) = pext() else { return };
        let s = super::super::magics::sliders();
        let mut rng = Rng::new(0x9e47);
        for sq in 0..64 {
            for _ in 0..2000 {
                let occ = rng.next_u64() & rng.next_u64();
                assert_eq!(
                    Lookup::rook(p, sq, occ),
                    s.rook(sq, occ),
                    "rook {sq} {occ:#x}"
                );
                assert_eq!(
                    Lookup::bishop(p, sq, occ),
                    s.bishop(sq, occ),
                    "bishop {sq} {occ:#x}"
                );
            }
        }
    }
}
