//! The catalog's tricks as components ([`crate::synth::library`]), tried
//! once, before the first length estimated at over [`CATALOG_AT`]
//! candidates (about a second): each trick's
//! value is one more leaf beside the parameters, and programs over them
//! are enumerated on S, checked on W and proven: of 0 or 1 instruction
//! over every trick, then of 2 over the [`RANKED`] likeliest (a trick
//! that determines the target on W, with the fewest values, first). The
//! answer inlines its tricks; it is minimal only when it is as short as
//! the lengths ruled out before allow.
//!
//! ```text
//!   leaves: x | parity_mul(x) popcount_swar32(x) ... | 0 1 -1 31
//!   length 0: popcount_swar32(x)           == the spec on S and W -> prove
//!   length 1: 32 - popcount_swar32(x)      ...
//! ```

use super::{first_miss, Cegis, Proved};
use crate::synth::library::{self, Use};
use crate::synth::program::{Instr, Straight};
use crate::synth::search::{self, Check, Ctx, Outcome};
use crate::synth::spec::Table;
use crate::synth::SynthError;
use crate::synth::{SynthControl, SynthOptions, SynthResult, SynthSpec};

/// The most instructions over every trick's value, and over the
/// likeliest tricks' (how many).
const ON_ALL: usize = 1;
const ON_RANKED: usize = 2;
const RANKED: usize = 16;

/// The enumeration cost (candidates) of the first length the catalog is
/// tried before: P22-P24 of the Hacker's Delight collection are found on
/// it in under a second, instead of after the lengths up to 4 or 5.
pub const CATALOG_AT: f64 = 5e9;

/// With a program on the catalog's tricks in hand, the search goes on to
/// the shorter lengths for this many candidates more (about 2 s on 2
/// threads here): P16 (max of two ints, the catalog's `max-xor`, 5
/// operations) is then proven minimal at length 5.
pub(super) const SEARCH_ON: u64 = 10_000_000_000;

