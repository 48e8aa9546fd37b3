//! A student's whole file graded against a puzzle set and its reference:
//! per puzzle, the rules first (what broke, at its line), then correctness
//! within `Assume:`, proven exactly by [`crate::lang::prove::c`] with the
//! reference as the specification ([`Mode::Refines`]). Each function is
//! parsed on its own, so a broken one is an `error` and the rest are graded.

use super::c_count::{self, Counted, Found};
use super::sets::{self, Puzzle, PuzzleSet};
use super::split::{self, Kind};
use crate::lang::c::{Function, Program, Value};
use crate::lang::prove::c::{self as cprove, Outcome, Side};
use crate::lang::prove::{Control, Method, Mode, Options};
use serde::{Deserialize, Serialize};
use serde_json::json;
use thiserror::Error;

/// A puzzle's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Correct,
    Wrong,
    /// A rule broken (checked before correctness).
    Rules,
    /// The function is missing or does not parse.
    Error,
    /// Neither proven nor refuted in the time given.
    NotProven,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Correct => "correct",
            Status::Wrong => "wrong",
            Status::Rules => "rules",
            Status::Error => "error",
            Status::NotProven => "not_proven",
        }
    }
}

/// An input where the answer differs from the reference, in the puzzle's
/// parameter names: each argument (`V`, a C value; for the page, as C
/// prints it) and what each side gives (`O`; for the page, as text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterexample<V = Value, O = Outcome> {
    pub args: Vec<(String, V)>,
    pub got: O,
    pub expected: O,
    /// "value" or "undefined".
    pub kind: String,
}

/// One puzzle's grade (`Cx`: the counterexample; for the page, as text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleGrade<Cx = Counterexample> {
    pub name: String,
    pub status: Status,
    /// What decided it: `proven`, `value`, `undefined`, `not_proven`, or
    /// the rule (`operator`, `ops`, `constant`, `control`, `cast`, `call`,
    /// `type`, `macro`), or the error (`parse`, `missing`).
    pub kind: String,
    pub reason: String,
    pub line: Option<u32>,
    /// `None` when the function could not be read.
    pub ops: Option<usize>,
    pub max_ops: usize,
    pub counterexample: Option<Cx>,
    pub method: Option<Method>,
    pub points: u32,
    pub rating: u32,
}

/// A whole file's grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    pub puzzles: Vec<PuzzleGrade>,
    pub score: u32,
    pub max: u32,
}

impl Grade {
    /// What did not read in the file, a puzzle each: `getByte: line 27,
    /// column 3: expected `;`` (empty when every function parsed). The
    /// table, the CSV and the JSON of a class show it.
    pub fn file_errors(&self) -> String {
        let broken = self.puzzles.iter().filter(|p| p.kind == "parse");
        let each: Vec<String> = broken
            .map(|p| format!("{}: {}", p.name, p.reason))
            .collect();
        each.join("; ")
    }
}

/// Why a file could not be graded at all (the teacher's files).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GradeError {
    #[error("puzzles: {0}")]
    Set(#[from] sets::SetError),
    #[error("reference: {0}")]
    Reference(String),
}

/// A reference answer: its program, function name and text.
struct Reference {
    program: Program,
    function: String,
    /// What `program` was parsed from (the function, includes, typedefs).
    source: String,
}

/// A set with its reference read once: grades any number of files or
/// single answers (the batch grader and the class server share one).
pub struct Grader {
    pub set: PuzzleSet,
    refs: Vec<Reference>,
}

