//! `bitscope practice grade --puzzles P.c --reference R.c STUDENT... [--roster
//! roster.csv] [--json|--csv]`: a whole class graded on every core, one row
//! a student (the points per puzzle, the total, the file).
//!
//! STUDENT is a file or a folder (its `*.c` files). A student's id is the
//! roster's, else the file's name without `.c`; a roster row names its
//! file (relative to the roster's folder) or is matched by id; a roster
//! student with no file gets a row of zeros and the error "no file"; a file
//! that cannot be read is its student's error row, never the end of the run.
//! Exit: 2 when any file or function could not be read, else 1 when any
//! answer is wrong or breaks a rule, else 3 when one is not proven, else 0.

use bitscope::class::roster;
use bitscope::lang::prove::{Control, Deadline};
use bitscope::practice::grade::{Grade, Grader};
use bitscope::practice::sets::parse_set;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub struct Files {
    pub puzzles: String,
    pub reference: String,
    pub students: Vec<String>,
    pub roster: Option<String>,
}

#[derive(Clone, Copy)]
pub enum Format {
    Table,
    Json,
    Csv,
}

/// One student to grade: who, and the file (if any).
struct Entry {
    id: String,
    name: String,
    file: Option<PathBuf>,
}

/// A student's row: the grade, or why there is none.
struct Row {
    entry: Entry,
    graded: Result<Grade, String>,
}

pub fn run(files: &Files, seconds: f64, format: Format) -> i32 {
    let (set, reference) = match (
        super::read_input(&files.puzzles),
        super::read_input(&files.reference),
    ) {
        (Ok(p), Ok(r)) => (p, r),
        (Err(e), _) | (_, Err(e)) => return super::bad_input(e),
    };
    let set = match parse_set(&set) {
        Ok(set) => set,
        Err(e) => return super::bad_input(format!("{}: {e}", files.puzzles)),
    };
    let grader = match Grader::new(set, &reference) {
        Ok(g) => g,
        Err(e) => return super::bad_input(format!("{}: {e}", files.reference)),
    };
    let entries = match entries(files) {
        Ok(e) => e,
        Err(e) => return super::bad_input(e),
    };
    let rows = grade_all(&grader, entries, seconds);
    let max: u32 = grader.set.puzzles.iter().map(|p| p.rating).sum();
    match format {
        Format::Json => println!("{}", to_json(&rows, max)),
        Format::Csv => print!("{}", to_csv(&grader, &rows)),
        Format::Table => print!("{}", to_table(&grader, &rows, max)),
    }
    exit_code(&rows)
}

/// The files named (a folder: its `*.c`, sorted), matched with the roster.
fn entries(files: &Files) -> Result<Vec<Entry>, String> {
    let mut found: Vec<PathBuf> = Vec::new();
    for s in &files.students {
        let path = PathBuf::from(s);
        if path.is_dir() {
            let dir = std::fs::read_dir(&path).map_err(|e| format!("{s}: {e}"))?;
            let mut cs: Vec<PathBuf> = dir
                .filter_map(|d| d.ok().map(|d| d.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "c"))
                .collect();
            cs.sort();
            // the teacher's own files, when they sit in the same folder
            let teachers =
                [&files.puzzles, &files.reference].map(|f| std::fs::canonicalize(f).ok());
            cs.retain(|c| !teachers.contains(&std::fs::canonicalize(c).ok()));
            found.extend(cs);
        } else {
            found.push(path);
        }
    }
    let stem = |p: &Path| {
        p.file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
    };
    let Some(roster_path) = &files.roster else {
        return Ok(found
            .into_iter()
            .map(|f| Entry {
                id: stem(&f),
                name: stem(&f),
                file: Some(f),
            })
            .collect());
    };
    let text = super::read_input(roster_path)?;
    let students = roster::parse(&text).map_err(|e| format!("{roster_path}: {e}"))?;
    let base = Path::new(roster_path)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let mut out = Vec::new();
    let mut used = vec![false; found.len()];
    for s in students {
        let named = |f: &PathBuf| match &s.file {
            Some(file) => f.file_name() == Path::new(file).file_name(),
            None => stem(f) == s.id,
        };
        let file = match found.iter().position(named) {
            Some(k) => {
                used[k] = true;
                Some(found[k].clone())
            }
            None => s
                .file
                .as_ref()
                .map(|f| base.join(f))
                .filter(|p| p.is_file()),
        };
        out.push(Entry {
            id: s.id,
            name: s.name,
            file,
        });
    }
    for (f, _) in found.into_iter().zip(used).filter(|(_, u)| !u) {
        eprintln!(
            "note: {} is not on the roster; graded as `{}`",
            f.display(),
            stem(&f)
        );
        out.push(Entry {
            id: stem(&f),
            name: stem(&f),
            file: Some(f),
        });
    }
    Ok(out)
}

