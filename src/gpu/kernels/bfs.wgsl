// bitscope breadth-first perft kernels.
//
// The host appends this file to perft.wgsl (private variant) + bitboards.wgsl
// + counts.wgsl (gpu/breadth_first/kernels.rs, `bfs_source`), so the move generator exists once:
// setup_sides, danger_map, pawn_sets, knight/slider/king_targets, the counts,
// classify and play_side are the depth-first kernel's own functions. bf_setup finds
// checks, pins and en passant its own way, and bf_count_legal is count_legal
// without branches, its sliders counted by the slider method's
// count_sliders_free. Names here start with `bf`, bindings are 10..15
// (perft.wgsl's are 0..2 and unused by these entry points).
//
// One level of the tree, per range of positions of the level's buffer:
//   bf_count_scan  one invocation per position: its legal move count, then an
//                  exclusive workgroup scan; writes the in-block offsets and
//                  each block's sum
//   bf_block_scan  one workgroup: exclusive scan of the block sums (a loop over
//                  chunks of BWG, the count from the uniform), the level's
//                  total into acc[2]; the host reads the block sums back
//                  once and cuts the level into ranges whose children fit
//   bf_expand      one invocation per position of a range: its children
//                  (packed positions) written at offset + block offset -
//                  the range's first offset
// The last two plies:
//   bf_leaf        one invocation per position: plays each legal move and
//                  counts the child's legal moves in bulk (no child
//                  written); then the counts into acc[0], acc[1] (lo, hi)
//                  with carry: on a GPU a workgroup reduction first (one
//                  atomic pair per workgroup), on a software adapter each
//                  invocation's own atomics (BF_DIRECT)
//   bf_leaf_count  the same with one ply left: counts the legal moves
// A level the host does not read back (its buffer sized from an upper
// bound, gpu/breadth_first/walk.rs):
//   bf_leaf_args   one workgroup, after bf_block_scan: the indirect
//                  dispatch arguments of the next level's leaf pieces from
//                  the scanned total; a total over the next level's
//                  capacity gives empty pieces and counts one overflow in
//                  acc[8] (the host then redoes the run, reading back)
//   bf_reduce_test the same sums on synthetic (lo, hi) pairs (tests;
//                  native builds only).

// Three constants come from the host, declared before this file
// (gpu/breadth_first/kernels.rs, `bfs_source`):
//   const BWG: u32        the workgroup size, a power of two
//   const BF_WHITE: bool  the side to move of every position the entry
//                         points read. A level of the breadth-first tree
//                         holds positions of one side only (all are the same
//                         number of plies from one root), so the host builds
//                         each kernel once per side and picks by the level's
//                         side; with the side a constant, every colour
//                         `select` of the move generator folds away.
//   const BF_DIRECT: bool each leaf invocation adds its own count to acc
//                         (a software adapter), not the workgroup's sum
//   const BF_MERGE: bool  a level's positions carry a multiplicity (two
//                         words after each, BF_STRIDE): bf_expand's children
//                         inherit it in their one form (bf_canon), the leaf
//                         kernels multiply their counts by it; merge.wgsl,
//                         appended after this file, merges equal positions

// struct BfParams: the host puts it before this file
// (gpu/breadth_first/kernels.rs).
@group(0) @binding(10) var<uniform> bf: BfParams;
@group(0) @binding(11) var<storage, read> bf_src: array<u32>;
@group(0) @binding(12) var<storage, read_write> bf_dst: array<u32>;
@group(0) @binding(13) var<storage, read_write> bf_offs: array<u32>;
@group(0) @binding(14) var<storage, read_write> bf_blocks: array<u32>;
// [0] lo, [1] hi of the leaf count, [2] children of the last scanned range,
// [3] the size of the level the leaf pieces read (bf_leaf_args),
// [4], [5] hash-table hits and misses (bf_leaf_hash), [6], [7] their high
// words, [8] the overflows bf_leaf_args found, [9], [10] the misses and
// the waiters the table's lookups listed (BF_LEAF_MODE 3; bf_expand zeroes
// them), [11] unused
@group(0) @binding(15) var<storage, read_write> bf_acc: array<atomic<u32>>;
// The transposition table of bf_leaf_hash (gpu/breadth_first/hash.rs): Zobrist keys,
// three words (key lo, key hi, check) per (board, square), per (info byte
// index, byte value), and one for black to move; the table, four words an
// entry, a power of two entries.
@group(0) @binding(16) var<storage, read> bf_keys: array<u32>;
@group(0) @binding(17) var<storage, read_write> bf_tt: array<atomic<u32>>;

