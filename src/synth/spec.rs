//! The specification: a C function of the subset (any loops, tables or
//! branches) whose parameters and return value share one integer type, and
//! the optional `assume` function of the same file (non-zero: the input is
//! allowed). Run by the evaluator on sample inputs:
//!
//! ```text
//!   S  ~24 inputs (edge values, random)  the search compares on these
//!   V  512 more                          a candidate passing S is checked here
//!   (inputs `assume` refuses, or where the spec is undefined, are left out)
//! ```

use super::ops::Ty;
use super::SynthError;
use crate::bits::rng::Rng;
use crate::lang::c::{Program, RunOptions, Scalar, Value};
use crate::lang::prove::c::edges;

/// The name of the function that restricts the inputs.
pub const ASSUME: &str = "assume";

/// The most parameters a specification takes (Hacker's Delight's P21 takes
/// four; real helpers up to six).
pub const MAX_PARAMS: usize = 6;

/// What the program must compute.
#[derive(Clone, Debug)]
pub struct SynthSpec {
    pub program: Program,
    /// The specification's function.
    pub function: String,
    /// Its parameters' names.
    pub params: Vec<String>,
    /// The one type of its parameters and its value.
    pub ty: Scalar,
    /// Whether the file has an `assume` function.
    pub assume: bool,
}

impl SynthSpec {
    /// Reads a C file: the function `name`, or the last one that is not
    /// `assume`.
    ///
    /// # Errors
    /// A parse error, no such function, or a signature synth does not take
    /// ([`SynthError::Signature`]).
    pub fn parse(src: &str, name: Option<&str>) -> Result<SynthSpec, SynthError> {
        let program = Program::parse(src).map_err(SynthError::Parse)?;
        SynthSpec::new(program, name)
    }

    /// [`SynthSpec::parse`] for a parsed program.
    ///
    /// # Errors
    /// As [`SynthSpec::parse`].
    pub fn new(program: Program, name: Option<&str>) -> Result<SynthSpec, SynthError> {
        let f = match name {
            Some(n) => program
                .entry(Some(n))
                .map_err(|e| SynthError::Function(e.message))?,
            None => program
                .functions()
                .iter()
                .rev()
                .find(|f| f.name != ASSUME)
                .ok_or_else(|| SynthError::Function("no function but `assume`".into()))?,
        };
        let sig = |why: &str| SynthError::Signature(format!("`{}`: {why}", f.name));
        if f.void {
            return Err(sig("returns void: there is nothing to compute"));
        }
        if f.params.is_empty() || f.params.len() > MAX_PARAMS {
            return Err(sig("takes one to six parameters"));
        }
        if f.ret == Scalar::Bool || f.params.iter().any(|(_, t)| *t != f.ret) {
            let types: Vec<&str> = f.params.iter().map(|(_, t)| t.name()).collect();
            return Err(sig(&format!(
                "its parameters ({}) and its value ({}) must have one integer type, not _Bool",
                types.join(", "),
                f.ret.name()
            )));
        }
        let assume = program.functions().iter().any(|g| g.name == ASSUME);
        if assume {
            let a = program
                .entry(Some(ASSUME))
                .map_err(|e| SynthError::Function(e.message))?;
            if a.params
                .iter()
                .map(|p| p.1)
                .ne(f.params.iter().map(|p| p.1))
            {
                return Err(SynthError::Signature(format!(
                    "`{ASSUME}` must take the parameters of `{}`",
                    f.name
                )));
            }
        }
        Ok(SynthSpec {
            function: f.name.clone(),
            params: f.params.iter().map(|p| p.0.clone()).collect(),
            ty: f.ret,
            assume,
            program,
        })
    }

    /// Constants a program for this spec may need beyond 0, 1, -1 and W-1:
    /// each literal of the source, its complement, its negation and W minus
    /// it; then the repeating masks at the width (0x55…, 0x33…, 0x0f…,
    /// 0x00ff…, 0x0000ffff…, 0x01…, 0x80…, 0x7f…). At most `limit`.
    ///
    /// ```text
    ///  rotate by 8 written as a loop of 1-bit rotations: 8, 24, ...
    ///  swap adjacent bits (a loop): 0x55555555 (the repeating masks)
    /// ```
    pub fn spec_constants(&self, limit: usize) -> Vec<u64> {
        let t = Ty::new(self.ty);
        let w = u64::from(t.bits);
        let defaults = [0, 1, t.mask, w - 1];
        let mut out: Vec<u64> = Vec::new();
        let mut add = |v: u64| {
            let v = v & t.mask;
            if !defaults.contains(&v) && !out.contains(&v) {
                out.push(v);
            }
        };
        for &l in self.program.literals() {
            let l = l as u64 & t.mask;
            add(l);
            if l < w {
                add(w - l);
            }
            add(!l);
            add(l.wrapping_neg());
        }
        let repeat = |byte: u64| u64::MAX / 0xff * byte;
        let halves = [1u32, 2, 4, 8, 16].map(|k| {
            let group = (1u64 << k) - 1; // the low k bits of every 2k
            (0..64 / (2 * k)).fold(0u64, |m, i| m | group << (2 * k * i))
        });
        for m in halves
            .into_iter()
            .chain([repeat(1), repeat(0x80), repeat(0x7f)])
        {
            add(m);
        }
        out.truncate(limit);
        out
    }

