//! The spec's guessed constants ([`crate::synth::SynthSpec::spec_constants`])
//! multiply a length's candidates (P16 of the Hacker's Delight collection:
//! 14 leaves instead of 6, length 5 out of reach in 60 s). Where they are
//! guesses (`defaults_first`), each length from 2 is first searched over
//! the default constants alone, then over all of them:
//!
//! ```text
//!   L:  defaults only (0, 1, -1, W-1) -> found: as short as any over all
//!                                         (every shorter length was ruled
//!                                         out over all of them)
//!                                      none  -> all the constants, as before
//! ```
//!
//! The defaults pass keeps its own candidate counts (its lengths' costs
//! are estimated from its own), and a program it sets aside is renumbered
//! for the whole leaf set.

use super::{Answer, Cegis};
use crate::synth::constants;
use crate::synth::program::Instr;
use crate::synth::SynthError;

impl Cegis<'_> {
    /// Length `len` over the default constants alone, when they are a
    /// smaller set searched first; `None` when they give no program.
    pub(super) fn defaults_first(&mut self, len: usize) -> Result<Answer, SynthError> {
        let defaults = constants(self.spec.ty, &[]);
        let narrower = defaults.len() < self.consts.len() && self.consts.starts_with(&defaults);
        if !self.opts.defaults_first || self.opts.free_consts > 0 || len < 2 || !narrower {
            return Ok(None);
        }
        let all = std::mem::replace(&mut self.consts, defaults);
        let counts = std::mem::replace(&mut self.counts, std::mem::take(&mut self.defaults_counts));
        let (sat, ruled_on) = (self.sat.take(), self.ruled_on.clone());
        let aside = self.set_aside.len();
        let answer = self.length(len);
        let params = self.spec.params.len();
        let (narrow, wide) = (params + self.consts.len(), params + all.len());
        for (p, _) in &mut self.set_aside[aside..] {
            widen(p, narrow, wide);
        }
        self.defaults_counts = std::mem::replace(&mut self.counts, counts);
        (self.sat, self.ruled_on, self.consts) = (sat, ruled_on, all);
        answer
    }
}

/// A program over `narrow` leaves renumbered for `wide` ones: an
/// instruction's value comes after the leaves.
fn widen(p: &mut [Instr], narrow: usize, wide: usize) {
    let shift = |v: u8| match usize::from(v) >= narrow {
        true => v + (wide - narrow) as u8,
        false => v,
    };
    for i in p {
        (i.a, i.b) = (shift(i.a), shift(i.b));
    }
}
