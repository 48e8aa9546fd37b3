//! Bit reversal and general bit permutations, built from delta swaps.
//!
//! A delta swap exchanges bit `i` with bit `i + s` for every `i` in a mask:
//!
//! ```text
//! t = ((x >> s) ^ x) & m      t: where the two bits of a pair differ
//! x ^ t ^ (t << s)            flip both bits of those pairs
//!
//! x = 1101_0010, m = 0101_0101, s = 1   (swap adjacent bits)
//!     1110_0001
//! ```
//!
//! Reversal is a ladder of delta swaps (adjacent bits, pairs, nibbles,
//! bytes, ... halves); a table reversal looks each byte up instead. Any
//! permutation of `2^m` bits is a Beneš network: `2m - 1` delta swaps at
//! distances `w/2, w/4, ..., 1, ..., w/4, w/2`, masks found by
//! two-colouring the outer stages and recursing into the halves.
//!
//! ```
//! use bitscope::bits::permute::{benes, permute_plain, reverse_plain};
//! let perm = [2, 0, 3, 1];
//! let net = benes(&perm).unwrap();
//! assert_eq!(net.apply(0b0011), permute_plain(0b0011, &perm));
//! assert_eq!(reverse_plain(0b0000_0001, 8), 0b1000_0000);
//! ```

use super::trace::{check_mark, Outcome, Step, Trace};
use super::word::{lane_low_bits, mask, Word};
use thiserror::Error;

/// Word widths the two reversals take.
pub const WIDTHS: [u32; 4] = [8, 16, 32, 64];

/// The named example permutations [`example`] knows.
pub const EXAMPLES: [&str; 4] = ["reverse", "transpose8x8", "morton", "rotate"];

/// Why a reversal, a permutation or an example was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PermuteError {
    #[error("word width {0} is not supported: use 8, 16, 32 or 64 bits")]
    BadWidth(u32),
    #[error("{value:#x} does not fit in {width} bits")]
    TooWide { value: u64, width: u32 },
    #[error("a permutation of {0} bits: the length must be 2, 4, 8, 16, 32 or 64")]
    BadLength(usize),
    #[error("bit {index} goes to {dest}, outside 0..{width}")]
    OutOfRange { index: usize, dest: u32, width: u32 },
    #[error("bits {first} and {second} both go to {dest}: not a permutation")]
    Repeated {
        dest: u32,
        first: usize,
        second: usize,
    },
    #[error("empty: type the destinations of bits 0, 1, 2, ... such as 3 2 1 0")]
    Empty,
    #[error("'{0}' is not a bit index (a decimal number such as 7)")]
    BadNumber(String),
    #[error("no example '{0}': try reverse, transpose8x8, morton or rotate")]
    UnknownExample(String),
    #[error("the {name} example takes {need} bits, not {width}")]
    ExampleWidth {
        name: &'static str,
        need: u32,
        width: u32,
    },
}

/// Swap bit `i` with bit `i + shift` for every `i` set in `mask`.
///
/// Mask bits whose partner `i + shift` is past bit 63 are ignored, and a
/// shift of 0 or 64+ changes nothing. The mask should not meet `mask << shift`
/// (each pair swapped once).
///
/// ```
/// use bitscope::bits::permute::delta_swap;
/// assert_eq!(delta_swap(0b01, 0b01, 1), 0b10);
/// assert_eq!(delta_swap(0xd2, 0x55, 1), 0xe1);
/// ```
pub const fn delta_swap(x: u64, mask: u64, shift: u32) -> u64 {
    if shift >= 64 {
        return x;
    }
    let mask = mask & (u64::MAX >> shift);
    let t = ((x >> shift) ^ x) & mask;
    x ^ t ^ (t << shift)
}

fn check_word(x: u64, width: u32) -> Result<(), PermuteError> {
    if !WIDTHS.contains(&width) {
        return Err(PermuteError::BadWidth(width));
    }
    if x & !mask(width) != 0 {
        return Err(PermuteError::TooWide { value: x, width });
    }
    Ok(())
}

/// The plain reference: bit `i` of the low `width` bits goes to bit
/// `width - 1 - i`, one bit at a time (bits above `width` are dropped;
/// `width` is clamped to 0..=64).
pub fn reverse_plain(x: u64, width: u32) -> u64 {
    let width = width.min(64);
    (0..width).fold(0, |acc, i| acc | (x >> i & 1) << (width - 1 - i))
}

