// bitscope GPU perft kernel, part 2 of 3: 64-bit boards as vec2<u32>.
//
// The host appends this file to perft.wgsl (gpu/pipeline.rs, PERFT_WGSL);
// WGSL declarations may come in any order, so the kernel calls these helpers
// from above. x = squares 0..31, y = squares 32..63; a1 = bit 0, h8 = bit 63.

const ZERO: vec2<u32> = vec2<u32>(0u, 0u);
const ALL: vec2<u32> = vec2<u32>(0xffffffffu, 0xffffffffu);
const NOT_A: vec2<u32> = vec2<u32>(0xfefefefeu, 0xfefefefeu);
const NOT_H: vec2<u32> = vec2<u32>(0x7f7f7f7fu, 0x7f7f7f7fu);
const NOT_AB: vec2<u32> = vec2<u32>(0xfcfcfcfcu, 0xfcfcfcfcu);
const NOT_GH: vec2<u32> = vec2<u32>(0x3f3f3f3fu, 0x3f3f3f3fu);
const RANK_1_8: vec2<u32> = vec2<u32>(0x000000ffu, 0xff000000u);
const RANK_3: vec2<u32> = vec2<u32>(0x00ff0000u, 0u);
const RANK_6: vec2<u32> = vec2<u32>(0u, 0x0000ff00u);

// ---------------------------------------------------------------- bitboards

fn sqbb(s: u32) -> vec2<u32> {
    let b = 1u << (s & 31u);
    return select(vec2<u32>(0u, b), vec2<u32>(b, 0u), s < 32u);
}

fn nz(b: vec2<u32>) -> bool {
    return (b.x | b.y) != 0u;
}

fn popc(b: vec2<u32>) -> u32 {
    return countOneBits(b.x) + countOneBits(b.y);
}

// Index of the lowest set bit; b must be non-zero.
fn lsb(b: vec2<u32>) -> u32 {
    return select(32u + countTrailingZeros(b.y), countTrailingZeros(b.x), b.x != 0u);
}

// The lowest set bit of b alone.
fn low_bit(b: vec2<u32>) -> vec2<u32> {
    return select(vec2<u32>(0u, b.y & (0u - b.y)), vec2<u32>(b.x & (0u - b.x), 0u), b.x != 0u);
}

// b - 1 as a 64-bit number: for one square, the squares below it.
fn dec(b: vec2<u32>) -> vec2<u32> {
    return vec2<u32>(b.x - 1u, b.y - select(0u, 1u, b.x == 0u));
}

// Squares >= s (s may be 64: none).
fn mask_ge(s: u32) -> vec2<u32> {
    let lo = select(0u, 0xffffffffu << (s & 31u), s < 32u);
    let hi = select(select(0u, 0xffffffffu << (s & 31u), s < 64u), 0xffffffffu, s < 32u);
    return vec2<u32>(lo, hi);
}

fn msk(b: vec2<u32>, keep: bool) -> vec2<u32> {
    return select(ZERO, b, keep);
}

// The board turned 180 degrees (a1 <-> h8, square s <-> 63 - s): south
// becomes north and west east. SwiftShader's reverseBits is ten shifts by
// constants, which stay vector instructions; a shift written in WGSL does
// not (see shl).
//   . . 1 .        . . . .
//   1 . . .   ->   . . . .
//   . . . .        . . . 1
//   . . . .        . 1 . .
fn rot(b: vec2<u32>) -> vec2<u32> {
    return vec2<u32>(reverseBits(b.y), reverseBits(b.x));
}

// The lines through square s on an empty board. A diagonal is the main one
// (a1-h8, or a8-h1 for `anti`) moved d files sideways: each word shifted by
// |d| < 8, and the bits that crossed into the next rank cleared per byte.
fn rank_line(s: u32) -> vec2<u32> {
    let b = 0xffu << (8u * ((s >> 3u) & 3u));
    return select(vec2<u32>(0u, b), vec2<u32>(b, 0u), s < 32u);
}