// bf_leaf_args' output: (x, y, z) workgroups per leaf piece. Its own group,
// bound only for bf_leaf_args: the leaf dispatches read it as their
// indirect arguments, and a buffer may not be both in one dispatch.
@group(1) @binding(0) var<storage, read_write> bf_args: array<u32>;

// scan (two ping-pong halves) and reduction (lo half, hi half)
var<workgroup> bf_sh: array<u32, 2u * BWG>;

// The builtins of the entry points that cover a range of items, one
// invocation each (a 2-D dispatch past 65535 workgroups).
struct BfIds {
    @builtin(local_invocation_index) li: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(num_workgroups) nwg: vec3<u32>,
}

// The block (workgroup) an invocation is in, and its item.
fn bf_block(id: BfIds) -> u32 {
    return id.wid.y * id.nwg.x + id.wid.x;
}

fn bf_index(id: BfIds) -> u32 {
    return bf_block(id) * BWG + id.li;
}

// The positions of a leaf dispatch: its count, or for a piece of a level
// sized on the GPU, what is left of the level's size (acc[3]) past its base.
fn bf_limit() -> u32 {
    if bf.indirect == 0u {
        return bf.count;
    }
    let size = atomicLoad(&bf_acc[3]);
    return select(0u, min(bf.count, size - bf.base), size > bf.base);
}

// Words one position takes in a level buffer: the packed position, and with
// merging (BF_MERGE) its multiplicity (lo, hi) after it.
const BF_STRIDE: u32 = select(11u, 13u, BF_MERGE);

// The multiplicity of the position bf_expand walks: its children inherit it.
var<private> bf_mult: vec2<u32>;

fn bf_load(i: u32) -> Pos {
    let b = i * BF_STRIDE;
    var q = Pos(
        vec2<u32>(bf_src[b], bf_src[b + 1u]),
        vec2<u32>(bf_src[b + 2u], bf_src[b + 3u]),
        vec2<u32>(bf_src[b + 4u], bf_src[b + 5u]),
        vec2<u32>(bf_src[b + 6u], bf_src[b + 7u]),
        vec2<u32>(bf_src[b + 8u], bf_src[b + 9u]),
        bf_src[b + 10u],
    );
    // the white-pieces board holds the white king (as in perft_main)
    q.w |= sqbb(king_square(q, true));
    return q;
}

fn bf_store(i: u32, q: Pos) {
    let b = i * BF_STRIDE;
    if BF_MERGE {
        bf_dst[b + 11u] = bf_mult.x;
        bf_dst[b + 12u] = bf_mult.y;
    }
    bf_dst[b] = q.w.x;
    bf_dst[b + 1u] = q.w.y;
    bf_dst[b + 2u] = q.p.x;
    bf_dst[b + 3u] = q.p.y;
    bf_dst[b + 4u] = q.n.x;
    bf_dst[b + 5u] = q.n.y;
    bf_dst[b + 6u] = q.b.x;
    bf_dst[b + 7u] = q.b.y;
    bf_dst[b + 8u] = q.r.x;
    bf_dst[b + 9u] = q.r.y;
    bf_dst[b + 10u] = q.info;
}

// ------------------------------------------------------------ move walk

// The move sources of one position, found once before its moves are walked:
// each is a set of legal targets and where its moves come from. A piece:
// its square and kind (2 knight .. 6 king, 5 a queen, its diagonal and
// line targets in one set). A pawn direction (push, double push, capture
// towards a, towards h; en passant folded into the captures): the offset
// from a target back to its pawn, and kind 1. Only sources with targets are
// kept, so the walk takes the next source at most once per move, with no
// search and no per-class code in its loop (SwiftShader runs every `switch`
// case and `if` body of a loop, taken or not, on every turn: the walk that
// computed the targets of each piece class inside its loop spent half of
// the fused leaf there).
//   t[i]  targets (lo, hi)
//   m[i]  square or offset (bits 0..5), pawn direction (bit 6), kind (bits 8..10)
// At most 4 pawn directions, one source per other piece, one king: 20 for up
// to 15 pieces besides pawns and king a side (the host refuses a root with
// more, gpu/breadth_first/mod.rs BFS_MAX_OFFICERS). The arrays are indexed at run time,
// so a GPU keeps them in local memory: 160 B and 80 B per invocation
// (gpu/layout.rs, bfs_private_bytes; no private array above 256 B).
const BF_SOURCES: u32 = 20u;
const BF_PAWN_DIR: u32 = 64u;

