//! Long CPU work (perft, enumeration) in a Web Worker, so the page never
//! freezes.
//!
//! The worker is `static/worker.js`: it loads this same wasm module and hands
//! every message to [`worker_handle`], which posts [`WorkerEvent`]s back
//! (progress after each chunk of work, then the result). The page side is
//! [`Job`]: it starts a worker, forwards its events to a callback, and
//! cancels by terminating the worker.

use crate::bits::debruijn;
use crate::chess::{divide_with, Position};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

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

/// What the worker says back. Counts travel as f64 (exact below 2^53).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WorkerEvent {
    Progress {
        done: f64,
        total: f64,
        label: String,
        elapsed: f64,
    },
    PerftDone {
        nodes: f64,
        seconds: f64,
        divide: Vec<(String, f64)>,
    },
    DebruijnDone {
        width: u32,
        multipliers: f64,
        odd: f64,
        seconds: f64,
    },
    /// Magics as `0x..` strings (64-bit values do not fit a JS number).
    PageDone {
        offset: f64,
        magics: Vec<String>,
    },
    Error {
        message: String,
    },
}

/// Seconds since some fixed point, from `performance.now()` (page or worker).
fn now_seconds() -> f64 {
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok();
    performance
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map(|p| p.now() / 1000.0)
        .unwrap_or_else(|| js_sys::Date::now() / 1000.0)
}

/// Worker side: runs one request, calling `post(event)` for each event.
#[wasm_bindgen]
pub fn worker_handle(request: JsValue, post: &js_sys::Function) -> Result<(), JsValue> {
    let send = |event: &WorkerEvent| -> Result<(), JsValue> {
        let value = serde_wasm_bindgen::to_value(event)?;
        post.call1(&JsValue::NULL, &value).map(|_| ())
    };
    let request: Request = match serde_wasm_bindgen::from_value(request) {
        Ok(r) => r,
        Err(e) => {
            return send(&WorkerEvent::Error {
                message: format!("bad request: {e}"),
            })
        }
    };
    let start = now_seconds();
    let event = match request {
        Request::Perft { fen, depth } => match Position::from_fen(&fen) {
            Err(e) => WorkerEvent::Error {
                message: e.to_string(),
            },
            Ok(position) => {
                let mut failed = None;
                let rows = divide_with(&position, depth, |p| {
                    let progress = WorkerEvent::Progress {
                        done: (p.index + 1) as f64,
                        total: p.total as f64,
                        label: format!("{} {}", p.mv.to_uci(), p.nodes),
                        elapsed: now_seconds() - start,
                    };
                    match send(&progress) {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(e) => {
                            failed = Some(e);
                            ControlFlow::Break(())
                        }
                    }
                })
                .unwrap_or_else(|c| c.partial);
                if let Some(e) = failed {
                    return Err(e);
                }
                let seconds = now_seconds() - start;
                let mut divide: Vec<(String, f64)> =
                    rows.iter().map(|(m, n)| (m.to_uci(), *n as f64)).collect();
                divide.sort_by(|a, b| a.0.cmp(&b.0));
                let nodes = if depth == 0 {
                    1.0
                } else {
                    rows.iter().map(|(_, n)| *n as f64).sum()
                };
                WorkerEvent::PerftDone {
                    nodes,
                    seconds,
                    divide,
                }
            }
        },
        Request::DebruijnCount { width } => match enumerate_in_chunks(width, start, &send) {
            Ok((multipliers, odd)) => WorkerEvent::DebruijnDone {
                width,
                multipliers: multipliers as f64,
                odd: odd as f64,
                seconds: now_seconds() - start,
            },
            Err(message) => WorkerEvent::Error { message },
        },
        Request::DebruijnPage {
            width,
            offset,
            limit,
        } => match debruijn::nth_magics(width, offset, limit as usize) {
            Ok(list) => WorkerEvent::PageDone {
                offset: offset as f64,
                magics: list
                    .iter()
                    .map(|&m| crate::bits::word::Word::new(m, width).hex())
                    .collect(),
            },
            Err(e) => WorkerEvent::Error {
                message: e.to_string(),
            },
        },
    };
    send(&event)
}

