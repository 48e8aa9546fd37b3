//! Any page at once: the `k`-th magic of the ascending list, and the rank of
//! a magic, by counting the circuits below a prefix instead of walking them.
//!
//! A magic is a closed walk from the root through every edge of the de
//! Bruijn graph (see [`enumerate_chunk`](super::enumerate_chunk)); ascending
//! order is the order of its edge bits. After a prefix that ends at node
//! `x`, the walks that finish it are the Euler trails from `x` to the root
//! over the unused edges. Add a virtual edge root -> `x`: each trail is a
//! circuit starting with that edge, and the BEST theorem counts them:
//!
//! ```text
//! trails = t(root) * prod over nodes of (out-degree - 1)!
//! t(root) = det(Laplacian without the root's row and column)   (matrix-tree)
//! ```
//!
//! Out-degrees are at most 3, counts at most `2^27`: the determinant is
//! taken modulo the prime `2^61 - 1`, which is exact here. One count per
//! edge bit, 59 of them for 64 bits: a few milliseconds for any `k`.

use super::free_bits;
use crate::bits::debruijn::{log2_width, validate, DebruijnError, ScanKind};
use crate::bits::word::mask;

const P: u64 = (1 << 61) - 1;

#[inline(always)]
fn mul(a: u64, b: u64) -> u64 {
    let x = a as u128 * b as u128;
    let r = (x as u64 & P) + (x >> 61) as u64;
    if r >= P {
        r - P
    } else {
        r
    }
}

fn inverse(a: u64) -> u64 {
    let (mut base, mut e, mut r) = (a, P - 2, 1u64);
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, base);
        }
        base = mul(base, base);
        e >>= 1;
    }
    r
}

/// Determinant modulo `P` of the top-left `k` x `k` block (Gaussian
/// elimination; entries already reduced).
fn det_mod(m: &mut [[u64; 32]; 32], k: usize) -> u64 {
    let mut det = 1u64;
    for i in 0..k {
        let Some(r) = (i..k).find(|&r| m[r][i] != 0) else {
            return 0;
        };
        if r != i {
            m.swap(r, i);
            det = (P - det) % P;
        }
        det = mul(det, m[i][i]);
        let inv = inverse(m[i][i]);
        let pivot = m[i];
        for row in &mut m[i + 1..k] {
            if row[i] == 0 {
                continue;
            }
            let f = mul(row[i], inv);
            for (x, &p) in row[i..k].iter_mut().zip(&pivot[i..k]) {
                let s = mul(f, p);
                *x = if *x >= s { *x - s } else { *x + P - s };
            }
        }
    }
    det
}

/// How many walks finish a prefix: Euler trails from node `at` to the root
/// (node 0) over the edges in `unused` (bit `w` = window `w`, an edge from
/// node `w >> 1` to node `w mod 2^(n-1)`). Zero when they are not connected.
fn completions(n: u32, unused: u64, at: u32) -> u64 {
    let nodes = 1usize << (n - 1);
    let node_mask = nodes - 1;
    let mut out = [0u32; 32];
    let mut lap = [[0u64; 32]; 32];
    let mut add = |u: usize, t: usize| {
        out[u] += 1;
        if u != t {
            lap[u][u] += 1;
            lap[u][t] = (lap[u][t] + P - 1) % P;
        }
    };
    let mut rest = unused;
    while rest != 0 {
        let w = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        add(w >> 1, w & node_mask);
    }
    add(0, at as usize);
    // the Laplacian of the active nodes, less the root
    let active: Vec<usize> = (1..nodes).filter(|&u| out[u] > 0).collect();
    let mut m = [[0u64; 32]; 32];
    for (i, &u) in active.iter().enumerate() {
        for (j, &v) in active.iter().enumerate() {
            m[i][j] = lap[u][v];
        }
    }
    let trees = det_mod(&mut m, active.len());
    let factor: u64 = out[..nodes]
        .iter()
        .map(|&d| (1..d.max(1) as u64).product::<u64>())
        .product();
    mul(trees, factor)
}

/// The walk geometry of a width: `(n, edge bits in the magic, all edges)`.
fn geometry(width: u32) -> Result<(u32, u32, u64), DebruijnError> {
    let n = log2_width(width)?;
    Ok((n, free_bits(width, n), mask(width)))
}

/// How many classic (`v & -v`) magics a width has, by the count above
/// (4 / 32 / 4096 / 134,217,728).
///
/// # Errors
/// A bad width.
pub fn magic_count(width: u32) -> Result<u64, DebruijnError> {
    let (n, _, all) = geometry(width)?;
    Ok(completions(n, all, 0))
}

