// bitscope GPU perft kernel, part 1 of 3 (the host appends bitboards.wgsl,
// the 64-bit board helpers and sliding-attack fills, and counts.wgsl, the
// bulk counting of the last ply).
//
// Each invocation walks one subtree depth-first, from one frontier position to
// `params.depth` remaining plies, and writes its leaf count as (lo, hi) u32.
//
// Memory: the position (11 x u32) and the move stack (ONE u32 per ply, the
// move itself carrying its undo information) live either in workgroup
// ("shared") memory, indexed by local_invocation_index, or in private memory.
// The host keeps exactly one of the two `//@@BEGIN ...` / `//@@END ...`
// blocks below and substitutes the `const WG` line (the workgroup size), so
// both variants run the very same algorithm. The workgroup variant's memory
// is computed, with the seed design's arithmetic beside it, by
// gpu/layout.rs `workgroup_budget` (15616 B for WG = 64, MAX_PLY = 50; the
// WebGPU default limit is 16384). What is being computed on (the node's
// position, its pin / check masks, the children of the nodes just above the
// leaves) is in registers; the memory holds what must survive between plies.
//
// No move list is ever stored: moves are generated in a fixed order (class:
// pawn, knight, diagonal slide, orthogonal slide, king; then from square, to
// square, promotion piece N < B < R < Q) and the next move after `m` is found
// by resuming generation just after `m`. Moves are legal by construction
// (check mask, pin rays, a danger map for the king; en passant is played on
// copies of the boards and the king tested). The last ply is counted in bulk.
//
// Loop bounds (positions, depth) come from the `params` uniform, never from
// override constants; WG and MAX_PLY are array sizes / the workgroup size.
//
// Bitboards are vec2<u32> (x = squares 0..31, y = squares 32..63; a1 = bit 0,
// h8 = bit 63). WGSL has no u64, and no magic tables (they need a 64-bit
// multiply): sliding attacks are Kogge-Stone occluded fills.
//
// The packed position (11 x u32: five bitboards as lo/hi word pairs, then
// word 10 = kings, side to move, castling, en passant) is defined, drawn and
// tested in gpu/packed.rs; the move word (from, to, captured, special,
// promotion, castling and en passant before, mover) in chess/moves.rs, which
// the CPU's make / unmake uses too. gpu/layout.rs's tests check the constants
// below against both, and the host writes the rest.

const WG: u32 = 64u;
const MAX_PLY: u32 = 50u;
const POS_WORDS: u32 = 11u;
const NO_MOVE: u32 = 0xffffffffu;
// SP_DOUBLE, SP_CASTLE_K, SP_CASTLE_Q, SP_EP, SP_PROMO (the move word's
// special-move codes) and struct Params: the host puts them before this
// file (gpu/pipeline.rs, from chess::moves::Special and gpu/layout.rs).

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> positions: array<u32>;
@group(0) @binding(2) var<storage, read_write> counts: array<vec2<u32>>;

var<private> lid: u32;

//@@BEGIN WORKGROUP
// Word i of invocation l sits at [i * WG + l]: consecutive invocations hit
// consecutive banks whatever word they touch.
var<workgroup> wg_pos: array<u32, WG * POS_WORDS>;
var<workgroup> wg_stack: array<u32, WG * MAX_PLY>;

fn pos_get(i: u32) -> u32 {
    return wg_pos[i * WG + lid];
}
fn pos_set(i: u32, v: u32) {
    wg_pos[i * WG + lid] = v;
}
fn stack_get(p: u32) -> u32 {
    return wg_stack[p * WG + lid];
}
fn stack_set(p: u32, v: u32) {
    wg_stack[p * WG + lid] = v;
}
//@@END WORKGROUP

//@@BEGIN PRIVATE
var<private> pv_pos: array<u32, POS_WORDS>;
var<private> pv_stack: array<u32, MAX_PLY>;

fn pos_get(i: u32) -> u32 {
    return pv_pos[i];
}
fn pos_set(i: u32, v: u32) {
    pv_pos[i] = v;
}
fn stack_get(p: u32) -> u32 {
    return pv_stack[p];
}
fn stack_set(p: u32, v: u32) {
    pv_stack[p] = v;
}
//@@END PRIVATE

// ------------------------------------------------------------------ position