/// The mask of the ladder stage at distance `s`: the low `s` bits of every
/// `2s`-bit lane (`s = 1`: `0x55..`, `s = 2`: `0x33..`, `s = 4`: `0x0f..`).
pub const fn ladder_mask(width: u32, s: u32) -> u64 {
    lane_low_bits(width, 2 * s) * mask(s)
}

/// What a ladder stage at distance `s` swaps, in words.
fn ladder_label(s: u32) -> String {
    match s {
        1 => "swap adjacent bits".to_string(),
        2 => "swap pairs of bits".to_string(),
        4 => "swap nibbles".to_string(),
        8 => "swap bytes".to_string(),
        _ => format!("swap {s}-bit halves"),
    }
}

/// Reverse the low `width` bits by the swap ladder, one step per stage.
///
/// ```text
/// x              1101_0010
/// s=1 m=0x55     1110_0001   swap adjacent bits
/// s=2 m=0x33     1011_0100   swap pairs
/// s=4 m=0x0f     0100_1011   swap nibbles = x reversed
/// ```
///
/// Each step has `x` (before) and the mask as operands and highlights the
/// bits whose value changed (pairs that held different bits).
///
/// # Errors
/// A width other than 8, 16, 32 or 64, or `x` wider than `width`.
pub fn reverse_ladder(x: u64, width: u32) -> Result<Trace, PermuteError> {
    check_word(x, width)?;
    let w = |v: u64| Word::new(v, width);
    let want = reverse_plain(x, width);
    let mut t = Trace::new(
        "reverse-ladder",
        format!("bit reversal of {} by the swap ladder", w(x).hex()),
        Outcome::Word(w(want)),
    );
    let mut v = x;
    let mut s = 1;
    while s < width {
        let m = ladder_mask(width, s);
        let next = delta_swap(v, m, s);
        let changed = v ^ next;
        let mut note = format!(
            "every bit i in the mask trades places with bit i + {s}; {} of {} pairs held different bits",
            changed.count_ones() / 2,
            width / 2
        );
        if 2 * s == width {
            let (want, ok) = (w(want).hex(), check_mark(next == want));
            note.push_str(&format!("; x reversed, the bit loop says {want} {ok}"));
        }
        t.push(
            Step::new(
                ladder_label(s),
                format!("x ^ t ^ (t << {s}), t = ((x >> {s}) ^ x) & m"),
                w(next),
            )
            .highlight(changed)
            .operand("x", w(v))
            .operand("m", w(m))
            .note(note),
        );
        v = next;
        s *= 2;
    }
    Ok(t)
}

/// Every byte reversed: `BYTE_TABLE[b]` is `b` with its 8 bits reversed.
pub const BYTE_TABLE: [u8; 256] = byte_table();

const fn byte_table() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let mut r = 0u8;
        let mut i = 0;
        while i < 8 {
            r |= (((b >> i) & 1) as u8) << (7 - i);
            i += 1;
        }
        table[b] = r;
        b += 1;
    }
    table
}

/// Reverse the low `width` bits by a table: each byte is looked up in
/// [`BYTE_TABLE`] and placed at the mirrored byte, one step per byte.
///
/// ```text
/// x = 0x12_34          byte 0: 0x34 -> table 0x2c -> byte 1
///                      byte 1: 0x12 -> table 0x48 -> byte 0
/// result 0x2c48
/// ```
///
/// # Errors
/// A width other than 8, 16, 32 or 64, or `x` wider than `width`.
pub fn reverse_by_table(x: u64, width: u32) -> Result<Trace, PermuteError> {
    check_word(x, width)?;
    let w = |v: u64| Word::new(v, width);
    let bytes = width / 8;
    let want = reverse_plain(x, width);
    let mut t = Trace::new(
        "reverse-table",
        format!("bit reversal of {} by a byte table", w(x).hex()),
        Outcome::Word(w(want)),
    );
    let mut acc = 0u64;
    for k in 0..bytes {
        let b = (x >> (8 * k) & 0xff) as u8;
        let r = BYTE_TABLE[b as usize];
        let at = 8 * (bytes - 1 - k);
        acc |= (r as u64) << at;
        let mut note = format!(
            "byte {k} is {b:#04x}; reversed it is {r:#04x}, placed at byte {}",
            bytes - 1 - k
        );
        if k + 1 == bytes {
            let (want, ok) = (w(want).hex(), check_mark(acc == want));
            note.push_str(&format!("; all placed, the bit loop says {want} {ok}"));
        }
        t.push(
            Step::new(
                format!("byte {k}: look it up"),
                format!("r | table[(x >> {}) & 0xff] << {at}", 8 * k),
                w(acc),
            )
            .highlight(0xff << at)
            .operand(format!("(x >> {}) & 0xff", 8 * k), Word::new(b as u64, 8))
            .operand(format!("table[{b:#04x}]"), Word::new(r as u64, 8))
            .note(note),
        );
    }
    Ok(t)
}

