//! Matt Taylor's folding: a 64-bit bit scan with one 32-bit multiply.
//!
//! ```text
//! b      = v ^ (v - 1)                        ones in bits 0..=i
//! folded = (b as u32) ^ ((b >> 32) as u32)
//!   i = 3:   low 0000_..._1111  high 0                folded 0000_..._1111
//!   i = 35:  low 1111_..._1111  high 0000_..._1111    folded 1111_..._0000
//! index  = FOLD_TABLE[(folded * 0x78291ACF) >> 26]    (mod 2^32)
//! ```

use super::{bin, check_value, collisions, DebruijnError};
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::Word;

/// Matt Taylor's 32-bit multiplier for the folded 64-bit scan.
pub const FOLD_MAGIC: u32 = 0x7829_1ACF;

/// The 64-entry table of the folded scan, built at compile time by
/// [`fold_window`] for every bit (see [`fold_collisions`] for its check).
pub const FOLD_TABLE: [u8; 64] = build_fold_table();

/// The folded word of bit `i`'s mask: `b = 2^(i+1) - 1`,
/// `folded = (b as u32) ^ ((b >> 32) as u32)`.
pub const fn fold(v: u64) -> u32 {
    let b = v ^ v.wrapping_sub(1);
    (b as u32) ^ ((b >> 32) as u32)
}

/// The 6-bit window of a folded word: `(folded * 0x78291ACF) >> 26` in 32 bits.
pub const fn fold_window(folded: u32) -> u32 {
    folded.wrapping_mul(FOLD_MAGIC) >> 26
}

const fn build_fold_table() -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[fold_window(fold(1u64 << i)) as usize] = i as u8;
        i += 1;
    }
    t
}

/// Pairs of bits whose folded windows collide (empty: the table is complete).
pub fn fold_collisions() -> Vec<(u32, u32)> {
    let w: Vec<u32> = (0..64).map(|i| fold_window(fold(1u64 << i))).collect();
    collisions(&w)
}

/// Lowest set bit of a 64-bit word with one 32-bit multiply (`None` for 0).
#[inline]
pub fn folded_scan(v: u64) -> Option<u32> {
    if v == 0 {
        return None;
    }
    Some(FOLD_TABLE[fold_window(fold(v)) as usize] as u32)
}

/// The folded scan stepped: `v ^ (v - 1)`, the two halves, their xor, the
/// 32-bit multiply, `>> 26`, the lookup.
///
/// # Errors
/// [`DebruijnError::ZeroInput`] for `v = 0`.
pub fn folded_scan_trace(v: u64) -> Result<Trace, DebruijnError> {
    check_value(64, v)?;
    let i = v.trailing_zeros();
    let b = v ^ v.wrapping_sub(1);
    let lo = b as u32;
    let hi = (b >> 32) as u32;
    let folded = lo ^ hi;
    let product = folded.wrapping_mul(FOLD_MAGIC);
    let window = product >> 26;
    let index = FOLD_TABLE[window as usize] as u32;
    let w64 = |x: u64| Word::new(x, 64);
    let w32 = |x: u32| Word::new(x as u64, 32);
    let mut t = Trace::new(
        "debruijn-folded-scan",
        format!("64-bit bit scan of {} folded into 32 bits", w64(v).hex()),
        Outcome::Number(index as i64),
    );
    t.push(
        Step::new("the input", "v", w64(v))
            .highlight(1 << i)
            .note(format!(
                "v = {v}; lowest set bit wanted, using only a 32-bit multiply"
            )),
    );
    t.push(
        Step::new("mask up to the lowest set bit", "b = v ^ (v - 1)", w64(b))
            .highlight(b)
            .note(format!("ones in bits 0..={i}: b = 2^{} - 1", i + 1)),
    );
    t.push(Step::new("low half", "b as u32", w32(lo)).note(if i >= 32 {
        format!("bit {i} is in the high half, so the low half is all ones")
    } else {
        format!("the low half holds the {} ones", i + 1)
    }));
    t.push(
        Step::new("high half", "(b >> 32) as u32", w32(hi)).note(if i >= 32 {
            format!("the high half holds ones in bits 0..={}", i - 32)
        } else {
            "bit i is in the low half, so the high half is zero".to_string()
        }),
    );
    t.push(
        Step::new("fold the halves", "low ^ high", w32(folded))
            .highlight(folded as u64)
            .note(format!(
                "{} ^ {} = {}: for i < 32 the fold is 2^(i+1) - 1, for i >= 32 it is all ones above bit i - 32, so all 64 bits give different folds",
                w32(lo).hex(),
                w32(hi).hex(),
                w32(folded).hex()
            )),
    );
    t.push(
        Step::new("multiply in 32 bits", "folded * 0x78291acf", w32(product))
            .highlight(0xfc00_0000)
            .operand("magic", w32(FOLD_MAGIC))
            .note(format!(
                "{} * 0x78291acf mod 2^32 = {}; its top 6 bits are {}",
                w32(folded).hex(),
                w32(product).hex(),
                bin(window as u64, 6)
            )),
    );
    t.push(
        Step::new("keep the top 6 bits", "product >> 26", w32(window))
            .highlight(63)
            .note(format!("32 - 6 = 26: window = {window}")),
    );
    t.push(
        Step::new(
            "look up the bit index",
            format!("table[{window}]"),
            Word::new(index as u64, 8),
        )
        .cells(FOLD_TABLE.iter().map(|&x| x as i64))
        .note(format!(
            "the 64-entry table was derived by folding every single bit: table[{window}] = {index}"
        )),
    );
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folded_table_is_complete_and_matches_every_bit() {
        assert!(fold_collisions().is_empty());
        for i in 0..64 {
            assert_eq!(folded_scan(1u64 << i), Some(i));
        }
        // the table as published on chessprogramming.org
        let published: [u8; 64] = [
            63, 30, 3, 32, 59, 14, 11, 33, 60, 24, 50, 9, 55, 19, 21, 34, 61, 29, 2, 53, 51, 23,
            41, 18, 56, 28, 1, 43, 46, 27, 0, 35, 62, 31, 58, 4, 5, 49, 54, 6, 15, 52, 12, 40, 7,
            42, 45, 16, 25, 57, 48, 13, 10, 39, 8, 44, 20, 47, 38, 22, 17, 37, 36, 26,
        ];
        assert_eq!(FOLD_TABLE, published);
    }

    #[test]
    fn folded_trace_finds_the_bit_and_refuses_zero() {
        let t = folded_scan_trace(1 << 50).unwrap();
        assert_eq!(t.result, Outcome::Number(50));
        assert_eq!(folded_scan_trace(0).unwrap_err(), DebruijnError::ZeroInput);
    }
}
