//! The worker's answer to [`Request::Grade`](super::Request::Grade):
//! `practice::grade`'s table as plain text and numbers for the page (which
//! never links the prover or the C parser: only the worker builds it with
//! `of`).

use crate::practice::grade::{Counterexample, PuzzleGrade};
use serde::{Deserialize, Serialize};

/// One puzzle's row: its grade, a counterexample's arguments as C prints
/// them and what the student's answer and the reference give as text.
pub type GradeRow = PuzzleGrade<Counterexample<String, String>>;

/// `practice::grade::Grade`, for the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GradeDone {
    pub rows: Vec<GradeRow>,
    pub score: u32,
    pub max: u32,
    pub seconds: f64,
}

impl GradeDone {
    #[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
    pub fn of(g: &crate::practice::grade::Grade, seconds: f64) -> GradeDone {
        let text = |c: &Counterexample| Counterexample {
            args: c
                .args
                .iter()
                .map(|(n, v)| (n.clone(), v.decimal()))
                .collect(),
            got: c.got.show(),
            expected: c.expected.show(),
            kind: c.kind.clone(),
        };
        let rows = g
            .puzzles
            .iter()
            .map(|p| GradeRow {
                name: p.name.clone(),
                status: p.status,
                kind: p.kind.clone(),
                reason: p.reason.clone(),
                line: p.line,
                ops: p.ops,
                max_ops: p.max_ops,
                counterexample: p.counterexample.as_ref().map(text),
                method: p.method,
                points: p.points,
                rating: p.rating,
            })
            .collect();
        GradeDone {
            rows,
            score: g.score,
            max: g.max,
            seconds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::prove::{Control, NoControl};
    use crate::practice::{
        grade::{grade, Status},
        options,
        sets::parse_set,
    };
    use crate::ui::worker::{JobOutput, WorkerEvent};

    const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab/");

    #[test]
    fn a_graded_file_travels_as_text_and_reads_back() {
        let read = |f: &str| std::fs::read_to_string(format!("{DIR}{f}")).unwrap();
        let set = parse_set(&read("puzzles.c")).unwrap();
        let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
        let g = grade(
            &set,
            &read("reference.c"),
            &read("student_wrong.c"),
            &options(),
            &mut ctl,
        )
        .unwrap();
        let done = GradeDone::of(&g, 1.5);
        assert_eq!((done.score, done.max), (26, 36));
        let row = |n: &str| done.rows.iter().find(|r| r.name == n).unwrap();
        let rot = row("rotateLeft");
        assert_eq!(rot.status, Status::Wrong);
        let cx = rot.counterexample.as_ref().unwrap();
        assert!(cx.got.starts_with("undefined"), "{rot:?}");
        assert!(!cx.args.is_empty());
        assert_eq!(row("isPower2").status, Status::Wrong);
        assert_eq!(row("isLessOrEqual").status, Status::Wrong);
        let json = serde_json::to_string(&WorkerEvent::Graded(done.clone())).unwrap();
        let back: WorkerEvent = serde_json::from_str(&json).unwrap();
        assert_eq!(GradeDone::from_event(back), Some(done));
    }
}
