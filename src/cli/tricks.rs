//! `bitscope tricks search "QUERY" [--json]`: the catalog's entries ranked
//! for a query, best first ([`bitscope::tricks::search`]);
//! `bitscope tricks show ID [--check] [--json]`: one entry;
//! `bitscope tricks check [ID...] [--seconds S] [--json]`: entries proven
//! against their specifications on every core ([`bitscope::tricks::check`]).
//!
//! An entry in JSON: `{"id", "title", "task", "fn", "source", "spec_fn",
//! "spec_source", "restriction", "ops", "proof", ...}`, `proof` null where
//! nothing was proven (search and a plain `show`).
//!
//! Exit codes: 0; 1 when `check` finds an entry that differs from its
//! specification without being declared wrong (or a wrong entry not
//! refuted at its stated input, or an entry it could not check); 2 on bad
//! input (an unknown id, an empty query).

use bitscope::tricks::check::{self, Checked, Proof, Status};
use bitscope::tricks::{catalog, search, Entry};
use clap::{Args, Subcommand};
use serde_json::{json, Value};
use std::time::Instant;

#[derive(Args)]
pub struct TricksArgs {
    #[command(subcommand)]
    command: TricksCommand,
}

#[derive(Subcommand)]
enum TricksCommand {
    /// Find tricks by title, alias, task or operator (typos forgiven).
    Search {
        /// What you are looking for ("reverse bits", "x & (x - 1)").
        query: String,
        /// The most entries shown (0: all that match).
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// One JSON array, best first.
        #[arg(long)]
        json: bool,
    },
    /// One entry: its metadata, its C source and its specification.
    Show {
        /// The entry's id (see `tricks search`).
        id: String,
        /// Also prove it against its specification.
        #[arg(long)]
        check: bool,
        /// The time budget of the proof in seconds.
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Prove entries (all of them by default) against their specifications.
    Check {
        /// The entries' ids; none: the whole catalog.
        ids: Vec<String>,
        /// The time budget per entry in seconds.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Threads (0: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// One JSON array.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: TricksArgs) -> i32 {
    match args.command {
        TricksCommand::Search { query, limit, json } => search_cmd(&query, limit, json),
        TricksCommand::Show {
            id,
            check,
            seconds,
            json,
        } => show(&id, check.then_some(seconds), json),
        TricksCommand::Check {
            ids,
            seconds,
            threads,
            json,
        } => check_cmd(&ids, seconds, threads, json),
    }
}

fn search_cmd(query: &str, limit: usize, as_json: bool) -> i32 {
    if query.trim().is_empty() {
        return super::bad_input("the query is empty");
    }
    let c = catalog();
    let hits = search::index().search(query);
    let shown = if limit == 0 {
        hits.len()
    } else {
        hits.len().min(limit)
    };
    let hits = &hits[..shown];
    if as_json {
        let v: Vec<Value> = hits
            .iter()
            .map(|h| {
                let mut v = entry_json(&c.entries[h.entry], None);
                v["matches_all_words"] = json!(h.complete);
                v
            })
            .collect();
        println!("{}", Value::Array(v));
    } else if hits.is_empty() {
        println!("no trick matches \"{query}\"");
    } else {
        if search::all_weak(hits) {
            println!("no trick matches all of your words; the closest:");
        }
        for (k, h) in hits.iter().enumerate() {
            let e = &c.entries[h.entry];
            let wrong = if e.wrong.is_some() { "  [wrong]" } else { "" };
            println!("{:2}. {:<24} {}{wrong}", k + 1, e.id, e.title);
        }
    }
    0
}

fn show(id: &str, seconds: Option<f64>, as_json: bool) -> i32 {
    let Some(e) = catalog().get(id) else {
        return super::bad_input(format!("no trick `{id}` (see `bitscope tricks search`)"));
    };
    let checked = seconds.map(|s| {
        let start = Instant::now();
        let proof = check::check(
            e,
            &check::options(),
            &mut super::progress::Deadline::after(s),
        );
        (proof, start.elapsed().as_secs_f64())
    });
    if as_json {
        let proof = checked.as_ref().map(|(p, s)| proof_json(p, *s));
        println!("{}", entry_json(e, proof));
    } else {
        print!("{}", entry_text(e));
        if let Some((p, s)) = &checked {
            println!("check: {} ({s:.2} s)", proof_text(p));
        }
    }
    match &checked {
        Some((Ok(p), _)) if !p.as_declared(e) => 1,
        Some((Err(_), _)) => 1,
        _ => 0,
    }
}

fn check_cmd(ids: &[String], seconds: f64, threads: usize, as_json: bool) -> i32 {
    let c = catalog();
    let mut chosen = Vec::new();
    for id in ids {
        match c.entries.iter().position(|e| &e.id == id) {
            Some(k) => chosen.push(k),
            None => {
                return super::bad_input(format!("no trick `{id}` (see `bitscope tricks search`)"))
            }
        }
    }
    if chosen.is_empty() {
        chosen = (0..c.entries.len()).collect();
    }
    if !(seconds > 0.0 && seconds.is_finite()) {
        return super::bad_input("--seconds must be a positive number");
    }
    let start = Instant::now();
    let results = check::check_all(&c.entries, &chosen, seconds, threads);
    let total = start.elapsed().as_secs_f64();
    let bad = results
        .iter()
        .filter(|r| !fine(&c.entries[r.index], r))
        .count();
    if as_json {
        let v: Vec<Value> = results
            .iter()
            .map(|r| check_json(&c.entries[r.index], r))
            .collect();
        println!("{}", Value::Array(v));
    } else {
        for r in &results {
            let e = &c.entries[r.index];
            let mark = if fine(e, r) {
                ""
            } else {
                "  <-- DIFFERS FROM ITS DECLARATION"
            };
            println!(
                "{:<26} {:>6.2} s  {}{mark}",
                e.id,
                r.seconds,
                proof_text(&r.proof)
            );
        }
        println!("{}", summary(&results, total));
    }
    i32::from(bad > 0)
}

/// Whether an entry's check says what the catalog declares.
fn fine(e: &Entry, r: &Checked) -> bool {
    r.proof.as_ref().is_ok_and(|p| p.as_declared(e))
}

/// `257 entries in 41.3 s: 200 proven, ...`.
pub fn summary(results: &[Checked], seconds: f64) -> String {
    let count = |s: Status| {
        results
            .iter()
            .filter(|r| r.proof.as_ref().is_ok_and(|p| p.status == s))
            .count()
    };
    let errors = results.iter().filter(|r| r.proof.is_err()).count();
    format!(
        "{} entries in {seconds:.1} s: {} proven, {} checked on every input, {} not proven, {} refuted, {errors} not checked",
        results.len(),
        count(Status::Proven),
        count(Status::Checked),
        count(Status::NotProven),
        count(Status::Refuted),
    )
}

fn proof_text(p: &Result<Proof, check::CheckError>) -> String {
    match p {
        Ok(p) => p.text.clone(),
        Err(e) => format!("not checked: {e}"),
    }
}

fn proof_json(p: &Result<Proof, check::CheckError>, seconds: f64) -> Value {
    match p {
        Ok(p) => {
            let mut v = json!(p);
            v["seconds"] = json!(seconds);
            if let Some(c) = &p.counterexample {
                let args: serde_json::Map<String, Value> =
                    c.args.iter().map(|(n, v)| (n.clone(), json!(v))).collect();
                v["counterexample"] =
                    json!({"args": args, "gives": c.gives, "expected": c.expected});
            }
            v
        }
        Err(e) => json!({"status": "error", "text": e.to_string(), "seconds": seconds}),
    }
}

fn check_json(e: &Entry, r: &Checked) -> Value {
    json!({
        "id": e.id,
        "wrong": e.wrong.is_some(),
        "as_declared": fine(e, r),
        "proof": proof_json(&r.proof, r.seconds),
    })
}

/// An entry as JSON (the shape in the module docs).
fn entry_json(e: &Entry, proof: Option<Value>) -> Value {
    json!({
        "id": e.id,
        "title": e.title,
        "task": e.task,
        "fn": e.fn_name,
        "source": e.source,
        "spec_fn": e.spec_name,
        "spec_source": e.spec_source,
        "restriction": e.restriction,
        "ops": e.ops,
        "proof": proof,
        "family": e.family,
        "aliases": e.aliases,
        "width": e.width,
        "from": e.from,
        "panel": e.panel,
        "wrong": e.wrong.as_ref().map(|w| json!({
            "fixed_by": w.fixed_by,
            "at": w.show(),
        })),
    })
}

fn entry_text(e: &Entry) -> String {
    let mut out = format!("{} ({})\n  {}\n", e.title, e.id, e.task);
    let restriction = e.restriction.as_deref().unwrap_or("none");
    out += &format!(
        "  family {}, {} bits, {} operators, restriction: {restriction}\n",
        e.family, e.width, e.ops
    );
    out += &format!(
        "  also: {}\n  from: {}\n  panel: {}\n",
        e.aliases.join("; "),
        e.from,
        e.panel
    );
    if let Some(w) = &e.wrong {
        out += &format!("  WRONG at {} (fixed by {})\n", w.show(), w.fixed_by);
    }
    out += &format!("\n{}\n/* the specification */\n{}", e.source, e.spec_source);
    out
}
