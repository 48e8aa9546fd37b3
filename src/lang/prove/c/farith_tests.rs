//! The float circuits against [`crate::bits::float::x86`] (the host's IEEE
//! arithmetic with x86-64's NaN rule): specials, subnormals, ties, near
//! cancellation and random bits, for binary32 and binary64.

use super::*;
use crate::bits::float::x86;
use crate::bits::rng::Rng;

fn input(c: &mut Circuit, ty: Scalar, base: u32) -> Sym {
    Sym {
        ty,
        bits: (0..ty.bits()).map(|i| c.input(base + i)).collect(),
    }
}

fn run(c: &Circuit, out: &[Lit], a: u64, b: u64) -> u64 {
    let values = c.simulate(|i| {
        if i < 64 {
            a >> i & 1 == 1
        } else {
            b >> (i - 64) & 1 == 1
        }
    });
    out.iter()
        .enumerate()
        .map(|(i, &l)| u64::from(Circuit::value(&values, l)) << i)
        .sum()
}

/// Values of a format with `eb` exponent and `fb` fraction bits: the
/// specials and edges, then random bits, then values near `near`'s
/// exponent (for alignment and cancellation).
fn values(rng: &mut Rng, eb: u32, fb: u32, count: usize) -> Vec<u64> {
    let top = (1u64 << eb) - 1;
    let frac = (1u64 << fb) - 1;
    let sign = 1u64 << (eb + fb);
    let mut v = vec![
        0,
        1,
        frac,
        1 << fb,
        (1 << fb) | 1,
        (top - 1) << fb | frac,
        top << fb,
        top << fb | 1 << (fb - 1),
        top << fb | 1,
        top << fb | 0x1234,
        (top >> 1) << fb,
        (top >> 1) << fb | 1,
        (top >> 1) << fb | frac,
        ((top >> 1) + 1) << fb,
    ];
    let negated: Vec<u64> = v.iter().map(|x| x | sign).collect();
    v.extend(negated);
    while v.len() < count {
        let r = rng.next_u64();
        let x = match rng.below(4) {
            0 => r & (sign | top << fb | frac),
            1 => {
                let e = ((top >> 1) as usize + rng.below(8)) as u64 - 4;
                (r & (sign | frac)) | e << fb
            }
            2 => r & (sign | frac >> rng.below(fb as usize)),
            _ => (r & (sign | frac)) | (rng.below(top as usize + 1) as u64) << fb,
        };
        v.push(x);
    }
    v
}

type Op32 = fn(u32, u32) -> u32;
type Op64 = fn(u64, u64) -> u64;

fn check_binary(build: fn(&mut Circuit, &Sym, &Sym) -> Sym, f32_op: Op32, f64_op: Op64) {
    let mut rng = Rng::new(11);
    let mut c = Circuit::new();
    let (a, b) = (
        input(&mut c, Scalar::Float, 0),
        input(&mut c, Scalar::Float, 64),
    );
    let out = build(&mut c, &a, &b).bits;
    let xs = values(&mut rng, 8, 23, 90);
    for &x in &xs {
        for &y in &xs {
            let got = run(&c, &out, x, y) as u32;
            let want = f32_op(x as u32, y as u32);
            assert_eq!(
                got, want,
                "{x:#010x} {y:#010x}: {got:#010x} want {want:#010x}"
            );
        }
    }
    let mut c = Circuit::new();
    let (a, b) = (
        input(&mut c, Scalar::Double, 0),
        input(&mut c, Scalar::Double, 64),
    );
    let out = build(&mut c, &a, &b).bits;
    let xs = values(&mut rng, 11, 52, 45);
    for &x in &xs {
        for &y in &xs {
            let got = run(&c, &out, x, y);
            let want = f64_op(x, y);
            assert_eq!(
                got, want,
                "{x:#018x} {y:#018x}: {got:#018x} want {want:#018x}"
            );
        }
    }
}

#[test]
fn multiplication_is_x86s() {
    check_binary(mul, x86::f32_mul, x86::f64_mul);
}

#[test]
fn division_is_x86s() {
    check_binary(div, x86::f32_div, x86::f64_div);
}

#[test]
fn addition_and_subtraction_are_x86s() {
    check_binary(
        |c, a, b| add_sub(c, a, b, false),
        x86::f32_add,
        x86::f64_add,
    );
    check_binary(|c, a, b| add_sub(c, a, b, true), x86::f32_sub, x86::f64_sub);
}

#[test]
fn integers_convert_as_cvtsi2ss() {
    let mut rng = Rng::new(12);
    let mut c = Circuit::new();
    let kinds = [Scalar::Int, Scalar::UInt, Scalar::Long, Scalar::ULong];
    let mut outs = Vec::new();
    for ty in kinds {
        let v = input(&mut c, ty, 0);
        outs.push((ty, from_int(&mut c, &v, Scalar::Float).bits));
        outs.push((ty, from_int(&mut c, &v, Scalar::Double).bits));
    }
    let mut xs: Vec<u64> = vec![
        0,
        1,
        u64::MAX,
        1 << 63,
        (1 << 63) - 1,
        0x8000_0000,
        0x7fff_ffff,
    ];
    xs.extend([
        0x100_0001,
        0x100_0003,
        0x20_0000_0000_0001,
        0x60_0000_0000_0001,
    ]);
    xs.extend((0..400).map(|_| rng.next_u64() >> rng.below(64)));
    for x in xs {
        for (k, (ty, out)) in outs.iter().enumerate() {
            let got = run(&c, out, x, 0);
            let v = Value::new(*ty, i128::from(x as i64));
            let v = if ty.signed() {
                v
            } else {
                Value::new(*ty, i128::from(x))
            };
            let want = v
                .to(if k % 2 == 0 {
                    Scalar::Float
                } else {
                    Scalar::Double
                })
                .bits;
            assert_eq!(got, want, "({}) of {ty:?} {x:#x}", k % 2);
        }
    }
    assert_eq!(x86::i64_to_f32(3), 0x4040_0000);
}

#[test]
fn float_and_double_convert_as_cvtss2sd() {
    let mut rng = Rng::new(13);
    let mut c = Circuit::new();
    let f = input(&mut c, Scalar::Float, 0);
    let d = input(&mut c, Scalar::Double, 64);
    let widened = resize(&mut c, &f, Scalar::Double).bits;
    let narrowed = resize(&mut c, &d, Scalar::Float).bits;
    for x in values(&mut rng, 8, 23, 500) {
        assert_eq!(run(&c, &widened, x, 0), x86::f32_to_f64(x as u32), "{x:#x}");
    }
    let mut ds = values(&mut rng, 11, 52, 1500);
    for _ in 0..1500 {
        // around binary32's range and its subnormals, and exact ties
        let e = 1023 - 160 + rng.below(300) as u64;
        let r = rng.next_u64() & 0x800f_ffff_ffff_ffff;
        ds.push(e << 52 | r);
        ds.push(e << 52 | (r & !0x1fff_ffff) | 0x1000_0000);
    }
    for x in ds {
        let got = run(&c, &narrowed, 0, x) as u32;
        assert_eq!(got, x86::f64_to_f32(x), "{x:#x}");
    }
}
