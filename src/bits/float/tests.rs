//! The float tests: known values here, the sweeps against independent
//! references (the `half` crate, the host's f32/f64, a plain decoder and a
//! nearest-value search written below) in `tests/`.

use super::arith::Op;
use super::format::{Format, Specials};
use super::*;
use crate::bits::rng::Rng;

#[cfg(not(target_arch = "wasm32"))]
mod arith_tests;
#[cfg(not(target_arch = "wasm32"))]
mod code_tests;
#[cfg(not(target_arch = "wasm32"))]
mod sweep_tests;

/// x86-64's SSE/FMA on the bits, NaN bits and all (the instructions
/// themselves, so the compiler cannot swap operands).
#[cfg(target_arch = "x86_64")]
pub(crate) mod sse {
    use super::Op;
    use std::arch::asm;

    macro_rules! sse {
        ($name:ident, $t:ty, $bits:ty, $add:literal, $sub:literal, $mul:literal, $div:literal, $sqrt:literal) => {
            pub(crate) fn $name(op: Op, a: $bits, b: $bits) -> $bits {
                let mut x = <$t>::from_bits(a);
                let y = <$t>::from_bits(b);
                // SAFETY: plain SSE2 arithmetic on registers, no memory.
                unsafe {
                    match op {
                        Op::Add => asm!(concat!($add, " {x}, {y}"), x = inout(xmm_reg) x, y = in(xmm_reg) y, options(pure, nomem, nostack)),
                        Op::Sub => asm!(concat!($sub, " {x}, {y}"), x = inout(xmm_reg) x, y = in(xmm_reg) y, options(pure, nomem, nostack)),
                        Op::Mul => asm!(concat!($mul, " {x}, {y}"), x = inout(xmm_reg) x, y = in(xmm_reg) y, options(pure, nomem, nostack)),
                        Op::Div => asm!(concat!($div, " {x}, {y}"), x = inout(xmm_reg) x, y = in(xmm_reg) y, options(pure, nomem, nostack)),
                        _ => asm!(concat!($sqrt, " {x}, {x}"), x = inout(xmm_reg) x, options(pure, nomem, nostack)),
                    }
                }
                x.to_bits()
            }
        };
    }
    sse!(f32_op, f32, u32, "addss", "subss", "mulss", "divss", "sqrtss");
    sse!(f64_op, f64, u64, "addsd", "subsd", "mulsd", "divsd", "sqrtsd");
}

/// x86-64's truncating conversions and the f32 <-> f64 conversions, the
/// instructions themselves.
#[cfg(target_arch = "x86_64")]
pub(crate) mod cvt {
    use std::arch::asm;

    macro_rules! cvt {
        ($name:ident, $from:ty, $to:ty, $ins:literal, $reg:ident) => {
            cvt!($name, $from, $to, $ins, $reg, " {o}, {x}");
        };
        ($name:ident, $from:ty, $to:ty, $ins:literal, $reg:ident, $ops:literal) => {
            pub(crate) fn $name(x: $from) -> $to {
                let out: $to;
                // SAFETY: one conversion instruction on registers.
                unsafe { asm!(concat!($ins, $ops), o = lateout($reg) out, x = in(xmm_reg) x, options(pure, nomem, nostack)) };
                out
            }
        };
    }
    cvt!(cvttss2si32, f32, i32, "cvttss2si", reg, " {o:e}, {x}");
    cvt!(cvttss2si64, f32, i64, "cvttss2si", reg);
    cvt!(cvttsd2si32, f64, i32, "cvttsd2si", reg, " {o:e}, {x}");
    cvt!(cvttsd2si64, f64, i64, "cvttsd2si", reg);
    cvt!(cvtss2sd, f32, f64, "cvtss2sd", xmm_reg);
    cvt!(cvtsd2ss, f64, f32, "cvtsd2ss", xmm_reg);
}

