//! Simulated students for `bench class` and the server's tests: a running
//! `bitscope class serve` child process, and many submissions sent at once
//! over a fixed number of connections, each timed.

use super::client::{request, Reply};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One answer to send.
#[derive(Clone, Debug)]
pub struct Submission {
    pub token: String,
    pub puzzle: String,
    pub source: String,
}

/// What came back: the reply (none when the connection failed) and how long.
#[derive(Clone, Debug)]
pub struct Sent {
    pub reply: Option<Reply>,
    pub latency: Duration,
}

/// Starts `exe class serve --db DB --port 0 ARGS...` and reads the address
/// it listens on from its first line.
///
/// # Errors
/// It does not start, or stops before saying where it listens.
pub fn spawn_server(exe: &Path, db: &Path, args: &[&str]) -> std::io::Result<(Child, SocketAddr)> {
    let mut child = Command::new(exe)
        .args(["class", "serve", "--db"])
        .arg(db)
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| std::io::Error::other("no stdout"))?;
    let mut lines = BufReader::new(stdout).lines();
    for line in lines.by_ref() {
        let line = line?;
        if let Some(addr) = line.split("http://").nth(1) {
            let addr = addr
                .trim_end_matches('/')
                .parse()
                .map_err(std::io::Error::other)?;
            // the rest of its output is drained, so it never blocks on a full pipe
            std::thread::spawn(move || lines.for_each(drop));
            return Ok((child, addr));
        }
    }
    let _ = child.kill();
    Err(std::io::Error::other(
        "the server stopped before it listened",
    ))
}

/// The JSON body of a submission.
pub fn body(s: &Submission) -> Vec<u8> {
    serde_json::json!({"puzzle": s.puzzle, "source": s.source})
        .to_string()
        .into_bytes()
}

/// Sends every submission to class `class` over `connections` threads, in
/// order, until `stop` is set, counting the 200s in `ok` as they come;
/// gives each one's result (`None`: not sent).
pub fn submit_all(
    addr: SocketAddr,
    class: &str,
    subs: &[Submission],
    connections: usize,
    (stop, ok): (&AtomicBool, &AtomicUsize),
) -> Vec<Option<Sent>> {
    let next = AtomicUsize::new(0);
    let out: Vec<Mutex<Option<Sent>>> = subs.iter().map(|_| Mutex::new(None)).collect();
    let path = format!("/api/class/{class}/submit");
    std::thread::scope(|scope| {
        for _ in 0..connections.max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= subs.len() || stop.load(Ordering::Relaxed) {
                    return;
                }
                let t = Instant::now();
                let reply = request(
                    addr,
                    "POST",
                    &path,
                    Some(&subs[k].token),
                    Some(&body(&subs[k])),
                )
                .ok();
                if reply.as_ref().is_some_and(|r| r.status == 200) {
                    ok.fetch_add(1, Ordering::Relaxed);
                }
                let sent = Sent {
                    reply,
                    latency: t.elapsed(),
                };
                if let Ok(mut slot) = out[k].lock() {
                    *slot = Some(sent);
                }
            });
        }
    });
    out.into_iter()
        .map(|m| m.into_inner().ok().flatten())
        .collect()
}

/// Latencies and throughput of a load.
#[derive(Clone, Debug)]
pub struct Summary {
    pub sent: usize,
    pub ok: usize,
    /// Replies other than 200, and failed connections.
    pub errors: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub per_second: f64,
}

pub fn summary(results: &[Option<Sent>], wall: Duration) -> Summary {
    let sent: Vec<&Sent> = results.iter().flatten().collect();
    let mut lat: Vec<Duration> = sent.iter().map(|s| s.latency).collect();
    lat.sort_unstable();
    let at = |q: f64| {
        lat.get(((lat.len() as f64 * q).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or_default()
    };
    let ok = sent
        .iter()
        .filter(|s| s.reply.as_ref().is_some_and(|r| r.status == 200))
        .count();
    Summary {
        sent: sent.len(),
        ok,
        errors: sent.len() - ok,
        p50: at(0.50),
        p99: at(0.99),
        max: lat.last().copied().unwrap_or_default(),
        per_second: sent.len() as f64 / wall.as_secs_f64().max(1e-9),
    }
}
