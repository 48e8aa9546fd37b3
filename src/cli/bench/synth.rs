//! `bitscope bench synth [--timeout S] [--threads N] [--only P1,P7]
//! [--engine auto|enumerate|sat] [--json] [--markdown]`: `bitscope synth` on the Hacker's Delight
//! collection, the 25 programs of Gulwani, Jha, Tiwari and Venkatesan,
//! "Synthesis of loop-free programs" (PLDI 2011), each from the plain
//! specification in `hd25.c` with the operators and constants its
//! metadata lists (as Brahma was given components). One row a program:
//!
//! ```text
//!   id  program                       status  ops known minimal  proof seconds check candidates  program found
//!   P1  turn off the rightmost 1 bit  found     2   2 yes      bdd     0.127     -        732  x & (x - 1u)
//!   P19 exchange bits 0..7 with ...   timeout   -   6 no, >= 5 -      60.001     - 1430455824
//! ```
//!
//! ("no, >= 5": every program of at most 4 operations was ruled out;
//! check: with `--find-consts`, the seconds of the CLI's check with any
//! constant after the search, not in "seconds"; "yes, any": that check
//! proved it minimal with any constants), then
//! how many were found within the timeout, proven minimal, and found in at
//! most 1 s. `--json`: one object a program, then `{"summary": ..}`;
//! `--markdown`: the table for docs/performance.md. Not in `bench all`
//! (up to 25 timeouts). Exit status 0, or 2 for bad input (`--only`).

use bitscope::lang::prove::Flow;
use bitscope::synth::{synthesize, Engine, SynthError, SynthOptions, SynthProgress, SynthSpec};
use serde_json::json;
use std::io::Write;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The collection: plain specifications with their metadata.
const HD25: &str = include_str!("hd25.c");

/// What opens each program's metadata comment (at a line's start).
const MARKER: &str = "/* @p ";

/// The longest program searched where no length is known.
const DEFAULT_MAX_OPS: usize = 10;

/// Why the collection or `--only` cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CollectionError {
    #[error("hd25.c line {line}: {why}")]
    Meta { line: usize, why: String },
    #[error("P{id}: {err}")]
    Spec { id: u32, err: SynthError },
    #[error("--only: `{0}` is not a program of the collection (P1..P25)")]
    Only(String),
}

/// One program of the collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: u32,
    pub title: String,
    /// `--ops` notation.
    pub ops: String,
    /// `--consts` notation.
    pub consts: String,
    /// The length of the paper's (or Hacker's Delight's) program here.
    pub known: Option<usize>,
    pub note: Option<String>,
    /// Its chunk of the file: the C functions (the spec is `p{id}`).
    pub source: String,
}

impl Entry {
    pub fn function(&self) -> String {
        format!("p{}", self.id)
    }
}

/// The entries of a collection file (see the comment atop `hd25.c`).
///
/// # Errors
/// A marker without an id, a metadata line that is not `key: value`, an
/// unknown or repeated key, a missing title or ops, a bad `known`, ids not
/// rising.
pub fn parse(src: &str) -> Result<Vec<Entry>, CollectionError> {
    let starts: Vec<usize> = src
        .match_indices(MARKER)
        .map(|(k, _)| k)
        .filter(|&k| k == 0 || src[..k].ends_with('\n'))
        .collect();
    let mut out: Vec<Entry> = Vec::new();
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(src.len());
        let line = src[..start].lines().count() + 1;
        let e = parse_entry(&src[start..end], line)?;
        if out.last().is_some_and(|p| p.id >= e.id) {
            let why = format!("P{} after P{}", e.id, out.last().map_or(0, |p| p.id));
            return Err(CollectionError::Meta { line, why });
        }
        out.push(e);
    }
    Ok(out)
}

