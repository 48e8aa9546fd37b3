//! Constants found, not given. With no `--consts` (nor `--consts-only` or
//! `--free-consts`), the search takes the specification's own candidates
//! beside 0, 1, -1 and W-1 ([`SynthSpec::spec_constants`]: its literals,
//! their complements, negations and W minus each, the repeating masks).
//! "Minimal" is over the constants tried, as it was over the defaults. A
//! program found is then held against *any* constants, within the
//! caller's budget: every shorter length searched again by SAT with free constants
//! (a minimal program of n instructions reads at most n constants: an
//! instruction of constants alone would be one constant).
//!
//! ```text
//!   defaults + the spec's constants -> a program of L operations
//!   lengths < L by SAT, L-1 free constants: none  -> minimal with any constant
//!                                           found -> that shorter program
//!                                           out of steps -> said so
//! ```

use super::cegis::synthesize;
use super::sat::MAX_FREE;
use super::{
    Engine, Status, SynthControl, SynthError, SynthOptions, SynthProgress, SynthResult, SynthSpec,
    MAX_CONSTS,
};
use crate::lang::prove::Flow;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};

/// The shortest program for `spec`, its constants found where none are
/// given (see the module docs); otherwise [`synthesize`] as asked. Then
/// [`check_any_constants`] may say more of a program found.
///
/// # Errors
/// As [`synthesize`].
pub fn synthesize_finding_constants(
    spec: &SynthSpec,
    opts: &SynthOptions,
    ctl: &mut dyn SynthControl,
) -> Result<SynthResult, SynthError> {
    let asked = !opts.consts.is_empty() || opts.consts_only || opts.free_consts > 0;
    if asked || opts.engine != Engine::Auto {
        return synthesize(spec, opts, ctl);
    }
    let with = SynthOptions {
        consts: spec.spec_constants(MAX_CONSTS),
        defaults_first: true,
        ..opts.clone()
    };
    let mut r = synthesize(spec, &with, ctl)?;
    r.from_spec = with.consts;
    Ok(r)
}

/// A program found over the spec's constants, held against any
/// constants (`ctl` bounds it: the caller's budget for this check): every
/// shorter length by SAT with free constants. Ruled out: `r` is minimal
/// with any constant; a shorter program found replaces `r`; out of time:
/// the lengths ruled out are kept in `r.any_ruled_out`.
///
/// # Errors
/// As [`synthesize`].
pub fn check_any_constants(
    spec: &SynthSpec,
    opts: &SynthOptions,
    r: &mut SynthResult,
    ctl: &mut dyn SynthControl,
) -> Result<(), SynthError> {
    let Some(len) = r.ops().filter(|_| r.minimal() && !r.from_spec.is_empty()) else {
        return Ok(());
    };
    let any = SynthOptions {
        free_consts: len.saturating_sub(1).clamp(1, MAX_FREE),
        max_ops: len.saturating_sub(1),
        engine: Engine::Sat,
        ..opts.clone()
    };
    let shorter = decided_first(spec, &any, ctl)?;
    match shorter.status {
        Status::None => r.any_constants = true,
        Status::Found => {
            let found = shorter.ruled_out == shorter.ops().unwrap_or(usize::MAX);
            *r = SynthResult {
                any_constants: found,
                ..shorter
            };
        }
        Status::Timeout => r.any_ruled_out = shorter.ruled_out,
    }
    Ok(())
}

/// [`synthesize`] over `opts`; natively with two threads or more, twice
/// at once, the SAT's inputs as sampled and simplest first
/// ([`SynthOptions::simplest_inputs`]): the first decided answer. The
/// solver's time on the two differs up to 2x either way (P15 of the
/// Hacker's Delight collection: 0.92 s and 1.16 s; P14: 1.08 s and 0.62).
fn decided_first(
    spec: &SynthSpec,
    opts: &SynthOptions,
    ctl: &mut dyn SynthControl,
) -> Result<SynthResult, SynthError> {
    if super::threads_for(opts.threads) < 2 {
        return synthesize(spec, opts, ctl);
    }
    let one = |simplest_inputs| SynthOptions {
        threads: 1,
        simplest_inputs,
        ..opts.clone()
    };
    let (plain, simplest) = (one(false), one(true));
    let done = AtomicBool::new(false);
    let decided =
        |r: &Result<SynthResult, SynthError>| matches!(r, Ok(r) if r.status != Status::Timeout);
    std::thread::scope(|scope| {
        let other = scope.spawn(|| {
            let mut stop = |_: &SynthProgress| match done.load(SeqCst) {
                true => Flow::OutOfTime,
                false => Flow::Continue,
            };
            let r = synthesize(spec, &simplest, &mut stop);
            if decided(&r) {
                done.store(true, SeqCst);
            }
            r
        });
        let mut asked = |p: &SynthProgress| match done.load(SeqCst) {
            true => Flow::OutOfTime,
            false => ctl.check(p),
        };
        let mine = synthesize(spec, &plain, &mut asked);
        done.store(true, SeqCst);
        let theirs = other
            .join()
            .unwrap_or_else(|_| Err(SynthError::Prover("the second search panicked".into())));
        match decided(&mine) || !decided(&theirs) {
            true => mine,
            false => theirs,
        }
    })
}
