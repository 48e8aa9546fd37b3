//! The steps of a float operation, recorded only when asked for: the
//! sweeps of the tests run the same code with the recorder off, so the
//! trace and the fast answer can never disagree.

use super::format::Format;
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::Word;

/// Steps being recorded (or not: `off()` skips building them).
pub struct Steps {
    on: bool,
    list: Vec<Step>,
}

impl Steps {
    /// A recorder that keeps every step.
    pub fn on() -> Steps {
        Steps {
            on: true,
            list: Vec::new(),
        }
    }

    /// A recorder that builds nothing.
    pub fn off() -> Steps {
        Steps {
            on: false,
            list: Vec::new(),
        }
    }

    /// Records the step `make` builds (called only when recording).
    pub fn add(&mut self, make: impl FnOnce() -> Step) {
        if self.on {
            self.list.push(make());
        }
    }

    /// Whether steps are being kept.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// The steps as a trace whose result is the word `bits` of `format`.
    pub fn into_trace(self, trick: &str, title: String, format: Format, bits: u64) -> Trace {
        let mut trace = Trace::new(trick, title, Outcome::Word(word(format, bits)));
        trace.steps = self.list;
        trace
    }

    /// The steps recorded so far.
    pub fn into_steps(self) -> Vec<Step> {
        self.list
    }

    /// Appends steps recorded elsewhere.
    pub fn extend(&mut self, steps: Vec<Step>) {
        if self.on {
            self.list.extend(steps);
        }
    }
}

/// `bits` as a word of the format's width.
pub fn word(format: Format, bits: u64) -> Word {
    Word::new(bits, format.width())
}

/// A step showing a float's bits at its format's width.
pub fn float_step(label: &str, expr: &str, format: Format, bits: u64) -> Step {
    Step::new(label, expr, word(format, bits))
}
