//! The grading queue: worker threads, off the request threads, each
//! grading one submission at a time within the prover's time budget and
//! writing its grade to the store before anyone is told. A request waits
//! for its grade; a request that goes away leaves the grade to be written
//! all the same, and a submission a crash cut off is queued again at start
//! ([`Queue::requeue_pending`]).

use super::store::{GradeRow, Store, StoreError};
use crate::lang::c::Value;
use crate::lang::prove::c::Outcome;
use crate::lang::prove::Deadline;
use crate::practice::grade::{Grader, PuzzleGrade, Status};
use crate::practice::sets::parse_set;
use serde_json::json;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, RwLock};
use tokio::sync::oneshot;

/// A class ready to grade: its set, its reference read once, and each
/// puzzle's reference operator count (the scoreboard's "prof").
pub struct Class {
    pub id: i64,
    pub name: String,
    /// The set's text, as students are handed it (no reference in it).
    pub set_text: String,
    pub grader: Grader,
    pub reference_ops: Vec<usize>,
}

impl Class {
    /// Reads a stored class's set and reference.
    ///
    /// # Errors
    /// The set or the reference does not read (with its line).
    pub fn read(id: i64, name: &str, puzzles: &str, reference: &str) -> Result<Class, String> {
        let set = parse_set(puzzles).map_err(|e| format!("puzzles: {e}"))?;
        let grader = Grader::new(set, reference).map_err(|e| e.to_string())?;
        let reference_ops = (0..grader.set.puzzles.len())
            .map(|k| grader.reference_ops(k))
            .collect();
        Ok(Class {
            id,
            name: name.to_string(),
            set_text: puzzles.to_string(),
            grader,
            reference_ops,
        })
    }
}

/// The classes of a store, each read once on first use.
pub struct Classes {
    store: Arc<Store>,
    read: RwLock<HashMap<String, Arc<Class>>>,
}

impl Classes {
    pub fn new(store: Arc<Store>) -> Classes {
        Classes {
            store,
            read: RwLock::new(HashMap::new()),
        }
    }

    /// The class named `name`, `None` when the store has none.
    ///
    /// # Errors
    /// The database fails, or the stored set no longer reads.
    pub fn get(&self, name: &str) -> Result<Option<Arc<Class>>, String> {
        if let Some(c) = self
            .read
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(name)
        {
            return Ok(Some(c.clone()));
        }
        let Some(row) = self.store.class(name).map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        let class = Arc::new(Class::read(
            row.id,
            &row.name,
            &row.puzzles,
            &row.reference,
        )?);
        let mut map = self.read.write().unwrap_or_else(|e| e.into_inner());
        Ok(Some(map.entry(name.to_string()).or_insert(class).clone()))
    }
}

/// One submission to grade.
pub struct Job {
    pub submission: i64,
    pub class: Arc<Class>,
    pub puzzle: String,
    pub source: String,
    /// Told the grade once it is stored (none for a requeued submission).
    pub done: Option<oneshot::Sender<Result<GradeRow, String>>>,
}

/// The queue's sending end; the workers stop when it is dropped.
#[derive(Clone)]
pub struct Queue {
    jobs: Sender<Job>,
}

/// The stack of a grading thread: the prover's circuits recurse.
const WORKER_STACK: usize = 64 << 20;

impl Queue {
    /// Starts `workers` grading threads; each proof gets `seconds`.
    pub fn start(store: Arc<Store>, workers: usize, seconds: f64) -> Queue {
        let (tx, rx) = channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for k in 0..workers.max(1) {
            let (rx, store) = (rx.clone(), store.clone());
            std::thread::Builder::new()
                .name(format!("grader-{k}"))
                .stack_size(WORKER_STACK)
                .spawn(move || work(&rx, &store, seconds))
                .expect("a grading thread starts");
        }
        Queue { jobs: tx }
    }

    /// Queues a job (dropped, with its waiter told, if the workers are gone).
    pub fn push(&self, job: Job) {
        if let Err(e) = self.jobs.send(job) {
            if let Some(done) = e.0.done {
                let _ = done.send(Err("the grading queue has stopped".into()));
            }
        }
    }