/// Visits every magic of a width with the meet-in-the-middle enumerator,
/// chunk by chunk, posting progress after each; returns (all, odd).
fn enumerate_in_chunks(
    width: u32,
    start: f64,
    send: &dyn Fn(&WorkerEvent) -> Result<(), JsValue>,
) -> Result<(u64, u64), String> {
    let enumerator = debruijn::FastEnumerator::new(width).map_err(|e| e.to_string())?;
    let chunks = enumerator.chunks();
    let (mut all, mut odd) = (0u64, 0u64);
    for k in 0..chunks {
        enumerator
            .run_chunk(k, |m| {
                all += 1;
                odd += m & 1;
            })
            .map_err(|e| e.to_string())?;
        send(&WorkerEvent::Progress {
            done: (k + 1) as f64,
            total: chunks as f64,
            label: format!("{all} magics so far"),
            elapsed: now_seconds() - start,
        })
        .map_err(|e| format!("{e:?}"))?;
    }
    Ok((all, odd))
}

/// Worker side: runs a short perft so that the engine is compiled by the
/// optimising tier before the first real request (a fresh wasm module starts
/// in the baseline compiler, at about half speed).
#[wasm_bindgen]
pub fn worker_warm_up() {
    if let Ok(p) = Position::from_fen(crate::chess::CPW_POSITIONS[1].1) {
        let _ = crate::chess::perft(&p, 4);
    }
}

thread_local! {
    /// A started, warmed-up worker waiting for work.
    static IDLE: std::cell::RefCell<Option<web_sys::Worker>> = const { std::cell::RefCell::new(None) };
}

fn spawn_worker() -> Result<web_sys::Worker, String> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    web_sys::Worker::new_with_options("static/worker.js", &options)
        .map_err(|e| format!("cannot start a Web Worker: {e:?}"))
}

/// Starts a worker ahead of time (it loads the module and warms up), so the
/// first run neither waits for it nor runs in the baseline compiler.
pub fn prewarm() {
    IDLE.with(|idle| {
        let mut idle = idle.borrow_mut();
        if idle.is_none() {
            *idle = spawn_worker().ok();
        }
    });
}

/// Page side: one running worker. Dropping it (or [`Job::cancel`]) stops
/// the work at once; [`Job::release`] keeps the worker for the next job.
pub struct Job {
    worker: Option<web_sys::Worker>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

impl Job {
    /// Starts `request` on the idle worker (or a new one); its events go to
    /// `on_event`.
    pub fn start(request: &Request, on_event: Callback<WorkerEvent>) -> Result<Job, String> {
        let worker = match IDLE.with(|idle| idle.borrow_mut().take()) {
            Some(w) => w,
            None => spawn_worker()?,
        };
        let events = on_event.clone();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
            move |message: web_sys::MessageEvent| {
                let event = serde_wasm_bindgen::from_value(message.data()).unwrap_or_else(|e| {
                    WorkerEvent::Error {
                        message: format!("unreadable message from the worker: {e}"),
                    }
                });
                events.emit(event);
            },
        );
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let on_error =
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                e.prevent_default();
                on_event.emit(WorkerEvent::Error {
                    message: format!("the worker failed: {}", e.message()),
                });
            });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let message = serde_wasm_bindgen::to_value(request).map_err(|e| e.to_string())?;
        worker
            .post_message(&message)
            .map_err(|e| format!("cannot post to the worker: {e:?}"))?;
        Ok(Job {
            worker: Some(worker),
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Stops the work now (the worker is terminated).
    pub fn cancel(self) {}

    /// The job is over: keep its worker, warm, for the next one.
    pub fn release(mut self) {
        if let Some(worker) = self.worker.take() {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            if let Some(extra) = IDLE.with(|idle| idle.borrow_mut().replace(worker)) {
                extra.terminate();
            }
        }
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
    }
}
