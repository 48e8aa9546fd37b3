//! The C side of `bitscope eval --file F` and `bitscope prove A.c B.c`.
//!
//! `eval --json` prints one object: `value` (hex, the bits of the return
//! type), `decimal`, `type`, `function`, `steps` (line, text, iteration,
//! value, note, the variables after each, and its sub-expressions and
//! implicit conversions), `warnings`, `truncated`; a run that stops on
//! undefined behaviour prints `{"error": {"kind", "line", "col",
//! "message"}, "steps"}` (the steps before it) and exits 2.
//! `prove --json` prints `equal`, `method`, `counterexample` (`{param:
//! value}`), `kind` ("value" or "undefined"), `left`, `right`, `seconds`,
//! `params`, `agreeing`, `not_proven`.

use super::progress::Deadline;
use bitscope::lang::c::{parse_arg, CError, CStep, Program, RunOptions, Value};
use bitscope::lang::prove::c::{self as cprove, Side, Verdict};
use bitscope::lang::prove::{Options, ProveError};
use serde_json::json;
use std::time::Instant;

/// Reads a file, or standard input for `-`.
pub fn read_source(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("standard input: {e}"))?;
        return Ok(s);
    }
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

/// The error with its source line and a caret under its column.
pub fn with_caret(name: &str, src: &str, e: &CError) -> String {
    let line = src
        .lines()
        .nth(e.line.saturating_sub(1) as usize)
        .unwrap_or("");
    format!("{name}:{e}\n{}", super::caret(line, e.col as usize))
}

pub fn parse_file(path: &str) -> Result<(Program, String), String> {
    let src = read_source(path)?;
    let p = Program::parse(&src).map_err(|e| with_caret(path, &src, &e))?;
    Ok((p, src))
}

/// `bitscope eval --file F [--fn NAME] [--var NAME=V]... [--json]`.
pub fn eval(path: &str, function: Option<&str>, vars: &[String], json: bool, budget: u64) -> i32 {
    let (p, src) = match parse_file(path) {
        Ok(x) => x,
        Err(e) => return super::bad_input(e),
    };
    let f = match p.entry(function) {
        Ok(f) => f.clone(),
        Err(e) => return super::bad_input(e.message),
    };
    let args = match read_args(&f, vars) {
        Ok(args) => args,
        Err(e) => return super::bad_input(e),
    };
    let opts = RunOptions {
        trace: true,
        budget,
        ..RunOptions::default()
    };
    match p.run_until_error(&f.name, &args, &opts) {
        Ok(run) => {
            if json {
                println!(
                    "{}",
                    json!({
                        "function": f.name,
                        "type": if f.void { "void" } else { f.ret.name() },
                        "value": run.value.map(Value::hex),
                        "decimal": run.value.map(|v| v.get().to_string()),
                        "steps": run.steps.iter().map(step_json).collect::<Vec<_>>(),
                        "truncated": run.truncated,
                        "warnings": run.warnings,
                        "steps_used": run.steps_used,
                    })
                );
            } else {
                print_steps(&run.steps);
                for w in &run.warnings {
                    eprintln!("{w}");
                }
                match run.value {
                    Some(v) => println!(
                        "{} returns {} = {} ({})",
                        f.name,
                        v.hex(),
                        v.decimal(),
                        f.ret.name()
                    ),
                    None => println!("{} returns (void)", f.name),
                }
            }
            0
        }
        // the steps up to the error, then the error: no result
        Err((e, steps)) if json => {
            let error = json!({"kind": e.kind, "line": e.line, "col": e.col, "message": e.message});
            let steps: Vec<_> = steps.iter().map(step_json).collect();
            println!(
                "{}",
                json!({"function": f.name, "error": error, "steps": steps})
            );
            super::EXIT_BAD_INPUT
        }
        Err((e, steps)) => {
            print_steps(&steps);
            println!("the run stopped here, no result");
            super::bad_input(with_caret(path, &src, &e))
        }
    }
}

/// The `--var NAME=V` arguments of `f`, each read as its parameter's type.
fn read_args(f: &bitscope::lang::c::Function, vars: &[String]) -> Result<Vec<Value>, String> {
    let mut args = Vec::new();
    for (name, ty) in &f.params {
        let given = vars
            .iter()
            .find_map(|v| v.split_once('=').filter(|(n, _)| n.trim() == name));
        let Some((_, text)) = given else {
            return Err(format!(
                "`{}` takes `{name}` ({}): give it with --var {name}=V",
                f.name,
                ty.name()
            ));
        };
        args.push(parse_arg(text, *ty).map_err(|e| format!("--var {name}: {e}"))?);
    }
    let named = |v: &&String| {
        f.params
            .iter()
            .any(|(n, _)| v.split_once('=').is_some_and(|(k, _)| k.trim() == n))
    };
    if let Some(v) = vars.iter().find(|v| !named(v)) {
        return Err(format!("--var {v:?}: `{}` has no such parameter", f.name));
    }
    Ok(args)
}

