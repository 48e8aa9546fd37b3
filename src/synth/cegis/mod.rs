//! The loop of [`synthesize`]: each length searched on the sample inputs,
//! each match proven, each counterexample added to the samples.
//!
//! ```text
//!   L = 0: a leaf (parameter or constant) equal to the specification
//!   L > 0: search -> Found(p)  -> prove(p, spec)
//!                      equal   -> answer p (minimal unless something was
//!                                 set aside at a shorter length)
//!                      differ  -> the input joins S and W, search L again
//!                      unknown -> p set aside (no minimality below), again
//!          search -> Refine(k) -> input k of W joins S, search L again
//!          search -> Exhausted -> the products it deferred, proven in
//!                                 order; none proven -> L + 1 (or L again
//!                                 when a counterexample changed S)
//! ```
//!
//! Why "none" is a proof: the search drops a value equal on S to an earlier
//! one, so a right program P of length L may be skipped when two of its
//! values agree on S; then P with one value in place of the other is
//! shorter and matches S. Every program matching S is therefore dealt with
//! (proven, or its counterexample added and the length searched again)
//! before a length is called empty.

use super::ops::{Op, Ty};
use super::program::{Instr, Straight};
use super::sat::MAX_FREE;
use super::search::{self, Check, Ctx, Outcome};
use super::spec::{self, Table, ASSUME};
use super::{
    constants, Status, SynthControl, SynthError, SynthOptions, SynthProgress, SynthResult,
    SynthSpec, MAX_CONSTS, MAX_OPS,
};
use crate::lang::c::Program;
use crate::lang::prove::c::{self as cprove, Side};
use crate::lang::prove::{self, Flow, Mode, Options, ProveError};
use std::sync::Mutex;

mod catalog;
use catalog::Known;
pub use catalog::{built_on_the_catalog, CATALOG_AT};
mod defaults_first;
mod meeting;
pub use meeting::met_in_the_middle;
mod sat_length;
pub use sat_length::estimated_cost;
#[cfg(test)]
pub(crate) use sat_length::simplicity;
use sat_length::SatLength;

/// The most products deferred in one search.
const DEFERRED: usize = 4096;

/// The most candidates a length is enumerated with (estimated from the
/// lengths before it); above, it is searched by SAT. About 40 s on 2
/// threads here: P19 of the Hacker's Delight collection, 6 operations,
/// estimated at 1.6e11, is found by enumeration in 28-33 s (SAT decides
/// no length 6 of the collection in 60 s).
pub const ENUMERATE_MAX: f64 = 2.5e11;

/// A program's instruction keys (the search's order).
fn keys(p: &[Instr]) -> Vec<u32> {
    p.iter().map(|i| i.key()).collect()
}

/// The shortest program equal to `spec` over `opts`' operators and
/// constants (see the module docs of [`super`]).
///
/// # Errors
/// No operator, no allowed input, a cancel, or the prover's own error.
pub fn synthesize(
    spec: &SynthSpec,
    opts: &SynthOptions,
    ctl: &mut dyn SynthControl,
) -> Result<SynthResult, SynthError> {
    let mut run = Cegis::new(spec, opts, ctl)?;
    let mut result = SynthResult::none(&spec.function, opts.max_ops, &run.consts, opts.free_consts);
    let mut ruled_out = true;
    // a program on the catalog's tricks: the answer where the search stops
    // short of it ([`Cegis::stops_for`])
    let mut known: Option<Known> = None;
    for len in 0..=opts.max_ops {
        run.progress.length = len;
        if ruled_out {
            result.ruled_out = len;
        }
        // (asked before each length: a short search may find its program
        // before its first poll)
        match run.ctl.check(&run.progress) {
            Flow::Continue => {}
            Flow::Cancel => return Err(SynthError::Cancelled),
            Flow::OutOfTime => return Ok(result.or_known(known, Status::Timeout)),
        }
        if known.is_none() && run.catalog_first(len) {
            known = run.built_on_the_catalog()?;
        }
        if known.as_ref().is_some_and(|k| run.stops_for(k, len)) {
            return Ok(result.or_known(known, Status::Timeout));
        }
        let mut answer = run.defaults_first(len)?;
        if answer.is_none() && run.meets_first(len) {
            answer = run.meet()?.map(Ok);
        }
        if answer.is_none() {
            answer = run.length(len)?;
        }
        result.searched = run.progress.searched;
        match answer {
            Some(Ok((p, method))) => {
                return Ok(result.or_known(Some((p, method, Vec::new())), Status::Found))
            }
            Some(Err(())) => return Ok(result.or_known(known, Status::Timeout)),
            None => ruled_out &= run.set_aside.is_empty() && !run.gave_up,
        }
    }
    if !ruled_out {
        return Ok(result.or_known(known, Status::Timeout));
    }
    result.ruled_out = opts.max_ops + 1;
    // (a program on the catalog's tricks may be longer than `max_ops`)
    Ok(result.or_known(known, Status::None))
}

