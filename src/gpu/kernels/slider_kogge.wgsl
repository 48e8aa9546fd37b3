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

// slide_diag (diag) or slide_orth. Its callers pass `diag` as a constant,
// so the shader compiler keeps one of the two (each is four fills).
fn slide_any(f: vec2<u32>, occ: vec2<u32>, diag: bool) -> vec2<u32> {
    return select(slide_orth(f, occ), slide_diag(f, occ), diag);
}

// The legal moves of our unpinned sliders (breadth-first leaf), set-wise: in
// one direction the rays of different pieces never overlap (a ray stops at
// the first blocker, and a blocker of ours starts its own ray after itself),
// so one fill of all bishop-likes per diagonal direction and of all
// rook-likes per orthogonal direction counts their moves exactly: 8 fills in
// all instead of 4 per slider. The four that run south or west fill the board
// turned 180 degrees (as danger_map does); a count needs no turning back.
fn count_sliders_free(q: Pos, c: Ctx) -> u32 {
    let pinned = c.pin_hv | c.pin_d;
    let e = c.empty;
    let t = ~c.us & c.checkmask;
    let d = c.us & q.b & ~pinned;
    let o = c.us & q.r & ~pinned;
    let er = rot(e);
    let tr = rot(t);
    let dr = rot(d);
    let or = rot(o);
    let n = popc(att_ne(d, e) & t) + popc(att_nw(d, e) & t) + popc(att_ne(dr, er) & tr) + popc(att_nw(dr, er) & tr);
    return n + popc(att_n(o, e) & t) + popc(att_e(o, e) & t) + popc(att_n(or, er) & tr) + popc(att_e(or, er) & tr);
}
