//! The trit article's missing square order; why 13 bytes is the least.

use super::{Correction, Table};
use crate::bits::trit::{efficiency, pack, to_trits, SquareOrder, TritError, SQUARES};

/// The same board packed with our numbering (a1 first) and with `other`'s.
///
/// # Errors
/// [`TritError::Overlap`] when the boards share a square.
pub fn packed_both(other: SquareOrder, a: u64, b: u64) -> Result<[[u8; 13]; 2], TritError> {
    let ours = pack(&to_trits(a, b)?)?;
    let theirs = pack(&to_trits(other.from_ours(a), other.from_ours(b))?)?;
    Ok([ours, theirs])
}

/// The article names no square order, keyed `order`.
///
/// # Errors
/// [`TritError::Overlap`] when the boards share a square.
pub fn corrections(other: SquareOrder, a: u64, b: u64) -> Result<Vec<Correction>, TritError> {
    let [ours, theirs] = packed_both(other, a, b)?;
    let differ = ours.iter().zip(&theirs).filter(|(x, y)| x != y).count();
    let first = SquareOrder::RankFileA1.square_of_bit(0);
    let name = |s: u32| crate::bits::square::square_name(s);
    let seq = format!(
        "{}, {}, …",
        name(other.square_of_bit(0)),
        name(other.square_of_bit(1))
    );
    Ok(vec![Correction {
        key: "order",
        source: "the trit conversion article",
        claim: "packs five trits a byte, the first square of each group weighted 3^0, but names no square order (it only warns that orders differ)".into(),
        truth: format!(
            "the bytes depend on it. We number a1 = bit 0 (rank by rank), so byte 0 holds {}..e1 with {} weighted 1; numbered {seq} instead, the same board packs to other bytes ({differ} of 13 differ):",
            name(first),
            name(first),
        ),
        table: Some(Table::new(
            ["byte", "a1 first (ours)", &format!("{seq} (other)")],
            (0..ours.len())
                .map(|i| [i.to_string(), ours[i].to_string(), theirs[i].to_string()])
                .collect(),
        )),
    }])
}

/// `x` (at least 1) as `{:.2e}` writes it ("3.43e30"), with the decimal
/// formatting the page has anyway: the exponential one cost 1 KB of its wasm.
fn sci2(x: f64) -> String {
    let (mut m, mut e) = (x, 0);
    while m >= 10.0 {
        m /= 10.0;
        e += 1;
    }
    format!("{m:.2}e{e}")
}

/// Why 13 bytes is the least at byte granularity.
pub fn why() -> String {
    let e = efficiency();
    let boards = 3u128.pow(SQUARES as u32);
    let twelve = 1u128 << 96;
    format!(
        "Why 13 bytes: 64 squares of 3 states are 3^64 ≈ {} boards, 64 × log2 3 = {:.1} bits, so at least {} whole bytes: 12 bytes hold only 2^96 ≈ {} values{}. Five trits fit a byte (3^5 = 243 ≤ 256 < 729 = 3^6), so ceil(64 / 5) = {} bytes already reach that least count, using {:.1} % of their bits.",
        sci2(boards as f64),
        e.bits_needed,
        e.min_bytes,
        sci2(twelve as f64),
        if boards > twelve { ", fewer" } else { "" },
        e.bytes,
        e.efficiency * 100.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::teach::assert_has;

    #[test]
    fn sci2_writes_what_lower_exp_writes() {
        for x in [3f64.powi(64), 2f64.powi(96), 1.0, 9.99, 12_345.0, 1e300] {
            assert_eq!(sci2(x), format!("{x:.2e}"), "{x}");
        }
        assert!(why().contains("3^64 ≈ 3.43e30 boards"), "{}", why());
    }

    #[test]
    fn other_order_packs_other_bytes() {
        let (a, b) = (0xffff, 0xffff_0000_0000_0000);
        let [ours, theirs] = packed_both(SquareOrder::RankFileA8, a, b).unwrap();
        // a1..e1 all trit 1: 1 + 3 + 9 + 27 + 81 = 121
        assert_eq!(ours[0], 121);
        // a8..e8 first, all trit 2 in the other numbering
        assert_eq!(theirs[0], 242);
        let c = corrections(SquareOrder::RankFileA8, a, b).unwrap();
        assert_has(&c[0].truth, &["numbered a8, b8, … instead"]);
        assert_eq!(c[0].table.as_ref().unwrap().rows[0], ["0", "121", "242"]);
        assert!(corrections(SquareOrder::FileRankA1, 1, 1).is_err());
    }

    #[test]
    fn why_thirteen() {
        let w = why();
        assert_has(&w, &["101.4 bits, so at least 13 whole bytes"]);
        assert_has(&w, &[", fewer"]);
        assert_has(&w, &["ceil(64 / 5) = 13 bytes"]);
    }
}