struct Sources {
    t: array<vec2<u32>, BF_SOURCES>,
    m: array<u32, BF_SOURCES>,
    n: u32,
}

fn bf_add(src: ptr<function, Sources>, t: vec2<u32>, origin: u32, kind: u32) {
    let i = min((*src).n, BF_SOURCES - 1u);
    (*src).t[i] = t;
    (*src).m[i] = origin | (kind << 8u);
    (*src).n += select(0u, 1u, nz(t));
}

// One source per slider of `pieces`, of kind 3 (bishop-likes: their
// diagonal targets), 4 (rook-likes: their line targets) or 5 (queens: both
// in one set; a queen pinned on a line has no diagonal move, one pinned on
// a diagonal no line move). Its callers pass `kind` as a constant, so a
// bishop's or a rook's source computes one set of targets.
fn bf_add_sliders(src: ptr<function, Sources>, c: Ctx, pieces: vec2<u32>, kind: u32) {
    var s = pieces;
    while nz(s) {
        let fsq = lsb(s);
        let f = sqbb(fsq);
        s ^= f;
        let td = msk(line_targets(c, f, true), kind == 3u || (kind == 5u && !nz(f & c.pin_hv)));
        let tl = msk(line_targets(c, f, false), kind == 4u || (kind == 5u && !nz(f & c.pin_d)));
        bf_add(src, td | tl, fsq, kind);
    }
}

fn bf_sources(q: Pos, c: Ctx) -> Sources {
    var src: Sources;
    src.n = 0u;
    let w = c.white;
    let ps = pawn_sets(q, c);
    // en passant: the pawns of ep_from take along their capture direction
    let epb = msk(sqbb(c.ep_sq), c.ep_sq < 64u);
    let ep_a = msk(epb, nz(pawn_cap_a(c.ep_from, w) & epb));
    let ep_h = msk(epb, nz(pawn_cap_h(c.ep_from, w) & epb));
    // offset back from a target to its pawn: -8, -16, -7, -9 for white
    bf_add(&src, ps.push, select(8u, 56u, w) | BF_PAWN_DIR, 1u);
    bf_add(&src, ps.double, select(16u, 48u, w) | BF_PAWN_DIR, 1u);
    bf_add(&src, ps.cap_a | ep_a, select(9u, 57u, w) | BF_PAWN_DIR, 1u);
    bf_add(&src, ps.cap_h | ep_h, select(7u, 55u, w) | BF_PAWN_DIR, 1u);
    var s = c.us & q.n & ~(c.pin_hv | c.pin_d);
    while nz(s) {
        let fsq = lsb(s);
        s ^= sqbb(fsq);
        bf_add(&src, knight_targets(c, sqbb(fsq)), fsq, 2u);
    }
    bf_add_sliders(&src, c, c.us & q.b & ~q.r & ~c.pin_hv, 3u);
    bf_add_sliders(&src, c, c.us & q.r & ~q.b & ~c.pin_d, 4u);
    bf_add_sliders(&src, c, c.us & q.b & q.r, 5u);
    bf_add(&src, king_targets(q, c), c.ksq, 6u);
    return src;
}

// Source i of src as (targets, origin, kind), its targets empty past the last.
fn bf_source(src: ptr<function, Sources>, i: u32) -> vec4<u32> {
    let j = min(i, BF_SOURCES - 1u);
    let m = (*src).m[j];
    return vec4<u32>(msk((*src).t[j], i < (*src).n), m & 255u, m >> 8u);
}

