//! The circuit against the plain evaluator, and the three answers.

use super::circuit::Circuit;
use super::*;
use crate::lang::expr::{parse, reference, Vars};

/// The circuit's word and "undefined" wire on one input.
fn simulate(src: &str, width: u32, vars: Vars) -> Result<u64, ()> {
    let e = parse(src, width).unwrap();
    let mut c = Circuit::new();
    let out = blast::blast(&mut c, &e, width);
    let words = [vars.x, vars.y, vars.z];
    let v = c.simulate(|k| words[(k / 64) as usize] >> (k % 64) & 1 == 1);
    if Circuit::value(&v, out.undefined) {
        return Err(());
    }
    Ok(out.bits.iter().enumerate().fold(0, |acc, (i, &l)| {
        acc | u64::from(Circuit::value(&v, l)) << i
    }))
}

fn check_circuit(src: &str, width: u32, vars: Vars) {
    let e = parse(src, width).unwrap();
    let want = reference::value(&e, width, vars).map_err(|_| ());
    assert_eq!(
        simulate(src, width, vars),
        want,
        "{src} at {width} on {vars:?}"
    );
}

#[test]
fn every_operator_blasts_to_the_evaluators_value() {
    let exprs = [
        "~x",
        "-x",
        "!x",
        "x * y",
        "x / y",
        "x % y",
        "x + y",
        "x - y",
        "x << y",
        "x >> y",
        "x < y",
        "x <= y",
        "x > y",
        "x >= y",
        "x == y",
        "x != y",
        "x & y",
        "x ^ y",
        "x | y",
        "x << 3",
        "x >> 7",
        "(x * 0x1d) >> 5",
        "x / 3 % 5",
        "!(x - y) + (x == y)",
    ];
    let values = [
        0u64,
        1,
        2,
        3,
        5,
        7,
        8,
        9,
        31,
        32,
        63,
        64,
        127,
        128,
        200,
        255,
        256,
        0xffff,
        u64::MAX,
        1 << 63,
    ];
    for w in [8, 16, 32, 64] {
        for src in exprs {
            for &x in &values {
                for &y in &values {
                    let m = crate::bits::word::mask(w);
                    check_circuit(
                        src,
                        w,
                        Vars {
                            x: x & m,
                            y: y & m,
                            z: 0,
                        },
                    );
                }
            }
        }
    }
}

#[test]
fn exhaustive_when_the_occurring_variables_span_at_most_2_24() {
    let v = prove("x & (x - 1)", "x ^ (x & -x)", 16).unwrap();
    assert_eq!(
        (v.equal, v.method, v.agreeing),
        (Some(true), Method::Exhaustive, 1 << 16)
    );
    let v = prove("(x + y) ^ z", "z ^ (y + x)", 8).unwrap();
    assert_eq!(
        (v.equal, v.method, v.agreeing),
        (Some(true), Method::Exhaustive, 1 << 24)
    );
    assert_eq!(v.variables, ["x", "y", "z"]);
    // Two 16-bit variables are 2^32 inputs: the solver.
    let v = prove("x + y", "y + x", 16).unwrap();
    assert_eq!((v.equal, v.method), (Some(true), Method::Sat));
}

#[test]
fn typical_64_bit_identities_are_proven_by_the_solver() {
    let pairs = [
        ("x + y", "(x ^ y) + ((x & y) << 1)", 64),
        ("x & -x", "x & ~(x - 1)", 64),
        (
            "((x & 0x77777777) + (y & 0x77777777)) ^ ((x ^ y) & 0x88888888)",
            "(((x & 0xf) + (y & 0xf)) & 0xf) | (((x & 0xf0) + (y & 0xf0)) & 0xf0) | (((x & 0xf00) + (y & 0xf00)) & 0xf00) | (((x & 0xf000) + (y & 0xf000)) & 0xf000) | (((x & 0xf0000) + (y & 0xf0000)) & 0xf0000) | (((x & 0xf00000) + (y & 0xf00000)) & 0xf00000) | (((x & 0xf000000) + (y & 0xf000000)) & 0xf000000) | (((x & 0xf0000000) + (y & 0xf0000000)) & 0xf0000000)",
            32,
        ),
        ("x - y", "x + ~y + 1", 64),
        ("x << y", "x * (1 << y)", 32),
        ("x / 4", "x >> 2", 32),
        ("x % 8", "x & 7", 64),
    ];
    for (a, b, w) in pairs {
        let v = prove(a, b, w).unwrap();
        assert_eq!(
            (v.equal, v.method),
            (Some(true), Method::Sat),
            "{a} vs {b} at {w}"
        );
    }
}

