//! Which values before the last can still end a program: the last
//! instruction's filter on the first input, built once for every value
//! before the last that one prefix may compute (the search's hot path).
//!
//! ```text
//!   prefix: values w1..wk on input 0, the target t
//!   v ends it when some last instruction gives t:  v op w  (or w op v,
//!   v op v, op v). For the invertible operators, v is known in advance:
//!     v ^ w = t  ->  v = t ^ w        v + w = t  ->  v = t - w
//!     v - w = t  ->  v = t + w        w - v = t  ->  v = w - t
//!     ~v = t     ->  v = ~t           -v = t     ->  v = -t
//!   those v go in a set (one lookup a value); & | and the shifts test
//!   the few w that can work; the other operators try every w.
//! ```

use super::ops::{Op, Ty};

/// The values of the set: open addressing, at most half full.
const SLOTS: usize = 256;

/// The filter of one prefix (rebuilt for the next).
pub struct Ending {
    ty: Ty,
    t: u64,
    /// Every v passes (the set would not tell: `v ^ v` is the target).
    any: bool,
    /// The v that an invertible operator turns into the target.
    need: Vec<u64>,
    used: [u64; SLOTS / 64],
    /// Whether `&` (`|`) is allowed, and the w that can work with it: the
    /// supersets (subsets) of the target.
    and: bool,
    or: bool,
    supersets: Vec<u64>,
    subsets: Vec<u64>,
    /// The shift counts among the w, when a shift is allowed.
    counts: Vec<u64>,
    shl: bool,
    shr: bool,
    /// Every w (for shifts by v, and the operators tried one by one).
    vals: Vec<u64>,
    others: Vec<Op>,
}

impl Ending {
    pub fn new(ty: Ty) -> Ending {
        Ending {
            ty,
            t: 0,
            any: false,
            need: vec![0; SLOTS],
            used: [0; SLOTS / 64],
            and: false,
            or: false,
            supersets: Vec::new(),
            subsets: Vec::new(),
            counts: Vec::new(),
            shl: false,
            shr: false,
            vals: Vec::new(),
            others: Vec::new(),
        }
    }

    /// The filter for the values `vals` (on input 0) and the target `t`.
    pub fn build(&mut self, ops: &[Op], vals: &[u64], t: u64) {
        let (ty, m) = (self.ty, self.ty.mask);
        self.t = t;
        self.used = [0; SLOTS / 64];
        self.vals.clear();
        self.vals.extend_from_slice(vals);
        self.counts.clear();
        self.others.clear();
        (self.and, self.or) = (false, false);
        self.supersets.clear();
        self.subsets.clear();
        (self.shl, self.shr) = (false, false);
        // (v ^ v and v - v are 0; v & v and v | v are v)
        self.any = t == 0 && ops.iter().any(|op| matches!(op, Op::Xor | Op::Sub));
        let mut count = 0;
        for &op in ops {
            let inverse = |w: u64| match op {
                Op::Xor => [Some(t ^ w), None],
                Op::Add => [Some(t.wrapping_sub(w) & m), None],
                _ => [Some(t.wrapping_add(w) & m), Some(w.wrapping_sub(t) & m)],
            };
            match op {
                Op::Not => self.insert(!t & m, &mut count),
                Op::Neg => self.insert(t.wrapping_neg() & m, &mut count),
                Op::Xor | Op::Add | Op::Sub => {
                    for &w in vals {
                        for v in inverse(w).into_iter().flatten() {
                            self.insert(v, &mut count);
                        }
                    }
                    if op == Op::Add && t & 1 == 0 {
                        // v + v = t
                        self.insert(t >> 1, &mut count);
                        self.insert(((t >> 1) | (m >> 1).wrapping_add(1)) & m, &mut count);
                    }
                }
                Op::And => {
                    self.insert(t, &mut count);
                    self.and = true;
                    let ws = vals.iter().copied().filter(|&w| t & !w == 0);
                    self.supersets.extend(ws);
                }
                Op::Or => {
                    self.insert(t, &mut count);
                    self.or = true;
                    let ws = vals.iter().copied().filter(|&w| w & !t == 0);
                    self.subsets.extend(ws);
                }
                Op::Shl => self.shl = true,
                Op::Shr => self.shr = true,
                _ if op.gives_int() && t > 1 => {}
                _ => self.others.push(op),
            }
            // (too many to hold: every v is tried whole)
            self.any |= count > SLOTS / 2;
        }
        if self.shl || self.shr {
            let counts = vals.iter().copied().filter(|&c| ty.counts(c));
            self.counts.extend(counts);
        }
    }

