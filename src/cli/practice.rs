//! `bitscope practice list [--json]` and `bitscope practice check ID "EXPR"
//! [--json]`: the Practice page's exercises and verdicts; `practice
//! fewest`: whether each one's best known count is the fewest possible.
//!
//! `bitscope practice grade --puzzles P.c --reference R.c STUDENT.c
//! [--json]`: a student's data-lab file graded exactly, one row a puzzle
//! (many files, a folder or `--roster`: a class, [`super::grade_class`]);
//! exits 0 when all are correct, 1 when any is wrong or breaks a rule, 2 on
//! bad input or a function that does not parse (the others still graded),
//! 3 when one is not proven in its time.
//!
//! `check` exits 0 when solved, 1 when wrong or refused (a rule broken),
//! 3 when not proven within the time budget, and 2 on bad input (an unknown
//! exercise, or an answer that does not parse: its column and a caret).

use super::prove::Deadline;
use bitscope::bits::word::Word;
use bitscope::practice::{self, PracticeError, Report};
use clap::{Args, Subcommand};
use serde_json::json;
use std::time::Instant;

#[derive(Args)]
pub struct PracticeArgs {
    #[command(subcommand)]
    command: PracticeCommand,
}

#[derive(Subcommand)]
enum PracticeCommand {
    /// Every exercise: id, panel, title, widths, operators, budget.
    List {
        /// One JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Check an answer: the rules, then a proof against the hidden reference.
    Check {
        /// The exercise's id (see `practice list`).
        id: String,
        /// The answer, a Lab expression.
        #[arg(allow_hyphen_values = true)]
        expr: String,
        /// The time budget in seconds per width.
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The fewest operators of each exercise: every program shorter than
    /// the best known answer searched, with any constants.
    Fewest {
        /// One exercise (else every one whose best answer has at most 6).
        #[arg(long)]
        id: Option<String>,
        /// The time budget in seconds per exercise.
        #[arg(long, default_value_t = 60.0)]
        seconds: f64,
        /// One JSON object a line.
        #[arg(long)]
        json: bool,
    },
    /// Grade a student's file against a puzzle set and its reference.
    Grade {
        /// The puzzle set (data-lab comment blocks and stubs).
        #[arg(long)]
        puzzles: String,
        /// The reference answers (`NAME` or `test_NAME`).
        #[arg(long)]
        reference: String,
        /// The students' files or folders of them (`-`: one file on stdin).
        #[arg(required = true)]
        student: Vec<String>,
        /// The class roster, `id,name[,file]` a line: names the students
        /// and lists those with no file.
        #[arg(long)]
        roster: Option<String>,
        /// A class's grade sheet as CSV, a row a student.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// The time budget in seconds per puzzle.
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: PracticeArgs) -> i32 {
    match args.command {
        PracticeCommand::List { json } => list(json),
        PracticeCommand::Check {
            id,
            expr,
            seconds,
            json,
        } => check(&id, &expr, seconds, json),
        PracticeCommand::Fewest { id, seconds, json } => {
            super::practice_fewest::run(id.as_deref(), seconds, json)
        }
        PracticeCommand::Grade {
            puzzles,
            reference,
            student,
            roster,
            csv,
            seconds,
            json,
        } => {
            let one_file = student.len() == 1 && roster.is_none() && !csv;
            if one_file && !std::path::Path::new(&student[0]).is_dir() {
                grade(&puzzles, &reference, &student[0], seconds, json)
            } else {
                let format = match (json, csv) {
                    (true, _) => super::grade_class::Format::Json,
                    (_, true) => super::grade_class::Format::Csv,
                    _ => super::grade_class::Format::Table,
                };
                let files = super::grade_class::Files {
                    puzzles,
                    reference,
                    students: student,
                    roster,
                };
                super::grade_class::run(&files, seconds, format)
            }
        }
    }
}

fn grade(puzzles: &str, reference: &str, student: &str, seconds: f64, as_json: bool) -> i32 {
    let read = |path: &str| super::read_input(path);
    let (set, reference, student) = match (read(puzzles), read(reference), read(student)) {
        (Ok(p), Ok(r), Ok(s)) => (p, r, s),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return super::bad_input(e),
    };
    let set = match practice::sets::parse_set(&set) {
        Ok(set) => set,
        Err(e) => return super::bad_input(format!("{puzzles}: {e}")),
    };
    let mut ctl = || Box::new(Deadline::after(seconds)) as Box<dyn bitscope::lang::prove::Control>;
    match practice::grade::grade(&set, &reference, &student, &practice::options(), &mut ctl) {
        Ok(g) if as_json => {
            println!("{}", g.to_json());
            g.exit_code()
        }
        Ok(g) => {
            print!("{}", g.table());
            g.exit_code()
        }
        Err(e) => super::bad_input(e),
    }
}

fn list(as_json: bool) -> i32 {
    let all = practice::exercises();
    if as_json {
        let v: Vec<_> = all
            .iter()
            .map(|e| {
                json!({
                    "id": e.id,
                    "panel": e.panel,
                    "title": e.title,
                    "task": e.task,
                    "widths": e.widths,
                    "operators": e.operators,
                    "max_ops": e.max_ops,
                    "max_constant": e.max_constant,
                    "best_ops": e.best_ops,
                    "hints": e.hints.len(),
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(v));
        return 0;
    }
    for e in all {
        let widths: Vec<String> = e.widths.iter().map(u32::to_string).collect();
        println!(
            "{:<24} {:<13} {:<7} ops <= {:<3} {}",
            e.id,
            e.panel,
            widths.join(","),
            e.max_ops,
            e.title
        );
        println!("{:<24} allowed: {}", "", e.operators.join(" "));
    }
    0
}

fn check(id: &str, expr: &str, seconds: f64, as_json: bool) -> i32 {
    let Some(ex) = practice::exercise(id) else {
        return super::bad_input(PracticeError::Unknown(id.to_string()));
    };
    let start = Instant::now();
    let r = practice::check_with(
        ex,
        expr,
        &practice::options(),
        &mut Deadline::after(seconds),
    );
    let seconds = start.elapsed().as_secs_f64();
    let report = match r {
        Ok(report) => report,
        Err(e @ PracticeError::Parse { .. }) => {
            let col = e.column().unwrap_or(1);
            return super::bad_input(format!("{e}\n{}", super::caret(expr, col)));
        }
        Err(e) => return super::bad_input(e),
    };
    if as_json {
        println!("{}", report_json(&report, seconds));
    } else {
        print_text(&report, expr, seconds);
    }
    if report.solved {
        0
    } else if report.not_proven.is_some() {
        3
    } else {
        1
    }
}

/// The report as the JSON object of `practice check --json`.
pub fn report_json(r: &Report, seconds: f64) -> serde_json::Value {
    let wrong = r.counterexample.as_ref().map(|c| {
        let hex = |v: u64| Word::new(v, c.width).hex();
        json!({
            "width": c.width,
            "x": hex(c.x),
            "y": hex(c.y),
            "z": hex(c.z),
            "got": c.got.show(c.width),
            "expected": c.expected.show(c.width),
        })
    });
    let refused = r.refused.as_ref().map(|f| {
        json!({
            "rule": f.rule,
            "column": f.column,
            "message": f.message,
        })
    });
    json!({
        "id": r.id,
        "solved": r.solved,
        "ops": r.ops,
        "max_ops": r.max_ops,
        "best_ops": r.best_ops,
        "method": r.method.map(|m| m.name()),
        "proofs": r.proofs.iter().map(|(w, m)| json!({"width": w, "method": m.name()})).collect::<Vec<_>>(),
        "counterexample": wrong,
        "refused": refused,
        "not_proven": r.not_proven,
        "seconds": seconds,
    })
}

fn print_text(r: &Report, expr: &str, seconds: f64) {
    if let Some(f) = &r.refused {
        println!("refused: {}\n{}", f.message, super::caret(expr, f.column));
        return;
    }
    if let Some(c) = &r.counterexample {
        let hex = |v: u64| Word::new(v, c.width).hex();
        println!(
            "wrong at {} bits: x = {}  y = {}  z = {}",
            c.width,
            hex(c.x),
            hex(c.y),
            hex(c.z)
        );
        println!("  your answer gives {}", c.got.show(c.width));
        println!("  expected          {}", c.expected.show(c.width));
        return;
    }
    if let Some(why) = &r.not_proven {
        println!("not proven: {why}");
        return;
    }
    let how: Vec<String> = r
        .proofs
        .iter()
        .map(|(w, m)| format!("{w} bits {}", m.name()))
        .collect();
    println!(
        "solved: proven equal on every input ({}) in {seconds:.3} s; {} operators (budget {}, best known {})",
        how.join(", "),
        r.ops,
        r.max_ops,
        r.best_ops
    );
}