    /// The specification's value on `args` (bits of the type), or `None`
    /// when `assume` refuses the input or the function has no value there.
    pub fn value(&self, args: &[u64]) -> Option<u64> {
        let vals: Vec<Value> = args
            .iter()
            .map(|&b| Value {
                ty: self.ty,
                bits: b,
            })
            .collect();
        let opts = RunOptions::default();
        if self.assume {
            let ok = self.program.run_values(ASSUME, &vals, &opts).ok()?;
            if !ok.value.is_some_and(Value::is_true) {
                return None;
            }
        }
        let run = self.program.run_values(&self.function, &vals, &opts).ok()?;
        Some(run.value?.to(self.ty).bits)
    }
}

/// Inputs and the specification's value on each, by column: `params[p][k]`
/// is parameter p of input k.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub params: Vec<Vec<u64>>,
    pub target: Vec<u64>,
}

impl Table {
    pub fn new(params: usize) -> Table {
        Table {
            params: vec![Vec::new(); params],
            target: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.target.len()
    }

    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// Input k's arguments.
    pub fn args(&self, k: usize) -> Vec<u64> {
        self.params.iter().map(|c| c[k]).collect()
    }

    /// Adds an input (unless already there).
    pub fn push(&mut self, args: &[u64], value: u64) {
        if (0..self.len()).any(|k| self.args(k) == args) {
            return;
        }
        for (c, &a) in self.params.iter_mut().zip(args) {
            c.push(a);
        }
        self.target.push(value);
    }
}

/// The inputs the search compares on (`small`, about 24) and those a
/// candidate is checked on before a proof (`large`).
pub fn sample(spec: &SynthSpec, small: usize, large: usize, seed: u64) -> (Table, Table) {
    let ty = Ty::new(spec.ty);
    let np = spec.params.len();
    let edge: Vec<u64> = edges(spec.ty).iter().map(|v| v.bits).collect();
    let mut rng = Rng::new(seed);
    let random = |rng: &mut Rng| match rng.below(5) {
        0 => rng.sparse() & ty.mask,
        1 => edge[rng.below(edge.len())],
        2 => rng.below(64) as u64,
        _ => rng.next_u64() & ty.mask,
    };
    let (mut s, mut v) = (Table::new(np), Table::new(np));
    // random inputs first: the search rejects most candidates on the
    // first input, where few values agree by chance (at 0, most do)
    for _ in 0..64 {
        let args: Vec<u64> = (0..np).map(|_| rng.next_u64() & ty.mask).collect();
        if let Some(y) = spec.value(&args) {
            s.push(&args, y);
        }
        if s.len() >= 4 {
            break;
        }
    }
    // one parameter: every edge value into S; more: edge values on the
    // diagonal, then mixed
    for (k, &e) in edge.iter().enumerate() {
        let args: Vec<u64> = (0..np)
            .map(|p| {
                if p == 0 {
                    e
                } else {
                    edge[(k * (p + 2)) % edge.len()]
                }
            })
            .collect();
        if let Some(y) = spec.value(&args) {
            s.push(&args, y);
        }
    }
    let mut tries = 0;
    while (s.len() < small || v.len() < large) && tries < 8 * (small + large) {
        tries += 1;
        let mut args: Vec<u64> = (0..np).map(|_| random(&mut rng)).collect();
        // an `assume` often asks for equal parameters (x == a || x == b):
        // every other input copies one parameter into another
        if np > 1 && tries % 2 == 0 {
            let (from, to) = (rng.below(np), rng.below(np));
            args[to] = args[from];
        }
        if let Some(y) = spec.value(&args) {
            if s.len() < small {
                s.push(&args, y);
            } else {
                v.push(&args, y);
            }
        }
    }
    (s, v)
}
