//! `bitscope class`: a teacher's class on a server of its own.
//!
//! ```text
//! bitscope class new --db class.db --name NAME --puzzles P.c --reference R.c --roster roster.csv [--url URL] [--json]
//! bitscope class serve --db class.db [--port 8080] [--dir dist] [--bind 127.0.0.1] [--workers N] [--seconds S]
//!                      [--header-timeout S] [--body-timeout S] [--max-connections N]
//! bitscope class token --db class.db --name NAME (--student ID | --teacher) [--url URL] [--json]
//! bitscope class fewest --db class.db --name NAME [--seconds S] [--json]
//! ```
//!
//! `fewest` searches each puzzle's shortest program ([`class::fewest`])
//! and stores it: the gradebook's scoreboard shows the fewest possible.
//!
//! `new` prints the teacher's token and each student's token and link
//! (shown once: only their hashes are stored); `token` issues a new one for
//! a member who lost theirs. `serve` serves the site and the API
//! ([`bitscope::class::api`]) on loopback unless `--bind` says otherwise,
//! and first grades what a crash left ungraded.

use bitscope::class::{self, api, grading, roster, store::Store};
use clap::{Args, Subcommand};
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(Args)]
pub struct ClassArgs {
    #[command(subcommand)]
    command: ClassCommand,
}

#[derive(Subcommand)]
enum ClassCommand {
    /// Create a class from a puzzle set, its reference and a roster.
    New(NewArgs),
    /// Serve the site and the class API.
    Serve(ServeArgs),
    /// Issue a new token for a student (or the teacher); the old one stops working.
    Token(TokenArgs),
    /// Search each puzzle's shortest program; the scoreboard shows it.
    Fewest(FewestArgs),
}

#[derive(Args)]
struct FewestArgs {
    #[arg(long)]
    db: PathBuf,
    /// The class's name.
    #[arg(long)]
    name: String,
    /// The search's time per puzzle, in seconds.
    #[arg(long, default_value_t = 60.0)]
    seconds: f64,
    /// One JSON object a puzzle.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct NewArgs {
    /// The database file (created if missing).
    #[arg(long)]
    db: PathBuf,
    /// The class's name (letters, digits, '-', '_', '.', '@'), used in its links.
    #[arg(long)]
    name: String,
    /// The puzzle set (data-lab comment blocks and stubs).
    #[arg(long)]
    puzzles: String,
    /// The reference answers (`NAME` or `test_NAME`); never sent to students.
    #[arg(long)]
    reference: String,
    /// The roster, `id,name[,file]` a line (CSV).
    #[arg(long)]
    roster: String,
    /// Where the class will be served, for the links.
    #[arg(long, default_value = "http://127.0.0.1:8080/")]
    url: String,
    /// One JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct ServeArgs {
    /// The database file.
    #[arg(long)]
    db: PathBuf,
    /// Port (0 picks a free one).
    #[arg(long, env = "PORT", default_value_t = 8080)]
    port: u16,
    /// The built site to serve beside the API (`make dist`).
    #[arg(long, default_value = "dist")]
    dir: PathBuf,
    /// Address to bind; loopback unless you mean otherwise (put a TLS
    /// reverse proxy in front of anything else).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Grading threads (default: one a core).
    #[arg(long)]
    workers: Option<usize>,
    /// The prover's time budget per answer, in seconds.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Seconds a connection may take to send a request's header, or stay
    /// idle between requests, before it is closed.
    #[arg(long, default_value_t = 10.0)]
    header_timeout: f64,
    /// Seconds a request may take to send its body.
    #[arg(long, default_value_t = 30.0)]
    body_timeout: f64,
    /// Connections served at once (more wait to be accepted).
    #[arg(long, default_value_t = 512)]
    max_connections: usize,
}

impl ServeArgs {
    /// The connections' limits, or why a flag is not a number of seconds.
    fn conn_limits(&self) -> Result<super::serve::ConnLimits, String> {
        let secs = |flag: &str, v: f64| {
            Duration::try_from_secs_f64(v)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or(format!("--{flag}: give a positive number of seconds"))
        };
        Ok(super::serve::ConnLimits {
            header_read: secs("header-timeout", self.header_timeout)?,
            body_read: secs("body-timeout", self.body_timeout)?,
            max_connections: self.max_connections.max(1),
        })
    }
}

#[derive(Args)]
struct TokenArgs {
    #[arg(long)]
    db: PathBuf,
    /// The class's name.
    #[arg(long)]
    name: String,
    /// The student's roster id.
    #[arg(long, conflicts_with = "teacher", required_unless_present = "teacher")]
    student: Option<String>,
    /// The teacher's token instead.
    #[arg(long)]
    teacher: bool,
    #[arg(long, default_value = "http://127.0.0.1:8080/")]
    url: String,
    #[arg(long)]
    json: bool,
}

pub fn run(args: ClassArgs) -> i32 {
    match args.command {
        ClassCommand::New(a) => new(&a),
        ClassCommand::Serve(a) => serve(a),
        ClassCommand::Token(a) => token(&a),
        ClassCommand::Fewest(a) => fewest(&a),
    }
}

fn open(db: &std::path::Path) -> Result<Store, i32> {
    Store::open(db).map_err(|e| super::bad_input(format!("{}: {e}", db.display())))
}

