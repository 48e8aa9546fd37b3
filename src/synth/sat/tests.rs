//! The encoding against [`Ty::eval`], the rules against it, and searches
//! that must find a planted program (or prove none exists).

use super::rules::{copy, plainer, Copy};
use super::*;
use crate::bits::rng::Rng;
use crate::lang::c::Scalar;
use crate::lang::prove::Flow;
use crate::synth::{
    constants, synthesize, Engine, Status, Straight, SynthOptions, SynthProgress, SynthResult,
    SynthSpec,
};

use crate::synth::tests::TYPES;

/// A value that is often an edge: 0, small, a shift count, all ones.
fn pick(rng: &mut Rng, ty: Ty) -> u64 {
    match rng.below(4) {
        0 => rng.below(70) as u64 & ty.mask,
        1 => (ty.mask ^ rng.below(4) as u64) & ty.mask,
        _ => rng.next_u64() & ty.mask,
    }
}

#[test]
fn the_gates_compute_what_the_operators_do() {
    let mut rng = Rng::new(11);
    for t in TYPES {
        let ty = Ty::new(t);
        let w = ty.bits;
        let mut c = Circuit::new();
        let a: Vec<Lit> = (0..w).map(|k| c.input(k)).collect();
        let b: Vec<Lit> = (0..w).map(|k| c.input(w + k)).collect();
        let outs: Vec<(Word, Lit)> = Op::ALL
            .iter()
            .map(|&op| apply(&mut c, ty, op, &a, &b))
            .collect();
        for _ in 0..300 {
            let (x, y) = (pick(&mut rng, ty), pick(&mut rng, ty));
            let v = c.simulate(|k| {
                if k < w {
                    x >> k & 1 == 1
                } else {
                    y >> (k - w) & 1 == 1
                }
            });
            for (op, (r, undefined)) in Op::ALL.iter().zip(&outs) {
                let got = r.iter().enumerate().fold(0u64, |acc, (k, &l)| {
                    acc | u64::from(Circuit::value(&v, l)) << k
                });
                let got = (!Circuit::value(&v, *undefined)).then_some(got);
                assert_eq!(got, ty.eval(*op, x, y), "{op:?} {t:?} {x:#x} {y:#x}");
            }
        }
    }
}

#[test]
fn a_copy_is_a_copy() {
    let mut rng = Rng::new(12);
    for t in TYPES {
        let ty = Ty::new(t);
        let consts = constants(t, &[3, 0x55]);
        for op in Op::ALL {
            for _ in 0..40 {
                let x = pick(&mut rng, ty);
                let c = consts[rng.below(consts.len())];
                let d = consts[rng.below(consts.len())];
                let cases = [
                    (x, x, None, None, true),
                    (x, c, None, Some(c), false),
                    (c, x, Some(c), None, false),
                    (c, d, Some(c), Some(d), c == d),
                ];
                for (a, b, ca, cb, same) in cases {
                    let want = ty.eval(op, a, b);
                    match copy(ty, op, ca, cb, same) {
                        None => {}
                        Some(Copy::Operand) => assert!(
                            want.is_none() || want == Some(a) || (!op.unary() && want == Some(b)),
                            "{op:?} {t:?} {a:#x} {b:#x}"
                        ),
                        Some(Copy::Const(v)) => {
                            assert!(
                                want.is_none() || want == Some(v),
                                "{op:?} {t:?} {a:#x} {b:#x}"
                            )
                        }
                        Some(Copy::Undefined) => assert_eq!(want, None, "{op:?} {t:?}"),
                    }
                }
            }
        }
    }
}

#[test]
fn a_plainer_form_is_the_same_value() {
    let mut rng = Rng::new(13);
    for t in TYPES {
        let ty = Ty::new(t);
        let consts = constants(t, &[3, 0x55]);
        let ops = Op::ALL;
        let mut seen = 0;
        for op in ops {
            for _ in 0..40 {
                let x = pick(&mut rng, ty);
                let c = consts[rng.below(consts.len())];
                for (a, b, ca, cb) in [(x, c, None, Some(c)), (c, x, Some(c), None)] {
                    if !plainer(ty, op, ca, cb, &ops, &consts) {
                        continue;
                    }
                    seen += 1;
                    let want = ty.eval(op, a, b);
                    let (k, y) = if ca.is_some() { (ca, b) } else { (cb, a) };
                    let plain = match (op, k) {
                        (Op::Sub, Some(0)) | (Op::Mul, _) => ty.eval(Op::Neg, y, y),
                        (Op::Sub | Op::Xor, Some(m))
                            if m == ty.mask && ca.is_some() || op == Op::Xor =>
                        {
                            ty.eval(Op::Not, y, y)
                        }
                        (Op::Sub, Some(c)) => ty.eval(Op::Add, y, c.wrapping_neg() & ty.mask),
                        _ => panic!("{op:?} {t:?}: no plainer form known here"),
                    };
                    assert_eq!(want, plain, "{op:?} {t:?} {a:#x} {b:#x}");
                }
            }
        }
        assert!(seen > 0);
    }
}

fn synth_sat(src: &str, ops: &str, consts: &str, set: impl Fn(&mut SynthOptions)) -> SynthResult {
    let spec = SynthSpec::parse(src, None).unwrap();
    let mut opts = SynthOptions::read(Some(ops), Some(consts), spec.ty).unwrap();
    opts.engine = Engine::Sat;
    opts.threads = 1;
    set(&mut opts);
    synthesize(&spec, &opts, &mut |_: &SynthProgress| Flow::Continue).unwrap()
}