// Every legal move of q: fused = true plays it and adds the child's legal
// move count (returned as (lo, hi)); fused = false writes the child at
// bf_dst[out + k] for k < limit and returns (number of moves, 0).
// Each loop turn makes exactly one move per active invocation, so the heavy
// part runs with all invocations that still have moves. The loop tests at its
// end whether a move is left: SwiftShader runs a loop's body until no
// invocation goes on, so a test at the top ran one more whole turn (a child
// count) for nothing, per four invocations.
fn bf_walk(q: Pos, fused: bool, out: u32, limit: u32) -> vec2<u32> {
    let c = bf_setup(q);
    var src = bf_sources(q, c);
    // the other king, which no move of this side moves
    let geo = bf_king_geo(king_square(q, !c.white), !c.white);
    var lo = 0u;
    var hi = 0u;
    var k = 0u;
    var e = bf_source(&src, 0u);
    var next = 1u;
    var promo = 0u;
    if nz(e.xy) {
        loop {
            let to = lsb(e.xy);
            let fsq = select(e.z & 63u, (to + e.z) & 63u, (e.z & BF_PAWN_DIR) != 0u);
            var v = classify(q, c, fsq, to, e.w);
            v.promo = promo;
            let child = play_side(q, v, BF_WHITE);
            if fused {
                let n = bf_count_with(child, bf_setup_geo(child, geo, !BF_WHITE));
                lo += n;
                hi += select(0u, 1u, lo < n);
            } else {
                if k < limit {
                    if BF_MERGE {
                        bf_store(out + k, bf_canon(child, geo));
                    } else {
                        bf_store(out + k, child);
                    }
                }
                k += 1u;
            }
            // the next move: the next promotion piece, target or source
            if (v.sp == SP_PROMO) && (promo < 3u) {
                promo += 1u;
            } else {
                promo = 0u;
                e = vec4<u32>(e.xy ^ low_bit(e.xy), e.zw);
            }
            if !nz(e.xy) {
                e = bf_source(&src, next);
                next += 1u;
            }
            continuing {
                break if !nz(e.xy);
            }
        }
    }
    if !fused {
        lo = k;
    }
    return vec2<u32>(lo, hi);
}

// ------------------------------------------------------ checks and pins

// setup with the checks and pins found from the enemy sliders that stand on
// one of the king's four lines (usually none or one or two), one loop turn
// each: the squares between king and slider hold no piece (a check) or one
// piece of ours (a pin). The depth-first kernels' setup takes two fills per
// direction (16) instead; the resulting Ctx is the same, plus pin_slide
// (the pin rays whose pinned piece may slide along them) and ep_from (our
// pawns that may take en passant: in the same loop, a slider attacks the
// king after the capture when the squares between hold nothing then, and a
// knight's check or another pawn's stays; no ep_legal fills).
fn bf_setup(q: Pos) -> Ctx {
    return bf_setup_geo(q, bf_king_geo(king_square(q, BF_WHITE), BF_WHITE), BF_WHITE);
}

// What checks and pins depend on besides the pieces: the squares from which
// a knight or a pawn gives check to the king on `ks`, its lines and the
// squares around it. The fused leaf computes them once per position for the
// king of the side that does not move, whose children all share them.
struct KingGeo {
    kz: vec2<u32>,
    knights: vec2<u32>,
    pawns: vec2<u32>,
    rank: vec2<u32>,
    file: vec2<u32>,
    dg: vec2<u32>,
    ad: vec2<u32>,
    // the squares above the king's (a higher index)
    above: vec2<u32>,
}

fn bf_king_geo(ks: u32, white: bool) -> KingGeo {
    let k = sqbb(ks);
    return KingGeo(king_att(k), knight_att(k), pawn_att(k, white), rank_line(ks), file_line(ks),
        diag_line(ks, false), diag_line(ks, true), mask_ge(ks + 1u));
}

