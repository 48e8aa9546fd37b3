//! `use_worker_job`: one long job in Web Workers, with progress, cancel and
//! a typed result. The places that run worker jobs (the perft runner, the
//! de Bruijn enumeration and magic list, the GPU panel's CPU check) all go
//! through it.
//!
//! ```ignore
//! let perft = use_worker_job::<PerftResult>();
//! perft.start(&Request::perft(fen, depth));      // Running(progress) ...
//! perft.start_on(&Request::perft(fen, depth), 4); // cut over 4 workers
//! match &*perft { JobState::Done(r) => .., JobState::Running(p) => .., _ => .. }
//! perft.cancel();                                 // terminates every worker
//! ```
//!
//! A job cut over several workers (`Request::split`) shows their progress
//! added up and its result put together (`JobOutput::merge`); an error in
//! any part stops them all. A finished job hands its workers back, warm, for
//! the next one; a cancelled one terminates them and starts a fresh worker
//! in the background.

use crate::ui::dom::after_paint;
use crate::ui::worker::{prewarm, sum_progress, Job, JobOutput, Progress, Request, WorkerEvent};
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

/// The parts of the job under way: one worker each, their latest progress
/// and their answers so far. (Untyped, as is the code that keeps it: one
/// copy of it serves every result type; only [`UseWorkerJobHandle::updater`]
/// reads the answers as `T`.)
#[derive(Default)]
struct Parts {
    jobs: Vec<Option<Job>>,
    /// `None` until the part's first report: the sum waits for every part,
    /// so that its total never grows.
    progress: Vec<Option<Progress>>,
    results: Vec<Option<WorkerEvent>>,
    /// Held while the workers wait for the page to paint the job's start
    /// (see `start_on`); replacing the parts drops it, and the start with it.
    waiting: Option<Rc<()>>,
    /// Whether a part's answer is the whole job's ([`JobOutput::decides`]).
    decides: Option<fn(&WorkerEvent) -> bool>,
}

/// What a part's event means for the whole job.
enum Update {
    Running(Progress),
    Failed(String),
    /// Every part's answer, in part order.
    Done(Vec<WorkerEvent>),
}

/// Part `k`'s `event` kept in `p`; what the job's state becomes, if it
/// changes.
fn part_event(p: &mut Parts, k: usize, event: WorkerEvent) -> Option<Update> {
    if k >= p.results.len() {
        return None; // an event of a job that was stopped
    }
    match event {
        WorkerEvent::Progress(progress) => {
            p.progress[k] = Some(progress.clone());
            let all: Option<Vec<Progress>> = p.progress.iter().cloned().collect();
            all.map(|all| Update::Running(sum_progress(&all, &progress)))
        }
        WorkerEvent::Error { message } => {
            *p = Parts::default(); // stops every part
            Some(Update::Failed(message))
        }
        answer if p.decides.is_some_and(|d| d(&answer)) => {
            if let Some(job) = p.jobs.get_mut(k).and_then(Option::take) {
                job.release();
            }
            *p = Parts::default(); // stops the other parts
            Some(Update::Done(vec![answer]))
        }
        answer => {
            p.results[k] = Some(answer);
            // a part with nothing to do may never report
            p.progress[k].get_or_insert_with(|| Progress {
                total: 0.0,
                ..Progress::starting()
            });
            if let Some(job) = p.jobs.get_mut(k).and_then(Option::take) {
                job.release();
            }
            if !p.results.iter().all(Option::is_some) {
                return None;
            }
            let all = std::mem::take(&mut p.results)
                .into_iter()
                .flatten()
                .collect();
            *p = Parts::default();
            Some(Update::Done(all))
        }
    }
}

/// Starts one worker per part of the job `start_on` prepared; each part's
/// events go through [`part_event`] to `update`.
fn start_parts(job: &Rc<RefCell<Parts>>, parts: &[Request], update: &Callback<Update>) {
    for (k, part) in parts.iter().enumerate() {
        let events = {
            let (slot, update) = (job.clone(), update.clone());
            Callback::from(move |event: WorkerEvent| {
                let changed = part_event(&mut slot.borrow_mut(), k, event);
                if let Some(u) = changed {
                    update.emit(u);
                }
            })
        };
        match Job::start(part, events) {
            Ok(started) => job.borrow_mut().jobs.push(Some(started)),
            Err(e) => {
                *job.borrow_mut() = Parts::default();
                return update.emit(Update::Failed(e));
            }
        }
    }
}

