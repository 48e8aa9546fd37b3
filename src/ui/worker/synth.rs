//! The worker's answer to [`Request::Synth`](super::Request::Synth): the
//! shortest program `synth` found (or why none), as text and numbers for
//! the page (which never links the search: only the worker builds it).

use super::protocol::{JobOutput, Request, WorkerEvent};
use serde::{Deserialize, Serialize};

/// What to search: `src`'s function `func` (absent: its last but
/// `assume`) over `ops` and `consts` (`bitscope synth`'s notation; empty:
/// the defaults), at most `max_ops` operations, within `seconds`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SynthAsk {
    pub src: String,
    pub func: Option<String>,
    pub ops: String,
    pub consts: String,
    pub max_ops: u32,
    pub seconds: f64,
}

impl SynthAsk {
    /// The request that carries it (as JSON text: [`Request::Synth`]).
    pub fn request(&self) -> Request {
        Request::Synth(serde_json::to_string(self).unwrap_or_default())
    }

    /// The ask a request carries.
    pub fn read(text: &str) -> Result<SynthAsk, String> {
        serde_json::from_str(text).map_err(|e| format!("a synth request: {e}"))
    }
}

/// `synth::SynthResult`, for the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SynthDone {
    /// "found", "none" or "timeout".
    pub status: String,
    /// The program as one C expression, and as a whole C function.
    pub expr: Option<String>,
    pub source: Option<String>,
    /// Instructions (each value once) and the operators of `expr`.
    pub ops: Option<u32>,
    pub dlc_ops: Option<u32>,
    /// No shorter program exists (every shorter one was ruled out).
    pub minimal: bool,
    /// Every program of fewer operations than this was ruled out.
    pub ruled_out: u32,
    pub max_ops: u32,
    /// The prover's method for the program.
    pub proof: Option<String>,
    /// Candidate programs compared with the inputs.
    pub searched: f64,
    pub seconds: f64,
}

impl JobOutput for SynthDone {
    fn from_event(event: WorkerEvent) -> Option<Self> {
        match event {
            WorkerEvent::Synthesized(text) => serde_json::from_str(&text).ok(),
            _ => None,
        }
    }
}

impl SynthDone {
    /// The event that carries it (as JSON text).
    pub fn event(&self) -> WorkerEvent {
        WorkerEvent::Synthesized(serde_json::to_string(self).unwrap_or_default())
    }

    #[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
    pub fn of(r: &crate::synth::SynthResult, seconds: f64) -> SynthDone {
        let p = r.program.as_ref();
        SynthDone {
            status: r.status.name().to_string(),
            expr: p.map(crate::synth::Straight::expr),
            source: r.source(),
            ops: r.ops().map(|n| n as u32),
            dlc_ops: p.map(|p| p.dlc_ops() as u32),
            minimal: r.minimal(),
            ruled_out: r.ruled_out as u32,
            max_ops: r.max_ops as u32,
            proof: r.proof.map(str::to_string),
            searched: r.searched as f64,
            seconds,
        }
    }
}

/// The search `ask` describes; `check` reports progress and says go on,
/// out of time or cancel.
#[cfg(any(test, all(target_arch = "wasm32", feature = "worker")))]
pub fn run(
    ask: &SynthAsk,
    check: &mut dyn crate::synth::SynthControl,
) -> Result<crate::synth::SynthResult, crate::synth::SynthError> {
    use crate::synth::{synthesize, SynthOptions, SynthSpec};
    let spec = SynthSpec::parse(&ask.src, ask.func.as_deref())?;
    let ops = (!ask.ops.trim().is_empty()).then_some(ask.ops.as_str());
    let opts = SynthOptions {
        max_ops: ask.max_ops.clamp(1, 8) as usize,
        threads: 1,
        ..SynthOptions::read(ops, Some(&ask.consts), spec.ty)?
    };
    synthesize(&spec, &opts, check)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::prove::Flow;

    #[test]
    fn the_shortest_program_travels_to_the_page() {
        let spec = "unsigned f(unsigned x) { for (int i = 0; i < 32; i++) if (x >> i & 1) return x ^ (1u << i); return 0; }";
        let mut go = |_: &crate::synth::SynthProgress| Flow::Continue;
        let ask = |ops: &str| SynthAsk {
            src: spec.into(),
            func: None,
            ops: ops.into(),
            consts: String::new(),
            max_ops: 3,
            seconds: 10.0,
        };
        assert_eq!(
            SynthAsk::read(&serde_json::to_string(&ask("&")).unwrap()),
            Ok(ask("&"))
        );
        let r = run(&ask("& - + ~ ^"), &mut go).unwrap();
        let done = SynthDone::of(&r, 0.5);
        assert_eq!(
            (done.status.as_str(), done.ops, done.minimal, done.ruled_out),
            ("found", Some(2), true, 2)
        );
        let source = done.source.clone().unwrap_or_default();
        assert!(source.contains("f(unsigned int x)"), "{source}");
        let json = serde_json::to_string(&done.event()).unwrap();
        let back: WorkerEvent = serde_json::from_str(&json).unwrap();
        assert_eq!(SynthDone::from_event(back), Some(done));
        assert!(run(&ask("& %"), &mut go).is_err(), "an unknown operator");
    }
}
