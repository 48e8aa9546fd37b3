//! `bitscope perft --epd FILE` (a whole suite) and `bitscope perft D --fen F
//! --divide --compare FILE` (a divide against another engine's). The
//! library's `chess::suite` and `chess::compare` read, run and compare;
//! this module only renders.

use super::{open_gpu, PerftArgs};
use crate::cli::progress::LateBar;
use bitscope::chess::compare::{compare, parse_divide, Comparison, TheirDivide};
use bitscope::chess::parallel::perft_parallel;
use bitscope::chess::suite::{parse_suite, run_line, LineResult, Summary};
use bitscope::chess::{perft, Position, Setup};
use serde_json::json;

/// The other engine's divide, from a file or stdin.
pub fn read_divide(path: &str) -> Result<TheirDivide, String> {
    let text = crate::cli::read_input(path)?;
    parse_divide(&text).map_err(|e| format!("{path}: {e}"))
}

/// `--compare`: prints the differences (or the JSON object); exit 1 when
/// anything differs.
pub fn print_comparison(
    args: &PerftArgs,
    depth: u32,
    ours: &[(String, u64)],
    theirs: &TheirDivide,
) -> i32 {
    let setup = match Setup::from_fen(&args.fen) {
        Ok(s) => s,
        Err(e) => return crate::cli::bad_input(format!("bad FEN {:?}: {e}", args.fen)),
    };
    let c = compare(&setup, depth, ours, theirs);
    if args.json {
        println!("{}", serde_json::to_string(&c).unwrap_or_default());
    } else {
        print!("{}", render_comparison(&c));
    }
    i32::from(!c.agree)
}

fn render_comparison(c: &Comparison) -> String {
    let mut out = format!(
        "depth {}: ours {} nodes, theirs {} (their rows){}\n",
        c.depth,
        c.ours_total,
        c.theirs_total,
        c.theirs_reported
            .map_or(String::new(), |n| format!(", they printed {n}"))
    );
    if c.agree {
        out += "every move and count agree\n";
        return out;
    }
    for d in &c.differ {
        out += &format!(
            "differ   {:<6} ours {:>12}  theirs {:>12}\n",
            d.mv, d.ours, d.theirs
        );
    }
    for m in &c.missing {
        out += &format!(
            "missing  {:<6} ours {:>12}  (they do not list it)\n",
            m.mv, m.nodes
        );
    }
    for m in &c.extra {
        out += &format!(
            "extra    {:<6} theirs {:>10}  (not legal here)\n",
            m.mv, m.nodes
        );
    }
    match &c.next {
        Some(n) => {
            out += &format!(
                "next: after {} the position is {}; compare depth {} there:\n  {}\n",
                n.mv, n.fen, n.depth, n.command
            )
        }
        None if !c.missing.is_empty() || !c.extra.is_empty() => {
            out += "the bug is at this ply: a move is missing or extra here\n"
        }
        None => {}
    }
    out
}

/// `--epd`: every line's depths up to `--max-nodes`, on the CPU threads or
/// the GPU; one line of output per position, then the summary.
pub fn run_suite(args: &PerftArgs, path: &str) -> i32 {
    let text = match crate::cli::read_input(path) {
        Ok(t) => t,
        Err(e) => return crate::cli::bad_input(e),
    };
    let (lines, bad) = parse_suite(&text);
    for b in &bad {
        eprintln!("error: {path} line {}: {}", b.line, b.error);
    }
    let gpu = if args.gpu {
        match open_gpu(args) {
            Ok(g) => Some(g),
            Err(e) => return crate::cli::bad_input(e),
        }
    } else {
        None
    };
    let backend = gpu
        .as_ref()
        .map_or_else(|| format!("cpu, {} threads", args.threads), |g| g.2.clone());
    // Build the attack tables before the first clock starts.
    let _ = perft(&Position::startpos(), 1);
    let total: u64 = lines
        .iter()
        .map(|l| l.planned(args.max_nodes).count() as u64)
        .sum();
    let mut bar = LateBar::new(total, "suite");
    let mut done = 0;
    let mut results: Vec<LineResult> = Vec::new();
    for line in &lines {
        let result = run_line(line, args.max_nodes, |p, d| {
            done += 1;
            bar.update(done, format!("line {} D{d}", line.line));
            match &gpu {
                Some((g, options, _)) => g
                    .run_blocking(p, d, options, |_, _| true)
                    .map(|r| r.nodes)
                    .map_err(|e| e.to_string()),
                None => Ok(perft_parallel(p, d, args.threads as usize)),
            }
        });
        match result {
            Ok(r) => {
                if !args.json {
                    bar.println(render_line(&r));
                }
                results.push(r);
            }
            Err(e) => {
                bar.finish();
                return crate::cli::bad_input(format!("line {}: {e}", line.line));
            }
        }
    }
    bar.finish();
    let summary = Summary::new(&results, &bad);
    if args.json {
        println!(
            "{}",
            json!({"backend": backend, "lines": results, "summary": summary})
        );
    } else {
        println!("{}", render_summary(&summary, &backend));
    }
    summary.exit_code()
}

fn render_line(r: &LineResult) -> String {
    let counts: Vec<String> = r
        .depths
        .iter()
        .map(|d| match d.counted {
            None => format!("D{} skipped", d.depth),
            Some(n) if n == d.expected => format!("D{} {n}", d.depth),
            Some(n) => format!("D{} {n} (expected {})", d.depth, d.expected),
        })
        .collect();
    format!(
        "line {:>3} {:<4} {}  {:.3} s  {:.1} M nodes/s  {}",
        r.line,
        if r.ok { "ok" } else { "FAIL" },
        counts.join(", "),
        r.speed.seconds,
        r.speed.nps as f64 / 1e6,
        r.fen
    )
}

fn render_summary(s: &Summary, backend: &str) -> String {
    let mut out = format!(
        "{} positions, {} counts checked ({} over the budget skipped), {} nodes in {:.3} s, {:.1} M nodes/s ({backend}): ",
        s.positions,
        s.counts_checked,
        s.counts_skipped,
        s.speed.nodes,
        s.speed.seconds,
        s.speed.nps as f64 / 1e6
    );
    if s.all_agree {
        out += "all agree";
    } else {
        let failed: Vec<String> = s.failed.iter().map(usize::to_string).collect();
        if !failed.is_empty() {
            out += &format!("FAILED on line {}", failed.join(", "));
        }
        if !s.unreadable.is_empty() {
            let bad: Vec<String> = s.unreadable.iter().map(|b| b.line.to_string()).collect();
            out += &format!(
                "{}{} unreadable (line {})",
                if failed.is_empty() { "" } else { "; " },
                bad.len(),
                bad.join(", ")
            );
        }
    }
    out
}
