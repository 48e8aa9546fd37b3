//! Long CPU work (perft, enumeration) in a Web Worker, so the page never
//! freezes.
//!
//! - [`protocol`]: the messages ([`Request`] in, [`WorkerEvent`]s out);
//!   plain serde types, built and tested natively too;
//! - `handler`: the worker side (`static/worker.js` loads this same wasm
//!   module and calls its `worker_handle` export);
//! - `page`: the page side, `Job` (start a worker, forward its events,
//!   cancel by terminating it) and `prewarm` (a warm worker kept ready).
//!
//! Panels use it through `hooks::use_worker_job`.

mod c_proof;
mod c_run;
mod grade;
pub mod protocol;
mod synth;
mod synth_run;
mod tricks;

#[cfg(all(target_arch = "wasm32", feature = "worker"))]
mod checks;
#[cfg(all(target_arch = "wasm32", feature = "worker"))]
pub mod handler;
#[cfg(all(target_arch = "wasm32", feature = "worker"))]
mod pace;
#[cfg(browser_ui)]
mod page;

pub use c_proof::{CDifference, CProveDone};
pub use c_run::{CError, CExprView, CProblem, CRun, CRunDone, CStepView, CValueView, CVarView};
pub use grade::{GradeDone, GradeRow};
#[cfg(browser_ui)]
pub use page::{prewarm, prewarm_n, worker_count, Job};
pub use protocol::{
    sum_progress, CheckDone, DebruijnCount, DepthHintDone, Difference, Hex, JobOutput, MagicFound,
    MagicPage, MagicTableFound, PerftResult, Progress, ProveDone, Request, SearchProgress,
    SuiteResult, WorkerEvent,
};
pub use synth::{SynthAsk, SynthDone};
pub use synth_run::{SynthRun, SynthStep};
pub use tricks::{TrickHit, TricksFound, MAX_HITS};