struct Pos {
    w: vec2<u32>,
    p: vec2<u32>,
    n: vec2<u32>,
    b: vec2<u32>,
    r: vec2<u32>,
    info: u32,
}

fn load_pos() -> Pos {
    return Pos(
        vec2<u32>(pos_get(0u), pos_get(1u)),
        vec2<u32>(pos_get(2u), pos_get(3u)),
        vec2<u32>(pos_get(4u), pos_get(5u)),
        vec2<u32>(pos_get(6u), pos_get(7u)),
        vec2<u32>(pos_get(8u), pos_get(9u)),
        pos_get(10u),
    );
}

fn store_pos(q: Pos) {
    pos_set(0u, q.w.x);
    pos_set(1u, q.w.y);
    pos_set(2u, q.p.x);
    pos_set(3u, q.p.y);
    pos_set(4u, q.n.x);
    pos_set(5u, q.n.y);
    pos_set(6u, q.b.x);
    pos_set(7u, q.b.y);
    pos_set(8u, q.r.x);
    pos_set(9u, q.r.y);
    pos_set(10u, q.info);
}

// Everything the legal move generator needs about one node.
struct Ctx {
    white: bool,
    ksq: u32,
    kbb: vec2<u32>,
    // the squares around our king
    kz: vec2<u32>,
    us: vec2<u32>,
    them: vec2<u32>,
    occ: vec2<u32>,
    empty: vec2<u32>,
    // squares the opponent attacks, seen through our king
    danger: vec2<u32>,
    // non-king moves must land here (everything when not in check)
    checkmask: vec2<u32>,
    // rays king..pinner (pinner included) of orthogonal / diagonal pins
    pin_hv: vec2<u32>,
    pin_d: vec2<u32>,
    // set by bf_setup only: the pin rays whose pinned piece slides along
    // them, and our pawns that may take en passant
    pin_slide: vec2<u32>,
    ep_from: vec2<u32>,
    nchk: u32,
    // en passant target square, 64 when none
    ep_sq: u32,
    // the other king's square
    eksq: u32,
}

// One direction from the king: r1 = ray to the first blocker, xr = ray through
// it when it is ours. A checker or a pinner is an enemy slider `sl` at the end.
struct Ray {
    check: vec2<u32>,
    pin: vec2<u32>,
    n: u32,
}

fn ray_info(r1: vec2<u32>, xr: vec2<u32>, occ: vec2<u32>, us: vec2<u32>, sl: vec2<u32>) -> Ray {
    let hit = r1 & occ;
    let is_chk = nz(hit & sl);
    let is_pin = nz(hit & us) & nz(xr & occ & ~hit & sl);
    return Ray(msk(r1, is_chk), msk(xr, is_pin), select(0u, 1u, is_chk));
}

fn white_to_move(q: Pos) -> bool {
    return ((q.info >> 12u) & 1u) == 0u;
}

// The square of the white (or black) king.
fn king_square(q: Pos, white: bool) -> u32 {
    return select((q.info >> 6u) & 63u, q.info & 63u, white);
}

// Everything but the checks and pins: sides, occupancy, the danger map and
// the en passant square (the breadth-first kernels find checks and pins
// their own way, bfs.wgsl's bf_setup).
fn setup_base(q: Pos) -> Ctx {
    return setup_side(q, white_to_move(q));
}

// setup_base for a side to move known in advance (the breadth-first kernels
// pass a constant, and every colour `select` below folds away).
fn setup_side(q: Pos, white: bool) -> Ctx {
    var c = setup_sides(q, white);
    c.danger = danger_map(q, c);
    return c;
}

// setup_side but the danger map: sides, occupancy, the king, en passant.
fn setup_sides(q: Pos, white: bool) -> Ctx {
    var c: Ctx;
    c.white = white;
    let wk = king_square(q, true);
    let bk = king_square(q, false);
    c.ksq = select(bk, wk, c.white);
    let eksq = select(wk, bk, c.white);
    let k = sqbb(c.ksq);
    c.kbb = k;
    c.kz = king_att(k);
    let whites = q.w | sqbb(wk);
    c.occ = q.w | q.p | q.n | q.b | q.r | sqbb(wk) | sqbb(bk);
    c.empty = ~c.occ;
    c.us = select(c.occ & ~whites, whites, c.white);
    c.them = c.occ & ~c.us;
    c.eksq = eksq;
    let ep = (q.info >> 17u) & 15u;
    c.ep_sq = select(64u, select(16u, 40u, c.white) + (ep & 7u), (ep & 8u) != 0u);
    return c;
}

