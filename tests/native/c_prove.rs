//! Proofs of C code, checked against gcc: each classic trick is proven
//! equal to its plain form, and each one-token mutant of it (an operator
//! swapped for another, a constant changed by one) is refuted with a
//! counterexample that gcc confirms (both functions compiled with
//! `gcc -fwrapv` and run on the counterexample's arguments give the two
//! values bitscope reported, and they differ). A mutant that cannot be
//! refuted must be a real equivalent: gcc agrees with the plain form on
//! edge and random inputs.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gcc;
use crate::common::rng::Rng;
use bitscope::lang::c::{Program, Value};
use bitscope::lang::prove::c::{prove, Outcome, Side, Verdict};
use bitscope::lang::prove::{Method, NoControl, Options};

/// (name, the trick, its plain form); each file's last function is used.
const PAIRS: [(&str, &str, &str); 14] = [
    ("popcount", "unsigned f(unsigned v) { v = v - ((v >> 1) & 0x55555555); v = (v & 0x33333333) + ((v >> 2) & 0x33333333); return ((v + (v >> 4) & 0xF0F0F0F) * 0x1010101) >> 24; }",
        "unsigned g(unsigned v) { unsigned n = 0; for (int i = 0; i < 32; i++) n += (v >> i) & 1; return n; }"),
    ("abs", "int f(int x) { int m = x >> 31; return (x ^ m) - m; }", "int g(int x) { return x < 0 ? -x : x; }"),
    ("min", "int f(int x, int y) { return y ^ ((x ^ y) & -(x < y)); }", "int g(int x, int y) { return x < y ? x : y; }"),
    ("sign", "int f(int x) { return (x > 0) - (x < 0); }", "int g(int x) { if (x > 0) return 1; if (x < 0) return -1; return 0; }"),
    ("lowest bit", "unsigned f(unsigned x) { return x & (~x + 1); }", "unsigned g(unsigned x) { for (int i = 0; i < 32; i++) if (x >> i & 1) return 1u << i; return 0; }"),
    ("power of two", "int f(unsigned x) { return x && !(x & (x - 1)); }", "int g(unsigned x) { return __builtin_popcount(x) == 1; }"),
    ("round up", "unsigned f(unsigned v) { v--; v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16; return v + 1; }",
        "unsigned g(unsigned v) { if (v == 0) return 0; unsigned p = 1; while (p < v && p) p <<= 1; return p; }"),
    ("byte swap", "unsigned f(unsigned x) { return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24); }", "unsigned g(unsigned x) { return __builtin_bswap32(x); }"),
    ("average", "unsigned f(unsigned a, unsigned b) { return (a & b) + ((a ^ b) >> 1); }", "unsigned g(unsigned a, unsigned b) { return (unsigned)(((unsigned long)a + b) >> 1); }"),
    ("parity", "int f(unsigned v) { v ^= v >> 16; v ^= v >> 8; v ^= v >> 4; v &= 0xf; return (0x6996 >> v) & 1; }", "int g(unsigned v) { return __builtin_parity(v); }"),
    ("narrow average", "int f(unsigned char a, unsigned char b) { return (a + b) >> 1; }", "int g(unsigned char a, unsigned char b) { return (a & b) + ((a ^ b) >> 1); }"),
    // switch: the data lab's replaceByte reference, fall-through into a case, continue through a switch
    ("replace byte", "unsigned f(unsigned x, int n, unsigned c) { switch (n & 3) { case 0: x = (x & 0xFFFFFF00) | (c & 0xff); break; case 1: x = (x & 0xFFFF00FF) | ((c & 0xff) << 8); break; case 2: x = (x & 0xFF00FFFF) | ((c & 0xff) << 16); break; default: x = (x & 0x00FFFFFF) | ((c & 0xff) << 24); } return x; }",
        "unsigned g(unsigned x, int n, unsigned c) { int s = (n & 3) << 3; return (x & ~(0xffu << s)) | ((c & 0xff) << s); }"),
    ("fall-through", "unsigned f(unsigned x) { unsigned r = 0; switch (x & 3) { case 3: r += x >> 2; case 2: r += 1; case 1: r ^= x; break; default: r = 7; } return r; }",
        "unsigned g(unsigned x) { unsigned k = x & 3; if (k == 0) return 7; if (k == 1) return x; if (k == 2) return 1 ^ x; return ((x >> 2) + 1) ^ x; }"),
    ("nibble kinds", "unsigned f(unsigned x) { unsigned n = 0; for (int i = 0; i < 8; i++) { switch (x >> 4 * i & 0xf) { case 0: continue; case 15: n += 2; break; default: n++; } n += 16; } return n; }",
        "unsigned g(unsigned x) { unsigned n = 0; for (int i = 0; i < 32; i += 4) { unsigned d = x >> i & 0xf; if (d == 15) n += 18; else if (d) n += 17; } return n; }"),
];

