// bitscope: the multiplicities of a breadth-first level's positions
// (BF_MERGE). Appended after bfs.wgsl always (its kernels call these
// functions; without merging they fold away): the multiplicity of a
// position, the one form of a child that merging compares, and a leaf
// count times a 64-bit multiplicity.

// The multiplicity of position i of bf_src (1 without merging).
fn bf_mult_of(i: u32) -> vec2<u32> {
    if BF_MERGE {
        return vec2<u32>(bf_src[i * BF_STRIDE + 11u], bf_src[i * BF_STRIDE + 12u]);
    }
    return vec2<u32>(1u, 0u);
}

// The one form of a child that merging compares (BF_MERGE): the white
// king in the white board (as bf_load puts it), and no en passant square
// where no pawn may legally take there (the square then changes nothing
// below). `geo` is the child's king's (the side that did not move).
fn bf_canon(q: Pos, geo: KingGeo) -> Pos {
    var out = q;
    out.w |= sqbb(king_square(q, true));
    if (q.info & (8u << 17u)) != 0u {
        let c = bf_setup_geo(out, geo, !BF_WHITE);
        if !nz(c.ep_from) {
            out.info &= ~(15u << 17u);
        }
    }
    return out;
}

// The low 64 bits of a * b (32 x 32 bits, from 16-bit halves: WGSL has no
// 64-bit integers), as (lo, hi).
fn bf_mul32(a: u32, b: u32) -> vec2<u32> {
    let a0 = a & 0xffffu;
    let a1 = a >> 16u;
    let b0 = b & 0xffffu;
    let b1 = b >> 16u;
    let p01 = a0 * b1;
    let mid = p01 + a1 * b0;
    let c1 = select(0u, 0x10000u, mid < p01);
    let p00 = a0 * b0;
    let lo = p00 + (mid << 16u);
    let c2 = select(0u, 1u, lo < p00);
    return vec2<u32>(lo, a1 * b1 + (mid >> 16u) + c1 + c2);
}

// A leaf count times its position's multiplicity, modulo 2^64 (a perft
// total fits in 64 bits, so its parts do).
fn bf_times(r: vec2<u32>, m: vec2<u32>) -> vec2<u32> {
    var p = bf_mul32(r.x, m.x);
    p.y += r.x * m.y + r.y * m.x;
    return p;
}

// A leaf's count (lo, hi) for position i, times its multiplicity when merging.
fn bf_weigh(i: u32, r: vec2<u32>) -> vec2<u32> {
    if BF_MERGE {
        return bf_times(r, bf_mult_of(i));
    }
    return r;
}

