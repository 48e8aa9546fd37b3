//! Division by a constant, stepped on real bits: the derived code of
//! [`super::divide`] and [`super::divide_signed`] run on one `x`, each line
//! of the C a step, against C's `x / d`; the remainder from the quotient;
//! and the divisibility test by the inverse of `d` modulo `2^width`:
//!
//! ```text
//!   d = d0 * 2^k, d0 odd      inv = d0^-1 mod 2^width
//!   x % d == 0   <=>   rotr(x * inv, k) <= (2^width - 1) / d
//! ```
//!
//! (multiplying by the inverse maps the multiples of `d0` one to one onto
//! `0 ..= (2^width - 1) / d0`, and every other `x` above it.)

use super::divide::{Derivation, Method};
use super::divide_signed::{SignedDerivation, SignedMethod};
use super::trace::{Outcome, Step, Trace};
use super::word::Word;

fn mask(width: u32) -> u64 {
    u64::MAX >> (64 - width)
}

/// The high word of the `2*width`-bit product `x * m` (`m < 2^64`).
fn mul_high(x: u64, m: u64, width: u32) -> u64 {
    ((u128::from(x) * u128::from(m)) >> width) as u64
}

/// The unsigned derivation's code on `x` (taken modulo `2^width`), step by
/// step; the result is the quotient, checked against `x / d`.
pub fn unsigned_trace(der: &Derivation, x: u64) -> Trace {
    let (w, d) = (der.width, der.d);
    let x = x & mask(w);
    let word = |v: u64| Word::new(v, w);
    let mut steps = vec![Step::new("the dividend", "x", word(x))];
    let q = match der.method {
        Method::Shift { shift } => {
            steps.push(
                Step::new(
                    format!("divide by 2^{shift}"),
                    format!("x >> {shift}"),
                    word(x >> shift),
                )
                .note(format!("{d} is a power of two: a shift is the division.")),
            );
            x >> shift
        }
        Method::Compare => {
            let q = u64::from(x >= d);
            steps.push(
                Step::new("compare", format!("x >= {d}"), word(q))
                    .note(format!("{d} is above 2^{}: the quotient is 0 or 1.", w - 1)),
            );
            q
        }
        Method::Multiply {
            multiplier,
            shift,
            add: false,
        } => multiply_steps(&mut steps, x, multiplier as u64, w, shift),
        Method::Multiply {
            multiplier, shift, ..
        } => add_steps(&mut steps, x, multiplier as u64, w, shift),
    };
    finish(steps, w, x, d, q)
}

/// `(x * m) >> (width + s)`: the high word, then `s` more.
fn multiply_steps(steps: &mut Vec<Step>, x: u64, m: u64, w: u32, s: u32) -> u64 {
    let high = mul_high(x, m, w);
    steps.push(
        Step::new(
            "multiply, keep the high word",
            format!("(x * 0x{m:x}) >> {w}"),
            Word::new(high, w),
        )
        .operand("m", Word::new(m, w))
        .note(format!(
            "x * m is {} bits wide; its high {w} bits are x * m / 2^{w}, rounded down.",
            2 * w
        )),
    );
    let q = high >> s;
    if s > 0 {
        steps.push(
            Step::new(format!("shift right {s} more"), format!(">> {s}"), Word::new(q, w))
                .note(format!("m is 2^({w}+{s}) / d rounded up: the extra {s} bits of shift pay for the precision.")),
        );
    }
    q
}

/// The "add" variant: `m` has `width + 1` bits; its low `width` bits are
/// multiplied and `x` is added back, halved first so nothing overflows.
fn add_steps(steps: &mut Vec<Step>, x: u64, m: u64, w: u32, s: u32) -> u64 {
    let low = m & mask(w);
    let t = mul_high(x, low, w);
    let half = (x - t) >> 1;
    let sum = half + t;
    let q = sum >> (s - 1);
    steps.extend([
        Step::new("multiply by m's low word", format!("t = (x * 0x{low:x}) >> {w}"), Word::new(t, w))
            .operand("m - 2^w", Word::new(low, w))
            .note(format!("m needs {} bits; its top bit stands for one more x, added back below.", w + 1)),
        Step::new("the rest of x, halved", "(x - t) >> 1", Word::new(half, w))
            .note("x + t could overflow the word; (x - t)/2 + t cannot, and equals (x + t)/2 rounded down."),
        Step::new("add t back", "+ t", Word::new(sum, w)),
        Step::new(format!("shift right {}", s - 1), format!(">> {}", s - 1), Word::new(q, w)),
    ]);
    q
}

