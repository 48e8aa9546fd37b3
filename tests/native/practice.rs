//! Every exercise: its data is sound, its reference and every alternative
//! are accepted (proven equal), and three wrong answers each get a
//! counterexample that the plain evaluator confirms; the rules refuse at the
//! right column.

use bitscope::lang::expr::{parse, WIDTHS};
use bitscope::lang::prove::{agree_in, side, Method, Mode, Side};
use bitscope::practice::{self, all_symbols, c_answer, check_answer, count_ops, Rule};
use bitscope::ui::route::Panel;
use std::collections::HashSet;

/// Three wrong answers per exercise, all within the exercise's rules.
/// What a C exercise may allow beyond the expression operators.
const C_ONLY: &[&str] = &["&&", "||", "?:", "if", "while", "for"];

const WRONG: &[(&str, [&str; 3])] = &[
    ("lowest-bit-isolate", ["x & (x - 1)", "x | -x", "x ^ -x"]),
    ("lowest-bit-clear", ["x & (x + 1)", "x - 1", "x & -x"]),
    ("lowest-bit-mask", ["x | (x - 1)", "x ^ (x + 1)", "(x & -x) - 1"]),
    ("power-of-two", ["!(x & (x - 1))", "(x & -x) == x", "x & (x - 1) == 0"]),
    ("smear-right", ["x | x >> 1", "x | x >> 1 | x >> 2 | x >> 4", "x | x << 1 | x << 2"]),
    (
        "round-up-power-of-two",
        [
            "(x | x >> 1 | x >> 2 | x >> 3 | x >> 4 | x >> 5 | x >> 6 | x >> 7) + 1",
            "x",
            "((x - 1) | (x - 1) >> 1 | (x - 1) >> 2) + 1",
        ],
    ),
    (
        "gosper",
        [
            "(((x + (x & -x)) ^ x) >> 1) / (x & -x) | (x + (x & -x))",
            "x + (x & -x)",
            "(((x + (x & -x)) ^ x) / (x & -x)) | (x + (x & -x))",
        ],
    ),
    ("nibble-sign-extend", ["x & 15", "(x & 15) - 8", "(x ^ 8) - 8"]),
    ("negate-without-minus", ["~x", "x ^ ~0", "~(x + 1)"]),
    ("abs", ["x ^ -(x >> 31)", "(x ^ (x >> 31)) + (x >> 31)", "(x ^ -(x >> 31)) + 1"]),
    ("min", ["y ^ ((x ^ y) & -(x > y))", "x & y", "y ^ ((x ^ y) & (x < y))"]),
    ("max", ["x | y", "x ^ ((x ^ y) & -(x > y))", "x ^ ((x ^ y) & (x < y))"]),
    (
        "swar-add-nibbles",
        [
            "x + y",
            "((x & 0x77777777) + (y & 0x77777777)) | ((x ^ y) & 0x88888888)",
            "(x & 0x77777777) + (y & 0x77777777)",
        ],
    ),
    (
        "swar-sub-nibbles",
        [
            "x - y",
            "((x | 0x88888888) - (y & 0x77777777)) ^ ((x ^ y) & 0x88888888)",
            "(x | 0x88888888) - (y & 0x77777777)",
        ],
    ),
    ("average-bytes", ["(x + y) >> 1", "(x >> 1) + (y >> 1)", "(x & y) + (x ^ y) >> 1"]),
    (
        "average-lanes",
        [
            "(x & y) + ((x ^ y) >> 1)",
            "((x + y) >> 1) & 0x7f7f7f7f",
            "(x & y) + (((x ^ y) >> 1) & 0x7f7f7f7e)",
        ],
    ),
    (
        "has-zero-byte",
        [
            "((x - 0x01010101) & 0x80808080) != 0",
            "(x & 0x80808080) != 0",
            "((x - 0x01010101) & ~x & 0x80808080) == 0",
        ],
    ),
    ("popcount-byte", ["(x & 0x55) + ((x >> 1) & 0x55)", "x - (x >> 1) - (x >> 2) - (x >> 3)", "x & 15"]),
    ("parity-byte", ["(x ^ x >> 4) & 1", "x & 1", "(x ^ x >> 1 ^ x >> 2 ^ x >> 3) & 1"]),
    ("swap-nibbles", ["x << 4", "(x << 4) | (x >> 3)", "(x >> 4) & 15"]),
    ("nibble-of-square", ["(x >> y) & 15", "(x >> (y << 2)) & 7", "(x >> (y << 3)) & 15"]),
    ("debruijn-hash", ["(x * 0x1d) >> 5", "((x & -x) * 0x1d) >> 4", "((x & -x) * 0x1b) >> 5"]),
    (
        "magic-index",
        [
            "(x * 0x0080001020400080) >> 52",
            "((x & 0x000101010101017e) * 0x0080001020400080) >> 51",
            "((x | 0x000101010101017e) * 0x0080001020400080) >> 52",
        ],
    ),
    ("east-one", ["x << 1", "(x << 1) & 0x7f7f7f7f7f7f7f7f", "(x >> 1) & 0x7f7f7f7f7f7f7f7f"]),
    ("west-one", ["x >> 1", "(x >> 1) & 0xfefefefefefefefe", "(x << 1) & 0xfefefefefefefefe"]),
    (
        "king-attacks",
        [
            "x << 8 | x >> 8 | x << 1 | x >> 1",
            "x << 8 | x >> 8 | (x << 1) & 0xfefefefefefefefe | (x >> 1) & 0x7f7f7f7f7f7f7f7f",
            "x << 8 | x >> 8 | (x << 1 | x << 9 | x >> 7) | (x >> 1 | x >> 9 | x << 7)",
        ],
    ),
    (
        "knight-attacks",
        [
            "x << 17 | x >> 15 | x << 15 | x >> 17 | x << 10 | x >> 6 | x << 6 | x >> 10",
            "(x << 17 | x >> 15) & 0xfefefefefefefefe | (x << 15 | x >> 17) & 0x7f7f7f7f7f7f7f7f",
            "(x << 17 | x >> 15) & 0x7f7f7f7f7f7f7f7f | (x << 15 | x >> 17) & 0xfefefefefefefefe | (x << 10 | x >> 6) & 0x3f3f3f3f3f3f3f3f | (x << 6 | x >> 10) & 0xfcfcfcfcfcfcfcfc",
        ],
    ),
    ("double-push", ["(x << 16) & ~y", "((x & 0xff00) << 16) & ~y", "(((x << 8) & ~y) << 8) & ~y"]),
    (
        "trit-of-square",
        ["((x >> z) & 1) + ((y >> z) & 1)", "((x | y) >> z) & 3", "(x >> z & 1) + 2 * (y >> z)"],
    ),
    ("quad-sliders", ["x | y | z", "(y ^ z) & x", "(y | z) & (x | z)"]),
    ("gpu-north-half", ["y << 8", "(y << 8) | (x >> 8)", "(y << 8) | (x << 24)"]),
    ("binary16-minus-three-quarters", ["0xbc00", "0x3a00", "0xb600"]),
    ("ulp-of-1024", ["0x3a000000", "0x35000000", "1 << 13"]),
    ("float-abs-bits", ["x ^ 0x80000000", "x >> 1", "x & 0x7f800000"]),
    ("float-to-bfloat16", ["x >> 16", "(x + 0x8000) >> 16", "(x + 0x7fff) >> 16"]),
    (
        "float-abs-val",
        ["x & 0x7fffffff", "x & (0x7fffffff | (((x & 0x7fffffff) >= 0x7f800000) << 31))", "x ^ 0x80000000"],
    ),
    (
        "float-negate",
        ["x ^ 0x80000000", "x ^ (((x & 0x7fffffff) < 0x7f800000) << 31)", "0 - x"],
    ),
    (
        "float-is-equal",
        ["x == y", "(x == y) | (((x | y) << 1) == 0)", "((x == y) & ((x << 1) <= 0xff000000)) | ((x | y) == 0)"],
    ),
    (
        "float-is-less",
        ["x < y", "(x < y) & ((x << 1) <= 0xff000000)", "((x >> 31) > (y >> 31)) | (x < y)"],
    ),
    (
        "float-scale2",
        [
            // exponent 0xfe: 2f overflows, this gives a NaN
            "unsigned f(unsigned uf) { unsigned e = (uf >> 23) & 0xff; if (e == 0xff) return uf; if (e == 0) return (uf & 0x80000000) | (uf << 1); return uf + 0x800000; }",
            // the denormal case: the sign shifted out
            "unsigned f(unsigned uf) { unsigned e = (uf >> 23) & 0xff; if (e == 0xff) return uf; if (e == 0) return uf << 1; if (e == 0xfe) return (uf & 0x80000000) | 0x7f800000; return uf + 0x800000; }",
            // a denormal taken for a normal
            "unsigned f(unsigned uf) { if (((uf >> 23) & 0xff) == 0xff) return uf; return uf + 0x800000; }",
        ],
    ),
    (
        "float-float2int",
        [
            "int f(unsigned uf) { int e = ((uf >> 23) & 0xff) - 127; unsigned m = (uf & 0x7fffff) | 0x800000; int v; if (e < 0) return 0; if (e > 31) return 0x80000000; if (e > 23) v = m << (e - 23); else v = m >> (23 - e); if (uf >> 31) v = -v; return v; }",
            "int f(unsigned uf) { int e = ((uf >> 23) & 0xff) - 127; unsigned m = (uf & 0x7fffff) | 0x800000; if (e < 0) return 0; if (e > 30) return 0x80000000; if (e > 23) return m << (e - 23); return m >> (23 - e); }",
            "int f(unsigned uf) { int e = ((uf >> 23) & 0xff) - 127; unsigned m = uf & 0x7fffff; int v; if (e < 0) return 0; if (e > 30) return 0x80000000; if (e > 23) v = m << (e - 23); else v = m >> (23 - e); if (uf >> 31) v = -v; return v; }",
        ],
    ),
    (
        "float-power2",
        [
            // no subnormals
            "unsigned f(int x) { if (x > 127) return 0x7f800000; if (x >= -126) return (x + 127) << 23; return 0; }",
            "unsigned f(int x) { if (x > 129) return 0x7f800000; if (x >= -126) return (x + 127) << 23; if (x >= -149) return 1 << (x + 149); return 0; }",
            "unsigned f(int x) { if (x > 127) return 0x7f800000; if (x >= -126) return (x + 127) << 23; if (x >= -149) return 1 << (x + 148); return 0; }",
        ],
    ),
    (
        "float-int2float",
        [
            // truncated, not rounded
            "unsigned f(int x) { unsigned sign = x & 0x80000000, a = x, e = 31; if (!x) return 0; if (sign) a = -x; while (!(a >> e)) e = e - 1; a = a << (31 - e); return sign + ((e + 126) << 23) + (a >> 8); }",
            // a tie rounded up, not to even
            "unsigned f(int x) { unsigned sign = x & 0x80000000, a = x, e = 31; if (!x) return 0; if (sign) a = -x; while (!(a >> e)) e = e - 1; a = a << (31 - e); return sign + ((e + 126) << 23) + (a >> 8) + ((a & 0xff) >= 0x80); }",
            // a tie rounded down, always
            "unsigned f(int x) { unsigned sign = x & 0x80000000, a = x, e = 31; if (!x) return 0; if (sign) a = -x; while (!(a >> e)) e = e - 1; a = a << (31 - e); return sign + ((e + 126) << 23) + (a >> 8) + ((a & 0xff) > 0x80); }",
        ],
    ),
    ("swap-adjacent-bits", ["x >> 1 | x << 1", "(x >> 1 & 0xaa) | (x << 1 & 0x55)", "x ^ 0xff"]),
    ("divisible-by-three", ["x * 0xab < 0x55", "x * 0x55 <= 0xab", "x * 3 <= 0x55"]),
    ("gray-code", ["x ^ x >> 2", "x & x >> 1", "x - (x >> 1)"]),
    ("clear-lowest-run", ["x & (x - 1)", "x & (x + 1)", "x & (x + (x | -x))"]),
];

