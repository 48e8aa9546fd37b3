//! Trying inputs: all of them (the exhaustive proof), or edge values and
//! random words (the quick pass before the solver, and the fallback after it).

use super::batch::{Inputs, Program, Regs, LANES};
use super::{Control, Flow, Mode, Options, Phase, Progress, ProveError};
use crate::bits::rng::Rng;
use crate::bits::word::mask;
use crate::lang::expr::{Expr, Var, Vars};

/// What a run over inputs found.
pub enum Outcome {
    /// The first input (in the order tried) where the sides differ.
    Differ(Vars),
    /// All of them agree (how many).
    Agree(u64),
    /// Out of time after this many agreeing inputs.
    Stopped(u64),
}

/// Batches between two questions to the caller (256 × 256 = 65,536 inputs).
const ASK_EVERY: u64 = 256;

/// Both programs and their registers.
struct Pair {
    refines: bool,
    a: Program,
    b: Program,
    ra: Regs,
    rb: Regs,
}

impl Pair {
    fn new(a: &Expr, b: &Expr, width: u32, mode: Mode) -> Pair {
        Pair {
            refines: mode == Mode::Refines,
            a: Program::compile(a, width),
            b: Program::compile(b, width),
            ra: Regs::default(),
            rb: Regs::default(),
        }
    }

    /// The first of the first `n` lanes where the sides differ.
    fn first_difference(&mut self, inputs: &Inputs, n: usize) -> Option<usize> {
        let (va, ua) = self.a.run(&mut self.ra, inputs);
        let (vb, ub) = self.b.run(&mut self.rb, inputs);
        let differs = |i: usize| {
            if self.refines {
                !ub[i] & (ua[i] | (va[i] != vb[i]))
            } else {
                (ua[i] != ub[i]) | (!ua[i] & (va[i] != vb[i]))
            }
        };
        let mut any = false;
        for i in 0..LANES {
            any |= differs(i);
        }
        if !any {
            return None;
        }
        (0..n).find(|&i| differs(i))
    }
}

fn set(inputs: &mut Inputs, var: Var, lane: usize, v: u64) {
    match var {
        Var::X => inputs.x[lane] = v,
        Var::Y => inputs.y[lane] = v,
        Var::Z => inputs.z[lane] = v,
    }
}

fn vars_of(inputs: &Inputs, lane: usize) -> Vars {
    Vars {
        x: inputs.x[lane],
        y: inputs.y[lane],
        z: inputs.z[lane],
    }
}

/// Every input of the variables `vars` (at most 2^24 of them).
pub fn exhaustive(
    a: &Expr,
    b: &Expr,
    width: u32,
    vars: &[Var],
    mode: Mode,
    ctl: &mut dyn Control,
) -> Result<Outcome, ProveError> {
    let total = 1u64 << (width as usize * vars.len());
    let m = mask(width);
    let mut pair = Pair::new(a, b, width, mode);
    let input = |k: u64, j: usize| (k >> (width as usize * j)) & m;
    in_batches(&mut pair, vars, total, Phase::Exhaustive, ctl, input)
}

/// Inputs `0..total` through `pair`, `LANES` at a time: `input(k, j)` is
/// variable `j`'s value in input `k` (asked for every lane, the lanes past
/// the last input too, in order). The first difference, or how many agree;
/// progress every `ASK_EVERY` batches.
fn in_batches(
    pair: &mut Pair,
    vars: &[Var],
    total: u64,
    phase: Phase,
    ctl: &mut dyn Control,
    mut input: impl FnMut(u64, usize) -> u64,
) -> Result<Outcome, ProveError> {
    let mut inputs = Inputs::default();
    let mut done = 0u64;
    let mut batches = 0u64;
    while done < total {
        let n = (total - done).min(LANES as u64) as usize;
        for lane in 0..LANES {
            let k = done + (lane % n) as u64;
            for (j, &v) in vars.iter().enumerate() {
                set(&mut inputs, v, lane, input(k, j));
            }
        }
        if let Some(i) = pair.first_difference(&inputs, n) {
            return Ok(Outcome::Differ(vars_of(&inputs, i)));
        }
        done += n as u64;
        batches += 1;
        if batches.is_multiple_of(ASK_EVERY) {
            match ctl.check(Progress { phase, done, total }) {
                Flow::Continue => {}
                Flow::OutOfTime => return Ok(Outcome::Stopped(done)),
                Flow::Cancel => return Err(ProveError::Cancelled),
            }
        }
    }
    Ok(Outcome::Agree(total))
}

/// Edge values of a width: 0, 1, 2, 3, all ones and its neighbours, the sign
/// bit and its neighbours, alternating patterns, every power of two and
/// every power of two minus one.
pub fn edges(width: u32) -> Vec<u64> {
    let m = mask(width);
    let msb = 1u64 << (width - 1);
    let mut v = vec![
        0,
        1,
        2,
        3,
        m,
        m - 1,
        m - 2,
        msb,
        msb - 1,
        msb + 1,
        0x5555_5555_5555_5555 & m,
        0xAAAA_AAAA_AAAA_AAAA & m,
        0x0F0F_0F0F_0F0F_0F0F & m,
        0xF0F0_F0F0_F0F0_F0F0 & m,
        0x8080_8080_8080_8080 & m,
        0x7F7F_7F7F_7F7F_7F7F & m,
    ];
    for k in 0..width {
        v.push(1 << k);
        v.push((1u64 << k).wrapping_sub(1) & m);
        v.push(u64::from(k));
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// The first `opts.samples` inputs: every combination of a few edge values,
/// then each variable an edge value (one time in four) or a random word of
/// random density.
pub fn sampled(
    a: &Expr,
    b: &Expr,
    width: u32,
    vars: &[Var],
    opts: &Options,
    ctl: &mut dyn Control,
) -> Result<Outcome, ProveError> {
    let m = mask(width);
    let all_edges = edges(width);
    let small: Vec<u64> = all_edges
        .iter()
        .copied()
        .filter(|&e| e < 4 || e >= m - 1 || e == 1 << (width - 1))
        .collect();
    let combos = (small.len() as u64).pow(vars.len() as u32);
    let mut rng = Rng::new(opts.seed);
    let mut pair = Pair::new(a, b, width, opts.mode);
    let input = |k: u64, j: usize| {
        if k < combos {
            small[((k / (small.len() as u64).pow(j as u32)) % small.len() as u64) as usize]
        } else {
            random_word(&mut rng, &all_edges) & m
        }
    };
    in_batches(&mut pair, vars, opts.samples, Phase::Sampling, ctl, input)
}

fn random_word(rng: &mut Rng, edges: &[u64]) -> u64 {
    let r = rng.next_u64();
    match r & 7 {
        0 | 1 => edges[rng.below(edges.len())],
        2 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
        3 => rng.next_u64() | rng.next_u64() | rng.next_u64(),
        4 => rng.next_u64() % 64,
        5 => edges[rng.below(edges.len())] ^ (1 << (rng.next_u64() % 64)),
        _ => rng.next_u64(),
    }
}