/// A program proven, its proof's method, the catalog's tricks it is built
/// on.
pub(super) type Known = (Straight, &'static str, Vec<String>);

/// Searches again after a counterexample or a refinement, at most.
const ROUNDS: usize = 12;

/// A program over the tricks' leaves: its instructions and its answer's
/// value (a leaf when there are none).
type Found = (Vec<Instr>, usize);

/// A program for `spec` built on the catalog's tricks, found and proven
/// as [`synthesize`](super::synthesize) finds one before its first costly
/// length, for a search run a length at a time (the page's workers: they
/// ask it before the first length estimated at over [`CATALOG_AT`]
/// candidates): `Found`, with the lengths below `len` taken as ruled out
/// on `samples` (the inputs of S after them), or `None`.
///
/// # Errors
/// As [`synthesize`](super::synthesize).
pub fn built_on_the_catalog(
    spec: &SynthSpec,
    opts: &SynthOptions,
    len: usize,
    samples: &[Vec<u64>],
    ctl: &mut dyn SynthControl,
) -> Result<SynthResult, SynthError> {
    super::shortcut_at(spec, opts, len, samples, ctl, |run| {
        run.built_on_the_catalog()
    })
}

impl Cegis<'_> {
    /// Whether the catalog is tried before length `len`: once, the first
    /// length costly to enumerate, with the engine `auto`, the whole
    /// search, no free constants.
    pub(super) fn catalog_first(&self, len: usize) -> bool {
        let o = self.opts;
        let whole = o.part.is_none() && super::shortcuts_apply(o);
        let costly = self.by_sat(len) || self.enumeration_cost(len) > CATALOG_AT;
        whole && !self.catalogued && len > 1 && costly
    }

    /// Whether the search stops at length `len` for the program `k` on
    /// the catalog's tricks: `len` is as long, or not enumerated. (It
    /// also stops after [`SEARCH_ON`] more candidates: `searched_limit`.)
    pub(super) fn stops_for(&self, k: &Known, len: usize) -> bool {
        len >= k.0.instrs.len() || self.by_sat(len)
    }

    /// A program built on the catalog's tricks, proven equal, with the
    /// tricks' ids; `None` when none is found (or the time is out).
    pub(super) fn built_on_the_catalog(&mut self) -> Result<Option<Known>, SynthError> {
        self.catalogued = true;
        let all = library::uses(self.spec.ty, self.spec.params.len(), &self.opts.ops);
        let all: Vec<Use> = (all.into_iter())
            .filter(|u| {
                !self.opts.consts_only
                    || u.component
                        .program
                        .consts
                        .iter()
                        .all(|c| self.consts.contains(c))
            })
            .collect();
        let mut undecided: Vec<Found> = Vec::new();
        let mut stage = 0;
        for _ in 0..ROUNDS {
            // tricks with a value on every input of S and W
            let mut valued = valued(&all, &self.s, &self.w);
            if stage == 1 {
                valued = ranked(valued, &self.w);
            }
            if valued.is_empty() || self.out_of_time() {
                return Ok(None);
            }
            let s = widened(&self.s, valued.iter().map(|v| &v.on_s));
            let w = widened(&self.w, valued.iter().map(|v| &v.on_w));
            let uses: Vec<&Use> = valued.iter().map(|v| v.of).collect();
            let longest = [ON_ALL, ON_RANKED][stage];
            let Some(found) = self.over_tricks(&s, &w, &undecided, longest)? else {
                match stage {
                    0 if !self.out_of_time() => {
                        (stage, undecided) = (1, Vec::new());
                        continue;
                    }
                    _ => return Ok(None),
                }
            };
            let (instrs, result) = match found {
                Err(k) => {
                    let (args, y) = (self.w.args(k), self.w.target[k]);
                    self.grow(&args, y)?;
                    continue;
                }
                Ok(f) => f,
            };
            let (p, ids) = self.inline(&uses, &instrs, result);
            self.progress.proofs += 1;
            match self.prove(&p)? {
                Proved::Equal(method) => {
                    self.searched_limit = self.progress.searched.saturating_add(SEARCH_ON);
                    return Ok(Some((p, method, ids)));
                }
                Proved::Differ(args) => self.counterexample(&args)?,
                Proved::Unknown => undecided.push((instrs, result)),
            }
        }
        Ok(None)
    }

    /// The first program over the widened leaves (lengths 0 to `longest`)
    /// matching S and W: `Ok`, or `Err(k)` where it matches S but not
    /// input k of W; `None` when there is none, or no time.
    fn over_tricks(
        &mut self,
        s: &Table,
        w: &Table,
        undecided: &[Found],
        longest: usize,
    ) -> Result<Option<Result<Found, usize>>, SynthError> {
        let np = self.spec.params.len();
        let leaves = self.leaves(s);
        // length 0: a trick itself (the parameters and constants were ruled out)
        let tricks = np..s.params.len();
        if let Some(k) = tricks.clone().find(|&k| leaves[k] == s.target) {
            if !undecided.contains(&(Vec::new(), k)) {
                return Ok(Some(match first_miss(self.ty, w, &self.consts, &[], k) {
                    Some(i) => Err(i),
                    None => Ok((Vec::new(), k)),
                }));
            }
        }
        let (ty, consts) = (self.ty, &self.consts);
        let result_of = |instrs: &[Instr]| leaves.len() + instrs.len() - 1;
        let check = |instrs: &[Instr]| {
            if let Some(k) = first_miss(ty, w, consts, instrs, 0) {
                return Check::Refine(k);
            }
            match undecided.contains(&(instrs.to_vec(), result_of(instrs))) {
                true => Check::Skip,
                false => Check::Accept,
            }
        };
        let cx = Ctx {
            ty,
            ops: &self.opts.ops,
            leaves: &leaves,
            params: s.params.len(),
            target: &s.target,
            check: &check,
        };
        for len in 1..=longest {
            let (progress, ctl) = (&mut self.progress, &mut self.ctl);
            let mut poll = |d: u64| {
                progress.searched += d;
                ctl.check(progress) == crate::lang::prove::Flow::Continue
            };
            match search::run_one(&cx, len, &mut poll) {
                Outcome::Found(instrs) => {
                    let r = result_of(&instrs);
                    return Ok(Some(Ok((instrs, r))));
                }
                Outcome::Refine(k) => return Ok(Some(Err(k))),
                Outcome::Exhausted => {}
                Outcome::Stopped(_) => return Ok(None),
            }
        }
        Ok(None)
    }

    /// A program over [parameters | tricks | constants] as a program over
    /// the parameters and constants: each trick it reads inlined (values
    /// computed twice computed once), then its own instructions.
    fn inline(&self, uses: &[&Use], instrs: &[Instr], result: usize) -> (Straight, Vec<String>) {
        let np = self.spec.params.len();
        let reads = |v: usize| result == v || instrs.iter().any(|i| i.uses(v));
        let used: Vec<usize> = (0..uses.len()).filter(|&u| reads(np + u)).collect();
        let mut consts = self.consts.clone();
        for c in used.iter().flat_map(|&u| &uses[u].component.program.consts) {
            if !consts.contains(c) {
                consts.push(*c);
            }
        }
        let const_at = |c: u64| np + consts.iter().position(|&x| x == c).unwrap_or(0);
        let mut out = library::Emit::new(np + consts.len());
        let mut map: Vec<usize> = (0..np).collect();
        map.resize(np + uses.len(), 0);
        for &u in &used {
            let c = &uses[u].component.program;
            let mut inner: Vec<usize> = uses[u].args.clone();
            inner.extend(c.consts.iter().map(|&x| const_at(x)));
            for i in &c.instrs {
                let v = out.push(i.op, inner[usize::from(i.a)], inner[usize::from(i.b)]);
                inner.push(v);
            }
            map[np + u] = inner[c.result];
        }
        map.extend(self.consts.iter().map(|&x| const_at(x)));
        for i in instrs {
            let v = out.push(i.op, map[usize::from(i.a)], map[usize::from(i.b)]);
            map.push(v);
        }
        let ids = used.iter().map(|&u| uses[u].component.id.clone()).collect();
        let p = Straight {
            ty: self.ty,
            params: self.spec.params.clone(),
            consts,
            instrs: Vec::new(),
            result: 0,
        };
        (out.finish(p, map[result]), ids)
    }
}

