//! C's float operations against the host's IEEE arithmetic (an independent
//! reference for every non-NaN result) and x86-64's NaN rule; literals
//! against Rust's correctly rounded parser; conversions against `as` where
//! C defines them.

use super::{Program, RunOptions, Value};
use crate::bits::rng::Rng;

fn run(src: &str, args: &[Value]) -> Value {
    let p = Program::parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let f = p.entry(None).unwrap().name.clone();
    p.run_values(&f, args, &RunOptions::default())
        .unwrap()
        .value
        .unwrap()
}

/// Edge binary32 patterns, and random ones.
fn patterns32(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut v = vec![
        0,
        0x8000_0000,
        1,
        0x007f_ffff,
        0x0080_0000,
        0x7f7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x7fa0_0001,
        0xffc0_1234,
        0x3f80_0000,
        0xbf80_0000,
        0x4b80_0001,
    ];
    v.extend((0..n).map(|_| rng.next_u64() as u32));
    v
}

/// What x86-64 gives for a result whose non-NaN value is the host's: the
/// host's bits, or for a NaN the first NaN operand quieted, else the
/// default NaN.
fn expected32(host: f32, args: &[u32]) -> u32 {
    if !host.is_nan() {
        return host.to_bits();
    }
    args.iter()
        .find(|&&a| f32::from_bits(a).is_nan())
        .map_or(0xffc0_0000, |&a| a | 0x40_0000)
}

/// The host's operator, the reference a C operator is checked against.
type HostOp = fn(f32, f32) -> f32;
type HostCmp = fn(f32, f32) -> bool;

#[test]
fn float_operators_are_ieee_with_x86_nans() {
    let mut rng = Rng::new(0xF10A7);
    let xs = patterns32(&mut rng, 40);
    let ops: [(&str, HostOp); 4] = [
        ("+", |a, b| a + b),
        ("-", |a, b| a - b),
        ("*", |a, b| a * b),
        ("/", |a, b| a / b),
    ];
    for (op, host) in ops {
        let src = format!("float f(float a, float b) {{ return a {op} b; }}");
        let p = Program::parse(&src).unwrap();
        for &a in &xs {
            for &b in &xs {
                let args = [
                    Value {
                        ty: super::Scalar::Float,
                        bits: u64::from(a),
                    },
                    Value {
                        ty: super::Scalar::Float,
                        bits: u64::from(b),
                    },
                ];
                let got = p
                    .run_values("f", &args, &RunOptions::default())
                    .unwrap()
                    .value
                    .unwrap();
                let want = expected32(host(f32::from_bits(a), f32::from_bits(b)), &[a, b]);
                assert_eq!(got.bits, u64::from(want), "{a:#x} {op} {b:#x}");
            }
        }
    }
    let cmps: [(&str, HostCmp); 6] = [
        ("<", |a, b| a < b),
        ("<=", |a, b| a <= b),
        (">", |a, b| a > b),
        (">=", |a, b| a >= b),
        ("==", |a, b| a == b),
        ("!=", |a, b| a != b),
    ];
    for (op, host) in cmps {
        let src = format!("int f(float a, double b) {{ return a {op} b; }}");
        for &a in &xs[..20] {
            for &b in &xs[..20] {
                let (fa, fb) = (f32::from_bits(a), f32::from_bits(b));
                let args = [
                    Value {
                        ty: super::Scalar::Float,
                        bits: u64::from(a),
                    },
                    Value {
                        ty: super::Scalar::Double,
                        bits: f64::from(fb).to_bits(),
                    },
                ];
                let got = run(&src, &args).get();
                assert_eq!(got, i128::from(host(fa, fb)), "{a:#x} {op} {b:#x}");
            }
        }
    }
}

#[test]
fn literals_are_correctly_rounded() {
    let mut rng = Rng::new(7);
    for _ in 0..300 {
        let mantissa = rng.next_u64() % 10_000_000_000;
        let exp = rng.below(90) as i64 - 45;
        let text = format!("{mantissa}e{exp}");
        let f = run(&format!("float f(void) {{ return {text}f; }}"), &[]);
        assert_eq!(
            f.bits,
            u64::from(text.parse::<f32>().unwrap().to_bits()),
            "{text}f"
        );
        let d = run(&format!("double f(void) {{ return {text}; }}"), &[]);
        assert_eq!(d.bits, text.parse::<f64>().unwrap().to_bits(), "{text}");
    }
    assert_eq!(
        run("double f(void) { return 0x1.8p3; }", &[]).bits,
        12f64.to_bits()
    );
    assert_eq!(
        run("float f(void) { return .5f; }", &[]).bits,
        u64::from(0.5f32.to_bits())
    );
    assert_eq!(
        run("float f(void) { return 1e39f; }", &[]).bits,
        0x7f80_0000,
        "overflow: inf"
    );
    assert!(
        Program::parse("float f(void) { return 1f; }").is_err(),
        "1f is no literal"
    );
}

#[test]
fn conversions_are_c_s_and_x86_s_where_c_has_none() {
    let mut rng = Rng::new(11);
    let to_int = "int f(float x) { return (int)x; }";
    let to_float = "float f(long n) { return n; }";
    for _ in 0..2000 {
        let bits = rng.next_u64() as u32;
        let x = f32::from_bits(bits);
        let got = run(
            to_int,
            &[Value {
                ty: super::Scalar::Float,
                bits: u64::from(bits),
            }],
        )
        .get();
        let inside = x.trunc() >= -2_147_483_648.0 && x.trunc() < 2_147_483_648.0;
        let want = if inside { x as i32 } else { i32::MIN };
        assert_eq!(got, i128::from(want), "(int){x:e}");
        let n = rng.next_u64() as i64 >> rng.below(60);
        let got = run(to_float, &[Value::new(super::Scalar::Long, i128::from(n))]);
        assert_eq!(got.bits, u64::from((n as f32).to_bits()), "(float){n}");
    }
}

#[test]
fn memcpy_puns_within_the_objects() {
    let f = |x: f32| Value {
        ty: super::Scalar::Float,
        bits: u64::from(x.to_bits()),
    };
    let src = "#include <string.h>
unsigned bits(float x) { unsigned u; memcpy(&u, &x, sizeof u); return u; }";
    assert_eq!(run(src, &[f(1.5)]).bits, 0x3fc0_0000);
    let half = "unsigned short low(float x) { union { float f; unsigned short h[2]; } v; memcpy(&v.f, &x, 4); return v.h[1]; }";
    assert_eq!(run(half, &[f(-2.0)]).bits, 0xc000);
    let e = Program::parse(
        "unsigned long f(float x) { unsigned long u; memcpy(&u, &x, sizeof u); return u; }",
    )
    .unwrap_err();
    assert_eq!(
        e.message,
        "`memcpy` copies 8 bytes from the 4-byte `x`: outside the object, undefined behaviour"
    );
}
