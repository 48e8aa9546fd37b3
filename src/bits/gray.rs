//! Gray code and the next combination (Gosper's hack).
//!
//! The reflected Gray code of `x` flips one bit from each number to the next:
//! bit `i` of the code says whether bits `i` and `i + 1` of `x` differ.
//!
//! ```text
//! x        0000 0001 0010 0011 0100 0101 0110 0111
//! x ^ x>>1 0000 0001 0011 0010 0110 0111 0101 0100
//! ```
//!
//! Decoding is a prefix xor from the top: bit `i` of `x` is the xor of the
//! code's bits `i` and above, folded in `log2(width)` steps:
//! `g ^= g >> 1; g ^= g >> 2; g ^= g >> 4; ...`.
//!
//! Gosper's hack gives the next larger word with the same number of set
//! bits, so it walks the k-subsets of n bits in increasing order:
//!
//! ```text
//! x            0110_1100     c = x & -x     0000_0100
//! r = x + c    0111_0000     the block of ones carries into the zero above
//! r ^ x        0001_1100     the block and the new bit
//! >> 2, / c    0000_0001     the block's other ones, back at bit 0
//! next         0111_0001
//! ```
//!
//! Widths are 1..=64 bits, every one of them.
//!
//! ```
//! use bitscope::bits::gray::{from_gray_plain, gosper_next, subsets, to_gray};
//! assert_eq!(to_gray(0b0111), 0b0100);
//! assert_eq!(from_gray_plain(0b0100), 0b0111);
//! assert_eq!(gosper_next(0b0110_1100), Some(0b0111_0001));
//! assert_eq!(subsets(4, 2, 10), Ok(vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]));
//! ```

use super::trace::{check_mark, Outcome, Step, Trace};
use super::word::{mask, Word};
use thiserror::Error;

/// Why a Gray code, a next combination or a list of subsets was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GrayError {
    #[error("word width {0} is not supported: use 1 to 64 bits")]
    BadWidth(u32),
    #[error("{value:#x} does not fit in {width} bits")]
    TooWide { value: u64, width: u32 },
    #[error("x = 0 has no set bit: Gosper's hack needs at least one")]
    Zero,
    #[error(
        "{value:#x} is the last {ones}-subset of {width} bits: the next would need bit {width}"
    )]
    LastSubset { value: u64, ones: u32, width: u32 },
    #[error("{k} of {n} bits: k must be 0..={n}")]
    BadSubset { n: u32, k: u32 },
}

fn check(x: u64, width: u32) -> Result<(), GrayError> {
    if !(1..=64).contains(&width) {
        return Err(GrayError::BadWidth(width));
    }
    if x & !mask(width) != 0 {
        return Err(GrayError::TooWide { value: x, width });
    }
    Ok(())
}

/// The reflected Gray code of `x`: `x ^ (x >> 1)`.
pub const fn to_gray(x: u64) -> u64 {
    x ^ (x >> 1)
}

/// The plain decode, one bit at a time from the top: bit `i` of the number
/// is the running xor of the code's bits 63 down to `i`.
pub fn from_gray_plain(g: u64) -> u64 {
    let mut x = 0;
    let mut bit = 0;
    for i in (0..64).rev() {
        bit ^= g >> i & 1;
        x |= bit << i;
    }
    x
}

/// The Gray code of `x` stepped: `x`, `x >> 1`, their xor.
///
/// # Errors
/// A width outside 1..=64, or `x` wider than `width`.
pub fn to_gray_trace(x: u64, width: u32) -> Result<Trace, GrayError> {
    check(x, width)?;
    let w = |v: u64| Word::new(v, width);
    let g = to_gray(x);
    let mut t = Trace::new(
        "gray-encode",
        format!("Gray code of {} ({width} bits)", w(x).hex()),
        Outcome::Word(w(g)),
    );
    t.push(Step::new("the number", "x", w(x)).note(format!("x = {x}")));
    t.push(
        Step::new("each bit's upper neighbour", "x >> 1", w(x >> 1))
            .operand("x", w(x))
            .note("bit i now holds x's bit i + 1 (the top bit sees a 0)"),
    );
    t.push(
        Step::new("where neighbours differ", "x ^ (x >> 1)", w(g))
            .highlight(g)
            .operand("x", w(x))
            .operand("x >> 1", w(x >> 1))
            .note(format!(
                "bit i is set when bits i and i + 1 of x differ; the code of {x} and that of {} differ in one bit",
                x.wrapping_add(1) & mask(width)
            )),
    );
    Ok(t)
}

