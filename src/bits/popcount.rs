//! Population count: how many bits of a word are set, three ways.
//!
//! The SWAR form adds the bits in ever wider lanes inside the one word: every
//! 2-bit lane becomes the count of its two bits, every nibble the sum of two
//! such counts, every byte the sum of two nibbles; one multiply then adds all
//! the bytes into the top byte.
//!
//! ```text
//! x = 1011_0110 (8 bits, 5 set)
//!                                 lanes        each lane = count_ones of x's lane (top lane first)
//! x - ((x >> 1) & 0x55)          01 10 01 01   2-bit:  1  2  1  1
//! (x & 0x33) + ((x >> 2) & 0x33) 0011 0010     4-bit:  3  2
//! (x + (x >> 4)) & 0x0f          0000_0101     8-bit:  5 = the count
//! (x * 0x0101..) >> (width - 8)  the byte sums of a wider word added into its top byte
//! ```
//!
//! Beside it: Kernighan's loop, `x &= x - 1` until zero (one turn per set
//! bit), and the instruction, Rust's [`u64::count_ones`]. The plain reference
//! is [`reference`], one bit at a time.
//!
//! ```
//! use bitscope::bits::popcount::{kernighan, swar};
//! assert_eq!(swar(64, u64::MAX), Ok(64));
//! assert_eq!(swar(8, 0xb6), Ok(5));
//! assert_eq!(kernighan(0xb6), 5);
//! ```

use super::trace::{check_mark, Outcome, Step, Trace};
use super::word::{lane_low_bits, mask, Word};
use thiserror::Error;

/// Word widths the SWAR count takes.
pub const WIDTHS: [u32; 4] = [8, 16, 32, 64];

/// Why a count was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PopcountError {
    #[error("word width {0} is not supported: use 8, 16, 32 or 64 bits")]
    BadWidth(u32),
    #[error("{value:#x} does not fit in {width} bits")]
    TooWide { value: u64, width: u32 },
}

fn check(width: u32, x: u64) -> Result<(), PopcountError> {
    if !WIDTHS.contains(&width) {
        return Err(PopcountError::BadWidth(width));
    }
    if x & !mask(width) != 0 {
        return Err(PopcountError::TooWide { value: x, width });
    }
    Ok(())
}

/// The masks of the SWAR count for a width: `0x55..`, `0x33..`, `0x0f..`
/// and the multiplier `0x0101..` (every byte's low bit).
pub const fn masks(width: u32) -> [u64; 4] {
    [
        lane_low_bits(width, 2),
        lane_low_bits(width, 4) * 3,
        lane_low_bits(width, 8) * 15,
        lane_low_bits(width, 8),
    ]
}

/// The plain reference: one bit at a time.
pub fn reference(x: u64) -> u32 {
    (0..64).map(|i| (x >> i & 1) as u32).sum()
}

/// The four SWAR values for `x` (2-bit, 4-bit, 8-bit lane sums, product);
/// all within `width` bits (the product wraps).
fn stages(width: u32, x: u64) -> [u64; 4] {
    let [m1, m2, m4, h01] = masks(width);
    let a = x - ((x >> 1) & m1);
    let b = (a & m2) + ((a >> 2) & m2);
    let c = (b + (b >> 4)) & m4;
    let d = c.wrapping_mul(h01) & mask(width);
    [a, b, c, d]
}

/// The SWAR count of a `width`-bit word (8, 16, 32 or 64).
///
/// # Errors
/// Another width, or `x` wider than `width`.
pub fn swar(width: u32, x: u64) -> Result<u32, PopcountError> {
    check(width, x)?;
    let [_, _, c, d] = stages(width, x);
    Ok(if width == 8 { c } else { d >> (width - 8) } as u32)
}

/// The 64-bit SWAR count, the hot form (what `bitscope bench` times).
#[inline]
pub fn swar64(x: u64) -> u32 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The instruction's answer: `count_ones` (`i64.popcnt` in WebAssembly;
/// POPCNT on x86-64 when the build targets a CPU that has it).
#[inline]
pub fn hardware(x: u64) -> u32 {
    x.count_ones()
}

