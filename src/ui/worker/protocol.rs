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