/// Decodes a Gray code by the prefix-xor fold: the code, then one step per
/// fold `g ^= g >> s` for `s = 1, 2, 4, ...` below `width`.
///
/// ```text
/// g            0100          after s: bit i = xor of g's bits i .. i+2s-1
/// g ^= g >> 1  0110
/// g ^= g >> 2  0111 = 7
/// ```
///
/// # Errors
/// A width outside 1..=64, or `g` wider than `width`.
pub fn from_gray_trace(g: u64, width: u32) -> Result<Trace, GrayError> {
    check(g, width)?;
    let w = |v: u64| Word::new(v, width);
    let want = from_gray_plain(g);
    let mut t = Trace::new(
        "gray-decode",
        format!("Gray decode of {} ({width} bits)", w(g).hex()),
        Outcome::Word(w(want)),
    );
    t.push(Step::new("the code", "g", w(g)).note(if width == 1 {
        "one bit: the code is the number".to_string()
    } else {
        "bit i of the number is the xor of the code's bits i and above".to_string()
    }));
    let mut v = g;
    let mut s = 1;
    while s < width {
        let next = v ^ (v >> s);
        let span = (2 * s).min(width);
        let mut note = format!(
            "each bit i is now the xor of g's bits i .. i + {}",
            span - 1
        );
        if 2 * s >= width {
            note.push_str(&format!(
                ", which covers the whole word; the bit loop says {} {}",
                w(want).hex(),
                check_mark(next == want)
            ));
        }
        t.push(
            Step::new(format!("fold by {s}"), format!("g ^ (g >> {s})"), w(next))
                .highlight(v ^ next)
                .operand("g", w(v))
                .operand(format!("g >> {s}"), w(v >> s))
                .note(note),
        );
        v = next;
        s *= 2;
    }
    Ok(t)
}

/// The next larger word with as many set bits as `x` (Gosper's hack), or
/// `None` for `x = 0` or when it would need a 65th bit.
pub const fn gosper_next(x: u64) -> Option<u64> {
    if x == 0 {
        return None;
    }
    let c = x & x.wrapping_neg();
    match x.checked_add(c) {
        Some(r) => Some((((r ^ x) >> 2) / c) | r),
        None => None,
    }
}

/// Gosper's hack stepped: `c = x & -x`, `r = x + c`, `r ^ x`, `>> 2`,
/// `/ c`, `| r`; each step with a note. The result is the next word.
///
/// # Errors
/// A width outside 1..=64, `x` wider than `width`, `x = 0`
/// ([`GrayError::Zero`]), or `x` the last subset of its size within
/// `width` bits ([`GrayError::LastSubset`]: the carry leaves the word).
pub fn gosper_next_trace(x: u64, width: u32) -> Result<Trace, GrayError> {
    check(x, width)?;
    if x == 0 {
        return Err(GrayError::Zero);
    }
    let c = x & x.wrapping_neg();
    let r = match x.checked_add(c) {
        Some(r) if r & !mask(width) == 0 => r,
        _ => {
            return Err(GrayError::LastSubset {
                value: x,
                ones: x.count_ones(),
                width,
            })
        }
    };
    let next = gosper_next(x).unwrap_or(0);
    let w = Word::new(next, width);
    let mut trace = Trace::new(
        "gosper-next",
        format!(
            "next {}-subset after {} ({width} bits)",
            x.count_ones(),
            Word::new(x, width).hex()
        ),
        Outcome::Word(w),
    );
    for s in gosper_steps(x, c, r, width) {
        trace.push(s);
    }
    Ok(trace)
}

