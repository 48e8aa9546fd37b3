//! `use_worker_job`: one long job in a Web Worker, with progress, cancel and
//! a typed result. The four places that run worker jobs (the perft runner,
//! the de Bruijn enumeration and magic list, the GPU panel's CPU check) all
//! go through it.
//!
//! ```ignore
//! let perft = use_worker_job::<PerftResult>();
//! perft.start(&Request::Perft { fen, depth });   // Running(progress) ...
//! match &*perft { JobState::Done(r) => .., JobState::Running(p) => .., _ => .. }
//! perft.cancel();                                 // terminates the worker
//! ```
//!
//! A finished job hands its worker back, warm, for the next one; a cancelled
//! one terminates it and starts a fresh worker in the background.

use crate::ui::worker::{prewarm, Job, JobOutput, Progress, Request, WorkerEvent};
use std::cell::RefCell;
use std::ops::Deref;
use std::rc::Rc;
use yew::prelude::*;

/// Where a job is.
#[derive(Clone, Debug, PartialEq)]
pub enum JobState<T> {
    Idle,
    Running(Progress),
    Done(T),
    Cancelled,
    Failed(String),
}

impl<T> JobState<T> {
    pub fn is_running(&self) -> bool {
        matches!(self, JobState::Running(_))
    }
}

/// The hook's handle: the job's state (deref) and how to start and stop it.
pub struct UseWorkerJobHandle<T: 'static> {
    state: UseStateHandle<JobState<T>>,
    job: Rc<RefCell<Option<Job>>>,
}

impl<T> Clone for UseWorkerJobHandle<T> {
    fn clone(&self) -> Self {
        UseWorkerJobHandle {
            state: self.state.clone(),
            job: self.job.clone(),
        }
    }
}

impl<T> Deref for UseWorkerJobHandle<T> {
    type Target = JobState<T>;

    fn deref(&self) -> &JobState<T> {
        &self.state
    }
}

impl<T: JobOutput> UseWorkerJobHandle<T> {
    /// Starts `request`, stopping the job that runs, if any.
    pub fn start(&self, request: &Request) {
        self.job.borrow_mut().take();
        let events = {
            let state = self.state.clone();
            let slot = self.job.clone();
            Callback::from(move |event: WorkerEvent| match event {
                WorkerEvent::Progress(p) => state.set(JobState::Running(p)),
                WorkerEvent::Error { message } => {
                    slot.borrow_mut().take();
                    state.set(JobState::Failed(message));
                }
                other => {
                    if let Some(result) = T::from_event(other) {
                        let done = slot.borrow_mut().take();
                        if let Some(job) = done {
                            job.release();
                        }
                        state.set(JobState::Done(result));
                    }
                }
            })
        };
        match Job::start(request, events) {
            Ok(job) => {
                *self.job.borrow_mut() = Some(job);
                self.state.set(JobState::Running(Progress::starting()));
            }
            Err(e) => self.state.set(JobState::Failed(e)),
        }
    }

    /// Stops the job now (its worker is terminated, a fresh one prewarmed).
    pub fn cancel(&self) {
        let job = self.job.borrow_mut().take();
        if let Some(job) = job {
            job.cancel();
        }
        prewarm();
        self.state.set(JobState::Cancelled);
    }

    /// Stops the job, if any, and forgets its result.
    pub fn reset(&self) {
        self.job.borrow_mut().take();
        self.state.set(JobState::Idle);
    }

    /// Whether a job is under way (read from the job itself, never stale).
    pub fn is_active(&self) -> bool {
        self.job.borrow().is_some()
    }
}

/// One worker job of result type `T`: see the module docs.
#[hook]
pub fn use_worker_job<T: JobOutput>() -> UseWorkerJobHandle<T> {
    let state = use_state_eq(|| JobState::Idle);
    let job = use_mut_ref(|| None::<Job>);
    UseWorkerJobHandle { state, job }
}