/// One chunk: the metadata comment, then its functions.
fn parse_entry(chunk: &str, first: usize) -> Result<Entry, CollectionError> {
    let err = |k: usize, why: String| CollectionError::Meta {
        line: first + k,
        why,
    };
    let mut lines = chunk.lines().enumerate();
    let head = lines.next().map_or("", |l| l.1);
    let id: u32 = head
        .get(MARKER.len()..)
        .unwrap_or("")
        .trim()
        .parse()
        .map_err(|_| err(0, format!("`{head}`: the marker's number")))?;
    let mut fields: Vec<(&str, &str)> = Vec::new();
    let mut closed = false;
    for (k, l) in lines {
        let l = l.trim();
        if l == "*/" {
            closed = true;
            break;
        }
        let Some((key, value)) = l.split_once(':') else {
            return Err(err(k, format!("`{l}`: a `key: value` line")));
        };
        let key = key.trim();
        if !["title", "ops", "consts", "known", "note"].contains(&key) {
            return Err(err(k, format!("unknown key `{key}`")));
        }
        if fields.iter().any(|f| f.0 == key) {
            return Err(err(k, format!("`{key}` twice")));
        }
        fields.push((key, value.trim()));
    }
    if !closed {
        return Err(err(0, "the metadata comment ends on a line `*/`".into()));
    }
    let get = |key: &str| fields.iter().find(|f| f.0 == key).map(|f| f.1.to_string());
    let need = |key: &str| {
        get(key)
            .filter(|v| !v.is_empty())
            .ok_or_else(|| err(0, format!("P{id}: no {key}")))
    };
    let known = match get("known").unwrap_or_default().as_str() {
        "" => None,
        k => Some(
            k.parse()
                .map_err(|_| err(0, format!("P{id}: known `{k}`")))?,
        ),
    };
    Ok(Entry {
        id,
        title: need("title")?,
        ops: need("ops")?,
        consts: get("consts").unwrap_or_default(),
        known,
        note: get("note").filter(|n| !n.is_empty()),
        source: chunk.to_string(),
    })
}

/// The entries `--only` names ("P1,P7", "p3 12"), all for `None`.
///
/// # Errors
/// A name that is not an entry's.
pub fn select(all: Vec<Entry>, only: Option<&str>) -> Result<Vec<Entry>, CollectionError> {
    let Some(only) = only else {
        return Ok(all);
    };
    let mut ids = Vec::new();
    for name in only.split(|c: char| c == ',' || c.is_whitespace()) {
        if name.is_empty() {
            continue;
        }
        let digits = name.trim_start_matches(['P', 'p']);
        match digits.parse::<u32>() {
            Ok(id) if all.iter().any(|e| e.id == id) => ids.push(id),
            _ => return Err(CollectionError::Only(name.to_string())),
        }
    }
    if ids.is_empty() {
        return Err(CollectionError::Only(only.to_string()));
    }
    Ok(all.into_iter().filter(|e| ids.contains(&e.id)).collect())
}

/// One program's search.
#[derive(Clone, Debug)]
pub struct Row {
    pub id: u32,
    pub title: String,
    /// "found", "none", "timeout" or "error".
    pub status: String,
    pub ops: Option<usize>,
    pub known: Option<usize>,
    pub minimal: bool,
    /// Minimal with any constants (`--find-consts`: the check decided it).
    pub any_constants: bool,
    /// Every program shorter than this was ruled out.
    pub ruled_out: usize,
    pub proof: Option<&'static str>,
    pub seconds: f64,
    /// With `--find-consts`, the seconds of the check with any constant
    /// after it (not in `seconds`).
    pub check: Option<f64>,
    pub searched: u64,
    /// The program found, or the error.
    pub expr: Option<String>,
    /// The constants the program found uses.
    pub consts: Vec<u64>,
    /// The catalog's tricks it is built on.
    pub catalog: Vec<String>,
}

/// The specification and the options of an entry.
///
/// # Errors
/// The chunk does not parse, or its ops or consts are not understood.
pub fn prepare(e: &Entry) -> Result<(SynthSpec, SynthOptions), CollectionError> {
    let spec_err = |err| CollectionError::Spec { id: e.id, err };
    let spec = SynthSpec::parse(&e.source, Some(&e.function())).map_err(spec_err)?;
    let mut opts = SynthOptions::read(Some(&e.ops), Some(&e.consts), spec.ty).map_err(spec_err)?;
    opts.max_ops = e.known.unwrap_or(DEFAULT_MAX_OPS);
    Ok((spec, opts))
}

/// How each entry is searched.
pub struct How {
    /// Seconds per entry.
    pub timeout: f64,
    pub threads: usize,
    pub engine: Engine,
    /// The metadata's constants dropped: found as `bitscope synth` finds
    /// them (`cli::synth::synthesize_as_the_cli_does`).
    pub find_consts: bool,
}

