//! The whole trick catalog against its specifications (issue 55), on every
//! core with a small budget per entry, in about a minute on a 2-core
//! machine (test-release profile):
//!
//! - no entry is refuted unless it is declared wrong, and every wrong
//!   entry is refuted at the input its metadata states;
//! - at least 200 entries are proven (a decision diagram, the SAT solver,
//!   or every input run);
//! - no entry fails to parse or to check.
//!
//! Two groups from `src/tricks/families/PROVER_NOTES.md` are not given the
//! full budget, so that the test stays near a minute:
//!
//! - [`OVERRUN`], the nine entries whose `prove` overran its budget by far
//!   in PROVER_NOTES.md (40 to 90 s at a 5 s budget, then with a million
//!   samples after it; their specs walk 64 squares or 64 loop turns). With
//!   the catalog's 4096 samples they still take 6 to 18 s (`bench
//!   tricks`), so here they are not sent to the prover at all, only run on
//!   200 random inputs by the evaluator ([`check::sample`]), which must not
//!   refute them;
//! - [`UNDECIDED`], the 18 entries the prover leaves "not proven" in its
//!   budget (the divisions with an add fix-up, shifts and adds, a signed
//!   multiply or the inverse; the overflow tests that divide, the subset
//!   walks): a short budget; they must not be refuted. (The plain
//!   multiply-by-magic divisions are proven, by the error bound:
//!   [`the_magic_divisions_are_proven_by_the_error_bound`].)
//!
//! The budgets are CPU time of the proving thread ([`CpuBudget`]), so the
//! verdicts do not depend on the load; the wall time does: measured with
//! the other `tricks` tests beside it, 48 s on a quiet machine and 92 s
//! with another build running, 213 entries proven both times. `bitscope tricks check` and `bitscope
//! bench tricks` check every entry with the full wall-clock budget.
#![cfg(not(target_arch = "wasm32"))]

use bitscope::lang::prove::{Control, Flow, Options, Progress};
use bitscope::tricks::check::{self, Status};
use bitscope::tricks::{catalog, Entry};
use std::time::Instant;

/// Entries whose proof overruns its budget by far (PROVER_NOTES.md).
const OVERRUN: [&str; 9] = [
    "bb-north-fill",
    "bb-south-fill",
    "bb-north-occluded-ks",
    "bb-north-occluded-dumb7",
    "bb-east-occluded-ks",
    "bb-north-attacks",
    "bb-king-attacks",
    "bb-knight-attacks",
    "popcount-kernighan64",
];

/// Entries the prover does not decide in its budget (PROVER_NOTES.md).
const UNDECIDED: [&str; 18] = [
    "udiv7-fixup",
    "udiv10-shift-add",
    "udiv3-shift-add",
    "umod3-digit-sum",
    "divisible3-inverse",
    "divisible7-inverse",
    "divisible10-inverse",
    "sdiv3-mulhs",
    "sdiv7-mulhs",
    "mulu-ovf-div",
    "mulu-ovf-nlz",
    "muls-ovf-div",
    "gosper64-ctz",
    "subset-next-or",
    "subset-next-sub",
    "subset-prev",
    "extract64-mask",
    "mod-pow2",
];

/// The budget of every other entry, in seconds.
const BUDGET: f64 = 3.0;
/// The budget of an [`UNDECIDED`] entry.
const SHORT: f64 = 0.3;

/// An entry's budget in CPU time of the thread that proves it, so that
/// what is proven does not depend on the machine's load (`make test` runs
/// the site's build beside the native tests).
fn budget(e: &Entry) -> Box<dyn Control> {
    let seconds = if UNDECIDED.contains(&e.id.as_str()) {
        SHORT
    } else {
        BUDGET
    };
    Box::new(CpuBudget {
        until: thread_cpu_seconds() + seconds,
    })
}

/// Out of time once the thread has run `until` seconds of CPU.
struct CpuBudget {
    until: f64,
}

impl Control for CpuBudget {
    fn check(&mut self, _: Progress) -> Flow {
        if thread_cpu_seconds() >= self.until {
            Flow::OutOfTime
        } else {
            Flow::Continue
        }
    }
}

