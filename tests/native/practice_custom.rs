//! Teachers' own exercises (`practice::custom`): a set's one-puzzle texts,
//! an exercise written in the form turned into a data-lab block that reads
//! back as written, and the form's sanity checks.
#![cfg(not(target_arch = "wasm32"))]

use bitscope::lang::prove::{Control, NoControl};
use bitscope::practice::custom::{function_text, CustomError, Draft, SetSource};
use bitscope::practice::grade::{grade, Status};
use bitscope::practice::options;
use bitscope::practice::sets::parse_set;

fn worked_example() -> SetSource {
    let read = |f: &str| std::fs::read_to_string(format!("tests/data/datalab/{f}")).unwrap();
    SetSource {
        name: "worked example".into(),
        puzzles: read("puzzles.c"),
        reference: read("reference.c"),
    }
}

fn bit_and() -> Draft {
    Draft {
        name: "bitAnd".into(),
        task: "x & y using only ~ and |".into(),
        params: "int x, int y".into(),
        reference: "x & y".into(),
        legal_ops: "~ |".into(),
        max_ops: 8,
        max_constant: 255,
        assume: String::new(),
        examples: "bitAnd(6, 5) = 4\nbitAnd(-1, 0x70) = 112".into(),
        hints: "De Morgan\nnot (not x or not y)".into(),
        rating: 1,
    }
}

#[test]
fn each_puzzle_of_a_set_reads_alone_as_in_the_set() {
    let source = worked_example();
    let set = source.read().unwrap();
    assert_eq!(set.puzzles.len(), 14);
    for p in &set.puzzles {
        let alone = parse_set(&source.puzzle_text(&p.name).unwrap()).unwrap();
        assert_eq!(alone.puzzles.len(), 1, "{}", p.name);
        let q = &alone.puzzles[0];
        assert_eq!(
            (
                &q.name,
                &q.task,
                &q.legal_ops,
                q.max_ops,
                &q.assume,
                &q.hints,
                q.rating
            ),
            (
                &p.name,
                &p.task,
                &p.legal_ops,
                p.max_ops,
                &p.assume,
                &p.hints,
                p.rating
            )
        );
        let reference = function_text(&source.reference, &p.name).unwrap();
        assert!(reference.contains(&p.name), "{}", p.name);
    }
    assert_eq!(source.puzzle_text("noSuchPuzzle"), None);
}

#[test]
fn a_written_exercise_reads_back_as_written_and_grades() {
    let draft = bit_and();
    let source = draft.check().unwrap();
    let set = parse_set(&source.puzzles).unwrap();
    let p = &set.puzzles[0];
    assert_eq!(p.name, "bitAnd");
    assert_eq!(p.task, "x & y using only ~ and |");
    assert_eq!(p.legal_ops, ["~", "|"]);
    assert_eq!((p.max_ops, p.rating, p.max_constant), (8, 1, 255));
    assert_eq!(p.hints, ["De Morgan", "not (not x or not y)"]);
    assert_eq!(p.examples.len(), 2);
    // a right answer and a wrong one, graded against the written reference
    let options = options();
    let right = "int bitAnd(int x, int y) { return ~(~x | ~y); }";
    let wrong = "int bitAnd(int x, int y) { return ~(~x | y); }";
    for (answer, want) in [(right, Status::Correct), (wrong, Status::Wrong)] {
        let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
        let g = grade(&set, &source.reference, answer, &options, &mut ctl).unwrap();
        assert_eq!(g.puzzles[0].status, want, "{answer}");
    }
}

#[test]
fn a_written_exercise_with_assume_and_a_function_reference() {
    let draft = Draft {
        name: "getByte".into(),
        task: "byte n of x".into(),
        params: "int x, int n".into(),
        reference: "int getByte(int x, int n) { return (x >> (n << 3)) & 0xff; }".into(),
        legal_ops: "! ~ & ^ | + << >>".into(),
        max_ops: 6,
        max_constant: 255,
        assume: "0 <= n <= 3".into(),
        examples: "getByte(0x12345678, 1) = 0x56".into(),
        hints: String::new(),
        rating: 2,
    };
    let set = parse_set(&draft.check().unwrap().puzzles).unwrap();
    assert_eq!(set.puzzles[0].assume, ["0 <= n && n <= 3"]);
}

#[test]
fn the_form_refuses_what_cannot_be_an_exercise() {
    let wrong_example = Draft {
        examples: "bitAnd(6, 5) = 5".into(),
        ..bit_and()
    };
    match wrong_example.check() {
        Err(CustomError::Example { message, .. }) => {
            assert!(message.contains("gives 4"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    let bad_name = Draft {
        name: "bit and".into(),
        ..bit_and()
    };
    assert!(matches!(bad_name.check(), Err(CustomError::Field(_))));
    let bad_op = Draft {
        legal_ops: "~ | @".into(),
        ..bit_and()
    };
    assert!(matches!(bad_op.check(), Err(CustomError::Set(e)) if e.message.contains('@')));
    let bad_reference = Draft {
        reference: "x &".into(),
        ..bit_and()
    };
    assert!(matches!(
        bad_reference.check(),
        Err(CustomError::Reference { .. })
    ));
    let no_task = Draft {
        task: " ".into(),
        ..bit_and()
    };
    assert!(matches!(no_task.check(), Err(CustomError::Field(_))));
}
