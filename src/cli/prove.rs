//! `bitscope prove "A" "B" --width W [--json]`: are two Lab expressions
//! equal on every input? When A and B are files, two C functions
//! ([`super::c_code`]; `--fn-a`, `--fn-b` pick them).
//!
//! Exit status: 0 proven equal, 1 a counterexample, 3 not proven within the
//! time budget, 2 bad input (a parse error prints its column and a caret).
//! `--json` prints one object: `equal` (true, false or null), `method`
//! (exhaustive, sat, sampled), `counterexample` (`{x, y, z}` in hex, or
//! null), `left` and `right` (what each side gives there), `seconds`,
//! `variables`, `agreeing` (inputs tried that agree) and `not_proven`.

use bitscope::bits::word::Word;
use bitscope::lang::prove::{self, Options, ProveError, Verdict, Which};
use clap::Args;
use serde_json::json;
use std::time::Instant;

#[derive(Args)]
pub struct ProveArgs {
    /// The first expression (x, y, z; the Lab's operators).
    #[arg(allow_hyphen_values = true)]
    left: String,
    /// The second expression.
    #[arg(allow_hyphen_values = true)]
    right: String,
    /// Word width in bits.
    #[arg(long, default_value = "64", value_parser = ["8", "16", "32", "64"])]
    width: String,
    /// With C files: the first file's function (default: the only or last).
    #[arg(long = "fn-a", value_name = "NAME")]
    fn_a: Option<String>,
    /// With C files: the second file's function.
    #[arg(long = "fn-b", value_name = "NAME")]
    fn_b: Option<String>,
    /// The time budget in seconds; after it, random and edge inputs decide
    /// what is reported (not a proof).
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Write the SAT problem "the two sides differ" here, in DIMACS (to try
    /// other solvers on it).
    #[arg(long, value_name = "FILE")]
    dimacs: Option<std::path::PathBuf>,
}

// Other subcommands name it here.
pub use super::progress::Deadline;

pub fn run(args: ProveArgs) -> i32 {
    let is_file = |s: &str| s == "-" || std::path::Path::new(s).is_file();
    match (is_file(&args.left), is_file(&args.right)) {
        (true, true) => {
            let (a, b) = (args.fn_a.as_deref(), args.fn_b.as_deref());
            return super::c_code::prove(&args.left, &args.right, a, b, args.seconds, args.json);
        }
        (true, false) | (false, true) => {
            return super::bad_input(
                "give two C files, or two expressions (one of the two is a file)",
            );
        }
        _ if args.fn_a.is_some() || args.fn_b.is_some() => {
            return super::bad_input("--fn-a and --fn-b pick functions of C files");
        }
        _ => {}
    }
    let width: u32 = args.width.parse().unwrap_or(64);
    if let Some(path) = &args.dimacs {
        if let Err(e) = write_dimacs(&args.left, &args.right, width, path) {
            return super::bad_input(e);
        }
    }
    let start = Instant::now();
    let r = prove::prove_with(
        &args.left,
        &args.right,
        width,
        &Options::default(),
        &mut Deadline::after(args.seconds),
    );
    let seconds = start.elapsed().as_secs_f64();
    match r {
        Ok(v) => {
            if args.json {
                println!("{}", verdict_json(&v, width, seconds));
            } else {
                print_text(&v, width, seconds);
            }
            match v.equal {
                Some(true) => 0,
                Some(false) => 1,
                None => 3,
            }
        }
        Err(ProveError::Parse { which, error }) => {
            let src = if which == Which::Left {
                &args.left
            } else {
                &args.right
            };
            super::bad_input(format!(
                "{} expression: {error}\n{}",
                if which == Which::Left {
                    "first"
                } else {
                    "second"
                },
                super::caret(src, error.column())
            ))
        }
        Err(e) => {
            eprintln!("error: {e}");
            3
        }
    }
}

fn write_dimacs(a: &str, b: &str, width: u32, path: &std::path::Path) -> Result<(), String> {
    use bitscope::lang::expr::parse;
    use bitscope::lang::prove::{blast, circuit::Circuit, sat, Mode};
    let ta = parse(a, width).map_err(|e| format!("first expression: {e}"))?;
    let tb = parse(b, width).map_err(|e| format!("second expression: {e}"))?;
    let mut c = Circuit::new();
    let la = blast::blast(&mut c, &ta, width);
    let lb = blast::blast(&mut c, &tb, width);
    let root = blast::differ(&mut c, &la, &lb, Mode::Equal);
    std::fs::write(path, sat::dimacs(&c, root)).map_err(|e| format!("{}: {e}", path.display()))
}

/// The verdict as the JSON object the module docs describe.
pub fn verdict_json(v: &Verdict, width: u32, seconds: f64) -> serde_json::Value {
    let hex = |x: u64| Word::new(x, width).hex();
    let c = v.counterexample.as_ref();
    json!({
        "equal": v.equal,
        "method": v.method.name(),
        "counterexample": c.map(|c| json!({"x": hex(c.x), "y": hex(c.y), "z": hex(c.z)})),
        "left": c.map(|c| c.left.show(width)),
        "right": c.map(|c| c.right.show(width)),
        "seconds": seconds,
        "variables": v.variables,
        "agreeing": v.agreeing,
        "not_proven": v.not_proven,
    })
}

fn print_text(v: &Verdict, width: u32, seconds: f64) {
    let how = v.method.name();
    match (v.equal, &v.counterexample) {
        (Some(true), _) if v.agreeing > 0 => {
            println!(
                "equal: proven ({how}, all {} inputs of {}) in {seconds:.3} s",
                v.agreeing,
                v.variables.join(", ")
            )
        }
        (Some(true), _) => println!("equal: proven ({how}) in {seconds:.3} s"),
        (_, Some(c)) => {
            let hex = |x: u64| Word::new(x, width).hex();
            println!("not equal ({how}), in {seconds:.3} s:");
            println!("  x = {}  y = {}  z = {}", hex(c.x), hex(c.y), hex(c.z));
            println!("  first gives  {}", c.left.show(width));
            println!("  second gives {}", c.right.show(width));
        }
        _ => println!(
            "not proven in {seconds:.3} s: {}",
            v.not_proven.as_deref().unwrap_or("no answer")
        ),
    }
}