/// Kernighan's loop: `x &= x - 1` clears the lowest set bit; the number of
/// turns until zero is the count.
#[inline]
pub fn kernighan(mut x: u64) -> u32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// The count of every `lane_bits`-bit lane of `x` (lane 0 first), by
/// `count_ones`: what each SWAR step's lanes must hold.
pub fn lane_popcounts(width: u32, x: u64, lane_bits: u32) -> Vec<i64> {
    let w = Word::new(x, width);
    (0..w.lane_count(lane_bits))
        .map(|i| w.lane(i, lane_bits).count_ones() as i64)
        .collect()
}

/// The lanes of `value` (lane 0 first).
fn lanes_of(width: u32, value: u64, lane_bits: u32) -> Vec<i64> {
    let w = Word::new(value, width);
    (0..w.lane_count(lane_bits))
        .map(|i| w.lane(i, lane_bits) as i64)
        .collect()
}

fn joined(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")
}

/// One lane step: the value's lanes in `cells`, checked against
/// `count_ones` of x's lanes in the note.
fn lane_step(label: &str, expr: String, width: u32, x: u64, value: u64, lane_bits: u32) -> Step {
    let cells = lanes_of(width, value, lane_bits);
    let want = lane_popcounts(width, x, lane_bits);
    let verdict = if cells == want {
        format!("each equals count_ones of x's {lane_bits}-bit lane ✓")
    } else {
        format!(
            "count_ones of x's lanes is {}: they differ ✗",
            joined(&want)
        )
    };
    Step::new(label, expr, Word::new(value, width))
        .lanes(lane_bits)
        .cells(cells.iter().copied())
        .note(format!(
            "{} lane{} of {lane_bits} bits, lane 0 first: {}; {verdict}",
            cells.len(),
            if cells.len() == 1 { "" } else { "s" },
            joined(&cells)
        ))
}

/// The SWAR count stepped: the 2-bit, 4-bit and 8-bit lane sums (each
/// lane checked against `count_ones`), then the multiply that adds the
/// bytes into the top byte and the shift that brings it down (no multiply
/// for 8 bits: the one byte is the count). The result is the count.
///
/// # Errors
/// Another width, or `x` wider than `width`.
pub fn trace(width: u32, x: u64) -> Result<Trace, PopcountError> {
    check(width, x)?;
    let count = swar(width, x)?;
    let [.., h01] = masks(width);
    let [.., c, d] = stages(width, x);
    let w = |v: u64| Word::new(v, width);
    let hex = |v: u64| w(v).hex();
    let mut t = Trace::new(
        "popcount",
        format!("population count of {} ({width} bits)", hex(x)),
        Outcome::Number(count as i64),
    );
    t.push(
        Step::new("the word", "x", w(x))
            .cells((0..width).map(|i| (x >> i & 1) as i64))
            .note(format!(
                "{width} one-bit lanes: each bit is the count of itself; {} of them are set",
                x.count_ones()
            )),
    );
    for step in lane_sum_steps(width, x) {
        t.push(step);
    }
    if width == 8 {
        t.push(
            Step::new("the count", "x", w(c))
                .highlight(0xff)
                .note(format!(
                    "an 8-bit word has one byte lane, and it already holds the count, {count}: the multiply by 0x01 and the shift by 0 would change nothing, so they are left out"
                )),
        );
        return Ok(t);
    }
    t.push(multiply_step(width, c, d, h01, count));
    t.push(
        Step::new(
            "bring the top byte down",
            format!("(x * {}) >> {}", hex(h01), width - 8),
            w(d >> (width - 8)),
        )
        .highlight(0xff)
        .note(format!(
            "the count, {count}; count_ones says {} {}",
            x.count_ones(),
            check_mark(count == x.count_ones())
        )),
    );
    Ok(t)
}

