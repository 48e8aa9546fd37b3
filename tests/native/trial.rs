//! What a trial of the class tools found (issue 66), each checked as a
//! teacher or a student would meet it: every CSV the project writes read
//! back by Python's `csv` module with no cell a spreadsheet would run; a
//! file that does not parse named in the table, the CSV and the JSON; a
//! constant named by the rule it breaks; idle and half-sent connections
//! closed while a student's submit is still answered; the connection cap;
//! `bearer` in any case; the teacher's token refused on submit; and no
//! query parameter that shows a student another's data.

use bitscope::class::client::{request, Reply};
use bitscope::class::load;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

const DATALAB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab/");
const XNOR: &str = "int bitXnor(int x, int y) { return ~(x & ~y) & ~(~x & y); }";

fn exe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_bitscope"))
}

fn temp(name: &str) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("trial-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A roster whose names (and ids) a spreadsheet would run as formulas.
const EVIL_ROSTER: &str = "id,name,file\n\
    @ada,\"=HYPERLINK(\"\"http://example.invalid\"\",\"\"x\"\")\",student_correct.c\n\
    -bob,+SUM(A1:A9),student_parse.c\n\
    cy,-2+3,\n\
    dee,\"\tTab\",student_wrong.c\n\
    eve,\"\rReturn\",\n";

/// The cells of a CSV as Python's `csv` module reads them, and those
/// that begin with a formula's character.
fn python_csv_cells(csv: &str, dir: &Path) -> (Vec<Vec<String>>, Vec<String>) {
    let file = dir.join("sheet.csv");
    std::fs::write(&file, csv).unwrap();
    let script = "import csv, json, sys\n\
        rows = list(csv.reader(open(sys.argv[1], newline='')))\n\
        bad = [c for r in rows for c in r if c[:1] in ('=', '+', '-', '@', '\\t', '\\r')]\n\
        print(json.dumps({'rows': rows, 'bad': bad}))\n";
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(&file)
        .output()
        .expect("python3 reads the CSV");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    };
    let rows = v["rows"].as_array().unwrap().iter().map(strings).collect();
    (rows, strings(&v["bad"]))
}

fn grade_class(dir: &Path, format: &str) -> String {
    let out = Command::new(exe())
        .args(["practice", "grade", "--puzzles"])
        .arg(format!("{DATALAB}puzzles.c"))
        .arg("--reference")
        .arg(format!("{DATALAB}reference.c"))
        .arg("--roster")
        .arg(dir.join("roster.csv"))
        .arg(dir)
        .args([format].iter().filter(|f| !f.is_empty()))
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_graded_csv_runs_no_formula_and_names_what_did_not_parse() {
    let dir = temp("grade-csv");
    std::fs::write(dir.join("roster.csv"), EVIL_ROSTER).unwrap();
    for f in ["student_correct.c", "student_parse.c", "student_wrong.c"] {
        std::fs::copy(format!("{DATALAB}{f}"), dir.join(f)).unwrap();
    }
    let (rows, bad) = python_csv_cells(&grade_class(&dir, "--csv"), &dir);
    assert_eq!(bad, Vec::<String>::new(), "cells a spreadsheet would run");
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[1][0], "'@ada");
    assert_eq!(rows[1][1], "'=HYPERLINK(\"http://example.invalid\",\"x\")");
    assert_eq!(
        (rows[2][0].as_str(), rows[2][1].as_str()),
        ("'-bob", "'+SUM(A1:A9)")
    );
    // the file that does not parse: its reason in the error column
    let error = rows[2].last().unwrap();
    assert!(error.starts_with("getByte: line 2"), "{error:?}");
    assert!(error.contains("expected `;`"), "{error:?}");
    // ... in the table
    let table = grade_class(&dir, "");
    let bob = table.lines().find(|l| l.starts_with("-bob")).unwrap();
    assert!(bob.contains("error: getByte: line 2"), "{bob}");
    // ... and in the JSON
    let json: Value = serde_json::from_str(&grade_class(&dir, "--json")).unwrap();
    let error = json["students"][1]["error"].as_str().unwrap();
    assert!(error.starts_with("getByte: line 2"), "{error}");
    assert_eq!(json["students"][0]["error"], Value::Null);
}

#[test]
fn a_constant_over_the_limit_names_the_rule_it_breaks() {
    let dir = temp("constant-rule");
    let student = "int evenBits(void) {\n  return 0x55555555;\n}\n";
    std::fs::write(dir.join("s.c"), student).unwrap();
    let out = Command::new(exe())
        .args(["practice", "grade", "--puzzles"])
        .arg(format!("{DATALAB}puzzles.c"))
        .arg("--reference")
        .arg(format!("{DATALAB}reference.c"))
        .arg(dir.join("s.c"))
        .arg("--json")
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let puzzles = v["puzzles"].as_array().unwrap();
    let even = puzzles.iter().find(|p| p["name"] == "evenBits").unwrap();
    assert_eq!(even["kind"], "constant");
    assert_eq!(
        even["reason"],
        "line 2: the constant 0x55555555 breaks the rule \"constants 0 through 255\""
    );
}

