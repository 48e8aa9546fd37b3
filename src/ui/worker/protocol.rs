//! The messages between the page and the worker: a [`Request`] goes in,
//! [`WorkerEvent`]s come back (progress, then one result or an error).
//! Counts travel as f64 (exact below 2^53); 64-bit magics as `0x..` text.
//! Both enums are externally tagged (`{"progress": {...}}`): an internally
//! tagged enum deserializes through serde's buffered content, which cost
//! the page 11 KB gzip.

use crate::chess::suite::LineResult;
use crate::lang::prove::Verdict;
use crate::practice::{Report, Wrong};
use serde::{Deserialize, Serialize};

/// What the page asks the worker to do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// Perft with divide: progress after each root move. With `parts` > 1,
    /// only the root moves whose index is `part` modulo `parts` (one worker
    /// of a pool each).
    Perft {
        fen: String,
        depth: u32,
        #[serde(default)]
        part: u32,
        #[serde(default = "one")]
        parts: u32,
    },
    /// Enumerate every classic de Bruijn magic of a width, in chunks; with
    /// `parts` > 1, only the chunks `k % parts == part` (one worker each).
    DebruijnCount {
        width: u32,
        #[serde(default)]
        part: u32,
        #[serde(default = "one")]
        parts: u32,
    },
    /// A page of the ascending list of magics.
    DebruijnPage { width: u32, offset: u64, limit: u32 },
    /// Search a magic for one square: random sparse candidates, progress
    /// with the attempt count.
    MagicFind {
        /// `rook` or `bishop`.
        piece: String,
        /// The square's index, 0..=63.
        square: u32,
        bits: u32,
        seed: u32,
        max_attempts: f64,
    },
    /// Search a whole table: a magic for each square (its usual bits, the
    /// same seed for each), progress in squares. (One worker: a table
    /// takes a fraction of a second, and the text is written there.)
    MagicFindAll {
        piece: String,
        seed: u32,
        max_attempts: f64,
    },
    /// The trick catalog's best entries for a query (`tricks::search`).
    TricksSearch { query: String },
    /// The shortest program equal to a C function (`synth`): a
    /// [`SynthAsk`](super::synth::SynthAsk) as JSON text. (Only Practice's
    /// module asks; as text, the page's serializer carries no arm for its
    /// fields: about 0.5 KB of the first load.)
    Synth(String),
    /// A perft suite (EPD text): every readable line's depths up to
    /// `max_nodes`; with `parts` > 1 only the lines `k % parts == part` (k
    /// counts the readable lines).
    Suite {
        text: String,
        max_nodes: f64,
        #[serde(default)]
        part: u32,
        #[serde(default = "one")]
        parts: u32,
    },
    /// Are two Lab expressions equal at `width` bits (`lang::prove`)?
    Prove {
        left: String,
        right: String,
        width: u32,
    },
    /// A practice answer checked against its exercise (`practice`).
    Practice { id: String, answer: String },
    /// Are two C functions equal (`lang::prove::c`)? `left_fn`: the
    /// function of `left` (absent: its last); the right side's last.
    ProveC {
        left: String,
        right: String,
        left_fn: Option<String>,
    },
    /// A student's data-lab file graded against a puzzle set and its
    /// reference (`practice::grade`), all three as C text.
    Grade {
        puzzles: String,
        reference: String,
        student: String,
    },
    /// Runs the Lab's C code with a trace (`lang::c`): `func` (absent: the
    /// last function), each parameter's value as typed.
    RunC {
        src: String,
        func: Option<String>,
        args: Vec<(String, String)>,
    },
    /// The depth a pasted divide of `fen` was taken at, from its `total`
    /// (`chess::compare::depth_hint`).
    DepthHint { fen: String, total: f64 },
}

fn one() -> u32 {
    1
}

impl Request {
    /// A whole perft, for one worker.
    pub fn perft(fen: impl Into<String>, depth: u32) -> Request {
        Request::Perft {
            fen: fen.into(),
            depth,
            part: 0,
            parts: 1,
        }
    }