/// The 2-, 4- and 8-bit lane sums of `x`, each with its operands.
fn lane_sum_steps(width: u32, x: u64) -> Vec<Step> {
    let [m1, m2, m4, _] = masks(width);
    let [a, b, c, _] = stages(width, x);
    let w = |v: u64| Word::new(v, width);
    let hex = |v: u64| w(v).hex();
    // Each lane sum: its label, expression, value, lane width and operands.
    let lane_sums = [
        (
            "2-bit lanes: count each pair",
            format!("x - ((x >> 1) & {})", hex(m1)),
            a,
            2,
            [
                ("x".to_string(), x),
                (format!("(x >> 1) & {}", hex(m1)), (x >> 1) & m1),
            ],
        ),
        (
            "4-bit lanes: add the pairs",
            format!("(x & {m}) + ((x >> 2) & {m})", m = hex(m2)),
            b,
            4,
            [
                (format!("x & {}", hex(m2)), a & m2),
                (format!("(x >> 2) & {}", hex(m2)), (a >> 2) & m2),
            ],
        ),
        (
            "8-bit lanes: add the nibbles",
            format!("(x + (x >> 4)) & {}", hex(m4)),
            c,
            8,
            [("x".to_string(), b), ("x >> 4".to_string(), b >> 4)],
        ),
    ];
    lane_sums
        .into_iter()
        .map(|(label, expr, value, lane_bits, operands)| {
            let step = lane_step(label, expr, width, x, value, lane_bits);
            operands
                .into_iter()
                .fold(step, |s, (name, v)| s.operand(name, w(v)))
        })
        .collect()
}

/// `c * h01`: every byte of `c` added into the top byte (`d`).
fn multiply_step(width: u32, c: u64, d: u64, h01: u64, count: u32) -> Step {
    let w = |v: u64| Word::new(v, width);
    let sums: Vec<i64> = lanes_of(width, d, 8);
    Step::new(
        "add every byte into the top byte",
        format!("x * {}", w(h01).hex()),
        w(d),
    )
    .lanes(8)
    .highlight(0xffu64 << (width - 8))
    .operand("x", w(c))
    .operand(w(h01).hex(), w(h01))
    .note(format!(
        "x * {} = x + (x << 8) + (x << 16) + ...: byte k becomes the sum of bytes 0..k ({}, lane 0 first); no byte sum passes {width} < 256, so no carry crosses a byte, and the top byte is the total, {count}",
        w(h01).hex(),
        joined(&sums)
    ))
}