/// Whether the search's shortcuts (the catalog's tricks, the meet in the
/// middle) are tried under `o`: with the engine `auto` and no free
/// constants.
fn shortcuts_apply(o: &SynthOptions) -> bool {
    o.free_consts == 0 && o.engine == super::Engine::Auto
}

/// One of the whole search's shortcuts (`find`: the catalog, the meet)
/// for a search run a length at a time: on `samples`, before length `len`
/// (the lengths below it taken as ruled out); `Found` or `None`. Tried
/// with the engine `auto` and no free constants, as in [`synthesize`].
fn shortcut_at(
    spec: &SynthSpec,
    opts: &SynthOptions,
    len: usize,
    samples: &[Vec<u64>],
    ctl: &mut dyn SynthControl,
    find: impl FnOnce(&mut Cegis) -> Result<Option<Known>, SynthError>,
) -> Result<SynthResult, SynthError> {
    let whole = SynthOptions {
        part: None,
        ..opts.clone()
    };
    let mut run = Cegis::with_samples(spec, &whole, samples, ctl)?;
    run.progress.length = len;
    let known = match shortcuts_apply(&whole) {
        true => find(&mut run)?,
        false => None,
    };
    let result = SynthResult {
        ruled_out: len,
        searched: run.progress.searched,
        ..SynthResult::none(&spec.function, len, &run.consts, whole.free_consts)
    };
    Ok(result.or_known(known, Status::None))
}

impl SynthResult {
    /// Found `known` (a program proven, its method and the catalog's
    /// tricks it is built on); with none, `status`.
    fn or_known(mut self, known: Option<Known>, status: Status) -> SynthResult {
        match known {
            Some((p, method, catalog)) => {
                (self.status, self.program) = (Status::Found, Some(p));
                (self.proof, self.catalog) = (Some(method), catalog);
            }
            None => self.status = status,
        }
        self
    }
}

/// One length's answer from [`search_length`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LengthResult {
    /// `Found` (proven equal), `None` (no program of the length in this
    /// share) or `Timeout`; `ruled_out` is the length (`None`: one more),
    /// as if every shorter length was ruled out.
    pub result: SynthResult,
    /// The inputs of S at the end: the next length starts from every
    /// share's (see [`search_length`]).
    pub samples: Vec<Vec<u64>>,
    /// A program matched every input but the prover could not decide it,
    /// or the solver ran out of steps: "none" here is not a proof.
    pub undecided: bool,
}

/// Length `len` only, this search's share of it (`opts.part`), starting
/// from the sample inputs and `samples` (the inputs of S of every share at
/// the end of the length before). For workers that share no memory: the
/// caller gives each length to every share, and goes on to the next one
/// only when every share found none.
///
/// Why that keeps "none" a proof: a share skips a program P when two of
/// its values agree on its S; P with one in place of the other is shorter
/// and matches S. Every share's S holds the union U of the shares' S after
/// the length before, and no shorter program (in any share) matched its
/// share's S, a subset of U: so none matches U, nor a share's S.
///
/// # Errors
/// As [`synthesize`], and a length over [`MAX_OPS`].
pub fn search_length(
    spec: &SynthSpec,
    opts: &SynthOptions,
    len: usize,
    samples: &[Vec<u64>],
    ctl: &mut dyn SynthControl,
) -> Result<LengthResult, SynthError> {
    if len > MAX_OPS {
        return Err(SynthError::Limit(format!("at most {MAX_OPS} operations")));
    }
    let mut run = Cegis::with_samples(spec, opts, samples, ctl)?;
    run.progress.length = len;
    let answer = match run.defaults_first(len)? {
        None => run.length(len)?,
        found => found,
    };
    let mut result = SynthResult {
        ruled_out: len + 1,
        searched: run.progress.searched,
        ..SynthResult::none(&spec.function, len, &run.consts, opts.free_consts)
    };
    match answer {
        Some(Ok((p, method))) => {
            (result.status, result.ruled_out) = (Status::Found, len);
            (result.program, result.proof) = (Some(p), Some(method));
        }
        Some(Err(())) => (result.status, result.ruled_out) = (Status::Timeout, len),
        None => {}
    }
    Ok(LengthResult {
        result,
        samples: (0..run.s.len()).map(|k| run.s.args(k)).collect(),
        undecided: !run.set_aside.is_empty() || run.gave_up,
    })
}