/// Found, `n` instructions, minimal, and equal to the specification on
/// random inputs (by the C interpreter).
fn assert_found(src: &str, r: &SynthResult, n: usize) -> Straight {
    let p = r.program.clone().unwrap_or_else(|| panic!("{src}: {r:?}"));
    assert_eq!(
        (r.status, r.ops(), r.minimal()),
        (Status::Found, Some(n), true),
        "{src}: {}",
        p.expr()
    );
    let spec = SynthSpec::parse(src, None).unwrap();
    let mut rng = Rng::new(4);
    for _ in 0..300 {
        let args: Vec<u64> = spec
            .params
            .iter()
            .map(|_| rng.next_u64() & spec.ty.mask())
            .collect();
        if let Some(want) = spec.value(&args) {
            assert_eq!(p.eval(&args), Some(want), "{src}: {}", p.expr());
        }
    }
    p
}

#[test]
fn sat_and_enumeration_find_the_same_length() {
    // random 3-instruction programs over bytes as specifications
    let text = "~ -x & | ^ + - << >> <";
    let ops = crate::synth::ops::parse_ops(Some(text)).unwrap();
    let consts = constants(Scalar::UChar, &[]);
    let mut rng = Rng::new(77);
    let mut checked = 0;
    while checked < 16 {
        let mut instrs = Vec::new();
        for k in 0..3u8 {
            let op = ops[rng.below(ops.len())];
            let b = match op {
                Op::Shl | Op::Shr => 2 + rng.below(consts.len() - 1) as u8,
                _ => rng.below(usize::from(k) + 1 + consts.len()) as u8,
            };
            instrs.push(Instr {
                op,
                a: if k == 0 { 0 } else { k + 4 },
                b,
            });
        }
        let p = Straight {
            ty: Ty::new(Scalar::UChar),
            params: vec!["x".into()],
            consts: consts.clone(),
            result: 7,
            instrs,
        };
        if (0..256).any(|x| p.eval(&[x]).is_none()) {
            continue;
        }
        checked += 1;
        let src = p.source("f");
        let sat = synth_sat(&src, text, "", |o| o.max_ops = 3);
        let en = synth_sat(&src, text, "", |o| {
            o.max_ops = 3;
            o.engine = Engine::Enumerate;
        });
        let n = en.ops().unwrap_or_else(|| panic!("{src}"));
        let got = assert_found(&src, &sat, n);
        for x in 0..256 {
            assert_eq!(got.eval(&[x]), p.eval(&[x]), "{src}: {}", got.expr());
        }
    }
}

#[test]
fn none_below_the_shortest_by_sat() {
    let src = "unsigned f(unsigned x) { return x & (x - 1); }";
    let r = synth_sat(src, "& | ^ + - ~ -x", "", |o| o.max_ops = 1);
    assert_eq!((r.status, r.ruled_out, r.ops()), (Status::None, 2, None));
    assert_found(src, &synth_sat(src, "& | ^ + - ~ -x", "", |_| {}), 2);
}

fn free(n: usize, max: Option<u64>) -> impl Fn(&mut SynthOptions) {
    move |o: &mut SynthOptions| {
        o.free_consts = n;
        o.max_const = max;
        o.max_ops = 3;
    }
}

#[test]
fn free_constants_are_found() {
    // 5 is not among the constants: x * 5 in one with a free one
    let src = "unsigned f(unsigned x) { return x + x + x + x + x; }";
    let p = assert_found(src, &synth_sat(src, "* + <<", "", free(1, None)), 1);
    assert_eq!(p.expr(), "x * 5u");
    let r = synth_sat(src, "* + <<", "", |o| o.max_ops = 1);
    assert_eq!(r.status, Status::None);
    // two operations and two constants; with one, the other is made
    let src = "unsigned f(unsigned x) { return (x & 0xf0) >> 4; }";
    assert_found(src, &synth_sat(src, "& >>", "", free(2, None)), 2);
    assert_found(src, &synth_sat(src, "& >>", "", free(1, None)), 3);
    // 0x5a in one
    let src = "int f(int x) { return x ^ 90; }";
    assert_found(src, &synth_sat(src, "^ &", "", free(1, Some(255))), 1);
    // 300 is over the largest allowed: two additions
    let src = "int f(int x) { return x + 300; }";
    let p = assert_found(src, &synth_sat(src, "+", "", free(1, Some(255))), 2);
    assert!(
        p.consts.iter().all(|&c| c <= 255 || c == p.ty.mask),
        "{:?}",
        p.consts
    );
}

#[test]
fn a_constant_is_a_free_constant_or_none() {
    let src = "int f(int x) { return 42; }";
    assert_found(src, &synth_sat(src, "*", "", free(1, None)), 0);
    // 42 = 6 * 7 under 10
    assert_found(src, &synth_sat(src, "*", "", free(2, Some(10))), 1);
    // & cannot set a bit that x lacks: no program at all
    let src = "unsigned f(unsigned x) { return x | 1; }";
    let r = synth_sat(src, "&", "", free(2, None));
    assert_eq!((r.status, r.ruled_out), (Status::None, 4));
}

#[test]
fn a_length_out_of_steps_is_left_undecided() {
    let src = "int f(int x) { if (x < 0) return -x; return x; }";
    let r = synth_sat(src, ">> ^ + - & -x ~", "", |o| o.sat_steps = 1);
    assert_eq!((r.status, r.minimal()), (Status::Timeout, false));
}