#[test]
fn the_exercises_are_sound() {
    let mut failures = Vec::new();
    let all = practice::exercises();
    assert!(all.len() >= 24, "{} exercises", all.len());
    let ids: HashSet<_> = all.iter().map(|e| e.id).collect();
    assert_eq!(ids.len(), all.len(), "ids are unique");
    let symbols = all_symbols();
    for e in &all {
        assert!(
            Panel::ALL.iter().any(|p| p.slug() == e.panel),
            "{}: panel {}",
            e.id,
            e.panel
        );
        assert!(
            !e.widths.is_empty() && e.widths.iter().all(|w| WIDTHS.contains(w)),
            "{}",
            e.id
        );
        assert!(
            e.operators
                .iter()
                .all(|o| symbols.contains(o) || e.c_signature.is_some() && C_ONLY.contains(o)),
            "{}: {:?}",
            e.id,
            e.operators
        );
        assert!(
            (1..=3).contains(&e.hints.len()),
            "{}: {} hints",
            e.id,
            e.hints.len()
        );
        assert!(e.alternatives.len() >= 2, "{}: two other shapes", e.id);
        // a float puzzle's reference computes in float: its alternatives count
        let skip = usize::from(c_answer::computes_in_c(e));
        let counts: Vec<usize> = std::iter::once(e.reference)
            .chain(e.alternatives.iter().copied())
            .skip(skip)
            .map(|src| match e.c_signature {
                Some(_) if src.contains('{') => check_answer(e, src).unwrap().ops,
                _ => count_ops(&parse(src, e.widths[0]).unwrap()),
            })
            .collect();
        if e.best_ops != *counts.iter().min().unwrap() || counts.iter().any(|&c| c > e.max_ops) {
            failures.push(format!(
                "{}: ops {counts:?}, best {}, budget {}",
                e.id, e.best_ops, e.max_ops
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // every panel's trick but Practice's own (it holds them all)
    for p in Panel::ALL.iter().filter(|&&p| p != Panel::Practice) {
        assert!(
            !practice::for_panel(p.slug()).is_empty(),
            "no exercise for {}",
            p.slug()
        );
    }
}

#[test]
fn the_reference_and_every_alternative_are_accepted() {
    let mut failures = Vec::new();
    for e in practice::exercises() {
        let shapes: HashSet<String> = e.alternatives.iter().map(|s| s.replace(' ', "")).collect();
        assert_eq!(shapes.len(), e.alternatives.len(), "{}", e.id);
        if c_answer::computes_in_c(e) {
            // the float reference is no answer: the puzzles take integer code
            let r = check_answer(e, e.reference).unwrap();
            let refused = r.refused.map(|f| f.message).unwrap_or_default();
            assert!(refused.contains("integer code only"), "{}: {refused}", e.id);
        }
        let skip = usize::from(c_answer::computes_in_c(e));
        for answer in std::iter::once(e.reference)
            .chain(e.alternatives.iter().copied())
            .skip(skip)
        {
            let r = check_answer(e, answer).unwrap();
            if !r.solved
                || r.proofs.len() != e.widths.len()
                || r.proofs.iter().any(|p| p.1 == Method::Sampled)
            {
                failures.push(format!("{}: {answer}: {r:?}", e.id));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What `source` (a whole C function, or an expression in the function
/// `sig`) gives on `args` (as many as it takes).
fn c_side(sig: &str, source: &str, args: &[u64]) -> Side {
    use bitscope::lang::c::{Program, RunOptions};
    let source = if source.contains('{') {
        source.to_string()
    } else {
        format!("{sig} {{ return {source}; }}")
    };
    let p = Program::parse(&source).unwrap();
    let f = p.entry(None).unwrap().clone();
    match p.run(&f.name, &args[..f.params.len()], &RunOptions::default()) {
        Ok(r) => Side::Word(r.value.unwrap().bits),
        Err(e) => Side::Undefined(e.to_string()),
    }
}

#[test]
fn three_wrong_answers_each_get_a_confirmed_counterexample() {
    let ids: HashSet<_> = WRONG.iter().map(|(id, _)| *id).collect();
    for e in practice::exercises() {
        assert!(ids.contains(e.id), "no wrong answers listed for {}", e.id);
    }
    for (id, answers) in WRONG {
        let e = practice::exercise(id).unwrap();
        for answer in answers {
            let r = check_answer(e, answer).unwrap();
            assert!(
                r.refused.is_none(),
                "{id}: {answer} breaks a rule: {:?}",
                r.refused
            );
            assert!(!r.solved, "{id}: {answer} accepted");
            let c = r
                .counterexample
                .clone()
                .unwrap_or_else(|| panic!("{id}: {answer}: {r:?}"));
            let vars = bitscope::lang::expr::Vars {
                x: c.x,
                y: c.y,
                z: c.z,
            };
            let (got, expected) = match e.c_signature {
                // a C-typed exercise: both sides in C's semantics
                Some(sig) => (
                    c_side(sig, answer, &[c.x, c.y, c.z]),
                    c_side(sig, &c_answer::reference_program(e, sig), &[c.x, c.y, c.z]),
                ),
                None => (
                    side(&parse(answer, c.width).unwrap(), c.width, vars),
                    side(&parse(e.reference, c.width).unwrap(), c.width, vars),
                ),
            };
            assert_eq!((&got, &expected), (&c.got, &c.expected), "{id}: {answer}");
            assert!(
                !agree_in(Mode::Refines, &got, &expected),
                "{id}: {answer}: {got:?} {expected:?}"
            );
        }
    }
}

#[test]
fn rules_refuse_at_their_column() {
    let e = practice::exercise("negate-without-minus").unwrap();
    let r = check_answer(e, "~x + 0 - x - x").unwrap();
    let f = r.refused.unwrap();
    assert_eq!(f.rule, Rule::Operator { op: "-".into() });
    assert_eq!(f.column, 8);
    let r = check_answer(e, "-x").unwrap();
    assert_eq!(r.refused.unwrap().rule, Rule::Operator { op: "-x".into() });
    // Five operators against a budget of four: refused at the fifth.
    let r = check_answer(e, "~~~~~x").unwrap();
    let f = r.refused.unwrap();
    assert_eq!(f.rule, Rule::Budget { ops: 5, max_ops: 4 });
    assert_eq!(f.column, 5);
    assert!(!r.solved && r.counterexample.is_none());
    let e = practice::exercise("nibble-sign-extend").unwrap();
    let r = check_answer(e, "((x & 15) ^ 8) - 16 + 8").unwrap();
    let f = r.refused.unwrap();
    assert_eq!(
        f.rule,
        Rule::Constant {
            value: 16,
            max_constant: 15
        }
    );
    assert_eq!(f.column, 18);
    // A parse error is not a verdict.
    let err = check_answer(e, "x & (15").unwrap_err();
    assert_eq!(err.column(), Some(8));
    // A literal too wide for the narrowest width is a parse error there.
    let err = check_answer(e, "x & 0x1ff").unwrap_err();
    assert!(err.to_string().starts_with("at 8 bits"), "{err}");
}
