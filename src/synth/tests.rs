//! The operators against the C evaluator's, the printed programs against
//! the C interpreter, and the search on specifications with a known
//! shortest program (found, of that length, minimal; none below it).

use super::ops::{Op, Ty};
use super::*;
use crate::bits::rng::Rng;
use crate::lang::c::ast::{UnOp, WordOp};
use crate::lang::c::{ops as cops, Program, RunOptions, Value};

/// Every integer type a specification may have.
pub(in crate::synth) const TYPES: [Scalar; 8] = [
    Scalar::Int,
    Scalar::UInt,
    Scalar::Long,
    Scalar::ULong,
    Scalar::Short,
    Scalar::UShort,
    Scalar::SChar,
    Scalar::UChar,
];

fn word_op(op: Op) -> Option<WordOp> {
    Some(match op {
        Op::And => WordOp::And,
        Op::Or => WordOp::Or,
        Op::Xor => WordOp::Xor,
        Op::Add => WordOp::Add,
        Op::Sub => WordOp::Sub,
        Op::Mul => WordOp::Mul,
        Op::Div => WordOp::Div,
        Op::Rem => WordOp::Rem,
        Op::Shl => WordOp::Shl,
        Op::Shr => WordOp::Shr,
        Op::Lt => WordOp::Lt,
        Op::Le => WordOp::Le,
        Op::Gt => WordOp::Gt,
        Op::Ge => WordOp::Ge,
        Op::Eq => WordOp::Eq,
        Op::Ne => WordOp::Ne,
        _ => return None,
    })
}

/// C's value of `a op b` (both of type `t`) converted back to `t`.
fn c_value(op: Op, t: Scalar, a: u64, b: u64) -> Option<u64> {
    let (x, y) = (Value { ty: t, bits: a }, Value { ty: t, bits: b });
    let r = match word_op(op) {
        Some(w) => {
            let ty = match w {
                WordOp::Shl | WordOp::Shr => t.promote(),
                _ => Scalar::common(t, t),
            };
            cops::binary(w, ty, x, y).ok()?.0
        }
        None => {
            let u = match op {
                Op::Not => UnOp::Not,
                Op::Neg => UnOp::Neg,
                _ => UnOp::LogNot,
            };
            cops::unary(u, t.promote(), x).0
        }
    };
    Some(r.to(t).bits)
}

#[test]
fn operators_compute_what_c_computes() {
    let mut rng = Rng::new(1);
    for t in TYPES {
        let ty = Ty::new(t);
        for _ in 0..400 {
            let pick = |rng: &mut Rng| match rng.below(3) {
                0 => rng.below(70) as u64 & ty.mask,
                _ => rng.next_u64() & ty.mask,
            };
            let (a, b) = (pick(&mut rng), pick(&mut rng));
            for op in Op::ALL {
                let mine = ty.eval(op, a, b);
                let c = c_value(op, t, a, b);
                match mine {
                    Some(v) => assert_eq!(Some(v), c, "{op:?} {t:?} {a:#x} {b:#x}"),
                    // (below int, C shifts the promoted int: 8 << 9 has a value)
                    None if t.bits() >= 32 => assert_eq!(c, None, "{op:?} {t:?} {a} {b}"),
                    None => {}
                }
            }
        }
    }
}

#[test]
fn the_filter_agrees_with_the_operators() {
    let mut rng = Rng::new(5);
    for t in TYPES {
        let ty = Ty::new(t);
        for _ in 0..200 {
            let ys: Vec<u64> = (0..20)
                .map(|k| if k < 8 { k } else { rng.next_u64() & ty.mask })
                .collect();
            let x = ys[rng.below(ys.len())];
            for op in Op::ALL {
                for left in [true, false] {
                    let (a, b) = if left { (x, ys[3]) } else { (ys[3], x) };
                    let want = ty.eval(op, a, b).unwrap_or(2);
                    let mask = ty.hits(op, x, &ys, want, left);
                    for (k, &y) in ys.iter().enumerate() {
                        let (a, b) = if left { (x, y) } else { (y, x) };
                        let hit = ty.eval(op, a, b) == Some(want);
                        assert_eq!(mask >> k & 1 == 1, hit, "{op:?} {t:?} {a:#x} {b:#x}");
                    }
                }
            }
        }
    }
}

