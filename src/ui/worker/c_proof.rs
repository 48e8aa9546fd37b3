//! The worker's answer to [`Request::ProveC`](super::Request::ProveC):
//! `lang::prove::c`'s verdict as plain text and numbers for the page
//! (which never links the prover: only the worker builds it with `of`).

use crate::lang::prove::Verdict;
use serde::{Deserialize, Serialize};

/// An input where two C functions differ: each parameter's value (as C
/// prints it, so it loads back into the parameter's field) and what each
/// side gives.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CDifference {
    pub args: Vec<(String, String)>,
    pub left: String,
    pub right: String,
    /// "value" or "undefined".
    pub kind: String,
}

/// `lang::prove::c::Verdict`, for the page: the parameters' names, the
/// counterexample as text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CProveDone {
    pub verdict: Verdict<CDifference>,
    pub seconds: f64,
}

impl CProveDone {
    #[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
    pub fn of(v: &crate::lang::prove::c::Verdict, seconds: f64) -> CProveDone {
        let difference = |c: &crate::lang::prove::c::Counterexample| CDifference {
            args: c
                .args
                .iter()
                .map(|(n, v)| (n.clone(), v.decimal()))
                .collect(),
            left: c.left.show(),
            right: c.right.show(),
            kind: c.kind.clone(),
        };
        CProveDone {
            verdict: v.map(difference, |(name, _)| name.clone()),
            seconds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::c::Program;
    use crate::lang::prove::c::{prove, Side};
    use crate::lang::prove::{NoControl, Options};
    use crate::ui::worker::{JobOutput, WorkerEvent};

    #[test]
    fn a_c_counterexample_travels_as_text_and_reads_back() {
        let a = Program::parse("int f(unsigned char x) { return x >> 1; }").unwrap();
        let b = Program::parse("int g(unsigned char y) { return y / 2 + (y == 7); }").unwrap();
        let side = |p, f| Side {
            program: p,
            function: f,
        };
        let v = prove(
            side(&a, "f"),
            side(&b, "g"),
            None,
            &Options::default(),
            &mut NoControl,
        )
        .unwrap();
        let done = CProveDone::of(&v, 0.25);
        let d = done.verdict.counterexample.clone().unwrap();
        assert_eq!(
            (done.verdict.equal, d.args.clone(), d.kind.as_str()),
            (
                Some(false),
                vec![("x".to_string(), "7".to_string())],
                "value"
            )
        );
        let json = serde_json::to_string(&WorkerEvent::ProvedC(done.clone())).unwrap();
        let back: WorkerEvent = serde_json::from_str(&json).unwrap();
        assert_eq!(CProveDone::from_event(back), Some(done));
    }
}
