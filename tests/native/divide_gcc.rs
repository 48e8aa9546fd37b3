//! Division by constants (`bits::divide`, issue 55): the C a derivation
//! prints is compiled by gcc and run by the interpreter, and both must
//! give `x / d` on edge and random inputs, for every divisor 1 to 300 and
//! a few wide ones, at 8, 16, 32 and 64 bits (the interpreter has no
//! `__int128`: at 64 bits gcc alone); the same for signed division
//! (divisors -300 to 300 and the extremes, C's truncating quotient). The
//! derivations' own checks are in their unit tests (every 16-bit input,
//! the known 32-bit multipliers).
#![cfg(not(target_arch = "wasm32"))]

use std::fmt::Write as _;

use crate::common::gcc::{dispatch_main, require as require_gcc, run_exe, Scratch, PRINT};
use crate::common::rng::Rng;
use bitscope::bits::divide::derive;
use bitscope::bits::divide_signed::derive_signed;
use bitscope::lang::c::{Program, RunOptions};

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn derived_division_code_divides_in_gcc_and_in_the_interpreter() {
    require_gcc();
    let scratch = Scratch::new("divide");
    let mut rng = Rng::new(10);
    let mut checked = 0;
    for width in [8u32, 16, 32, 64] {
        let top = u64::MAX >> (64 - width);
        let mut divisors: Vec<u64> = (1..=300.min(top))
            .chain([top / 2, top / 2 + 1, top / 2 + 2, top - 1, top])
            .collect();
        divisors.sort_unstable();
        divisors.dedup();
        let mut file = String::from(PRINT);
        for &d in &divisors {
            file.push_str(&derive(d, width).unwrap().c_source());
        }
        let calls: Vec<(String, usize)> = divisors.iter().map(|d| (format!("div{d}"), 1)).collect();
        file.push_str(&dispatch_main(&calls));
        let exe = scratch.compile(&format!("divide{width}"), &file);
        let xs: Vec<u64> = [0, 1, 2, top - 1, top, top / 2, top / 2 + 1]
            .into_iter()
            .chain((0..40).map(|_| rng.next_u64() & top))
            .collect();
        let mut stdin = String::new();
        for k in 0..divisors.len() {
            for x in &xs {
                let _ = writeln!(stdin, "{k:x} {x:x} 0 0");
            }
        }
        let got = run_exe(&exe, &stdin);
        let want: Vec<u64> = divisors
            .iter()
            .flat_map(|d| xs.iter().map(move |x| x / d))
            .collect();
        assert_eq!(got.len(), want.len(), "{width} bits");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            let (d, x) = (divisors[i / xs.len()], xs[i % xs.len()]);
            assert_eq!(g, w, "gcc: {x} / {d} at {width} bits");
        }
        checked += got.len();
        if width < 64 {
            // the interpreter on the same C (a sample of divisors: it is slower)
            for &d in divisors.iter().step_by(7) {
                let src = derive(d, width).unwrap().c_source();
                let p = Program::parse(&src).unwrap_or_else(|e| panic!("{src}: {e}"));
                for &x in &xs {
                    let v = p
                        .run(&format!("div{d}"), &[x], &RunOptions::default())
                        .unwrap();
                    assert_eq!(
                        v.value.unwrap().get() as u64,
                        x / d,
                        "bitscope: {x} / {d} at {width} bits"
                    );
                }
            }
        }
    }
    println!("divide_gcc: {checked} quotients agree with x / d");
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn derived_signed_division_code_divides_in_gcc_and_in_the_interpreter() {
    require_gcc();
    let scratch = Scratch::new("divide-signed");
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for width in [8u32, 16, 32, 64] {
        let (min, max) = (
            -(1i128 << (width - 1)) as i64,
            ((1i128 << (width - 1)) - 1) as i64,
        );
        let mut divisors: Vec<i64> = (-300i64..=300)
            .filter(|&d| d != 0 && d >= min && d <= max)
            .chain([min, min + 1, max, max - 1, min / 2, max / 2])
            .collect();
        divisors.sort_unstable();
        divisors.dedup();
        let mut file = String::from(PRINT);
        let name = |d: i64| format!("sdiv{}{}", if d < 0 { "m" } else { "" }, d.unsigned_abs());
        for &d in &divisors {
            file.push_str(&derive_signed(d, width).unwrap().c_source());
        }
        let calls: Vec<(String, usize)> = divisors.iter().map(|&d| (name(d), 1)).collect();
        file.push_str(&dispatch_main(&calls));
        let exe = scratch.compile(&format!("sdivide{width}"), &file);
        let fit = |v: u64| ((v << (64 - width)) as i64) >> (64 - width);
        let xs: Vec<i64> = [min, min + 1, -1, 0, 1, max - 1, max]
            .into_iter()
            .chain((0..40).map(|_| fit(rng.next_u64())))
            .collect();
        let mut stdin = String::new();
        for k in 0..divisors.len() {
            for x in &xs {
                let _ = writeln!(stdin, "{k:x} {:x} 0 0", *x as u64);
            }
        }
        let got = run_exe(&exe, &stdin);
        assert_eq!(got.len(), divisors.len() * xs.len(), "{width} bits");
        for (i, g) in got.iter().enumerate() {
            let (d, x) = (divisors[i / xs.len()], xs[i % xs.len()]);
            let want = fit(x.wrapping_div(d) as u64);
            assert_eq!(*g as i64, want, "gcc: {x} / {d} at {width} bits (signed)");
        }
        checked += got.len();
        if width < 64 {
            for &d in divisors.iter().step_by(7) {
                let src = derive_signed(d, width).unwrap().c_source();
                let p = Program::parse(&src).unwrap_or_else(|e| panic!("{src}: {e}"));
                for &x in &xs {
                    let v = p
                        .run(&name(d), &[x as u64], &RunOptions::default())
                        .unwrap();
                    assert_eq!(
                        v.value.unwrap().get() as i64,
                        fit(x.wrapping_div(d) as u64),
                        "bitscope: {x} / {d} at {width} bits"
                    );
                }
            }
        }
    }
    println!("divide_gcc signed: {checked} quotients agree with C's x / d");
}
