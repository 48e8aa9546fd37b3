//! The fast x86-64 operations (bit for bit against the instructions on
//! x86-64), the conversions, the requests the CLI reads, and the
//! 0.1 + 0.2 explanation.

use super::super::arith::{evaluate, Op};
use super::super::convert::{convert_bits, convert_nan, from_int_bits, to_int, to_int_value};
use super::super::explain::{explain_sum, point_one_plus_point_two};
use super::super::expr::{operand, parse_request, Request};
use super::super::x86::*;
use super::super::{Overflow, BINARY16, BINARY32, BINARY64, E4M3, E5M2};
use super::{edgy, reference_round, reference_value};
use crate::bits::rng::Rng;

#[cfg(target_arch = "x86_64")]
#[test]
fn fast_ops_are_sse_bit_for_bit() {
    use super::{cvt, sse};
    let mut rng = Rng::new(86);
    for _ in 0..300_000 {
        let (a, b) = (
            edgy(BINARY32, &mut rng) as u32,
            edgy(BINARY32, &mut rng) as u32,
        );
        assert_eq!(f32_add(a, b), sse::f32_op(Op::Add, a, b), "{a:#x} + {b:#x}");
        assert_eq!(f32_sub(a, b), sse::f32_op(Op::Sub, a, b), "{a:#x} - {b:#x}");
        assert_eq!(f32_mul(a, b), sse::f32_op(Op::Mul, a, b), "{a:#x} * {b:#x}");
        assert_eq!(f32_div(a, b), sse::f32_op(Op::Div, a, b), "{a:#x} / {b:#x}");
        assert_eq!(f32_sqrt(a), sse::f32_op(Op::Sqrt, a, 0), "sqrt {a:#x}");
        let (x, y) = (f32::from_bits(a), f32::from_bits(b));
        assert_eq!(f32_to_i32_x86(a), cvt::cvttss2si32(x), "{a:#x}");
        assert_eq!(f32_to_i64_x86(a), cvt::cvttss2si64(x), "{a:#x}");
        assert_eq!(f32_to_f64(a), cvt::cvtss2sd(x).to_bits(), "{a:#x}");
        assert_eq!(f32_cmp(CompareOp::Lt, a, b), x < y);
        let (c, d) = (edgy(BINARY64, &mut rng), edgy(BINARY64, &mut rng));
        assert_eq!(f64_add(c, d), sse::f64_op(Op::Add, c, d), "{c:#x} + {d:#x}");
        assert_eq!(f64_sub(c, d), sse::f64_op(Op::Sub, c, d), "{c:#x} - {d:#x}");
        assert_eq!(f64_mul(c, d), sse::f64_op(Op::Mul, c, d), "{c:#x} * {d:#x}");
        assert_eq!(f64_div(c, d), sse::f64_op(Op::Div, c, d), "{c:#x} / {d:#x}");
        assert_eq!(f64_sqrt(c), sse::f64_op(Op::Sqrt, c, 0), "sqrt {c:#x}");
        let z = f64::from_bits(c);
        assert_eq!(f64_to_i32_x86(c), cvt::cvttsd2si32(z), "{c:#x}");
        assert_eq!(f64_to_i64_x86(c), cvt::cvttsd2si64(z), "{c:#x}");
        assert_eq!(f64_to_f32(c), cvt::cvtsd2ss(z).to_bits(), "{c:#x}");
        assert_eq!(f64_cmp(CompareOp::Ne, c, d), z != f64::from_bits(d));
    }
}

