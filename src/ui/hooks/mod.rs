//! Custom hooks.

mod use_select_value;
mod use_worker_job;

pub use use_select_value::use_select_value;
pub use use_worker_job::{use_worker_job, JobState, UseWorkerJobHandle};