/// A plain decoder: `(-1)^s × 2^(e-bias) × (1 + f/2^m)`, subnormals
/// `2^(1-bias) × f/2^m`, the specials by the format's rules. Exact in f64
/// for every format up to binary32.
pub(crate) fn reference_value(format: Format, bits: u64) -> f64 {
    let m = format.frac_bits;
    let s = if bits >> (format.width() - 1) & 1 == 1 {
        -1.0
    } else {
        1.0
    };
    let e = (bits >> m) & ((1 << format.exp_bits) - 1);
    let f = (bits & ((1 << m) - 1)) as f64;
    let all_ones = (1 << format.exp_bits) - 1;
    let top_fraction = (1u64 << m) - 1;
    match format.specials {
        Specials::Ieee if e == all_ones && f == 0.0 => s * f64::INFINITY,
        Specials::Ieee if e == all_ones => f64::NAN,
        Specials::FiniteOneNan if e == all_ones && f as u64 == top_fraction => f64::NAN,
        _ if e == 0 => s * 2f64.powi(1 - format.bias) * (f / 2f64.powi(m as i32)),
        _ => s * 2f64.powi(e as i32 - format.bias) * (1.0 + f / 2f64.powi(m as i32)),
    }
}

/// The nearest pattern of a small format to `x` by search over all of
/// them, ties to the even pattern; a value nearest to the first power of
/// two past the range (IEEE) or to E4M3's missing 480 overflows by the
/// format's default rule.
pub(crate) fn reference_round(format: Format, x: f64) -> u64 {
    let sign = if x.is_sign_negative() {
        format.sign_mask()
    } else {
        0
    };
    if x.is_nan() {
        return format.default_nan();
    }
    let a = x.abs();
    let overflow = Overflow::default_for(format).bits(format, x < 0.0);
    if a.is_infinite() {
        return overflow;
    }
    let (beyond, beyond_bits) = match format.specials {
        Specials::Ieee => (2f64.powi(format.emax() + 1), format.exp_mask()),
        Specials::FiniteOneNan => (480.0, 0x7f),
    };
    let mut best = (f64::INFINITY, 0u64);
    let candidates = (0..=format.max_finite()).map(|b| (reference_value(format, b), b));
    for (v, b) in candidates.chain([(beyond, beyond_bits)]) {
        let d = (v - a).abs();
        if d < best.0 || (d == best.0 && b & 1 == 0) {
            best = (d, b);
        }
    }
    if best.1 == beyond_bits {
        overflow
    } else {
        sign | best.1
    }
}

/// The x86 NaN rule on operands: the first NaN quieted, if any.
pub(crate) fn first_nan(format: Format, args: &[u64]) -> Option<u64> {
    args.iter()
        .find(|&&a| format.is_nan(a))
        .map(|&a| format.quieted(a))
}

/// A random pattern of `format`, weighted toward the edges: zeros,
/// infinities, NaNs with payloads, subnormals, the extreme normals.
pub(crate) fn edgy(format: Format, rng: &mut Rng) -> u64 {
    let w = format.width();
    let sign = if rng.next_u64() & 1 == 1 {
        format.sign_mask()
    } else {
        0
    };
    let raw = rng.next_u64() & crate::bits::word::mask(w);
    let frac = rng.next_u64() & format.frac_mask();
    let pick = rng.below(16);
    sign | match pick {
        0 => 0,
        1 => format.exp_mask(),
        2 => format.exp_mask() | frac.max(1),
        3 => frac,
        4 => 1 + rng.below(3) as u64,
        5 => format.max_finite() - rng.below(3) as u64,
        6 => (1u64 << format.frac_bits) + rng.below(3) as u64,
        7 => (1u64 << format.frac_bits) - 1 - rng.below(2) as u64,
        8 => format.compose(false, format.bias as u64 + rng.below(5) as u64, frac),
        _ => raw & !format.sign_mask(),
    }
}