fn side_of(p: &Program) -> Side<'_> {
    Side {
        program: p,
        function: &p.functions().last().expect("a function").name,
    }
}

fn verdict(a: &str, b: &str) -> Verdict {
    let (pa, pb) = (Program::parse(a).unwrap(), Program::parse(b).unwrap());
    prove(
        side_of(&pa),
        side_of(&pb),
        None,
        &Options::default(),
        &mut NoControl,
    )
    .unwrap_or_else(|e| panic!("{a}: {e}"))
}

/// Every one-token mutant of `src`: each operator of `+ - & | ^ << >>`
/// swapped for its partner, each number changed by one.
fn mutants(src: &str) -> Vec<String> {
    let swaps = [
        ("<<", ">>"),
        (">>", "<<"),
        ("&", "|"),
        ("|", "&"),
        ("^", "|"),
        ("+", "-"),
        ("-", "+"),
    ];
    let body = src.find('{').unwrap_or(0);
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = body;
    while i < src.len() {
        let rest = &src[i..];
        if let Some(&(from, to)) = swaps.iter().find(|(f, _)| rest.starts_with(f)) {
            let prev = bytes[i - 1] as char;
            let next = rest[from.len()..].chars().next().unwrap_or(' ');
            let single = !matches!(next, '=' | '&' | '|' | '+' | '-' | '<' | '>')
                && !matches!(prev, '&' | '|' | '+' | '-' | '<' | '>');
            if single {
                out.push(format!("{}{to}{}", &src[..i], &src[i + from.len()..]));
            }
            i += from.len();
        } else if rest.starts_with(|c: char| c.is_ascii_digit())
            && !(bytes[i - 1] as char).is_ascii_alphanumeric()
        {
            let len = rest
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(rest.len());
            let lit = &rest[..len];
            let value = if let Some(h) = lit.strip_prefix("0x").or(lit.strip_prefix("0X")) {
                u64::from_str_radix(h.trim_end_matches(['u', 'U', 'l', 'L']), 16).ok()
            } else {
                lit.trim_end_matches(['u', 'U', 'l', 'L'])
                    .parse::<u64>()
                    .ok()
            };
            if let Some(v) = value {
                out.push(format!("{}{:#x}{}", &src[..i], v + 1, &src[i + len..]));
            }
            i += len;
        } else {
            i += 1;
        }
    }
    out
}

fn outcome_value(o: &Outcome) -> Option<u64> {
    match o {
        Outcome::Value(v) => Some(v.extended()),
        Outcome::Undefined(_) => None,
    }
}

#[test]
fn each_trick_is_proven_equal_to_its_plain_form() {
    for (name, trick, plain) in PAIRS {
        let v = verdict(trick, plain);
        assert_eq!(v.equal, Some(true), "{name}: {v:?}");
    }
}

/// Popcount of a 64-bit word two ways: a loop over the bits against
/// Kernighan's loop, whose 65th turn the unwinding check must show
/// unreachable ("not proven" within the budget before it asked a decision
/// diagram); one turn short of the bits, refuted.
#[test]
fn kernighan_against_the_bit_loop_at_64_bits_is_proven() {
    let bits = |n: u32| {
        format!("int g(unsigned long x) {{ int c = 0; for (int i = 0; i < {n}; i++) c += (x >> i) & 1; return c; }}")
    };
    let kernighan =
        "int f(unsigned long x) { int c = 0; while (x) { x &= x - 1; c++; } return c; }";
    let v = verdict(kernighan, &bits(64));
    assert_eq!(v.equal, Some(true), "{v:?}");
    assert!(matches!(v.method, Method::Bdd | Method::Sat), "{v:?}");
    assert_eq!(verdict(kernighan, &bits(63)).equal, Some(false));
}

