//! The shortest branch-free program equal to a C specification
//! (`bitscope synth`): a straight-line program over the allowed operators
//! and constants, each value computed once, proven equal by the C prover,
//! and minimal when every shorter one was ruled out.
//!
//! CEGIS over a small set of inputs S (about 24; W holds 512 more):
//!
//! ```text
//!   for L = 0, 1, 2, ...                 (every length, in order)
//!     search every canonical program of L instructions on S  [search]
//!       none matches S  -> no program of L exists (a right one matches S)
//!       one matches S but not W -> that input of W joins S; search L again
//!       one matches S and W -> prove it against the spec (lang::prove::c)
//!          proven   -> found, minimal (all shorter lengths were ruled out)
//!          refuted  -> the counterexample joins S and W; search L again
//! ```
//!
//! Before the first length too costly to enumerate (engine `auto`, the
//! whole search), a program is sought by meeting in the middle (`meet.rs`):
//! one found there is proven, but not called minimal.
//!
//! The core is free of threads and clocks (the browser's worker runs it);
//! natively a length is split over threads ([`threads`]); in the browser
//! each worker searches a share of each length ([`search_length`], [`Part`]),
//! one length at a time.

mod cegis;
mod ending;
pub mod find_consts;
pub mod library;
mod meet;
pub mod ops;
pub mod program;
pub mod sat;
pub mod search;
pub mod spec;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
#[cfg(not(target_arch = "wasm32"))]
pub mod threads;

use crate::lang::c::{parse_arg, CError, Scalar};
use crate::lang::prove::Flow;
pub use cegis::{built_on_the_catalog, met_in_the_middle, search_length, synthesize};
pub use cegis::{estimated_cost, LengthResult, CATALOG_AT, ENUMERATE_MAX};
pub use find_consts::{check_any_constants, synthesize_finding_constants};
pub use ops::Op;
use ops::Ty;
pub use program::{Instr, Straight};
pub use spec::SynthSpec;
use thiserror::Error;

/// Why there is no answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SynthError {
    #[error("{0}")]
    Parse(CError),
    #[error("{0}")]
    Function(String),
    #[error("{0}")]
    Signature(String),
    #[error("`{0}` is not an operator (known: ! ~ -x & | ^ + - * << >> < <= > >= == !=)")]
    UnknownOp(String),
    #[error("no operator allowed")]
    NoOps,
    #[error("{0}")]
    Limit(String),
    #[error("constant {0}")]
    Const(String),
    #[error("no input is allowed: `assume` refuses every input tried, or the specification has no value on any")]
    NoInputs,
    #[error("cancelled")]
    Cancelled,
    /// The prover failed on a candidate (a bug; reported, never hidden).
    #[error("the prover: {0}")]
    Prover(String),
}

/// The most constants `--consts` may add, and the longest program searched
/// (every value of a program is numbered in a byte).
pub const MAX_CONSTS: usize = 32;
pub const MAX_OPS: usize = 64;

/// What to search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SynthOptions {
    /// The operators allowed ([`ops::parse_ops`]).
    pub ops: Vec<Op>,
    /// Constants beside 0, 1, -1 and W-1 (bits of the type).
    pub consts: Vec<u64>,
    /// The longest program searched.
    pub max_ops: usize,
    /// Threads (natively; 0: every core; the browser's worker takes 1).
    pub threads: usize,
    /// The SAT solver's steps for one candidate's proof: a candidate not
    /// proven within them is set aside and the search goes on (a product's
    /// proof can take minutes; another program of the length is often
    /// proven at once).
    pub prove_steps: u64,
    pub seed: u64,
    /// How each length is searched ([`Engine`]).
    pub engine: Engine,
    /// Constants the search picks ([`sat::Free`]): this many leaves of any
    /// value (at most `max_const`, as unsigned), each the same on every
    /// input. Every length is then searched by SAT (enumeration cannot).
    pub free_consts: usize,
    pub max_const: Option<u64>,
    /// The constants are `consts` (and the free ones) alone: not 0, 1, -1
    /// and W-1 too (a data-lab puzzle's literals are 0..=255 only).
    pub consts_only: bool,
    /// The SAT solver's steps for one length: a length not decided within
    /// them is left (the answer is then not minimal) and the next one
    /// searched.
    pub sat_steps: u64,
    /// `consts` are guesses (the spec's own): each length is searched
    /// over the defaults alone first (`cegis/defaults_first.rs`).
    pub defaults_first: bool,
    /// A SAT length starts from the simplest inputs of S and takes the
    /// simplest counterexample of S (fewest bits away from 0 or from all
    /// ones), not the first in sampled order: the
    /// solver's instances then differ, and which is quicker varies (the
    /// check with any constants runs both, [`check_any_constants`]).
    pub simplest_inputs: bool,
    /// This search's share of each length when the lengths are cut over
    /// workers that share no memory ([`search_length`]); `None`: all.
    pub part: Option<Part>,
}