fn bf_setup_geo(q: Pos, g: KingGeo, white: bool) -> Ctx {
    var c = setup_sides(q, white);
    c.kz = g.kz;
    let k = c.kbb;
    var cm = (g.knights & c.them & q.n) | (g.pawns & c.them & q.p);
    var nchk = popc(cm);
    let rank = g.rank;
    let file = g.file;
    let dg = g.dg;
    let ad = g.ad;
    let hv = rank | file;
    var cand = (c.them & q.r & hv) | (c.them & q.b & (dg | ad));
    var phv = ZERO;
    var pd = ZERO;
    var slide = ZERO;
    // en passant: at most two of our pawns may take, a and h (the lower and
    // the higher square); the occupancy after each capture
    let epb = msk(sqbb(c.ep_sq), c.ep_sq < 64u);
    let capb = msk(sqbb(select(c.ep_sq + 8u, c.ep_sq - 8u, c.white)), c.ep_sq < 64u);
    // our pawns beside the pawn to be taken
    let ep_cands = (((capb * 2u) & NOT_A) | ((capb >> vec2<u32>(1u)) & NOT_H)) & c.us & q.p;
    let ep_a = low_bit(ep_cands);
    let ep_h = ep_cands ^ ep_a;
    let occ_a = (c.occ ^ ep_a ^ capb) | epb;
    let occ_h = (c.occ ^ ep_h ^ capb) | epb;
    // a knight's check, or a pawn's other than the one taken, stays
    var ep_hit_a = nz(cm & ~capb);
    var ep_hit_h = ep_hit_a;
    while nz(cand) {
        let sb = low_bit(cand);
        cand ^= sb;
        let on_hv = nz(sb & hv);
        let line = select(select(ad, dg, nz(sb & dg)), select(file, rank, nz(sb & rank)), on_hv);
        // the squares between: below the slider and above the king, or above
        // the slider and below the king (no square index, no shift)
        let below = dec(sb);
        let between = line & select(~g.above & ~k & ~below & ~sb, g.above & below, nz(sb & g.above));
        let blockers = between & c.occ;
        let ray = between | sb;
        let is_chk = !nz(blockers);
        let is_pin = nz(blockers & c.us) & !nz(blockers & dec(blockers));
        let pin = msk(ray, is_pin);
        cm |= msk(ray, is_chk);
        nchk += select(0u, 1u, is_chk);
        phv |= msk(pin, on_hv);
        pd |= msk(pin, !on_hv);
        // a rook-like pinned on a rank or file, a bishop-like on a diagonal
        slide |= msk(pin, nz(blockers & select(q.b, q.r, on_hv)));
        // after en passant, this slider attacks the king when nothing is between
        ep_hit_a = ep_hit_a | !nz(between & occ_a);
        ep_hit_h = ep_hit_h | !nz(between & occ_h);
    }
    c.checkmask = select(select(cm, ZERO, nchk > 1u), ALL, nchk == 0u);
    c.nchk = nchk;
    c.pin_hv = phv;
    c.pin_d = pd;
    c.pin_slide = slide;
    c.ep_from = msk(ep_a, !ep_hit_a) | msk(ep_h, !ep_hit_h);
    // after the loop: SwiftShader keeps the values that live across a loop
    // in memory (docs/performance.md)
    c.danger = danger_map(q, c);
    return c;
}

// The legal move count. In double check the check mask is empty, so only
// the king's moves count, with no branch (SwiftShader runs every `if` body,
// taken or not, masked lane by lane; a GPU whose invocations diverge runs
// the bodies any of them takes). A pinned slider moves along its pin ray
// only: every square of the ray but its own (the pinner included), all
// pinned sliders in one popcount.
fn bf_count_legal(q: Pos) -> u32 {
    return bf_count_with(q, bf_setup(q));
}

// bf_count_legal with the checks and pins already found (c).
fn bf_count_with(q: Pos, c: Ctx) -> u32 {
    return count_king_pawns_knights(q, c) + popc(c.ep_from) + count_sliders_free(q, c)
        + popc(c.pin_slide & ~c.us & c.checkmask);
}

// ------------------------------------------------------- scan and reduce

// Exclusive scan of v over the workgroup (Hillis-Steele, ping-pong halves).
// Call in uniform control flow.
fn bf_scan_wg(li: u32, v: u32) -> u32 {
    var src = 0u;
    bf_sh[li] = v;
    workgroupBarrier();
    for (var d = 1u; d < BWG; d <<= 1u) {
        var x = bf_sh[src * BWG + li];
        if li >= d {
            x += bf_sh[src * BWG + li - d];
        }
        src ^= 1u;
        bf_sh[src * BWG + li] = x;
        workgroupBarrier();
    }
    let incl = bf_sh[src * BWG + li];
    workgroupBarrier();
    return incl - v;
}

// What to add to the high word of a 64-bit sum once v.x was added to its
// low word, which held `old` before: v.y and the carry.
fn carry_hi(old: u32, v: vec2<u32>) -> u32 {
    return v.y + select(0u, 1u, old + v.x < old);
}

// Adds (lo, hi) to acc[0], acc[1].
fn bf_add_count(v: vec2<u32>) {
    let hi = carry_hi(atomicAdd(&bf_acc[0], v.x), v);
    if hi != 0u {
        atomicAdd(&bf_acc[1], hi);
    }
}

