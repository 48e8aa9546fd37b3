//! The data-lab worked example (tests/data/datalab) graded exactly as
//! planted: statuses, the kind of each reason, exit codes through the CLI;
//! every counterexample re-run on both sides by the C evaluator, inside
//! `Assume:`; op counts against hand counts; malformed sets refused at
//! their line.
#![cfg(not(target_arch = "wasm32"))]

use bitscope::lang::c::{Program, RunOptions};
use bitscope::lang::prove::c::Outcome;
use bitscope::lang::prove::{Control, NoControl};
use bitscope::practice::c_count;
use bitscope::practice::grade::{grade, Grade, Status};
use bitscope::practice::sets::{parse_set, PuzzleSet};
use std::process::Command;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab/");

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{DIR}{file}")).unwrap()
}

fn set() -> PuzzleSet {
    parse_set(&read("puzzles.c")).unwrap()
}

fn graded(student: &str) -> Grade {
    let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
    grade(
        &set(),
        &read("reference.c"),
        &read(student),
        &bitscope::practice::options(),
        &mut ctl,
    )
    .unwrap()
}

/// Each puzzle not correct: (name, status, kind, line).
fn planted(g: &Grade) -> Vec<(String, Status, String, Option<u32>)> {
    let off = g.puzzles.iter().filter(|p| p.status != Status::Correct);
    off.map(|p| (p.name.clone(), p.status, p.kind.clone(), p.line))
        .collect()
}

fn row(
    name: &str,
    status: Status,
    kind: &str,
    line: Option<u32>,
) -> (String, Status, String, Option<u32>) {
    (name.to_string(), status, kind.to_string(), line)
}

#[test]
fn the_set_is_read_with_its_rules() {
    let s = set();
    assert_eq!(s.puzzles.len(), 14);
    let fits = s.puzzles.iter().find(|p| p.name == "fitsBits").unwrap();
    assert_eq!(
        (fits.max_ops, fits.rating, fits.max_constant, fits.control),
        (15, 3, 255, false)
    );
    assert_eq!(fits.assume, ["1 <= n && n <= 32"]);
    assert_eq!(fits.signature(), "int fitsBits(int x, int n)");
    assert_eq!(fits.hints.len(), 1);
    let xnor = &s.puzzles[0];
    assert_eq!(
        (xnor.name.as_str(), xnor.legal_ops.join(" ")),
        ("bitXnor", "~ &".into())
    );
    assert_eq!(s.puzzles[1].signature(), "int evenBits(void)");
    assert_eq!(s.puzzles[2].examples.len(), 1);
}

#[test]
fn the_correct_file_earns_every_point() {
    let g = graded("student_correct.c");
    assert!(planted(&g).is_empty(), "{}", g.table());
    assert_eq!((g.score, g.max, g.exit_code()), (36, 36, 0));
}

#[test]
fn op_counts_match_hand_counts() {
    let g = graded("student_correct.c");
    let hand = [
        ("bitXnor", 7),
        ("evenBits", 4),
        ("isNotEqual", 3),
        ("sign", 4),
        ("fitsBits", 6),
        ("getByte", 3),
        ("logicalShift", 6),
        ("conditional", 7),
        ("isAsciiDigit", 9),
        ("leastBitPos", 3),
        ("rotateLeft", 10),
        ("isPower2", 10),
        ("isLessOrEqual", 13),
        ("bang", 5),
    ];
    for (name, n) in hand {
        let p = g.puzzles.iter().find(|p| p.name == name).unwrap();
        assert_eq!(p.ops, Some(n), "{name}");
    }
    // shapes the file does not have: compound assignment, ++/--, unary
    // minus, plain `=`, ?:, && and a cast
    let shapes = [
        ("int a = x; a += 3; a <<= 1; return a;", 2),
        ("int a = x; a++; --a; return a;", 2),
        ("return -x + -(-x);", 4),
        ("int a; a = x; a = a; return a;", 0),
        ("return x ? x & 1 : !x;", 3),
        ("return x && (x || 1);", 2),
        ("return (int)(unsigned)x >> 1;", 3),
    ];
    for (body, n) in shapes {
        let p = Program::parse(&format!("int f(int x) {{ {body} }}")).unwrap();
        assert_eq!(
            c_count::count(&p.functions()[0].body).ops.len(),
            n,
            "{body}"
        );
    }
}

#[test]
fn rules_are_broken_as_planted() {
    let g = graded("student_rules.c");
    let want = [
        row("bitXnor", Status::Rules, "operator", Some(7)),
        row("evenBits", Status::Rules, "constant", Some(11)),
        row("isNotEqual", Status::Rules, "ops", Some(16)),
        row("sign", Status::Rules, "control", Some(20)),
        row("getByte", Status::Rules, "macro", Some(31)),
        row("leastBitPos", Status::Rules, "cast", Some(51)),
    ];
    assert_eq!(planted(&g), want, "{}", g.table());
    let ops = g.puzzles.iter().find(|p| p.name == "isNotEqual").unwrap();
    assert!(
        ops.reason.contains("7 operators, over the limit of 6"),
        "{}",
        ops.reason
    );
    assert!(
        g.puzzles[0].reason.contains("`^`"),
        "{}",
        g.puzzles[0].reason
    );
    assert!(
        g.puzzles[1].reason.contains("0x55555555"),
        "{}",
        g.puzzles[1].reason
    );
    assert_eq!((g.score, g.exit_code()), (26, 1));
}