fn file_line(s: u32) -> vec2<u32> {
    let b = 0x01010101u << (s & 7u);
    return vec2<u32>(b, b);
}

fn diag_line(s: u32, anti: bool) -> vec2<u32> {
    let r = i32(s >> 3u);
    let f = i32(s & 7u);
    let base = select(vec2<u32>(0x08040201u, 0x80402010u), vec2<u32>(0x10204080u, 0x01020408u), anti);
    let d = select(f - r, f + r - 7, anti);
    let n = u32(abs(d));
    let left = (base << vec2<u32>(n)) & vec2<u32>(((0xffu << n) & 0xffu) * 0x01010101u);
    let right = (base >> vec2<u32>(n)) & vec2<u32>((0xffu >> n) * 0x01010101u);
    return select(right, left, d >= 0);
}

// 64-bit shifts by constants: `shl`/`shr` for 0 < n < 32, `shr_hi` for
// 32 <= n < 64 (no branches, every call site passes a constant). A left
// shift is written as a multiplication by 2^n: on SwiftShader that is much
// the cheaper of the two (docs/performance.md, "Multiplications over
// shifts"); a GPU does either in one instruction.
fn shl(v: vec2<u32>, n: u32) -> vec2<u32> {
    let m = 1u << n;
    return vec2<u32>(v.x * m, (v.y * m) | (v.x >> (32u - n)));
}
fn shr(v: vec2<u32>, n: u32) -> vec2<u32> {
    return vec2<u32>((v.x >> n) | (v.y * (1u << (32u - n))), v.y >> n);
}
fn shr_hi(v: vec2<u32>, n: u32) -> vec2<u32> {
    return vec2<u32>(v.y >> (n - 32u), 0u);
}

// Kogge-Stone occluded fills: the squares attacked from `g` in one direction
// through the empty squares `e` (the first blocker included).
//
// North, north-east and north-west fill each word alone (four ranks: two
// steps reach three squares), by multiplications; the rays that leave the
// low word's rank 4 enter the high word's rank 5 (`up`, the one shift) and
// go on there with its own generators. The 64-bit shl would carry between
// the words at every step.
fn fill_word(g: u32, p: u32, m: u32) -> u32 {
    let gen = g | (p & (g * m));
    return gen | (p & (p * m) & (gen * (m * m)));
}

fn att_n(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    let lo = fill_word(g.x, e.x, 256u);
    let up = lo >> 24u;
    let hi = fill_word(g.y | (up & e.y), e.y, 256u);
    return vec2<u32>(lo * 256u, (hi * 256u) | up);
}

// South, south-east and south-west: the fill towards the low bits, `s`
// squares a step (8, 7, 9) through `p`, the squares a ray may enter. Its
// callers pass `s` as a constant, so each shift below is one by a constant
// once the compiler has inlined the call (its 4s-square step is the one
// that may cross from the high word to the low: 28, 32, 36).
fn fill_down(g: vec2<u32>, p: vec2<u32>, s: u32) -> vec2<u32> {
    var pro = p;
    var gen = g | (pro & shr(g, s));
    pro &= shr(pro, s);
    gen |= pro & shr(gen, 2u * s);
    pro &= shr(pro, 2u * s);
    if 4u * s < 32u {
        gen |= pro & shr(gen, 4u * s);
    } else {
        gen |= pro & shr_hi(gen, 4u * s);
    }
    return shr(gen, s);
}

fn att_s(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    return fill_down(g, e, 8u);
}