// The leaf kernels' counts into acc. On a GPU, summed in the workgroup first
// (bf_reduce), so that one invocation in BWG touches the atomics. On a
// software adapter each invocation adds its own: SwiftShader runs a kernel
// that has a barrier as coroutines that switch at every barrier
// (docs/performance.md). BF_DIRECT is a constant, so the compiler drops the
// other branch and its barriers.
fn bf_total(li: u32, v: vec2<u32>) {
    if BF_DIRECT {
        bf_add_count(v);
    } else {
        bf_reduce(li, v);
    }
}

// Adds the (lo, hi) pairs of the workgroup exactly (tree with carry), then
// invocation 0 adds the sum to acc (bf_add_count). Call in uniform control
// flow.
fn bf_reduce(li: u32, v: vec2<u32>) {
    bf_sh[li] = v.x;
    bf_sh[BWG + li] = v.y;
    workgroupBarrier();
    for (var s = BWG / 2u; s > 0u; s >>= 1u) {
        if li < s {
            let a = bf_sh[li];
            let lo = a + bf_sh[li + s];
            bf_sh[li] = lo;
            bf_sh[BWG + li] = bf_sh[BWG + li] + bf_sh[BWG + li + s] + select(0u, 1u, lo < a);
        }
        workgroupBarrier();
    }
    if li == 0u {
        bf_add_count(vec2<u32>(bf_sh[0], bf_sh[BWG]));
    }
}

// ---------------------------------------------------------- entry points

@compute @workgroup_size(BWG)
fn bf_count_scan(id: BfIds) {
    // a level is scanned whole, in dispatches whose base is a multiple of BWG
    let i = bf_index(id);
    var n = 0u;
    if i < bf.count {
        n = bf_count_legal(bf_load(bf.base + i));
    }
    let excl = bf_scan_wg(id.li, n);
    if i < bf.count {
        bf_offs[bf.base + i] = excl;
    }
    // (a 2-D dispatch may have workgroups past the last block)
    let blk = bf_block(id);
    if id.li == BWG - 1u && blk * BWG < bf.count {
        bf_blocks[bf.base / BWG + blk] = excl + n;
    }
}

@compute @workgroup_size(BWG)
fn bf_block_scan(@builtin(local_invocation_index) li: u32) {
    let nb = bf.nblocks;
    var carry = 0u;
    for (var b = 0u; b < nb; b += BWG) {
        let j = b + li;
        var v = 0u;
        if j < nb {
            v = bf_blocks[j];
        }
        let excl = bf_scan_wg(li, v);
        if j < nb {
            bf_blocks[j] = excl + carry;
        }
        if li == BWG - 1u {
            bf_sh[0] = excl + v;
        }
        workgroupBarrier();
        carry += bf_sh[0];
        workgroupBarrier();
    }
    if li == 0u {
        atomicStore(&bf_acc[2], carry);
    }
}

@compute @workgroup_size(BWG)
fn bf_expand(id: BfIds) {
    let i = bf_index(id);
    // a new range: no misses listed yet (the lookups come in a later dispatch)
    if i == 0u {
        atomicStore(&bf_acc[9], 0u);
        atomicStore(&bf_acc[10], 0u);
    }
    if i >= bf.count {
        return;
    }
    let j = bf.base + i;
    bf_mult = bf_mult_of(j);
    let off = bf_offs[j] + bf_blocks[j / BWG] - bf.sub;
    let limit = select(0u, bf.cap - off, off < bf.cap);
    bf_walk(bf_load(j), false, off, limit);
}

// The leaf pieces' indirect arguments for a level of acc[2] positions (the
// block scan's total; acc[counter] where counter is not 0: the misses or
// the waiters the table's lookups listed): piece p covers positions
// p * base .. (p + 1) * base, the last one the rest; x at most `sub`
// workgroups (the adapter's limit). count: the pieces, cap: the level's
// capacity.
@compute @workgroup_size(BWG)
fn bf_leaf_args(@builtin(local_invocation_index) li: u32) {
    let total = atomicLoad(&bf_acc[select(2u, bf.counter, bf.counter != 0u)]);
    let fits = total <= bf.cap;
    if li == 0u {
        atomicStore(&bf_acc[3], select(0u, total, fits));
        if !fits {
            atomicAdd(&bf_acc[8], 1u);
        }
    }
    for (var p = li; p < bf.count; p += BWG) {
        let first = p * bf.base;
        var n = 0u;
        if fits && total > first {
            n = total - first;
            if p + 1u < bf.count {
                n = min(n, bf.base);
            }
        }
        let groups = (n + BWG - 1u) / BWG;
        let x = min(groups, bf.sub);
        bf_args[3u * p] = x;
        bf_args[3u * p + 1u] = select(0u, (groups + x - 1u) / x, x > 0u);
        bf_args[3u * p + 2u] = 1u;
    }
}