/// A random program of `len` instructions over one parameter and the
/// default constants (shift counts are constants).
fn random_program(t: Scalar, len: usize, rng: &mut Rng) -> Straight {
    let ty = Ty::new(t);
    let consts = constants(t, &[]);
    let leaves = 1 + consts.len();
    let mut instrs = Vec::new();
    for k in 0..len {
        let op = Op::ALL[rng.below(Op::ALL.len())];
        let avail = leaves + k;
        // the last value read, so that every instruction counts
        let a = if k == 0 { 0 } else { avail - 1 };
        let b = match op {
            Op::Shl | Op::Shr => 2 + rng.below(consts.len() - 1),
            _ => rng.below(avail),
        };
        instrs.push(Instr {
            op,
            a: a as u8,
            b: b as u8,
        });
    }
    Straight {
        ty,
        params: vec!["x".into()],
        consts,
        result: leaves + len - 1,
        instrs,
    }
}

#[test]
fn printed_programs_compute_what_they_say() {
    let mut rng = Rng::new(7);
    for t in TYPES {
        for n in 0..40 {
            let p = random_program(t, 1 + n % 5, &mut rng);
            let src = p.source("g");
            let prog = Program::parse(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
            let inline = format!("{} h({} x) {{ return {}; }}", t.name(), t.name(), p.expr());
            let prog2 = Program::parse(&inline).unwrap_or_else(|e| panic!("{e}\n{inline}"));
            for _ in 0..30 {
                let x = rng.next_u64() & t.mask();
                let Some(want) = p.eval(&[x]) else { continue };
                let arg = [Value { ty: t, bits: x }];
                for (prog, f) in [(&prog, "g"), (&prog2, "h")] {
                    let got = prog.run_values(f, &arg, &RunOptions::default());
                    let got = got.map(|r| r.value.map(|v| v.to(t).bits));
                    assert_eq!(got, Ok(Some(want)), "{src}{inline}\nx = {x:#x}");
                }
            }
            assert!(p.dlc_ops() >= p.instrs.len());
        }
    }
}

fn synth_with(
    src: &str,
    ops: Option<&str>,
    consts: Option<&str>,
    max: usize,
    threads: usize,
) -> SynthResult {
    let spec = SynthSpec::parse(src, None).unwrap();
    let mut opts = SynthOptions::read(ops, consts, spec.ty).unwrap();
    opts.max_ops = max;
    opts.threads = threads;
    synthesize(&spec, &opts, &mut |_: &SynthProgress| Flow::Continue).unwrap()
}

fn synth(src: &str) -> SynthResult {
    synth_with(src, None, None, 5, 1)
}

/// Found with `ops` instructions, minimal, and equal to the specification
/// on random inputs (run by the C interpreter).
fn assert_shortest(src: &str, r: &SynthResult, ops: usize) {
    let p = r
        .program
        .as_ref()
        .unwrap_or_else(|| panic!("{src}: {:?}", r.status));
    assert_eq!(
        (r.status, r.ops(), r.minimal()),
        (Status::Found, Some(ops), true),
        "{}",
        p.expr()
    );
    let spec = SynthSpec::parse(src, None).unwrap();
    let got = Program::parse(&p.source(&r.function)).unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        let args: Vec<u64> = spec
            .params
            .iter()
            .map(|_| rng.next_u64() & spec.ty.mask())
            .collect();
        let Some(want) = spec.value(&args) else {
            continue;
        };
        let vals: Vec<Value> = args
            .iter()
            .map(|&b| Value {
                ty: spec.ty,
                bits: b,
            })
            .collect();
        let run = got
            .run_values(&r.function, &vals, &RunOptions::default())
            .unwrap();
        assert_eq!(run.value.map(|v| v.bits), Some(want), "{}", p.expr());
    }
}

