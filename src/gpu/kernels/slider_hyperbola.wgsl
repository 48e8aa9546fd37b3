// Slider attacks by hyperbola quintessence: along one line through the
// piece s, with o = occ & line (s not in it),
//   attacks = ((o - 2s) ^ rev(rev(o) - 2 rev(s))) & line
// The subtraction borrows through the empty squares up to the first
// blocker; the reversed board does the same the other way. rev reverses all
// 64 bits (reverseBits on each half, halves swapped), so ranks work too.
// No table: the line masks are shifts of four constants.

fn rev64(v: vec2<u32>) -> vec2<u32> {
    return vec2<u32>(reverseBits(v.y), reverseBits(v.x));
}

fn sub64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return vec2<u32>(a.x - b.x, a.y - b.y - select(0u, 1u, a.x < b.x));
}

// v shifted up (n > 0) or down (n < 0) by whole ranks, |n| < 8.
fn shift_ranks(v: vec2<u32>, n: i32) -> vec2<u32> {
    let k = u32(abs(n)) * 8u;
    if k == 0u {
        return v;
    }
    if n > 0 {
        if k < 32u {
            return shl(v, k);
        }
        return shl_hi(v, k);
    }
    if k < 32u {
        return shr(v, k);
    }
    return shr_hi(v, k);
}

fn hq_line(s: vec2<u32>, occ: vec2<u32>, line: vec2<u32>) -> vec2<u32> {
    let o = occ & line;
    let fwd = sub64(o, shl(s, 1u));
    let back = sub64(rev64(o), shl(rev64(s), 1u));
    return (fwd ^ rev64(back)) & line;
}

fn slide_diag(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    let sq = lsb(f);
    let file = i32(sq & 7u);
    let rank = i32(sq >> 3u);
    // a1-h8 moved up by rank - file ranks; h1-a8 by rank + file - 7
    let diag = shift_ranks(vec2<u32>(0x08040201u, 0x80402010u), rank - file) & ~f;
    let anti = shift_ranks(vec2<u32>(0x10204080u, 0x01020408u), rank + file - 7) & ~f;
    return hq_line(f, occ, diag) | hq_line(f, occ, anti);
}

fn slide_orth(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    let sq = lsb(f);
    let file_mask = vec2<u32>(0x01010101u, 0x01010101u) << vec2<u32>(sq & 7u);
    let row = 0xffu << ((sq & 24u));
    let rank_mask = select(vec2<u32>(0u, row), vec2<u32>(row, 0u), sq < 32u);
    return hq_line(f, occ, file_mask & ~f) | hq_line(f, occ, rank_mask & ~f);
}

// The legal moves of our unpinned sliders (breadth-first leaf): a table or
// a line trick takes one slider at a time.
fn count_sliders_free(q: Pos, c: Ctx) -> u32 {
    let pinned = c.pin_hv | c.pin_d;
    return count_sliders_each(c, c.us & q.b & ~pinned, c.us & q.r & ~pinned);
}