    /// A whole enumeration, for one worker.
    pub fn debruijn_count(width: u32) -> Request {
        Request::DebruijnCount {
            width,
            part: 0,
            parts: 1,
        }
    }

    /// The request cut for `workers` workers, when it can be cut (perft at
    /// the root, the enumeration's join chunks); otherwise itself alone.
    pub fn split(&self, workers: u32) -> Vec<Request> {
        match self {
            Request::DebruijnCount { width, .. }
                if workers > 1
                    && crate::bits::debruijn::FastEnumerator::chunk_count(*width)
                        >= workers as usize =>
            {
                (0..workers)
                    .map(|part| Request::DebruijnCount {
                        width: *width,
                        part,
                        parts: workers,
                    })
                    .collect()
            }
            Request::Suite {
                text, max_nodes, ..
            } if workers > 1 => (0..workers)
                .map(|part| Request::Suite {
                    text: text.clone(),
                    max_nodes: *max_nodes,
                    part,
                    parts: workers,
                })
                .collect(),
            Request::Perft { fen, depth, .. } if workers > 1 && *depth >= 2 => (0..workers)
                .map(|part| Request::Perft {
                    fen: fen.clone(),
                    depth: *depth,
                    part,
                    parts: workers,
                })
                .collect(),
            other => vec![other.clone()],
        }
    }
}

/// How far a job is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub done: f64,
    pub total: f64,
    pub label: String,
    /// Seconds since the worker took the request.
    pub elapsed: f64,
    /// The de Bruijn enumeration's search tree so far (absent elsewhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchProgress>,
}

/// The meet-in-the-middle search, live: the half-sequence tree's leaves and
/// cut branches (growing while it is built), then the magics joined so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchProgress {
    /// `"half-sequences"` while the tree grows, `"join"` after.
    pub phase: String,
    pub leaves: f64,
    pub cut_repeat: f64,
    pub cut_cycle: f64,
    pub magics: f64,
}

impl Progress {
    /// Before the worker's first report.
    pub fn starting() -> Progress {
        Progress {
            done: 0.0,
            total: 0.0,
            label: "starting the worker".into(),
            elapsed: 0.0,
            search: None,
        }
    }
}

/// A perft with divide: total, time, and `(uci, nodes)` rows sorted by UCI.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerftResult {
    pub nodes: f64,
    pub seconds: f64,
    pub divide: Vec<(String, f64)>,
}

/// Every magic of a width counted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DebruijnCount {
    pub width: u32,
    pub multipliers: f64,
    /// The odd ones: one per de Bruijn sequence.
    pub odd: f64,
    pub seconds: f64,
}

/// A page of the ascending list of magics, as `0x..` text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MagicPage {
    pub width: u32,
    pub offset: f64,
    pub magics: Vec<String>,
}

/// A magic found in the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MagicFound {
    pub piece: String,
    pub square: u32,
    /// `0x..` (16 hex digits).
    pub magic: String,
    pub bits: u32,
    pub attempts: f64,
    pub seconds: f64,
}

/// A whole table found: the table as C (`export_table`), how many squares
/// have a magic, the squares none was found for, the time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MagicTableFound {
    pub piece: String,
    pub text: String,
    pub found: u32,
    pub not_found: Vec<String>,
    pub seconds: f64,
}

/// What the worker says back. `static/worker.js` itself posts
/// `{ type: 'error', message }` when the module fails to load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkerEvent {
    Progress(Progress),
    PerftDone(PerftResult),
    DebruijnDone(DebruijnCount),
    PageDone(MagicPage),
    MagicFound(MagicFound),
    MagicTableFound(MagicTableFound),
    TricksFound(super::tricks::TricksFound),
    SuiteDone(SuiteResult),
    Proved(ProveDone),
    Checked(CheckDone),
    ProvedC(super::c_proof::CProveDone),
    /// A [`SynthDone`](super::synth::SynthDone) as JSON text (the page
    /// reads every event: as text, it carries no reader of its fields).
    Synthesized(String),
    RanC(super::c_run::CRunDone),
    Graded(super::grade::GradeDone),
    DepthHinted(DepthHintDone),
    Error {
        message: String,
    },
}