/// Searches one entry for at most `how.timeout` seconds.
pub fn run_entry(e: &Entry, how: &How) -> Row {
    let start = Instant::now();
    let mut row = Row {
        id: e.id,
        title: e.title.clone(),
        status: "error".into(),
        ops: None,
        known: e.known,
        minimal: false,
        any_constants: false,
        ruled_out: 0,
        proof: None,
        seconds: 0.0,
        check: None,
        searched: 0,
        expr: None,
        consts: Vec::new(),
        catalog: Vec::new(),
    };
    let (spec, mut opts) = match prepare(e) {
        Ok(x) => x,
        Err(err) => {
            row.expr = Some(err.to_string());
            return row;
        }
    };
    opts.threads = how.threads;
    opts.engine = how.engine;
    let end = start + Duration::from_secs_f64(how.timeout.clamp(0.0, 1e6));
    let mut ctl = |_: &SynthProgress| {
        if Instant::now() >= end {
            Flow::OutOfTime
        } else {
            Flow::Continue
        }
    };
    let r = if how.find_consts {
        opts.consts.clear();
        let r = crate::cli::synth::synthesize_as_the_cli_does(&spec, &opts, &mut ctl, end);
        r.map(|(r, check)| {
            row.check = Some(check);
            r
        })
    } else {
        synthesize(&spec, &opts, &mut ctl)
    };
    row.seconds = start.elapsed().as_secs_f64() - row.check.unwrap_or(0.0);
    match r {
        Ok(r) => {
            row.status = r.status.name().into();
            row.ops = r.ops();
            row.minimal = r.minimal();
            row.any_constants = r.any_constants;
            row.ruled_out = r.ruled_out;
            row.proof = r.proof;
            row.searched = r.searched;
            row.expr = r.program.as_ref().map(|p| p.expr());
            row.catalog = r.catalog.clone();
            row.consts = r
                .program
                .as_ref()
                .map_or_else(Vec::new, |p| p.used_consts());
        }
        Err(err) => row.expr = Some(err.to_string()),
    }
    row
}

/// The summary's counts: found, proven minimal, found in at most 1 s,
/// and of those at most 4 long: found minimal in at most 1 s.
fn counts(rows: &[Row]) -> (usize, usize, usize, usize) {
    let found = |r: &&Row| r.status == "found";
    let fast = |r: &&Row| found(r) && r.seconds <= 1.0;
    (
        rows.iter().filter(found).count(),
        rows.iter().filter(|r| r.minimal).count(),
        rows.iter().filter(fast).count(),
        rows.iter()
            .filter(|r| fast(r) && r.minimal && r.ops.is_some_and(|n| n <= 4))
            .count(),
    )
}

fn summary(rows: &[Row], timeout: f64) -> String {
    let (found, minimal, fast, short) = counts(rows);
    let four = rows
        .iter()
        .filter(|r| r.ops.is_some_and(|n| n <= 4))
        .count();
    format!(
        "{found} of {} found within {timeout} s; {minimal} proven minimal; {fast} found in at most 1 s; of the {four} found with at most 4 operations, {short} proven minimal within 1 s",
        rows.len()
    )
}

/// "yes" ("yes, any": with any constants too), or "no" with the length
/// below which every program was ruled out (the shortest has at least
/// that many operations).
fn minimal_cell(r: &Row) -> String {
    match (r.minimal, r.ruled_out) {
        (true, _) if r.any_constants => "yes, any".into(),
        (true, _) => "yes".into(),
        (false, 0) => "no".into(),
        (false, n) => format!("no, >= {n}"),
    }
}

fn opt(n: Option<usize>) -> String {
    n.map_or_else(|| "-".into(), |n| n.to_string())
}

fn text_row(r: &Row) -> String {
    format!(
        "  P{:<3} {:<50} {:<8} {:>3} {:>5} {:<10} {:<7} {:>8.3} {:>6} {:>12} {:<12}  {}",
        r.id,
        r.title,
        r.status,
        opt(r.ops),
        opt(r.known),
        minimal_cell(r),
        r.proof.unwrap_or("-"),
        r.seconds,
        check_cell(r),
        r.searched,
        consts_cell(r),
        program_cell(r)
    )
}