impl<'a> Cegis<'a> {
    /// A search of `spec` over `opts`, on the sample inputs and `samples`
    /// (inputs of S from an earlier search).
    fn with_samples(
        spec: &'a SynthSpec,
        opts: &'a SynthOptions,
        samples: &[Vec<u64>],
        ctl: &'a mut dyn SynthControl,
    ) -> Result<Cegis<'a>, SynthError> {
        let mut run = Cegis::new(spec, opts, ctl)?;
        for args in samples.iter().filter(|a| a.len() == spec.params.len()) {
            let args: Vec<u64> = args.iter().map(|&a| a & run.ty.mask).collect();
            if let Some(y) = spec.value(&args) {
                run.s.push(&args, y);
            }
        }
        Ok(run)
    }

    /// A search of `spec` over `opts`, on the sample inputs.
    fn new(
        spec: &'a SynthSpec,
        opts: &'a SynthOptions,
        ctl: &'a mut dyn SynthControl,
    ) -> Result<Cegis<'a>, SynthError> {
        if opts.ops.is_empty() {
            return Err(SynthError::NoOps);
        }
        let too_many = opts.consts.len() > MAX_CONSTS || opts.free_consts > MAX_FREE;
        if too_many || opts.max_ops > MAX_OPS {
            return Err(SynthError::Limit(format!(
                "at most {MAX_CONSTS} constants, {MAX_FREE} free constants and {MAX_OPS} operations"
            )));
        }
        let (s, w) = spec::sample(spec, 24, 512, opts.seed);
        if s.is_empty() {
            return Err(SynthError::NoInputs);
        }
        Ok(Cegis {
            spec,
            opts,
            ty: Ty::new(spec.ty),
            consts: match opts.consts_only {
                true => super::these_constants(spec.ty, opts.consts.iter()),
                false => constants(spec.ty, &opts.consts),
            },
            s,
            w,
            leaf: 0,
            set_aside: Vec::new(),
            deferred: Vec::new(),
            free: Vec::new(),
            sat: None,
            gave_up: false,
            counts: Vec::new(),
            defaults_counts: Vec::new(),
            resume: 0,
            ruled_on: Vec::new(),
            met: false,
            catalogued: false,
            searched_limit: u64::MAX,
            progress: SynthProgress::default(),
            ctl,
        })
    }
}

/// One search's state.
struct Cegis<'a> {
    spec: &'a SynthSpec,
    opts: &'a SynthOptions,
    ty: Ty,
    consts: Vec<u64>,
    /// The inputs searched on (values equal on S are one value), and the
    /// larger set a match is checked on.
    s: Table,
    w: Table,
    /// With no instruction, the leaf that is the answer.
    leaf: usize,
    /// Programs matching every sample that the prover could not decide
    /// (with their free constants' values).
    set_aside: Vec<(Vec<Instr>, Vec<u64>)>,
    /// Matches with a product, proven only when no other match is left
    /// (a product's proof is slow: the decision diagram of a 32-bit
    /// multiply does not fit, and the solver takes long).
    deferred: Vec<Vec<Instr>>,
    /// The free constants' values of the program the last search found
    /// (none when enumerated).
    free: Vec<u64>,
    /// The SAT search of the length being searched, when it is by SAT.
    sat: Option<SatLength>,
    /// A length's SAT search ran out of its steps (it was left undecided).
    gave_up: bool,
    /// The candidates each length's enumeration compared, over all the
    /// constants and over the defaults alone ([`Cegis::defaults_first`]).
    counts: Vec<u64>,
    defaults_counts: Vec<u64>,
    /// Where the length's enumeration starts again after a refinement (a
    /// first instruction's number): the first instructions before it were
    /// searched to the end on the smaller S. A program matching the larger
    /// S matches the smaller, so none was missed there; and a program
    /// dropped there because two of its values agreed on the smaller S
    /// would have a shorter one matching it, ruled out before.
    resume: usize,
    /// The inputs of S (numbers) the last length was ruled out on.
    ruled_on: Vec<usize>,
    /// A meet in the middle was tried ([`Cegis::meet`]).
    met: bool,
    /// The catalog's tricks were tried ([`Cegis::built_on_the_catalog`]).
    catalogued: bool,
    /// An enumeration stops (out of time) past this many candidates
    /// searched ([`catalog::SEARCH_ON`]).
    searched_limit: u64,
    progress: SynthProgress,
    ctl: &'a mut dyn SynthControl,
}

