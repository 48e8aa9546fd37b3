//! `bitscope bench class`: the class server under a class's load, and
//! through a crash. A child `class serve` on a fresh database; every
//! student submits each puzzle of the 14-puzzle data-lab example and its
//! three float puzzles (17) at once
//! over 32 connections (5 in 8 answers right, the others wrong, breaking a
//! rule or not parsing, each source its own). Then a second server is
//! killed with SIGKILL in the middle of such a load and started again:
//! every submission that got a 200 must be in the database with the grade
//! it was answered, each graded once.

use bitscope::class::load::{self, Submission};
use bitscope::class::{self, roster::Student, store::Store};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The data-lab example and its three float puzzles (with their integer
/// references: the prover decides those).
const PUZZLES: &str = concat!(
    include_str!("../../../tests/data/datalab/puzzles.c"),
    include_str!("../../../tests/data/datalab_float/puzzles.c")
);
const REFERENCE: &str = concat!(
    include_str!("../../../tests/data/datalab/reference.c"),
    include_str!("../../../tests/data/datalab_float/reference.c")
);
const RIGHT: &str = concat!(
    include_str!("../../../tests/data/datalab/student_correct.c"),
    include_str!("../../../tests/data/datalab_float/student_correct.c")
);
/// The answers students send, by how often: right, right, wrong, right,
/// rules, right, parse error, right.
const ANSWERS: [&str; 8] = [
    RIGHT,
    RIGHT,
    concat!(
        include_str!("../../../tests/data/datalab/student_wrong.c"),
        include_str!("../../../tests/data/datalab_float/student_wrong.c")
    ),
    RIGHT,
    concat!(
        include_str!("../../../tests/data/datalab/student_rules.c"),
        include_str!("../../../tests/data/datalab_float/student_correct.c")
    ),
    RIGHT,
    include_str!("../../../tests/data/datalab/student_parse.c"),
    RIGHT,
];

pub fn run(students: usize, connections: usize) -> i32 {
    let dir = std::env::temp_dir().join(format!("bitscope-bench-class-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let code = match measure(&dir, students, connections) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    };
    let _ = std::fs::remove_dir_all(&dir);
    code
}

/// A class of `n` students in a fresh database, and their submissions.
fn class_of(db: &Path, n: usize) -> Result<Vec<Submission>, String> {
    let store = Store::open(db).map_err(|e| e.to_string())?;
    let roster: Vec<Student> = (0..n)
        .map(|k| Student {
            id: format!("s{k:03}"),
            name: format!("Student {k}"),
            file: None,
        })
        .collect();
    let made =
        class::create(&store, "load", PUZZLES, REFERENCE, &roster).map_err(|e| e.to_string())?;
    let set = bitscope::practice::sets::parse_set(PUZZLES).map_err(|e| e.to_string())?;
    let mut subs = Vec::new();
    for (p, puzzle) in set.puzzles.iter().enumerate() {
        for (k, s) in made.students.iter().enumerate() {
            let source = format!(
                "{}\n/* {} try {p} */\n",
                ANSWERS[(k + p) % ANSWERS.len()],
                s.student
            );
            subs.push(Submission {
                token: s.token.clone(),
                puzzle: puzzle.name.clone(),
                source,
            });
        }
    }
    Ok(subs)
}

fn ms(d: Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}

fn measure(dir: &Path, students: usize, connections: usize) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let none = dir.join("no-site");
    let none = none.to_string_lossy();
    // 1. load
    let db = dir.join("load.db");
    let subs = class_of(&db, students)?;
    let (mut child, addr) =
        load::spawn_server(&exe, &db, &["--dir", &none]).map_err(|e| e.to_string())?;
    let t = Instant::now();
    let results = load::submit_all(
        addr,
        "load",
        &subs,
        connections,
        (&AtomicBool::new(false), &AtomicUsize::new(0)),
    );
    let s = load::summary(&results, t.elapsed());
    let _ = child.kill();
    let _ = child.wait();
    println!(
        "class load: {} students x {} puzzles = {} submissions over {connections} connections in {:.1} s",
        students,
        s.sent / students.max(1),
        s.sent,
        t.elapsed().as_secs_f64()
    );
    println!(
        "  {:.1} submissions/s; latency p50 {}, p99 {}, max {}; {} answered 200, {} errors",
        s.per_second,
        ms(s.p50),
        ms(s.p99),
        ms(s.max),
        s.ok,
        s.errors
    );
    // 2. crash
    crash(&exe, &dir.join("crash.db"), students, connections, &none)
}

fn crash(
    exe: &Path,
    db: &Path,
    students: usize,
    connections: usize,
    none: &str,
) -> Result<(), String> {
    let acked = load_then_kill(exe, db, students, connections, none)?;
    let store = Store::open(db).map_err(|e| e.to_string())?;
    let (subs_before, grades_before) = store.counts().map_err(|e| e.to_string())?;
    let t = Instant::now();
    let (mut again, _) =
        load::spawn_server(exe, db, &["--dir", none]).map_err(|e| e.to_string())?;
    let counts = loop {
        let (s, g) = store.counts().map_err(|e| e.to_string())?;
        if s == g || t.elapsed() > Duration::from_secs(300) {
            break (s, g);
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let regraded = t.elapsed();
    let _ = again.kill();
    let _ = again.wait();
    let class_id = store.class("load").ok().flatten().map_or(0, |c| c.id);
    let rows = store
        .submissions(None, class_id)
        .map_err(|e| e.to_string())?;
    let lost_or_changed = acked
        .iter()
        .filter(|(id, v)| {
            let row = rows.iter().find(|r| r.id == *id);
            let g = row.and_then(|r| r.grade.as_ref());
            !g.is_some_and(|g| v["status"] == g.status.as_str() && v["points"] == g.points)
        })
        .count();
    println!(
        "class crash: SIGKILL after 1.5 s of load: {} answered 200; the database held {subs_before} submissions, {grades_before} graded",
        acked.len()
    );
    println!(
        "  restarted: {} ungraded graded in {:.2} s; {} of {} graded once each; acknowledged but lost or changed: {lost_or_changed}",
        counts.0 - grades_before,
        regraded.as_secs_f64(),
        counts.1,
        counts.0
    );
    if lost_or_changed == 0 && counts.0 == counts.1 {
        Ok(())
    } else {
        Err("the crash lost or changed acknowledged submissions".into())
    }
}

/// A class of `students` under load, its server killed (SIGKILL) after
/// 1.5 s: the submissions it acknowledged (200), each with its reply.
fn load_then_kill(
    exe: &Path,
    db: &Path,
    students: usize,
    connections: usize,
    none: &str,
) -> Result<Vec<(i64, serde_json::Value)>, String> {
    let subs = class_of(db, students)?;
    let (mut child, addr) =
        load::spawn_server(exe, db, &["--dir", none]).map_err(|e| e.to_string())?;
    let stop = AtomicBool::new(false);
    let results = std::thread::scope(|scope| {
        let killer = scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(1500));
            let _ = child.kill(); // SIGKILL
            let _ = child.wait();
            stop.store(true, Ordering::Relaxed);
        });
        let r = load::submit_all(
            addr,
            "load",
            &subs,
            connections,
            (&stop, &AtomicUsize::new(0)),
        );
        let _ = killer.join();
        r
    });
    Ok(results
        .iter()
        .flatten()
        .filter_map(|s| s.reply.as_ref().filter(|r| r.status == 200))
        .map(|r| {
            let v = r.json();
            (v["id"].as_i64().unwrap_or(-1), v)
        })
        .collect())
}