#[test]
fn fast_ops_agree_with_the_exact_ones() {
    let mut rng = Rng::new(87);
    for _ in 0..200_000 {
        let [a, b, c] = [0; 3].map(|_| edgy(BINARY32, &mut rng));
        let exact = |op: Op, args: &[u64]| {
            evaluate(BINARY32, op, args, Overflow::Infinity)
                .unwrap()
                .bits
        };
        let (x, y, z) = (a as u32, b as u32, c as u32);
        assert_eq!(f32_add(x, y) as u64, exact(Op::Add, &[a, b]));
        assert_eq!(f32_div(x, y) as u64, exact(Op::Div, &[a, b]));
        assert_eq!(
            f32_fma(x, y, z) as u64,
            exact(Op::Fma, &[a, b, c]),
            "fma {a:#x} {b:#x} {c:#x}"
        );
        let [a, b, c] = [0; 3].map(|_| edgy(BINARY64, &mut rng));
        let exact = |op: Op, args: &[u64]| {
            evaluate(BINARY64, op, args, Overflow::Infinity)
                .unwrap()
                .bits
        };
        assert_eq!(
            f64_fma(a, b, c),
            exact(Op::Fma, &[a, b, c]),
            "fma {a:#x} {b:#x} {c:#x}"
        );
        assert_eq!(f64_sub(a, b), exact(Op::Sub, &[a, b]));
        assert_eq!(
            f32_to_f64(x),
            convert_bits(BINARY32, BINARY64, x as u64, Overflow::Infinity)
                .unwrap()
                .bits
        );
        assert_eq!(
            f64_to_f32(a) as u64,
            convert_bits(BINARY64, BINARY32, a, Overflow::Infinity)
                .unwrap()
                .bits
        );
        assert_eq!(
            f64_to_i64_x86(a),
            to_int_value(BINARY64, a, 64).unwrap().value
        );
        assert_eq!(
            f64_to_i32_x86(a) as i64,
            to_int_value(BINARY64, a, 32).unwrap().value
        );
        assert_eq!(
            f32_to_i32_x86(x) as i64,
            to_int_value(BINARY32, x as u64, 32).unwrap().value
        );
    }
    assert_eq!(f32_sub(0x7f80_0000, 0x7f80_0000), DEFAULT_NAN32);
    assert_eq!(f32_add(0x3f80_0000, 0x7f80_0001), 0x7fc0_0001);
    assert_eq!(
        f64_mul(0x7ff0_0000_0000_0001, 0xfff0_0000_0000_0002),
        0x7ff8_0000_0000_0001
    );
    assert_eq!(f32_to_f64(0xff80_0001), 0xfff8_0000_2000_0000);
    assert_eq!(f64_to_f32(0x7ff0_0000_2000_0000), 0x7fc0_0001);
    assert_eq!(f32_to_i32_x86(0x4f00_0000), i32::MIN);
    assert_eq!(f32_to_i32_x86(0xcf00_0000), i32::MIN);
    assert_eq!(f32_to_i32_x86(0x4eff_ffff), 2_147_483_520);
    assert_eq!(f64_to_i32_x86((-2_147_483_648.9f64).to_bits()), i32::MIN);
    assert_eq!(f64_to_i32_x86(2_147_483_647.9f64.to_bits()), i32::MAX);
    assert!(f32_cmp(CompareOp::Eq, 0, 0x8000_0000));
    assert!(!f32_cmp(CompareOp::Eq, 0x7fc0_0000, 0x7fc0_0000));
    assert!(f32_cmp(CompareOp::Ne, 0x7fc0_0000, 0x7fc0_0000));
    assert!(!f64_cmp(CompareOp::Ge, DEFAULT_NAN64, 0));
}

#[test]
fn integers_to_floats_round_to_nearest_even() {
    let mut rng = Rng::new(64);
    let specials = [
        0,
        1,
        -1,
        i64::MIN,
        i64::MAX,
        (1 << 24) + 1,
        (1 << 24) + 3,
        (1 << 53) + 1,
        -(1 << 53) - 3,
    ];
    let randoms = (0..100_000).map(|i| (rng.next_u64() as i64) >> (i % 60));
    for i in specials.into_iter().chain(randoms) {
        assert_eq!(
            from_int_bits(BINARY32, i as i128, Overflow::Infinity).bits,
            i64_to_f32(i) as u64,
            "{i}"
        );
        assert_eq!(
            from_int_bits(BINARY64, i as i128, Overflow::Infinity).bits,
            i64_to_f64(i),
            "{i}"
        );
        let h = half::f16::from_f32(i as f32).to_bits() as u64;
        if (i as f32).abs() < 1e7 {
            assert_eq!(
                from_int_bits(BINARY16, i as i128, Overflow::Infinity).bits,
                h,
                "{i}"
            );
        }
    }
    assert_eq!(from_int_bits(E4M3, 1000, Overflow::Saturate).bits, 0x7e);
    assert_eq!(from_int_bits(E4M3, -1000, Overflow::Infinity).bits, 0xff);
    assert_eq!(from_int_bits(E5M2, 100_000, Overflow::Infinity).bits, 0x7c);
    assert_eq!(u64_to_f32(u64::MAX), 0x5f80_0000);
}