/// A length's answer: a proven program and its method, out of time
/// (`Err(())`), or none of this length (`None`).
type Answer = Option<Result<(Straight, &'static str), ()>>;

impl Cegis<'_> {
    /// Length `len` searched until a match is proven or none is left.
    fn length(&mut self, len: usize) -> Result<Answer, SynthError> {
        // after a search with no match but products: those, then whether
        // a counterexample came (S changed: the length is searched again)
        let mut pending: Option<(Vec<Vec<Instr>>, bool)> = None;
        self.resume = 0;
        loop {
            let instrs = match pending.as_mut() {
                Some((list, refined)) => match list.pop() {
                    Some(p) if self.first_miss(&p).is_none() => p,
                    Some(_) => continue,
                    None if *refined || self.deferred.len() >= DEFERRED => {
                        pending = None;
                        continue;
                    }
                    None => return Ok(None),
                },
                None => match self.search(len) {
                    Outcome::Exhausted => {
                        // (a search again after this one starts over: the
                        // products beyond `DEFERRED` were not kept)
                        self.resume = 0;
                        let mut list = std::mem::take(&mut self.deferred);
                        list.sort_by_key(|p| std::cmp::Reverse(keys(p)));
                        pending = Some((list, false));
                        continue;
                    }
                    Outcome::Refine(k) => {
                        let (args, y) = (self.w.args(k), self.w.target[k]);
                        self.grow(&args, y)?;
                        continue;
                    }
                    Outcome::Stopped(Flow::Cancel) => return Err(SynthError::Cancelled),
                    Outcome::Stopped(_) => return Ok(Some(Err(()))),
                    Outcome::Found(instrs) => instrs,
                },
            };
            let free = std::mem::take(&mut self.free);
            let p = self.straight(instrs.clone(), &free);
            self.progress.proofs += 1;
            match self.prove(&p)? {
                Proved::Equal(method) => return Ok(Some(Ok((p, method)))),
                Proved::Differ(args) => {
                    self.counterexample(&args)?;
                    if let Some((_, refined)) = pending.as_mut() {
                        *refined = true;
                    }
                }
                Proved::Unknown if self.out_of_time() => return Ok(Some(Err(()))),
                Proved::Unknown => self.set_aside.push((instrs, free)),
            }
        }
    }

    /// The first input of S, then of W (numbered after S), where a program
    /// differs from the specification; `None` when it was set aside too.
    fn first_miss(&self, instrs: &[Instr]) -> Option<usize> {
        if self
            .set_aside
            .iter()
            .any(|p| p.0 == instrs && p.1.is_empty())
        {
            return Some(0);
        }
        let leaf = self.leaf;
        let on_s = first_miss(self.ty, &self.s, &self.consts, instrs, leaf);
        let on_w = || first_miss(self.ty, &self.w, &self.consts, instrs, leaf);
        on_s.or_else(|| on_w().map(|k| self.s.len() + k))
    }

    /// A counterexample the prover gave joins S and W.
    fn counterexample(&mut self, args: &[u64]) -> Result<(), SynthError> {
        let y = self.spec.value(args).ok_or_else(|| {
            SynthError::Prover(format!("a counterexample without a value: {args:?}"))
        })?;
        self.grow(args, y)?;
        self.w.push(args, y);
        Ok(())
    }

    /// Adds an input to S (it must be new there: else the search would
    /// find the same program again, forever).
    fn grow(&mut self, args: &[u64], y: u64) -> Result<(), SynthError> {
        let before = self.s.len();
        self.s.push(args, y);
        if self.s.len() == before {
            return Err(SynthError::Prover(format!(
                "the input {args:x?} refutes a program that agrees with it"
            )));
        }
        Ok(())
    }

    fn out_of_time(&mut self) -> bool {
        self.ctl.check(&self.progress) != Flow::Continue
    }

    /// Each leaf's vector over a table: the parameters, then the constants.
    fn leaves(&self, t: &Table) -> Vec<Vec<u64>> {
        let n = t.len();
        let mut out = t.params.clone();
        out.extend(self.consts.iter().map(|&c| vec![c; n]));
        out
    }

    /// The program with the specification's names (with no instruction,
    /// the leaf equal to the target).
    fn straight(&self, instrs: Vec<Instr>, free: &[u64]) -> Straight {
        let consts: Vec<u64> = self.consts.iter().chain(free).copied().collect();
        let leaves = self.spec.params.len() + consts.len();
        Straight {
            ty: self.ty,
            params: self.spec.params.clone(),
            consts,
            result: match instrs.len() {
                0 => self.leaf,
                n => leaves + n - 1,
            },
            instrs,
        }
    }

    /// One length's search: length 0 is a leaf equal to the target; longer
    /// ones are enumerated (on every core natively, from length 3), or
    /// searched by SAT ([`Cegis::by_sat`]).
    fn search(&mut self, len: usize) -> Outcome {
        self.free.clear();
        let by_sat = len > 0 && self.by_sat(len);
        if self.opts.part.is_some_and(|p| p.index > 0) && (len <= 1 || by_sat) {
            return Outcome::Exhausted; // share 0's whole ([`super::Part`])
        }
        if by_sat {
            return self.sat_search(len);
        }
        let before = self.progress.searched;
        let out = match len {
            0 => self.leaf_search(),
            _ => self.enumerate(len),
        };
        if self.counts.len() <= len {
            self.counts.resize(len + 1, 0);
        }
        self.counts[len] += self.progress.searched - before;
        if out == Outcome::Exhausted {
            self.ruled_on = match len {
                0 => self.leaves_ruled_on(),
                _ => (0..self.s.len()).collect(),
            };
        }
        out
    }

    /// Length `len` enumerated.
    fn enumerate(&mut self, len: usize) -> Outcome {
        let ls = self.leaves(&self.s);
        let (ty, w, consts, aside) = (self.ty, &self.w, &self.consts, &self.set_aside);
        let deferred = Mutex::new(Vec::new());
        let check = |instrs: &[Instr]| {
            if let Some(k) = first_miss(ty, w, consts, instrs, 0) {
                return Check::Refine(k);
            }
            if aside.iter().any(|p| p.0 == instrs && p.1.is_empty()) {
                return Check::Skip;
            }
            if !instrs.iter().any(|i| i.op == Op::Mul) {
                return Check::Accept;
            }
            if let Ok(mut d) = deferred.lock() {
                if d.len() < DEFERRED {
                    d.push(instrs.to_vec());
                }
            }
            Check::Skip
        };
        let cx = Ctx {
            ty,
            ops: &self.opts.ops,
            leaves: &ls,
            params: self.spec.params.len(),
            target: &self.s.target,
            check: &check,
        };
        let mut flow = Flow::Continue;
        let (progress, ctl, limit) = (&mut self.progress, &mut self.ctl, self.searched_limit);
        let mut poll = |d: u64| {
            progress.searched += d;
            flow = match progress.searched > limit {
                true => Flow::OutOfTime,
                false => ctl.check(progress),
            };
            flow == Flow::Continue
        };
        let out = match run_length(&cx, len, self.opts, &mut self.resume, &mut poll) {
            Outcome::Stopped(_) => Outcome::Stopped(flow),
            o => o,
        };
        self.deferred = deferred.into_inner().unwrap_or_default();
        out
    }

    /// Length 0: the first leaf equal to the target on S (and on W, else
    /// the input where it differs refines S).
    /// With free constants, a constant target is one of them.
    fn leaf_search(&mut self) -> Outcome {
        let ls = self.leaves(&self.s);
        let t = &self.s.target;
        let k = match (0..ls.len()).find(|&k| ls[k] == *t) {
            Some(k) => k,
            None if self.opts.free_consts > 0
                && t.iter().all(|&v| v == t[0])
                && self.opts.max_const.is_none_or(|m| t[0] <= m) =>
            {
                self.free = vec![t[0]];
                self.consts.len() + self.spec.params.len()
            }
            None => return Outcome::Exhausted,
        };
        self.leaf = k;
        if !self.set_aside.is_empty() {
            return Outcome::Exhausted;
        }
        let consts: Vec<u64> = self.consts.iter().chain(&self.free).copied().collect();
        match first_miss(self.ty, &self.w, &consts, &[], k) {
            Some(i) => Outcome::Refine(i),
            None => Outcome::Found(Vec::new()),
        }
    }

    /// The candidate proven against the specification (where the
    /// specification has a value and `assume` allows the input).
    fn prove(&mut self, p: &Straight) -> Result<Proved, SynthError> {
        let spec = self.spec;
        let src = p.source(&spec.function);
        let cand = Program::parse(&src)
            .map_err(|e| SynthError::Prover(format!("the candidate does not parse: {e}\n{src}")))?;
        let side = |program, function| Side { program, function };
        let assume = spec.assume.then(|| side(&spec.program, ASSUME));
        let opts = Options {
            mode: Mode::Refines,
            sat_steps: self.opts.prove_steps,
            ..Options::default()
        };
        let mut pc = ProveControl {
            ctl: &mut *self.ctl,
            progress: self.progress,
        };
        let r = cprove::prove(
            side(&cand, &spec.function),
            side(&spec.program, &spec.function),
            assume,
            &opts,
            &mut pc,
        );
        match r {
            Ok(v) => Ok(match (v.equal, v.counterexample) {
                (Some(true), _) => Proved::Equal(v.method.name()),
                (Some(false), Some(c)) => Proved::Differ(c.args.iter().map(|a| a.1.bits).collect()),
                _ => Proved::Unknown,
            }),
            Err(ProveError::Cancelled) => Err(SynthError::Cancelled),
            Err(e) => Err(SynthError::Prover(e.to_string())),
        }
    }
}

