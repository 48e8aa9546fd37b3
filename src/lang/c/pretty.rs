//! A parsed program printed back as C, one statement a line, so that a
//! snippet written on one line steps line by line in the Lab.
//!
//! ```text
//! int f(int x) { int y = x; y++; return y; }   (three steps, all "line 1")
//!
//! int f(int x)
//! {
//!     int y = x;                                (line 3)
//!     y++;                                      (line 4)
//!     return y;                                 (line 5)
//! }
//! ```
//!
//! The text is printed from the typed tree (`ast`), not by splitting the
//! source: comments go, macros are expanded and types are written by their C
//! names (`uint32_t` becomes `unsigned int`); what runs is the same.

use super::ast::{Decl, Expr, Function, Init, LoopKind, Parsed, Slot, Stmt, StmtKind, Switch};
use super::Program;
use std::collections::HashSet;
use std::fmt::Write;

const INDENT: &str = "    ";

impl Program {
    /// Whether two statements start on the same line (so their steps would
    /// share a line number).
    pub fn crowded(&self) -> bool {
        let mut lines = HashSet::new();
        let mut crowded = false;
        for f in &self.parsed.functions {
            visit(&f.body, &mut |s| crowded |= !lines.insert(s.pos.line));
        }
        crowded
    }

    /// The program as C, one statement a line (see the module's doc).
    pub fn pretty(&self) -> String {
        print_file(&self.parsed)
    }

    /// The same program laid out one statement a line when it is
    /// [`crowded`](Program::crowded), with its text; `None` when it is
    /// not (or when the printed text would not parse, which a test rules
    /// out for the examples).
    pub fn laid_out(&self) -> Option<(Program, String)> {
        if !self.crowded() {
            return None;
        }
        let text = self.pretty();
        Program::parse(&text).ok().map(|p| (p, text))
    }
}

/// Calls `each` on every statement, nested ones included (a `for`'s
/// initialiser belongs to its loop's line and is not visited).
fn visit(body: &[Stmt], each: &mut impl FnMut(&Stmt)) {
    for s in body {
        if !matches!(s.kind, StmtKind::Block(_)) {
            each(s);
        }
        match &s.kind {
            StmtKind::Block(inner) => visit(inner, each),
            StmtKind::If(_, then, other) => {
                visit(std::slice::from_ref(then), each);
                if let Some(o) = other {
                    visit(std::slice::from_ref(o), each);
                }
            }
            StmtKind::Loop(l) => visit(std::slice::from_ref(&l.body), each),
            StmtKind::Switch(sw) => visit(&sw.body, each),
            _ => {}
        }
    }
}

fn print_file(parsed: &Parsed) -> String {
    let mut static_locals = HashSet::new();
    for f in &parsed.functions {
        visit(&f.body, &mut |s| {
            if let StmtKind::Decl(ds) = &s.kind {
                static_locals.extend(ds.iter().filter_map(|d| match d.slot {
                    Slot::Global(k) => Some(k),
                    Slot::Local(_) => None,
                }));
            }
        });
    }
    let mut out = String::new();
    for (k, info) in parsed.globals.iter().enumerate() {
        if static_locals.contains(&k) {
            continue;
        }
        let init = parsed
            .global_inits
            .iter()
            .find(|d| d.slot == Slot::Global(k))
            .map_or(Init::None, |d| d.init.clone());
        let decl = Decl {
            slot: Slot::Global(k),
            info: info.clone(),
            init,
        };
        let _ = writeln!(out, "{};", declaration(std::slice::from_ref(&decl), false));
    }
    if !parsed.globals.is_empty() {
        out.push('\n');
    }
    let functions: Vec<String> = parsed.functions.iter().map(function).collect();
    out.push_str(&functions.join("\n"));
    out
}

fn function(f: &Function) -> String {
    let ret = if f.void { "void" } else { f.ret.name() };
    let params: Vec<String> = f
        .params
        .iter()
        .map(|(n, t)| format!("{} {n}", t.name()))
        .collect();
    let params = if params.is_empty() {
        "void".to_string()
    } else {
        params.join(", ")
    };
    let mut out = format!("{ret} {}({params})\n", f.name);
    block(&mut out, &f.body, 0);
    out.push('\n');
    out
}

/// `{`, the statements one level in, `}` (no newline after it).
fn block(out: &mut String, body: &[Stmt], depth: usize) {
    out.push_str("{\n");
    for s in body {
        statement(out, s, depth + 1);
    }
    out.push_str(&INDENT.repeat(depth));
    out.push('}');
}