const RIGHTMOST_OFF: &str = "unsigned f(unsigned x) { for (int i = 0; i < 32; i++) if (x >> i & 1) return x ^ (1u << i); return 0; }";

#[test]
fn known_shortest_programs_are_found_and_minimal() {
    let cases: [(&str, usize); 6] = [
        (RIGHTMOST_OFF, 2),
        ("unsigned f(unsigned x) { for (int i = 0; i < 32; i++) if (x >> i & 1) return 1u << i; return 0; }", 2),
        ("int f(int x) { if (x < 0) return -x; return x; }", 3),
        ("unsigned f(unsigned x) { int n = 0; for (int i = 0; i < 32; i++) n += x >> i & 1; return n <= 1; }", 3),
        ("unsigned f(unsigned x) { if (x == 0) return 1; return 0; }", 1),
        ("unsigned char f(unsigned char x) { unsigned char r = x; for (int i = 0; i < 8; i++) if (!(x >> i & 1)) { r |= 1 << i; break; } return r; }", 2),
    ];
    for (src, ops) in cases {
        assert_shortest(src, &synth(src), ops);
    }
}

/// An input's distance from a plain word, which orders the SAT's inputs
/// for [`SynthOptions::simplest_inputs`].
#[test]
fn simple_inputs_are_those_near_zero_or_all_ones() {
    let ty = Ty::new(Scalar::UInt);
    let mut t = spec::Table::new(2);
    for (x, y) in [
        (0x20, 0),
        (0xffff_fffe, 0xffff_ffff),
        (0x0bec_184a, 0x5555_5555),
    ] {
        t.push(&[x, y], 0);
    }
    let got: Vec<u32> = (0..3).map(|k| cegis::simplicity(ty, &t, k)).collect();
    assert_eq!(got, [1, 1, 13 + 16]);
}

/// The SAT's inputs taken simplest first decide as in sampled order: a
/// mask found with a free constant, and no rotation by 8 in two
/// operations with two (one of them 8, the other 24, is needed).
#[test]
fn simplest_inputs_first_decide_as_the_sampled_order() {
    let cases = [
        (
            "unsigned f(unsigned x) { return x & 0x80808080; }",
            1,
            Some(1),
        ),
        (
            "unsigned f(unsigned x) { return (x << 8) | (x >> 24); }",
            2,
            None,
        ),
    ];
    for (src, max, ops) in cases {
        let spec = SynthSpec::parse(src, None).unwrap();
        for simplest_inputs in [false, true] {
            let opts = SynthOptions {
                ops: ops::parse_ops(Some("& | << >> +")).unwrap(),
                max_ops: max,
                threads: 1,
                free_consts: 2,
                simplest_inputs,
                ..SynthOptions::default()
            };
            let r = synthesize(&spec, &opts, &mut |_: &SynthProgress| Flow::Continue).unwrap();
            assert_eq!(r.ops(), ops, "{src}, simplest first: {simplest_inputs}");
            assert_eq!(r.status == Status::None, ops.is_none());
        }
    }
}

#[test]
fn none_below_the_shortest() {
    let r = synth_with(RIGHTMOST_OFF, None, None, 1, 1);
    assert_eq!(
        (r.status, r.ops(), r.minimal()),
        (Status::None, None, false)
    );
    assert_eq!(r.ruled_out, 2);
    assert!(r.searched > 0);
}

