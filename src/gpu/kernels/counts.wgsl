// bitscope GPU perft kernel, part 3 of 3: bulk counting of the last ply, shared by the
// depth-first kernel (count_legal) and the breadth-first one (bfs.wgsl's
// bf_count_with). The host appends this file after perft.wgsl and
// bitboards.wgsl (gpu/pipeline.rs, PERFT_WGSL).

// Number of legal moves of the position in memory (bulk counting, set-wise
// for pawns and knights, one loop per slider class).
fn count_legal(q: Pos) -> u32 {
    let c = setup(q);
    if c.nchk > 1u {
        return popc(king_targets(q, c));
    }
    return count_king_pawns_knights(q, c) + count_ep(q, c)
        + count_sliders_each(c, c.us & q.b & ~c.pin_hv, c.us & q.r & ~c.pin_d);
}

// The legal moves of the king, the pawns (en passant aside) and the knights,
// when at most one piece gives check. Shared by count_legal and the
// breadth-first kernel's bf_count_legal, which differ in the sliders and in
// how they find the en passant captures.
fn count_king_pawns_knights(q: Pos, c: Ctx) -> u32 {
    var n = popc(king_targets(q, c));
    let ps = pawn_sets(q, c);
    n += popc(ps.push) + popc(ps.double) + popc(ps.cap_a) + popc(ps.cap_h)
        + 3u * (popc(ps.push & RANK_1_8) + popc(ps.cap_a & RANK_1_8) + popc(ps.cap_h & RANK_1_8));
    return n + count_knights(c, c.us & q.n & ~(c.pin_hv | c.pin_d));
}

// The legal moves of the (unpinned) knights `kn`, all at once: one popcount
// per jump direction. A jump moves different knights to different squares,
// so the eight counts add up to the knights' targets one by one, with no
// loop (SwiftShader runs a loop's body once more than its longest turn
// count; two knights took three turns of knight_att).
fn count_knights(c: Ctx, kn: vec2<u32>) -> u32 {
    let t = ~c.us & c.checkmask;
    return popc(shl(kn, 17u) & NOT_A & t) + popc(shl(kn, 15u) & NOT_H & t)
        + popc(shl(kn, 10u) & NOT_AB & t) + popc(shl(kn, 6u) & NOT_GH & t)
        + popc(shr(kn, 6u) & NOT_AB & t) + popc(shr(kn, 10u) & NOT_GH & t)
        + popc(shr(kn, 15u) & NOT_A & t) + popc(shr(kn, 17u) & NOT_H & t);
}

// The targets of our pawns' moves, en passant aside, one set per direction.
struct PawnSets {
    push: vec2<u32>,
    double: vec2<u32>,
    cap_a: vec2<u32>,
    cap_h: vec2<u32>,
}

// All pawns at once. A pawn pinned along a file may push, one pinned on a
// diagonal may capture along it, and nothing else (the targets then stay on
// their own pin ray).
fn pawn_sets(q: Pos, c: Ctx) -> PawnSets {
    let cm = c.checkmask;
    let w = c.white;
    let pw = c.us & q.p;
    let free = pw & ~(c.pin_hv | c.pin_d);
    let one = (pawn_fwd(free, w) | (pawn_fwd(pw & c.pin_hv, w) & c.pin_hv)) & c.empty;
    let two = pawn_fwd(one & select(RANK_6, RANK_3, w), w) & c.empty & cm;
    let pdiag = pw & c.pin_d;
    let ca = (pawn_cap_a(free, w) | (pawn_cap_a(pdiag, w) & c.pin_d)) & c.them & cm;
    let ch = (pawn_cap_h(free, w) | (pawn_cap_h(pdiag, w) & c.pin_d)) & c.them & cm;
    return PawnSets(one & cm, two, ca, ch);
}

// The legal en passant captures, one ep_legal per capturing pawn.
fn count_ep(q: Pos, c: Ctx) -> u32 {
    var n = 0u;
    if c.ep_sq < 64u {
        var cands = pawn_att(sqbb(c.ep_sq), !c.white) & c.us & q.p;
        while nz(cands) {
            let fsq = lsb(cands);
            cands &= ~sqbb(fsq);
            if ep_legal(q, c, fsq) {
                n += 1u;
            }
        }
    }
    return n;
}

// The legal moves of the sliders in `diag` (bishop-likes) and `orth`
// (rook-likes), one slider at a time.
fn count_sliders_each(c: Ctx, diag: vec2<u32>, orth: vec2<u32>) -> u32 {
    return count_slider_class(c, diag, true) + count_slider_class(c, orth, false);
}

// The legal moves of `pieces` along their diagonals (diag) or lines, one
// at a time. Its callers pass `diag` as a constant (line_targets).
fn count_slider_class(c: Ctx, pieces: vec2<u32>, diag: bool) -> u32 {
    var n = 0u;
    var s = pieces;
    while nz(s) {
        let f = low_bit(s);
        s ^= f;
        n += popc(line_targets(c, f, diag));
    }
    return n;
}
