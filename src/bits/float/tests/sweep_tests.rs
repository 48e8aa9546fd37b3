//! Decoding and encoding over whole formats: every binary16 and bfloat16
//! pattern against the `half` crate, every 8-bit pattern against the plain
//! decoder, a sweep of binary32 against the host, and random decimal text
//! against Rust's correctly rounded `str::parse`.

use super::super::decode::{decoded, next_up};
use super::super::encode::encode_bits;
use super::super::exact::decimal;
use super::super::format::Format;
use super::super::{Class, Overflow, BFLOAT16, BINARY16, BINARY32, BINARY64, E4M3, E5M2};
use super::reference_value;
use crate::bits::rng::Rng;
use num_bigint::BigUint;

/// Everything decode says about `bits`, checked against `value` (the
/// reference's f64, exact for these formats): the class, the exact
/// decimal read back by Rust's parser, `significand × 2^power`, and the
/// exact decimal encoded back to the same bits.
fn check_pattern(format: Format, bits: u64, value: f64) {
    let d = decoded(format, bits).unwrap();
    let overflow = Overflow::Infinity;
    if value.is_nan() {
        assert!(d.class.is_nan(), "{} {bits:#x}", format.name);
        return;
    }
    assert!(!d.class.is_nan());
    let back: f64 = d.exact.replace("inf", "infinity").parse().unwrap();
    assert_eq!(
        back.to_bits(),
        value.to_bits(),
        "{} {bits:#x}: {}",
        format.name,
        d.exact
    );
    if value.is_finite() {
        let v = d.significand as f64 * 2f64.powi(d.power as i32);
        assert_eq!(v, value.abs(), "{} {bits:#x}", format.name);
        let expected = match (value == 0.0, d.significand >> format.frac_bits) {
            (true, _) => Class::Zero,
            (false, 0) => Class::Subnormal,
            _ => Class::Normal,
        };
        assert_eq!(d.class, expected, "{} {bits:#x}", format.name);
    } else {
        assert_eq!(d.class, Class::Infinity);
    }
    let again = encode_bits(format, &d.exact, overflow).unwrap();
    assert_eq!(
        again.bits, bits,
        "{} {bits:#x} from {}",
        format.name, d.exact
    );
    assert!(!again.inexact);
}

/// next_up against the sorted values of all patterns: the smallest value
/// above (∞ stays ∞; E4M3's max has none).
fn check_next_up(format: Format, values: &[(f64, u64)]) {
    let mut sorted: Vec<f64> = values.iter().map(|v| v.0).filter(|v| !v.is_nan()).collect();
    sorted.sort_by(f64::total_cmp);
    sorted.dedup();
    for &(v, bits) in values {
        if v.is_nan() {
            assert_eq!(next_up(format, bits), None);
            continue;
        }
        let above = sorted.iter().find(|&&w| w > v).copied();
        let got = next_up(format, bits).map(|n| reference_value(format, n));
        let want = match above {
            None if v.is_infinite() => Some(v),
            above => above,
        };
        assert_eq!(got, want, "{} next_up {bits:#x}", format.name);
    }
}

fn all_patterns(format: Format, value: impl Fn(u64) -> f64) {
    let values: Vec<(f64, u64)> = (0..1u64 << format.width()).map(|b| (value(b), b)).collect();
    for &(v, b) in &values {
        check_pattern(format, b, v);
    }
    check_next_up(format, &values);
}

#[test]
fn binary16_every_pattern_against_half() {
    all_patterns(BINARY16, |b| half::f16::from_bits(b as u16).to_f64());
}

#[test]
fn bfloat16_every_pattern_against_half() {
    all_patterns(BFLOAT16, |b| half::bf16::from_bits(b as u16).to_f64());
}

#[test]
fn eight_bit_every_pattern_against_the_plain_decoder() {
    for format in [E5M2, E4M3] {
        all_patterns(format, |b| reference_value(format, b));
    }
    assert_eq!(decoded(E4M3, 0x01).unwrap().exact, "0.001953125");
    assert_eq!(decoded(E5M2, 0x01).unwrap().exact, "0.0000152587890625");
    assert_eq!(decoded(E5M2, 0x7b).unwrap().exact, "57344");
}