#[test]
fn a_shorter_program_is_never_missed() {
    // written in 3 operations, 2 suffice: (x - 1) & x
    let src = "unsigned f(unsigned x) { return ~(-x) & x; }";
    assert_shortest(src, &synth(src), 2);
    // written in 5, 1 suffices
    let src = "int f(int x, int y) { return (x & ~y) | (~x & y); }";
    assert_shortest(src, &synth(src), 1);
    // x * 3 as a loop: x + (x << 1) in two; with 3 planted, x * 3 in one
    let src =
        "unsigned f(unsigned x) { unsigned s = 0; for (int i = 0; i < 3; i++) s += x; return s; }";
    assert_shortest(src, &synth_with(src, Some("+ <<"), None, 3, 1), 2);
    let r = synth_with(src, Some("+ << *"), Some("3"), 3, 1);
    assert_shortest(src, &r, 1);
    assert_eq!(r.program.unwrap().expr(), "x * 3u");
}

#[test]
fn assume_restricts_the_inputs() {
    // popcount where x is a power of two or 0: x != 0 (or 0 < x)
    let src = "int assume(unsigned x) { return (x & (x - 1)) == 0; }
               unsigned f(unsigned x) { unsigned n = 0; while (x) { n += x & 1; x >>= 1; } return n; }";
    let r = synth(src);
    assert_eq!(
        (r.status, r.ops(), r.minimal()),
        (Status::Found, Some(1), true)
    );
}

#[test]
fn the_answer_does_not_depend_on_the_threads() {
    let src = "unsigned f(unsigned x, unsigned y) { unsigned long s = (unsigned long)x + y; return s / 2; }";
    let one = synth_with(src, None, None, 4, 1);
    let two = synth_with(src, None, None, 4, 2);
    assert_shortest(src, &one, 4);
    assert_eq!(one.program, two.program);
}

#[test]
fn bad_input_is_a_typed_error() {
    let read = |ops, consts| SynthOptions::read(ops, consts, Scalar::Int).err();
    assert_eq!(
        read(Some("& @"), None),
        Some(SynthError::UnknownOp("@".into()))
    );
    assert_eq!(read(Some(" "), None), Some(SynthError::NoOps));
    assert!(matches!(
        read(None, Some("1 x")),
        Some(SynthError::Const(_))
    ));
    assert!(matches!(
        read(None, Some("0x1ffffffff")),
        Some(SynthError::Const(_))
    ));
    let spec = |src| SynthSpec::parse(src, None).err();
    assert!(matches!(
        spec("int f(int x) { return x"),
        Some(SynthError::Parse(_))
    ));
    assert!(matches!(
        spec("int f(unsigned x) { return x; }"),
        Some(SynthError::Signature(_))
    ));
    assert!(matches!(
        spec("void f(int x) { }"),
        Some(SynthError::Signature(_))
    ));
    assert!(matches!(
        spec("int f(void) { return 1; }"),
        Some(SynthError::Signature(_))
    ));
    assert!(matches!(
        SynthSpec::parse("int f(int x) { return x; }", Some("g")),
        Err(SynthError::Function(_))
    ));
    let never = SynthSpec::parse(
        "int assume(int x) { return 0; } int f(int x) { return x; }",
        None,
    );
    let r = synthesize(
        &never.unwrap(),
        &SynthOptions::default(),
        &mut |_: &SynthProgress| Flow::Continue,
    );
    assert_eq!(r.err(), Some(SynthError::NoInputs));
}

#[test]
fn a_cancel_stops_the_search() {
    let spec = SynthSpec::parse(RIGHTMOST_OFF, None).unwrap();
    let opts = SynthOptions::default();
    let r = synthesize(&spec, &opts, &mut |_: &SynthProgress| Flow::Cancel);
    assert_eq!(r.err(), Some(SynthError::Cancelled));
    let r = synthesize(&spec, &opts, &mut |_: &SynthProgress| Flow::OutOfTime).unwrap();
    assert_eq!((r.status, r.minimal()), (Status::Timeout, false));
}