/// The program found, after the catalog's tricks it is built on
/// ("[popcount-swar32] …"), or the error.
fn program_cell(r: &Row) -> String {
    let expr = r.expr.as_deref().unwrap_or("");
    match r.catalog.is_empty() {
        true => expr.to_string(),
        false => format!("[{}] {expr}", r.catalog.join(", ")),
    }
}

/// The check with any constant's seconds ("-" without it).
fn check_cell(r: &Row) -> String {
    r.check.map_or_else(|| "-".into(), |c| format!("{c:.2}"))
}

/// The program's constants, hex, comma-separated ("-" for none).
fn consts_cell(r: &Row) -> String {
    if r.consts.is_empty() {
        return "-".into();
    }
    let hex: Vec<String> = r.consts.iter().map(|c| format!("{c:#x}")).collect();
    hex.join(",")
}

fn markdown_row(r: &Row) -> String {
    let expr = match r.expr.is_some() {
        true => format!("`{}`", program_cell(r).replace('|', "\\|")),
        false => String::new(),
    };
    format!(
        "| P{} | {} | {} | {} | {} | {} | {} | {:.3} | {} | {} | {} | {expr} |",
        r.id,
        r.title.replace('|', "\\|"),
        r.status,
        opt(r.ops),
        opt(r.known),
        minimal_cell(r),
        r.proof.unwrap_or("-"),
        r.seconds,
        check_cell(r),
        r.searched,
        consts_cell(r)
    )
}

fn json_row(r: &Row) -> serde_json::Value {
    json!({
        "id": format!("P{}", r.id),
        "title": r.title,
        "status": r.status,
        "ops": r.ops,
        "known": r.known,
        "minimal": r.minimal,
        "minimal_any_constant": r.any_constants,
        "ruled_out": r.ruled_out,
        "proof": r.proof,
        "seconds": r.seconds,
        "check_seconds": r.check,
        "searched": r.searched,
        "expr": r.expr,
        "consts": r.consts.iter().map(|c| format!("{c:#x}")).collect::<Vec<_>>(),
        "catalog": r.catalog,
    })
}

/// How the rows are printed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Markdown,
}

/// The benchmark: each selected program searched in turn, its row printed
/// when it is done.
pub fn run(how: &How, only: Option<&str>, format: Format) -> i32 {
    let (timeout, threads) = (how.timeout, how.threads);
    if !(timeout.is_finite() && timeout >= 0.0) {
        return crate::cli::bad_input("--timeout: give a number of seconds");
    }
    let entries = match parse(HD25).and_then(|all| select(all, only)) {
        Ok(e) => e,
        Err(e) => return crate::cli::bad_input(e),
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let shown = if threads == 0 { cores } else { threads };
    let head = format!(
        "Hacker's Delight (Brahma, PLDI 2011): {} program(s), {timeout} s each, {shown} thread(s)",
        entries.len()
    );
    match format {
        Format::Text => println!(
            "{head}\n  {:<4} {:<50} {:<8} {:>3} {:>5} {:<10} {:<7} {:>8} {:>6} {:>12} {:<12}  program found",
            "id", "program", "status", "ops", "known", "minimal", "proof", "seconds", "check", "candidates", "constants"
        ),
        Format::Markdown => println!(
            "{head}\n\n| id | program | status | ops | known | minimal | proof | seconds | check | candidates | constants | program found |\n|---|---|---|---|---|---|---|---|---|---|---|---|"
        ),
        Format::Json => {}
    }
    let mut rows = Vec::new();
    for e in &entries {
        let r = run_entry(e, how);
        match format {
            Format::Text => println!("{}", text_row(&r)),
            Format::Markdown => println!("{}", markdown_row(&r)),
            Format::Json => println!("{}", json_row(&r)),
        }
        let _ = std::io::stdout().flush();
        rows.push(r);
    }
    let (found, minimal, fast, _) = counts(&rows);
    match format {
        Format::Text => println!("  {}", summary(&rows, timeout)),
        Format::Markdown => println!("\n{}", summary(&rows, timeout)),
        Format::Json => println!(
            "{}",
            json!({"summary": {"programs": rows.len(), "found": found, "minimal": minimal,
                "found_within_1s": fast, "timeout_s": timeout, "threads": shown}})
        ),
    }
    0
}
