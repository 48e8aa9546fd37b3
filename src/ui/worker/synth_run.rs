//! The page's side of a shortest-program search on several workers: one
//! length at a time, each worker a share of it
//! ([`crate::synth::search_length`]); the next length starts from every
//! share's inputs, once every share found none.
//!
//! ```text
//!   lengths 0, 1, 2     one worker (they take milliseconds)
//!   lengths 3, 4, ...   every worker its share; the first program found
//!                       ends the search (every shorter length: none)
//!   the first length estimated at over CATALOG_AT candidates:
//!                       one worker tries the catalog's tricks first
//!                       (a program on them is the answer unless a
//!                       shorter one is found within KNOWN_GRACE seconds)
//!   over ENUMERATE_MAX: one worker meets in the middle first (as `synth`
//!                       does before its SAT lengths): a program found
//!                       is the answer (the shorter, with the catalog's)
//! ```

use super::protocol::Request;
use super::synth::{SynthAsk, SynthDone};
use crate::synth::{estimated_cost, CATALOG_AT, ENUMERATE_MAX};

/// Lengths from this one on are cut over the workers (as natively over
/// threads).
pub const CUT_FROM: u32 = 3;

/// With a program built on the catalog in hand, the shorter lengths are
/// searched for this many seconds more (natively: 1e10 candidates, about
/// 2 s on 2 threads).
const KNOWN_GRACE: f64 = 4.0;

/// A one-worker ask before a costly length, as `synth` makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shortcut {
    /// A program on the catalog's tricks (over [`CATALOG_AT`]).
    Catalog,
    /// A program met in the middle (over [`ENUMERATE_MAX`]).
    Meet,
}

impl Shortcut {
    /// The estimated candidates of a length it is asked before.
    fn from(self) -> f64 {
        match self {
            Shortcut::Catalog => CATALOG_AT,
            Shortcut::Meet => ENUMERATE_MAX,
        }
    }
}

/// A search under way.
#[derive(Clone, Debug, PartialEq)]
pub struct SynthRun {
    ask: SynthAsk,
    workers: u32,
    length: u32,
    /// Every share's inputs after the length before.
    samples: Vec<Vec<u64>>,
    searched: f64,
    seconds: f64,
    /// Every program shorter than this was ruled out.
    ruled_out: u32,
    /// A length was left undecided: no later length is a proven minimum.
    undecided: bool,
    /// The constants tried, as the last length's answer says them.
    constants: String,
    /// The candidates each length compared (its index).
    per_length: Vec<f64>,
    /// The shortcut asked before the current length, and those asked.
    asking: Option<Shortcut>,
    tried: Vec<Shortcut>,
    /// A program a shortcut found, and the seconds spent when it came.
    known: Option<(SynthDone, f64)>,
}

/// What comes after a length's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum SynthStep {
    /// The next length's shares, one worker each.
    Next(Vec<Request>),
    Done(Box<SynthDone>),
}

impl SynthRun {
    /// `ask` (the whole search) on `workers` workers.
    pub fn new(ask: SynthAsk, workers: u32) -> SynthRun {
        SynthRun {
            ask,
            workers: workers.max(1),
            length: 0,
            samples: Vec::new(),
            searched: 0.0,
            seconds: 0.0,
            ruled_out: 0,
            undecided: false,
            constants: String::new(),
            per_length: Vec::new(),
            asking: None,
            tried: Vec::new(),
            known: None,
        }
    }

    /// The length being searched.
    pub fn length(&self) -> u32 {
        self.length
    }