/// The plain reference: bit `i` of `x` goes to bit `perm[i]` (bits past
/// `perm.len()` are dropped, destinations past 63 ignored).
pub fn permute_plain(x: u64, perm: &[u32]) -> u64 {
    perm.iter()
        .take(64)
        .enumerate()
        .filter(|&(i, _)| x >> i & 1 == 1)
        .fold(0, |acc, (_, &d)| acc | 1u64.checked_shl(d).unwrap_or(0))
}

/// Checks that `perm` is a permutation of `2..=64` (a power of two) bits.
///
/// # Errors
/// [`PermuteError::BadLength`], [`PermuteError::OutOfRange`] or
/// [`PermuteError::Repeated`].
pub fn check_perm(perm: &[u32]) -> Result<(), PermuteError> {
    let n = perm.len();
    if !(2..=64).contains(&n) || !n.is_power_of_two() {
        return Err(PermuteError::BadLength(n));
    }
    let mut from = [usize::MAX; 64];
    for (index, &dest) in perm.iter().enumerate() {
        if dest as usize >= n {
            return Err(PermuteError::OutOfRange {
                index,
                dest,
                width: n as u32,
            });
        }
        if from[dest as usize] != usize::MAX {
            return Err(PermuteError::Repeated {
                dest,
                first: from[dest as usize],
                second: index,
            });
        }
        from[dest as usize] = index;
    }
    Ok(())
}

/// Reads a permutation typed as its destinations, separated by commas or
/// spaces: `"3 2 1 0"` or `"1,0"`, and checks it (see [`check_perm`]).
///
/// # Errors
/// Empty text, a token that is not a decimal number, or not a permutation.
pub fn parse_perm(text: &str) -> Result<Vec<u32>, PermuteError> {
    let perm = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u32>()
                .map_err(|_| PermuteError::BadNumber(s.into()))
        })
        .collect::<Result<Vec<u32>, _>>()?;
    if perm.is_empty() {
        return Err(PermuteError::Empty);
    }
    check_perm(&perm)?;
    Ok(perm)
}

/// A named permutation of `width` bits (see [`EXAMPLES`]): `reverse`
/// (`i -> w-1-i`), `rotate` (left by 1, `i -> i+1 mod w`), `transpose8x8`
/// (64 bits, `8r+c -> 8c+r`), `morton` (32 bits: x in the low 16, y in the
/// high 16, interleaved `x0 y0 x1 y1 ...` from bit 0).
///
/// # Errors
/// An unknown name, a width the example does not take, or a width that is
/// not a power of two in 2..=64.
pub fn example(name: &str, width: u32) -> Result<Vec<u32>, PermuteError> {
    let Some(&known) = EXAMPLES.iter().find(|&&e| e == name) else {
        return Err(PermuteError::UnknownExample(name.to_string()));
    };
    let need = match known {
        "transpose8x8" => 64,
        "morton" => 32,
        _ => width,
    };
    if width != need {
        let name = known;
        return Err(PermuteError::ExampleWidth { name, need, width });
    }
    if !(2..=64).contains(&width) || !width.is_power_of_two() {
        return Err(PermuteError::BadLength(width as usize));
    }
    let dest = |i: u32| match known {
        "reverse" => width - 1 - i,
        "rotate" => (i + 1) % width,
        "transpose8x8" => (i % 8) * 8 + i / 8,
        _ if i < 16 => 2 * i,  // morton: x
        _ => 2 * (i - 16) + 1, // morton: y
    };
    Ok((0..width).map(dest).collect())
}

/// One delta swap of a network: bit `i` with bit `i + shift`, `i` in `mask`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    pub mask: u64,
    pub shift: u32,
}