/// Grades every entry, one thread a core taking the next student.
fn grade_all(grader: &Grader, entries: Vec<Entry>, seconds: f64) -> Vec<Row> {
    let n = entries.len();
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Row>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let entries: Vec<Mutex<Option<Entry>>> =
        entries.into_iter().map(|e| Mutex::new(Some(e))).collect();
    let threads = std::thread::available_parallelism()
        .map_or(2, |c| c.get())
        .min(n.max(1));
    let opts = bitscope::practice::options();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= n {
                    return;
                }
                let Some(entry) = entries[k].lock().ok().and_then(|mut e| e.take()) else {
                    continue;
                };
                let graded = match &entry.file {
                    None => Err("no file".to_string()),
                    Some(f) => std::fs::read_to_string(f)
                        .map_err(|e| format!("{}: {e}", f.display()))
                        .map(|src| {
                            let mut ctl = || Box::new(Deadline::after(seconds)) as Box<dyn Control>;
                            grader.grade_file(&src, &opts, &mut ctl)
                        }),
                };
                if let Ok(mut slot) = slots[k].lock() {
                    *slot = Some(Row { entry, graded });
                }
            });
        }
    });
    slots
        .into_iter()
        .filter_map(|s| s.into_inner().ok().flatten())
        .collect()
}

fn file_name(e: &Entry) -> String {
    e.file
        .as_ref()
        .map_or_else(String::new, |f| f.display().to_string())
}

fn to_json(rows: &[Row], max: u32) -> serde_json::Value {
    let students: Vec<_> = rows
        .iter()
        .map(|r| {
            let (score, puzzles, error) = match &r.graded {
                Ok(g) => {
                    let errors = g.file_errors();
                    (g.score, g.to_json()["puzzles"].clone(), (!errors.is_empty()).then_some(errors))
                }
                Err(e) => (0, json!([]), Some(e.clone())),
            };
            json!({"id": r.entry.id, "name": r.entry.name, "file": r.entry.file.as_ref().map(|_| file_name(&r.entry)),
                   "score": score, "max": max, "puzzles": puzzles, "error": error})
        })
        .collect();
    json!({"students": students, "max": max})
}

/// Each puzzle's points for a row (0 where there is no grade).
fn points(grader: &Grader, r: &Row) -> Vec<u32> {
    match &r.graded {
        Ok(g) => g.puzzles.iter().map(|p| p.points).collect(),
        Err(_) => vec![0; grader.set.puzzles.len()],
    }
}

/// Why a row has no grade, or what in its file did not parse (empty if
/// nothing).
fn error(r: &Row) -> String {
    match &r.graded {
        Ok(g) => g.file_errors(),
        Err(e) => e.clone(),
    }
}

fn total(r: &Row) -> u32 {
    r.graded.as_ref().map_or(0, |g| g.score)
}

fn to_csv(grader: &Grader, rows: &[Row]) -> String {
    let mut head = vec!["id".to_string(), "name".to_string()];
    head.extend(grader.set.puzzles.iter().map(|p| p.name.clone()));
    head.extend(["total", "file", "error"].map(String::from));
    let body = rows.iter().map(|r| {
        let mut row = vec![r.entry.id.clone(), r.entry.name.clone()];
        row.extend(points(grader, r).iter().map(u32::to_string));
        row.push(total(r).to_string());
        row.push(file_name(&r.entry));
        row.push(error(r));
        row
    });
    bitscope::class::sheet::to_csv(std::iter::once(head).chain(body))
}

fn to_table(grader: &Grader, rows: &[Row], max: u32) -> String {
    let width = |s: &str| s.chars().count();
    let idw = rows
        .iter()
        .map(|r| width(&r.entry.id))
        .chain([7])
        .max()
        .unwrap_or(7);
    let namew = rows
        .iter()
        .map(|r| width(&r.entry.name))
        .chain([4])
        .max()
        .unwrap_or(4)
        .min(30);
    let names: Vec<&str> = grader.set.puzzles.iter().map(|p| p.name.as_str()).collect();
    let colw: Vec<usize> = names.iter().map(|n| n.len().max(2)).collect();
    let mut out = format!("{:<idw$} {:<namew$}", "student", "name");
    for (n, w) in names.iter().zip(&colw) {
        out += &format!(" {n:>w$}");
    }
    out += &format!(" {:>7}  file\n", "total");
    for r in rows {
        out += &format!(
            "{:<idw$} {:<namew$}",
            r.entry.id,
            r.entry.name.chars().take(namew).collect::<String>()
        );
        for (p, w) in points(grader, r).iter().zip(&colw) {
            out += &format!(" {p:>w$}");
        }
        let tail = match error(r) {
            e if e.is_empty() => file_name(&r.entry),
            e if r.graded.is_ok() => format!("{}  error: {e}", file_name(&r.entry)),
            e => format!("error: {e}"),
        };
        out += &format!(" {:>7}  {tail}\n", format!("{}/{max}", total(r)));
    }
    out
}

/// The class's exit code (see the module docs).
fn exit_code(rows: &[Row]) -> i32 {
    let codes: Vec<i32> = rows
        .iter()
        .map(|r| r.graded.as_ref().map_or(2, Grade::exit_code))
        .collect();
    [2, 1, 3]
        .into_iter()
        .find(|c| codes.contains(c))
        .unwrap_or(0)
}