    /// Seconds spent on the lengths already answered.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    fn max_ops(&self) -> u32 {
        self.ask.max_ops.clamp(1, 8)
    }

    /// The current length's shares (or a shortcut's one ask before it).
    pub fn requests(&self) -> Vec<Request> {
        let parts = match self.length >= CUT_FROM && self.asking.is_none() {
            true => self.workers,
            false => 1,
        };
        let mut seconds = self.ask.seconds - self.seconds;
        if let Some((_, since)) = &self.known {
            seconds = seconds.min(since + KNOWN_GRACE - self.seconds);
        }
        (0..parts)
            .map(|part| {
                SynthAsk {
                    length: Some(self.length),
                    part,
                    parts,
                    samples: self.samples.clone(),
                    seconds: seconds.max(0.0),
                    catalog: self.asking == Some(Shortcut::Catalog),
                    meet: self.asking == Some(Shortcut::Meet),
                    ..self.ask.clone()
                }
                .request()
            })
            .collect()
    }

    /// The shortcut to ask before the current length: the first not yet
    /// asked whose threshold its estimated candidates pass (each length
    /// multiplies them, as the native search estimates).
    fn next_shortcut(&self) -> Option<Shortcut> {
        let cost = estimated_cost(&self.per_length, self.length as usize);
        [Shortcut::Catalog, Shortcut::Meet]
            .into_iter()
            .find(|s| !self.tried.contains(s) && cost > s.from())
    }

    /// The answer where a shortcut's program stands: the lengths below it
    /// are ruled out, or no time is left for them.
    fn known_answer(&self, out_of_time: bool) -> Option<SynthStep> {
        let (known, since) = self.known.as_ref()?;
        let ops = known.ops.unwrap_or(u32::MAX);
        let grace_over = self.seconds >= since + KNOWN_GRACE;
        if ops > self.length && !out_of_time && !grace_over {
            return None;
        }
        let done = SynthDone {
            minimal: ops == self.ruled_out,
            ..self.answer("found")
        };
        Some(SynthStep::Done(Box::new(done.with_program(known.clone()))))
    }

    /// A shortcut's answer: a program found is kept (the shorter of two),
    /// and the current length is searched (or the program is the answer).
    fn shortcut_answered(&mut self, shortcut: Shortcut, answer: SynthDone) -> SynthStep {
        self.tried.push(shortcut);
        let shorter = |k: &(SynthDone, f64)| answer.ops < k.0.ops;
        if answer.status == "found" && self.known.as_ref().is_none_or(shorter) {
            self.known = Some((answer, self.seconds));
        }
        // (a program met in the middle is the answer at once, as natively;
        // one on the catalog's tricks after KNOWN_GRACE more)
        if let Some(done) = self.known_answer(shortcut == Shortcut::Meet) {
            return done;
        }
        self.asking = self.next_shortcut();
        SynthStep::Next(self.requests())
    }

    /// The current length's answer (its shares merged): the next length,
    /// or the search's answer.
    pub fn next(&mut self, length: SynthDone) -> SynthStep {
        self.searched += length.searched;
        self.seconds += length.seconds;
        if let Some(shortcut) = self.asking.take() {
            return self.shortcut_answered(shortcut, length);
        }
        match length.status.as_str() {
            "exhausted" => {
                self.undecided |= length.undecided;
                self.constants = length.constants;
                if !self.undecided {
                    self.ruled_out = self.length + 1;
                }
                self.samples = length.samples;
                self.per_length.push(length.searched);
                let at_end = self.length >= self.max_ops();
                if at_end || self.seconds >= self.ask.seconds {
                    if let Some(known) = self.known_answer(true) {
                        return known;
                    }
                    let status = match at_end && !self.undecided {
                        true => "none",
                        false => "timeout",
                    };
                    return SynthStep::Done(Box::new(self.answer(status)));
                }
                self.length += 1;
                if let Some(known) = self.known_answer(false) {
                    return known;
                }
                self.asking = self.next_shortcut();
                SynthStep::Next(self.requests())
            }
            "found" => SynthStep::Done(Box::new(
                SynthDone {
                    minimal: length.ops == Some(self.ruled_out),
                    ..self.answer("found")
                }
                .with_program(length),
            )),
            _ => (self.known_answer(true))
                .unwrap_or_else(|| SynthStep::Done(Box::new(self.answer("timeout")))),
        }
    }

    /// The search's answer with no program.
    fn answer(&self, status: &str) -> SynthDone {
        SynthDone {
            status: status.into(),
            constants: self.constants.clone(),
            ruled_out: self.ruled_out,
            max_ops: self.max_ops(),
            searched: self.searched,
            seconds: self.seconds,
            ..SynthDone::default()
        }
    }
}

