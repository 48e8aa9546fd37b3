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
}

/// How far a job is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub done: f64,
    pub total: f64,
    pub label: String,
    /// Seconds since the worker took the request.
    pub elapsed: f64,
}

impl Progress {
    /// Before the worker's first report.
    pub fn starting() -> Progress {
        Progress {
            done: 0.0,
            total: 0.0,
            label: "starting the worker".into(),
            elapsed: 0.0,
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

/// What the worker says back. `static/worker.js` itself posts
/// `{ type: 'error', message }` when the module fails to load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WorkerEvent {
    Progress(Progress),
    PerftDone(PerftResult),
    DebruijnDone(DebruijnCount),
    PageDone(MagicPage),
    MagicFound(MagicFound),
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

impl JobOutput for MagicFound {
    fn from_event(event: WorkerEvent) -> Option<Self> {
        match event {
            WorkerEvent::MagicFound(r) => Some(r),
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
        for e in &events {
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
        assert!(text.starts_with("{\"type\":\"magic_found\""), "{text}");
        assert_eq!(serde_json::from_str::<WorkerEvent>(&text).unwrap(), e);
        assert_eq!(MagicFound::from_event(e), Some(found));
        assert_eq!(MagicFound::from_event(events[0].clone()), None);
        for r in [
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
            },
            Request::DebruijnCount { width: 64 },
        ] {
            let text = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), r);
        }
    }
}
