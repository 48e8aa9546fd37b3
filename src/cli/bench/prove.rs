//! `bitscope bench prove`: the equivalence checker's speed. Exhaustive
//! 2^24 inputs (goal under 0.5 s), the three typical 64-bit identities by
//! the SAT solver (goal under 0.3 s each), and every exercise's reference
//! proven against its alternatives, all together (goal under 5 s), and the
//! data-lab worked example (tests/data/datalab) graded, 14 puzzles (goal
//! under 5 s).

use bitscope::lang::prove::{prove, Method};
use bitscope::practice;
use std::time::Instant;

/// A 32-bit SWAR nibble add against lane-by-lane sums.
fn lane_by_lane() -> String {
    (0..8)
        .map(|k| {
            let m = format!("0x{:x}", 0xfu64 << (4 * k));
            format!("(((x & {m}) + (y & {m})) & {m})")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

pub fn run(rounds: u32) {
    println!("prove (equivalence of two Lab expressions), best of {rounds}");
    let lanes = lane_by_lane();
    let cases: [(&str, &str, &str, u32); 5] = [
        (
            "exhaustive 2^24 (3 vars, 8 bits)",
            "(x + y) ^ z",
            "z ^ ((x ^ y) + ((x & y) << 1))",
            8,
        ),
        (
            "64-bit x + y = (x ^ y) + ((x & y) << 1)",
            "x + y",
            "(x ^ y) + ((x & y) << 1)",
            64,
        ),
        ("64-bit x & -x = x & ~(x - 1)", "x & -x", "x & ~(x - 1)", 64),
        (
            "32-bit SWAR nibble add = lane by lane",
            "((x & 0x77777777) + (y & 0x77777777)) ^ ((x ^ y) & 0x88888888)",
            &lanes,
            32,
        ),
        ("64-bit x - y = x + ~y + 1", "x - y", "x + ~y + 1", 64),
    ];
    for (name, a, b, w) in cases {
        let (t, v) = super::best(rounds, || prove(a, b, w));
        match v {
            Ok(v) => println!(
                "  {name:<44} {:>8.4} s  {} {}",
                t,
                match v.equal {
                    Some(true) => "equal",
                    Some(false) => "NOT EQUAL",
                    None => "not proven",
                },
                v.method.name()
            ),
            Err(e) => println!("  {name:<44} error: {e}"),
        }
    }
    bench_exercises(rounds);
    bench_grade(rounds);
}

/// The worked example's correct student file graded (every puzzle proven).
fn bench_grade(rounds: u32) {
    use bitscope::lang::prove::{Control, NoControl};
    const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab/");
    let read = |f: &str| std::fs::read_to_string(format!("{DIR}{f}"));
    let (Ok(set), Ok(reference), Ok(student)) = (
        read("puzzles.c"),
        read("reference.c"),
        read("student_correct.c"),
    ) else {
        println!("  data-lab worked example graded             (tests/data/datalab not found)");
        return;
    };
    let Ok(set) = practice::sets::parse_set(&set) else {
        return;
    };
    let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
    let (t, g) = super::best(rounds, || {
        practice::grade::grade(&set, &reference, &student, &practice::options(), &mut ctl)
    });
    match g {
        Ok(g) => println!(
            "  data-lab worked example graded             {t:>8.4} s  {} puzzles, {}/{} points, exit {}",
            g.puzzles.len(),
            g.score,
            g.max,
            g.exit_code()
        ),
        Err(e) => println!("  data-lab worked example graded             error: {e}"),
    }
}

/// Every exercise's reference against each alternative (every width).
fn bench_exercises(rounds: u32) {
    let all = practice::exercises();
    let mut worst = (0.0, "");
    let (t, (proofs, failed, methods)) = super::best(rounds, || {
        let (mut proofs, mut failed, mut methods) = (0, 0, [0usize; 3]);
        for e in &all {
            for alt in e.alternatives {
                let start = Instant::now();
                match practice::check_answer(e, alt) {
                    Ok(r) if r.solved => {
                        proofs += r.proofs.len();
                        for (_, m) in &r.proofs {
                            methods[match m {
                                Method::Exhaustive => 0,
                                Method::Sat => 1,
                                Method::Sampled | Method::Bdd | Method::ErrorBound => 2,
                            }] += 1;
                        }
                    }
                    _ => failed += 1,
                }
                let s = start.elapsed().as_secs_f64();
                if s > worst.0 {
                    worst = (s, e.id);
                }
            }
        }
        (proofs, failed, methods)
    });
    println!(
        "  every exercise's alternatives proven       {t:>8.4} s  {} exercises, {proofs} proofs ({} exhaustive, {} sat){}; slowest {} ({:.4} s)",
        all.len(),
        methods[0],
        methods[1],
        if failed > 0 { format!(", {failed} FAILED") } else { String::new() },
        worst.1,
        worst.0
    );
}