/// A permutation as delta swaps, applied in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub width: u32,
    pub stages: Vec<Stage>,
}

/// The most stages a Beneš network of `width = 2^m` bits has: `2m - 1`
/// (`m = floor(log2 width)`, width clamped to 2..=64).
pub fn max_stages(width: u32) -> usize {
    (2 * width.clamp(2, 64).ilog2() - 1) as usize
}

impl Network {
    /// The permuted word (bits above `width` are dropped first).
    pub fn apply(&self, x: u64) -> u64 {
        self.stages
            .iter()
            .fold(x & mask(self.width), |v, s| delta_swap(v, s.mask, s.shift))
    }

    /// How many pairs the network swaps in all (set bits of every mask).
    pub fn swap_count(&self) -> u32 {
        self.stages.iter().map(|s| s.mask.count_ones()).sum()
    }

    /// The network on `x`, one step per stage: the mask as an operand, the
    /// bits whose value changed highlighted. No stages (the identity): no
    /// steps. The result is the permuted word.
    pub fn trace(&self, x: u64) -> Trace {
        let w = |v: u64| Word::new(v, self.width);
        let x = x & mask(self.width);
        let mut t = Trace::new(
            "benes",
            format!(
                "Beneš network on {} ({} bits, {} stages, {} swaps)",
                w(x).hex(),
                self.width,
                self.stages.len(),
                self.swap_count()
            ),
            Outcome::Word(w(self.apply(x))),
        );
        let mut v = x;
        for (k, s) in self.stages.iter().enumerate() {
            let next = delta_swap(v, s.mask, s.shift);
            let changed = v ^ next;
            t.push(
                Step::new(
                    format!("stage {}: swap at distance {}", k + 1, s.shift),
                    format!("x ^ t ^ (t << {0}), t = ((x >> {0}) ^ x) & m", s.shift),
                    w(next),
                )
                .highlight(changed)
                .operand("x", w(v))
                .operand("m", w(s.mask))
                .note(format!(
                    "{} pair{} swapped, {} of them held different bits",
                    s.mask.count_ones(),
                    if s.mask.count_ones() == 1 { "" } else { "s" },
                    changed.count_ones() / 2
                )),
            );
            v = next;
        }
        t
    }
}

/// The Beneš network of `perm` (`perm[i]` = where bit `i` goes): delta
/// swaps at distances `w/2, ..., 2, 1, 2, ..., w/2`, the stages whose mask
/// is 0 left out.
///
/// ```text
/// in ─[w/2]─┬─ lower half: Beneš of w/2 ─┬─[w/2]─ out
///           └─ upper half: Beneš of w/2 ─┘
/// ```
///
/// # Errors
/// As [`check_perm`].
pub fn benes(perm: &[u32]) -> Result<Network, PermuteError> {
    check_perm(perm)?;
    let width = perm.len() as u32;
    let levels = width.trailing_zeros() as usize;
    let mut masks = vec![0u64; 2 * levels - 1];
    route(perm, 0, 0, &mut masks);
    let stages = masks
        .iter()
        .enumerate()
        .filter(|&(_, &m)| m != 0)
        .map(|(i, &mask)| {
            let depth = i.min(2 * levels - 2 - i);
            Stage {
                mask,
                shift: width >> (depth + 1),
            }
        })
        .collect();
    Ok(Network { width, stages })
}

/// Routes the block of `perm.len()` bits at bit `base` (a checked
/// permutation of the block), setting its bits of the stage masks of
/// `level` (input) and the mirrored level (output), then its halves.
fn route(perm: &[u32], base: usize, level: usize, masks: &mut [u64]) {
    let n = perm.len();
    if n == 2 {
        if perm[0] == 1 {
            masks[level] |= 1 << base;
        }
        return;
    }
    let h = n / 2;
    let out = masks.len() - 1 - level;
    let colour = two_colour(perm);
    let mut inverse = vec![0usize; n];
    for (i, &d) in perm.iter().enumerate() {
        inverse[d as usize] = i;
    }
    for i in 0..h {
        if colour[i] {
            masks[level] |= 1 << (base + i);
        }
        if colour[inverse[i]] {
            masks[out] |= 1 << (base + i);
        }
    }
    let mut halves = [vec![0u32; h], vec![0u32; h]];
    for (i, &d) in perm.iter().enumerate() {
        halves[colour[i] as usize][i % h] = d % h as u32;
    }
    route(&halves[0], base, level + 1, masks);
    route(&halves[1], base + h, level + 1, masks);
}