/// Part `part` of 4 of a sweep of binary32: ten million patterns striding
/// through all 2^32 (part 0 adds every exponent's first and last four),
/// each decoded, read back by the host and encoded back from its exact
/// decimal. Four tests, so that two cores share them.
fn binary32_sweep(part: u64) -> u64 {
    const COUNT: u64 = 10_000_000;
    let stride = ((1u64 << 32) / COUNT) | 1;
    let edges = (0..256u64).flat_map(|e| {
        let base = e << 23;
        (0..4)
            .chain((1 << 23) - 4..1 << 23)
            .flat_map(move |f| [base | f, 1 << 31 | base | f])
    });
    let quarter = part * COUNT / 4..(part + 1) * COUNT / 4;
    let strided = quarter.map(|i| (i * stride) & 0xffff_ffff);
    let mut n = 0;
    for bits in strided.chain(edges.filter(|_| part == 0)) {
        let value = f32::from_bits(bits as u32) as f64;
        check_pattern(BINARY32, bits, value);
        n += 1;
    }
    n
}

#[test]
fn binary32_sweep_against_the_host_part_1() {
    assert_eq!(binary32_sweep(0), 2_500_000 + 256 * 16);
}

#[test]
fn binary32_sweep_against_the_host_part_2() {
    assert_eq!(binary32_sweep(1), 2_500_000);
}

#[test]
fn binary32_sweep_against_the_host_part_3() {
    assert_eq!(binary32_sweep(2), 2_500_000);
}

#[test]
fn binary32_sweep_against_the_host_part_4() {
    assert_eq!(binary32_sweep(3), 2_500_000);
}

/// A random decimal: 1 to 25 digits, a point somewhere, an exponent.
fn random_decimal(rng: &mut Rng, exp_range: (i64, i64)) -> String {
    let digits: String = (0..1 + rng.below(25))
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect();
    let point = rng.below(digits.len() + 1);
    let exp = exp_range.0 + rng.below((exp_range.1 - exp_range.0) as usize) as i64;
    let sign = if rng.next_u64() & 1 == 1 { "-" } else { "" };
    format!("{sign}{}.{}e{exp}", &digits[..point], &digits[point..])
}

/// The decimal halfway between a random float and the next one up: the
/// hardest case for a reader, a tie or one digit from one.
fn halfway(format: Format, rng: &mut Rng, tweak: i64) -> String {
    let bits = rng.next_u64() & (format.exp_mask() | format.frac_mask());
    let d = decoded(format, bits).unwrap();
    if !d.class.is_nan() && d.class != Class::Infinity {
        let mid = BigUint::from(d.significand) * 2u32 + 1u32;
        let mid = if tweak >= 0 {
            mid * 4u32 + tweak as u32
        } else {
            mid * 4u32 - 1u32
        };
        return decimal(false, &mid, d.power - 3);
    }
    "1".to_string()
}

#[test]
fn decimal_text_against_rusts_parser() {
    let mut rng = Rng::new(10);
    for i in 0..100_000 {
        let text = random_decimal(&mut rng, (-60, 50));
        let want = text.parse::<f32>().unwrap().to_bits() as u64;
        assert_eq!(
            encode_bits(BINARY32, &text, Overflow::Infinity)
                .unwrap()
                .bits,
            want,
            "{text}"
        );
        let text = random_decimal(&mut rng, (-345, 330));
        let want = text.parse::<f64>().unwrap().to_bits();
        assert_eq!(
            encode_bits(BINARY64, &text, Overflow::Infinity)
                .unwrap()
                .bits,
            want,
            "{text}"
        );
        if i % 10 == 0 {
            let tweak = i % 3 - 1;
            let text = halfway(BINARY32, &mut rng, tweak);
            let want = text.parse::<f32>().unwrap().to_bits() as u64;
            assert_eq!(
                encode_bits(BINARY32, &text, Overflow::Infinity)
                    .unwrap()
                    .bits,
                want,
                "{text}"
            );
            let text = halfway(BINARY64, &mut rng, tweak);
            let want = text.parse::<f64>().unwrap().to_bits();
            assert_eq!(
                encode_bits(BINARY64, &text, Overflow::Infinity)
                    .unwrap()
                    .bits,
                want,
                "{text}"
            );
        }
    }
}
