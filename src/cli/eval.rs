//! `bitscope eval "EXPR"`: the expression lab on the command line; with
//! `--file F` (or `-` for standard input) a C function, stepped
//! ([`super::c_code`]).
//!
//! Prints the steps (or, with `--json`, the Trace as the last line, its
//! `"result"` a `"0x…"` word); a bad expression prints its column and a
//! caret under it on stderr and exits with code 2.

use bitscope::bits::word::parse_number;
use bitscope::lang::expr::{evaluate, Vars};
use clap::Args;

#[derive(Args)]
pub struct EvalArgs {
    /// The expression, C precedence: ~ - ! | * / % | + - | << >> | < <= > >= | == != | & | ^ | |
    #[arg(
        allow_hyphen_values = true,
        required_unless_present = "file",
        conflicts_with = "file"
    )]
    expr: Option<String>,
    /// A C file (`-`: standard input): run a function of it, step by step.
    #[arg(long, value_name = "FILE")]
    file: Option<String>,
    /// The C function to run (default: the only or last one).
    #[arg(long = "fn", value_name = "NAME", requires = "file")]
    function: Option<String>,
    /// The C run's step budget (statements and expression nodes).
    #[arg(long, default_value_t = 1_000_000, requires = "file")]
    budget: u64,
    /// Word width in bits.
    #[arg(long, default_value = "64", value_parser = ["8", "16", "32", "64"])]
    width: String,
    /// A variable's value, `x=0x2a` (x, y or z; 0x.., 0b.., decimal or -n);
    /// with --file, a parameter's (`n=-5`).
    #[arg(long = "var", value_name = "NAME=V", allow_hyphen_values = true)]
    vars: Vec<String>,
    /// Print the trace as one JSON line.
    #[arg(long)]
    json: bool,
}

pub fn run(args: EvalArgs) -> i32 {
    if let Some(file) = &args.file {
        return super::c_code::eval(
            file,
            args.function.as_deref(),
            &args.vars,
            args.json,
            args.budget,
        );
    }
    let expr = args.expr.clone().unwrap_or_default();
    let width: u32 = args.width.parse().unwrap_or(64);
    let mut vars = Vars::default();
    for spec in &args.vars {
        let Some((name, value)) = spec.split_once('=') else {
            return super::bad_input(format!("--var {spec:?}: write it as x=VALUE"));
        };
        let v = match parse_number(value, width) {
            Ok(v) => v,
            Err(e) => return super::bad_input(format!("--var {spec:?}: {e}")),
        };
        match name.trim() {
            "x" => vars.x = v,
            "y" => vars.y = v,
            "z" => vars.z = v,
            other => {
                return super::bad_input(format!("--var {spec:?}: '{other}' is not x, y or z"))
            }
        }
    }
    match evaluate(&expr, width, vars) {
        Ok(trace) => {
            super::trace::print(&trace, args.json);
            0
        }
        Err(e) => super::bad_input(format!("{e}\n{}", super::caret(&expr, e.column()))),
    }
}