/// A 64-bit word on the wire, as `0x..` text (a JS number holds 53 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hex(pub u64);

impl Serialize for Hex {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{:#x}", self.0))
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let digits = text.trim_start_matches("0x");
        u64::from_str_radix(digits, 16)
            .map(Hex)
            .map_err(|_| serde::de::Error::custom(format!("not a 0x.. word: {text}")))
    }
}

/// An input where two sides differ: the variables and what each side gives
/// (`Side::show`: hex, or `undefined (...)`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Difference {
    pub x: Hex,
    pub y: Hex,
    pub z: Hex,
    pub left: String,
    pub right: String,
}

impl Difference {
    pub fn of(c: &crate::lang::prove::Counterexample, width: u32) -> Difference {
        Difference {
            x: Hex(c.x),
            y: Hex(c.y),
            z: Hex(c.z),
            left: c.left.show(width),
            right: c.right.show(width),
        }
    }
}

/// `lang::prove`'s verdict, for the page, its counterexample as text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProveDone {
    pub width: u32,
    pub verdict: Verdict<Difference>,
    pub seconds: f64,
}

impl ProveDone {
    pub fn of(v: &Verdict, width: u32, seconds: f64) -> ProveDone {
        ProveDone {
            width,
            verdict: v.map(|c| Difference::of(c, width), String::clone),
            seconds,
        }
    }
}

/// `practice::Report`, for the page: a refused answer names its rule's
/// message and 1-based column, a wrong one its width and counterexample
/// (left = got, right = expected).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckDone {
    pub report: Report<(u32, Difference), (String, u32)>,
    pub seconds: f64,
}

impl CheckDone {
    pub fn of(r: &Report, seconds: f64) -> CheckDone {
        let difference = |w: &Wrong| {
            let d = Difference {
                x: Hex(w.x),
                y: Hex(w.y),
                z: Hex(w.z),
                left: w.got.show(w.width),
                right: w.expected.show(w.width),
            };
            (w.width, d)
        };
        CheckDone {
            report: r.map(difference, |f| (f.message.clone(), f.column as u32)),
            seconds,
        }
    }
}

/// A pasted divide's depth: the depth whose perft total is nearest its
/// total (within 5%), and that total; none when no depth up to 5 is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthHintDone {
    pub hint: Option<(u32, f64)>,
}

/// A suite's lines counted (`chess::suite::LineResult`, line order).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuiteResult {
    pub lines: Vec<LineResult>,
    pub seconds: f64,
}

/// The result type of a job: picks its own result out of the events, and
/// puts the results of a job's parts (one per worker) together.
pub trait JobOutput: Clone + PartialEq + 'static {
    fn from_event(event: WorkerEvent) -> Option<Self>;
    /// The whole from its parts (none of these job types is split but
    /// perft: the first part is the whole).
    fn merge(mut parts: Vec<Self>) -> Option<Self> {
        if parts.is_empty() {
            None
        } else {
            Some(parts.swap_remove(0))
        }
    }

    /// This part's answer is the whole job's: the other parts are stopped
    /// (a program found by one share of a length).
    fn decides(&self) -> bool {
        false
    }
}

/// Each job's result type and the event that carries it (and, for a job
/// split over workers, how its parts are put together).
macro_rules! job_outputs {
    ($($ty:ty => $event:ident $(, merged by $merge:ident)?;)*) => {$(
        impl JobOutput for $ty {
            fn from_event(event: WorkerEvent) -> Option<Self> {
                match event {
                    WorkerEvent::$event(r) => Some(r),
                    _ => None,
                }
            }
            $(fn merge(parts: Vec<Self>) -> Option<Self> {
                $merge(parts)
            })?
        }
    )*};
}

job_outputs! {
    super::c_proof::CProveDone => ProvedC;
    super::c_run::CRunDone => RanC;
    super::grade::GradeDone => Graded;
    DepthHintDone => DepthHinted;
    ProveDone => Proved;
    CheckDone => Checked;
    SuiteResult => SuiteDone, merged by merge_suite_result;
    PerftResult => PerftDone, merged by merge_perft_result;
    DebruijnCount => DebruijnDone, merged by merge_debruijn_count;
    MagicPage => PageDone;
    MagicFound => MagicFound;
    MagicTableFound => MagicTableFound;
    super::tricks::TricksFound => TricksFound;
}