#[test]
fn each_one_token_mutant_is_refuted_and_gcc_confirms() {
    gcc::require();
    let scratch = gcc::Scratch::new("prove");
    let (mut refuted, mut equivalent, mut total) = (0, 0, 0);
    let mut rng = Rng::new(0xC0FFEE);
    for (name, trick, plain) in PAIRS {
        for m in mutants(trick) {
            let Ok(pm) = Program::parse(&m) else { continue };
            let params = pm.functions().last().unwrap().params.clone();
            total += 1;
            let v = verdict(&m, plain);
            // one C file: the mutant as `f`, the plain form as `g`, and a
            // main that prints both on each line of arguments
            let src = format!(
                "{}\n{m}\n{plain}\n{}",
                gcc::PRINT,
                gcc::main_pair(params.len())
            );
            let exe = scratch.compile(&format!("m{total}"), &src);
            match (v.equal, &v.counterexample) {
                (Some(false), Some(c)) => {
                    refuted += 1;
                    let args: Vec<u64> = c.args.iter().map(|(_, a)| a.extended()).collect();
                    let (want_f, want_g) = (outcome_value(&c.left), outcome_value(&c.right));
                    if want_f.is_none() || want_g.is_none() {
                        continue; // undefined on one side: gcc has no value to give there
                    }
                    let got = gcc::run(&exe, &[args]);
                    assert_eq!(
                        got[0],
                        (want_f.unwrap(), want_g.unwrap()),
                        "{name}: mutant {m}: gcc gives other values at {:?}",
                        c.args
                    );
                    assert_ne!(
                        got[0].0, got[0].1,
                        "{name}: mutant {m}: gcc finds no difference at {:?}",
                        c.args
                    );
                }
                (Some(true), _) => {
                    // an equivalent mutant: gcc must agree on every input tried
                    equivalent += 1;
                    let inputs: Vec<Vec<u64>> = (0..2000)
                        .map(|_| {
                            params
                                .iter()
                                .map(|(_, t)| {
                                    Value::new(*t, rng.next_u64() as i64 as i128).extended()
                                })
                                .collect()
                        })
                        .collect();
                    for (i, (f, g)) in gcc::run(&exe, &inputs).into_iter().enumerate() {
                        assert_eq!(
                            f, g,
                            "{name}: mutant {m} proven equal, but gcc differs at {:?}",
                            inputs[i]
                        );
                    }
                }
                _ => panic!("{name}: mutant {m}: neither proven nor refuted: {v:?}"),
            }
        }
    }
    eprintln!("c_prove: {total} one-token mutants, {refuted} refuted (gcc confirms), {equivalent} equivalent (gcc agrees)");
    assert!(total >= 60, "only {total} mutants");
    assert!(refuted * 10 >= total * 9, "{refuted} of {total} refuted");
}

/// The division certificate against gcc: for divisors drawn at random, the
/// derived `x * m >> s` is proven equal to `x / d` by the error bound, and
/// each neighbour (m ± 1, s ± 1) is decided too: a counterexample gcc
/// confirms, or a proof that gcc agrees with on edge and random inputs.
#[test]
fn magic_divisions_and_their_neighbours_are_decided_and_gcc_agrees() {
    use bitscope::bits::divide::{derive, Method};
    use bitscope::lang::prove::Method as How;
    gcc::require();
    let scratch = gcc::Scratch::new("prove-divide");
    let mut rng = Rng::new(0xD1_u64);
    let (mut refuted, mut equal) = (0, 0);
    let divisors: Vec<u64> = (0..12)
        .map(|_| 3 + rng.next_u64() % 100_000)
        .chain([3, 7, 10, 641])
        .collect();
    for d in divisors {
        let Method::Multiply {
            multiplier,
            shift,
            add: false,
        } = derive(d, 32).unwrap().method
        else {
            continue;
        };
        let spec = format!("unsigned g(unsigned x) {{ return x / {d}u; }}");
        let (m, s) = (multiplier as u64, 32 + shift);
        for (m, s) in [(m, s), (m + 1, s), (m - 1, s), (m, s + 1), (m, s - 1)] {
            let trick = format!("unsigned f(unsigned x) {{ return (unsigned)(((unsigned long long)x * {m}ull) >> {s}); }}");
            let v = verdict(&trick, &spec);
            assert_eq!(v.method, How::ErrorBound, "{d}: {trick}: {v:?}");
            let src = format!("{}\n{trick}\n{spec}\n{}", gcc::PRINT, gcc::main_pair(1));
            let exe = scratch.compile(&format!("d{d}m{m}s{s}"), &src);
            match (v.equal, &v.counterexample) {
                (Some(false), Some(c)) => {
                    refuted += 1;
                    let x = c.args[0].1.extended();
                    let got = gcc::run(&exe, &[vec![x]])[0];
                    assert_eq!(
                        (Some(got.0), Some(got.1)),
                        (outcome_value(&c.left), outcome_value(&c.right)),
                        "{trick} at {x}"
                    );
                    assert_ne!(got.0, got.1, "{trick}: gcc finds no difference at {x}");
                }
                (Some(true), _) => {
                    equal += 1;
                    let inputs: Vec<Vec<u64>> =
                        [0, 1, d - 1, d, u64::from(u32::MAX), u64::from(u32::MAX) - 1]
                            .into_iter()
                            .chain((0..2000).map(|_| rng.next_u64() & 0xffff_ffff))
                            .map(|x| vec![x])
                            .collect();
                    for (i, (f, g)) in gcc::run(&exe, &inputs).into_iter().enumerate() {
                        assert_eq!(
                            f, g,
                            "{trick} proven equal, but gcc differs at {:?}",
                            inputs[i]
                        );
                    }
                }
                _ => panic!("{trick}: not decided: {v:?}"),
            }
        }
    }
    eprintln!("magic divisions: {equal} proven equal, {refuted} refuted (gcc agrees with both)");
    assert!(
        equal >= 10 && refuted >= 40,
        "{equal} equal, {refuted} refuted"
    );
}