/// The six steps of Gosper's hack on `x` (non-zero), with `c = x & -x`
/// and `r = x + c` (no overflow past `width`).
fn gosper_steps(x: u64, c: u64, r: u64, width: u32) -> [Step; 6] {
    let (t, low) = ((r ^ x) >> 2, c.trailing_zeros());
    let (ones, next) = (t / c, (t / c) | r);
    let w = |v: u64| Word::new(v, width);
    let block = (r ^ x).count_ones() - 1;
    [
        Step::new("isolate the lowest set bit", "c = x & -x", w(c))
            .highlight(c)
            .operand("x", w(x))
            .operand("-x", w(x.wrapping_neg()))
            .note(format!(
                "c = 2^{low}: the lowest block of ones starts at bit {low}"
            )),
        Step::new("carry through the lowest block", "r = x + c", w(r))
            .highlight(r & !x)
            .operand("x", w(x))
            .operand("c", w(c))
            .note(format!(
                "the block of {block} one{} turns to zeros and bit {} turns on",
                if block == 1 { "" } else { "s" },
                r.trailing_zeros()
            )),
        Step::new("the bits the carry changed", "r ^ x", w(r ^ x))
            .highlight(r ^ x)
            .operand("r", w(r))
            .operand("x", w(x))
            .note(format!("the block and the new bit: {} ones", block + 1)),
        Step::new("drop two of them", "(r ^ x) >> 2", w(t)).note(
            "one stands for the new bit, one for the block's top bit, which moved up into it",
        ),
        Step::new("bring them down to bit 0", "((r ^ x) >> 2) / c", w(ones))
            .highlight(ones)
            .operand("c", w(c))
            .note(format!(
                "dividing by c = 2^{low} shifts right by {low}: {} one{} left to put back",
                block - 1,
                if block == 2 { "" } else { "s" }
            )),
        Step::new(
            "put them at the bottom",
            "next = (((r ^ x) >> 2) / c) | r",
            w(next),
        )
        .highlight(next ^ x)
        .operand("ones", w(ones))
        .operand("r", w(r))
        .note(format!(
            "{} set bits as x has, the smallest word above {} with them; {}",
            next.count_ones(),
            w(x).hex(),
            check_mark(next.count_ones() == x.count_ones() && next > x)
        )),
    ]
}