#[test]
fn conversions_between_formats() {
    for b in 0..1u64 << 16 {
        let h = half::f16::from_bits(b as u16);
        let wide = convert_bits(BINARY16, BINARY32, b, Overflow::Infinity)
            .unwrap()
            .bits;
        if h.is_nan() {
            assert_eq!(wide, convert_nan(BINARY16, BINARY32, b));
            assert_eq!(wide & 0x7fc0_0000, 0x7fc0_0000);
            assert_eq!((wide >> 13) & 0x1ff, b & 0x1ff, "payload of {b:#x}");
        } else {
            assert_eq!(wide, h.to_f32().to_bits() as u64, "{b:#x}");
        }
    }
    let mut rng = Rng::new(32);
    for _ in 0..200_000 {
        let a = edgy(BINARY32, &mut rng);
        let x = f32::from_bits(a as u32);
        let narrow = convert_bits(BINARY32, BINARY16, a, Overflow::Infinity)
            .unwrap()
            .bits;
        if !x.is_nan() {
            assert_eq!(narrow, half::f16::from_f32(x).to_bits() as u64, "{a:#x}");
            let e4 = convert_bits(BINARY32, E4M3, a, Overflow::default_for(E4M3))
                .unwrap()
                .bits;
            assert_eq!(e4, reference_round(E4M3, x as f64), "{a:#x} to e4m3");
            let e5 = convert_bits(BINARY32, E5M2, a, Overflow::Infinity)
                .unwrap()
                .bits;
            assert_eq!(e5, reference_round(E5M2, x as f64), "{a:#x} to e5m2");
        }
    }
    for b in 0..256u64 {
        let v = reference_value(E4M3, b);
        let wide = convert_bits(E4M3, BINARY32, b, Overflow::Infinity)
            .unwrap()
            .bits;
        if v.is_nan() {
            assert_eq!(
                wide & 0x7fff_ffff,
                0x7ff0_0000,
                "E4M3's NaN {b:#x} (payload 111, quiet)"
            );
        } else {
            assert_eq!(f32::from_bits(wide as u32) as f64, v, "{b:#x}");
        }
    }
    assert_eq!(
        convert_bits(BINARY32, E4M3, 0x7f80_0000, Overflow::Saturate)
            .unwrap()
            .bits,
        0x7e
    );
    assert_eq!(
        convert_bits(BINARY32, E4M3, 0xff80_0000, Overflow::Infinity)
            .unwrap()
            .bits,
        0xff
    );
    assert_eq!(
        convert_bits(BINARY32, E4M3, 0x7fc0_0000, Overflow::Saturate)
            .unwrap()
            .bits,
        0x7f
    );
    assert_eq!(
        convert_bits(BINARY32, E5M2, 0x7f80_0000, Overflow::Saturate)
            .unwrap()
            .bits,
        0x7b
    );
}

#[test]
fn truncation_to_integers_and_its_trace() {
    let (t, trace) = to_int(BINARY32, 0x4f80_0000, 32).unwrap();
    assert!(!t.defined);
    assert_eq!(t.value, i32::MIN as i64);
    assert!(trace.to_text().contains("undefined"));
    let t = to_int_value(BINARY32, (-3.7f32).to_bits() as u64, 32).unwrap();
    assert_eq!((t.value, t.defined, t.inexact), (-3, true, true));
    assert_eq!(
        to_int_value(BINARY64, 0xfff8_0000_0000_0000, 64)
            .unwrap()
            .value,
        i64::MIN
    );
    assert_eq!(to_int_value(E4M3, 0x7e, 32).unwrap().value, 448);
    assert!(to_int_value(BINARY32, 0, 16).is_err());
}

#[test]
fn requests_as_typed() {
    assert_eq!(parse_request("0.1"), Ok(Request::Value("0.1".into())));
    let r = parse_request("0.1 + 0.2").unwrap();
    assert_eq!(
        r,
        Request::Operation {
            op: Op::Add,
            args: vec!["0.1".into(), "0.2".into()]
        }
    );
    let r = parse_request("-1 - -2").unwrap();
    assert_eq!(
        r,
        Request::Operation {
            op: Op::Sub,
            args: vec!["-1".into(), "-2".into()]
        }
    );
    assert!(matches!(
        parse_request("sqrt 2"),
        Ok(Request::Operation { op: Op::Sqrt, .. })
    ));
    assert!(matches!(
        parse_request("fma 1 2 3"),
        Ok(Request::Operation { op: Op::Fma, .. })
    ));
    assert!(matches!(
        parse_request("to e4m3 500"),
        Ok(Request::Convert { to: E4M3, .. })
    ));
    for bad in [
        "",
        "1 ? 2",
        "sqrt 1 2",
        "fma 1 2",
        "to nowhere 1",
        "1 2 3 4 5",
    ] {
        assert!(parse_request(bad).is_err(), "{bad:?}");
    }
    assert_eq!(operand(BINARY32, "0x3dcccccd").unwrap().0, 0x3dcc_cccd);
    assert_eq!(operand(BINARY32, "0x1p-1").unwrap().0, 0x3f00_0000);
    assert!(operand(BINARY16, "0x10000").is_err());
    assert!(operand(BINARY16, "0xzz").is_err());
}

#[test]
fn why_point_one_plus_point_two_is_not_point_three() {
    let trace = point_one_plus_point_two();
    let text = trace.to_text();
    assert!(
        text.contains("0.3000000000000000166533453693773481063544750213623046875"),
        "{text}"
    );
    assert!(
        text.contains("0.3000000000000000444089209850062616169452667236328125"),
        "{text}"
    );
    assert!(
        text.contains("0.299999999999999988897769753748434595763683319091796875"),
        "{text}"
    );
    assert_eq!(trace.result, crate::bits::trace::Outcome::Number(0));
    assert!(explain_sum(BINARY64, "0.5", "0.25", "0.75").unwrap().0);
    // In binary32 the two roundings happen to land on 0.3f.
    assert!(explain_sum(BINARY32, "0.1", "0.2", "0.3").unwrap().0);
}