/// A statement on its own line(s), indented to `depth`.
fn statement(out: &mut String, s: &Stmt, depth: usize) {
    let pad = INDENT.repeat(depth);
    out.push_str(&pad);
    match &s.kind {
        StmtKind::Block(body) => block(out, body, depth),
        StmtKind::If(c, then, other) => {
            let _ = write!(out, "if ({})", c.show());
            body(out, then, depth);
            let Some(o) = other else { return };
            if matches!(then.kind, StmtKind::Block(_)) {
                out.pop();
                out.push_str(" else");
            } else {
                let _ = write!(out, "{pad}else");
            }
            if matches!(o.kind, StmtKind::If(..)) {
                let mut inner = String::new();
                statement(&mut inner, o, depth);
                out.push(' ');
                out.push_str(inner.trim_start());
            } else {
                body(out, o, depth);
            }
            return;
        }
        StmtKind::Loop(l) => {
            match l.kind {
                LoopKind::For => {
                    let init: Vec<String> = l.init.iter().map(simple).collect();
                    let cond = l.cond.as_ref().map_or(String::new(), |c| c.show());
                    let step = l.step.as_ref().map_or(String::new(), |e| e.show());
                    let _ = write!(out, "for ({}; {cond}; {step})", init.join(", "));
                }
                LoopKind::While => {
                    let cond = l.cond.as_ref().map_or("1".into(), |c| c.show());
                    let _ = write!(out, "while ({cond})");
                }
                LoopKind::DoWhile => out.push_str("do"),
            }
            body(out, &l.body, depth);
            if l.kind == LoopKind::DoWhile {
                let cond = l.cond.as_ref().map_or("1".into(), |c| c.show());
                if matches!(l.body.kind, StmtKind::Block(_)) {
                    out.pop();
                    let _ = writeln!(out, " while ({cond});");
                } else {
                    let _ = writeln!(out, "{pad}while ({cond});");
                }
            }
            return;
        }
        StmtKind::Switch(sw) => {
            let _ = writeln!(out, "switch ({}) {{", sw.value.show());
            for (k, s) in sw.body.iter().enumerate() {
                labels(out, sw, k, depth);
                statement(out, s, depth + 2);
            }
            labels(out, sw, sw.body.len(), depth);
            out.push_str(&pad);
            out.push('}');
        }
        _ => out.push_str(&inline(s)),
    }
    out.push('\n');
}

/// The `case K:` and `default:` lines before `body[k]` of a switch.
fn labels(out: &mut String, sw: &Switch, k: usize, depth: usize) {
    let pad = INDENT.repeat(depth + 1);
    for c in sw.cases.iter().filter(|c| c.at == k) {
        let _ = writeln!(out, "{pad}case {}:", c.value.get());
    }
    if sw.default == Some(k) {
        let _ = writeln!(out, "{pad}default:");
    }
}

/// A loop's or an `if`'s body: a block after a space, any other statement
/// on the next line one level in. Ends with a newline.
fn body(out: &mut String, s: &Stmt, depth: usize) {
    if let StmtKind::Block(inner) = &s.kind {
        out.push(' ');
        block(out, inner, depth);
        out.push('\n');
    } else {
        out.push('\n');
        statement(out, s, depth + 1);
    }
}

/// A simple statement as one line: a declaration or expression, `return`,
/// `break`, `continue`, or nothing, then `;`.
fn inline(s: &Stmt) -> String {
    simple(s) + ";"
}

/// [`inline`] without its `;` (as in a `for`'s parentheses).
fn simple(s: &Stmt) -> String {
    match &s.kind {
        StmtKind::Decl(ds) => declaration(ds, true),
        StmtKind::Expr(e) => e.show(),
        StmtKind::Return(Some(e)) => format!("return {}", e.show()),
        StmtKind::Return(None) => "return".into(),
        StmtKind::Break => "break".into(),
        StmtKind::Continue => "continue".into(),
        _ => String::new(),
    }
}

/// `static const unsigned int a = 1, t[2] = {1, 2}` (no `;`): declarators
/// share their type, as the parser read them (`static` only for a static
/// local: at file scope it changes nothing here).
fn declaration(ds: &[Decl], in_function: bool) -> String {
    let Some(first) = ds.first() else {
        return String::new();
    };
    let mut text = String::new();
    if in_function && matches!(first.slot, Slot::Global(_)) {
        text.push_str("static ");
    }
    if first.info.is_const {
        text.push_str("const ");
    }
    text.push_str(first.info.ty.name());
    let declarators: Vec<String> = ds.iter().map(declarator).collect();
    text.push(' ');
    text.push_str(&declarators.join(", "));
    text
}

fn declarator(d: &Decl) -> String {
    let mut text = d.info.name.clone();
    if let Some(n) = d.info.len {
        let _ = write!(text, "[{n}]");
    }
    match &d.init {
        Init::None => {}
        Init::Scalar(e) => {
            let _ = write!(text, " = {}", e.show_operand());
        }
        Init::List(items) => {
            let items: Vec<String> = items.iter().map(Expr::show_operand).collect();
            let _ = write!(text, " = {{{}}}", items.join(", "));
        }
    }
    text
}
