//! `bitscope practice fewest [--id ID] [--seconds S] [--json]`: for each
//! exercise, every program shorter than its best known answer searched
//! ([`bitscope::practice::fewest`]); one row an exercise:
//!
//! ```text
//!   id                   best  finding                      seconds
//!   lowest-bit-isolate      2  proven: none shorter           0.012
//!   swar-popcount          12  not searched: ...              0.000
//! ```
//!
//! Exit status 0, or 2 for an unknown `--id`.

use bitscope::practice::fewest::{prove_fewest, Finding};
use bitscope::practice::{exercise, exercises};
use serde_json::json;
use std::time::Instant;

/// The longest best-known answer searched below (longer ones time out).
const LONGEST: usize = 6;

pub fn run(id: Option<&str>, seconds: f64, as_json: bool) -> i32 {
    if !(seconds.is_finite() && seconds >= 0.0) {
        return super::bad_input("--seconds: give a number of seconds");
    }
    let chosen = match id {
        Some(id) => match exercise(id) {
            Some(ex) => vec![ex],
            None => return super::bad_input(format!("no exercise `{id}` (see `practice list`)")),
        },
        None => exercises(),
    };
    if !as_json {
        println!(
            "{:<28} {:>4}  {:<44} {:>8}",
            "id", "best", "finding", "seconds"
        );
    }
    for ex in chosen {
        let start = Instant::now();
        let finding = if ex.best_ops > LONGEST && id.is_none() {
            Finding::NotSearched(format!("over {LONGEST} operators (ask for it with --id)"))
        } else {
            prove_fewest(ex, seconds)
        };
        let secs = start.elapsed().as_secs_f64();
        if as_json {
            println!("{}", to_json(ex.id, ex.best_ops, &finding, secs));
        } else {
            println!(
                "{:<28} {:>4}  {:<44} {secs:>8.3}",
                ex.id,
                ex.best_ops,
                text(&finding)
            );
        }
    }
    0
}

fn text(f: &Finding) -> String {
    match f {
        Finding::Proven => "proven: none shorter".into(),
        Finding::Shorter { expr, ops, dlc_ops } => {
            format!("shorter: {expr} ({ops} instructions, {dlc_ops} as an expression)")
        }
        Finding::NotProven { ruled_out } => format!("not proven: none below {ruled_out}"),
        Finding::NotSearched(why) => format!("not searched: {why}"),
    }
}

fn to_json(id: &str, best: usize, f: &Finding, seconds: f64) -> serde_json::Value {
    let (finding, detail) = match f {
        Finding::Proven => ("proven", json!(null)),
        Finding::Shorter { expr, ops, dlc_ops } => (
            "shorter",
            json!({ "expr": expr, "ops": ops, "dlc_ops": dlc_ops }),
        ),
        Finding::NotProven { ruled_out } => ("not_proven", json!({ "ruled_out": ruled_out })),
        Finding::NotSearched(why) => ("not_searched", json!(why)),
    };
    json!({ "id": id, "best_ops": best, "finding": finding, "detail": detail, "seconds": seconds })
}