impl Grader {
    /// # Errors
    /// The reference lacks a puzzle, does not parse, or has another signature.
    pub fn new(set: PuzzleSet, reference: &str) -> Result<Grader, GradeError> {
        let refs = set
            .puzzles
            .iter()
            .map(|p| read_reference(p, reference))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Grader { set, refs })
    }

    /// The operators the reference's answer to puzzle `k` uses, counted as
    /// a student's are (the "beat the prof" mark).
    pub fn reference_ops(&self, k: usize) -> usize {
        let r = &self.refs[k];
        r.program
            .entry(Some(&r.function))
            .map_or(0, |f| c_count::count(&f.body).ops.len())
    }

    /// Puzzle `k`'s reference as a C text of its own and its function's
    /// name (what the shortest-program search takes as its specification).
    pub fn reference_source(&self, k: usize) -> (&str, &str) {
        let r = &self.refs[k];
        (&r.source, &r.function)
    }

    /// Grades a whole file; `ctl_for` gives each puzzle's proof its control.
    pub fn grade_file(
        &self,
        student: &str,
        opts: &Options,
        ctl_for: &mut dyn FnMut() -> Box<dyn Control>,
    ) -> Grade {
        let file = StudentFile::new(student);
        let opts = refines(opts);
        let puzzles: Vec<PuzzleGrade> = self
            .set
            .puzzles
            .iter()
            .zip(&self.refs)
            .map(|(p, r)| grade_one(p, r, &file, &opts, ctl_for().as_mut()))
            .collect();
        let score = puzzles.iter().map(|g| g.points).sum();
        let max = self.set.puzzles.iter().map(|p| p.rating).sum();
        Grade {
            puzzles,
            score,
            max,
        }
    }

    /// Grades one puzzle's answer (`source` holds its function, and may
    /// hold others); `None` when the set has no such puzzle.
    pub fn grade_puzzle(
        &self,
        puzzle: &str,
        source: &str,
        opts: &Options,
        ctl: &mut dyn Control,
    ) -> Option<PuzzleGrade> {
        let k = self.set.puzzles.iter().position(|p| p.name == puzzle)?;
        let file = StudentFile::new(source);
        let g = grade_one(
            &self.set.puzzles[k],
            &self.refs[k],
            &file,
            &refines(opts),
            ctl,
        );
        Some(g)
    }
}

fn refines(opts: &Options) -> Options {
    Options {
        mode: Mode::Refines,
        ..*opts
    }
}

/// Grades `student` (see the module docs); `ctl_for` gives each puzzle's
/// proof its control (a deadline, a cancel).
///
/// # Errors
/// The reference lacks a puzzle, does not parse, or has another signature.
pub fn grade(
    set: &PuzzleSet,
    reference: &str,
    student: &str,
    opts: &Options,
    ctl_for: &mut dyn FnMut() -> Box<dyn Control>,
) -> Result<Grade, GradeError> {
    Ok(Grader::new(set.clone(), reference)?.grade_file(student, opts, ctl_for))
}

fn read_reference(p: &Puzzle, src: &str) -> Result<Reference, GradeError> {
    let items = split::split(src);
    let test_name = format!("test_{}", p.name);
    let item = items
        .iter()
        .find(|i| i.function_name() == Some(p.name.as_str()))
        .or_else(|| {
            items
                .iter()
                .find(|i| i.function_name() == Some(test_name.as_str()))
        })
        .ok_or_else(|| {
            GradeError::Reference(format!("no function `{}` or `{test_name}`", p.name))
        })?;
    let function = item.function_name().unwrap_or_default().to_string();
    let mut keep = sets::prefix_ranges(src, &items);
    keep.push((item.start, item.end));
    keep.extend(split::callees(src, &items, item));
    keep.sort_unstable();
    let source = split::keep_only(src, &keep);
    let program = Program::parse(&source).map_err(|e| GradeError::Reference(e.to_string()))?;
    let f = program
        .entry(Some(&function))
        .map_err(|e| GradeError::Reference(e.message))?;
    if f.params
        .iter()
        .map(|p| p.1)
        .ne(p.params.iter().map(|p| p.1))
        || f.ret != p.ret
    {
        return Err(GradeError::Reference(format!(
            "line {}: `{function}` is not `{}`",
            f.pos.line,
            p.signature()
        )));
    }
    Ok(Reference {
        program,
        function,
        source,
    })
}

/// The student's file, split once.
struct StudentFile<'a> {
    src: &'a str,
    items: Vec<split::Item>,
    prefix: Vec<(usize, usize)>,
    /// Each `#define`d name and its line.
    macros: Vec<(String, u32)>,
}