// The squares the opponent attacks, our king removed so that it cannot hide
// behind itself. South, west, south-east and south-west are filled on the
// board turned 180 degrees (`rot`), where they run north, east, north-west
// and north-east: those fills multiply where the others shift right, and
// SwiftShader turns every shift into four scalar ones (bitboards.wgsl).
fn danger_map(q: Pos, c: Ctx) -> vec2<u32> {
    let tb = c.them & q.b;
    let tr = c.them & q.r;
    let e = c.empty | c.kbb;
    let er = rot(e);
    let tbr = rot(tb);
    let trr = rot(tr);
    let up = att_n(tr, e) | att_e(tr, e) | att_ne(tb, e) | att_nw(tb, e);
    let down = att_n(trr, er) | att_e(trr, er) | att_ne(tbr, er) | att_nw(tbr, er);
    return pawn_att(c.them & q.p, !c.white) | knight_att(c.them & q.n) | king_att(sqbb(c.eksq)) | up | rot(down);
}

fn setup(q: Pos) -> Ctx {
    var c = setup_base(q);
    let k = c.kbb;
    let e = c.empty;
    // Checkers and pins along the king's lines, then its diagonals: each
    // ray to its first blocker (r), then through that blocker where it is
    // ours (x: the rays of one square share no square, so the empties plus
    // the four rays' blockers of ours serve all four). The four fills of a
    // kind are written out: a fill per direction has its own shifts.
    let r = array<vec2<u32>, 4>(att_n(k, e), att_s(k, e), att_e(k, e), att_w(k, e));
    let t = e | ((r[0] | r[1] | r[2] | r[3]) & c.us);
    let hv = king_rays(c, c.them & q.r, r, array<vec2<u32>, 4>(att_n(k, t), att_s(k, t), att_e(k, t), att_w(k, t)));
    let d = array<vec2<u32>, 4>(att_ne(k, e), att_nw(k, e), att_se(k, e), att_sw(k, e));
    let u = e | ((d[0] | d[1] | d[2] | d[3]) & c.us);
    let dg = king_rays(c, c.them & q.b, d, array<vec2<u32>, 4>(att_ne(k, u), att_nw(k, u), att_se(k, u), att_sw(k, u)));
    let jumps = (knight_att(k) & c.them & q.n) | (pawn_att(k, c.white) & c.them & q.p);
    let cm = jumps | hv.check | dg.check;
    let nchk = popc(jumps) + hv.n + dg.n;
    c.checkmask = select(select(cm, ZERO, nchk > 1u), ALL, nchk == 0u);
    c.nchk = nchk;
    c.pin_hv = hv.pin;
    c.pin_d = dg.pin;
    return c;
}

// The checks and pins along four directions from our king (enemy sliders
// `sl`), from each direction's ray to the first blocker (r) and through it
// (x), as one Ray.
fn king_rays(c: Ctx, sl: vec2<u32>, r: array<vec2<u32>, 4>, x: array<vec2<u32>, 4>) -> Ray {
    let a = ray_info(r[0], x[0], c.occ, c.us, sl);
    let b = ray_info(r[1], x[1], c.occ, c.us, sl);
    let f = ray_info(r[2], x[2], c.occ, c.us, sl);
    let g = ray_info(r[3], x[3], c.occ, c.us, sl);
    return Ray(a.check | b.check | f.check | g.check, a.pin | b.pin | f.pin | g.pin, a.n + b.n + f.n + g.n);
}

// En passant by the pawn on `fsq`: play it on copies of the boards and look
// whether our king is attacked (covers the horizontal discovered check).
fn ep_legal(q: Pos, c: Ctx, fsq: u32) -> bool {
    let capsq = select(c.ep_sq + 8u, c.ep_sq - 8u, c.white);
    let cb = sqbb(capsq);
    let occ2 = (c.occ ^ sqbb(fsq) ^ cb) | sqbb(c.ep_sq);
    let them2 = c.them & ~cb;
    let hit = (slide_orth(c.kbb, occ2) & them2 & q.r) | (slide_diag(c.kbb, occ2) & them2 & q.b)
        | (knight_att(c.kbb) & them2 & q.n) | (pawn_att(c.kbb, c.white) & them2 & q.p);
    return nz(cb & c.them & q.p) & !nz(hit);
}