/// The quotient, the remainder `x - q*d`, and the check against C.
fn finish(mut steps: Vec<Step>, w: u32, x: u64, d: u64, q: u64) -> Trace {
    let word = |v: u64| Word::new(v, w);
    let r = x.wrapping_sub(q.wrapping_mul(d)) & mask(w);
    steps.push(
        Step::new("the remainder", format!("x - q * {d}"), word(r))
            .note("One multiply and a subtraction: no divide for x % d either."),
    );
    let mut t = Trace::new(
        "divide",
        format!("x / {d} on {w} bits"),
        Outcome::Word(word(q)),
    );
    t.steps = steps;
    t
}

/// The signed derivation's code on `x` (a `width`-bit value), stepped.
pub fn signed_trace(der: &SignedDerivation, x: i64) -> Trace {
    let w = der.width;
    let x = super::word::sign_extend(x as u64 & mask(w), w);
    let word = |v: i64| Word::new(v as u64 & mask(w), w);
    let wrap = |v: i128| super::word::sign_extend(v as u64 & mask(w), w);
    let mut steps = vec![Step::new("the dividend", "x", word(x))];
    if let SignedMethod::Multiply { multiplier, shift } = der.method {
        let mut q = ((i128::from(x) * i128::from(multiplier)) >> w) as i64;
        steps.push(
            Step::new(
                "signed multiply, keep the high word",
                format!("(x * {multiplier}) >> {w}"),
                word(q),
            )
            .operand("m", word(multiplier)),
        );
        if der.d > 0 && multiplier < 0 {
            q = wrap(i128::from(q) + i128::from(x));
            steps.push(Step::new(
                "m read as negative: add x back",
                "q + x",
                word(q),
            ));
        } else if der.d < 0 && multiplier > 0 {
            q = wrap(i128::from(q) - i128::from(x));
            steps.push(Step::new(
                "the divisor is negative: subtract x",
                "q - x",
                word(q),
            ));
        }
        if shift > 0 {
            q >>= shift;
            steps.push(Step::new(
                format!("arithmetic shift right {shift}"),
                format!("q >> {shift}"),
                word(q),
            ));
        }
        let up = q + i64::from(q < 0);
        steps.push(
            Step::new("round toward zero", "q + (q < 0)", word(up)).note(
                "The shifts round down; C rounds toward zero, so a negative quotient gets 1 back.",
            ),
        );
    } else {
        let q = der.quotient(x);
        steps.push(Step::new("the quotient", format!("x / {}", der.d), word(q)));
    }
    let outcome = Outcome::Word(word(der.quotient(x)));
    let mut t = Trace::new(
        "divide-signed",
        format!("x / {} on {w} bits, signed", der.d),
        outcome,
    );
    t.steps = steps;
    t
}

/// The divisibility test by `d` at `width` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divisibility {
    pub d: u64,
    pub width: u32,
    /// The inverse of `d`'s odd part modulo `2^width`.
    pub inverse: u64,
    /// `d`'s trailing zeros: the rotation.
    pub zeros: u32,
    /// `(2^width - 1) / d`: the largest `rotr(x * inv, k)` of a multiple.
    pub limit: u64,
}

/// The inverse of odd `d` modulo `2^64` by Newton's iteration (each step
/// doubles the correct low bits: 3, 6, 12, 24, 48, 96).
pub fn inverse(d: u64) -> u64 {
    let mut inv = d;
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(inv)));
    }
    inv
}

impl Divisibility {
    /// `None` for `d == 0`, `d` past the width, or a width not 8..=64.
    pub fn new(d: u64, width: u32) -> Option<Divisibility> {
        if d == 0 || !(8..=64).contains(&width) || d > mask(width) {
            return None;
        }
        let zeros = d.trailing_zeros();
        Some(Divisibility {
            d,
            width,
            inverse: inverse(d >> zeros) & mask(width),
            zeros,
            limit: mask(width) / d,
        })
    }

    fn rotated(&self, x: u64) -> u64 {
        let (w, k) = (self.width, self.zeros);
        let p = x.wrapping_mul(self.inverse) & mask(w);
        if k == 0 {
            p
        } else {
            (p >> k | p << (w - k)) & mask(w)
        }
    }

    /// Whether `d` divides `x`, by the test.
    pub fn divides(&self, x: u64) -> bool {
        self.rotated(x & mask(self.width)) <= self.limit
    }