#[test]
fn formats_by_name_and_their_constants() {
    for (name, f) in [
        ("binary16", BINARY16),
        ("half", BINARY16),
        ("FP16", BINARY16),
        ("bf16", BFLOAT16),
        ("float", BINARY32),
        ("fp32", BINARY32),
        ("double", BINARY64),
        ("fp64", BINARY64),
        ("e5m2", E5M2),
        ("E4M3", E4M3),
    ] {
        assert_eq!(Format::from_name(name), Ok(f), "{name}");
    }
    assert!(matches!(
        Format::from_name("binary128"),
        Err(FloatError::UnknownFormat(_))
    ));
    assert_eq!(BINARY32.default_nan(), 0xffc0_0000);
    assert_eq!(BINARY64.default_nan(), 0xfff8_0000_0000_0000);
    assert_eq!(BINARY16.default_nan(), 0xfe00);
    assert_eq!(BFLOAT16.default_nan(), 0xffc0);
    assert_eq!(E5M2.default_nan(), 0xfe);
    assert_eq!(E4M3.default_nan(), 0xff);
    assert_eq!(E4M3.max_finite(), 0x7e);
    assert_eq!(reference_value(E4M3, 0x7e), 448.0);
    assert_eq!(reference_value(E5M2, E5M2.max_finite()), 57344.0);
    assert_eq!((E4M3.emin(), E4M3.emax(), E5M2.emax()), (-6, 8, 15));
}

#[test]
fn known_exact_decimals() {
    let d = decoded(BINARY32, 0x3dcc_cccd).unwrap();
    assert_eq!(d.exact, "0.100000001490116119384765625");
    assert_eq!((d.significand, d.power, d.unbiased), (13_421_773, -27, -4));
    assert_eq!(
        (d.exponent, d.fraction, d.class),
        (123, 0x4c_cccd, Class::Normal)
    );
    assert_eq!(
        (d.next_up, d.next_down),
        (Some(0x3dcc_ccce), Some(0x3dcc_cccc))
    );
    assert_eq!(d.ulp.as_deref(), Some("0.000000007450580596923828125"));
    let tiny = decoded(BINARY32, 1).unwrap();
    assert_eq!(tiny.class, Class::Subnormal);
    let digits = "140129846432481707092372958328991613128026194187651577175706828388979108268586060148663818836212158203125";
    assert_eq!(tiny.exact, format!("0.{}{digits}", "0".repeat(44)));
    let d64 = decoded(BINARY64, 1).unwrap();
    let frac = d64.exact.strip_prefix("0.").unwrap();
    assert_eq!(frac.len(), 1074);
    assert_eq!(frac.trim_start_matches('0').len(), 751);
    assert!(frac
        .trim_start_matches('0')
        .starts_with("4940656458412465441765687928682213723"));
    assert!(frac.ends_with("3447265625"));
    assert_eq!(d64.exact.parse::<f64>().unwrap().to_bits(), 1);
    let max = decoded(BINARY32, 0x7f7f_ffff).unwrap();
    assert_eq!(max.exact, "340282346638528859811704183484516925440");
    assert_eq!(max.next_up, Some(0x7f80_0000));
    assert_eq!(max.gap_up, None);
    assert_eq!(decoded(BINARY32, 0x8000_0000).unwrap().exact, "-0");
    assert_eq!(decoded(BINARY32, 0xff80_0000).unwrap().exact, "-inf");
    assert_eq!(
        decoded(BINARY32, 0x7fa0_0000).unwrap().class,
        Class::SignallingNan
    );
    assert_eq!(
        decoded(BINARY32, 0x7fc0_0000).unwrap().class,
        Class::QuietNan
    );
    assert_eq!(decoded(E4M3, 0xff).unwrap().class, Class::Nan);
    assert_eq!(decoded(E4M3, 0x7e).unwrap().next_up, None);
    assert_eq!(decoded(E4M3, 0x7e).unwrap().exact, "448");
    assert!(matches!(
        decoded(BINARY16, 0x1_0000),
        Err(FloatError::TooWide { .. })
    ));
}

#[test]
fn neighbours_across_zero_and_infinity() {
    assert_eq!(next_up(BINARY32, 0x8000_0000), Some(1));
    assert_eq!(next_up(BINARY32, 0x8000_0001), Some(0x8000_0000));
    assert_eq!(next_down(BINARY32, 0), Some(0x8000_0001));
    assert_eq!(next_up(BINARY32, 0xff80_0000), Some(0xff7f_ffff));
    assert_eq!(next_up(BINARY32, 0x7f80_0000), Some(0x7f80_0000));
    assert_eq!(next_up(BINARY32, 0x7fc0_0000), None);
    assert_eq!(next_down(E4M3, 0xfe), None);
    let d = decoded(BINARY32, 0xbf80_0000).unwrap();
    assert_eq!(
        d.gap_up.as_deref(),
        Some("0.0000000596046447753906250".trim_end_matches('0'))
    );
}