/// The lines of every part, in line order; the time of the slowest.
fn merge_suite_result(parts: Vec<SuiteResult>) -> Option<SuiteResult> {
    let seconds = parts.iter().map(|p| p.seconds).fold(0.0, f64::max);
    let mut lines: Vec<LineResult> = parts.into_iter().flat_map(|p| p.lines).collect();
    lines.sort_by_key(|l| l.line);
    Some(SuiteResult { lines, seconds })
}

/// Nodes added, the divide rows together (sorted by move), the time of
/// the slowest part (they ran side by side).
fn merge_perft_result(parts: Vec<PerftResult>) -> Option<PerftResult> {
    let first = parts.first()?.clone();
    let mut divide: Vec<(String, f64)> = parts.iter().flat_map(|p| p.divide.clone()).collect();
    divide.sort_by(|a, b| a.0.cmp(&b.0));
    Some(PerftResult {
        nodes: parts.iter().map(|p| p.nodes).sum(),
        seconds: parts
            .iter()
            .map(|p| p.seconds)
            .fold(first.seconds, f64::max),
        divide,
    })
}

/// Magics added, the time of the slowest share.
fn merge_debruijn_count(parts: Vec<DebruijnCount>) -> Option<DebruijnCount> {
    let first = parts.first()?.clone();
    Some(DebruijnCount {
        multipliers: parts.iter().map(|p| p.multipliers).sum(),
        odd: parts.iter().map(|p| p.odd).sum(),
        seconds: parts
            .iter()
            .map(|p| p.seconds)
            .fold(first.seconds, f64::max),
        ..first
    })
}

