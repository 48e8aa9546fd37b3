//! Arithmetic against independent references: every pair of the 8-bit
//! formats against f64 arithmetic and a nearest-value search, binary16
//! against f64 and the `half` crate's rounding (double rounding is
//! innocuous as 53 >= 2×11 + 2), binary32/binary64 against the host (on
//! x86-64 its SSE instructions themselves, NaN bits included).

use super::super::arith::{evaluate, Op};
use super::super::format::Format;
use super::super::{Overflow, BINARY16, BINARY32, BINARY64, E4M3, E5M2};
#[cfg(target_arch = "x86_64")]
use super::sse;
use super::{edgy, first_nan, reference_round, reference_value};
use crate::bits::rng::Rng;

/// The reference of one operation in a small format: the operation in
/// f64 (exact, or correctly rounded and then rounded again innocuously),
/// the NaN rule, then the nearest-value search.
fn small_reference(format: Format, op: Op, args: &[u64], round: impl Fn(f64) -> u64) -> u64 {
    if let Some(nan) = first_nan(format, args) {
        return nan;
    }
    let v: Vec<f64> = args.iter().map(|&a| reference_value(format, a)).collect();
    let x = f64_op(op, &v);
    match x {
        x if x.is_nan() => format.default_nan(),
        x if x == 0.0 => {
            if x.is_sign_negative() {
                format.sign_mask()
            } else {
                0
            }
        }
        x => round(x),
    }
}

fn f64_op(op: Op, v: &[f64]) -> f64 {
    match op {
        Op::Add => v[0] + v[1],
        Op::Sub => v[0] - v[1],
        Op::Mul => v[0] * v[1],
        Op::Div => v[0] / v[1],
        Op::Sqrt => v[0].sqrt(),
        Op::Fma => v[0].mul_add(v[1], v[2]),
    }
}

fn check_all_pairs(format: Format) {
    let overflow = Overflow::default_for(format);
    for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
        for a in 0..256u64 {
            for b in 0..256u64 {
                let got = evaluate(format, op, &[a, b], overflow).unwrap().bits;
                let want = small_reference(format, op, &[a, b], |x| reference_round(format, x));
                assert_eq!(
                    got,
                    want,
                    "{} {a:#04x} {} {b:#04x}",
                    format.name,
                    op.symbol()
                );
            }
        }
    }
    for a in 0..256u64 {
        let got = evaluate(format, Op::Sqrt, &[a], overflow).unwrap().bits;
        let want = small_reference(format, Op::Sqrt, &[a], |x| reference_round(format, x));
        assert_eq!(got, want, "{} sqrt {a:#04x}", format.name);
    }
    let mut rng = Rng::new(0xf8);
    for _ in 0..50_000 {
        let args = [
            rng.next_u64() & 0xff,
            rng.next_u64() & 0xff,
            rng.next_u64() & 0xff,
        ];
        let got = evaluate(format, Op::Fma, &args, overflow).unwrap().bits;
        let want = small_reference(format, Op::Fma, &args, |x| reference_round(format, x));
        assert_eq!(got, want, "{} fma {args:x?}", format.name);
    }
}

#[test]
fn e5m2_every_pair() {
    check_all_pairs(E5M2);
}

#[test]
fn e4m3_every_pair() {
    check_all_pairs(E4M3);
}

#[test]
fn binary16_random_pairs_against_half() {
    let mut rng = Rng::new(16);
    let round = |x: f64| round_f16(x).to_bits() as u64;
    for i in 0..1_000_000 {
        let (a, b) = (edgy(BINARY16, &mut rng), edgy(BINARY16, &mut rng));
        let op = [Op::Add, Op::Sub, Op::Mul, Op::Div][i % 4];
        let got = evaluate(BINARY16, op, &[a, b], Overflow::Infinity)
            .unwrap()
            .bits;
        let want = small_reference(BINARY16, op, &[a, b], round);
        assert_eq!(got, want, "binary16 {a:#06x} {} {b:#06x}", op.symbol());
        if i % 4 == 0 {
            let c = edgy(BINARY16, &mut rng);
            for (op, args) in [(Op::Sqrt, &[a][..]), (Op::Fma, &[a, b, c][..])] {
                let got = evaluate(BINARY16, op, args, Overflow::Infinity)
                    .unwrap()
                    .bits;
                assert_eq!(
                    got,
                    small_reference(BINARY16, op, args, round),
                    "binary16 {} {args:x?}",
                    op.symbol()
                );
            }
        }
    }
}

/// `x` rounded to binary16 in f64 arithmetic: the multiple of binary16's
/// quantum at `x`'s binade nearest to `x` (ties to even), then converted
/// by `half` (exactly: it is representable). `half::f16::from_f64` itself
/// may go through f32, a double rounding that an fma's result can break.
fn round_f16(x: f64) -> half::f16 {
    let a = x.abs();
    let binade = ((a.to_bits() >> 52) as i32 - 1023).max(-14);
    let quantum = 2f64.powi(binade - 10);
    let n = (a / quantum).round_ties_even();
    half::f16::from_f64((n * quantum).copysign(x))
}

/// The host's answer with the x86 NaN rule (on x86-64: SSE itself).
fn host(format: Format, op: Op, args: &[u64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if op != Op::Fma {
        let b = args.get(1).copied().unwrap_or(0);
        return if format == BINARY32 {
            sse::f32_op(op, args[0] as u32, b as u32) as u64
        } else {
            sse::f64_op(op, args[0], b)
        };
    }
    if let Some(nan) = first_nan(format, args) {
        return nan;
    }
    let r = if format == BINARY32 {
        let v: Vec<f64> = args
            .iter()
            .map(|&a| f32::from_bits(a as u32) as f64)
            .collect();
        let x = match op {
            Op::Fma => (v[0] as f32).mul_add(v[1] as f32, v[2] as f32),
            _ => f64_op(op, &v) as f32,
        };
        if x.is_nan() {
            format.default_nan()
        } else {
            x.to_bits() as u64
        }
    } else {
        let v: Vec<f64> = args.iter().map(|&a| f64::from_bits(a)).collect();
        let x = f64_op(op, &v);
        if x.is_nan() {
            format.default_nan()
        } else {
            x.to_bits()
        }
    };
    r
}

fn check_against_host(format: Format, seed: u64) {
    let mut rng = Rng::new(seed);
    let ops = [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Sqrt, Op::Fma];
    for i in 0..1_000_000 {
        let args = [
            edgy(format, &mut rng),
            edgy(format, &mut rng),
            edgy(format, &mut rng),
        ];
        let op = ops[i % ops.len()];
        let args = &args[..op.arity()];
        let got = evaluate(format, op, args, Overflow::Infinity).unwrap().bits;
        assert_eq!(
            got,
            host(format, op, args),
            "{} {} {args:x?}",
            format.name,
            op.symbol()
        );
    }
}

#[test]
fn binary32_random_against_the_host() {
    check_against_host(BINARY32, 32);
}

#[test]
fn binary64_random_against_the_host() {
    check_against_host(BINARY64, 64);
}
