//! Word-level gates over wires, bit 0 first: the one bit-blaster both
//! front ends (the Lab's expressions and C) build their words with.
//!
//! ```text
//!  add/sub   ripple carry          mul     shift-and-add, cut to W bits
//!  lt        no carry out of a-b   divide  restoring, one compare per bit
//!  shift     a barrel shifter on the low log2(W) bits of the amount
//! ```

use super::circuit::{Circuit, Lit};

pub fn zip(a: &[Lit], b: &[Lit], mut f: impl FnMut(Lit, Lit) -> Lit) -> Vec<Lit> {
    a.iter().zip(b).map(|(&p, &q)| f(p, q)).collect()
}

/// `a + b + carry_in`, and the carry out.
pub fn add(c: &mut Circuit, a: &[Lit], b: &[Lit], carry_in: Lit) -> (Vec<Lit>, Lit) {
    let mut carry = carry_in;
    let mut out = Vec::with_capacity(a.len());
    for (&p, &q) in a.iter().zip(b) {
        let pq = c.xor(p, q);
        out.push(c.xor(pq, carry));
        carry = c.maj(p, q, carry);
    }
    (out, carry)
}

/// `a - b` as `a + ~b + 1`, and the carry out (1 when a >= b).
pub fn sub(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> (Vec<Lit>, Lit) {
    let nb: Vec<Lit> = b.iter().map(|&l| !l).collect();
    add(c, a, &nb, Lit::TRUE)
}

pub fn neg(c: &mut Circuit, a: &[Lit]) -> Vec<Lit> {
    let zero = vec![Lit::FALSE; a.len()];
    sub(c, &zero, a).0
}

/// Unsigned `a < b`: no carry out of `a - b`.
pub fn lt(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Lit {
    !sub(c, a, b).1
}

pub fn eq(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Lit {
    let diffs = zip(a, b, |p, q| c.xor(p, q));
    !c.any(&diffs)
}

/// Shift-and-add, each partial product cut to W bits.
pub fn mul(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
    let w = a.len();
    let mut acc = vec![Lit::FALSE; w];
    for (i, &bi) in b.iter().enumerate() {
        if bi == Lit::FALSE {
            continue;
        }
        let mut part = vec![Lit::FALSE; w];
        for j in i..w {
            part[j] = c.and(a[j - i], bi);
        }
        acc = add(c, &acc, &part, Lit::FALSE).0;
    }
    acc
}

/// A barrel shifter: stage k shifts by 2^k when bit k of the amount is set,
/// the vacated bits take `fill` (0, or the sign for C's `>>` on a signed
/// value); the amount's bits from log2(W) up make the shift undefined.
pub fn shift(c: &mut Circuit, left: bool, a: &[Lit], b: &[Lit], fill: Lit) -> (Vec<Lit>, Lit) {
    let w = a.len();
    let stages = w.trailing_zeros() as usize;
    let mut v = a.to_vec();
    for (k, &s) in b.iter().enumerate().take(stages) {
        let by = 1 << k;
        let shifted: Vec<Lit> = (0..w)
            .map(|i| {
                let from = if left {
                    i.checked_sub(by)
                } else {
                    Some(i + by).filter(|&j| j < w)
                };
                from.map_or(fill, |j| v[j])
            })
            .collect();
        v = (0..w).map(|i| c.mux(s, shifted[i], v[i])).collect();
    }
    let too_far = c.any(&b[stages..]);
    (v, too_far)
}

/// Restoring division: the quotient and the remainder (any value when b = 0).
pub fn divide(c: &mut Circuit, a: &[Lit], b: &[Lit]) -> (Vec<Lit>, Vec<Lit>) {
    let w = a.len();
    // The partial remainder keeps W + 1 bits: (r << 1) | a_i < 2b <= 2^(W+1).
    let mut bx = b.to_vec();
    bx.push(Lit::FALSE);
    let mut r = vec![Lit::FALSE; w + 1];
    let mut q = vec![Lit::FALSE; w];
    for i in (0..w).rev() {
        let mut shifted = vec![a[i]];
        shifted.extend_from_slice(&r[..w]);
        let (diff, fits) = sub(c, &shifted, &bx);
        q[i] = fits;
        r = (0..=w).map(|j| c.mux(fits, diff[j], shifted[j])).collect();
    }
    r.truncate(w);
    (q, r)
}