/// The progress of a job's parts as one: done and total added, the label
/// of the latest report, the longest elapsed time; the search counts of an
/// enumeration's shares added (each counts its own leaves, magics and part
/// of the cuts, see `FastEnumerator::new_part`).
pub fn sum_progress(parts: &[Progress], latest: &Progress) -> Progress {
    let searches: Vec<&SearchProgress> = parts.iter().filter_map(|p| p.search.as_ref()).collect();
    let search = latest.search.as_ref().map(|l| SearchProgress {
        phase: l.phase.clone(),
        leaves: searches.iter().map(|s| s.leaves).sum(),
        cut_repeat: searches.iter().map(|s| s.cut_repeat).sum(),
        cut_cycle: searches.iter().map(|s| s.cut_cycle).sum(),
        magics: searches.iter().map(|s| s.magics).sum(),
    });
    Progress {
        done: parts.iter().map(|p| p.done).sum(),
        total: parts.iter().map(|p| p.total).sum(),
        label: latest.label.clone(),
        elapsed: parts.iter().map(|p| p.elapsed).fold(0.0, f64::max),
        search,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn events_have_the_shape_worker_js_relies_on() {
        // static/worker.js posts this itself when the module fails to load
        let e: WorkerEvent =
            serde_json::from_value(json!({ "error": { "message": "boom" } })).unwrap();
        assert_eq!(
            e,
            WorkerEvent::Error {
                message: "boom".into()
            }
        );
        let progress = WorkerEvent::Progress(Progress {
            done: 3.0,
            total: 20.0,
            label: "e2e4 8902".into(),
            elapsed: 0.5,
            search: None,
        });
        assert_eq!(
            serde_json::to_value(&progress).unwrap(),
            json!({ "progress": { "done": 3.0, "total": 20.0, "label": "e2e4 8902", "elapsed": 0.5 } })
        );
        let request = Request::DebruijnPage {
            width: 16,
            offset: 32,
            limit: 32,
        };
        assert_eq!(
            serde_json::to_value(&request).unwrap(),
            json!({ "debruijn_page": { "width": 16, "offset": 32, "limit": 32 } })
        );
    }

    #[test]
    fn a_perft_splits_over_workers_and_merges_back() {
        use crate::chess::{perft::divide_part_with, perft::uci_rows, Position};
        // an old page's request (no part fields) is a whole perft
        let old: Request =
            serde_json::from_value(json!({ "perft": { "fen": "x", "depth": 2 } })).unwrap();
        assert_eq!(old, Request::perft("x", 2));
        let whole = Request::perft(crate::chess::CPW_POSITIONS[1].1, 3);
        assert_eq!(whole.split(1), vec![whole.clone()]);
        assert_eq!(
            Request::perft("x", 1).split(4).len(),
            1,
            "depth 1: not worth a pool"
        );
        let pos = Position::from_fen(crate::chess::CPW_POSITIONS[1].1).unwrap();
        let parts: Vec<PerftResult> = whole
            .split(3)
            .iter()
            .map(|r| {
                let Request::Perft { part, parts, .. } = r else {
                    unreachable!()
                };
                let rows = divide_part_with(&pos, 3, *part as usize, *parts as usize, |_| {
                    std::ops::ControlFlow::Continue(())
                })
                .unwrap();
                PerftResult {
                    nodes: rows.iter().map(|r| r.1).sum::<u64>() as f64,
                    seconds: 0.1 * (*part + 1) as f64,
                    divide: uci_rows(&rows)
                        .into_iter()
                        .map(|(m, n)| (m, n as f64))
                        .collect(),
                }
            })
            .collect();
        let merged = PerftResult::merge(parts).unwrap();
        assert_eq!(merged.nodes, 97_862.0);
        assert_eq!(merged.divide.len(), 48);
        assert!(merged.divide.windows(2).all(|w| w[0].0 < w[1].0));
        assert!((merged.seconds - 0.3).abs() < 1e-9);
        let p = |done, total, label: &str| Progress {
            done,
            total,
            label: label.into(),
            elapsed: done,
            search: None,
        };
        let sum = sum_progress(&[p(2.0, 16.0, "a"), p(5.0, 16.0, "b")], &p(5.0, 16.0, "b"));
        assert_eq!(Request::debruijn_count(64).split(2).len(), 2);
        assert_eq!(
            Request::debruijn_count(32).split(2).len(),
            1,
            "32 bits: one chunk"
        );
        assert_eq!(
            (sum.done, sum.total, sum.label.as_str(), sum.elapsed),
            (7.0, 32.0, "b", 5.0)
        );
    }

    #[test]
    fn every_event_reads_back_and_picks_its_own_job() {
        let perft = PerftResult {
            nodes: 97862.0,
            seconds: 0.25,
            divide: vec![("a2a3".into(), 2186.0), ("e1g1".into(), 2059.0)],
        };
        let count = DebruijnCount {
            width: 8,
            multipliers: 4.0,
            odd: 2.0,
            seconds: 0.0,
        };
        let page = MagicPage {
            width: 64,
            offset: 32.0,
            magics: vec!["0x0218a392cd3d5dbf".into()],
        };
        let events = [
            WorkerEvent::PerftDone(perft.clone()),
            WorkerEvent::DebruijnDone(count.clone()),
            WorkerEvent::PageDone(page.clone()),
            WorkerEvent::Progress(Progress::starting()),
            WorkerEvent::Error {
                message: "x".into(),
            },
        ];
        let live = WorkerEvent::Progress(Progress {
            search: Some(SearchProgress {
                phase: "join".into(),
                leaves: 12.0,
                cut_repeat: 30.0,
                cut_cycle: 2.0,
                magics: 4.0,
            }),
            ..Progress::starting()
        });
        for e in events.iter().chain([&live]) {
            let text = serde_json::to_string(e).unwrap();
            assert_eq!(
                &serde_json::from_str::<WorkerEvent>(&text).unwrap(),
                e,
                "{text}"
            );
        }
        assert_eq!(PerftResult::from_event(events[0].clone()), Some(perft));
        assert_eq!(DebruijnCount::from_event(events[1].clone()), Some(count));
        assert_eq!(MagicPage::from_event(events[2].clone()), Some(page));
        for e in &events[3..] {
            assert_eq!(PerftResult::from_event(e.clone()), None);
            assert_eq!(DebruijnCount::from_event(e.clone()), None);
            assert_eq!(MagicPage::from_event(e.clone()), None);
        }
    }

    #[test]
    fn a_found_magic_reads_back_and_is_no_other_jobs() {
        let found = MagicFound {
            piece: "rook".into(),
            square: 27,
            magic: "0x0000000000000010".into(),
            bits: 10,
            attempts: 3.0,
            seconds: 0.5,
        };
        let e = WorkerEvent::MagicFound(found.clone());
        let text = serde_json::to_string(&e).unwrap();
        assert!(text.starts_with("{\"magic_found\":"), "{text}");
        assert_eq!(serde_json::from_str::<WorkerEvent>(&text).unwrap(), e);
        assert_eq!(MagicFound::from_event(e), Some(found));
        let perft = WorkerEvent::PerftDone(PerftResult {
            nodes: 1.0,
            seconds: 0.0,
            divide: Vec::new(),
        });
        assert_eq!(MagicFound::from_event(perft), None);
    }

    #[test]
    fn every_request_reads_back() {
        for r in [
            Request::MagicFindAll {
                piece: "rook".into(),
                seed: 1,
                max_attempts: 1e6,
            },
            Request::TricksSearch {
                query: "revrse bits".into(),
            },
            crate::ui::worker::SynthAsk {
                src: "unsigned f(unsigned x) { return x & (x - 1); }".into(),
                func: None,
                ops: "& - + ~".into(),
                consts: "".into(),
                max_ops: 4,
                seconds: 30.0,
                length: Some(3),
                part: 1,
                parts: 2,
                samples: vec![vec![5], vec![u64::MAX >> 32]],
                catalog: true,
                meet: false,
            }
            .request(),
            Request::perft("8/8/8/8/8/8/8/K1k5 w - -", 3),
            Request::MagicFind {
                piece: "bishop".into(),
                square: 0,
                bits: 4,
                seed: 1,
                max_attempts: 1e6,
            },
            Request::Perft {
                fen: "8/8/8/8/8/8/8/K1k5 w - -".into(),
                depth: 3,
                part: 1,
                parts: 2,
            },
            Request::debruijn_count(64),
            Request::DebruijnCount {
                width: 64,
                part: 1,
                parts: 2,
            },
        ] {
            let text = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), r);
        }
    }
}