/// A step as `eval --json` prints it: its sub-expressions each `kind`
/// "value" or "conversion" (with `from_type`, `to_type`, `before` and
/// `after` in hex, `why`, `within`, `rule`, `changes`).
fn step_json(s: &CStep) -> serde_json::Value {
    let mut v = json!(s);
    let exprs: Vec<_> = s
        .exprs
        .iter()
        .map(|e| match &e.conversion {
            None => json!({"kind": "value", "text": e.text, "type": e.value.ty.name(),
                           "value": e.value.hex(), "decimal": e.value.decimal()}),
            Some(c) => json!({"kind": "conversion", "text": e.text, "from_type": c.before.ty.name(),
                              "to_type": e.value.ty.name(), "before": c.before.hex(), "after": e.value.hex(),
                              "before_decimal": c.before.decimal(), "after_decimal": e.value.decimal(),
                              "why": c.why, "within": c.within, "rule": c.rule, "changes": c.changes}),
        })
        .collect();
    v["exprs"] = json!(exprs);
    v
}

/// The text trace: each step with its value and note, the conversions in it.
fn print_steps(steps: &[CStep]) {
    for s in steps {
        // (a loop's test says the iteration it decides in its note)
        let test =
            matches!(s.kind, bitscope::lang::c::StepKind::Condition { .. }) && s.note.is_some();
        let iter = s
            .iteration
            .filter(|_| !test)
            .map(|n| format!(" [iteration {n}]"))
            .unwrap_or_default();
        let value = s
            .value
            .map(|v| format!("  -> {} ({})", v.hex(), v.decimal()))
            .unwrap_or_default();
        println!("line {:>3}{iter}  {}{value}", s.line, s.text);
        if let Some(note) = &s.note {
            println!("          {note}");
        }
        for e in &s.exprs {
            if let Some(c) = &e.conversion {
                let mark = if c.changes { "!" } else { " " };
                println!(
                    "        {mark} {} of `{}` in `{}`: {} -> {}: {}",
                    c.why.name(),
                    e.text,
                    c.within,
                    c.before.hex(),
                    e.value.hex(),
                    c.rule
                );
            }
        }
        for w in &s.warnings {
            println!("          warning: {w}");
        }
    }
}

/// `bitscope prove A.c B.c [--fn-a NAME] [--fn-b NAME] [--json]`.
pub fn prove(
    a: &str,
    b: &str,
    fn_a: Option<&str>,
    fn_b: Option<&str>,
    seconds: f64,
    json: bool,
) -> i32 {
    let (pa, pb) = match (parse_file(a), parse_file(b)) {
        (Ok((pa, _)), Ok((pb, _))) => (pa, pb),
        (Err(e), _) | (_, Err(e)) => return super::bad_input(e),
    };
    let (na, nb) = match (pa.entry(fn_a), pb.entry(fn_b)) {
        (Ok(x), Ok(y)) => (x.name.clone(), y.name.clone()),
        (Err(e), _) => return super::bad_input(format!("{a}: {}", e.message)),
        (_, Err(e)) => return super::bad_input(format!("{b}: {}", e.message)),
    };
    let start = Instant::now();
    let r = cprove::prove(
        Side {
            program: &pa,
            function: &na,
        },
        Side {
            program: &pb,
            function: &nb,
        },
        None,
        &Options::default(),
        &mut Deadline::after(seconds),
    );
    let secs = start.elapsed().as_secs_f64();
    match r {
        Ok(v) => {
            if json {
                println!("{}", verdict_json(&v, secs));
            } else {
                print_text(&v, &na, &nb, secs);
            }
            match v.equal {
                Some(true) => 0,
                Some(false) => 1,
                None => 3,
            }
        }
        Err(ProveError::Signature(e)) => super::bad_input(e),
        Err(e) => {
            eprintln!("error: {e}");
            3
        }
    }
}

pub fn verdict_json(v: &Verdict, seconds: f64) -> serde_json::Value {
    let c = v.counterexample.as_ref();
    let args = c.map(|c| {
        c.args
            .iter()
            .map(|(n, v)| (n.clone(), json!(v.hex())))
            .collect::<serde_json::Map<_, _>>()
    });
    json!({
        "equal": v.equal,
        "method": v.method.name(),
        "counterexample": args,
        "kind": c.map(|c| c.kind.clone()),
        "left": c.map(|c| c.left.show()),
        "right": c.map(|c| c.right.show()),
        "seconds": seconds,
        "params": v.variables.iter().map(|(n, t)| json!({"name": n, "type": t.name()})).collect::<Vec<_>>(),
        "agreeing": v.agreeing,
        "not_proven": v.not_proven,
    })
}

fn print_text(v: &Verdict, na: &str, nb: &str, seconds: f64) {
    let how = v.method.name();
    match (v.equal, &v.counterexample) {
        (Some(true), _) if v.agreeing > 0 => println!(
            "equal: proven ({how}, all {} inputs) in {seconds:.3} s",
            v.agreeing
        ),
        (Some(true), _) => println!("equal: proven ({how}) in {seconds:.3} s"),
        (_, Some(c)) => {
            println!("not equal ({how}, {}), in {seconds:.3} s:", c.kind);
            let args: Vec<String> = c
                .args
                .iter()
                .map(|(n, v)| format!("{n} = {} ({})", v.decimal(), v.hex()))
                .collect();
            println!("  {}", args.join("  "));
            println!("  {na} gives {}", c.left.show());
            println!("  {nb} gives {}", c.right.show());
        }
        _ => println!(
            "not proven in {seconds:.3} s: {}",
            v.not_proven.as_deref().unwrap_or("no answer")
        ),
    }
}