/// The hook's handle: the job's state (deref) and how to start and stop it.
pub struct UseWorkerJobHandle<T: 'static> {
    state: UseStateHandle<JobState<T>>,
    job: Rc<RefCell<Parts>>,
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
    /// Starts `request` on one worker, stopping the job that runs, if any.
    pub fn start(&self, request: &Request) {
        self.start_on(request, 1);
    }

    /// Starts `request` cut over `workers` workers (when it can be cut),
    /// stopping the job that runs, if any.
    ///
    /// The workers start once the page has painted the job's start: the
    /// page's layout and paint share the machine (and its memory bus) with
    /// them, and a short perft ran measurably slower beside the drawing.
    pub fn start_on(&self, request: &Request, workers: u32) {
        self.start_parts(request.split(workers.max(1)));
    }

    /// Starts each of `parts` on a worker of its own, as one job (its
    /// answers merged by `T`, see [`JobOutput`]), stopping the job that
    /// runs, if any.
    pub fn start_parts(&self, parts: Vec<Request>) {
        let ticket = Rc::new(());
        *self.job.borrow_mut() = Parts {
            progress: vec![None; parts.len()],
            results: vec![None; parts.len()],
            waiting: Some(ticket.clone()),
            decides: Some(|e: &WorkerEvent| T::from_event(e.clone()).is_some_and(|t| t.decides())),
            ..Parts::default()
        };
        self.state.set(JobState::Running(Progress::starting()));
        let (job, update) = (self.job.clone(), self.updater());
        let ticket = Rc::downgrade(&ticket);
        after_paint(Box::new(move || {
            if ticket.upgrade().is_some() {
                job.borrow_mut().waiting = None;
                start_parts(&job, &parts, &update);
            }
        }));
    }

    /// The job's state from the untyped updates: the answers read as `T`
    /// and put together (an answer of another kind fails the job).
    fn updater(&self) -> Callback<Update> {
        let state = self.state.clone();
        Callback::from(move |u: Update| match u {
            Update::Running(p) => state.set(JobState::Running(p)),
            Update::Failed(m) => state.set(JobState::Failed(m)),
            Update::Done(answers) => {
                let n = answers.len();
                let all: Vec<T> = answers.into_iter().filter_map(T::from_event).collect();
                match (all.len() == n).then(|| T::merge(all)).flatten() {
                    Some(whole) => state.set(JobState::Done(whole)),
                    None => state.set(JobState::Failed(
                        "the worker answered with something else".into(),
                    )),
                }
            }
        })
    }

    /// Stops the job now (its workers are terminated, a fresh one prewarmed).
    pub fn cancel(&self) {
        let parts = std::mem::take(&mut *self.job.borrow_mut());
        drop(parts);
        prewarm();
        self.state.set(JobState::Cancelled);
    }

    /// The job's answer, put together by the caller (a job of several
    /// rounds, as the shortest-program search's lengths).
    pub fn set_done(&self, answer: T) {
        self.state.set(JobState::Done(answer));
    }

    /// Stops the job, if any, and forgets its result.
    pub fn reset(&self) {
        *self.job.borrow_mut() = Parts::default();
        self.state.set(JobState::Idle);
    }

    /// Whether a job is under way (read from the job itself, never stale).
    pub fn is_active(&self) -> bool {
        let p = self.job.borrow();
        p.waiting.is_some() || p.jobs.iter().any(Option::is_some)
    }
}

/// One worker job of result type `T`: see the module docs.
#[hook]
pub fn use_worker_job<T: JobOutput>() -> UseWorkerJobHandle<T> {
    let state = use_state_eq(|| JobState::Idle);
    let job = use_mut_ref(Parts::default);
    UseWorkerJobHandle { state, job }
}