/// A `class serve` child, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start(db: &Path, extra: &[&str]) -> Server {
        let none = db.with_file_name("no-site");
        let mut args = vec!["--dir", none.to_str().unwrap(), "--workers", "1"];
        args.extend_from_slice(extra);
        let (child, addr) = load::spawn_server(exe(), db, &args).unwrap();
        Server { child, addr }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `class new` on the data lab with `roster`; its JSON.
fn new_class(dir: &Path, roster: &str) -> (PathBuf, Value) {
    let db = dir.join("class.db");
    std::fs::write(dir.join("roster.csv"), roster).unwrap();
    let out = Command::new(exe())
        .args(["class", "new", "--db"])
        .arg(&db)
        .args(["--name", "lab", "--puzzles"])
        .arg(format!("{DATALAB}puzzles.c"))
        .arg("--reference")
        .arg(format!("{DATALAB}reference.c"))
        .arg("--roster")
        .arg(dir.join("roster.csv"))
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (db, serde_json::from_slice(&out.stdout).unwrap())
}

fn student(class: &Value, k: usize) -> String {
    class["students"][k]["token"].as_str().unwrap().to_string()
}

fn submit(addr: SocketAddr, token: &str) -> Reply {
    let body = json!({"puzzle": "bitXnor", "source": XNOR}).to_string();
    let path = "/api/class/lab/submit";
    request(addr, "POST", path, Some(token), Some(body.as_bytes())).unwrap()
}

/// Sends `raw` as it is and reads the whole response (the server closes).
fn raw(addr: SocketAddr, raw: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(raw.as_bytes()).unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

#[test]
fn the_gradebook_csv_runs_no_formula() {
    let dir = temp("book-csv");
    let (db, class) = new_class(&dir, EVIL_ROSTER);
    let server = Server::start(&db, &[]);
    assert_eq!(submit(server.addr, &student(&class, 0)).status, 200);
    let teacher = class["teacher_token"].as_str().unwrap();
    let csv = request(
        server.addr,
        "GET",
        "/api/class/lab/gradebook?format=csv",
        Some(teacher),
        None,
    )
    .unwrap();
    assert_eq!(csv.status, 200);
    let (rows, bad) = python_csv_cells(&csv.text(), &dir);
    assert_eq!(bad, Vec::<String>::new(), "cells a spreadsheet would run");
    assert_eq!(rows.len(), 6);
    assert_eq!(
        rows[1][..3],
        [
            "'@ada",
            "'=HYPERLINK(\"http://example.invalid\",\"x\")",
            "1"
        ]
    );
}

#[test]
fn the_bearer_scheme_is_any_case_and_the_teacher_cannot_submit() {
    let dir = temp("bearer");
    let (db, class) = new_class(&dir, "id,name\nada,Ada\nbob,Bob\n");
    let server = Server::start(&db, &[]);
    let token = student(&class, 0);
    for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
        let reply = raw(
            server.addr,
            &format!("GET /api/class/lab/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\nauthorization: {scheme}  {token}\r\n\r\n"),
        );
        assert!(reply.starts_with("HTTP/1.1 200"), "{scheme}: {reply}");
    }
    let basic = raw(
        server.addr,
        &format!("GET /api/class/lab/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Basic {token}\r\n\r\n"),
    );
    assert!(basic.starts_with("HTTP/1.1 401"), "{basic}");
    // the teacher's token: 403 with its reason, and nothing stored
    let teacher = class["teacher_token"].as_str().unwrap();
    let refused = submit(server.addr, teacher);
    assert_eq!(refused.status, 403);
    assert!(refused.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("the teacher's token cannot submit"));
    let book = request(
        server.addr,
        "GET",
        "/api/class/lab/gradebook",
        Some(teacher),
        None,
    )
    .unwrap()
    .json();
    assert_eq!(book["puzzles"][0]["tried"], 0);
}

#[test]
fn no_query_parameter_shows_a_student_another_students_data() {
    let dir = temp("me-query");
    let (db, class) = new_class(&dir, "id,name\nada,Ada\nbob,Bob\n");
    let server = Server::start(&db, &[]);
    let (ada, bob) = (student(&class, 0), student(&class, 1));
    assert_eq!(submit(server.addr, &bob).status, 200);
    let queries = [
        "",
        "?student=bob",
        "?id=bob",
        "?member=bob",
        "?name=Bob",
        "?student=bob&id=2",
        "?token=x",
        "?class=lab&student=bob",
        "?student[]=bob",
        "?as=teacher",
    ];
    for q in queries {
        let me = request(
            server.addr,
            "GET",
            &format!("/api/class/lab/me{q}"),
            Some(&ada),
            None,
        )
        .unwrap();
        assert_eq!(me.status, 200, "{q}");
        let v = me.json();
        assert_eq!(
            (v["member"]["id"].as_str(), v["total"].as_u64()),
            (Some("ada"), Some(0)),
            "{q}"
        );
        assert_eq!(v["submissions"], json!([]), "{q}");
        assert!(!me.text().contains("bitXnor(int x"), "{q}");
    }
    // and the gradebook stays the teacher's under any query
    for q in ["", "?format=csv", "?student=ada", "?role=teacher"] {
        let book = request(
            server.addr,
            "GET",
            &format!("/api/class/lab/gradebook{q}"),
            Some(&ada),
            None,
        )
        .unwrap();
        assert_eq!(book.status, 403, "{q}");
    }
}