/// Share `index` of `of` of a length: the programs whose first
/// instruction is the `index`-th of every `of` in the search's order.
/// Lengths 0 and 1, and a length searched by SAT, are share 0's whole.
///
/// ```text
///   first instructions  0 1 2 3 4 5 6 ...
///   share 0 of 2        0   2   4   6
///   share 1 of 2          1   3   5
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: usize,
    pub of: usize,
}

/// How a length is searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Enumerated while that is cheap, then by SAT ([`cegis`]'s rule).
    #[default]
    Auto,
    /// Every length enumerated (but with free constants).
    Enumerate,
    /// Every length by SAT.
    Sat,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Enumerate => "enumerate",
            Engine::Sat => "sat",
        }
    }

    pub fn from_name(name: &str) -> Option<Engine> {
        [Engine::Auto, Engine::Enumerate, Engine::Sat]
            .into_iter()
            .find(|e| e.name() == name)
    }
}

/// The threads a search runs on ([`SynthOptions::threads`]; 0: every
/// core; in the browser's worker, 1).
pub(crate) fn threads_for(asked: usize) -> usize {
    match asked {
        _ if cfg!(target_arch = "wasm32") => 1,
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    }
}

impl Default for SynthOptions {
    fn default() -> Self {
        SynthOptions {
            ops: ops::parse_ops(None).unwrap_or_default(),
            consts: Vec::new(),
            max_ops: 6,
            threads: 0,
            prove_steps: 1_000_000,
            seed: 0x5EED,
            engine: Engine::Auto,
            free_consts: 0,
            max_const: None,
            consts_only: false,
            sat_steps: u64::MAX,
            part: None,
            defaults_first: false,
            simplest_inputs: false,
        }
    }
}

impl SynthOptions {
    /// `--ops` ("! ~ & ^ | + << >>") and `--consts` ("3 0x55 -8"), read for
    /// the specification's type.
    ///
    /// # Errors
    /// An unknown operator, or a constant that is not a number of the type.
    pub fn read(ops: Option<&str>, consts: Option<&str>, ty: Scalar) -> Result<Self, SynthError> {
        let ops = ops::parse_ops(ops).map_err(SynthError::UnknownOp)?;
        if ops.is_empty() {
            return Err(SynthError::NoOps);
        }
        let mut out = Vec::new();
        for c in consts
            .unwrap_or("")
            .split(|c: char| c.is_whitespace() || c == ',')
        {
            if !c.is_empty() {
                out.push(parse_arg(c, ty).map_err(SynthError::Const)?.bits);
            }
        }
        Ok(SynthOptions {
            ops,
            consts: out,
            ..SynthOptions::default()
        })
    }
}

/// Where the search is: told to the control now and then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SynthProgress {
    /// Candidate programs compared with the inputs so far.
    pub searched: u64,
    /// The length being searched.
    pub length: usize,
    /// Candidates proven so far (each matched every sample input).
    pub proofs: usize,
}

/// Asked during the search: go on, out of time, or cancel.
pub trait SynthControl {
    fn check(&mut self, progress: &SynthProgress) -> Flow;
}

impl<F: FnMut(&SynthProgress) -> Flow> SynthControl for F {
    fn check(&mut self, progress: &SynthProgress) -> Flow {
        self(progress)
    }
}

/// The prover's deadline serves the search too (natively).
#[cfg(not(target_arch = "wasm32"))]
impl SynthControl for crate::lang::prove::Deadline {
    fn check(&mut self, _: &SynthProgress) -> Flow {
        use crate::lang::prove::{Control, Phase, Progress};
        let none = Progress {
            phase: Phase::Sat,
            done: 0,
            total: 0,
        };
        Control::check(self, none)
    }
}

