//! `bitscope synth FILE.c [--fn NAME] [--ops "OPS"] [--consts "C..."]
//! [--free-consts N [--max-const C]] [--max-ops N] [--timeout S]
//! [--threads N] [--engine auto|enumerate|sat] [--json]`: the shortest
//! straight-line program equal to a C function ([`bitscope::synth`]),
//! proven, and minimal when every shorter one was ruled out.
//!
//! `--json` prints one object: `status` ("found", "none" or "timeout"),
//! `constants` (those tried, as text),
//! `fn`, `source` (a whole C function with the specification's
//! signature), `expr` (one C expression), `ops` (instructions, each value
//! once), `dlc_ops` (the operators of `expr`), `minimal`, `proof` (the
//! prover's method), `max_ops`, `seconds`, `searched` (candidate programs
//! compared with the sample inputs), `catalog` (the catalog tricks the
//! program is built on, `synth/library.rs`); the program's fields are
//! null without one.
//!
//! Exit status: 0 found, 1 none (no program of at most `--max-ops`), 3 out
//! of time, 2 bad input.

use super::progress::LateBar;
use bitscope::lang::c::{parse_arg, Scalar};
use bitscope::lang::prove::{Deadline, Flow};
use bitscope::synth::{
    check_any_constants, synthesize_finding_constants, Engine, Status, SynthControl, SynthError,
    SynthOptions, SynthProgress, SynthResult, SynthSpec,
};
use clap::Args;
use serde_json::json;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct SynthArgs {
    /// The specification: a C file (`-`: standard input); an `assume`
    /// function in it restricts the inputs.
    file: String,
    /// The specification's function (default: the last one but `assume`).
    #[arg(long = "fn", value_name = "NAME")]
    function: Option<String>,
    /// The operators allowed, in the data lab's notation (`-x` negates):
    /// "! ~ & ^ | + << >>" (default: every one but `/` and `%`, which are taken only when named).
    #[arg(long, value_name = "OPS", allow_hyphen_values = true)]
    ops: Option<String>,
    /// Constants beside 0, 1, -1 and the width minus 1: "3 0x55 -8".
    #[arg(long, value_name = "C...", allow_hyphen_values = true)]
    consts: Option<String>,
    /// Constants the search picks itself, beside those: up to N literals of
    /// any value (each the same on every input), found by a SAT solver;
    /// "minimal" then means: over any constants.
    #[arg(long = "free-consts", value_name = "N", default_value_t = 0)]
    free_consts: usize,
    /// The largest value (as unsigned) a free constant may take.
    #[arg(long = "max-const", value_name = "C", allow_hyphen_values = true)]
    max_const: Option<String>,
    /// How each length is searched: "enumerate" (every program, up to
    /// equivalence on the sample inputs), "sat" (a SAT solver picks the
    /// program), or "auto" (enumerated while that is cheap, then SAT;
    /// before the first SAT length, a meet in the middle of two halves,
    /// whose program is proven but not called minimal).
    #[arg(long, value_name = "HOW", default_value = "auto")]
    engine: String,
    /// The longest program searched, in operations (a program built on
    /// the catalog's tricks, found where the lengths get costly, may be
    /// longer).
    #[arg(long = "max-ops", default_value_t = 6)]
    max_ops: usize,
    /// Seconds before answering with what is known.
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    /// Threads (0: every core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Seconds for the check that no shorter program needs another constant.
const ANY_CONSTANT_SECONDS: f64 = 2.0;

/// The search `bitscope synth` runs: constants found where none are
/// given, then, for [`ANY_CONSTANT_SECONDS`] at most (and not past `end`),
/// whether a shorter program needs another constant; with the seconds
/// that check took.
pub fn synthesize_as_the_cli_does(
    spec: &SynthSpec,
    opts: &SynthOptions,
    ctl: &mut dyn SynthControl,
    end: Instant,
) -> Result<(SynthResult, f64), SynthError> {
    let mut r = synthesize_finding_constants(spec, opts, ctl)?;
    let check = Instant::now();
    let brief = end.min(check + Duration::from_secs_f64(ANY_CONSTANT_SECONDS));
    check_any_constants(spec, opts, &mut r, &mut Deadline(brief))?;
    Ok((r, check.elapsed().as_secs_f64()))
}

pub fn run(args: SynthArgs) -> i32 {
    let (program, _) = match super::c_code::parse_file(&args.file) {
        Ok(x) => x,
        Err(e) => return super::bad_input(e),
    };
    let spec = match SynthSpec::new(program, args.function.as_deref()) {
        Ok(s) => s,
        Err(e) => return super::bad_input(format!("{}: {e}", args.file)),
    };
    let mut opts = match SynthOptions::read(args.ops.as_deref(), args.consts.as_deref(), spec.ty) {
        Ok(o) => o,
        Err(e) => return super::bad_input(e),
    };
    if !(args.timeout.is_finite() && args.timeout >= 0.0) {
        return super::bad_input("--timeout: give a number of seconds");
    }
    if args.max_ops > bitscope::synth::MAX_OPS {
        return super::bad_input(format!("--max-ops: at most {}", bitscope::synth::MAX_OPS));
    }
    opts.max_ops = args.max_ops;
    opts.threads = args.threads;
    opts.free_consts = args.free_consts;
    if let Some(c) = &args.max_const {
        match parse_arg(c, spec.ty) {
            Ok(v) => opts.max_const = Some(v.bits),
            Err(e) => return super::bad_input(format!("--max-const: {e}")),
        }
    }
    match Engine::from_name(&args.engine) {
        Some(e) => opts.engine = e,
        None => return super::bad_input("--engine: auto, enumerate or sat"),
    }
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(args.timeout.min(1e6));
    let mut bar = (!args.json).then(|| LateBar::new(args.max_ops as u64, "synth"));
    let mut ctl = |p: &SynthProgress| {
        if let Some(b) = bar.as_mut() {
            b.update(
                p.length as u64,
                format!("length {}, {} candidates", p.length, p.searched),
            );
        }
        if Instant::now() >= end {
            Flow::OutOfTime
        } else {
            Flow::Continue
        }
    };
    let r = synthesize_as_the_cli_does(&spec, &opts, &mut ctl, end).map(|(r, _)| r);
    if let Some(b) = bar {
        b.finish();
    }
    let seconds = start.elapsed().as_secs_f64();
    match r {
        Ok(r) => {
            if args.json {
                println!("{}", to_json(&r, seconds, spec.ty));
            } else {
                print!("{}", text(&r, seconds, spec.ty));
            }
            match r.status {
                Status::Found => 0,
                Status::None => 1,
                Status::Timeout => 3,
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            super::EXIT_BAD_INPUT
        }
    }
}

/// The object the module docs describe.
pub fn to_json(r: &SynthResult, seconds: f64, ty: Scalar) -> serde_json::Value {
    let p = r.program.as_ref();
    json!({
        "constants": r.constants_text(ty),
        "status": r.status.name(),
        "fn": r.function,
        "source": r.source(),
        "expr": p.map(|p| p.expr()),
        "ops": r.ops(),
        "dlc_ops": p.map(|p| p.dlc_ops()),
        "minimal": r.minimal(),
        "minimal_any_constant": r.minimal() && r.any_constants,
        "catalog": r.catalog,
        "proof": r.proof,
        "max_ops": r.max_ops,
        "seconds": seconds,
        "searched": r.searched,
    })
}

/// "minimal: …" (with any constants, where that was shown), or what was
/// ruled out.
fn minimal_text(r: &SynthResult, shorter: &str) -> String {
    let any = match (r.from_spec.is_empty(), r.any_constants, r.any_ruled_out) {
        (_, true, _) => ", with any constants".into(),
        (true, _, _) => String::new(),
        (false, false, 0 | 1) => " over the constants tried".into(),
        (false, false, n) => format!(
            " over the constants tried (with any constants: none of at most {} operations)",
            n - 1
        ),
    };
    match (r.minimal(), r.ruled_out) {
        (true, _) => format!("minimal: {shorter}{any}"),
        (false, 0) => "not proven minimal".into(),
        (false, _) => format!("not proven minimal ({shorter})"),
    }
}

/// "built on the catalog's …" (`bitscope tricks show ID`), or nothing.
fn catalog_text(r: &SynthResult) -> String {
    match r.catalog.is_empty() {
        true => String::new(),
        false => format!(
            "  built on the catalog's {} (`bitscope tricks show ID`)\n",
            r.catalog.join(", ")
        ),
    }
}

fn text(r: &SynthResult, seconds: f64, ty: Scalar) -> String {
    let how = format!("{} candidates searched in {seconds:.3} s", r.searched);
    let tried = format!("constants tried: {}", r.constants_text(ty));
    // (with no program, the missing piece may be a constant)
    let hint = if r.free_consts == 0 {
        format!("  {tried}; a program may need another: give it (--consts \"C...\") or let the search find it (--free-consts 1)\n")
    } else {
        format!("  {tried}\n")
    };
    let shorter = match r.ruled_out {
        0 => "nothing ruled out".to_string(),
        1 => "no program of 0 operations exists".to_string(),
        n => format!("no program of at most {} operations exists", n - 1),
    };
    match (&r.program, r.status) {
        (Some(p), _) => format!(
            "{}: {}\n  {} operations ({} in the expression), proven ({}); {}\n{}  {how}\n{}",
            r.function,
            p.expr(),
            p.instrs.len(),
            p.dlc_ops(),
            r.proof.unwrap_or("?"),
            minimal_text(r, &shorter),
            catalog_text(r),
            p.source(&r.function)
        ),
        (None, Status::None) => format!(
            "{}: none: no program of at most {} operations over these operators and constants\n  {how}\n{hint}",
            r.function, r.max_ops
        ),
        (None, _) => format!("{}: out of time; {shorter}\n  {how}\n{hint}", r.function),
    }
}
