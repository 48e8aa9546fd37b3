//! The messages between the page and the worker: a [`Request`] goes in,
//! [`WorkerEvent`]s come back (progress, then one result or an error).
//! Counts travel as f64 (exact below 2^53); 64-bit magics as `0x..` text.

use serde::{Deserialize, Serialize};

/// What the page asks the worker to do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    /// Perft with divide: progress after each root move.
    Perft { fen: String, depth: u32 },
    /// Enumerate every classic de Bruijn magic of a width, in chunks.
    DebruijnCount { width: u32 },
    /// A page of the ascending list of magics.
    DebruijnPage { width: u32, offset: u64, limit: u32 },
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

/// What the worker says back. `static/worker.js` itself posts
/// `{ type: 'error', message }` when the module fails to load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WorkerEvent {
    Progress(Progress),
    PerftDone(PerftResult),
    DebruijnDone(DebruijnCount),
    PageDone(MagicPage),
    Error { message: String },
}

/// The result type of a job: picks its own result out of the events.
pub trait JobOutput: Clone + PartialEq + 'static {
    fn from_event(event: WorkerEvent) -> Option<Self>;
}

impl JobOutput for PerftResult {
    fn from_event(event: WorkerEvent) -> Option<Self> {
        match event {
            WorkerEvent::PerftDone(r) => Some(r),
            _ => None,
        }
    }
}

impl JobOutput for DebruijnCount {
    fn from_event(event: WorkerEvent) -> Option<Self> {
        match event {
            WorkerEvent::DebruijnDone(r) => Some(r),
            _ => None,
        }
    }
}

impl JobOutput for MagicPage {
    fn from_event(event: WorkerEvent) -> Option<Self> {
        match event {
            WorkerEvent::PageDone(r) => Some(r),
            _ => None,
        }
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
            serde_json::from_value(json!({ "type": "error", "message": "boom" })).unwrap();
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
            json!({ "type": "progress", "done": 3.0, "total": 20.0, "label": "e2e4 8902", "elapsed": 0.5 })
        );
        let request = Request::DebruijnPage {
            width: 16,
            offset: 32,
            limit: 32,
        };
        assert_eq!(
            serde_json::to_value(&request).unwrap(),
            json!({ "kind": "debruijn_page", "width": 16, "offset": 32, "limit": 32 })
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
        for r in [
            Request::Perft {
                fen: "8/8/8/8/8/8/8/K1k5 w - -".into(),
                depth: 3,
            },
            Request::DebruijnCount { width: 64 },
        ] {
            let text = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), r);
        }
    }
}