fn king_targets(q: Pos, c: Ctx) -> vec2<u32> {
    var t = c.kz & ~c.us & ~c.danger;
    let cr = (q.info >> 13u) & 15u;
    let rooks = c.us & q.r & ~q.b;
    // Squares of white's castlings (masks of rank 1); black's are the same
    // on rank 8, the top byte of the high word: the masks times 2^24.
    let r = select(0x1000000u, 1u, c.white);
    let occ = select(c.occ.y, c.occ.x, c.white);
    let dng = select(c.danger.y, c.danger.x, c.white);
    let rk = select(rooks.y, rooks.x, c.white);
    let home = c.ksq == select(60u, 4u, c.white);
    let ok = (c.nchk == 0u) & home;
    // O-O: f g empty and safe, rook on h
    let oo = ok & ((cr & select(4u, 1u, c.white)) != 0u) & (((occ | dng) & (0x60u * r)) == 0u) & ((rk & (0x80u * r)) != 0u);
    // O-O-O: b c d empty, c d safe, rook on a
    let ooo = ok & ((cr & select(8u, 2u, c.white)) != 0u) & ((occ & (0x0eu * r)) == 0u) & ((dng & (0x0cu * r)) == 0u)
        & ((rk & r) != 0u);
    let add = (select(0u, 0x40u, oo) | select(0u, 0x04u, ooo)) * r;
    return t | select(vec2<u32>(0u, add), vec2<u32>(add, 0u), c.white);
}

// Legal targets of one piece per move class (a promotion square stands for
// four moves). The generators skip pieces their class cannot move.
fn pawn_targets(q: Pos, c: Ctx, fsq: u32) -> vec2<u32> {
    var t = pawn_targets_plain(c, sqbb(fsq));
    if c.ep_sq < 64u {
        let eb = sqbb(c.ep_sq);
        if nz(pawn_att(sqbb(fsq), c.white) & eb) {
            if ep_legal(q, c, fsq) {
                t |= eb;
            }
        }
    }
    return t;
}

// The pawn on the one-square board f: pushes and captures, en passant aside.
fn pawn_targets_plain(c: Ctx, f: vec2<u32>) -> vec2<u32> {
    let in_hv = nz(f & c.pin_hv);
    let in_d = nz(f & c.pin_d);
    let one = pawn_fwd(f, c.white) & c.empty & select(ALL, c.pin_hv, in_hv);
    let two = pawn_fwd(one & select(RANK_6, RANK_3, c.white), c.white) & c.empty;
    let caps = pawn_att(f, c.white) & c.them & select(ALL, c.pin_d, in_d);
    return (msk(one | two, !in_d) | msk(caps, !in_hv)) & c.checkmask;
}

fn knight_targets(c: Ctx, f: vec2<u32>) -> vec2<u32> {
    return knight_att(f) & ~c.us & c.checkmask;
}

// The targets of a bishop-like (diag) or rook-like slider on f. Its callers
// pass `diag` as a constant, so the shader compiler keeps one of the two
// (slide_any).
fn line_targets(c: Ctx, f: vec2<u32>, diag: bool) -> vec2<u32> {
    return slider_targets(c, f, slide_any(f, c.occ, diag), select(c.pin_hv, c.pin_d, diag));
}

// The legal targets of the slider on f with attacks `att`: not our own
// pieces, inside the check mask, and along `pin` when f is on it.
fn slider_targets(c: Ctx, f: vec2<u32>, att: vec2<u32>, pin: vec2<u32>) -> vec2<u32> {
    return att & ~c.us & c.checkmask & select(ALL, pin, nz(f & pin));
}

// ------------------------------------------------------------ move order

// Moves come in a fixed order: by class (0 pawn, 1 knight, 2 diagonal slides
// of bishops and queens, 3 orthogonal slides of rooks and queens, 4 king),
// then from square, then to square, then promotion piece (N, B, R, Q).
fn class_of(m: u32) -> u32 {
    let kind = (m >> 28u) & 7u;
    if kind == 5u {
        let f = m & 63u;
        let t = (m >> 6u) & 63u;
        let df = select((t & 7u) - (f & 7u), (f & 7u) - (t & 7u), (f & 7u) > (t & 7u));
        let dr = select((t >> 3u) - (f >> 3u), (f >> 3u) - (t >> 3u), f > t);
        return select(3u, 2u, df == dr);
    }
    return select(kind - 1u, select(3u, 4u, kind == 6u), kind >= 4u);
}