/// Every program of at most `len` instructions over `ops` and the default
/// constants, unpruned: whether one gives `want` on every 8-bit input.
fn brute_force(ops: &[Op], want: &[u64], len: usize) -> bool {
    let ty = Ty::new(Scalar::UChar);
    let consts = constants(Scalar::UChar, &[]);
    let mut vals: Vec<Vec<u64>> = vec![(0..256).collect()];
    vals.extend(consts.iter().map(|&c| vec![c; 256]));
    fn go(ty: Ty, ops: &[Op], vals: &mut Vec<Vec<u64>>, want: &[u64], left: usize) -> bool {
        if vals.iter().any(|v| v == want) {
            return true;
        }
        if left == 0 {
            return false;
        }
        let n = vals.len();
        for &op in ops {
            for a in 0..n {
                for b in 0..n {
                    let mut out = vec![0; 256];
                    if ty.apply(op, &vals[a], &vals[b], &mut out) {
                        vals.push(out);
                        let hit = go(ty, ops, vals, want, left - 1);
                        vals.pop();
                        if hit {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
    go(ty, ops, &mut vals, want, len)
}

#[test]
fn no_shorter_program_exists_where_minimal_is_claimed() {
    let text = "~ -x & | ^ + - << >> <";
    let ops = ops::parse_ops(Some(text)).unwrap();
    let mut rng = Rng::new(99);
    let mut checked = 0;
    while checked < 30 {
        // a random 3-instruction program over those operators is the spec
        let mut p = random_program(Scalar::UChar, 3, &mut rng);
        for i in p.instrs.iter_mut() {
            i.op = ops[rng.below(ops.len())];
            if matches!(i.op, Op::Shl | Op::Shr) {
                i.b = 2 + rng.below(p.consts.len() - 1) as u8;
            }
        }
        let want: Vec<u64> = (0..256).map(|x| p.eval(&[x]).unwrap_or(u64::MAX)).collect();
        if want.contains(&u64::MAX) {
            continue;
        }
        checked += 1;
        let src = p.source("f");
        let r = synth_with(&src, Some(text), None, 3, 1);
        let found = r.ops().unwrap_or_else(|| panic!("{src}: {:?}", r.status));
        assert!(r.minimal() && found <= 3, "{src}");
        let got: Vec<u64> = (0..256)
            .map(|x| r.program.as_ref().unwrap().eval(&[x]).unwrap())
            .collect();
        assert_eq!(got, want, "{src}");
        if found > 0 {
            assert!(
                !brute_force(&ops, &want, found - 1),
                "{src}: shorter than {found} exists"
            );
        }
        if found <= 2 {
            assert!(brute_force(&ops, &want, found), "{src}");
        }
    }
}

/// The search's vector loop (`Ty::apply`) computes what `Ty::eval` does,
/// for every operator and type, on edge values and random ones (a shift
/// count out of range anywhere: no value).
#[test]
fn apply_is_eval_on_every_input() {
    let mut rng = Rng::new(7);
    for ty in TYPES.map(Ty::new) {
        let edges = [
            0,
            1,
            2,
            ty.bits as u64 - 1,
            ty.bits as u64,
            ty.mask,
            ty.mask >> 1,
            (ty.mask >> 1) + 1,
        ];
        let mut a: Vec<u64> = edges.iter().flat_map(|&x| edges.map(|_| x)).collect();
        let mut b: Vec<u64> = edges.iter().flat_map(|_| edges).collect();
        for _ in 0..64 {
            a.push(rng.next_u64() & ty.mask);
            b.push(rng.next_u64() & ty.mask);
        }
        for op in Op::ALL {
            let want: Option<Vec<u64>> =
                a.iter().zip(&b).map(|(&x, &y)| ty.eval(op, x, y)).collect();
            let mut out = vec![0; a.len()];
            let ok = ty.apply(op, &a, &b, &mut out);
            assert_eq!(ok.then_some(out), want, "{op:?} on {ty:?}");
            // each pair alone (a shift in range)
            for (k, (&x, &y)) in a.iter().zip(&b).enumerate().step_by(7) {
                let mut one = [0];
                let ok = ty.apply(op, &[x], &[y], &mut one);
                assert_eq!(
                    ok.then_some(one[0]),
                    ty.eval(op, x, y),
                    "{op:?} {x:#x} {y:#x} (#{k})"
                );
            }
        }
    }
}

#[test]
fn up_to_six_parameters() {
    let six = "unsigned f(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e, unsigned g) { return a ^ b ^ c ^ d ^ e ^ g; }";
    let spec = SynthSpec::parse(six, None).unwrap();
    assert_eq!(spec.params.len(), 6);
    let r = synthesize(&spec, &SynthOptions::default(), &mut |_: &SynthProgress| {
        Flow::Continue
    })
    .unwrap();
    assert_eq!(
        (r.status, r.ops(), r.minimal()),
        (Status::Found, Some(5), true)
    );
    let seven = "unsigned f(unsigned a, unsigned b, unsigned c, unsigned d, unsigned e, unsigned g, unsigned h) { return a; }";
    let err = SynthSpec::parse(seven, None).unwrap_err().to_string();
    assert!(err.contains("one to six parameters"), "{err}");
}

/// The spec's constants: its literals and what they suggest, the
/// repeating masks; never a default again.
#[test]
fn the_spec_suggests_its_constants() {
    let rotate = "unsigned f(unsigned x) { for (int i = 0; i < 8; i++) x = (x << 1) | (x >> 31); return x; }";
    let c = SynthSpec::parse(rotate, None).unwrap().spec_constants(32);
    for want in [
        8,
        24,
        0x5555_5555,
        0x3333_3333,
        0x0f0f_0f0f,
        0x00ff_00ff,
        0x0000_ffff,
        0x0101_0101,
        0x8080_8080,
    ] {
        assert!(c.contains(&want), "{want:#x} in {c:x?}");
    }
    assert!(
        !c.iter().any(|v| [0, 1, 31, 0xffff_ffff].contains(v)),
        "{c:x?}"
    );
    let narrow = "unsigned char f(unsigned char x) { return x & 0x0f; }";
    let c = SynthSpec::parse(narrow, None).unwrap().spec_constants(32);
    assert!(
        c.contains(&0x0f) && c.contains(&0x55) && c.iter().all(|&v| v <= 0xff),
        "{c:x?}"
    );
    assert_eq!(
        SynthSpec::parse(rotate, None)
            .unwrap()
            .spec_constants(3)
            .len(),
        3
    );
}

/// The spec's guessed constants (here the 8 repeating masks, none of them
/// needed) multiply length 5 of max(x, y) past reach; searched over the
/// defaults first (`cegis/defaults_first.rs`), it is found within 2e10
/// candidates, over the defaults alone. (The page's workers search a
/// length at a time, as here.)
#[test]
fn the_defaults_are_searched_first_where_the_spec_guesses_constants() {
    let src = "int f(int x, int y) { if (x > y) return x; return y; }";
    let spec = SynthSpec::parse(src, None).unwrap();
    let mut opts = SynthOptions::read(Some("^ & | -x - < <="), None, spec.ty).unwrap();
    opts.consts = spec.spec_constants(MAX_CONSTS);
    assert!(opts.consts.len() >= 8, "{:?}", opts.consts);
    (opts.defaults_first, opts.threads) = (true, 2);
    let mut budget = |p: &SynthProgress| match p.searched > 20_000_000_000 {
        true => Flow::OutOfTime,
        false => Flow::Continue,
    };
    let r = search_length(&spec, &opts, 5, &[], &mut budget)
        .unwrap()
        .result;
    let p = r.program.unwrap_or_else(|| panic!("{:?}", r.status));
    assert_eq!(p.instrs.len(), 5, "{}", p.expr());
    let defaults = constants(spec.ty, &[]);
    assert!(
        p.used_consts().iter().all(|c| defaults.contains(c)),
        "{}",
        p.expr()
    );
}