/// The answer's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Found,
    None,
    Timeout,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Found => "found",
            Status::None => "none",
            Status::Timeout => "timeout",
        }
    }
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SynthResult {
    pub status: Status,
    /// The specification's function (and the program's name).
    pub function: String,
    /// The program found, proven equal to the specification.
    pub program: Option<Straight>,
    /// Every program shorter than this was ruled out.
    pub ruled_out: usize,
    /// Every program of at most this length was searched: no program of
    /// at most `max_ops` exists when the status is `None`.
    pub max_ops: usize,
    /// The prover's method for the program ("bdd", "sat", ...).
    pub proof: Option<&'static str>,
    pub searched: u64,
    /// The constants the programs could use (bits of the type), and how
    /// many more the search picked freely (`--free-consts`).
    pub constants: Vec<u64>,
    pub free_consts: usize,
    /// Those of `constants` taken from the specification
    /// ([`find_consts::synthesize_finding_constants`]); empty when given.
    pub from_spec: Vec<u64>,
    /// Every shorter program was ruled out with any constants too (free
    /// constants by SAT); needed for "minimal" when `from_spec` is used.
    pub any_constants: bool,
    /// Otherwise, the lengths below this were ruled out with any constants.
    pub any_ruled_out: usize,
    /// The catalog's tricks the program is built on (their ids; `synth/
    /// library.rs`); empty when the search found it alone.
    pub catalog: Vec<String>,
}

impl SynthResult {
    /// No program (yet), nothing ruled out, over these constants.
    pub fn none(
        function: &str,
        max_ops: usize,
        constants: &[u64],
        free_consts: usize,
    ) -> SynthResult {
        SynthResult {
            status: Status::None,
            function: function.to_string(),
            program: None,
            ruled_out: 0,
            max_ops,
            proof: None,
            searched: 0,
            constants: constants.to_vec(),
            free_consts,
            from_spec: Vec::new(),
            any_constants: false,
            any_ruled_out: 0,
            catalog: Vec::new(),
        }
    }

    /// The constants tried, as C literals of the type: `0, 1, -1, 31`
    /// (and how many were searched freely).
    pub fn constants_text(&self, ty: Scalar) -> String {
        let literal = |&c: &u64| constant_text(ty, c);
        let given: Vec<u64> = (self.constants.iter())
            .filter(|c| !self.from_spec.contains(c))
            .copied()
            .collect();
        let mut shown: Vec<String> = given.iter().map(literal).collect();
        if !self.from_spec.is_empty() {
            let used = self
                .program
                .as_ref()
                .map(Straight::used_consts)
                .unwrap_or_default();
            let mut spec: Vec<&u64> = self.from_spec.iter().filter(|c| used.contains(c)).collect();
            spec.extend(self.from_spec.iter().filter(|c| !used.contains(c)).take(6));
            let more = self.from_spec.len() - spec.len();
            let list: Vec<String> = spec.into_iter().map(literal).collect();
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            shown.push(format!("the spec's {}{tail}", list.join(", ")));
        }
        match self.free_consts {
            0 => shown.join(", "),
            n => format!("{}, and {n} searched freely", shown.join(", ")),
        }
    }

    /// Instructions (each value computed once).
    pub fn ops(&self) -> Option<usize> {
        self.program.as_ref().map(|p| p.instrs.len())
    }

    /// True when no shorter program exists over the operators and the
    /// constants tried ([`SynthResult::any_constants`]: with any constant).
    pub fn minimal(&self) -> bool {
        self.status == Status::Found && self.ops() == Some(self.ruled_out)
    }

    /// The whole C function.
    pub fn source(&self) -> Option<String> {
        self.program.as_ref().map(|p| p.source(&self.function))
    }
}

/// A constant as the answer's text says it: -1, small ones in decimal,
/// the rest in hex.
pub fn constant_text(ty: Scalar, c: u64) -> String {
    match c {
        c if ty.signed() && c == Ty::new(ty).mask => "-1".to_string(),
        c if c < 256 => c.to_string(),
        c => format!("{c:#x}"),
    }
}

/// 0, 1, -1 and W-1, then `extra`, each once (bits of the type).
pub fn constants(ty: Scalar, extra: &[u64]) -> Vec<u64> {
    let t = Ty::new(ty);
    let defaults = [0, 1, t.mask, u64::from(t.bits - 1)];
    these_constants(ty, defaults.iter().chain(extra))
}

/// Each constant once (bits of the type).
fn these_constants<'a>(ty: Scalar, all: impl Iterator<Item = &'a u64>) -> Vec<u64> {
    let t = Ty::new(ty);
    let mut out: Vec<u64> = Vec::new();
    for &c in all {
        if !out.contains(&(c & t.mask)) {
            out.push(c & t.mask);
        }
    }
    out
}
