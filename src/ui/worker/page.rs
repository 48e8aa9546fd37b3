//! The page side of the worker: [`Job`] starts a worker, forwards its
//! events to a callback and cancels by terminating it; [`prewarm`] keeps a
//! warm worker ready between jobs. Panels use it through
//! `hooks::use_worker_job`.

use super::protocol::{Request, WorkerEvent};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

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
