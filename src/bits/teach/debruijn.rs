//! The 8-bit de Bruijn walk-through, checked; why the scan works.

use super::{list, Correction, Table};
use crate::bits::debruijn::{
    derive_table, log2_width, multiplier_count, nth_magics, scan, shift_for, validate, Derivation,
};

const SOURCE: &str = "the 8-bit de Bruijn walk-through";
/// The walk-through's magic and its "final order" column, as printed.
const MAGIC: u64 = 0x1D;
const PRINTED_FINAL_ORDER: [u8; 8] = [1, 2, 3, 7, 6, 5, 7, 4];

/// The first `k >= 1` for which `k * m >> s` is not `k - 1`: where the
/// walk-through's second table stops looking like bit numbers.
pub fn first_failing_lookup(m: u64, s: u32) -> u64 {
    (1..).find(|k| (k * m) >> s != k - 1).unwrap_or(0)
}

/// The walk-through's slips, keyed `log2`, `products`, `trial`, `zeros`,
/// `returns`, in the order its text makes them.
// Over 80 lines on purpose: five corrections as data, each claim beside its computed truth.
pub fn corrections() -> Vec<Correction> {
    let log2 = log2_width(8).unwrap_or(0);
    let shift = shift_for(8).unwrap_or(0);
    let Ok(d) = derive_table(8, MAGIC) else {
        return Vec::new();
    };
    let window = |k: u32| ((MAGIC << k) & 0xFF) >> shift;
    let magics = nth_magics(8, 0, 8).unwrap_or_default();
    let zeros: Vec<String> = magics
        .iter()
        .map(|&m| {
            let lz = derive_table(8, m).map(|d| d.leading_zeros()).unwrap_or(0);
            format!("{m:#04x} ({lz})")
        })
        .collect();
    let zero_hash = window(64) as usize; // 0 * 0x1D >> 5
    let refused = scan(8, MAGIC, 0)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    vec![
        Correction {
            key: "log2",
            source: SOURCE,
            claim: "Log2(8) = 2.40823996531, and rounds 8 − 2.408 down to get the shift 5".into(),
            truth: format!(
                "log2 8 = {} (2.40824 is log10 256 = {:.5}), so the shift 8 − {log2} = {shift} is exact, with nothing to round",
                (8f64).log2(),
                (256f64).log10()
            ),
            table: None,
        },
        Correction {
            key: "products",
            source: SOURCE,
            claim: "its second table multiplies the bit numbers 1..8 by 29 and shifts by 5, giving each bit's position".into(),
            truth: format!(
                "the hash multiplies the isolated bit 2^(k−1), not k. k × 29 >> 5 = k − 1 only because 29/32 < 1 (it fails first at k = {}); the real products and windows:",
                first_failing_lookup(MAGIC, shift)
            ),
            table: Some(Table::new(
                ["k", "k × 29", ">> 5", "v & -v", "× 0x1D mod 256", ">> 5 (hash)", "table[hash]"],
                products_rows(&d),
            )),
        },
        Correction {
            key: "trial",
            source: SOURCE,
            claim: "0x1D has to be found by trial and error".into(),
            truth: format!(
                "it can be constructed: a depth-first search that appends one bit at a time and keeps only windows not yet seen finds all {} 8-bit magics, {}, with no trials (the enumeration below), and the derivation beside reads the table off their windows",
                multiplier_count(8).unwrap_or(0),
                list(&magics.iter().map(|m| format!("{m:#04x}")).collect::<Vec<_>>())
            ),
            table: None,
        },
        Correction {
            key: "zeros",
            source: SOURCE,
            claim: "the sequence must start with the 0 element to prevent overflow".into(),
            truth: format!(
                "every valid magic starts with at least log2 N − 1 = {} zeros (leading zeros: {}), so the zeros the shift brings in read like the sequence wrapping around; nothing overflows, the bits leaving the top are meant to go (mod 2^8)",
                log2 - 1,
                list(&zeros)
            ),
            table: None,
        },
        Correction {
            key: "returns",
            source: SOURCE,
            claim: "step 4 returns the actual hash value, and its final order column reads 1, 2, 3, 7, 6, 5, 7, 4".into(),
            truth: format!(
                "step 4 returns the bit's index (1-based), the hash is step 3's. For v = 0 its code returns table[{zero_hash}] = {}, a bit that is not set; ours refuses: \"{refused}\". The column lists 7 twice and no 8: the bit at each index-order position is {}, the table itself",
                d.table_one_based[zero_hash],
                list(&d.table_one_based)
            ),
            table: Some(Table::new(
                ["bit", "hash", "index order", "final order (printed)", "final order (computed)"],
                order_rows(&d),
            )),
        },
    ]
}

