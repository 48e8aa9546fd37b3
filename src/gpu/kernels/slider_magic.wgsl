// Slider attacks by magic bitboards, with chess/magics.rs' tables uploaded
// once (gpu/sliders.rs, magic_words):
//   words 0..768   128 entries (rooks a1..h8, bishops a1..h8), 6 words each:
//                  mask lo, hi, magic lo, hi, shift, offset
//   words 768..    the attack table, (lo, hi) per entry
// index = offset + ((occ & mask) * magic) >> shift, with shift >= 52: only
// the high word of the 64-bit product matters, and WGSL has no u64, so it
// is put together from u32 products (mul_hi32 from 16-bit halves).
const MG_TABLE: u32 = 768u;

@group(0) @binding(20) var<storage, read> mg: array<u32>;

// The high 32 bits of the 64-bit product a * b.
fn mul_hi32(a: u32, b: u32) -> u32 {
    let a0 = a & 0xffffu;
    let a1 = a >> 16u;
    let b0 = b & 0xffffu;
    let b1 = b >> 16u;
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let mid = (p00 >> 16u) + (p01 & 0xffffu) + (p10 & 0xffffu);
    return a1 * b1 + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u);
}

fn magic_att(entry: u32, occ: vec2<u32>) -> vec2<u32> {
    let b = entry * 6u;
    let o = occ & vec2<u32>(mg[b], mg[b + 1u]);
    let m0 = mg[b + 2u];
    let m1 = mg[b + 3u];
    let hi = mul_hi32(o.x, m0) + o.x * m1 + o.y * m0;
    let t = MG_TABLE + 2u * (mg[b + 5u] + (hi >> (mg[b + 4u] - 32u)));
    return vec2<u32>(mg[t], mg[t + 1u]);
}

fn slide_diag(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    return magic_att(64u + lsb(f), occ);
}

fn slide_orth(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    return magic_att(lsb(f), occ);
}

// slide_diag (diag) or slide_orth: one lookup either way.
fn slide_any(f: vec2<u32>, occ: vec2<u32>, diag: bool) -> vec2<u32> {
    return magic_att(select(0u, 64u, diag) + lsb(f), occ);
}

// The legal moves of our unpinned sliders (breadth-first leaf): a table or
// a line trick takes one slider at a time.
fn count_sliders_free(q: Pos, c: Ctx) -> u32 {
    let pinned = c.pin_hv | c.pin_d;
    return count_sliders_each(c, c.us & q.b & ~pinned, c.us & q.r & ~pinned);
}
