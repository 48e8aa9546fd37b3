//! Each puzzle's fewest operators, for the scoreboard: the shortest
//! straight-line program equal to the reference ([`crate::synth`]) over
//! the puzzle's legal operators, with constants of its own choosing.
//!
//! ```text
//!   legal ops  ! ~ & ^ | + << >>      (as the synthesizer names them)
//!   spec       the reference's function, `Assume:` as its `assume`
//!   search     lengths 0, 1, 2, ... up to the reference's count
//!   found, minimal, every constant a legal literal  -> the fewest: proven
//!   found, minimal, a constant that is not          -> at least that many
//! ```
//!
//! A value used twice is one instruction, and one operator in C too (in a
//! temporary), so the count is the grader's. The constants are the
//! literals the puzzle allows (0 to its `Max constant`), one an
//! instruction: a program the search rules out is ruled out for the puzzle.

use super::grading::Class;
pub use super::store::PuzzleFewest;
use crate::lang::prove::Deadline;
use crate::practice::sets::Puzzle;
use crate::synth::{synthesize, Status, SynthOptions, SynthSpec};

/// The synthesizer's `--ops` for a puzzle's legal operators; an operator
/// it does not have makes the search's lower bound no bound.
///
/// # Errors
/// The operator it lacks.
pub fn synth_ops(p: &Puzzle) -> Result<String, String> {
    let mut out = Vec::new();
    for op in &p.legal_ops {
        match op.as_str() {
            "=" => {}
            "-" => out.extend(["-", "-x"]),
            "&&" | "||" | "?:" | "/" | "%" => {
                return Err(format!("`{op}` is legal here and the search has no `{op}`"))
            }
            op => out.push(op),
        }
    }
    if p.control {
        return Err("control flow is legal here, and the search is straight-line".into());
    }
    Ok(out.join(" "))
}

/// Puzzle `k` of `class` searched for `seconds` at most.
pub fn search(class: &Class, k: usize, seconds: f64) -> PuzzleFewest {
    let p = &class.grader.set.puzzles[k];
    let mut out = PuzzleFewest {
        puzzle: p.name.clone(),
        at_least: 0,
        program: None,
        ops: None,
        proven: false,
        note: String::new(),
    };
    let ops = match synth_ops(p) {
        Ok(o) => o,
        Err(why) => {
            out.note = why;
            return out;
        }
    };
    let (source, function) = class.grader.reference_source(k);
    let text = format!("{source}\n{}\n", p.assume_c().unwrap_or_default());
    let spec = match SynthSpec::parse(&text, Some(function)) {
        Ok(s) => s,
        Err(e) => {
            out.note = format!("the reference: {e}");
            return out;
        }
    };
    let mut opts = match SynthOptions::read(Some(&ops), None, spec.ty) {
        Ok(o) => o,
        Err(e) => {
            out.note = e.to_string();
            return out;
        }
    };
    let longest = class.reference_ops[k].min(crate::synth::MAX_OPS);
    (opts.max_ops, opts.free_consts) = (longest, longest);
    // the literals the puzzle allows, and no other (-1 is ~0 there)
    (opts.max_const, opts.consts_only) = (Some(p.max_constant), true);
    match synthesize(&spec, &opts, &mut Deadline::after(seconds)) {
        Ok(r) => {
            out.at_least = r.ruled_out;
            if let (Status::Found, Some(prog)) = (r.status, &r.program) {
                let legal = constants_used(prog).iter().all(|&c| c <= p.max_constant);
                out.program = Some(prog.source(function));
                out.ops = Some(prog.instrs.len());
                out.proven = r.minimal() && legal;
                if r.minimal() && !legal {
                    out.note = "its constants are not all legal literals".into();
                }
            } else {
                out.note = match r.status {
                    Status::None => format!("none of at most {longest} operators"),
                    _ => "out of time".into(),
                };
            }
        }
        Err(e) => out.note = e.to_string(),
    }
    out
}

/// The constants a program reads (its answer, when it is one).
fn constants_used(prog: &crate::synth::Straight) -> Vec<u64> {
    let (np, nl) = (prog.params.len(), prog.leaves());
    let mut reads: Vec<usize> = prog
        .instrs
        .iter()
        .flat_map(|i| {
            let b = (!i.op.unary()).then_some(usize::from(i.b));
            std::iter::once(usize::from(i.a)).chain(b)
        })
        .collect();
    if prog.instrs.is_empty() {
        reads.push(prog.result);
    }
    reads
        .into_iter()
        .filter(|v| (np..nl).contains(v))
        .map(|v| prog.consts[v - np])
        .collect()
}
