//! The class server, run as a teacher would: `class new` on a temporary
//! database, `class serve` as a child process, a class of students
//! submitting at once over HTTP. Checked: every grade against the library's
//! grader on the same file; the rules (401, 403, 404, 413, 429); that no
//! response to a student holds the reference; bad bodies; the gradebook and
//! its CSV; and a server killed with SIGKILL mid-load, then restarted, with
//! no acknowledged submission lost or graded twice.

use bitscope::class::client::{request, Reply};
use bitscope::class::grading::student_safe;
use bitscope::class::load::{self, Submission};
use bitscope::class::store::Store;
use bitscope::lang::prove::{Control, NoControl};
use bitscope::practice::grade::Grader;
use bitscope::practice::sets::parse_set;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const DATALAB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab/");
const CLASS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/class/");
const ANSWERS: [&str; 4] = [
    "student_correct.c",
    "student_wrong.c",
    "student_rules.c",
    "student_parse.c",
];

fn read(dir: &str, file: &str) -> String {
    std::fs::read_to_string(format!("{dir}{file}")).unwrap()
}

fn exe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_bitscope"))
}

/// A fresh folder under the build's temporary folder.
fn temp(name: &str) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("class-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `class new --json` with `n` students; gives its output.
fn new_class(db: &Path, name: &str, puzzles: &str, reference: &str, n: usize) -> Value {
    let roster = db.with_file_name(format!("{name}-roster.csv"));
    let rows: String = (0..n).map(|k| format!("s{k:02},Student {k}\n")).collect();
    std::fs::write(&roster, format!("id,name\n{rows}")).unwrap();
    let out = std::process::Command::new(exe())
        .args(["class", "new", "--db"])
        .arg(db)
        .args([
            "--name",
            name,
            "--puzzles",
            puzzles,
            "--reference",
            reference,
            "--roster",
        ])
        .arg(&roster)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn token(class: &Value, k: usize) -> String {
    class["students"][k]["token"].as_str().unwrap().to_string()
}

struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(db: &Path) -> Server {
        let none = db.with_file_name("no-site");
        let args = [
            "--dir",
            none.to_str().unwrap(),
            "--workers",
            "2",
            "--seconds",
            "5",
        ];
        let (child, addr) = load::spawn_server(exe(), db, &args).unwrap();
        Server { child, addr }
    }

    fn get(&self, path: &str, token: Option<&str>) -> Reply {
        request(self.addr, "GET", path, token, None).unwrap()
    }

    fn submit(&self, class: &str, token: &str, puzzle: &str, source: &str) -> Reply {
        let body = json!({"puzzle": puzzle, "source": source}).to_string();
        self.post(class, token, body.as_bytes())
    }

    fn post(&self, class: &str, token: &str, body: &[u8]) -> Reply {
        request(
            self.addr,
            "POST",
            &format!("/api/class/{class}/submit"),
            Some(token),
            Some(body),
        )
        .unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the library's grader gives each (answer file, puzzle), as the
/// server must store it.
fn expected_grades() -> Vec<Vec<bitscope::class::store::GradeRow>> {
    let set = parse_set(&read(DATALAB, "puzzles.c")).unwrap();
    let grader = Grader::new(set, &read(DATALAB, "reference.c")).unwrap();
    let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
    ANSWERS
        .iter()
        .map(|f| {
            let g = grader.grade_file(&read(DATALAB, f), &bitscope::practice::options(), &mut ctl);
            g.puzzles.iter().map(student_safe).collect()
        })
        .collect()
}

/// The reference's expressions that the puzzle set does not show: none may
/// reach a student.
fn secrets() -> Vec<String> {
    let reference = read(DATALAB, "reference.c");
    let public = read(DATALAB, "puzzles.c");
    let mut out = vec!["test_".to_string()];
    for part in reference.split("return ").skip(1) {
        let expr = part.split(';').next().unwrap().trim().to_string();
        let numeric = expr.chars().all(|c| c.is_ascii_alphanumeric());
        if expr.len() >= 5 && !numeric && !public.contains(&expr) {
            out.push(expr);
        }
    }
    for line in reference.lines().map(str::trim) {
        if line.len() >= 12
            && !line.starts_with("int ")
            && !line.starts_with("/*")
            && !public.contains(line)
        {
            out.push(line.to_string());
        }
    }
    out
}

/// A student's response without the sources they sent (their own text).
fn without_sources(mut v: Value) -> String {
    if let Some(subs) = v["submissions"].as_array_mut() {
        for s in subs {
            s["source"] = Value::Null;
        }
    }
    v.to_string()
}

fn assert_no_secret(text: &str, secrets: &[String]) {
    for s in secrets {
        assert!(
            !text.contains(s.as_str()),
            "a student saw `{s}` of the reference: {text}"
        );
    }
}

#[test]
fn a_class_of_24_students_is_graded_exactly_and_keeps_its_rules() {
    let dir = temp("rules");
    let db = dir.join("class.db");
    let week = new_class(
        &db,
        "week2",
        &format!("{DATALAB}puzzles.c"),
        &format!("{DATALAB}reference.c"),
        24,
    );
    let loops = new_class(
        &db,
        "loops",
        &format!("{CLASS}loops.c"),
        &format!("{CLASS}loops_reference.c"),
        2,
    );
    let server = Server::start(&db);
    let (secrets, expected) = (secrets(), expected_grades());
    let set = parse_set(&read(DATALAB, "puzzles.c")).unwrap();
    // every student submits every puzzle at once, student k the answers of file k % 4
    let mut subs = Vec::new();
    for (p, puzzle) in set.puzzles.iter().enumerate() {
        for k in 0..24 {
            let source = format!("{}\n/* try {k} {p} */\n", read(DATALAB, ANSWERS[k % 4]));
            subs.push((
                k,
                p,
                Submission {
                    token: token(&week, k),
                    puzzle: puzzle.name.clone(),
                    source,
                },
            ));
        }
    }
    let plain: Vec<Submission> = subs.iter().map(|s| s.2.clone()).collect();
    let results = load::submit_all(
        server.addr,
        "week2",
        &plain,
        8,
        (&AtomicBool::new(false), &AtomicUsize::new(0)),
    );
    for ((k, p, _), sent) in subs.iter().zip(&results) {
        let reply = sent.as_ref().unwrap().reply.as_ref().unwrap();
        assert_eq!(reply.status, 200, "{}", reply.text());
        let v = reply.json();
        let want = &expected[k % 4][*p];
        let got = (
            v["status"].as_str().unwrap(),
            v["points"].as_u64().unwrap() as u32,
            v["reason"].as_str().unwrap(),
        );
        assert_eq!(
            got,
            (want.status.as_str(), want.points, want.reason.as_str()),
            "student {k}, puzzle {p}"
        );
        assert_eq!(v["ops"].as_u64().map(|n| n as usize), want.ops);
        assert_no_secret(&reply.text(), &secrets);
    }
    // the gradebook holds every student's total, and its CSV a row each
    let teacher = week["teacher_token"].as_str().unwrap();
    let book = server
        .get("/api/class/week2/gradebook", Some(teacher))
        .json();
    let totals: Vec<u32> = (0..4)
        .map(|f| expected[f].iter().map(|g| g.points).sum())
        .collect();
    assert_eq!(totals, [36, 26, 26, 34]);
    for (k, s) in book["students"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            (
                s["id"].as_str().unwrap(),
                s["total"].as_u64().unwrap() as u32
            ),
            (format!("s{k:02}").as_str(), totals[k % 4])
        );
        assert_eq!(s["puzzles"]["bang"]["tries"], 1);
    }
    let xnor = &book["puzzles"][0];
    assert_eq!(
        (
            xnor["name"].as_str(),
            xnor["reference_ops"].as_u64(),
            xnor["solved"].as_u64()
        ),
        (Some("bitXnor"), Some(2), Some(18))
    );
    let csv = server.get("/api/class/week2/gradebook?format=csv", Some(teacher));
    assert_eq!(csv.header("content-type"), Some("text/csv; charset=utf-8"));
    let lines: Vec<String> = csv.text().lines().map(String::from).collect();
    assert_eq!(lines.len(), 25);
    assert!(lines[0].starts_with("id,name,bitXnor,evenBits,") && lines[0].ends_with(",bang,total"));
    assert!(
        lines[2].starts_with("s01,Student 1,1,1,2,2,3,2,3,3,3,2,0,0,0,4,26"),
        "{}",
        lines[2]
    );
    // a student sees their own submissions only, and nothing of the reference
    let me = server.get("/api/class/week2/me", Some(&token(&week, 5)));
    let mine = me.json();
    assert_eq!(mine["submissions"].as_array().unwrap().len(), 14);
    assert_eq!(mine["total"], 26);
    assert!(mine["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["source"].as_str().unwrap().contains("/* try 5 ")));
    assert_no_secret(&without_sources(mine), &secrets);
    let puzzles = server.get("/api/class/week2/puzzles", Some(&token(&week, 0)));
    assert_eq!(puzzles.json()["puzzles"].as_array().unwrap().len(), 14);
    assert_no_secret(&puzzles.text(), &secrets);
    // 401, 403, 404
    let status = |r: Reply| r.status;
    assert_eq!(status(server.get("/api/class/week2/puzzles", None)), 401);
    assert_eq!(
        status(server.get("/api/class/week2/puzzles", Some("0123"))),
        401
    );
    assert_eq!(
        status(server.get("/api/class/week2/gradebook", Some(&token(&week, 0)))),
        403
    );
    assert_eq!(
        status(server.get("/api/class/week2/puzzles", Some(&token(&loops, 0)))),
        403
    );
    assert_eq!(
        status(server.get("/api/class/loops/gradebook", Some(teacher))),
        403
    );
    assert_eq!(
        status(server.get("/api/class/nope/puzzles", Some(teacher))),
        404
    );
    assert_eq!(
        status(server.submit(
            "week2",
            &token(&week, 1),
            "noSuchPuzzle",
            "int f(void) { return 0; }"
        )),
        404
    );
    // 413: a body over 64 KB, and nothing stored for it
    let big = format!(
        "int bang(int x) {{ return 0; }} /* {} */",
        "x".repeat(70_000)
    );
    let r = server.submit("week2", &token(&week, 2), "bang", &big);
    assert_eq!(
        (r.status, r.json()["error"]["kind"].as_str()),
        (413, Some("too_large"))
    );
    // bad bodies: a clear status each, the server still up
    let t3 = token(&week, 3);
    assert_eq!(server.post("week2", &t3, b"").status, 400);
    assert_eq!(
        server.post("week2", &t3, &[0xff, 0xfe, 0, 1, 2]).status,
        400
    );
    assert_eq!(server.submit("week2", &t3, "bang", "   ").status, 400);
    let unterminated = server.submit(
        "week2",
        &t3,
        "bang",
        "int bang(int x) { return x; /* never closed",
    );
    assert_eq!(
        (unterminated.status, unterminated.json()["status"].as_str()),
        (200, Some("error"))
    );
    let deep = format!(
        "int bang(int x) {{ return {}x{}; }}",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    let deep = server.submit("week2", &t3, "bang", &deep);
    assert_eq!(
        (deep.status, deep.json()["status"].as_str()),
        (200, Some("error")),
        "{}",
        deep.text()
    );
    let endless = "int bitCount(int x) { int n = 0; while (1) { n++; } return n; }";
    let r = server.submit("loops", &token(&loops, 0), "bitCount", endless);
    assert_eq!(
        (r.status, r.json()["status"].as_str()),
        (200, Some("wrong")),
        "{}",
        r.text()
    );
    let nul = server.submit("week2", &t3, "bang", "int bang(int x) { return \0 x; }");
    assert_eq!(
        (nul.status, nul.json()["status"].as_str()),
        (200, Some("error"))
    );
    // 429: the 21st submission in a minute, with Retry-After
    let t4 = token(&week, 4);
    let answer = read(DATALAB, "student_correct.c");
    let codes: Vec<u16> = (0..7)
        .map(|_| server.submit("week2", &t4, "bitXnor", &answer).status)
        .collect();
    assert_eq!(
        codes,
        [200; 6].iter().copied().chain([429]).collect::<Vec<_>>(),
        "student 4 had sent 14"
    );
    let r = server.submit("week2", &t4, "bitXnor", &answer);
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=61).contains(&wait), "{wait}");
    assert_eq!(
        server.get("/api/class/week2/puzzles", Some(teacher)).status,
        200,
        "still up"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_server_killed_mid_load_loses_no_acknowledged_submission() {
    let dir = temp("crash");
    let db = dir.join("class.db");
    let class = new_class(
        &db,
        "c",
        &format!("{DATALAB}puzzles.c"),
        &format!("{DATALAB}reference.c"),
        30,
    );
    let set = parse_set(&read(DATALAB, "puzzles.c")).unwrap();
    let mut subs = Vec::new();
    for puzzle in &set.puzzles {
        for k in 0..30 {
            let source = format!("{}\n/* {k} */\n", read(DATALAB, ANSWERS[k % 4]));
            subs.push(Submission {
                token: token(&class, k),
                puzzle: puzzle.name.clone(),
                source,
            });
        }
    }
    let mut server = Server::start(&db);
    let store = Store::open(&db).unwrap();
    let (stop, answered) = (AtomicBool::new(false), AtomicUsize::new(0));
    let results = std::thread::scope(|scope| {
        let killer = scope.spawn(|| {
            // the kill comes once 60 submissions were answered 200
            let t = Instant::now();
            while answered.load(Ordering::Relaxed) < 60 && t.elapsed() < Duration::from_secs(60) {
                std::thread::sleep(Duration::from_millis(2));
            }
            server.child.kill().unwrap(); // SIGKILL
            server.child.wait().unwrap();
            stop.store(true, Ordering::Relaxed);
        });
        let r = load::submit_all(server.addr, "c", &subs, 16, (&stop, &answered));
        killer.join().unwrap();
        r
    });
    let acked: Vec<Value> = results
        .iter()
        .flatten()
        .filter_map(|s| {
            s.reply
                .as_ref()
                .filter(|r| r.status == 200)
                .map(Reply::json)
        })
        .collect();
    assert!(
        acked.len() >= 60,
        "{} acknowledged before the kill",
        acked.len()
    );
    assert!(acked.len() < subs.len(), "the kill came after the load");
    // restarted: what the kill cut off is graded, each submission once
    let _again = Server::start(&db);
    let t = Instant::now();
    let (s, g) = loop {
        let (s, g) = store.counts().unwrap();
        if s == g || t.elapsed() > Duration::from_secs(120) {
            break (s, g);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(s, g, "every stored submission graded after the restart");
    let class_id = store.class("c").unwrap().unwrap().id;
    let rows = store.submissions(None, class_id).unwrap();
    assert_eq!(rows.len() as i64, s);
    for v in &acked {
        let row = rows
            .iter()
            .find(|r| Some(r.id) == v["id"].as_i64())
            .expect("an acknowledged submission is stored");
        let grade = row.grade.as_ref().unwrap();
        assert_eq!(
            (
                v["status"].as_str().unwrap(),
                v["points"].as_u64().unwrap() as u32
            ),
            (grade.status.as_str(), grade.points)
        );
    }
    drop(_again);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn class_new_refuses_a_set_or_reference_that_does_not_read_and_creates_nothing() {
    let dir = temp("refuse");
    let db = dir.join("class.db");
    let roster = dir.join("roster.csv");
    std::fs::write(&roster, "a,A\n").unwrap();
    let bad_ref = dir.join("ref.c");
    std::fs::write(
        &bad_ref,
        "int test_bitXnor(int x, int y) { return ~(x ^ y) }\n",
    )
    .unwrap();
    let run = |puzzles: &str, reference: &Path| {
        std::process::Command::new(exe())
            .args(["class", "new", "--db"])
            .arg(&db)
            .args(["--name", "w", "--puzzles", puzzles, "--reference"])
            .arg(reference)
            .arg("--roster")
            .arg(&roster)
            .output()
            .unwrap()
    };
    let out = run(&format!("{DATALAB}puzzles.c"), &bad_ref);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ref.c") && err.contains("line 1, column 50"),
        "{err}"
    );
    let bad_set = dir.join("set.c");
    std::fs::write(
        &bad_set,
        "/*\n * f - g\n *   Legal ops: ! ~ @\n *   Max ops: 3\n */\nint f(int x) { return 0; }\n",
    )
    .unwrap();
    let out = run(
        bad_set.to_str().unwrap(),
        Path::new(&format!("{DATALAB}reference.c")),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 3"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!db.exists() || Store::open(&db).unwrap().class_names().unwrap().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