    /// The test on `x`, stepped; the result is 1 when `d` divides `x`.
    pub fn trace(&self, x: u64) -> Trace {
        let w = self.width;
        let x = x & mask(w);
        let word = |v: u64| Word::new(v, w);
        let p = x.wrapping_mul(self.inverse) & mask(w);
        let r = self.rotated(x);
        let yes = r <= self.limit;
        let mut steps = vec![
            Step::new("the input", "x", word(x)),
            Step::new(
                "multiply by the inverse (wrapping)",
                format!("x * 0x{:x}", self.inverse),
                word(p),
            )
            .operand("inv", word(self.inverse))
            .note(format!(
                "0x{:x} * {} = 1 modulo 2^{w}: the multiples of {} land on 0, 1, 2, ... in order.",
                self.inverse,
                self.d >> self.zeros,
                self.d >> self.zeros
            )),
        ];
        if self.zeros > 0 {
            steps.push(
                Step::new(format!("rotate right {}", self.zeros), format!("rotr(p, {})", self.zeros), word(r))
                    .note("A multiple of 2^k has k low zeros; rotating moves any other low bits to the top, past the limit."),
            );
        }
        steps.push(
            Step::new(
                "compare with the limit",
                format!("<= 0x{:x}", self.limit),
                word(u64::from(yes)),
            )
            .operand("limit", word(self.limit)),
        );
        let outcome = Outcome::Word(word(u64::from(yes)));
        let mut t = Trace::new(
            "divisible",
            format!("does {} divide x? ({w} bits)", self.d),
            outcome,
        );
        t.steps = steps;
        t
    }
}

/// The two inputs that decide an unsigned multiply (its module's proof):
/// the largest, and the largest with remainder `d - 1`.
pub fn deciding_inputs(d: u64, width: u32) -> [u64; 2] {
    let max = mask(width);
    let top = if max >= d - 1 {
        max - (max - (d - 1)) % d
    } else {
        max
    };
    [max, top]
}

/// The derivation in sentences, with its numbers: the multiplier, the
/// error and the bound that proves it, each smaller shift's failing input,
/// and why the "add" variant is needed when it is.
pub fn explain(der: &Derivation) -> Vec<String> {
    let (d, w) = (der.d, der.width);
    let Method::Multiply {
        multiplier,
        shift,
        add,
    } = der.method
    else {
        return vec![match der.method {
            Method::Shift { shift } => {
                format!("{d} = 2^{shift}: the quotient is x >> {shift}, no multiply.")
            }
            _ => format!(
                "{d} is above 2^{}: the quotient is 0 or 1, so it is the comparison x >= {d}.",
                w - 1
            ),
        }];
    };
    let k = w + shift;
    let [a, b] = deciding_inputs(d, w);
    let mut lines = vec![
        format!("m = ceil(2^{k} / {d}) = 0x{multiplier:x}, so x * m / 2^{k} = x / {d} + x * e / ({d} * 2^{k}) with the error e = m * {d} - 2^{k} = {}.", der.error),
        format!("The floor is right for every x while 2^{k} * (x mod {d}) + x * e < {d} * 2^{k}. Both terms grow with x inside a run of equal quotients, so two inputs decide it: x = {a} and x = {b}. Both pass (checked exactly, in 128 bits): a proof for all 2^{w} inputs."),
    ];
    for &(s, x) in &der.rejected {
        let m = (1u128 << (w + s)).div_ceil(u128::from(d));
        let got = (u128::from(x) * m) >> (w + s);
        lines.push(format!(
            "A shift of {s} is too little: m = 0x{m:x} gives {got} at x = {x}, where x / {d} = {}.",
            x / d
        ));
    }
    if add {
        lines.push(format!("The first shift that works needs m = 0x{multiplier:x}, {} bits: one more than the word. The code multiplies by its low {w} bits and adds x back as ((x - t) >> 1) + t, which cannot overflow (the add variant).", w + 1));
    }
    lines
}

