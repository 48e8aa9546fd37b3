//! A length searched by SAT: the solver's state kept from model to model,
//! the inputs of S added as candidates fail on them.

use super::{first_miss, first_miss_among, Cegis, ProveControl, ENUMERATE_MAX};
use crate::lang::prove::Flow;
use crate::synth::ops::Ty;
use crate::synth::sat::{Free, Input, SatAnswer, SatSearch, Shape};
use crate::synth::search::Outcome;
use crate::synth::spec::Table;
use crate::synth::Engine;

/// The inputs of S a SAT search starts with, at least (more join it as
/// programs fail on them).
const SAT_FIRST_INPUTS: usize = 8;

/// The most inputs a SAT search's values are kept distinct on (the inputs
/// the length before was ruled out on; more make the solver slower than
/// the rule makes it faster: P16 of the Hacker's Delight collection, 5
/// operations, after enumerated lengths with S of 24 inputs: not found in
/// 60 s with the rule on S, found in 23 s without).
const DISTINCT_MAX: usize = 16;

/// A length's SAT search and what of S and the set-aside programs it has.
pub(super) struct SatLength {
    pub(super) len: usize,
    search: SatSearch,
    /// The inputs of S it has.
    inputs: Vec<usize>,
    /// Inputs of S from this one on are new to it.
    seen: usize,
    /// Set-aside programs from this one on are not yet blocked.
    blocked: usize,
}

/// The candidates an enumeration of `len` would compare, from those of
/// the lengths before it (`counts[l]`; each length multiplies them): 0
/// below length 3.
pub fn estimated_cost(counts: &[f64], len: usize) -> f64 {
    let count = |l: usize| counts.get(l).copied().unwrap_or(0.0).max(1.0);
    if len < 3 {
        return 0.0;
    }
    let (a, b) = (count(len - 2), count(len - 1));
    b * (b / a).max(1.0)
}

/// How far input `k` of `t` is from a plain word: for each parameter, the
/// bits where it differs from 0 or from all ones (the fewer), summed.
/// The solver's gates fold on a simple input (a product by 0x20 is one
/// shifted copy, by a random word 16 added ones).
///
/// ```text
///   0x00000020  1     0xfffffffe  1     0x0bec184a  13
/// ```
pub(crate) fn simplicity(ty: Ty, t: &Table, k: usize) -> u32 {
    let bits = |a: u64| {
        let a = a & ty.mask;
        a.count_ones().min((!a & ty.mask).count_ones())
    };
    t.params.iter().map(|c| bits(c[k])).sum()
}

/// The inputs of `t` simplest first ([`simplicity`]), or as sampled.
fn sat_order(ty: Ty, t: &Table, simplest: bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..t.len()).collect();
    if simplest {
        order.sort_by_key(|&k| simplicity(ty, t, k));
    }
    order
}

