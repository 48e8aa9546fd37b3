// Slider attacks by Kogge-Stone occluded fills (bitboards.wgsl's att_*):
// four fills of three shift steps for one piece. The fills also take many
// pieces at once, so the breadth-first leaf counts all sliders of a
// direction with one fill (count_sliders_free).

// Squares a bishop-like piece on the one-square board f attacks through occ.
fn slide_diag(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    return bishop_att(f, ~occ);
}

// Squares a rook-like piece on the one-square board f attacks through occ.
fn slide_orth(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    return rook_att(f, ~occ);
}

// slide_diag (diag) or slide_orth with four fills, not eight: the fills
// take their step (orthogonal 8 and 1, diagonal 9 and 7) as a value.
fn slide_any(f: vec2<u32>, occ: vec2<u32>, diag: bool) -> vec2<u32> {
    let e = ~occ;
    let a = select(8u, 9u, diag);
    let b = select(1u, 7u, diag);
    // the wrap masks of the steps up (a, b) and down (a, b)
    let ua = select(ALL, NOT_A, diag);
    let ub = select(NOT_A, NOT_H, diag);
    let da = select(ALL, NOT_H, diag);
    let db = select(NOT_H, NOT_A, diag);
    return fill_up(f, e, a, ua) | fill_up(f, e, b, ub) | fill_down(f, e, a, da) | fill_down(f, e, b, db);
}

// Occluded fills as bitboards.wgsl's att_*, for a step of s squares up or
// down (0 < s < 16) with the wrap mask w of that step.
fn fill_up(g: vec2<u32>, e: vec2<u32>, s: u32, w: vec2<u32>) -> vec2<u32> {
    var pro = e & w;
    var gen = g | (pro & shl(g, s));
    pro &= shl(pro, s);
    gen |= pro & shl(gen, 2u * s);
    pro &= shl(pro, 2u * s);
    gen |= pro & shl_any(gen, 4u * s);
    return shl(gen, s) & w;
}

fn fill_down(g: vec2<u32>, e: vec2<u32>, s: u32, w: vec2<u32>) -> vec2<u32> {
    var pro = e & w;
    var gen = g | (pro & shr(g, s));
    pro &= shr(pro, s);
    gen |= pro & shr(gen, 2u * s);
    pro &= shr(pro, 2u * s);
    gen |= pro & shr_any(gen, 4u * s);
    return shr(gen, s) & w;
}

// The legal moves of our unpinned sliders (breadth-first leaf), set-wise: in
// one direction the rays of different pieces never overlap (a ray stops at
// the first blocker, and a blocker of ours starts its own ray after itself),
// so one fill of all bishop-likes per diagonal direction and of all
// rook-likes per orthogonal direction counts their moves exactly: 8 fills in
// all instead of 4 per slider.
fn count_sliders_free(q: Pos, c: Ctx) -> u32 {
    let pinned = c.pin_hv | c.pin_d;
    let e = c.empty;
    let tgt = ~c.us & c.checkmask;
    let d = c.us & q.b & ~pinned;
    let o = c.us & q.r & ~pinned;
    let n = popc(att_ne(d, e) & tgt) + popc(att_nw(d, e) & tgt) + popc(att_se(d, e) & tgt) + popc(att_sw(d, e) & tgt);
    return n + popc(att_n(o, e) & tgt) + popc(att_s(o, e) & tgt) + popc(att_e(o, e) & tgt) + popc(att_w(o, e) & tgt);
}
