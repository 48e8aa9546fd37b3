//! The gradebook: for every student on the roster, the best answer to each
//! puzzle (most points, then fewest operators, then the earliest), how
//! many tries and when the last; and per puzzle, the solve rate and the
//! scoreboard ("beat the prof": the fewest operators a student reached
//! beside the reference's count, and the fewest possible where
//! `bitscope class fewest` searched). Computed from the stored rows alone.

use super::grading::Class;
use super::store::{Member, PuzzleFewest, SubmissionRow};
use serde::Serialize;
use std::collections::BTreeMap;

/// A student's standing on one puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub points: u32,
    /// The best graded answer's status (`pending` while none is graded).
    pub status: String,
    pub ops: Option<usize>,
    pub tries: usize,
    /// The last try, RFC 3339 (UTC).
    pub last: String,
    /// The best answer's submission id.
    pub submission: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StudentRow {
    pub id: String,
    pub name: String,
    pub total: u32,
    /// Only the puzzles tried.
    pub puzzles: BTreeMap<String, Standing>,
}

/// One puzzle over the class.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleSummary {
    pub name: String,
    pub rating: u32,
    pub max_ops: usize,
    /// The reference's operator count ("the prof").
    pub reference_ops: usize,
    /// The fewest operators of a correct answer, and whose.
    pub best_ops: Option<usize>,
    pub best_by: Vec<String>,
    pub tried: usize,
    pub solved: usize,
    /// solved / students on the roster.
    pub solve_rate: f64,
    /// Each solver's best operator count, ascending.
    pub ops: Vec<usize>,
    /// The shortest program's search (`bitscope class fewest`), if run.
    pub fewest: Option<PuzzleFewest>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Gradebook {
    pub class: String,
    pub max: u32,
    pub students: Vec<StudentRow>,
    pub puzzles: Vec<PuzzleSummary>,
}

/// RFC 3339 of a time in ms since 1970.
pub fn rfc3339(ms: i64) -> String {
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms.max(0) as u64);
    humantime::format_rfc3339_seconds(t).to_string()
}

/// One student's standing on every puzzle they tried, from their rows.
pub fn standings(rows: &[&SubmissionRow]) -> BTreeMap<String, Standing> {
    let mut out: BTreeMap<String, Standing> = BTreeMap::new();
    for r in rows {
        let s = out.entry(r.puzzle.clone()).or_insert_with(|| Standing {
            points: 0,
            status: "pending".into(),
            ops: None,
            tries: 0,
            last: String::new(),
            submission: None,
        });
        s.tries += 1;
        s.last = rfc3339(r.received);
        let Some(g) = &r.grade else { continue };
        let better = s.submission.is_none()
            || g.points > s.points
            || (g.points == s.points && g.points > 0 && fewer(g.ops, s.ops));
        if better {
            (s.points, s.status, s.ops, s.submission) =
                (g.points, g.status.clone(), g.ops, Some(r.id));
        }
    }
    out
}

fn fewer(a: Option<usize>, b: Option<usize>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if a < b)
}

/// The whole class's gradebook.
pub fn gradebook(
    class: &Class,
    students: &[Member],
    rows: &[SubmissionRow],
    fewest: &[PuzzleFewest],
) -> Gradebook {
    let mut by_member: BTreeMap<i64, Vec<&SubmissionRow>> = BTreeMap::new();
    for r in rows {
        by_member.entry(r.member_id).or_default().push(r);
    }
    let table: Vec<StudentRow> = students
        .iter()
        .map(|m| {
            let puzzles = standings(by_member.get(&m.id).map_or(&[][..], |v| v));
            StudentRow {
                id: m.student.clone(),
                name: m.name.clone(),
                total: puzzles.values().map(|s| s.points).sum(),
                puzzles,
            }
        })
        .collect();
    let set = &class.grader.set;
    let puzzles = set
        .puzzles
        .iter()
        .zip(&class.reference_ops)
        .map(|(p, &reference_ops)| {
            let mut s = summary(p, reference_ops, &table);
            s.fewest = fewest.iter().find(|f| f.puzzle == p.name).cloned();
            s
        })
        .collect();
    Gradebook {
        class: class.name.clone(),
        max: set.puzzles.iter().map(|p| p.rating).sum(),
        students: table,
        puzzles,
    }
}

fn summary(
    p: &crate::practice::sets::Puzzle,
    reference_ops: usize,
    table: &[StudentRow],
) -> PuzzleSummary {
    let standing = |s: &StudentRow| s.puzzles.get(&p.name).cloned();
    let solvers: Vec<(String, usize)> = table
        .iter()
        .filter_map(|s| {
            let st = standing(s)?;
            (st.status == "correct").then(|| (s.id.clone(), st.ops.unwrap_or(0)))
        })
        .collect();
    let best_ops = solvers.iter().map(|s| s.1).min();
    let mut ops: Vec<usize> = solvers.iter().map(|s| s.1).collect();
    ops.sort_unstable();
    PuzzleSummary {
        name: p.name.clone(),
        rating: p.rating,
        max_ops: p.max_ops,
        reference_ops,
        best_ops,
        best_by: solvers
            .iter()
            .filter(|s| Some(s.1) == best_ops)
            .map(|s| s.0.clone())
            .collect(),
        tried: table.iter().filter(|s| standing(s).is_some()).count(),
        solved: solvers.len(),
        solve_rate: if table.is_empty() {
            0.0
        } else {
            solvers.len() as f64 / table.len() as f64
        },
        ops,
        fewest: None,
    }
}

/// The grade sheet: `id,name,<each puzzle's points>,total`, a row a student.
pub fn csv(book: &Gradebook) -> String {
    let mut head = vec!["id".to_string(), "name".to_string()];
    head.extend(book.puzzles.iter().map(|p| p.name.clone()));
    head.push("total".into());
    let rows = book.students.iter().map(|s| {
        let mut row = vec![s.id.clone(), s.name.clone()];
        row.extend(
            book.puzzles
                .iter()
                .map(|p| s.puzzles.get(&p.name).map_or(0, |st| st.points).to_string()),
        );
        row.push(s.total.to_string());
        row
    });
    super::sheet::to_csv(std::iter::once(head).chain(rows))
}