/// The first input of `t` where the program (`instrs`, or with none the
/// leaf `leaf`) has no value or differs from the target.
fn first_miss(ty: Ty, t: &Table, consts: &[u64], instrs: &[Instr], leaf: usize) -> Option<usize> {
    first_miss_among(ty, t, consts, instrs, leaf, 0..t.len())
}

/// As [`first_miss`], the inputs of `t` tried in the order `order`.
fn first_miss_among(
    ty: Ty,
    t: &Table,
    consts: &[u64],
    instrs: &[Instr],
    leaf: usize,
    order: impl IntoIterator<Item = usize>,
) -> Option<usize> {
    let mut vals: Vec<u64> = Vec::with_capacity(t.params.len() + consts.len() + instrs.len());
    for k in order {
        vals.clear();
        vals.extend(t.params.iter().map(|c| c[k]));
        vals.extend(consts);
        for i in instrs {
            match ty.eval(i.op, vals[usize::from(i.a)], vals[usize::from(i.b)]) {
                Some(x) => vals.push(x),
                None => return Some(k),
            }
        }
        let r = if instrs.is_empty() {
            vals.get(leaf).copied()
        } else {
            vals.last().copied()
        };
        if r != Some(t.target[k]) {
            return Some(k);
        }
    }
    None
}

