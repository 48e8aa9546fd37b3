//! `lang::prove` from outside: random pairs equal by construction are never
//! reported unequal; random mutants are never reported equal unless every
//! input agrees; and the CLI's `prove` and `practice` verdicts, JSON and
//! exit codes.
#![cfg(not(target_arch = "wasm32"))]

use bitscope::lang::expr::{parse, reference, BinOp, Expr, ExprKind, UnOp, Vars};
use bitscope::lang::prove::{prove_with, Method, Mode, NoControl, Options, Side};
use proptest::prelude::*;
use proptest::sample::select;
use std::process::{Command, Output};

/// Fully parenthesized source of a tree.
fn print(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Lit(v) => v.to_string(),
        ExprKind::Var(v) => v.name().to_string(),
        ExprKind::Unary(op, a) => format!("{}({})", op.symbol(), print(a)),
        ExprKind::Binary(op, a, b) => format!("({} {} {})", print(a), op.symbol(), print(b)),
    }
}

/// An identity rewrite of the top operator, chosen by `k` (none fits: as is).
fn rewrite(e: &Expr, k: u32) -> String {
    match &e.kind {
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (rewrite(a, k / 3), rewrite(b, k / 5));
            match (op, k % 2) {
                (BinOp::Add, 0) => format!("(({a} ^ {b}) + (({a} & {b}) << 1))"),
                (BinOp::Add, _) => format!("({b} + {a})"),
                (BinOp::Sub, _) => format!("({a} + (~{b} + 1))"),
                (BinOp::And, 0) => format!("~(~{a} | ~{b})"),
                (BinOp::And, _) => format!("({b} & {a})"),
                (BinOp::Or, 0) => format!("(({a} ^ {b}) ^ ({a} & {b}))"),
                (BinOp::Or, _) => format!("~(~{a} & ~{b})"),
                (BinOp::Xor, 0) => format!("(({a} | {b}) & ~({a} & {b}))"),
                (BinOp::Xor, _) => format!("(({a} | {b}) - ({a} & {b}))"),
                (BinOp::Mul, _) => format!("({b} * {a})"),
                (BinOp::Lt, _) => format!("({b} > {a})"),
                (BinOp::Le, _) => format!("!({b} < {a})"),
                (BinOp::Eq, _) => format!("!({a} != {b})"),
                (BinOp::Ne, _) => format!("({b} != {a})"),
                (op, _) => format!("({a} {} {b})", op.symbol()),
            }
        }
        ExprKind::Unary(UnOp::Neg, a) => format!("(~{} + 1)", rewrite(a, k / 2)),
        ExprKind::Unary(UnOp::Not, a) => format!("(-{} - 1)", rewrite(a, k / 2)),
        ExprKind::Unary(UnOp::LogicalNot, a) => format!("({} == 0)", rewrite(a, k / 2)),
        ExprKind::Lit(_) | ExprKind::Var(_) => print(e),
    }
}

/// A random expression over the given variables, fully parenthesized.
fn expr(vars: Vec<&'static str>, ops: Vec<&'static str>) -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        select(vars).prop_map(str::to_string),
        prop_oneof![0u64..=9, Just(255u64)].prop_map(|v| v.to_string()),
    ];
    leaf.prop_recursive(4, 16, 2, move |inner| {
        prop_oneof![
            (select(vec!["~", "-", "!"]), inner.clone()).prop_map(|(o, a)| format!("{o}({a})")),
            (inner.clone(), select(ops.clone()), inner)
                .prop_map(|(a, o, b)| format!("({a} {o} {b})")),
        ]
    })
}

const ALL_OPS: [&str; 16] = [
    "*", "/", "%", "+", "-", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "&", "^", "|",
];

/// Changes the `k`-th operator (in tree order, mod their number) into another.
fn mutate(e: &Expr, k: usize, other: BinOp) -> Expr {
    fn walk(e: &Expr, k: &mut usize, other: BinOp) -> Expr {
        let kind = match &e.kind {
            ExprKind::Binary(op, a, b) => {
                let hit = *k == 0;
                *k = k.wrapping_sub(1);
                let (a, b) = (walk(a, k, other), walk(b, k, other));
                ExprKind::Binary(if hit { other } else { *op }, Box::new(a), Box::new(b))
            }
            ExprKind::Unary(op, a) => ExprKind::Unary(*op, Box::new(walk(a, k, other))),
            leaf => leaf.clone(),
        };
        Expr { kind, ..e.clone() }
    }
    let mut k = k;
    walk(e, &mut k, other)
}

fn agree_everywhere_8_bits(a: &Expr, b: &Expr) -> bool {
    (0..=0xffffu64).all(|i| {
        let v = Vars {
            x: i & 0xff,
            y: i >> 8,
            z: 0,
        };
        match (reference::value(a, 8, v), reference::value(b, 8, v)) {
            (Ok(p), Ok(q)) => p == q,
            (Err(_), Err(_)) => true,
            _ => false,
        }
    })
}