#[test]
fn encodes_typed_numbers() {
    let bits = |f: Format, t: &str| encode(f, t).map(|(r, _)| r.bits);
    assert_eq!(bits(BINARY32, "0.1"), Ok(0x3dcc_cccd));
    assert_eq!(bits(BINARY32, "-0x1.8p3"), Ok(0xc140_0000));
    assert_eq!(bits(BINARY32, "0x1.8p3"), Ok(0x4140_0000));
    assert_eq!(bits(BINARY32, "1/3"), Ok(0x3eaa_aaab));
    assert_eq!(bits(BINARY32, "-1e-40"), Ok((-1e-40f32).to_bits() as u64));
    assert_eq!(
        bits(BINARY32, "123.456e7"),
        Ok(123.456e7f32.to_bits() as u64)
    );
    assert_eq!(bits(BINARY32, "inf"), Ok(0x7f80_0000));
    assert_eq!(bits(BINARY32, "-inf"), Ok(0xff80_0000));
    assert_eq!(bits(BINARY32, "nan"), Ok(0x7fc0_0000));
    assert_eq!(bits(BINARY32, "1e999999999"), Ok(0x7f80_0000));
    assert_eq!(bits(BINARY32, "-1e-999999999999999999999"), Ok(0x8000_0000));
    assert_eq!(bits(BINARY32, "0x1p-99999999999"), Ok(0));
    assert_eq!(bits(BINARY64, "0.1"), Ok(0x3fb9_9999_9999_999a));
    assert_eq!(bits(E4M3, "448"), Ok(0x7e));
    assert_eq!(bits(E4M3, "500"), Ok(0x7e));
    assert_eq!(bits(E4M3, "-1e9"), Ok(0xfe));
    assert_eq!(bits(E4M3, "inf"), Ok(0x7e));
    assert_eq!(bits(E4M3, "nan"), Ok(0x7f));
    assert_eq!(bits(E5M2, "1e9"), Ok(0x7c));
    let no_sat = encode_with(E4M3, "500", Overflow::Infinity).unwrap().0;
    assert_eq!(no_sat.bits, 0x7f);
    assert_eq!(
        encode_with(E4M3, "464", Overflow::Infinity).unwrap().0.bits,
        0x7e
    );
    assert_eq!(
        encode_with(E4M3, "464.01", Overflow::Infinity)
            .unwrap()
            .0
            .bits,
        0x7f
    );
    // binary32's smallest subnormal is 2^-149; half of it ties to even (0).
    assert_eq!(bits(BINARY32, "0x1p-150"), Ok(0));
    assert_eq!(bits(BINARY32, "0x1.000001p-150"), Ok(1));
    assert_eq!(bits(BINARY32, "0x3p-151"), Ok(1));
    assert_eq!(bits(BINARY32, "0x3p-150"), Ok(2));
    assert_eq!(bits(BINARY32, "0x5p-150"), Ok(2));
    let (r, trace) = encode(BINARY32, "500").unwrap();
    assert!(!r.inexact && trace.steps.len() >= 3);
}

#[test]
fn bad_numbers_are_typed_errors() {
    for bad in [
        "", "  ", "abc", "1..2", "1e", "0x", "0x1.8q3", "--1", "1/0", "1/x", "inf/2", ".",
    ] {
        assert!(encode(BINARY32, bad).is_err(), "{bad:?}");
    }
    assert_eq!(encode(BINARY32, ""), Err(FloatError::Empty));
    assert!(matches!(
        encode(BINARY32, "garbage"),
        Err(FloatError::BadChar { ch: 'g', .. })
    ));
    assert!(matches!(
        encode(BINARY32, "1e"),
        Err(FloatError::NoDigits(_))
    ));
    assert!(matches!(
        encode(BINARY32, "1/0"),
        Err(FloatError::ZeroDenominator(_))
    ));
    let long = "1".repeat(20_000);
    assert!(matches!(
        encode(BINARY32, &long),
        Err(FloatError::TooLong(..))
    ));
}

