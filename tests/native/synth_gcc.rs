//! Every program `synth` finds, compiled by gcc (`-fwrapv`) beside its
//! specification and run on edge and random inputs: the two agree (the
//! prover's proof, re-checked by the compiler; issue 54).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gcc;
use crate::common::rng::Rng;
use bitscope::lang::prove::Flow;
use bitscope::synth::{
    synthesize, synthesize_finding_constants, Status, SynthOptions, SynthProgress, SynthSpec,
};

/// Specifications (each function named `g`), the operators allowed.
const SPECS: [(&str, &str); 8] = [
    ("unsigned g(unsigned x) { for (int i = 0; i < 32; i++) if (x >> i & 1) return x ^ (1u << i); return 0; }", ""),
    ("unsigned g(unsigned x) { for (int i = 0; i < 32; i++) if (!(x >> i & 1)) return x | (1u << i); return x; }", ""),
    ("int g(int x) { if (x < 0) return -x; return x; }", ""),
    ("int g(int x, int y) { return x > y ? x : y; }", ""),
    ("unsigned g(unsigned x, unsigned y) { unsigned long s = (unsigned long)x + y; return s / 2; }", "& | ^ + - >>"),
    ("int g(int x) { if (x > 0) return 1; if (x < 0) return -1; return 0; }", ""),
    ("unsigned char g(unsigned char x) { unsigned char m = 0; for (int i = 0; i < 8; i++) { if (x >> i & 1) return m; m |= 1 << i; } return m; }", ""),
    ("unsigned long long g(unsigned long long x) { return x == 0 ? 0 : x & (~x + 1); }", "! ~ & ^ | + << >>"),
];

#[test]
fn every_program_found_agrees_with_its_specification_under_gcc() {
    gcc::require();
    let scratch = gcc::Scratch::new("synth");
    let mut rng = Rng::new(0x5417);
    for (k, (src, ops)) in SPECS.iter().enumerate() {
        let spec = SynthSpec::parse(src, None).unwrap();
        let ops = (!ops.is_empty()).then_some(*ops);
        let opts = SynthOptions {
            max_ops: 5,
            threads: 1,
            ..SynthOptions::read(ops, None, spec.ty).unwrap()
        };
        let mut go = |_: &SynthProgress| Flow::Continue;
        let r = synthesize(&spec, &opts, &mut go).unwrap();
        let found = r
            .source()
            .unwrap_or_else(|| panic!("{src}: {:?}", r.status));
        agrees_under_gcc(&scratch, &format!("s{k}"), src, &spec, &found, &mut rng);
    }
}

/// A program too long to enumerate, found by meeting in the middle (P21
/// of the Hacker's Delight collection: 8 operations, two halves of 3):
/// found, not called minimal, and gcc agrees.
#[test]
fn a_program_met_in_the_middle_agrees_under_gcc() {
    gcc::require();
    let scratch = gcc::Scratch::new("synth-meet");
    let src = "unsigned g(unsigned x) { if (x == 7) return 11; if (x == 11) return 13; return 7; }";
    let spec = SynthSpec::parse(src, None).unwrap();
    let opts = SynthOptions {
        max_ops: 8,
        threads: 2,
        ..SynthOptions::read(Some("== -x & ^ | +"), Some("7 11 13 12 10"), spec.ty).unwrap()
    };
    let mut go = |_: &SynthProgress| Flow::Continue;
    let r = synthesize(&spec, &opts, &mut go).unwrap();
    let found = r.source().unwrap_or_else(|| panic!("{:?}", r.status));
    assert_eq!(r.status, Status::Found);
    assert!(r.ops().is_some_and(|n| n <= 8 && n > r.ruled_out), "{r:?}");
    assert!(!r.minimal(), "{r:?}");
    agrees_under_gcc(&scratch, "meet", src, &spec, &found, &mut Rng::new(21));
}

/// Specs whose shortest programs are too long to enumerate, written as
/// loops: found on the catalog's tricks (the count of zero bits is the
/// catalog's popcount and one more instruction), not called minimal, and
/// gcc agrees.
#[test]
fn programs_built_on_the_catalog_agree_under_gcc() {
    gcc::require();
    let scratch = gcc::Scratch::new("synth-catalog");
    let specs = [
        ("unsigned g(unsigned x) { unsigned n = 0; for (int i = 0; i < 32; i++) if (((x >> i) & 1) == 0) n++; return n; }", "- >> & + *", "popcount-swar32"),
        ("unsigned g(unsigned x) { unsigned p = 1; for (int i = 0; i < 32; i++) p ^= (x >> i) & 1; return p; }", "^ >> & * !", "parity-mul"),
        ("unsigned g(unsigned x) { if (x == 0) return 0; unsigned p = 1; while (p != 0 && p < x) p <<= 1; return p; }", "- >> | +", "ceil-pow2-wrong"),
    ];
    for (k, (src, ops, trick)) in specs.into_iter().enumerate() {
        let spec = SynthSpec::parse(src, None).unwrap();
        let opts = SynthOptions {
            max_ops: 16,
            threads: 2,
            ..SynthOptions::read(Some(ops), None, spec.ty).unwrap()
        };
        let mut go = |_: &SynthProgress| Flow::Continue;
        let r = synthesize_finding_constants(&spec, &opts, &mut go).unwrap();
        let found = r.source().unwrap_or_else(|| panic!("{src}: {r:?}"));
        assert_eq!(r.catalog, vec![trick.to_string()], "{src}: {found}");
        assert!(!r.minimal() && r.ruled_out >= 4, "{src}: {r:?}");
        agrees_under_gcc(
            &scratch,
            &format!("c{k}"),
            src,
            &spec,
            &found,
            &mut Rng::new(k as u64),
        );
    }
}

/// `found` (a function `g`) compiled beside the specification `src`
/// and run on edge and random inputs: the two agree.
pub(crate) fn agrees_under_gcc(
    scratch: &gcc::Scratch,
    name: &str,
    src: &str,
    spec: &SynthSpec,
    found: &str,
    rng: &mut Rng,
) {
    // (the program is `g` too: renamed `f` for the pair's main)
    let program = found.replacen(" g(", " f(", 1);
    let c = format!(
        "{}\n{program}\n{src}\n{}",
        gcc::PRINT,
        gcc::main_pair(spec.params.len())
    );
    let exe = scratch.compile(name, &c);
    let mask = spec.ty.mask();
    let edges = [0, 1, mask, mask >> 1, (mask >> 1) + 1, 2, 0x80, 7, 11, 13];
    let inputs: Vec<Vec<u64>> = (0..3000)
        .map(|i| {
            spec.params
                .iter()
                .enumerate()
                .map(|(j, _)| match (i + j) % 4 {
                    0 => edges[(i / 4 + j) % edges.len()],
                    1 => rng.sparse() & mask,
                    _ => rng.next_u64() & mask,
                })
                .collect()
        })
        // (only where the spec is defined: its `assume` holds)
        .filter(|args: &Vec<u64>| spec.value(args).is_some())
        .collect();
    for (i, (f, g)) in gcc::run(&exe, &inputs).into_iter().enumerate() {
        assert_eq!(f, g, "{program} against {src} at {:x?}", inputs[i]);
    }
}