impl SynthDone {
    /// This answer with the program (and its proof) of `found`.
    fn with_program(self, found: SynthDone) -> SynthDone {
        SynthDone {
            expr: found.expr,
            source: found.source,
            ops: found.ops,
            dlc_ops: found.dlc_ops,
            proof: found.proof,
            helped: found.helped,
            constants: found.constants,
            catalog: found.catalog,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::prove::Flow;
    use crate::ui::worker::{JobOutput, WorkerEvent};

    /// The search as the page runs it on `workers` workers, each share run
    /// here in turn (a found share stops the length, as the page does).
    fn on_workers(ask: &SynthAsk, workers: u32) -> (SynthDone, Vec<u32>) {
        let mut run = SynthRun::new(ask.clone(), workers);
        let mut cut = Vec::new();
        let mut requests = run.requests();
        loop {
            cut.push(requests.len() as u32);
            let mut answers = Vec::new();
            for r in &requests {
                let Request::Synth(text) = r else {
                    panic!("not a synth request: {r:?}")
                };
                let share = SynthAsk::read(text).unwrap();
                // each share's own clock, as a worker's
                let started = std::time::Instant::now();
                let mut go = |_: &crate::synth::SynthProgress| match started.elapsed().as_secs_f64()
                    > share.seconds
                {
                    true => Flow::OutOfTime,
                    false => Flow::Continue,
                };
                let done = super::super::synth::run(&share, &mut go).unwrap();
                let mut done = SynthDone::from_event(done.event()).unwrap();
                done.seconds = started.elapsed().as_secs_f64();
                let decides = done.decides();
                answers.push(done);
                if decides {
                    answers = answers.split_off(answers.len() - 1);
                    break;
                }
            }
            match run.next(SynthDone::merge(answers).unwrap()) {
                SynthStep::Next(next) => requests = next,
                SynthStep::Done(d) => return (*d, cut),
            }
        }
    }

    fn ask(src: &str, ops: &str, max_ops: u32) -> SynthAsk {
        SynthAsk {
            src: src.into(),
            ops: ops.into(),
            max_ops,
            seconds: 60.0,
            ..SynthAsk::default()
        }
    }

    #[test]
    fn shares_find_what_one_search_finds() {
        let specs = [
            (
                "unsigned f(unsigned x) { return x & (x - 1); }",
                "& - + ~ ^",
                2,
            ),
            (
                "unsigned f(unsigned x) { return ~x & (x - 1); }",
                "& - + ~ ^",
                3,
            ),
            ("int f(int x) { return x < 0 ? -x : x; }", "", 3),
            (
                "unsigned f(unsigned x, unsigned y) { return (x & y) + ((x ^ y) >> 1); }",
                "& ^ + >>",
                4,
            ),
            (
                "unsigned f(unsigned x) { return x & (x + (x & -x)); }",
                "& + -x",
                4,
            ),
        ];
        for (src, ops, want) in specs {
            let mut go = |_: &crate::synth::SynthProgress| Flow::Continue;
            let whole = super::super::synth::run(&ask(src, ops, 5), &mut go).unwrap();
            assert_eq!((whole.ops, whole.minimal), (Some(want), true), "{src}");
            for workers in [1, 2, 3] {
                let (d, cut) = on_workers(&ask(src, ops, 5), workers);
                assert_eq!(
                    (d.status.as_str(), d.ops, d.minimal, d.ruled_out),
                    ("found", Some(want), true, want),
                    "{src} on {workers} workers: {d:?}"
                );
                let shares: Vec<u32> = (0..=want)
                    .map(|l| if l >= CUT_FROM { workers } else { 1 })
                    .collect();
                assert_eq!(cut, shares, "{src}");
                assert!(d.source.is_some() && d.proof.is_some(), "{d:?}");
            }
        }
    }

    /// Issue 68: where the lengths get costly, one worker tries the
    /// catalog's tricks before the length's shares, as `synth` does: P22
    /// (parity, from a loop) is found built on `parity-mul`, not called
    /// minimal, with the lengths below the costly one ruled out (after
    /// the grace's seconds at that length).
    #[test]
    fn the_catalog_is_tried_where_the_lengths_get_costly() {
        let src = "unsigned f(unsigned x) { unsigned p = 0; for (int i = 0; i < 32; i++) p ^= (x >> i) & 1; return p; }";
        let (d, _) = on_workers(&ask(src, "", 8), 1);
        assert_eq!(
            (d.status.as_str(), d.catalog.clone(), d.minimal),
            ("found", vec!["parity-mul".to_string()], false),
            "{d:?}"
        );
        assert!(d.ops >= Some(8) && d.ruled_out >= 4, "{d:?}");
        assert!(d.source.is_some() && d.proof.is_some(), "{d:?}");
    }

    /// Issue 68: where a length is too costly to enumerate, one worker
    /// meets in the middle first, as `synth` does: swap adjacent bits,
    /// from a loop, is found with 5 operations (the spec's 0x55555555),
    /// not called minimal.
    #[test]
    fn the_middle_is_met_where_a_length_is_too_costly() {
        let src = "unsigned f(unsigned x) { unsigned r = 0; for (int i = 0; i < 32; i += 2) r |= (((x >> i) & 1) << (i + 1)) | (((x >> (i + 1)) & 1) << i); return r; }";
        let (d, _) = on_workers(&ask(src, "", 6), 1);
        assert_eq!(
            (d.status.as_str(), d.ops, d.minimal, d.catalog.is_empty()),
            ("found", Some(5), false, true),
            "{d:?}"
        );
        assert!(d.ruled_out >= 4 && d.helped.contains("0x55555555"), "{d:?}");
        assert!(d.source.is_some() && d.proof.is_some(), "{d:?}");
    }

    /// Random 8-bit specifications of 3 operations (some undefined on some
    /// inputs): the shares find the length one search finds (itself checked against an unpruned brute
    /// force in `synth::tests`), minimal.
    #[test]
    fn random_specifications_on_shares() {
        let ops = "~ -x & | ^ + - << >> <";
        let mut rng = crate::bits::rng::Rng::new(54);
        let leaf = |rng: &mut crate::bits::rng::Rng| ["x", "1", "2", "x", "255"][rng.below(5)];
        let (mut found, mut tries) = (0, 0);
        while found < 6 && tries < 200 {
            tries += 1;
            let mut e = leaf(&mut rng).to_string();
            for _ in 0..3 {
                let op = ["&", "|", "^", "+", "-", "<<", ">>", "<"][rng.below(8)];
                let other = leaf(&mut rng);
                e = match rng.below(3) {
                    0 => format!("(unsigned char)~({e})"),
                    1 => format!("(unsigned char)({other} {op} ({e}))"),
                    _ => format!("(unsigned char)(({e}) {op} {other})"),
                };
            }
            let e = e.replace("<< 255", "<< 1").replace(">> 255", ">> 2");
            let src = format!("unsigned char f(unsigned char x) {{ return {e}; }}");
            let mut go = |_: &crate::synth::SynthProgress| Flow::Continue;
            let Ok(whole) = super::super::synth::run(&ask(&src, ops, 4), &mut go) else {
                continue; // undefined on every input
            };
            let what = |d: &SynthDone| (d.status.clone(), d.ops, d.minimal, d.ruled_out);
            assert_ne!(whole.status, "timeout", "{src}");
            found += usize::from(whole.status == "found" && whole.ops > Some(2));
            for workers in [2, 3] {
                let (d, _) = on_workers(&ask(&src, ops, 4), workers);
                assert_eq!(what(&d), what(&whole), "{src} on {workers}");
            }
        }
        assert_eq!(found, 6, "found with 3 or 4 operations, of {tries}");
    }

    #[test]
    fn none_and_out_of_time_on_shares() {
        // x | 1 from & alone: none of at most 4 operations, on 2 workers
        let (d, _) = on_workers(&ask("unsigned f(unsigned x) { return x | 1; }", "&", 4), 2);
        assert_eq!(
            (d.status.as_str(), d.ruled_out, d.ops),
            ("none", 5, None),
            "{d:?}"
        );
        // no time at all: out of time after the first length
        let mut quick = ask("unsigned f(unsigned x) { return x * 3 + 7; }", "&", 6);
        quick.seconds = 0.0;
        let (d, _) = on_workers(&quick, 2);
        assert_eq!((d.status.as_str(), d.minimal), ("timeout", false), "{d:?}");
    }

    #[test]
    fn a_length_merges_its_shares() {
        let share = |status: &str, samples: Vec<Vec<u64>>| SynthDone {
            status: status.into(),
            samples,
            searched: 10.0,
            seconds: 1.5,
            ..SynthDone::default()
        };
        let m = SynthDone::merge(vec![
            share("exhausted", vec![vec![1], vec![2]]),
            share("exhausted", vec![vec![2], vec![3]]),
        ])
        .unwrap();
        assert_eq!(m.samples, vec![vec![1], vec![2], vec![3]]);
        assert_eq!(
            (m.searched, m.seconds, m.status.as_str()),
            (20.0, 1.5, "exhausted")
        );
        let m = SynthDone::merge(vec![share("exhausted", vec![]), share("timeout", vec![])]);
        assert_eq!(m.map(|m| m.status), Some("timeout".into()));
        let found = SynthDone::merge(vec![share("timeout", vec![]), share("found", vec![])]);
        assert_eq!(found.map(|m| m.status), Some("found".into()));
        let e = share("found", vec![]).event();
        assert!(matches!(e, WorkerEvent::Synthesized(_)));
    }
}