// Kind of whatever stands on a square of `b` (1 pawn .. 5 queen, 0 none/king).
fn kind_on(q: Pos, b: vec2<u32>) -> u32 {
    let isb = nz(b & q.b);
    let isr = nz(b & q.r);
    return select(0u, 1u, nz(b & q.p)) | select(0u, 2u, nz(b & q.n)) | select(0u, 3u, isb & !isr)
        | select(0u, 4u, isr & !isb) | select(0u, 5u, isb & isr);
}

// A move's fields: from, to, captured kind, special (SP_*), mover kind,
// promotion piece (0..3: N, B, R, Q). The move stack holds them packed
// (encode); the breadth-first walk plays them as they are (no unpacking).
struct Mv {
    fsq: u32,
    to: u32,
    cap: u32,
    sp: u32,
    kind: u32,
    promo: u32,
}

fn classify(q: Pos, c: Ctx, fsq: u32, to: u32, kind: u32) -> Mv {
    var cap = kind_on(q, sqbb(to) & c.them);
    var sp = 0u;
    if kind == 1u {
        let d = select(fsq - to, to - fsq, to > fsq);
        let is_ep = (d != 8u) & (d != 16u) & (to == c.ep_sq);
        sp = select(select(select(0u, SP_PROMO, (to >= 56u) | (to < 8u)), SP_EP, is_ep), SP_DOUBLE, d == 16u);
        cap = select(cap, 1u, is_ep);
    } else if kind == 6u {
        sp = select(select(0u, SP_CASTLE_Q, fsq == to + 2u), SP_CASTLE_K, to == fsq + 2u);
    }
    return Mv(fsq, to, cap, sp, kind, 0u);
}

fn encode(q: Pos, c: Ctx, fsq: u32, to: u32, kind: u32) -> u32 {
    let v = classify(q, c, fsq, to, kind);
    // fields placed by multiplication, not shifts (see bitboards.wgsl's shl);
    // castling rights and en passant (info bits 13..20) move as one byte to 20..27
    return fsq | (to * 0x40u) | (v.cap * 0x1000u) | (v.sp * 0x8000u) | (((q.info >> 13u) & 0xffu) * 0x100000u)
        | (kind * 0x10000000u);
}

fn decode(m: u32) -> Mv {
    return Mv(m & 63u, (m >> 6u) & 63u, (m >> 12u) & 7u, (m >> 15u) & 7u, (m >> 28u) & 7u, (m >> 18u) & 3u);
}

// The first move of a slider among `pieces` (bishops and queens when
// `diag`, rooks and queens when not) from square `start` on, its targets
// from `floor` on for the piece on `start`; NO_MOVE when none. next_move
// calls it with `diag` a constant, so each call folds to one kind of fill.
fn slider_move(q: Pos, c: Ctx, pieces: vec2<u32>, start: u32, floor: u32, diag: bool) -> u32 {
    var s = pieces & mask_ge(start);
    while nz(s) {
        let fsq = lsb(s);
        let f = sqbb(fsq);
        s &= ~f;
        let t = line_targets(c, f, diag) & select(ALL, mask_ge(floor), fsq == start);
        if nz(t) {
            // a piece on both slider boards is a queen
            let queen = nz(f & select(q.b, q.r, diag));
            return encode(q, c, fsq, lsb(t), select(select(4u, 3u, diag), 5u, queen));
        }
    }
    return NO_MOVE;
}