#[test]
fn counterexamples_are_real() {
    let pairs = [
        ("x + y", "x | y", 64),
        ("x & -x", "x & (x - 1)", 64),
        ("x >> y", "0", 32), // undefined at y >= 32 on one side only
        ("x / y", "x", 8),   // exhaustive
        ("x * y", "x * y + (x == 0x123456789)", 64),
        ("x < y", "y > x + (z == 77)", 64),
    ];
    for (a, b, w) in pairs {
        let v = prove(a, b, w).unwrap();
        assert_eq!(v.equal, Some(false), "{a} vs {b}");
        let c = v.counterexample.unwrap();
        let (ta, tb) = (parse(a, w).unwrap(), parse(b, w).unwrap());
        let (l, r) = (side(&ta, w, c.vars()), side(&tb, w, c.vars()));
        assert!(!agree(&l, &r), "{a} vs {b}: {c:?}");
        assert_eq!((l, r), (c.left, c.right));
    }
}

#[test]
fn undefined_agrees_only_with_undefined() {
    let v = prove("(x / y) * y + x % y", "x + 0 * (x / y)", 8).unwrap();
    assert_eq!(v.equal, Some(true));
    let v = prove("(x / y) * y + x % y", "x", 8).unwrap();
    let c = v.counterexample.unwrap();
    assert_eq!(c.y, 0);
    assert!(matches!(c.left, Side::Undefined(_)));
}

#[test]
fn a_spent_budget_is_not_a_proof() {
    let opts = Options {
        sat_steps: 2000,
        samples: 5000,
        ..Options::default()
    };
    let v = prove_with("x * y", "y * x", 64, &opts, &mut NoControl).unwrap();
    assert_eq!(
        (v.equal, v.method, v.agreeing),
        (None, Method::Sampled, 5000)
    );
    assert!(v
        .not_proven
        .unwrap()
        .contains("5000 random and edge inputs agree"));
}

#[test]
fn cancel_stops_and_parse_errors_keep_their_side_and_column() {
    struct Cancel;
    impl Control for Cancel {
        fn check(&mut self, _: Progress) -> Flow {
            Flow::Cancel
        }
    }
    let r = prove_with("x * y", "y * x", 64, &Options::default(), &mut Cancel);
    assert_eq!(r, Err(ProveError::Cancelled));
    let r = prove_with(
        "(x ^ y) ^ z",
        "z ^ y ^ x",
        8,
        &Options::default(),
        &mut Cancel,
    );
    assert_eq!(r, Err(ProveError::Cancelled));
    match prove("x + 1", "x +* 2", 8) {
        Err(ProveError::Parse {
            which: Which::Right,
            error,
        }) => assert_eq!(error.column(), 4),
        other => panic!("{other:?}"),
    }
}

// proptest is a native-only dev-dependency.
#[cfg(not(target_arch = "wasm32"))]
mod proptests {
    use super::*;
    use proptest::prelude::*;
    use proptest::sample::select;

    /// A random expression, fully parenthesized.
    fn expr() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            select(vec!["x", "y", "z"]).prop_map(str::to_string),
            prop_oneof![0u64..=9, Just(255u64), 0u64..=70].prop_map(|v| v.to_string()),
        ];
        leaf.prop_recursive(5, 24, 2, |inner| {
            prop_oneof![
                (select(vec!["~", "-", "!"]), inner.clone()).prop_map(|(o, a)| format!("{o}({a})")),
                (
                    inner.clone(),
                    select(vec![
                        "*", "/", "%", "+", "-", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "&",
                        "^", "|"
                    ]),
                    inner
                )
                    .prop_map(|(a, o, b)| format!("({a} {o} {b})")),
            ]
        })
    }

    fn word() -> impl Strategy<Value = u64> {
        prop_oneof![
            0u64..70,
            any::<u64>(),
            (0u32..64).prop_map(|k| 1u64 << k),
            Just(u64::MAX)
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        #[test]
        fn the_circuit_agrees_with_the_reference(
            src in expr(),
            width in select(vec![8u32, 16, 32, 64]),
            (x, y, z) in (word(), word(), word()),
        ) {
            let m = crate::bits::word::mask(width);
            check_circuit(&src, width, Vars { x: x & m, y: y & m, z: z & m });
        }
    }
}