#[test]
fn wrong_answers_are_refuted_as_planted() {
    let g = graded("student_wrong.c");
    let want = [
        row("rotateLeft", Status::Wrong, "undefined", None),
        row("isPower2", Status::Wrong, "value", None),
        row("isLessOrEqual", Status::Wrong, "value", None),
    ];
    assert_eq!(planted(&g), want, "{}", g.table());
    let rot = g.puzzles.iter().find(|p| p.name == "rotateLeft").unwrap();
    let cx = rot.counterexample.as_ref().unwrap();
    assert_eq!(
        cx.args[1].1.get(),
        0,
        "the shift by 32 - n is undefined at n = 0 only"
    );
    assert_eq!(
        g.puzzles
            .iter()
            .find(|p| p.name == "isPower2")
            .unwrap()
            .counterexample
            .as_ref()
            .unwrap()
            .args[0]
            .1
            .get(),
        0
    );
    assert_eq!(g.exit_code(), 1);
}

#[test]
fn a_parse_error_is_one_puzzle_the_others_graded() {
    let g = graded("student_parse.c");
    assert_eq!(
        planted(&g),
        [row("getByte", Status::Error, "parse", Some(28))],
        "{}",
        g.table()
    );
    assert_eq!((g.score, g.exit_code()), (34, 2));
}

/// Each counterexample: the student's function and the reference re-run by
/// the evaluator give what the grade says, and `Assume:` allows the input.
#[test]
fn every_counterexample_is_confirmed_inside_assume() {
    let s = set();
    let reference = Program::parse(&read("reference.c")).unwrap();
    let student = Program::parse(&read("student_wrong.c")).unwrap();
    let g = graded("student_wrong.c");
    let run = |p: &Program, name: &str, args: &[bitscope::lang::c::Value]| match p.run_values(
        name,
        args,
        &RunOptions::default(),
    ) {
        Ok(r) => Outcome::Value(r.value.unwrap()),
        Err(e) if e.is_undefined() => Outcome::Undefined(e.to_string()),
        Err(e) => panic!("{name}: {e}"),
    };
    let mut seen = 0;
    for p in g.puzzles.iter().filter(|p| p.status == Status::Wrong) {
        let cx = p.counterexample.as_ref().unwrap();
        let args: Vec<_> = cx.args.iter().map(|a| a.1).collect();
        let puzzle = s.puzzles.iter().find(|q| q.name == p.name).unwrap();
        if let Some(src) = puzzle.assume_c() {
            let allowed = run(&Program::parse(&src).unwrap(), "assume", &args);
            assert!(
                matches!(allowed, Outcome::Value(v) if v.get() != 0),
                "{}: outside Assume",
                p.name
            );
        }
        let got = run(&student, &p.name, &args);
        let expected = run(&reference, &format!("test_{}", p.name), &args);
        assert_eq!(
            matches!(got, Outcome::Undefined(_)),
            matches!(cx.got, Outcome::Undefined(_)),
            "{}",
            p.name
        );
        if let (Outcome::Value(a), Outcome::Value(b)) = (&got, &cx.got) {
            assert_eq!(a.get(), b.get(), "{}", p.name);
        }
        assert_eq!(expected, cx.expected, "{}", p.name);
        assert_ne!(got, expected, "{}", p.name);
        seen += 1;
    }
    assert_eq!(seen, 3);
}

fn cli(student: &str, json: bool) -> (i32, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_bitscope"));
    cmd.args(["practice", "grade", "--puzzles"])
        .arg(format!("{DIR}puzzles.c"));
    cmd.arg("--reference")
        .arg(format!("{DIR}reference.c"))
        .arg(format!("{DIR}{student}"));
    if json {
        cmd.arg("--json");
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn the_cli_exits_as_planted() {
    for (file, code) in [
        ("student_correct.c", 0),
        ("student_rules.c", 1),
        ("student_wrong.c", 1),
        ("student_parse.c", 2),
    ] {
        let (got, out) = cli(file, false);
        assert_eq!(got, code, "{file}\n{out}");
        assert_eq!(out.lines().count(), 16, "{out}");
    }
    let (code, out) = cli("student_wrong.c", true);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["score"].as_u64(), v["max"].as_u64()),
        (Some(26), Some(36))
    );
    let le = v["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "isLessOrEqual")
        .unwrap();
    assert_eq!(
        (
            le["status"].as_str(),
            le["points"].as_u64(),
            le["rating"].as_u64()
        ),
        (Some("wrong"), Some(0), Some(3))
    );
    let cx = &le["counterexample"];
    assert!(
        cx["x"].is_i64() && cx["y"].is_i64() && cx["got"] == 0 && cx["expected"] == 1,
        "{cx}"
    );
}

#[test]
fn a_malformed_set_is_refused_at_its_line() {
    let good = read("puzzles.c");
    let no_max = good.replacen(" *   Max ops: 6\n *   Rating: 2\n", " *   Rating: 2\n", 1);
    let e = parse_set(&no_max).unwrap_err();
    assert_eq!(e.line, 38, "{e}");
    assert!(e.message.contains("`Max ops:`"), "{e}");
    let bad_op = good.replacen("Legal ops: ~ &", "Legal ops: ~ & **", 1);
    let e = parse_set(&bad_op).unwrap_err();
    assert_eq!(e.line, 17, "{e}");
    assert!(e.message.contains("`**`"), "{e}");
    let bad_assume = good.replacen("Assume: 1 <= n <= 32", "Assume: 1 <= m", 1);
    assert!(parse_set(&bad_assume)
        .unwrap_err()
        .message
        .contains("Assume"));
}
