//! The page side of the workers: [`Job`] starts a worker, forwards its
//! events to a callback and cancels by terminating it; [`prewarm`] keeps
//! warm workers ready between jobs (one per core at most, see
//! [`worker_count`]). Panels use it through `hooks::use_worker_job`.

use super::protocol::{Request, WorkerEvent};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

thread_local! {
    /// Started, warmed-up workers waiting for work.
    static IDLE: std::cell::RefCell<Vec<web_sys::Worker>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The workers a pool should use: one per core the browser reports
/// (`navigator.hardwareConcurrency`), 1 to 16.
pub fn worker_count() -> u32 {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as u32)
        .unwrap_or(1)
        .clamp(1, 16)
}

/// The worker's file, relative to the page: index.html names it in
/// `<meta name="bitscope-worker">` (`make dist` gives it a content-hashed
/// name, which the wasm cannot know: the worker names the wasm).
fn worker_url() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector("meta[name=bitscope-worker]")
                .ok()
                .flatten()
        })
        .and_then(|m| m.get_attribute("content"))
        .unwrap_or_else(|| "./static/worker.js".into())
}

fn spawn_worker() -> Result<web_sys::Worker, String> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    web_sys::Worker::new_with_options(&worker_url(), &options)
        .map_err(|e| format!("cannot start a Web Worker: {e:?}"))
}

/// Starts a worker ahead of time (it loads the module and warms up), so the
/// first run neither waits for it nor runs in the baseline compiler.
pub fn prewarm() {
    prewarm_n(1);
}

/// Keeps `n` workers (at most [`worker_count`]) started and warm.
pub fn prewarm_n(n: u32) {
    IDLE.with(|idle| {
        let mut idle = idle.borrow_mut();
        while idle.len() < n.min(worker_count()) as usize {
            match spawn_worker() {
                Ok(w) => idle.push(w),
                Err(_) => break,
            }
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
        let worker = match IDLE.with(|idle| idle.borrow_mut().pop()) {
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
            IDLE.with(|idle| {
                let mut idle = idle.borrow_mut();
                if idle.len() < worker_count() as usize {
                    idle.push(worker);
                } else {
                    worker.terminate();
                }
            });
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