/// The CPU time the calling thread has used.
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime");
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

#[test]
fn the_catalog_agrees_with_its_specifications() {
    let c = catalog();
    for id in OVERRUN.iter().chain(&UNDECIDED) {
        assert!(c.get(id).is_some(), "{id} is not in the catalog");
    }
    let start = Instant::now();
    let chosen: Vec<usize> = (0..c.entries.len())
        .filter(|&k| !OVERRUN.contains(&c.entries[k].id.as_str()))
        .collect();
    let opts = Options {
        samples: 1 << 10,
        ..check::options()
    };
    let results = check::check_each(&c.entries, &chosen, &budget, &opts, 0);
    let mut problems = Vec::new();
    let mut proven = 0;
    for r in &results {
        let e = &c.entries[r.index];
        match &r.proof {
            Ok(p) if p.as_declared(e) => proven += usize::from(p.is_proof()),
            Ok(p) => problems.push(format!(
                "{}: {} (declared wrong: {})",
                e.id,
                p.text,
                e.wrong.is_some()
            )),
            Err(err) => problems.push(format!("{}: {err}", e.id)),
        }
    }
    for id in OVERRUN {
        let p = check::sample(c.get(id).unwrap(), 200, 7).unwrap();
        if p.status != Status::NotProven {
            problems.push(format!("{id}: {}", p.text));
        }
    }
    let mut slow: Vec<_> = results
        .iter()
        .map(|r| (r.seconds, &c.entries[r.index].id))
        .collect();
    slow.sort_by(|a, b| b.0.total_cmp(&a.0));
    eprintln!(
        "{} entries checked in {:.1} s, {proven} proven; slowest: {:?}",
        results.len() + OVERRUN.len(),
        start.elapsed().as_secs_f64(),
        &slow[..8]
    );
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(proven >= 200, "only {proven} entries proven");
}

#[test]
fn a_wrong_entry_is_refuted_at_its_stated_input() {
    let e = catalog().get("udiv7-short-magic").unwrap();
    let p = check::check(e, &check::options(), &mut bitscope::lang::prove::NoControl).unwrap();
    assert_eq!(p.status, Status::Refuted);
    assert!(p.stated);
    assert_eq!(
        p.text,
        "refuted at the stated input x=7: gives 0, expected 1"
    );
}

/// `x * m >> s` against `x / d` (and the remainder from it) is decided
/// exactly, not sampled: the division certificate.
#[test]
fn the_magic_divisions_are_proven_by_the_error_bound() {
    for id in ["udiv3-mul", "udiv5-mul", "udiv10-mul", "umod3-mul"] {
        let e = catalog().get(id).unwrap();
        let mut deadline = bitscope::lang::prove::Deadline::after(10.0);
        let p = check::check(e, &check::options(), &mut deadline).unwrap();
        assert_eq!(
            (p.status, p.text.as_str()),
            (Status::Proven, "proven (error_bound)"),
            "{id}"
        );
    }
    // the classic mistake: 7's magic cut to 32 bits, refuted exactly
    let e = catalog().get("udiv7-short-magic").unwrap();
    let mut deadline = bitscope::lang::prove::Deadline::after(10.0);
    let p = check::check(e, &check::options(), &mut deadline).unwrap();
    assert_eq!(p.status, Status::Refuted, "{}", p.text);
}

#[test]
fn a_restricted_entry_is_proven_inside_its_restriction_only() {
    // ctz of 0 is 32 by the spec, and whatever the table gives by the
    // trick: the restriction x != 0 leaves it out
    let e = catalog().get("ctz-debruijn").unwrap();
    let mut deadline = bitscope::lang::prove::Deadline::after(10.0);
    let p = check::check(e, &check::options(), &mut deadline).unwrap();
    assert_eq!(
        (p.status, p.text.as_str()),
        (Status::Proven, "proven (bdd)")
    );
    let mut free = e.clone();
    free.restriction = None;
    let p = check::check(&free, &check::options(), &mut deadline).unwrap();
    assert_eq!(p.status, Status::Refuted, "{}", p.text);
    assert_eq!(
        p.counterexample.unwrap().args,
        [("x".to_string(), "0".to_string())]
    );
}