fn new(a: &NewArgs) -> i32 {
    let read = |path: &str| super::read_input(path);
    let (puzzles, reference, roster_text) =
        match (read(&a.puzzles), read(&a.reference), read(&a.roster)) {
            (Ok(p), Ok(r), Ok(s)) => (p, r, s),
            (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return super::bad_input(e),
        };
    let roster = match roster::parse(&roster_text) {
        Ok(r) => r,
        Err(e) => return super::bad_input(format!("{}: {e}", a.roster)),
    };
    // the set and reference are checked before the database is touched
    if let Err(e) = grading::Class::read(0, &a.name, &puzzles, &reference) {
        let file = if e.starts_with("puzzles") {
            &a.puzzles
        } else {
            &a.reference
        };
        return super::bad_input(format!("{file}: {e}"));
    }
    let store = match open(&a.db) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let created = match class::create(&store, &a.name, &puzzles, &reference, &roster) {
        Ok(c) => c,
        Err(e) => return super::bad_input(e),
    };
    let teacher_link = class::teacher_link(&a.url, &created.class, &created.teacher_token);
    if a.json {
        let students: Vec<_> = created
            .students
            .iter()
            .map(|s| {
                let link = class::student_link(&a.url, &created.class, &s.token);
                json!({"id": s.student, "name": s.name, "token": s.token, "link": link})
            })
            .collect();
        let out = json!({"class": created.class, "teacher_token": created.teacher_token, "teacher_link": teacher_link, "students": students});
        println!("{out}");
        return 0;
    }
    println!(
        "class `{}`: {} students",
        created.class,
        created.students.len()
    );
    println!("teacher token: {}", created.teacher_token);
    println!("teacher link:  {teacher_link}");
    println!("(tokens are shown once: keep them; `bitscope class token` issues a new one)");
    println!("{:<16} {:<24} {:<50} link", "id", "name", "token");
    for s in &created.students {
        let link = class::student_link(&a.url, &created.class, &s.token);
        println!("{:<16} {:<24} {:<50} {link}", s.student, s.name, s.token);
    }
    0
}

fn token(a: &TokenArgs) -> i32 {
    let store = match open(&a.db) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let who = if a.teacher {
        None
    } else {
        a.student.as_deref()
    };
    let t = match store.reissue_token(&a.name, who) {
        Ok(t) => t,
        Err(e) => return super::bad_input(e),
    };
    let link = match who {
        None => class::teacher_link(&a.url, &a.name, &t),
        Some(_) => class::student_link(&a.url, &a.name, &t),
    };
    if a.json {
        println!(
            "{}",
            json!({"class": a.name, "id": who, "token": t, "link": link})
        );
    } else {
        println!("token: {t}\nlink:  {link}");
    }
    0
}

fn serve(a: ServeArgs) -> i32 {
    let limits = match a.conn_limits() {
        Ok(l) => l,
        Err(e) => return super::bad_input(e),
    };
    let store = match open(&a.db) {
        Ok(s) => Arc::new(s),
        Err(code) => return code,
    };
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let queue = grading::Queue::start(store.clone(), a.workers.unwrap_or(cores), a.seconds);
    let server = Arc::new(api::Server::new(
        store.clone(),
        queue.clone(),
        api::Limits::default(),
    ));
    match queue.requeue_pending(&store, &server.classes) {
        Ok(0) => {}
        Ok(n) => println!("bitscope class: grading {n} submissions a stop left ungraded"),
        Err(e) => return super::bad_input(e),
    }
    let mut app = api::router(server);
    if a.dir.join("index.html").is_file() {
        app = app.fallback_service(super::serve::app(&a.dir, "/".into()));
    } else {
        eprintln!("bitscope class: {} has no index.html: serving the API only (`make dist` builds the site)", a.dir.display());
    }
    let say = move |addr| {
        format!(
            "bitscope class: serving {} on http://{addr}/",
            a.db.display()
        )
    };
    super::serve::serve_until_stopped(SocketAddr::new(a.bind, a.port), app, true, limits, say)
}

fn fewest(a: &FewestArgs) -> i32 {
    if !(a.seconds.is_finite() && a.seconds >= 0.0) {
        return super::bad_input("--seconds: give a number of seconds");
    }
    let store = match open(&a.db) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let row = match store.class(&a.name) {
        Ok(Some(row)) => row,
        Ok(None) => {
            return super::bad_input(format!("no class named `{}` in {}", a.name, a.db.display()))
        }
        Err(e) => return super::bad_input(e),
    };
    let c = match grading::Class::read(row.id, &row.name, &row.puzzles, &row.reference) {
        Ok(c) => c,
        Err(e) => return super::bad_input(e),
    };
    for k in 0..c.grader.set.puzzles.len() {
        let f = class::fewest::search(&c, k, a.seconds);
        if let Err(e) = store.set_fewest(c.id, &f) {
            return super::bad_input(e);
        }
        if a.json {
            println!("{}", json!(f));
        } else {
            let ops = f.ops.map_or("-".into(), |o| o.to_string());
            let what = if f.proven { "the fewest" } else { "" };
            println!(
                "{:<20} {ops:>3} {what:<10} at least {:<3} {}",
                f.puzzle, f.at_least, f.note
            );
        }
    }
    0
}
