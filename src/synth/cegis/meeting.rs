//! The meet in the middle ([`crate::synth::meet`]) in the CEGIS loop:
//! tried once, before the first length too long to enumerate; each match
//! checked on W and proven, a counterexample joining S (and the bank
//! built again on it).

use super::{first_miss, Cegis, Proved};
use crate::synth::meet::{Event, Meet, MeetEnd};
use crate::synth::program::{Instr, Straight};
use crate::synth::{SynthControl, SynthError, SynthOptions, SynthResult, SynthSpec};

/// The most values a meet in the middle holds (each expression's on S:
/// 384 MB natively, 64 MB in the browser's worker).
#[cfg(not(target_arch = "wasm32"))]
const MEET_VALUES: usize = 48 << 20;
#[cfg(target_arch = "wasm32")]
const MEET_VALUES: usize = 8 << 20;

/// Meets in the middle again after a match failed on a new input (the
/// bank is built again on the larger S).
const MEET_ROUNDS: usize = 4;

/// A meet's match, checked.
enum Matched {
    Equal(Straight, &'static str),
    /// It differs on an input, which joined S.
    Grew,
    /// Too long, or not decided.
    No,
}

/// A program for `spec` found by meeting in the middle and proven, as
/// [`synthesize`](super::synthesize) seeks one before its first length
/// too long to enumerate, for a search run a length at a time (the page's
/// workers: they ask it before the first length estimated at over
/// [`ENUMERATE_MAX`](super::ENUMERATE_MAX) candidates): `Found`, with the
/// lengths below `len` taken as ruled out on `samples`, or `None`.
///
/// # Errors
/// As [`synthesize`](super::synthesize).
pub fn met_in_the_middle(
    spec: &SynthSpec,
    opts: &SynthOptions,
    len: usize,
    samples: &[Vec<u64>],
    ctl: &mut dyn SynthControl,
) -> Result<SynthResult, SynthError> {
    super::shortcut_at(spec, opts, len, samples, ctl, |run| {
        Ok(run.meet()?.map(|(p, m)| (p, m, Vec::new())))
    })
}

impl Cegis<'_> {
    /// Whether a program is first sought by meeting in the middle before
    /// length `len`: once, the first length too long to enumerate, with the
    /// engine `auto`, the whole search (not a share), no free constants.
    pub(super) fn meets_first(&self, len: usize) -> bool {
        let o = self.opts;
        let whole = o.part.is_none() && super::shortcuts_apply(o);
        whole && !self.met && len > 1 && self.by_sat(len)
    }

    /// A program found by meeting in the middle ([`super::meet`]) and
    /// proven equal (of at most `max_ops` operations; not proven the
    /// shortest); `None` when none was found before the bank was full or
    /// the time out.
    pub(super) fn meet(&mut self) -> Result<Option<(Straight, &'static str)>, SynthError> {
        self.met = true;
        for _ in 0..MEET_ROUNDS {
            let (leaves, target) = (self.leaves(&self.s), self.s.target.clone());
            let ops = self.opts.ops.clone();
            let mut meet = Meet::new(self.ty, &ops, &leaves, &target, MEET_VALUES / target.len());
            let (mut grew, mut answer) = (false, None);
            let end = meet.run(&mut |e| match e {
                Event::Poll(d) => {
                    self.progress.searched += d;
                    self.out_of_time()
                }
                Event::Match(instrs) => match self.meet_match(instrs) {
                    Ok(Matched::No) => false,
                    Ok(Matched::Grew) => {
                        grew = true;
                        false
                    }
                    Ok(Matched::Equal(p, m)) => {
                        answer = Some(Ok((p, m)));
                        true
                    }
                    Err(e) => {
                        answer = Some(Err(e));
                        true
                    }
                },
            });
            match answer {
                Some(a) => return a.map(Some),
                None if matches!(end, MeetEnd::Stopped) || !grew => return Ok(None),
                None => {}
            }
        }
        Ok(None)
    }

    /// A meet's match on S checked on W, then proven.
    fn meet_match(&mut self, instrs: &[Instr]) -> Result<Matched, SynthError> {
        if instrs.len() > self.opts.max_ops {
            return Ok(Matched::No);
        }
        if let Some(k) = first_miss(self.ty, &self.w, &self.consts, instrs, 0) {
            let (args, y) = (self.w.args(k), self.w.target[k]);
            self.grow(&args, y)?;
            return Ok(Matched::Grew);
        }
        let p = self.straight(instrs.to_vec(), &[]);
        self.progress.proofs += 1;
        Ok(match self.prove(&p)? {
            Proved::Equal(method) => Matched::Equal(p, method),
            Proved::Differ(args) => {
                self.counterexample(&args)?;
                Matched::Grew
            }
            Proved::Unknown => Matched::No,
        })
    }
}