/// Which half each source bit crosses the middle in (`true`: the upper).
/// Bits `i` and `i ^ h` take different halves (they share an input swap),
/// and so do the sources of outputs `d` and `d ^ h`: follow each cycle of
/// those two constraints, alternating.
fn two_colour(perm: &[u32]) -> Vec<bool> {
    let n = perm.len();
    let h = n / 2;
    let mut inverse = vec![0usize; n];
    for (i, &d) in perm.iter().enumerate() {
        inverse[d as usize] = i;
    }
    let mut colour: Vec<Option<bool>> = vec![None; n];
    for start in 0..n {
        if colour[start].is_some() {
            continue;
        }
        // Start in the half the bit is in: no input swap for it.
        let c = start >= h;
        colour[start] = Some(c);
        let mut j = start;
        loop {
            let k = inverse[perm[j] as usize ^ h];
            colour[k] = Some(!c);
            let next = k ^ h;
            if colour[next].is_some() {
                break;
            }
            colour[next] = Some(c);
            j = next;
        }
    }
    colour.into_iter().map(|c| c.unwrap_or(false)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::rng::Rng;

    const PERM_WIDTHS: [u32; 6] = [2, 4, 8, 16, 32, 64];

    fn random_perm(rng: &mut Rng, width: u32) -> Vec<u32> {
        let mut p: Vec<u32> = (0..width).collect();
        for i in (1..p.len()).rev() {
            p.swap(i, rng.below(i + 1));
        }
        p
    }

    /// The network agrees with the plain permutation on random words, the
    /// edges, and every single bit; and stays within `2m - 1` stages.
    fn assert_routes(perm: &[u32], rng: &mut Rng) {
        let net = benes(perm).unwrap();
        let width = perm.len() as u32;
        assert_eq!(net.width, width);
        assert!(net.stages.len() <= max_stages(width), "{perm:?}");
        for s in &net.stages {
            assert_ne!(s.mask, 0);
            assert_eq!(s.mask & !mask(width), 0);
            assert_eq!(s.mask & (s.mask << s.shift), 0, "{perm:?}");
        }
        let mut words = vec![0, mask(width), 1 << (width - 1)];
        words.extend((0..width).map(|i| 1u64 << i));
        words.extend((0..8).map(|_| rng.next_u64() & mask(width)));
        for x in words {
            assert_eq!(net.apply(x), permute_plain(x, perm), "{perm:?} {x:#x}");
        }
        let x = rng.next_u64() & mask(width);
        let t = net.trace(x);
        assert_eq!(t.steps.len(), net.stages.len());
        assert_eq!(
            t.result,
            Outcome::Word(Word::new(permute_plain(x, perm), width))
        );
    }

    #[test]
    fn delta_swap_swaps_and_never_panics() {
        assert_eq!(delta_swap(0xd2, 0x55, 1), 0xe1);
        assert_eq!(delta_swap(0x0f, 0x0f, 4), 0xf0);
        assert_eq!(delta_swap(1, 1, 63), 1 << 63);
        assert_eq!(delta_swap(0xff, 0xff, 0), 0xff);
        assert_eq!(delta_swap(5, u64::MAX, 64), 5);
        assert_eq!(delta_swap(1 << 63, 1 << 63, 1), 1 << 63, "no partner");
    }

    #[test]
    fn reversals_agree_with_the_bit_loop() {
        let mut rng = Rng::new(11);
        assert_eq!(reverse_plain(0xd2, 8), 0x4b);
        assert_eq!(reverse_plain(1, 64), 1 << 63);
        assert_eq!(reverse_plain(7, 0), 0);
        for b in 0..=255u8 {
            assert_eq!(BYTE_TABLE[b as usize], b.reverse_bits());
        }
        for width in WIDTHS {
            let mut words = vec![0, 1, mask(width), 1 << (width - 1)];
            words.extend((0..50).map(|_| rng.next_u64() & mask(width)));
            for x in words {
                let want = x.reverse_bits() >> (64 - width);
                assert_eq!(reverse_plain(x, width), want);
                let out = Outcome::Word(Word::new(want, width));
                let ladder = reverse_ladder(x, width).unwrap();
                assert_eq!(ladder.result, out);
                assert_eq!(ladder.steps.last().unwrap().value.bits, want);
                assert_eq!(ladder.steps.len() as u32, width.trailing_zeros());
                let table = reverse_by_table(x, width).unwrap();
                assert_eq!(table.result, out);
                assert_eq!(table.steps.last().unwrap().value.bits, want);
                assert_eq!(table.steps.len() as u32, width / 8);
                assert!(!ladder.to_text().contains('✗') && !table.to_text().contains('✗'));
            }
        }
    }

    #[test]
    fn the_ladder_shows_its_masks_and_moved_bits() {
        let t = reverse_ladder(0xd2, 8).unwrap();
        let values: Vec<u64> = t.steps.iter().map(|s| s.value.bits).collect();
        assert_eq!(values, [0xe1, 0xb4, 0x4b]);
        let masks: Vec<u64> = t.steps.iter().map(|s| s.operands[1].value.bits).collect();
        assert_eq!(masks, [0x55, 0x33, 0x0f]);
        assert_eq!(t.steps[0].highlight, 0xd2 ^ 0xe1);
        assert_eq!(t.steps[0].operands[0].value.bits, 0xd2);
        assert_eq!(ladder_mask(64, 16), 0x0000_ffff_0000_ffff);
        assert_eq!(ladder_mask(64, 32), 0x0000_0000_ffff_ffff);
        let table = reverse_by_table(0x1234, 16).unwrap();
        assert_eq!(table.steps[0].value.bits, 0x2c00);
        assert_eq!(table.steps[0].highlight, 0xff00);
        assert_eq!(table.steps[1].value.bits, 0x2c48);
    }

    #[test]
    fn reversals_refuse_bad_input() {
        assert_eq!(reverse_ladder(1, 12), Err(PermuteError::BadWidth(12)));
        assert_eq!(reverse_by_table(1, 0), Err(PermuteError::BadWidth(0)));
        let wide = reverse_ladder(0x100, 8).unwrap_err().to_string();
        assert_eq!(wide, "0x100 does not fit in 8 bits");
        assert!(reverse_by_table(u64::MAX, 32).is_err());
    }

    #[test]
    fn benes_routes_random_permutations_at_every_width() {
        let mut rng = Rng::new(2024);
        for width in PERM_WIDTHS {
            for _ in 0..200 {
                let perm = random_perm(&mut rng, width);
                assert_routes(&perm, &mut rng);
            }
        }
    }

    /// The next permutation in lexicographic order; false after the last.
    fn next_perm(p: &mut [u32]) -> bool {
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
            return false;
        };
        let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
        p.swap(i - 1, j);
        p[i..].reverse();
        true
    }

    #[test]
    fn benes_routes_every_permutation_of_2_4_and_8_bits() {
        let mut rng = Rng::new(8);
        for (width, all) in [(2, 2), (4, 24), (8, 40_320)] {
            let mut p: Vec<u32> = (0..width).collect();
            let mut count = 1;
            assert_routes(&p, &mut rng);
            while next_perm(&mut p) {
                assert_routes(&p, &mut rng);
                count += 1;
            }
            assert_eq!(count, all);
        }
    }

    #[test]
    fn benes_routes_the_named_permutations() {
        let mut rng = Rng::new(5);
        for width in PERM_WIDTHS {
            let identity: Vec<u32> = (0..width).collect();
            let net = benes(&identity).unwrap();
            assert!(net.stages.is_empty() && net.swap_count() == 0);
            assert!(net.trace(1).steps.is_empty());
            for name in ["reverse", "rotate"] {
                assert_routes(&example(name, width).unwrap(), &mut rng);
            }
            let rev = benes(&example("reverse", width).unwrap()).unwrap();
            let x = rng.next_u64() & mask(width);
            assert_eq!(rev.apply(x), reverse_plain(x, width));
            let rot = benes(&example("rotate", width).unwrap()).unwrap();
            let want = ((x << 1) | (x >> (width - 1))) & mask(width);
            assert_eq!(rot.apply(x), want, "rotate {width}");
        }
        let transpose = example("transpose8x8", 64).unwrap();
        assert_routes(&transpose, &mut rng);
        let net = benes(&transpose).unwrap();
        assert_eq!(net.apply(0xff), 0x0101_0101_0101_0101, "row 0 -> column 0");
        assert_eq!(net.apply(0x8040_2010_0804_0201), 0x8040_2010_0804_0201);
        assert_eq!(
            net.apply(net.apply(0x1234_5678_9abc_def0)),
            0x1234_5678_9abc_def0
        );
        let morton = example("morton", 32).unwrap();
        assert_routes(&morton, &mut rng);
        let net = benes(&morton).unwrap();
        for _ in 0..100 {
            let (x, y) = (rng.next_u64() & 0xffff, rng.next_u64() & 0xffff);
            let want = (0..16).fold(0, |acc, i| {
                acc | (x >> i & 1) << (2 * i) | (y >> i & 1) << (2 * i + 1)
            });
            assert_eq!(net.apply(x | y << 16), want);
        }
        assert_eq!(net.apply(0xffff), 0x5555_5555);
    }

    #[test]
    fn stage_shifts_and_counts() {
        assert_eq!(max_stages(2), 1);
        assert_eq!(max_stages(64), 11);
        assert_eq!(
            (max_stages(0), max_stages(3), max_stages(u32::MAX)),
            (1, 1, 11)
        );
        let net = benes(&[1, 0]).unwrap();
        assert_eq!(net.stages, [Stage { mask: 1, shift: 1 }]);
        assert_eq!(net.apply(0b01), 0b10);
        let rev = benes(&example("reverse", 8).unwrap()).unwrap();
        assert!(rev.stages.iter().all(|s| [1, 2, 4].contains(&s.shift)));
        assert_eq!(benes(&[2, 3, 0, 1]).unwrap().stages.len(), 1, "a half swap");
        assert_eq!(benes(&[2, 3, 0, 1]).unwrap().swap_count(), 2);
    }

    #[test]
    fn bad_permutations_are_refused() {
        for n in 0..=70usize {
            if [2, 4, 8, 16, 32, 64].contains(&n) {
                continue;
            }
            let p: Vec<u32> = (0..n as u32).collect();
            assert_eq!(benes(&p), Err(PermuteError::BadLength(n)));
        }
        let message = |p: &[u32]| benes(p).unwrap_err().to_string();
        assert_eq!(message(&[0, 4, 1, 2]), "bit 1 goes to 4, outside 0..4");
        assert_eq!(
            message(&[0, 1, 1, 2]),
            "bits 1 and 2 both go to 1: not a permutation"
        );
        assert_eq!(permute_plain(u64::MAX, &[99, 0]), 1, "never panics");
    }

    #[test]
    fn parsing_and_examples() {
        assert_eq!(parse_perm("3 2 1 0"), Ok(vec![3, 2, 1, 0]));
        assert_eq!(parse_perm(" 1,0 "), Ok(vec![1, 0]));
        assert_eq!(parse_perm("0, 2,\t1  3"), Ok(vec![0, 2, 1, 3]));
        assert_eq!(parse_perm(" , "), Err(PermuteError::Empty));
        assert_eq!(parse_perm("1 x"), Err(PermuteError::BadNumber("x".into())));
        assert_eq!(
            parse_perm("-1 0"),
            Err(PermuteError::BadNumber("-1".into()))
        );
        assert_eq!(parse_perm("0 1 2"), Err(PermuteError::BadLength(3)));
        assert!(matches!(
            parse_perm("1 1"),
            Err(PermuteError::Repeated { .. })
        ));
        assert_eq!(example("rotate", 4), Ok(vec![1, 2, 3, 0]));
        assert_eq!(example("reverse", 2), Ok(vec![1, 0]));
        let morton64 = example("morton", 64).unwrap_err().to_string();
        assert_eq!(morton64, "the morton example takes 32 bits, not 64");
        assert!(example("transpose8x8", 32).is_err() && example("morton", 12).is_err());
        assert_eq!(example("reverse", 12), Err(PermuteError::BadLength(12)));
        assert_eq!(example("rotate", 0), Err(PermuteError::BadLength(0)));
        assert!(example("reverse", u32::MAX).is_err());
        assert!(matches!(
            example("spin", 8),
            Err(PermuteError::UnknownExample(_))
        ));
        for name in EXAMPLES {
            let width = match name {
                "transpose8x8" => 64,
                "morton" => 32,
                _ => 16,
            };
            assert!(benes(&example(name, width).unwrap()).is_ok());
        }
    }
}