// The leaf kernel: each position of the dispatch counted, times its
// multiplicity, into acc; how, its pipeline constant BF_LEAF_MODE says
// (the host builds one pipeline per mode, gpu/breadth_first/kernels.rs):
// 0 the last two plies fused, 1 the last ply, 2 the last two through the
// table, 3 the table's lookups alone (a hit counted; a miss claims its
// entry and is listed in bf_dst's first half; a position whose entry
// another copy of it claimed waits, listed in the second half), 4 the
// listed misses walked and stored, 5 the waiters' counts read (or walked,
// where a collision took their entry): so that an invocation walks only
// beside others that walk (in modes 2 and 0 a lane that found its count
// idles while the rest of its group walks). A pipeline constant, not the
// uniform: SwiftShader runs an `if` body even when its condition is false
// for every invocation (a mode read
// from the uniform made the count-only mode pay a whole walk's set-up per
// position, 5x its own work), and not a constant argument of one shared
// body either (every mode's code stays in each kernel until the argument
// folds: SwiftShader took about twice as long to build them). A pipeline
// constant is folded before the kernel is compiled.
override BF_LEAF_MODE: u32 = 0u;

@compute @workgroup_size(BWG)
fn bf_leaf(id: BfIds) {
    let i = bf_index(id);
    var r = vec2<u32>(0u, 0u);
    if BF_LEAF_MODE == 4u || BF_LEAF_MODE == 5u {
        let j = bf.base + i;
        let listed = atomicLoad(&bf_acc[BF_LEAF_MODE + 5u]);
        if i < bf.count && j < listed {
            let src = bf_dst[select(0u, arrayLength(&bf_dst) / 2u, BF_LEAF_MODE == 5u) + j];
            r = bf_weigh(src, bf_listed(bf_load(src)));
        }
    } else if i < bf_limit() {
        let q = bf_load(bf.base + i);
        if BF_LEAF_MODE == 1u {
            r = vec2<u32>(bf_count_legal(q), 0u);
        } else if BF_LEAF_MODE == 2u {
            r = bf_probe(q);
        } else if BF_LEAF_MODE == 3u {
            r = bf_lookup_or_list(q, bf.base + i);
        } else {
            r = bf_walk(q, true, 0u, 0u);
        }
        r = bf_weigh(bf.base + i, r);
    }
    bf_total(id.li, r);
}

// ------------------------------------------------ transposition table

// The Zobrist hash of a position: (key lo, key hi, check), each the xor of
// the keys of the squares set in each of its five boards, of its info
// word's four bytes, and of the side to move. The check word comes from an
// independent set of keys.
fn bf_hash_board(bb: vec2<u32>, board: u32, h: vec3<u32>) -> vec3<u32> {
    var m = bb;
    var out = h;
    while nz(m) {
        out ^= bf_key(64u * board + lsb(m));
        m ^= low_bit(m);
    }
    return out;
}

// Key k: (key lo, key hi, check).
fn bf_key(k: u32) -> vec3<u32> {
    return vec3<u32>(bf_keys[3u * k], bf_keys[3u * k + 1u], bf_keys[3u * k + 2u]);
}

fn bf_hash(q: Pos) -> vec3<u32> {
    var h = vec3<u32>(0u, 0u, 0u);
    h = bf_hash_board(q.w, 0u, h);
    h = bf_hash_board(q.p, 1u, h);
    h = bf_hash_board(q.n, 2u, h);
    h = bf_hash_board(q.b, 3u, h);
    h = bf_hash_board(q.r, 4u, h);
    for (var j = 0u; j < 4u; j++) {
        h ^= bf_key(320u + 256u * j + ((q.info >> (8u * j)) & 255u));
    }
    if !BF_WHITE {
        h ^= bf_key(320u + 1024u);
    }
    return h;
}

// One more in the 64-bit tally acc[j] (lo), acc[j + 2] (hi).
fn bf_tally(j: u32) {
    if atomicAdd(&bf_acc[j], 1u) == 0xffffffffu {
        atomicAdd(&bf_acc[j + 2u], 1u);
    }
}