// East and west never cross from one word to the other: a bit shifted
// across (h4 to a5-d5, or a5 to e4-h4) lands on a square the file mask has
// cleared from `pro` (and a square reached only through those), so each word
// shifts alone, half the operations of shl / shr.
//
// East is towards the higher bits, so it needs no shift at all: in each
// rank, o - 2s borrows from the bit above the slider s up to the first
// occupied square, which it clears, and xor with o keeps exactly those
// squares. The h-file counts as occupied, so no borrow leaves its rank, and
// sliders on it (no moves east) are left out; each word alone.
//   o  = 1 0 0 1 0 0 0 1   (h..a, s on b)      o - 2s = 1 0 0 0 1 1 1 1
//   o ^ (o - 2s)         = 0 0 0 1 1 1 1 0   c d e attacked, e the blocker
// The sliders count as occupied, so that each borrow stops at the next one.
fn att_e(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    let o = ~e | g | ~NOT_H;
    let s = g & NOT_H;
    return o ^ (o - (s + s));
}

fn att_w(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    var pro = e & NOT_H;
    var gen = g | (pro & (g >> vec2<u32>(1u)));
    pro &= pro >> vec2<u32>(1u);
    gen |= pro & (gen >> vec2<u32>(2u));
    pro &= pro >> vec2<u32>(2u);
    gen |= pro & (gen >> vec2<u32>(4u));
    return (gen >> vec2<u32>(1u)) & NOT_H;
}

fn att_ne(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    let p = e & NOT_A;
    let lo = fill_word(g.x, p.x, 512u);
    // a4..g4 -> b5..h5
    let up = (lo >> 23u) & 0xfeu;
    let hi = fill_word(g.y | (up & p.y), p.y, 512u);
    return vec2<u32>((lo * 512u) & NOT_A.x, ((hi * 512u) & NOT_A.y) | up);
}

fn att_nw(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    let p = e & NOT_H;
    let lo = fill_word(g.x, p.x, 128u);
    // b4..h4 -> a5..g5
    let up = lo >> 25u;
    let hi = fill_word(g.y | (up & p.y), p.y, 128u);
    return vec2<u32>((lo * 128u) & NOT_H.x, ((hi * 128u) & NOT_H.y) | up);
}

fn att_se(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    return fill_down(g, e & NOT_A, 7u) & NOT_A;
}

fn att_sw(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    return fill_down(g, e & NOT_H, 9u) & NOT_H;
}

fn rook_att(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    return att_n(g, e) | att_s(g, e) | att_e(g, e) | att_w(g, e);
}

fn bishop_att(g: vec2<u32>, e: vec2<u32>) -> vec2<u32> {
    return att_ne(g, e) | att_nw(g, e) | att_se(g, e) | att_sw(g, e);
}

fn knight_att(b: vec2<u32>) -> vec2<u32> {
    // sideways steps: each word alone, as in att_e / att_w
    let l1 = (b >> vec2<u32>(1u)) & NOT_H;
    let l2 = (b >> vec2<u32>(2u)) & NOT_GH;
    let r1 = (b * 2u) & NOT_A;
    let r2 = (b * 4u) & NOT_AB;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    return shl(h1, 16u) | shr(h1, 16u) | shl(h2, 8u) | shr(h2, 8u);
}

fn king_att(b: vec2<u32>) -> vec2<u32> {
    let row = b | ((b * 2u) & NOT_A) | ((b >> vec2<u32>(1u)) & NOT_H);
    return (row | shl(row, 8u) | shr(row, 8u)) & ~b;
}

// Pawn steps of one colour: forward, capture towards the a-file, towards the h-file.
fn pawn_fwd(b: vec2<u32>, white: bool) -> vec2<u32> {
    return select(shr(b, 8u), shl(b, 8u), white);
}
fn pawn_cap_a(b: vec2<u32>, white: bool) -> vec2<u32> {
    return select(shr(b, 9u), shl(b, 7u), white) & NOT_H;
}
fn pawn_cap_h(b: vec2<u32>, white: bool) -> vec2<u32> {
    return select(shr(b, 7u), shl(b, 9u), white) & NOT_A;
}
fn pawn_att(b: vec2<u32>, white: bool) -> vec2<u32> {
    return pawn_cap_a(b, white) | pawn_cap_h(b, white);
}