#[test]
fn special_arithmetic() {
    let r = |op: Op, args: &[u64]| {
        arith::evaluate(BINARY32, op, args, Overflow::Infinity)
            .unwrap()
            .bits
    };
    let (inf, ninf, one, zero, nzero) = (0x7f80_0000, 0xff80_0000, 0x3f80_0000, 0, 0x8000_0000);
    assert_eq!(r(Op::Sub, &[inf, inf]), 0xffc0_0000);
    assert_eq!(r(Op::Add, &[inf, ninf]), 0xffc0_0000);
    assert_eq!(r(Op::Mul, &[zero, inf]), 0xffc0_0000);
    assert_eq!(r(Op::Div, &[zero, zero]), 0xffc0_0000);
    assert_eq!(r(Op::Div, &[inf, ninf]), 0xffc0_0000);
    assert_eq!(r(Op::Sqrt, &[0xbf80_0000]), 0xffc0_0000);
    assert_eq!(r(Op::Sqrt, &[nzero]), nzero);
    assert_eq!(r(Op::Add, &[one, 0xbf80_0000]), zero);
    assert_eq!(r(Op::Add, &[nzero, nzero]), nzero);
    assert_eq!(r(Op::Add, &[zero, nzero]), zero);
    assert_eq!(r(Op::Div, &[one, nzero]), ninf);
    assert_eq!(r(Op::Add, &[0x7fa0_0001, 0x7fc0_0002]), 0x7fe0_0001);
    assert_eq!(r(Op::Add, &[one, 0xffa0_0003]), 0xffe0_0003);
    assert_eq!(r(Op::Fma, &[zero, inf, 0x7fc0_0005]), 0x7fc0_0005);
    assert_eq!(r(Op::Fma, &[inf, one, ninf]), 0xffc0_0000);
    assert_eq!(r(Op::Fma, &[one, one, 0xbf80_0000]), zero);
    let d = |op: Op, a: u64, b: u64| {
        arith::evaluate(E4M3, op, &[a, b], Overflow::default_for(E4M3))
            .unwrap()
            .bits
    };
    assert_eq!(d(Op::Add, 0x7e, 0x7e), 0x7e);
    assert_eq!(d(Op::Div, 0x38, 0), 0x7e);
    assert_eq!(d(Op::Add, 0x7f, 0x38), 0x7f);
    assert_eq!(d(Op::Sub, 0x38, 0xff), 0xff);
}

#[test]
fn arithmetic_rounds_once() {
    let (r, trace) = arith::add(BINARY64, 0x3fb9_9999_9999_999a, 0x3fc9_9999_9999_999a).unwrap();
    assert_eq!(r.bits, 0x3fd3_3333_3333_3334);
    assert!(r.inexact);
    assert!(trace.to_text().contains("G R S"));
    let third = encode(BINARY32, "1/3").unwrap().0.bits;
    let (r, _) = arith::mul(BINARY32, third, 0x4040_0000).unwrap();
    assert_eq!(r.bits, 0x3f80_0000);
    let (r, _) = arith::sqrt(BINARY64, 2f64.to_bits()).unwrap();
    assert_eq!(r.bits, 2f64.sqrt().to_bits());
    // fma keeps the product's low bits: (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46.
    let x = 0x3f80_0001;
    let (r, _) = arith::fma(BINARY32, x, x, 0xbf80_0002).unwrap();
    assert_eq!(r.bits, 2f32.powi(-46).to_bits() as u64);
    assert!(matches!(
        arith::evaluate(BINARY32, Op::Add, &[1], Overflow::Infinity),
        Err(FloatError::Arity { .. })
    ));
    assert!(matches!(
        arith::add(BINARY16, 0x1_0000, 0),
        Err(FloatError::TooWide { .. })
    ));
}
