//! Progress on a terminal: a bar that appears only for runs that last; and
//! the deadline that stops a long proof.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::{Duration, Instant};

/// A progress bar that shows itself only once the run has taken a second.
pub struct LateBar {
    bar: ProgressBar,
    start: Instant,
    shown: bool,
}

impl LateBar {
    pub fn new(total: u64, what: &str) -> LateBar {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        if let Ok(style) =
            ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed})")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(what.to_string());
        LateBar {
            bar,
            start: Instant::now(),
            shown: false,
        }
    }

    pub fn update(&mut self, done: u64, message: String) {
        if !self.shown && self.start.elapsed() > Duration::from_secs(1) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_position(done);
        self.bar.set_message(message);
    }

    pub fn set_length(&mut self, total: u64) {
        self.bar.set_length(total);
    }

    /// A line above the bar (or plain stdout while it is hidden).
    pub fn println(&self, line: String) {
        if self.shown {
            self.bar.suspend(|| println!("{line}"));
        } else {
            println!("{line}");
        }
    }

    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// The prover's deadline (`prove`, C answers, `bench prove`).
pub use bitscope::lang::prove::Deadline;