/// Every `k`-subset of `n` bits as a word, in increasing order, by
/// Gosper's hack (at most `limit` of them): from `2^k - 1` up to the top
/// `k` bits. `k = 0` gives the one empty set, `0`.
///
/// # Errors
/// `n` outside 1..=64 ([`GrayError::BadWidth`]) or `k > n`.
pub fn subsets(n: u32, k: u32, limit: usize) -> Result<Vec<u64>, GrayError> {
    if !(1..=64).contains(&n) {
        return Err(GrayError::BadWidth(n));
    }
    if k > n {
        return Err(GrayError::BadSubset { n, k });
    }
    let mut out = Vec::new();
    let mut x = mask(k);
    while out.len() < limit {
        out.push(x);
        match gosper_next(x) {
            Some(next) if next & !mask(n) == 0 => x = next,
            _ => break,
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::rng::Rng;

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    /// The next larger word within `width` bits with as many ones, by search.
    fn next_plain(x: u64, width: u32) -> Option<u64> {
        (x + 1..=mask(width)).find(|y| y.count_ones() == x.count_ones())
    }

    #[test]
    fn gray_codes_round_trip_and_step_by_one_bit() {
        let firsts: Vec<u64> = (0..8).map(to_gray).collect();
        assert_eq!(firsts, [0, 1, 3, 2, 6, 7, 5, 4]);
        for x in 0..=0xffffu64 {
            let g = to_gray(x);
            assert_eq!(from_gray_plain(g), x);
            assert_eq!((g ^ to_gray(x + 1)).count_ones(), 1);
        }
        let mut rng = Rng::new(3);
        let edges = [0, 1, u64::MAX, 1 << 63, u64::MAX >> 1];
        for x in edges.into_iter().chain((0..500).map(|_| rng.next_u64())) {
            assert_eq!(from_gray_plain(to_gray(x)), x);
            assert_eq!(to_gray(from_gray_plain(x)), x);
        }
        assert_eq!(to_gray(u64::MAX), 1 << 63);
        assert_eq!(from_gray_plain(1 << 63), u64::MAX);
    }

    #[test]
    fn traces_agree_with_the_plain_forms() {
        let mut rng = Rng::new(17);
        for width in 1..=64 {
            let m = mask(width);
            let mut words = vec![0, 1 & m, m, 1 << (width - 1)];
            words.extend((0..20).map(|_| rng.next_u64() & m));
            for x in words {
                let enc = to_gray_trace(x, width).unwrap();
                assert_eq!(enc.result, Outcome::Word(Word::new(to_gray(x), width)));
                assert_eq!(enc.steps.len(), 3);
                assert_eq!(enc.steps[1].value.bits, x >> 1);
                let dec = from_gray_trace(x, width).unwrap();
                let want = from_gray_plain(x);
                assert_eq!(dec.result, Outcome::Word(Word::new(want, width)));
                assert_eq!(dec.steps.last().unwrap().value.bits, want);
                let folds = 32 - (width - 1).leading_zeros();
                assert_eq!(dec.steps.len() as u32, 1 + folds, "width {width}");
                assert!(!dec.to_text().contains('✗'));
            }
        }
        let shifts: Vec<String> = from_gray_trace(0b0100, 8)
            .unwrap()
            .steps
            .iter()
            .map(|s| s.expr.clone())
            .collect();
        assert_eq!(
            shifts,
            ["g", "g ^ (g >> 1)", "g ^ (g >> 2)", "g ^ (g >> 4)"]
        );
    }

    #[test]
    fn gray_refuses_bad_widths_and_words() {
        assert_eq!(to_gray_trace(0, 0), Err(GrayError::BadWidth(0)));
        assert_eq!(from_gray_trace(0, 65), Err(GrayError::BadWidth(65)));
        assert_eq!(
            to_gray_trace(4, 2),
            Err(GrayError::TooWide { value: 4, width: 2 })
        );
        assert!(from_gray_trace(u64::MAX, 63).is_err());
        assert!(to_gray_trace(u64::MAX, 64).is_ok());
    }

    #[test]
    fn gosper_matches_the_search() {
        for width in 1..=10 {
            for x in 1..=mask(width) {
                match (gosper_next_trace(x, width), next_plain(x, width)) {
                    (Ok(t), Some(want)) => {
                        assert_eq!(t.result, Outcome::Word(Word::new(want, width)));
                        assert_eq!(t.steps.len(), 6);
                        assert_eq!(t.steps[5].value.bits, want);
                        assert!(!t.to_text().contains('✗'));
                    }
                    (Err(e), None) => assert_eq!(
                        e,
                        GrayError::LastSubset {
                            value: x,
                            ones: x.count_ones(),
                            width
                        }
                    ),
                    (got, want) => panic!("{x:#x} at {width}: {got:?} vs {want:?}"),
                }
            }
        }
    }

    #[test]
    fn gosper_steps_and_edges() {
        let t = gosper_next_trace(0b0110_1100, 8).unwrap();
        let values: Vec<u64> = t.steps.iter().map(|s| s.value.bits).collect();
        assert_eq!(
            values,
            [0b100, 0b0111_0000, 0b0001_1100, 0b111, 0b1, 0b0111_0001]
        );
        assert_eq!(gosper_next_trace(0, 8), Err(GrayError::Zero));
        assert_eq!(gosper_next_trace(0, 64), Err(GrayError::Zero));
        for (x, width) in [(u64::MAX, 64), (1 << 63, 64), (1, 1), (0xc0, 8)] {
            assert!(matches!(
                gosper_next_trace(x, width),
                Err(GrayError::LastSubset { .. })
            ));
        }
        assert_eq!(gosper_next(u64::MAX), None);
        assert_eq!(gosper_next(1 << 63), None);
        assert_eq!(gosper_next(0), None);
        assert_eq!(gosper_next(1 << 62), Some(1 << 63));
        let top = gosper_next_trace(1 << 62, 64).unwrap();
        assert_eq!(top.result, Outcome::Word(Word::new(1 << 63, 64)));
        assert_eq!(
            gosper_next_trace(0xc0, 64).unwrap().result,
            Outcome::Word(Word::new(0x101, 64))
        );
        assert!(gosper_next_trace(0x100, 8).is_err() && gosper_next_trace(1, 0).is_err());
    }

    #[test]
    fn subsets_count_order_and_popcount() {
        for n in 1..=12u32 {
            for k in 0..=n {
                let all = subsets(n, k, usize::MAX).unwrap();
                assert_eq!(all.len() as u64, binomial(n as u64, k as u64), "{n} {k}");
                assert!(all.iter().all(|s| s.count_ones() == k && s & !mask(n) == 0));
                assert!(all.windows(2).all(|p| p[0] < p[1]));
                let want: Vec<u64> = (0..=mask(n)).filter(|s| s.count_ones() == k).collect();
                assert_eq!(all, want);
            }
        }
    }

    #[test]
    fn subsets_at_the_edges() {
        assert_eq!(subsets(64, 0, 5), Ok(vec![0]));
        assert_eq!(subsets(64, 64, 5), Ok(vec![u64::MAX]));
        let ones = subsets(64, 1, 100).unwrap();
        assert_eq!(ones, (0..64).map(|i| 1u64 << i).collect::<Vec<_>>());
        let most = subsets(64, 63, 100).unwrap();
        assert_eq!(most.len(), 64);
        assert_eq!(*most.last().unwrap(), u64::MAX - 1);
        assert_eq!(subsets(64, 32, 1000).unwrap().len(), 1000);
        assert_eq!(subsets(5, 2, 0), Ok(vec![]));
        assert_eq!(subsets(5, 2, 3), Ok(vec![0b11, 0b101, 0b110]));
        assert_eq!(subsets(0, 0, 5), Err(GrayError::BadWidth(0)));
        assert_eq!(subsets(65, 1, 5), Err(GrayError::BadWidth(65)));
        assert_eq!(subsets(4, 5, 5), Err(GrayError::BadSubset { n: 4, k: 5 }));
    }
}