/// Length `len` enumerated: this search's share of it ([`super::Part`]),
/// on every core natively from length 3, from the first instruction
/// numbered `resume`; a match's first instruction's number is left there.
fn run_length(
    cx: &Ctx,
    len: usize,
    opts: &SynthOptions,
    resume: &mut usize,
    poll: &mut dyn FnMut(u64) -> bool,
) -> Outcome {
    let part = opts.part.filter(|p| p.of > 1 && len >= 2);
    if len < 2 {
        return search::run_one(cx, len, poll);
    }
    let firsts: Vec<Instr> = match part {
        Some(p) => search::firsts(cx)
            .into_iter()
            .skip(p.index)
            .step_by(p.of)
            .collect(),
        None => search::firsts(cx),
    };
    let start = (*resume).min(firsts.len());
    #[cfg(not(target_arch = "wasm32"))]
    if len >= 3 {
        let threads = super::threads_for(opts.threads);
        if threads > 1 {
            let (k, o) = super::threads::run_threads(cx, len, &firsts[start..], threads, poll);
            *resume = start + k;
            return o;
        }
    }
    let mut s = search::Search::new(cx, len, poll);
    for (k, &first) in firsts.iter().enumerate().skip(start) {
        match s.run_from(first) {
            Outcome::Exhausted => {}
            o => {
                *resume = k;
                return o;
            }
        }
    }
    Outcome::Exhausted
}

enum Proved {
    Equal(&'static str),
    Differ(Vec<u64>),
    Unknown,
}

/// Turns the search's control into the prover's.
struct ProveControl<'a> {
    ctl: &'a mut dyn SynthControl,
    progress: SynthProgress,
}

impl prove::Control for ProveControl<'_> {
    fn check(&mut self, _: prove::Progress) -> Flow {
        self.ctl.check(&self.progress)
    }
}