// The depth an entry counts, folded into its check word: this table holds
// two-ply counts only (the fused leaf's).
const BF_TT_DEPTH: u32 = 0x20000000u;

// The fused leaf's count of q through the transposition table: taken from
// the table when an entry's key (64 bits), check word (32) and depth all
// match; else counted and stored. Each word of an entry holds its value
// xor the count (written last-to-first, read with atomics), so an entry
// torn by two writers fails the match instead of giving a wrong count.
// One hit or miss per position into acc[4], acc[5].
fn bf_probe(q: Pos) -> vec2<u32> {
    let h = bf_hash(q);
    let found = bf_tt_find(h);
    if found.x == 1u {
        bf_tally(4u);
        return vec2<u32>(found.y, 0u);
    }
    let r = bf_walk(q, true, 0u, 0u);
    bf_tt_store(h, r.x);
    bf_tally(5u);
    return r;
}

// The first word of hash h's entry.
fn bf_tt_entry(h: vec3<u32>) -> u32 {
    return 4u * (h.x & (arrayLength(&bf_tt) / 4u - 1u));
}

// (1, count) when hash h's entry holds a count for it (key, check word
// and depth all match), else (0, 0).
fn bf_tt_find(h: vec3<u32>) -> vec2<u32> {
    let e = bf_tt_entry(h);
    let n = atomicLoad(&bf_tt[e + 3u]);
    let hit = atomicLoad(&bf_tt[e]) == (h.x ^ n)
        && atomicLoad(&bf_tt[e + 1u]) == (h.y ^ n)
        && atomicLoad(&bf_tt[e + 2u]) == (h.z ^ n ^ BF_TT_DEPTH);
    return select(vec2<u32>(0u, 0u), vec2<u32>(1u, n), hit);
}

// Count n stored for hash h, last word first.
fn bf_tt_store(h: vec3<u32>, n: u32) {
    let e = bf_tt_entry(h);
    atomicStore(&bf_tt[e + 3u], n);
    atomicStore(&bf_tt[e + 2u], h.z ^ n ^ BF_TT_DEPTH);
    atomicStore(&bf_tt[e + 1u], h.y ^ n);
    atomicStore(&bf_tt[e], h.x ^ n);
}

// The count an entry holds while the position that claimed it is walked
// (no two-ply count comes near it).
const BF_CLAIMED: u32 = 0xffffffffu;

// BF_LEAF_MODE 3: q's count from the table; else 0, and q's index `src`
// listed in bf_dst: as a waiter (second half, counted in acc[10]) when
// another copy of q claimed the entry, else as a miss (first half, acc[9])
// that claims it.
fn bf_lookup_or_list(q: Pos, src: u32) -> vec2<u32> {
    let h = bf_hash(q);
    let found = bf_tt_find(h);
    if found.x == 1u {
        bf_tally(4u);
        if found.y != BF_CLAIMED {
            return vec2<u32>(found.y, 0u);
        }
        bf_dst[arrayLength(&bf_dst) / 2u + atomicAdd(&bf_acc[10], 1u)] = src;
        return vec2<u32>(0u, 0u);
    }
    bf_tally(5u);
    bf_tt_store(h, BF_CLAIMED);
    bf_dst[atomicAdd(&bf_acc[9], 1u)] = src;
    return vec2<u32>(0u, 0u);
}

// BF_LEAF_MODE 4 (a miss: walked, its count stored) and 5 (a waiter: its
// count from the table, walked where the entry holds another position).
fn bf_listed(q: Pos) -> vec2<u32> {
    let h = bf_hash(q);
    if BF_LEAF_MODE == 5u {
        let found = bf_tt_find(h);
        if found.x == 1u && found.y != BF_CLAIMED {
            return vec2<u32>(found.y, 0u);
        }
    }
    let r = bf_walk(q, true, 0u, 0u);
    if BF_LEAF_MODE == 4u {
        bf_tt_store(h, r.x);
    }
    return r;
}

// A test hook (gpu/breadth_first/mod.rs, `reduce`): native builds only, build.rs
// leaves the block out of the page's copy.
//@@BEGIN NATIVE
@compute @workgroup_size(BWG)
fn bf_reduce_test(id: BfIds) {
    let i = bf_index(id);
    var r = vec2<u32>(0u, 0u);
    if i < bf.count {
        r = vec2<u32>(bf_src[2u * i], bf_src[2u * i + 1u]);
    }
    bf_total(id.li, r);
}
//@@END NATIVE
