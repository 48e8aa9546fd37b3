//! Why the SWAR masks are H for add and sub and L for the average, and why
//! only the average needs its own signed form.

use crate::bits::swar::{average, signed_average, LaneLayout};
use crate::bits::word::{mask, sign_extend};

/// Lanes whose two sign bits differ: there the unsigned average, read as
/// signed, is wrong. `None` for a bad layout.
pub fn sign_mismatch_lanes(width: u32, lane_bits: u32, x: u64, y: u64) -> Option<Vec<u32>> {
    let lay = LaneLayout::new(width, lane_bits).ok()?;
    Some(
        (0..lay.lanes())
            .filter(|&i| lay.lane((x ^ y) & lay.high(), i) != 0)
            .collect(),
    )
}

/// Why the trick works, with the numbers of this layout and these operands.
pub fn why(width: u32, lane_bits: u32, x: u64, y: u64) -> String {
    let (Ok(lay), Some(bad)) = (
        LaneLayout::new(width, lane_bits),
        sign_mismatch_lanes(width, lane_bits, x, y),
    ) else {
        return String::new();
    };
    let k = lane_bits;
    let minus_one = mask(k);
    let unsigned = sign_extend(average(lay, minus_one, 1) & minus_one, k);
    let signed = sign_extend(signed_average(lay, minus_one, 1) & minus_one, k);
    format!(
        "Why it works: add and sub keep each lane's top bit (H) out of the arithmetic: two {}-bit low parts sum to at most 2^{k} − 2, so a carry can reach the top bit but never leave the lane, and xor (addition without carry) puts the top bits back. The average halves, which moves every bit one place down: a lane's low bit (L) would land in the top of the lane below, so it is dropped first. Add and sub are right for signed lanes too: two's complement add and subtract mod 2^{k} are the same bits. The average is not: a set sign bit means 2^{k} less, halved 2^{} less, so where exactly one sign is set the unsigned average read as signed is off by 2^{} (−1 and 1 give {unsigned}, their signed average is {signed}). For these operands that is {} of {} lanes; the signed average flips their top bits back.",
        k - 1,
        k - 1,
        k - 1,
        bad.len(),
        lay.lanes()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::teach::assert_has;

    #[test]
    fn why_names_the_wrong_lanes() {
        assert_eq!(sign_mismatch_lanes(32, 4, 0xF, 0x1), Some(vec![0]));
        assert_eq!(sign_mismatch_lanes(32, 3, 0, 0), None);
        let w = why(32, 4, 0xF, 0x1);
        assert_has(&w, &["−1 and 1 give -8, their signed average is 0"]);
        assert_has(&w, &["1 of 8 lanes"]);
        assert!(why(64, 16, 0x8000, 0).contains("give -32768"));
    }
}