/// The signed derivation in sentences.
pub fn explain_signed(der: &SignedDerivation) -> Vec<String> {
    let (d, w) = (der.d, der.width);
    vec![match der.method {
        SignedMethod::Identity { negate } => format!("Dividing by {d} is {}.", if negate { "negation (wrapping)" } else { "the identity" }),
        SignedMethod::Compare => format!("{d} is the most negative value: the quotient is 1 when x equals it, else 0."),
        SignedMethod::Shift { shift, .. } => format!("{} = 2^{shift}: add 2^{shift} - 1 to a negative x, then shift arithmetically, so the quotient rounds toward zero as C's does{}.", d.unsigned_abs(), if d < 0 { ", then negate" } else { "" }),
        SignedMethod::Multiply { multiplier, shift } => format!("Hacker's Delight 10-1: the smallest shift s = {shift} whose magic m = {multiplier} (as a signed {w}-bit word) keeps the error under one quotient step for every x; the signed high word of x * m{}, shifted by {shift}, then 1 added to a negative result (C rounds toward zero). Every input is checked at 8 and 16 bits, and gcc's output at 32 and 64.",
            if d > 0 && multiplier < 0 { " plus x (m read as negative)" } else if d < 0 && multiplier > 0 { " minus x" } else { "" }),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::divide::derive;
    use crate::bits::divide_signed::derive_signed;

    #[test]
    fn every_16_bit_quotient_and_remainder_is_stepped_right() {
        for d in (1..=300).chain([7, 641, 32768, 65535]) {
            let der = derive(d, 16).unwrap();
            for x in (0..=u64::from(u16::MAX)).step_by(7).chain([65535]) {
                let t = unsigned_trace(&der, x);
                assert_eq!(t.result, Outcome::Word(Word::new(x / d, 16)), "{d} {x}");
            }
        }
    }

    #[test]
    fn the_add_variant_at_32_bits_and_wide_divisors_at_64() {
        let mut rng = crate::bits::rng::Rng::new(5);
        for (d, w) in [
            (7u64, 32),
            (3, 32),
            (641, 32),
            (7, 64),
            (u64::MAX, 64),
            (1 << 40, 64),
        ] {
            let der = derive(d, w).unwrap();
            for x in [0, 1, d.wrapping_sub(1), d, mask(w), mask(w) - 1]
                .into_iter()
                .chain((0..500).map(|_| rng.next_u64() & mask(w)))
            {
                let t = unsigned_trace(&der, x);
                assert_eq!(t.result, Outcome::Word(Word::new(x / d, w)), "{d} {x}");
            }
        }
        assert_eq!(unsigned_trace(&derive(7, 32).unwrap(), 100).steps.len(), 6);
    }

    #[test]
    fn signed_traces_round_toward_zero() {
        for d in [3i64, -3, 7, -7, 5, 1, -1, 4, -8, i64::from(i16::MIN)] {
            let der = derive_signed(d, 16).unwrap();
            for x in i16::MIN..=i16::MAX {
                let x = i64::from(x);
                let expected = if d == -1 {
                    i64::from((x as i16).wrapping_neg())
                } else {
                    x / d
                };
                let t = signed_trace(&der, x);
                assert_eq!(
                    t.result,
                    Outcome::Word(Word::new(expected as u64 & 0xffff, 16)),
                    "{d} {x}"
                );
            }
        }
    }

    /// The inverse test against `%`: every 16-bit input, odd and even
    /// divisors; the inverse really inverts at 64 bits.
    #[test]
    fn the_deciding_inputs_are_the_worst_cases() {
        assert_eq!(deciding_inputs(3, 8), [255, 254]);
        assert_eq!(deciding_inputs(7, 32), [u64::from(u32::MAX), 4_294_967_291]);
        assert_eq!(deciding_inputs(300, 8), [255, 255]);
        let seven = explain(&derive(7, 32).unwrap());
        assert!(seven.iter().any(|l| l.contains("add variant")), "{seven:?}");
        assert!(explain(&derive(3, 32).unwrap())[2].contains("A shift of 0 is too little"));
    }

    #[test]
    fn divisibility_by_the_inverse_is_exact() {
        for d in (1..=200u64).chain([641, 1000, 4096, 65535]) {
            let t = Divisibility::new(d, 16).unwrap();
            for x in 0..=0xffffu64 {
                assert_eq!(t.divides(x), x % d == 0, "{d} {x}");
            }
            assert_eq!(
                t.trace(123).result,
                Outcome::Word(Word::new(u64::from(123 % d == 0), 16))
            );
        }
        for d in [3u64, 5, 0xdead_beef, u64::MAX] {
            assert_eq!(inverse(d).wrapping_mul(d), 1);
        }
        assert_eq!(Divisibility::new(3, 32).unwrap().inverse, 0xAAAA_AAAB);
        assert!(Divisibility::new(0, 32).is_none() && Divisibility::new(256, 8).is_none());
    }
}