    /// Queues every stored submission without a grade (cut off by a crash);
    /// gives how many. One whose class no longer reads is graded `error`.
    ///
    /// # Errors
    /// The database fails.
    pub fn requeue_pending(&self, store: &Store, classes: &Classes) -> Result<usize, StoreError> {
        let pending = store.pending()?;
        let n = pending.len();
        for p in pending {
            match classes.get(&p.class) {
                Ok(Some(class)) => self.push(Job {
                    submission: p.id,
                    class,
                    puzzle: p.puzzle,
                    source: p.source,
                    done: None,
                }),
                Ok(None) | Err(_) => {
                    let g = error_row("internal", "the class's set no longer reads".into());
                    store.record_grade(p.id, &g)?;
                }
            }
        }
        Ok(n)
    }
}

fn work(rx: &Mutex<Receiver<Job>>, store: &Store, seconds: f64) {
    loop {
        let job = match rx.lock().unwrap_or_else(|e| e.into_inner()).recv() {
            Ok(job) => job,
            Err(_) => return,
        };
        let graded = catch_unwind(AssertUnwindSafe(|| grade(&job, seconds)))
            .unwrap_or_else(|_| error_row("internal", "the grader failed on this answer".into()));
        let stored = store
            .record_grade(job.submission, &graded)
            .map(|_| graded)
            .map_err(|e| e.to_string());
        if let Some(done) = job.done {
            let _ = done.send(stored);
        }
    }
}

/// Grades one job into its stored, student-safe form.
pub fn grade(job: &Job, seconds: f64) -> GradeRow {
    let opts = crate::practice::options();
    let mut deadline = Deadline::after(seconds);
    match job
        .class
        .grader
        .grade_puzzle(&job.puzzle, &job.source, &opts, &mut deadline)
    {
        Some(g) => student_safe(&g),
        None => error_row(
            "puzzle",
            format!("no puzzle `{}` in this class", job.puzzle),
        ),
    }
}

fn error_row(kind: &str, reason: String) -> GradeRow {
    GradeRow {
        status: "error".into(),
        kind: kind.into(),
        points: 0,
        ops: None,
        reason,
        counterexample: None,
    }
}

/// A grade as a student may see it: the arguments, their value and the
/// expected value, never anything of the reference's text. "not proven"
/// is an `error` of kind `not_proven` (no points, try again).
pub fn student_safe(g: &PuzzleGrade) -> GradeRow {
    let status = match g.status {
        Status::Correct => "correct",
        Status::Wrong => "wrong",
        Status::Rules => "rules",
        Status::Error | Status::NotProven => "error",
    };
    let mut row = GradeRow {
        status: status.into(),
        kind: g.kind.clone(),
        points: g.points,
        ops: g.ops,
        reason: g.reason.clone(),
        counterexample: None,
    };
    if let Some(c) = &g.counterexample {
        let args: serde_json::Map<_, _> = c
            .args
            .iter()
            .map(|(n, v)| (n.clone(), json!(v.decimal())))
            .collect();
        let at: Vec<String> = c
            .args
            .iter()
            .map(|(n, v)| format!("{n} = {}", v.decimal()))
            .collect();
        let (got, expected) = (shown(&c.got, true), shown(&c.expected, false));
        row.reason = format!("at {}: gives {got}, expected {expected}", at.join(", "));
        let cx = json!({"args": args, "got": got, "expected": expected, "kind": c.kind});
        row.counterexample = Some(cx.to_string());
    }
    if g.status == Status::Error && g.kind == "error" {
        // the prover's own failure: its message may name either side
        row.reason = "the grader could not compare this answer".into();
    }
    row
}

/// A side's outcome: a value in decimal, or "undefined" (with the
/// student's own reason; the reference's is not said).
fn shown(o: &Outcome, students: bool) -> String {
    match o {
        Outcome::Value(v) => Value::decimal(*v),
        Outcome::Undefined(why) if students => format!("undefined ({why})"),
        Outcome::Undefined(_) => "undefined".into(),
    }
}
