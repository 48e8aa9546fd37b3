//! The worker's answer to [`Request::Synth`](super::Request::Synth): the
//! shortest program `synth` found (or why none), as text and numbers for
//! the page (which never links the search: only the worker builds it).
//! A search on several workers asks one length at a time, each worker its
//! share ([`crate::synth::search_length`]; the page's side is
//! [`super::synth_run`]).

use super::protocol::{JobOutput, Request, WorkerEvent};
use serde::{Deserialize, Serialize};

/// What to search: `src`'s function `func` (absent: its last but
/// `assume`) over `ops` and `consts` (`bitscope synth`'s notation; empty:
/// the defaults), at most `max_ops` operations, within `seconds`. With a
/// `length`: that length only, share `part` of `parts`, from the inputs
/// `samples` (every share's, after the length before).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SynthAsk {
    pub src: String,
    pub func: Option<String>,
    pub ops: String,
    pub consts: String,
    pub max_ops: u32,
    pub seconds: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<u32>,
    #[serde(default)]
    pub part: u32,
    #[serde(default)]
    pub parts: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub samples: Vec<Vec<u64>>,
    /// With a `length`: a program built on the catalog's tricks instead
    /// ([`crate::synth::built_on_the_catalog`]), the shorter lengths ruled
    /// out.
    #[serde(default)]
    pub catalog: bool,
    /// With a `length`: a program met in the middle instead
    /// ([`crate::synth::met_in_the_middle`]).
    #[serde(default)]
    pub meet: bool,
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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SynthDone {
    /// "found", "none" or "timeout"; for one length's share,
    /// "exhausted" (none of the length in the share).
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
    /// One length's share: the inputs of its S at the end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub samples: Vec<Vec<u64>>,
    /// One length's share: a match the prover could not decide, or the
    /// solver out of steps ("exhausted" is then no proof).
    #[serde(default)]
    pub undecided: bool,
    /// The constants tried ("0, 1, -1, 31, the spec's 8, 24 and 12 more"),
    /// set by `run`, which knows the spec's type.
    #[serde(default)]
    pub constants: String,
    /// The spec's constants the program uses ("8, 24"): they helped.
    #[serde(default)]
    pub helped: String,
    /// The catalog's tricks the program is built on (their ids).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub catalog: Vec<String>,
}

impl JobOutput for SynthDone {
    fn from_event(event: WorkerEvent) -> Option<Self> {
        match event {
            WorkerEvent::Synthesized(text) => serde_json::from_str(&text).ok(),
            _ => None,
        }
    }

    /// A length's shares as one: the first program found (the others are
    /// stopped when one is, [`JobOutput::decides`]); else out of time if a
    /// share was; else exhausted, on every share's inputs.
    fn merge(parts: Vec<Self>) -> Option<Self> {
        let searched = parts.iter().map(|p| p.searched).sum();
        let seconds = parts.iter().map(|p| p.seconds).fold(0.0, f64::max);
        let undecided = parts.iter().any(|p| p.undecided);
        let pick = |status: &str| parts.iter().position(|p| p.status == status);
        let k = pick("found").or_else(|| pick("timeout")).unwrap_or(0);
        let mut whole = parts.get(k)?.clone();
        if whole.status == "exhausted" {
            whole.samples = Vec::new();
            for p in &parts {
                for s in &p.samples {
                    if !whole.samples.contains(s) {
                        whole.samples.push(s.clone());
                    }
                }
            }
        }
        Some(SynthDone {
            searched,
            seconds,
            undecided,
            ..whole
        })
    }

    fn decides(&self) -> bool {
        self.status == "found"
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
            helped: helped(r),
            catalog: r.catalog.clone(),
            ..SynthDone::default()
        }
    }
}