impl Cegis<'_> {
    /// The inputs of S in the order a SAT length takes them: simplest
    /// first with [`crate::synth::SynthOptions::simplest_inputs`], else as
    /// sampled.
    fn sat_order(&self) -> Vec<usize> {
        sat_order(self.ty, &self.s, self.opts.simplest_inputs)
    }

    /// Whether length `len` is searched by SAT: with free constants (which
    /// enumeration cannot do), or as the engine says.
    pub(super) fn by_sat(&self, len: usize) -> bool {
        match self.opts.engine {
            _ if self.opts.free_consts > 0 => true,
            Engine::Sat => true,
            Engine::Enumerate => false,
            Engine::Auto => self.sat.is_some() || self.enumeration_cost(len) > ENUMERATE_MAX,
        }
    }

    /// The candidates an enumeration of `len` would compare, estimated
    /// from the two lengths before it (each length multiplies them).
    pub(super) fn enumeration_cost(&self, len: usize) -> f64 {
        let counts: Vec<f64> = self.counts.iter().map(|&c| c as f64).collect();
        estimated_cost(&counts, len)
    }

    /// Inputs of S where no leaf is the target: the first
    /// [`SAT_FIRST_INPUTS`] in the SAT's order, and one more for each leaf equal to the target
    /// on them (length 0 ruled out on few inputs: the SAT searches after
    /// it start from those).
    pub(super) fn leaves_ruled_on(&self) -> Vec<usize> {
        let (n, t) = (self.s.len(), &self.s.target);
        let order = self.sat_order();
        let mut on: Vec<usize> = order[..n.min(SAT_FIRST_INPUTS)].to_vec();
        let mut ls = self.leaves(&self.s);
        if self.opts.free_consts > 0 {
            // a free constant is any constant: the target must vary on them
            ls.push(vec![t[on[0]]; n]);
        }
        for l in &ls {
            let same = |k: &usize| l[*k] == t[*k];
            if on.iter().all(same) {
                if let Some(k) = order.iter().copied().find(|k| !same(k)) {
                    on.push(k);
                }
            }
        }
        on
    }

    /// A new SAT search of length `len`: its values distinct on the inputs
    /// the length before was ruled out on (the rule's condition, see
    /// [`super::sat`]), and at least the first inputs of S.
    fn sat_start(&mut self, len: usize) -> SatLength {
        let free = Free {
            count: self.opts.free_consts,
            max: self.opts.max_const,
        };
        let shape = Shape {
            ty: self.ty,
            ops: &self.opts.ops,
            params: self.spec.params.len(),
            consts: &self.consts,
            free,
            len,
        };
        // (after an enumerated length, D would be all of S: too large)
        let mut inputs = match self.ruled_on.len() <= DISTINCT_MAX {
            true => self.ruled_on.clone(),
            false => Vec::new(),
        };
        let input = |k: usize| (self.s.args(k), self.s.target[k]);
        let distinct: Vec<Input> = inputs.iter().map(|&k| input(k)).collect();
        let mut search = SatSearch::new(shape, &distinct);
        let order = self.sat_order();
        for &k in &order[..order.len().min(SAT_FIRST_INPUTS)] {
            if !inputs.contains(&k) {
                search.add_input(&self.s.args(k), self.s.target[k]);
                inputs.push(k);
            }
        }
        SatLength {
            len,
            search,
            inputs,
            seen: self.s.len(),
            blocked: 0,
        }
    }

    /// Length `len` searched by SAT: the inputs of S it lacks added, the
    /// programs set aside blocked, then models until one matches S (an
    /// input of S where a model fails joins the solver's).
    pub(super) fn sat_search(&mut self, len: usize) -> Outcome {
        if self.sat.as_ref().is_none_or(|s| s.len != len) {
            self.sat = Some(self.sat_start(len));
        }
        let Some(sat) = self.sat.as_mut() else {
            return Outcome::Exhausted;
        };
        for k in sat.seen..self.s.len() {
            sat.search.add_input(&self.s.args(k), self.s.target[k]);
            sat.inputs.push(k);
        }
        sat.seen = self.s.len();
        for (p, free) in &self.set_aside[sat.blocked..] {
            if p.len() == len {
                sat.search.block(p, free);
            }
        }
        sat.blocked = self.set_aside.len();
        loop {
            let mut pc = ProveControl {
                ctl: &mut *self.ctl,
                progress: self.progress,
            };
            let answer = sat.search.solve(self.opts.sat_steps, &mut pc);
            let (instrs, free) = match answer {
                SatAnswer::Unsat => {
                    self.ruled_on = sat.inputs.clone();
                    return Outcome::Exhausted;
                }
                SatAnswer::Unknown(Flow::OutOfTime)
                    if pc.ctl.check(&self.progress) == Flow::Continue =>
                {
                    // the length's own budget: left undecided
                    self.gave_up = true;
                    return Outcome::Exhausted;
                }
                SatAnswer::Unknown(flow) => return Outcome::Stopped(flow),
                SatAnswer::Found(instrs, free) => (instrs, free),
            };
            self.progress.searched += 1;
            let consts: Vec<u64> = self.consts.iter().chain(&free).copied().collect();
            let order = sat_order(self.ty, &self.s, self.opts.simplest_inputs);
            if let Some(k) = first_miss_among(self.ty, &self.s, &consts, &instrs, 0, order) {
                sat.search.add_input(&self.s.args(k), self.s.target[k]);
                sat.inputs.push(k);
                continue;
            }
            if let Some(k) = first_miss(self.ty, &self.w, &consts, &instrs, 0) {
                return Outcome::Refine(k);
            }
            self.free = free;
            return Outcome::Found(instrs);
        }
    }
}