    fn slot(v: u64) -> usize {
        (v.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as usize % SLOTS
    }

    fn insert(&mut self, v: u64, count: &mut usize) {
        let mut s = Self::slot(v);
        while self.used[s / 64] & (1 << (s % 64)) != 0 {
            if self.need[s] == v {
                return;
            }
            s = (s + 1) % SLOTS;
        }
        if *count < SLOTS / 2 {
            self.used[s / 64] |= 1 << (s % 64);
            self.need[s] = v;
        }
        *count += 1;
    }

    fn needed(&self, v: u64) -> bool {
        let mut s = Self::slot(v);
        while self.used[s / 64] & (1 << (s % 64)) != 0 {
            if self.need[s] == v {
                return true;
            }
            s = (s + 1) % SLOTS;
        }
        false
    }

    /// Whether some last instruction reading `v` (and any earlier value,
    /// or v again) gives the target on input 0.
    pub fn allows(&self, v: u64) -> bool {
        let (ty, t, m) = (self.ty, self.t, self.ty.mask);
        if self.any || self.needed(v) {
            return true;
        }
        if self.and && t & !v == 0 && self.supersets.iter().any(|&w| w & v == t) {
            return true;
        }
        if self.or && v & !t == 0 && self.subsets.iter().any(|&w| w | v == t) {
            return true;
        }
        let by = |c: u64| (self.shl && (v << c) & m == t) || (self.shr && ty.shr(v, c) == t);
        if self.counts.iter().any(|&c| by(c)) {
            return true;
        }
        if (self.shl || self.shr) && ty.counts(v) {
            // v counts a shift: of any w, or of itself
            let of = |w: u64| (self.shl && (w << v) & m == t) || (self.shr && ty.shr(w, v) == t);
            if of(v) || self.vals.iter().any(|&w| of(w)) {
                return true;
            }
        }
        self.others.iter().any(|&op| {
            ty.eval(op, v, v) == Some(t)
                || (!op.unary()
                    && self.vals.iter().any(|&w| {
                        ty.eval(op, v, w) == Some(t)
                            || (!op.commutative() && ty.eval(op, w, v) == Some(t))
                    }))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::rng::Rng;
    use crate::synth::tests::TYPES;

    /// Whether some last instruction reading `v` gives `t`, tried one by one.
    fn ends(ty: Ty, ops: &[Op], vals: &[u64], t: u64, v: u64) -> bool {
        let gives = |op: Op, x: u64, y: u64| ty.eval(op, x, y) == Some(t);
        ops.iter().any(|&op| {
            gives(op, v, v)
                || (!op.unary() && vals.iter().any(|&w| gives(op, v, w) || gives(op, w, v)))
        })
    }

    /// The filter says exactly what trying every last instruction says:
    /// every type, every operator alone and in random sets, targets that
    /// some instruction gives, and the values each inverse asks for.
    #[test]
    fn the_filter_is_every_last_instruction_tried() {
        let mut rng = Rng::new(11);
        for ty in TYPES.map(Ty::new) {
            let mut ending = Ending::new(ty);
            let mut sets: Vec<Vec<Op>> = Op::ALL.iter().map(|&op| vec![op]).collect();
            sets.push(Op::ALL.to_vec());
            for _ in 0..8 {
                sets.push(Op::ALL.into_iter().filter(|_| rng.below(2) == 0).collect());
            }
            for ops in &sets {
                for trial in 0..24 {
                    let small = |rng: &mut Rng| rng.below(u64::from(ty.bits) as usize + 2) as u64;
                    let mut vals: Vec<u64> = (0..1 + rng.below(10))
                        .map(|k| match k % 3 {
                            0 => small(&mut rng),
                            _ => rng.next_u64() & ty.mask,
                        })
                        .collect();
                    vals.push(ty.mask);
                    let (x, y) = (vals[0], rng.next_u64() & ty.mask);
                    let op = ops[rng.below(ops.len())];
                    let t = match trial % 4 {
                        0 => 0,
                        1 => 1,
                        2 => rng.next_u64() & ty.mask,
                        _ => ty.eval(op, y, x).unwrap_or(0),
                    };
                    ending.build(ops, &vals, t);
                    let mut vs = vec![t, t >> 1, !t & ty.mask, y, 0, 1, ty.mask];
                    for &w in &vals {
                        let m = ty.mask;
                        vs.extend([w, t ^ w, t.wrapping_sub(w) & m, w.wrapping_sub(t) & m]);
                        vs.extend([t.wrapping_add(w) & m, small(&mut rng)]);
                    }
                    for v in vs {
                        let want = ends(ty, ops, &vals, t, v);
                        assert_eq!(
                            ending.allows(v),
                            want,
                            "{ops:?} {vals:x?} t={t:#x} v={v:#x}"
                        );
                    }
                }
            }
        }
    }
}