/// The search `ask` describes (the whole, or one length's share); `check`
/// reports progress and says go on, out of time or cancel. The answer's
/// `seconds` is left to the caller.
#[cfg(any(test, all(target_arch = "wasm32", feature = "worker")))]
pub fn run(
    ask: &SynthAsk,
    check: &mut dyn crate::synth::SynthControl,
) -> Result<SynthDone, crate::synth::SynthError> {
    use crate::synth::{built_on_the_catalog, met_in_the_middle, search_length, synthesize};
    use crate::synth::{Part, Status, SynthOptions, SynthSpec};
    let spec = SynthSpec::parse(&ask.src, ask.func.as_deref())?;
    let ops = (!ask.ops.trim().is_empty()).then_some(ask.ops.as_str());
    let mut opts = SynthOptions {
        max_ops: ask.max_ops.clamp(1, 8) as usize,
        threads: 1,
        part: (ask.parts > 1).then_some(Part {
            index: ask.part.min(ask.parts - 1) as usize,
            of: ask.parts as usize,
        }),
        ..SynthOptions::read(ops, Some(&ask.consts), spec.ty)?
    };
    // with no constant given, the spec's own join the defaults (the same on
    // every share)
    let from_spec = if opts.consts.is_empty() {
        spec.spec_constants(crate::synth::MAX_CONSTS)
    } else {
        Vec::new()
    };
    opts.consts.extend(&from_spec);
    opts.defaults_first = !from_spec.is_empty();
    let Some(len) = ask.length else {
        let mut r = synthesize(&spec, &opts, check)?;
        r.from_spec = from_spec;
        let done = SynthDone::of(&r, 0.0);
        return Ok(SynthDone {
            constants: r.constants_text(spec.ty),
            ..done
        });
    };
    let len = len.min(opts.max_ops as u32) as usize;
    if ask.catalog || ask.meet {
        let mut r = match ask.catalog {
            true => built_on_the_catalog(&spec, &opts, len, &ask.samples, check)?,
            false => met_in_the_middle(&spec, &opts, len, &ask.samples, check)?,
        };
        r.from_spec = from_spec;
        let done = SynthDone::of(&r, 0.0);
        return Ok(SynthDone {
            constants: r.constants_text(spec.ty),
            ..done
        });
    }
    let mut r = search_length(&spec, &opts, len, &ask.samples, check)?;
    r.result.from_spec = from_spec;
    let mut done = SynthDone::of(&r.result, 0.0);
    done.constants = r.result.constants_text(spec.ty);
    if r.result.status == Status::None {
        done.status = "exhausted".into();
        done.samples = r.samples;
    }
    done.undecided = r.undecided;
    Ok(done)
}

/// The spec's constants a program found uses, as C literals.
#[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
fn helped(r: &crate::synth::SynthResult) -> String {
    let Some(p) = &r.program else {
        return String::new();
    };
    let used: Vec<String> = (p.used_consts().into_iter())
        .filter(|c| r.from_spec.contains(c))
        .map(|c| crate::synth::constant_text(p.ty.int, c))
        .collect();
    used.join(", ")
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
            ops: ops.into(),
            max_ops: 3,
            seconds: 10.0,
            ..SynthAsk::default()
        };
        assert_eq!(
            SynthAsk::read(&serde_json::to_string(&ask("&")).unwrap()),
            Ok(ask("&"))
        );
        let done = run(&ask("& - + ~ ^"), &mut go).unwrap();
        assert_eq!(
            (done.status.as_str(), done.ops, done.minimal, done.ruled_out),
            ("found", Some(2), true, 2)
        );
        let source = done.source.clone().unwrap_or_default();
        assert!(source.contains("f(unsigned int x)"), "{source}");
        let json = serde_json::to_string(&done.event()).unwrap();
        let back: WorkerEvent = serde_json::from_str(&json).unwrap();
        assert_eq!(SynthDone::from_event(back), Some(done));
        assert!(run(&ask("& @"), &mut go).is_err(), "an unknown operator");
    }
}