/// The 0x1D walk-through's products: k × 29 beside the real hash of 2^(k−1).
fn products_rows(d: &Derivation) -> Vec<[String; 7]> {
    let shift = shift_for(8).unwrap_or(0);
    let window = |k: u32| ((MAGIC << k) & 0xFF) >> shift;
    (1..=8u32)
        .map(|k| {
            let bit = 1u64 << (k - 1);
            let w = window(k - 1);
            [
                k.to_string(),
                format!("{}", u64::from(k) * MAGIC),
                format!("{}", (u64::from(k) * MAGIC) >> shift),
                bit.to_string(),
                format!("{}", (bit * MAGIC) & 0xFF),
                w.to_string(),
                d.table_one_based[w as usize].to_string(),
            ]
        })
        .collect()
}

/// The walk-through's order columns: printed beside computed.
fn order_rows(d: &Derivation) -> Vec<[String; 5]> {
    let shift = shift_for(8).unwrap_or(0);
    let window = |k: u32| ((MAGIC << k) & 0xFF) >> shift;
    (1..=8u32)
        .map(|k| {
            let w = window(k - 1);
            [
                k.to_string(),
                w.to_string(),
                (w + 1).to_string(),
                PRINTED_FINAL_ORDER[k as usize - 1].to_string(),
                d.table_one_based[k as usize - 1].to_string(),
            ]
        })
        .collect()
}

/// Why the scan works, with the numbers of `width` and `magic`.
pub fn why(width: u32, magic: u64) -> String {
    let (Ok(n), Ok(count)) = (log2_width(width), multiplier_count(width)) else {
        return String::new();
    };
    let valid = validate(width, magic).is_ok_and(|v| v.valid);
    let seqs = 1u64 << ((1u32 << (n - 1)) - n);
    format!(
        "Why it works: v & -v is 2^i, so the product is the magic shifted left by i and the hash is the window of {n} bits at the top. If all {width} windows differ ({}), {width} bits land on {width} different hashes out of {width}: a bijection, and table[hash] = i undoes it. A valid magic is a binary de Bruijn sequence of order n = {n} read as a word: there are 2^(2^(n−1) − n) = {seqs} of them up to rotation, and exactly 2 rotations start with the n − 1 = {} zeros the shift needs, so 2 × {seqs} = {count} magics.",
        if valid { "they do for this magic" } else { "they do not for this magic" },
        n - 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::teach::assert_has;

    #[test]
    fn each_claim_is_corrected_with_computed_values() {
        let c = corrections();
        let keys: Vec<_> = c.iter().map(|c| c.key).collect();
        assert_eq!(keys, ["log2", "products", "trial", "zeros", "returns"]);
        assert!(
            c[0].truth
                .starts_with("log2 8 = 3 (2.40824 is log10 256 = 2.40824)"),
            "{}",
            c[0].truth
        );
        assert_has(&c[0].truth, &["8 − 3 = 5"]);
        let t = c[1].table.as_ref().unwrap();
        assert_eq!(t.rows[7], ["8", "232", "7", "128", "128", "4", "8"]);
        assert_eq!(t.rows[2], ["3", "87", "2", "4", "116", "3", "3"]);
        assert_has(&c[1].truth, &["k = 11"]);
        assert_eq!(first_failing_lookup(29, 5), 11);
        assert_has(&c[2].truth, &["all 4 8-bit magics"]);
        assert_has(&c[2].truth, &["0x1d"]);
        assert_has(&c[3].truth, &["0x1d (3)", "= 2 zeros"]);
        assert_has(&c[4].truth, &["returns table[0] = 1"]);
        assert_has(&c[4].truth, &["1, 2, 7, 3, 8, 6, 5, 4"]);
        let col: Vec<_> = c[4]
            .table
            .as_ref()
            .unwrap()
            .rows
            .iter()
            .map(|r| r[4].clone())
            .collect();
        assert_eq!(col, ["1", "2", "7", "3", "8", "6", "5", "4"]);
        assert!(c.iter().all(|c| c
            .sentence()
            .starts_with("The 8-bit de Bruijn walk-through says")));
    }

    #[test]
    fn why_counts_the_magics() {
        assert!(
            why(8, 0x1D).contains("2 × 2 = 4 magics"),
            "{}",
            why(8, 0x1D)
        );
        assert!(why(64, 0x022F_DD63_CC95_386D).contains("2 × 67108864 = 134217728"));
        assert!(why(8, 0x1F).contains("do not"));
        assert_eq!(why(12, 1), "");
    }
}
