//! The worker's clock and pace, shared by its request handlers
//! (`handler`, `checks`): seconds from `performance.now()`, a throttle for
//! progress events, and how an event is posted back.

use super::protocol::WorkerEvent;
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

/// Lets a progress report through at most every 40 ms, and the last one
/// always. Each report re-renders the page on the main thread, which shares
/// this 2-core machine with the workers: one report per enumeration chunk
/// (1024 per worker) kept it busy, and a perft sends one per root move.
pub(super) struct Throttle {
    last: std::cell::Cell<f64>,
}

impl Throttle {
    const PERIOD_S: f64 = 0.04;

    pub(super) fn new() -> Throttle {
        Throttle {
            last: std::cell::Cell::new(f64::NEG_INFINITY),
        }
    }

    /// The time now when a report is due (`last` = the job's last report).
    pub(super) fn due(&self, last: bool) -> Option<f64> {
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