/// Whether the server closed `s` within `limit` (a read gives EOF or a reset).
fn closed_within(s: &mut TcpStream, limit: Duration) -> bool {
    let start = Instant::now();
    s.set_read_timeout(Some(limit)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            // a response (a 408 or a 400 for the body's timeout) before the close
            Ok(_) if start.elapsed() < limit => continue,
            Ok(_) => return false,
            Err(e) => {
                return !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                )
            }
        }
    }
}

#[test]
fn idle_and_half_sent_connections_are_closed_while_a_student_is_answered() {
    let dir = temp("timeouts");
    let (db, class) = new_class(&dir, "id,name\nada,Ada\n");
    let server = Server::start(&db, &["--header-timeout", "1", "--body-timeout", "1"]);
    let token = student(&class, 0);
    let half_sent = [
        String::new(),
        "POST /api/class/lab/submit HTTP/1.1\r\nHost: x\r\n".to_string(),
        format!("POST /api/class/lab/submit HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Length: 500\r\n\r\n{{\"puzzle\""),
    ];
    let mut held: Vec<TcpStream> = (0..60)
        .map(|k| {
            let mut s = TcpStream::connect(server.addr).unwrap();
            s.write_all(half_sent[k % 3].as_bytes()).unwrap();
            s
        })
        .collect();
    // a keep-alive connection, idle after its answer
    let mut kept = TcpStream::connect(server.addr).unwrap();
    kept.write_all(b"GET /api/class/lab/puzzles HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    held.push(kept);
    // meanwhile a real student's submit is answered
    let reply = submit(server.addr, &token);
    assert_eq!(
        (reply.status, reply.json()["status"].as_str()),
        (200, Some("correct"))
    );
    let deadline = Duration::from_secs(8);
    for (k, s) in held.iter_mut().enumerate() {
        assert!(
            closed_within(s, deadline),
            "connection {k} still open after {deadline:?}"
        );
    }
}

#[test]
fn connections_past_the_cap_wait_for_a_free_one() {
    let dir = temp("cap");
    let (db, class) = new_class(&dir, "id,name\nada,Ada\n");
    let server = Server::start(&db, &["--max-connections", "4", "--header-timeout", "60"]);
    let idle: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut fifth = TcpStream::connect(server.addr).unwrap();
    let ask = format!("GET /api/class/lab/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer {}\r\n\r\n", student(&class, 0));
    fifth.write_all(ask.as_bytes()).unwrap();
    fifth
        .set_read_timeout(Some(Duration::from_millis(1500)))
        .unwrap();
    let mut buf = [0u8; 64];
    let waited = fifth.read(&mut buf);
    assert!(
        matches!(&waited, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "the fifth connection was served past the cap of 4: {waited:?}"
    );
    drop(idle);
    fifth
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut out = Vec::new();
    let _ = fifth.read_to_end(&mut out);
    assert!(
        out.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&out)
    );
}

#[test]
fn a_search_with_no_program_says_the_constants_it_tried() {
    let dir = temp("synth-consts");
    // rotate left by 8: its program needs 8 and 24, neither among the
    // defaults nor suggested by the spec's literals (4 and 32)
    let spec = dir.join("rotl8.c");
    std::fs::write(
        &spec,
        "unsigned rotl8(unsigned x) { unsigned n = 4 + 4; return (x << n) | (x >> (32 - n)); }\n",
    )
    .unwrap();
    let out = Command::new(exe())
        .arg("synth")
        .arg(&spec)
        .args(["--ops", "<< >> |", "--max-ops", "3", "--timeout", "30"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("constants tried: 0, 1, 0xffffffff, 31, the spec's 4, 28, "),
        "{text}"
    );
    assert!(
        text.contains("; a program may need another: give it (--consts \"C...\") or let the search find it (--free-consts 1)"),
        "{text}"
    );
    let json = Command::new(exe())
        .arg("synth")
        .arg(&spec)
        .args([
            "--ops",
            "<< >> |",
            "--max-ops",
            "3",
            "--consts",
            "8 24",
            "--json",
        ])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        (v["status"].as_str(), v["constants"].as_str()),
        (Some("found"), Some("0, 1, 0xffffffff, 31, 8, 24"))
    );
}
