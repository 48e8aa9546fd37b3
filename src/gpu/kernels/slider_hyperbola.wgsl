// Slider attacks by hyperbola quintessence: along one line through the
// piece s, with o = occ & line (s not in it),
//   attacks = ((o - 2s) ^ rev(rev(o) - 2 rev(s))) & line
// The subtraction borrows through the empty squares up to the first
// blocker; the reversed board does the same the other way. rev reverses all
// 64 bits (reverseBits on each half, halves swapped), so ranks work too.
// No table: the line masks come from bitboards.wgsl (rank_line, file_line,
// diag_line).

fn rev64(v: vec2<u32>) -> vec2<u32> {
    return vec2<u32>(reverseBits(v.y), reverseBits(v.x));
}

fn sub64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    return vec2<u32>(a.x - b.x, a.y - b.y - select(0u, 1u, a.x < b.x));
}

fn hq_line(s: vec2<u32>, occ: vec2<u32>, line: vec2<u32>) -> vec2<u32> {
    let o = occ & line;
    let fwd = sub64(o, shl(s, 1u));
    let back = sub64(rev64(o), shl(rev64(s), 1u));
    return (fwd ^ rev64(back)) & line;
}

fn slide_diag(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    let sq = lsb(f);
    return hq_line(f, occ, diag_line(sq, false) & ~f) | hq_line(f, occ, diag_line(sq, true) & ~f);
}

fn slide_orth(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    let sq = lsb(f);
    return hq_line(f, occ, file_line(sq) & ~f) | hq_line(f, occ, rank_line(sq) & ~f);
}

// slide_diag (diag) or slide_orth, two lines either way.
fn slide_any(f: vec2<u32>, occ: vec2<u32>, diag: bool) -> vec2<u32> {
    let sq = lsb(f);
    let l1 = select(file_line(sq), diag_line(sq, false), diag);
    let l2 = select(rank_line(sq), diag_line(sq, true), diag);
    return hq_line(f, occ, l1 & ~f) | hq_line(f, occ, l2 & ~f);
}

// The legal moves of our unpinned sliders (breadth-first leaf): a table or
// a line trick takes one slider at a time.
fn count_sliders_free(q: Pos, c: Ctx) -> u32 {
    let pinned = c.pin_hv | c.pin_d;
    return count_sliders_each(c, c.us & q.b & ~pinned, c.us & q.r & ~pinned);
}