// The legal move that follows `prev` in the fixed order, NO_MOVE when none;
// `prev` = NO_MOVE asks for the first move. The pawns' and knights'
// searches are written out on purpose: one search with the class as a
// constant argument (which folds once inlined) carries every class's
// generator (en passant's fills included) into each of its four copies
// until then, and SwiftShader took longer to build the kernel (about 0.15 s
// of a 2.5 s start perft 3). The two sliders share slider_move, which
// carries only the two fills.
fn next_move(q: Pos, c: Ctx, prev: u32) -> u32 {
    var cls = 0u;
    var start = 0u;
    var floor = 0u;
    if prev != NO_MOVE {
        if ((prev >> 15u) & 7u) == SP_PROMO && ((prev >> 18u) & 3u) < 3u {
            return prev + (1u << 18u);
        }
        cls = class_of(prev);
        start = prev & 63u;
        floor = ((prev >> 6u) & 63u) + 1u;
    }
    if c.nchk < 2u {
        let pinned = c.pin_hv | c.pin_d;
        if cls == 0u {
            var s = c.us & q.p & mask_ge(start);
            while nz(s) {
                let fsq = lsb(s);
                s &= ~sqbb(fsq);
                let t = pawn_targets(q, c, fsq) & select(ALL, mask_ge(floor), fsq == start);
                if nz(t) {
                    return encode(q, c, fsq, lsb(t), 1u);
                }
            }
            start = 0u;
            floor = 0u;
        }
        if cls <= 1u {
            var s = c.us & q.n & ~pinned & mask_ge(start);
            while nz(s) {
                let fsq = lsb(s);
                s &= ~sqbb(fsq);
                let t = knight_targets(c, sqbb(fsq)) & select(ALL, mask_ge(floor), fsq == start);
                if nz(t) {
                    return encode(q, c, fsq, lsb(t), 2u);
                }
            }
            start = 0u;
            floor = 0u;
        }
        if cls <= 2u {
            let m = slider_move(q, c, c.us & q.b & ~c.pin_hv, start, floor, true);
            if m != NO_MOVE { return m; }
            start = 0u;
            floor = 0u;
        }
        if cls <= 3u {
            let m = slider_move(q, c, c.us & q.r & ~c.pin_d, start, floor, false);
            if m != NO_MOVE { return m; }
        }
    }
    // (in double check only the king moves; its targets from `floor` on
    // only after a king move)
    let t = king_targets(q, c) & mask_ge(select(0u, floor, cls == 4u));
    if nz(t) {
        return encode(q, c, c.ksq, lsb(t), 6u);
    }
    return NO_MOVE;
}

// ------------------------------------------------------------- make / unmake

// Castling rights lost when a piece leaves or lands on `s`.
fn rights_lost(s: u32) -> u32 {
    return select(0u, 2u, s == 0u) | select(0u, 3u, s == 4u) | select(0u, 1u, s == 7u) | select(0u, 8u, s == 56u)
        | select(0u, 12u, s == 60u) | select(0u, 4u, s == 63u);
}

// The squares of mask m on rank 1 (white) or on rank 8 (black).
fn back_rank(m: u32, white: bool) -> vec2<u32> {
    return select(vec2<u32>(0u, m * 0x1000000u), vec2<u32>(m, 0u), white);
}

// Toggles the boards for move m (its own inverse) and returns them.

fn toggle(q0: Pos, v: Mv, mover_white: bool) -> Pos {
    var q = q0;
    let fsq = v.fsq;
    let to = v.to;
    let cap = v.cap;
    let sp = v.sp;
    let kind = v.kind;
    let fb = sqbb(fsq);
    let tb = sqbb(to);
    let ft = fb | tb;
    // the captured piece
    let capsq = select(to, select(to + 8u, to - 8u, mover_white), sp == SP_EP);
    let cb = msk(sqbb(capsq), cap != 0u);
    q.w ^= msk(cb, !mover_white);
    q.p ^= msk(cb, cap == 1u);
    q.n ^= msk(cb, cap == 2u);
    q.b ^= msk(cb, (cap == 3u) | (cap == 5u));
    q.r ^= msk(cb, (cap == 4u) | (cap == 5u));
    // the mover (a promoting pawn only leaves its square)
    let promo = sp == SP_PROMO;
    q.p ^= msk(select(ft, fb, promo), kind == 1u);
    q.n ^= msk(ft, kind == 2u);
    q.b ^= msk(ft, (kind == 3u) | (kind == 5u));
    q.r ^= msk(ft, (kind == 4u) | (kind == 5u));
    // the promoted piece: 2 N, 3 B, 4 R, 5 Q
    let pk = select(0u, v.promo + 2u, promo);
    q.n ^= msk(tb, pk == 2u);
    q.b ^= msk(tb, (pk == 3u) | (pk == 5u));
    q.r ^= msk(tb, (pk == 4u) | (pk == 5u));
    // the castling rook: h and f, or a and d, of the mover's back rank
    let rk = back_rank(select(0u, 0xa0u, sp == SP_CASTLE_K) | select(0u, 0x09u, sp == SP_CASTLE_Q), mover_white);
    q.r ^= rk;
    q.w ^= msk(ft | rk, mover_white);
    return q;
}