/// A trick with its values on S and on W.
struct Valued<'u> {
    of: &'u Use,
    on_s: Vec<u64>,
    on_w: Vec<u64>,
}

/// The tricks of `all` with a value on every input of `s` and of `w`,
/// each evaluated once.
fn valued<'u>(all: &'u [Use], s: &Table, w: &Table) -> Vec<Valued<'u>> {
    let values = |u: &Use, t: &Table| -> Option<Vec<u64>> {
        (0..t.len()).map(|k| u.eval(&t.args(k))).collect()
    };
    (all.iter())
        .filter_map(|u| {
            let on_s = values(u, s)?;
            let on_w = values(u, w)?;
            Some(Valued { of: u, on_s, on_w })
        })
        .collect()
}

/// The [`RANKED`] tricks likeliest to build the target: those whose value
/// determines it on `w` (no two inputs with one value and two targets),
/// with the fewest distinct values, then the shortest.
fn ranked<'u>(mut tricks: Vec<Valued<'u>>, w: &Table) -> Vec<Valued<'u>> {
    let rank = |v: &Valued| {
        let mut seen: std::collections::HashMap<u64, u64> = Default::default();
        let mut determines = true;
        for (&value, &target) in v.on_w.iter().zip(&w.target) {
            determines &= *seen.entry(value).or_insert(target) == target;
        }
        (!determines, seen.len(), v.of.component.program.instrs.len())
    };
    tricks.sort_by_cached_key(rank);
    tricks.truncate(RANKED);
    tricks
}

/// `t` with each trick's values (`values`) as one more parameter.
fn widened<'v>(t: &Table, values: impl Iterator<Item = &'v Vec<u64>>) -> Table {
    let mut params = t.params.clone();
    params.extend(values.cloned());
    Table {
        params,
        target: t.target.clone(),
    }
}
