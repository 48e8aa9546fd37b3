//! The worker's clock and pace, shared by its request handlers
//! (`handler`, `checks`): seconds from `performance.now()`, a throttle for
//! progress events, how an event is posted back, and [`Task`], the three
//! together for one request.

use super::protocol::{Progress, SearchProgress, WorkerEvent};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Seconds since some fixed point, from `performance.now()` (page or worker).
pub(super) fn now_seconds() -> f64 {
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok();
    performance
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map(|p| p.now() / 1000.0)
        .unwrap_or_else(|| js_sys::Date::now() / 1000.0)
}

/// Lets a progress report through at most every 200 ms, and the last one
/// always. Each report re-renders the page on the main thread, which shares
/// this 2-core machine with the workers: one report per enumeration chunk
/// (1024 per worker) kept it busy, and a perft sends one per root move.
/// The 64-bit de Bruijn enumeration, 2 workers: 0.51-0.53 s with a report
/// every 40 ms (the main thread busy 252-317 ms), 0.44-0.56 s every 100
/// ms, 0.41-0.43 s every 200 ms (busy 80-127 ms).
struct Throttle {
    last: std::cell::Cell<f64>,
}

impl Throttle {
    const PERIOD_S: f64 = 0.2;

    fn new() -> Throttle {
        Throttle {
            last: std::cell::Cell::new(f64::NEG_INFINITY),
        }
    }

    /// The time now when a report is due (`last` = the job's last report).
    fn due(&self, last: bool) -> Option<f64> {
        let now = now_seconds();
        if !last && now - self.last.get() < Self::PERIOD_S {
            return None;
        }
        self.last.set(now);
        Some(now)
    }
}

/// What a worker posts back (progress events and the like go through `send`).
pub(super) type Send<'a> = &'a dyn Fn(&WorkerEvent) -> Result<(), JsValue>;

/// One request under way: when it came, how its events go back, and the
/// throttle its progress reports pass.
pub(super) struct Task<'a> {
    start: f64,
    send: Send<'a>,
    throttle: Throttle,
}

impl<'a> Task<'a> {
    pub(super) fn new(start: f64, send: Send<'a>) -> Task<'a> {
        Task {
            start,
            send,
            throttle: Throttle::new(),
        }
    }

    /// Seconds since the request came.
    pub(super) fn seconds(&self) -> f64 {
        now_seconds() - self.start
    }

    /// Posts an event.
    fn send(&self, event: &WorkerEvent) -> Result<(), JsValue> {
        (self.send)(event)
    }

    /// Posts `done` of `total` with `label` now, unthrottled.
    pub(super) fn report(&self, done: f64, total: f64, label: String) -> Result<(), JsValue> {
        self.post(now_seconds(), done, total, label, None)
    }

    /// Posts `done` of `total` with `label()` when a report is due: at most
    /// every 40 ms, and always once `done` reaches `total`.
    pub(super) fn progress(
        &self,
        done: f64,
        total: f64,
        label: impl FnOnce() -> String,
    ) -> Result<(), JsValue> {
        self.progress_with(done, total, || (label(), None))
    }

    /// [`Task::progress`] with the de Bruijn search's tree beside the label.
    pub(super) fn progress_with(
        &self,
        done: f64,
        total: f64,
        what: impl FnOnce() -> (String, Option<SearchProgress>),
    ) -> Result<(), JsValue> {
        let Some(now) = self.throttle.due(done >= total) else {
            return Ok(());
        };
        let (label, search) = what();
        self.post(now, done, total, label, search)
    }

    fn post(
        &self,
        now: f64,
        done: f64,
        total: f64,
        label: String,
        search: Option<SearchProgress>,
    ) -> Result<(), JsValue> {
        self.send(&WorkerEvent::Progress(Progress {
            done,
            total,
            label,
            elapsed: now - self.start,
            search,
        }))
    }
}