/// Kernighan's loop stepped: one step per turn of `x &= x - 1`, the bit it
/// clears highlighted. The result is the number of turns, the count.
///
/// # Errors
/// Another width, or `x` wider than `width`.
pub fn kernighan_trace(width: u32, x: u64) -> Result<Trace, PopcountError> {
    check(width, x)?;
    let w = |v: u64| Word::new(v, width);
    let mut t = Trace::new(
        "popcount-kernighan",
        format!("Kernighan's loop on {}", w(x).hex()),
        Outcome::Number(kernighan(x) as i64),
    );
    t.push(Step::new("the word", "x", w(x)).note(if x == 0 {
        "x = 0: the loop never turns, the count is 0".to_string()
    } else {
        "while x != 0: x &= x - 1 (x - 1 flips the lowest set bit and the zeros below it; the and keeps the rest)".to_string()
    }));
    let mut v = x;
    let mut turn = 0;
    while v != 0 {
        let low = v.trailing_zeros();
        let next = v & (v - 1);
        turn += 1;
        t.push(
            Step::new(
                format!("turn {turn}: clear bit {low}"),
                "x & (x - 1)",
                w(next),
            )
            .highlight(1 << low)
            .operand("x", w(v))
            .operand("x - 1", w(v - 1))
            .note(if next == 0 {
                format!(
                    "x is 0 after {turn} turn{}: the count is {turn}",
                    if turn == 1 { "" } else { "s" }
                )
            } else {
                format!(
                    "{turn} bit{} cleared, {} left",
                    if turn == 1 { "" } else { "s" },
                    next.count_ones()
                )
            }),
        );
        v = next;
    }
    Ok(t)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn masks_per_width() {
        assert_eq!(
            masks(64),
            [
                0x5555_5555_5555_5555,
                0x3333_3333_3333_3333,
                0x0f0f_0f0f_0f0f_0f0f,
                0x0101_0101_0101_0101
            ]
        );
        assert_eq!(masks(16), [0x5555, 0x3333, 0x0f0f, 0x0101]);
        assert_eq!(masks(8), [0x55, 0x33, 0x0f, 0x01]);
    }

    #[test]
    fn the_doc_example_and_the_edges() {
        let t = trace(8, 0xb6).unwrap();
        assert_eq!(t.result, Outcome::Number(5));
        assert_eq!(t.steps[1].cells, vec![1, 1, 2, 1]); // lane 0 first
        assert_eq!(t.steps[2].cells, vec![2, 3]);
        assert_eq!(t.steps.len(), 5, "8 bits: no multiply step");
        assert!(t.steps[4].note.contains("left out"));
        let lanes: Vec<_> = trace(64, 1)
            .unwrap()
            .steps
            .iter()
            .map(|s| s.lane_bits)
            .collect();
        assert_eq!(lanes, [None, Some(2), Some(4), Some(8), Some(8), None]);
        for width in WIDTHS {
            assert_eq!(swar(width, mask(width)), Ok(width));
            assert_eq!(swar(width, 0), Ok(0));
            assert_eq!(kernighan_trace(width, 0).unwrap().steps.len(), 1);
        }
        assert_eq!(swar(12, 1), Err(PopcountError::BadWidth(12)));
        assert_eq!(
            swar(8, 0x100),
            Err(PopcountError::TooWide {
                value: 0x100,
                width: 8
            })
        );
        assert!(trace(32, 1 << 40).is_err() && kernighan_trace(7, 1).is_err());
        assert_eq!(swar64(u64::MAX), 64);
        assert_eq!(reference(0xf0f0), 8);
    }

    #[test]
    fn kernighan_steps_clear_the_lowest_bit() {
        let t = kernighan_trace(16, 0b1010_0100).unwrap();
        assert_eq!(t.result, Outcome::Number(3));
        assert_eq!(t.steps.len(), 4);
        assert_eq!(t.steps[1].value, Word::new(0b1010_0000, 16));
        assert_eq!(t.steps[1].highlight, 1 << 2);
        assert_eq!(t.steps[3].value, Word::new(0, 16));
    }

    fn width_and_word() -> impl Strategy<Value = (u32, u64)> {
        (prop::sample::select(WIDTHS.to_vec()), any::<u64>()).prop_map(|(w, x)| (w, x & mask(w)))
    }

    proptest! {
        #[test]
        fn every_form_agrees_with_count_ones((width, x) in width_and_word()) {
            let want = x.count_ones();
            prop_assert_eq!(swar(width, x), Ok(want));
            prop_assert_eq!(kernighan(x), want);
            prop_assert_eq!(reference(x), want);
            if width == 64 {
                prop_assert_eq!(swar64(x), want);
            }
            let t = trace(width, x).unwrap();
            prop_assert_eq!(&t.result, &Outcome::Number(want as i64));
            let k = kernighan_trace(width, x).unwrap();
            prop_assert_eq!(&k.result, &Outcome::Number(want as i64));
            prop_assert_eq!(k.steps.len() as u32, want + 1);
        }

        #[test]
        fn every_lane_step_holds_its_lanes_counts((width, x) in width_and_word()) {
            let t = trace(width, x).unwrap();
            let mut grown = vec![];
            prop_assert_eq!(&t.steps[0].cells, &lane_popcounts(width, x, 1));
            for s in t.steps.iter().skip(1).take(3) {
                let lanes = s.lane_bits.unwrap();
                grown.push(lanes);
                prop_assert_eq!(&s.cells, &lane_popcounts(width, x, lanes));
                prop_assert!(!s.note.contains('✗'), "{}", s.note);
            }
            prop_assert_eq!(grown, vec![2, 4, 8]);
        }
    }
}
