//! A data lab of fourteen puzzles, seven of them float puzzles
//! (tests/data/datalab_mixed: CS:APP's blocks and a tests.c that computes
//! the float references in `float` through a union, as handed out). A
//! student who solved all fourteen gets every point, each proven; a
//! student with the classic float mistakes (exponent 0xFE, a NaN's sign,
//! -0 < +0, truncation in floatInt2Float, ...) is refuted on each, at a
//! counterexample that gcc reproduces with the student's code and
//! tests.c's own float code.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gcc;
use bitscope::lang::prove::c::Outcome;
use bitscope::lang::prove::{Control, NoControl};
use bitscope::practice::grade::{grade, Grade, Status};
use bitscope::practice::sets::parse_set;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab_mixed/");

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{DIR}{file}")).unwrap()
}

fn graded(student: &str) -> Grade {
    let set = parse_set(&read("puzzles.c")).unwrap();
    let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
    let opts = bitscope::practice::options();
    grade(&set, &read("tests.c"), &read(student), &opts, &mut ctl).unwrap()
}

#[test]
fn every_right_answer_is_proven() {
    let g = graded("student_correct.c");
    assert_eq!(g.puzzles.len(), 14);
    let floats = g
        .puzzles
        .iter()
        .filter(|p| p.name.starts_with("float"))
        .count();
    assert_eq!(floats, 7);
    for p in &g.puzzles {
        assert_eq!(p.status, Status::Correct, "{}: {}", p.name, p.reason);
        assert!(p.reason.contains("proven"), "{}: {}", p.name, p.reason);
    }
}

#[test]
fn each_float_mistake_is_refuted_as_gcc_computes_it() {
    gcc::require();
    let g = graded("student_wrong.c");
    let wrong: Vec<_> = g
        .puzzles
        .iter()
        .filter(|p| p.status == Status::Wrong)
        .collect();
    let names: Vec<&str> = wrong.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "floatScale2",
            "floatFloat2Int",
            "floatPower2",
            "floatAbsVal",
            "floatNegate",
            "floatIsLess",
            "floatInt2Float"
        ]
    );
    let set = parse_set(&read("puzzles.c")).unwrap();
    let arity = |name: &str| {
        set.puzzles
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .params
            .len()
    };
    let mut functions: Vec<(String, usize)> =
        names.iter().map(|n| (n.to_string(), arity(n))).collect();
    functions.extend(names.iter().map(|n| (format!("test_{n}"), arity(n))));
    let scratch = gcc::Scratch::new("datalab-mixed");
    let src = format!(
        "{}\n{}\n{}\n{}",
        gcc::PRINT,
        read("tests.c"),
        read("student_wrong.c"),
        gcc::dispatch_main(&functions)
    );
    let exe = scratch.compile("mixed", &src);
    let value = |o: &Outcome| match o {
        Outcome::Value(v) => v.extended(),
        other => panic!("{other:?}"),
    };
    for (k, p) in wrong.iter().enumerate() {
        let cx = p.counterexample.as_ref().expect("a counterexample");
        let arg = |i: usize| cx.args.get(i).map_or(0, |a| a.1.bits);
        let line = |f: usize| format!("{f:x} {:x} {:x} 0\n", arg(0), arg(1));
        let out = gcc::run_exe(&exe, &format!("{}{}", line(k), line(k + names.len())));
        assert_eq!(out, [value(&cx.got), value(&cx.expected)], "{}", p.name);
    }
}