/// The `k`-th classic magic of a width in ascending order (0-based): the
/// same list as [`enumerate_all`](super::enumerate_all), without walking it.
///
/// ```
/// use bitscope::bits::debruijn::{nth_magic, nth_magics};
/// assert_eq!(nth_magic(8, 1), Ok(0x1D));
/// assert_eq!(nth_magic(64, 5), Ok(nth_magics(64, 5, 1).unwrap()[0]));
/// assert!(nth_magic(8, 4).is_err());
/// ```
///
/// # Errors
/// A bad width, or [`DebruijnError::NthPastEnd`] when `k` is not below the
/// number of magics.
pub fn nth_magic(width: u32, k: u64) -> Result<u64, DebruijnError> {
    let (n, edges, mut unused) = geometry(width)?;
    let count = completions(n, unused, 0);
    if k >= count {
        return Err(DebruijnError::NthPastEnd { width, n: k, count });
    }
    let node_mask = mask(n - 1) as u32;
    let (mut left, mut node, mut magic) = (k, 0u32, 0u64);
    for _ in 0..edges {
        let mut taken = None;
        for b in 0..2u32 {
            let w = (node << 1) | b;
            if unused >> w & 1 == 0 {
                continue;
            }
            let next = w & node_mask;
            let c = completions(n, unused & !(1u64 << w), next);
            if left < c {
                taken = Some((b, w, next));
                break;
            }
            left -= c;
        }
        // k < count, so one of the two edges holds it
        let (b, w, next) = taken.ok_or(DebruijnError::NthPastEnd { width, n: k, count })?;
        magic = (magic << 1) | b as u64;
        unused &= !(1u64 << w);
        node = next;
    }
    Ok(magic)
}

/// Where a valid classic magic stands in the ascending list (0-based): the
/// inverse of [`nth_magic`].
///
/// ```
/// use bitscope::bits::debruijn::rank_of;
/// assert_eq!(rank_of(8, 0x1D), Ok(1));
/// assert!(rank_of(8, 0x1F).is_err());
/// ```
///
/// # Errors
/// A bad width, a magic wider than the width, or
/// [`DebruijnError::InvalidMagic`] for a word that is not a magic.
pub fn rank_of(width: u32, magic: u64) -> Result<u64, DebruijnError> {
    let v = validate(width, magic)?;
    if !v.valid {
        return Err(DebruijnError::InvalidMagic {
            width,
            magic,
            kind: ScanKind::Isolate,
            collisions: v.collisions,
        });
    }
    let (n, edges, mut unused) = geometry(width)?;
    let node_mask = mask(n - 1) as u32;
    let (mut rank, mut node) = (0u64, 0u32);
    for d in 0..edges {
        let b = (magic >> (edges - 1 - d)) as u32 & 1;
        let zero = node << 1;
        if b == 1 && unused >> zero & 1 == 1 {
            rank += completions(n, unused & !(1u64 << zero), zero & node_mask);
        }
        let w = zero | b;
        unused &= !(1u64 << w);
        node = w & node_mask;
    }
    Ok(rank)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::debruijn::{enumerate_all, enumerate_chunk, nth_magics};

    #[test]
    fn every_rank_of_8_16_32_bits() {
        for w in [8u32, 16, 32] {
            let mut all = Vec::new();
            enumerate_all(w, |m| all.push(m)).unwrap();
            assert_eq!(magic_count(w).unwrap(), all.len() as u64);
            for (k, &m) in all.iter().enumerate() {
                assert_eq!(nth_magic(w, k as u64), Ok(m), "{w} bits, k = {k}");
                assert_eq!(rank_of(w, m), Ok(k as u64), "{w} bits, {m:#x}");
            }
            assert_eq!(
                nth_magic(w, all.len() as u64),
                Err(DebruijnError::NthPastEnd {
                    width: w,
                    n: all.len() as u64,
                    count: all.len() as u64
                })
            );
        }
    }

    #[test]
    fn sampled_64_bit_ranks() {
        let total = magic_count(64).unwrap();
        assert_eq!(total, 134_217_728);
        // the first page, from the walk
        for (k, &m) in nth_magics(64, 0, 64).unwrap().iter().enumerate() {
            assert_eq!(nth_magic(64, k as u64), Ok(m));
            assert_eq!(rank_of(64, m), Ok(k as u64));
        }
        // the last magic: the end of the walk's last non-empty chunk
        let mut last = 0;
        for chunk in (0..1024).rev() {
            if enumerate_chunk(64, chunk, 1024, |m| last = m).unwrap() > 0 {
                break;
            }
        }
        assert_eq!(nth_magic(64, total - 1), Ok(last));
        assert_eq!(rank_of(64, last), Ok(total - 1));
        assert!(nth_magic(64, total).is_err());
        // random ranks: a valid magic, ascending, and back to the same rank
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut prev = None;
        let mut ks: Vec<u64> = (0..40)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s % total
            })
            .collect();
        ks.sort_unstable();
        for k in ks {
            let m = nth_magic(64, k).unwrap();
            assert!(validate(64, m).unwrap().valid, "{m:#x}");
            assert_eq!(rank_of(64, m), Ok(k));
            assert!(prev.is_none_or(|p| p <= m));
            prev = Some(m);
        }
        // the well-known one
        let known = 0x03F7_9D71_B4CB_0A89;
        assert_eq!(nth_magic(64, rank_of(64, known).unwrap()), Ok(known));
        assert!(matches!(
            rank_of(64, known + 1),
            Err(DebruijnError::InvalidMagic { .. })
        ));
    }
}