fn quick() -> Options {
    Options {
        sat_steps: 200_000,
        samples: 4096,
        ..Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn equal_by_construction_is_never_unequal(
        src in expr(vec!["x", "y", "z"], ALL_OPS.to_vec()),
        width in select(vec![8u32, 16, 32, 64]),
        k in any::<u32>(),
    ) {
        let tree = parse(&src, width).unwrap();
        let rewritten = rewrite(&tree, k);
        // (a tenth of quick()'s solver steps: a random 64-bit product can
        // spend 30 s in 200,000 steps, and giving up is allowed here)
        let opts = Options { sat_steps: 20_000, ..quick() };
        let v = prove_with(&src, &rewritten, width, &opts, &mut NoControl).unwrap();
        prop_assert_ne!(v.equal, Some(false), "{} vs {} at {}: {:?}", src, rewritten, width, v.counterexample);
    }

    #[test]
    fn mutants_are_equal_only_when_every_input_agrees(
        src in expr(vec!["x", "y"], ALL_OPS.to_vec()),
        k in 0usize..8,
        other in select(BinOp::ALL.to_vec()),
    ) {
        // Two 8-bit variables, sent to the solver (not tried input by input),
        // then checked input by input here.
        let tree = parse(&src, 8).unwrap();
        let mutant = mutate(&tree, k, other);
        let opts = Options { exhaustive_bits: 0, ..quick() };
        let v = prove_with(&src, &print(&mutant), 8, &opts, &mut NoControl).unwrap();
        let truth = agree_everywhere_8_bits(&tree, &mutant);
        match v.equal {
            Some(true) => prop_assert!(truth, "{} vs {}: proven equal", src, print(&mutant)),
            Some(false) => prop_assert!(!truth, "{} vs {}: {:?}", src, print(&mutant), v.counterexample),
            None => {}
        }
    }
}

#[test]
fn refines_ignores_inputs_where_the_right_side_is_undefined() {
    let opts = Options {
        mode: Mode::Refines,
        ..Options::default()
    };
    let v = prove_with("x", "x / x * x", 32, &opts, &mut NoControl).unwrap();
    assert_eq!(v.equal, Some(true));
    let v = prove_with("x / x * x", "x", 32, &opts, &mut NoControl).unwrap();
    assert_eq!(v.equal, Some(false));
    // y << 2 wraps to a small shift for y = 2^62, where x >> y is undefined.
    let v = prove_with(
        "(x >> (y << 2)) & 15 | (x >> y) & 0",
        "(x >> (y << 2)) & 15",
        64,
        &opts,
        &mut NoControl,
    )
    .unwrap();
    let c = v.counterexample.unwrap();
    assert!(
        matches!(c.left, Side::Undefined(_)) && matches!(c.right, Side::Word(_)),
        "{c:?}"
    );
    assert_eq!(v.method, Method::Sampled); // found by the edge values before the solver
}

fn bitscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitscope"))
        .args(args)
        .output()
        .expect("bitscope runs")
}

fn json(out: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[test]
fn cli_prove_verdicts_and_exit_codes() {
    let out = bitscope(&[
        "prove",
        "x + y",
        "(x ^ y) + ((x & y) << 1)",
        "--width",
        "64",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let j = json(&out);
    assert_eq!(
        (j["equal"].as_bool(), j["method"].as_str()),
        (Some(true), Some("sat"))
    );
    assert!(j["counterexample"].is_null() && j["seconds"].as_f64().is_some());

    let out = bitscope(&["prove", "x ^ y", "z ^ y ^ x", "--width", "8", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let j = json(&out);
    assert_eq!(j["equal"], false);
    let c = &j["counterexample"];
    let hex =
        |k: &str| u64::from_str_radix(c[k].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
    assert_eq!(c["x"].as_str().unwrap().len(), 4, "8 bits: two hex digits");
    let v = Vars {
        x: hex("x"),
        y: hex("y"),
        z: hex("z"),
    };
    let l = reference::value(&parse("x ^ y", 8).unwrap(), 8, v).unwrap();
    let r = reference::value(&parse("z ^ y ^ x", 8).unwrap(), 8, v).unwrap();
    assert_ne!(l, r);
    assert_eq!(j["left"], format!("0x{l:02x}"));
    assert_eq!(j["right"], format!("0x{r:02x}"));

    let out = bitscope(&[
        "prove",
        "x * y",
        "y * x",
        "--width",
        "64",
        "--seconds",
        "0.2",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(3));
    let j = json(&out);
    assert!(j["equal"].is_null());
    assert_eq!(j["method"], "sampled");
    assert!(j["agreeing"].as_u64().unwrap() > 1000);

    let out = bitscope(&["prove", "x + 1", "x +* 2", "--width", "8"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("second expression: column 4") && err.contains("  x +* 2\n     ^"),
        "{err}"
    );
}

#[test]
fn cli_practice_list_and_check() {
    let out = bitscope(&["practice", "list", "--json"]);
    assert!(out.status.success());
    let list = json(&out);
    let all = list.as_array().unwrap();
    assert!(all.len() >= 24);
    for key in [
        "id",
        "panel",
        "title",
        "widths",
        "operators",
        "max_ops",
        "max_constant",
    ] {
        assert!(all.iter().all(|e| e.get(key).is_some()), "{key}");
    }

    let out = bitscope(&[
        "practice",
        "check",
        "lowest-bit-clear",
        "x ^ (x & -x)",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let j = json(&out);
    assert_eq!(
        (
            j["solved"].as_bool(),
            j["ops"].as_u64(),
            j["best_ops"].as_u64()
        ),
        (Some(true), Some(3), Some(2))
    );
    assert_eq!(j["method"], "sat"); // the widest width, 64 bits

    let out = bitscope(&[
        "practice",
        "check",
        "lowest-bit-clear",
        "x & (x + 1)",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let j = json(&out);
    assert_eq!(j["solved"], false);
    assert_eq!(j["counterexample"]["width"], 8);
    assert_ne!(j["counterexample"]["got"], j["counterexample"]["expected"]);

    let out = bitscope(&[
        "practice",
        "check",
        "negate-without-minus",
        "0 - x",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let j = json(&out);
    assert_eq!(j["refused"]["column"], 3);
    assert_eq!(j["refused"]["rule"]["Operator"]["op"], "-");

    assert_eq!(
        bitscope(&["practice", "check", "no-such", "x"])
            .status
            .code(),
        Some(2)
    );
    let out = bitscope(&["practice", "check", "lowest-bit-clear", "x & (x - "]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("^"));
}