// Word `info` after a move of `white` (play) or its undoing (unmake_move):
// that side's king on `ks` when it moved, the other side to move, castling
// rights `cr` and en passant `ep` as given.
fn moved_info(info: u32, ks: u32, white: bool, king: bool, cr: u32, ep: u32) -> u32 {
    let kings = select(info & 0xfffu, select((info & 0x03fu) | (ks * 0x40u), (info & 0xfc0u) | ks, white), king);
    return (info & 0xffe00000u) | kings | ((info & 0x1000u) ^ 0x1000u) | (cr * 0x2000u) | (ep * 0x20000u);
}

// The position after m (in registers).
fn play(q0: Pos, m: u32) -> Pos {
    return play_side(q0, decode(m), white_to_move(q0));
}

// play with the move's fields and the mover's side known in advance (as
// setup_side).
fn play_side(q0: Pos, v: Mv, white: bool) -> Pos {
    var q = q0;
    q = toggle(q, v, white);
    let cr = ((q.info >> 13u) & 15u) & ~(rights_lost(v.fsq) | rights_lost(v.to));
    let ep = select(0u, 8u | (v.fsq & 7u), v.sp == SP_DOUBLE);
    q.info = moved_info(q.info, v.to, white, v.kind == 6u, cr, ep);
    return q;
}

fn unmake_move(m: u32) {
    var q = load_pos();
    // after the move it is the opponent's turn
    let white = !white_to_move(q);
    let v = decode(m);
    q = toggle(q, v, white);
    q.info = moved_info(q.info, v.fsq, white, v.kind == 6u, (m >> 20u) & 15u, (m >> 24u) & 15u);
    store_pos(q);
}

// -------------------------------------------------------------------- driver

@compute @workgroup_size(WG)
fn perft_main(
    @builtin(local_invocation_index) li: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(num_workgroups) nwg: vec3<u32>,
) {
    lid = li;
    let idx = (wid.y * nwg.x + wid.x) * WG + li;
    if idx >= params.count {
        return;
    }
    let base = (params.base + idx) * POS_WORDS;
    for (var i = 0u; i < POS_WORDS; i++) {
        pos_set(i, positions[base + i]);
    }
    // Here the white-pieces board always holds the white king.
    let wk = sqbb(pos_get(10u) & 63u);
    pos_set(0u, pos_get(0u) | wk.x);
    pos_set(1u, pos_get(1u) | wk.y);

    // Depth-first walk. stack_get(p) is the move searched at ply p; the
    // position in memory is the node at ply `ply`, cached in registers (q, c)
    // while it does not change. The children of the nodes at ply depth - 2
    // are made in registers only and counted in bulk. Every heavy function
    // has one call site: the kernel stays small (SwiftShader and browsers
    // compile it faster).
    let depth = min(params.depth, MAX_PLY + 1u);
    var lo = select(0u, 1u, depth == 0u);
    var hi = 0u;
    if depth > 0u {
        var ply = 0u;
        stack_set(0u, NO_MOVE);
        var dirty = true;
        var q: Pos;
        var c: Ctx;
        loop {
            if dirty {
                q = load_pos();
                c = setup(q);
                dirty = false;
            }
            // (depth 1: the root itself is counted in bulk, no move is made)
            var m = NO_MOVE;
            if depth > 1u {
                m = next_move(q, c, stack_get(ply));
                if m == NO_MOVE {
                    if ply == 0u {
                        break;
                    }
                    ply -= 1u;
                    unmake_move(stack_get(ply));
                    dirty = true;
                    continue;
                }
                stack_set(ply, m);
            }
            if ply + 2u >= depth {
                var leaf_parent = q;
                if depth > 1u {
                    leaf_parent = play(q, m);
                }
                let n = count_legal(leaf_parent);
                lo += n;
                hi += select(0u, 1u, lo < n);
                if depth == 1u {
                    break;
                }
            } else {
                store_pos(play(q, m));
                ply += 1u;
                stack_set(ply, NO_MOVE);
                dirty = true;
            }
        }
    }
    counts[idx] = vec2<u32>(lo, hi);
}