#[cfg(test)]
mod check_tests {
    use super::*;

    #[test]
    fn words_travel_as_hex_text_and_verdicts_pick_their_own_job() {
        for v in [0, 1, 0x68, 1 << 53, u64::MAX] {
            let text = serde_json::to_value(Hex(v)).unwrap();
            assert_eq!(text, serde_json::json!(format!("{v:#x}")));
            assert_eq!(serde_json::from_value::<Hex>(text).unwrap(), Hex(v));
        }
        assert!(serde_json::from_value::<Hex>(serde_json::json!("0xzz")).is_err());
        let v = crate::lang::prove::prove("x & (x - 1)", "x & -x", 64).unwrap();
        let done = ProveDone::of(&v, 64, 0.5);
        let c = done.verdict.counterexample.clone().unwrap();
        assert_ne!(c.left, c.right);
        let event = WorkerEvent::Proved(done.clone());
        let back: WorkerEvent =
            serde_json::from_value(serde_json::to_value(&event).unwrap()).unwrap();
        assert_eq!(ProveDone::from_event(back), Some(done));
        assert_eq!(CheckDone::from_event(event), None);
        let ex = crate::practice::exercise("lowest-bit-isolate").unwrap();
        let r = crate::practice::check_answer(ex, "x & (x - 1)").unwrap();
        let checked = CheckDone::of(&r, 0.1);
        let (width, d) = checked.report.counterexample.clone().unwrap();
        assert_eq!(width, 8);
        assert_eq!(d.left, r.counterexample.as_ref().unwrap().got.show(8));
        let event = WorkerEvent::Checked(checked.clone());
        let back: WorkerEvent =
            serde_json::from_value(serde_json::to_value(&event).unwrap()).unwrap();
        assert_eq!(CheckDone::from_event(back), Some(checked));
    }
}