impl<'a> StudentFile<'a> {
    fn new(src: &'a str) -> StudentFile<'a> {
        let items = split::split(src);
        let prefix = sets::prefix_ranges(src, &items);
        let macros = items
            .iter()
            .filter(|i| i.kind == Kind::Directive)
            .filter_map(|i| {
                let text = i.text(src).trim_start_matches('#').trim_start();
                let name = text
                    .strip_prefix("define")?
                    .trim_start()
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()?;
                Some((name.to_string(), i.line))
            })
            .collect();
        StudentFile {
            src,
            items,
            prefix,
            macros,
        }
    }
}

/// What broke: the kind, the line, the reason.
type Broken = (&'static str, u32, String);

fn grade_one(
    p: &Puzzle,
    r: &Reference,
    file: &StudentFile,
    opts: &Options,
    ctl: &mut dyn Control,
) -> PuzzleGrade {
    let mut g = PuzzleGrade {
        name: p.name.clone(),
        status: Status::Error,
        kind: String::new(),
        reason: String::new(),
        line: None,
        ops: None,
        max_ops: p.max_ops,
        counterexample: None,
        method: None,
        points: 0,
        rating: p.rating,
    };
    let set = |g: &mut PuzzleGrade, status, (kind, line, reason): Broken| {
        (g.status, g.kind, g.line, g.reason) = (
            status,
            kind.to_string(),
            Some(line),
            format!("line {line}: {reason}"),
        );
    };
    let Some(item) = file
        .items
        .iter()
        .find(|i| i.function_name() == Some(p.name.as_str()))
    else {
        (g.kind, g.reason) = (
            "missing".into(),
            format!("no function `{}` in the file", p.name),
        );
        return g;
    };
    if let Some(b) = text_rules(p, item, file) {
        set(&mut g, Status::Rules, b);
        return g;
    }
    let mut keep = file.prefix.clone();
    keep.push((item.start, item.end));
    let program = match Program::parse(&split::keep_only(file.src, &keep)) {
        Ok(program) => program,
        Err(e) => {
            set(&mut g, Status::Error, ("parse", e.line, e.message.clone()));
            g.reason = e.to_string();
            return g;
        }
    };
    let Ok(f) = program.entry(Some(&p.name)) else {
        return g;
    };
    let counted = c_count::count(&f.body);
    g.ops = Some(counted.ops.len());
    if let Some(b) = tree_rules(p, f, &counted) {
        set(&mut g, Status::Rules, b);
        return g;
    }
    prove(&mut g, p, (&program, f), r, opts, ctl);
    g
}

/// The rules read on the text: no macros, no `switch` or `goto`.
fn text_rules(p: &Puzzle, item: &split::Item, file: &StudentFile) -> Option<Broken> {
    let text = item.text(file.src);
    let at = |k: usize| split::line_col(file.src, item.start + k).0;
    if let Some((k, _)) = text.match_indices("#define").next() {
        return Some(("macro", at(k), "a `#define`: no macros".into()));
    }
    for (k, id) in split::identifiers(text) {
        if let Some((_, line)) = file.macros.iter().find(|m| m.0 == id) {
            return Some((
                "macro",
                at(k),
                format!("the macro `{id}` (defined at line {line}): no macros"),
            ));
        }
        if id == "goto" || (id == "switch" && !p.control) {
            return Some((
                "control",
                at(k),
                format!("`{id}`: no control flow in this puzzle"),
            ));
        }
    }
    None
}

/// The rules read on the tree, the first broken in this order: types,
/// casts, calls, control, operators, constants, the op count.
fn tree_rules(p: &Puzzle, f: &Function, c: &Counted) -> Option<Broken> {
    types(p, f, c).or_else(|| constructs(p, c)).or_else(|| {
        let first =
            |v: &mut dyn Iterator<Item = &Found>| v.min_by_key(|f| (f.line, f.col)).cloned();
        if let Some(o) = first(&mut c.ops.iter().filter(|o| !p.allows(&o.what))) {
            let legal = p.legal_ops.join(" ");
            return Some((
                "operator",
                o.line,
                format!(
                    "`{}` is not a legal operator here (legal: {legal})",
                    show_op(&o.what)
                ),
            ));
        }
        if let Some(b) = constant_rule(p, c) {
            return Some(b);
        }
        let n = c.ops.len();
        let over = c.ops.get(p.max_ops)?;
        Some((
            "ops",
            over.line,
            format!("{n} operators, over the limit of {}", p.max_ops),
        ))
    })
}

fn show_op(op: &str) -> &str {
    if op == "-x" {
        "-"
    } else {
        op
    }
}

/// Only the puzzle's signature, `int` locals (or the signature's types),
/// `int` constants.
fn types(p: &Puzzle, f: &Function, c: &Counted) -> Option<Broken> {
    if f.ret != p.ret
        || f.params
            .iter()
            .map(|p| p.1)
            .ne(p.params.iter().map(|p| p.1))
    {
        let theirs: Vec<String> = f
            .params
            .iter()
            .map(|(n, t)| format!("{} {n}", t.name()))
            .collect();
        let why = format!(
            "`{} {}({})` is not the puzzle's `{}`",
            f.ret.name(),
            f.name,
            theirs.join(", "),
            p.signature()
        );
        return Some(("type", f.pos.line, why));
    }
    use crate::lang::c::Scalar;
    let allowed = |t| {
        t == Scalar::Int
            || (p.any_integer && t == Scalar::UInt)
            || t == p.ret
            || p.params.iter().any(|q| q.1 == t)
    };
    if let Some(v) = f
        .locals
        .iter()
        .skip(f.params.len())
        .find(|v| v.len.is_some() || v.record.is_some() || !allowed(v.ty))
    {
        let record = v.record.as_ref().map(|r| format!("a {}", r.name()));
        let what = match (&record, v.len) {
            (Some(r), _) => r.as_str(),
            (None, Some(_)) => "an array",
            (None, None) => v.ty.name(),
        };
        let only = if p.any_integer {
            "`int` and `unsigned`"
        } else {
            "`int`s"
        };
        return Some((
            "type",
            v.pos.line,
            format!("`{}` is {what}: only local {only}", v.name),
        ));
    }
    if let Some(x) = c.beyond_integers.first() {
        return Some((
            "type",
            x.line,
            format!("{}: the puzzles take integer operations only", x.what),
        ));
    }
    // (under "any integer operations", an `unsigned` constant too)
    let fits = |l: &&(u32, u32, i128, bool)| l.3 || (p.any_integer && l.2 <= i128::from(u32::MAX));
    if let Some(l) = c.lits.iter().find(|l| !fits(l)) {
        // (a constant over the puzzle's largest breaks that rule first:
        // 0xAAAAAAAA is "constants 0 through 255", not a type)
        return constant_rule(p, c).or(Some((
            "type",
            l.0,
            format!(
                "the constant {} is not an `{}`",
                l.2,
                if p.any_integer {
                    "int` or `unsigned"
                } else {
                    "int"
                }
            ),
        )));
    }
    if let Some(o) = c.ops.iter().find(|o| o.what == "[]") {
        return Some(("type", o.line, "an array: only local `int`s".into()));
    }
    None
}

/// The first constant over the puzzle's largest, named by the rule it
/// breaks: "constants 0 through 255".
fn constant_rule(p: &Puzzle, c: &Counted) -> Option<Broken> {
    let l = c.lits.iter().find(|l| l.2 > i128::from(p.max_constant))?;
    let v = if l.2 > 255 {
        format!("{:#x}", l.2)
    } else {
        l.2.to_string()
    };
    Some((
        "constant",
        l.0,
        format!(
            "the constant {v} breaks the rule \"constants 0 through {}\"",
            p.max_constant
        ),
    ))
}

/// No casts, no calls, no control flow (unless `Control: allowed`).
fn constructs(p: &Puzzle, c: &Counted) -> Option<Broken> {
    if let Some(o) = c.ops.iter().find(|o| o.what == "(cast)") {
        return Some(("cast", o.line, "a cast: no casts".into()));
    }
    let is_call = |w: &str| w.starts_with(|ch: char| ch.is_alphabetic() || ch == '_');
    if let Some(o) = c.ops.iter().find(|o| is_call(&o.what)) {
        return Some(("call", o.line, format!("a call of `{}`: no calls", o.what)));
    }
    let control = c.control.iter().chain(
        c.ops
            .iter()
            .filter(|o| matches!(o.what.as_str(), "&&" | "||" | "?:") && !p.allows(&o.what)),
    );
    let o = control
        .filter(|_| !p.control)
        .min_by_key(|o| (o.line, o.col))?;
    Some((
        "control",
        o.line,
        format!("`{}`: no control flow in this puzzle", o.what),
    ))
}

fn prove(
    g: &mut PuzzleGrade,
    p: &Puzzle,
    (program, f): (&Program, &Function),
    r: &Reference,
    opts: &Options,
    ctl: &mut dyn Control,
) {
    let assume = p
        .assume_c()
        .map(|src| Program::parse(&src).expect("checked when the set was read"));
    let assume = assume.as_ref().map(|program| Side {
        program,
        function: "assume",
    });
    let left = Side {
        program,
        function: &f.name,
    };
    let right = Side {
        program: &r.program,
        function: &r.function,
    };
    let v = match cprove::prove(left, right, assume, opts, ctl) {
        Ok(v) => v,
        Err(e) => {
            (g.kind, g.reason) = ("error".into(), e.to_string());
            return;
        }
    };
    g.method = Some(v.method);
    if let Some(c) = v.counterexample {
        let args: Vec<(String, Value)> = p
            .params
            .iter()
            .zip(c.args)
            .map(|(q, a)| (q.0.clone(), a.1))
            .collect();
        // a float puzzle's words are floats: shown as both
        let word = |v: &Value| float_word(p, *v).unwrap_or_else(|| v.decimal());
        let outcome = |o: &Outcome| match o {
            Outcome::Value(v) => float_word(p, *v).unwrap_or_else(|| o.show()),
            _ => o.show(),
        };
        let at: Vec<String> = args
            .iter()
            .map(|(n, v)| format!("{n} = {}", word(v)))
            .collect();
        g.reason = format!(
            "at {}: gives {}, expected {}",
            at.join(", "),
            outcome(&c.left),
            outcome(&c.right)
        );
        (g.status, g.kind) = (Status::Wrong, c.kind.clone());
        g.counterexample = Some(Counterexample {
            args,
            got: c.left,
            expected: c.right,
            kind: c.kind,
        });
    } else if v.equal == Some(true) {
        (g.status, g.kind, g.points) = (Status::Correct, "proven".into(), p.rating);
        g.reason = format!("proven equal ({})", v.method.name());
    } else {
        (g.status, g.kind) = (Status::NotProven, "not_proven".into());
        g.reason = v.not_proven.unwrap_or_else(|| "not proven".into());
    }
}

/// In a float puzzle (the data lab's "any integer" rules), an `unsigned`
/// is the bits of a float: `0x7f800001 (NaN)`, `0x7f000001 (1.7014118e38)`.
fn float_word(p: &Puzzle, v: Value) -> Option<String> {
    use crate::lang::c::{types::floats, Scalar};
    let bits = Value {
        ty: Scalar::Float,
        bits: v.bits,
    };
    (p.any_integer && v.ty == Scalar::UInt).then(|| format!("{} ({})", v.hex(), floats::text(bits)))
}

impl Grade {
    /// 0 when every puzzle is correct; 2 when one could not be read; 1 when
    /// one is wrong or breaks a rule; 3 when one is not proven.
    pub fn exit_code(&self) -> i32 {
        let any = |s: Status| self.puzzles.iter().any(|g| g.status == s);
        if any(Status::Error) {
            2
        } else if any(Status::Wrong) || any(Status::Rules) {
            1
        } else if any(Status::NotProven) {
            3
        } else {
            0
        }
    }

    /// `{"puzzles": [{"name", "status", "reason", "ops", "max_ops",
    /// "counterexample": {param: value, "got", "expected"}, "points",
    /// "rating"}], "score", "max"}` (plus each puzzle's `kind` and `line`).
    pub fn to_json(&self) -> serde_json::Value {
        let outcome = |o: &Outcome| match o {
            Outcome::Value(v) => json!(v.get() as i64),
            Outcome::Undefined(why) => json!(format!("undefined: {why}")),
        };
        let puzzles: Vec<_> = self
            .puzzles
            .iter()
            .map(|g| {
                let cx = g.counterexample.as_ref().map(|c| {
                    let mut m = serde_json::Map::new();
                    for (n, v) in &c.args {
                        m.insert(n.clone(), json!(v.get() as i64));
                    }
                    m.insert("got".into(), outcome(&c.got));
                    m.insert("expected".into(), outcome(&c.expected));
                    serde_json::Value::Object(m)
                });
                json!({
                    "name": g.name, "status": g.status.name(), "kind": g.kind, "reason": g.reason, "line": g.line,
                    "ops": g.ops, "max_ops": g.max_ops, "counterexample": cx,
                    "method": g.method.map(|m| m.name()), "points": g.points, "rating": g.rating,
                })
            })
            .collect();
        json!({"puzzles": puzzles, "score": self.score, "max": self.max})
    }

    /// One row a puzzle, for a grade sheet.
    pub fn table(&self) -> String {
        let mut out = format!(
            "{:<16} {:<10} {:>4} {:>4} {:>7}  {}\n",
            "puzzle", "status", "ops", "max", "points", "reason"
        );
        for g in &self.puzzles {
            let ops = g.ops.map_or_else(|| "-".into(), |n| n.to_string());
            let points = format!("{}/{}", g.points, g.rating);
            out += &format!(
                "{:<16} {:<10} {:>4} {:>4} {:>7}  {}\n",
                g.name,
                g.status.name(),
                ops,
                g.max_ops,
                points,
                g.reason
            );
        }
        out + &format!(
            "{:<16} {:<10} {:>4} {:>4} {:>7}\n",
            "total",
            "",
            "",
            "",
            format!("{}/{}", self.score, self.max)
        )
    }
}
