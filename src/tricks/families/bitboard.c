/* family: bitboard — Bitboard idioms for 8x8 boards */
/* A bitboard is an unsigned long long with one bit per square, little-
   endian rank-file mapping: a1 is bit 0, h1 bit 7, a8 bit 56, h8 bit 63;
   square = 8 * rank + file. North is +8, east is +1. The specs walk the
   64 squares with their rank and file; the tricks move all squares at once
   and mask off the files that a sideways shift would wrap onto. */

unsigned long long bb_north_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if (((b >> sq) & 1) && sq / 8 < 7)
            r |= 1ULL << (sq + 8);
    return r;
}

unsigned long long bb_south_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if (((b >> sq) & 1) && sq / 8 > 0)
            r |= 1ULL << (sq - 8);
    return r;
}

unsigned long long bb_east_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if (((b >> sq) & 1) && sq % 8 < 7)
            r |= 1ULL << (sq + 1);
    return r;
}

unsigned long long bb_west_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if (((b >> sq) & 1) && sq % 8 > 0)
            r |= 1ULL << (sq - 1);
    return r;
}

unsigned long long bb_northeast_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if (((b >> sq) & 1) && sq / 8 < 7 && sq % 8 < 7)
            r |= 1ULL << (sq + 9);
    return r;
}

unsigned long long bb_northwest_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if (((b >> sq) & 1) && sq / 8 < 7 && sq % 8 > 0)
            r |= 1ULL << (sq + 7);
    return r;
}

unsigned long long bb_southeast_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if (((b >> sq) & 1) && sq / 8 > 0 && sq % 8 < 7)
            r |= 1ULL << (sq - 7);
    return r;
}

unsigned long long bb_southwest_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if (((b >> sq) & 1) && sq / 8 > 0 && sq % 8 > 0)
            r |= 1ULL << (sq - 9);
    return r;
}

unsigned long long bb_north_fill_spec(unsigned long long b)
{
    /* Every square on or north of a set square, same file. */
    unsigned long long r = 0;
    int sq;
    int s;
    for (sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1)
            for (s = sq; s < 64; s += 8)
                r |= 1ULL << s;
    return r;
}

unsigned long long bb_south_fill_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    int s;
    for (sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1)
            for (s = sq; s >= 0; s -= 8)
                r |= 1ULL << s;
    return r;
}

unsigned long long bb_north_occluded_spec(unsigned long long gen, unsigned long long pro)
{
    /* The generators, and the squares reached by stepping north from them
       through squares of pro only. */
    unsigned long long r = gen;
    int sq;
    int s;
    for (sq = 0; sq < 64; sq++) {
        if ((gen >> sq) & 1) {
            for (s = sq + 8; s < 64; s += 8) {
                if (((pro >> s) & 1) == 0)
                    break;
                r |= 1ULL << s;
            }
        }
    }
    return r;
}

unsigned long long bb_east_occluded_spec(unsigned long long gen, unsigned long long pro)
{
    /* The generators, and the squares reached by stepping east from them
       (same rank) through squares of pro only. */
    unsigned long long r = gen;
    int sq;
    int f;
    for (sq = 0; sq < 64; sq++) {
        if ((gen >> sq) & 1) {
            for (f = sq % 8 + 1; f < 8; f++) {
                int s = sq - sq % 8 + f;
                if (((pro >> s) & 1) == 0)
                    break;
                r |= 1ULL << s;
            }
        }
    }
    return r;
}

unsigned long long bb_north_attacks_spec(unsigned long long rooks, unsigned long long empty)
{
    /* The squares a rook attacks northward: up to and including the first
       square that is not empty. */
    unsigned long long r = 0;
    int sq;
    int s;
    for (sq = 0; sq < 64; sq++) {
        if ((rooks >> sq) & 1) {
            for (s = sq + 8; s < 64; s += 8) {
                r |= 1ULL << s;
                if (((empty >> s) & 1) == 0)
                    break;
            }
        }
    }
    return r;
}

unsigned long long bb_king_attacks_spec(unsigned long long k)
{
    unsigned long long r = 0;
    int sq;
    int dr;
    int df;
    for (sq = 0; sq < 64; sq++) {
        if (((k >> sq) & 1) == 0)
            continue;
        for (dr = -1; dr <= 1; dr++) {
            for (df = -1; df <= 1; df++) {
                int rank = sq / 8 + dr;
                int file = sq % 8 + df;
                if ((dr != 0 || df != 0) && rank >= 0 && rank < 8 && file >= 0 && file < 8)
                    r |= 1ULL << (8 * rank + file);
            }
        }
    }
    return r;
}

unsigned long long bb_knight_attacks_spec(unsigned long long n)
{
    unsigned long long r = 0;
    int sq;
    int dr;
    int df;
    for (sq = 0; sq < 64; sq++) {
        if (((n >> sq) & 1) == 0)
            continue;
        for (dr = -2; dr <= 2; dr++) {
            for (df = -2; df <= 2; df++) {
                int rank = sq / 8 + dr;
                int file = sq % 8 + df;
                if (dr * dr + df * df == 5 && rank >= 0 && rank < 8 && file >= 0 && file < 8)
                    r |= 1ULL << (8 * rank + file);
            }
        }
    }
    return r;
}

unsigned long long bb_flip_vertical_spec(unsigned long long b)
{
    /* Rank r goes to rank 7 - r. */
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1)
            r |= 1ULL << (8 * (7 - sq / 8) + sq % 8);
    return r;
}

unsigned long long bb_mirror_horizontal_spec(unsigned long long b)
{
    /* File f goes to file 7 - f. */
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1)
            r |= 1ULL << (8 * (sq / 8) + 7 - sq % 8);
    return r;
}

unsigned long long bb_flip_diag_spec(unsigned long long b)
{
    /* Square (rank, file) goes to (file, rank): a flip about a1-h8. */
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1)
            r |= 1ULL << (8 * (sq % 8) + sq / 8);
    return r;
}

unsigned long long bb_flip_antidiag_spec(unsigned long long b)
{
    /* Square (rank, file) goes to (7 - file, 7 - rank): a flip about a8-h1. */
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1)
            r |= 1ULL << (8 * (7 - sq % 8) + 7 - sq / 8);
    return r;
}

unsigned long long bb_rotate180_spec(unsigned long long b)
{
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1)
            r |= 1ULL << (63 - sq);
    return r;
}

unsigned long long bb_rotate90_spec(unsigned long long b)
{
    /* Clockwise: square (rank, file) goes to (7 - file, rank); a1 goes to a8. */
    unsigned long long r = 0;
    int sq;
    for (sq = 0; sq < 64; sq++)
        if ((b >> sq) & 1)
            r |= 1ULL << (8 * (7 - sq % 8) + sq / 8);
    return r;
}

/* @trick bb-north
 * title: Shift a bitboard one rank north
 * task: Move every square one rank up; the eighth rank falls off the top of the word.
 * aliases: north one; shift up; nortOne; pawn push; bitboard shift
 * spec: bb_north_spec
 * width: 64
 * restrict: none
 * ops: 1
 * from: Chess Programming Wiki (general setwise operations: one step only)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_north(unsigned long long b)
{
    return b << 8;
}

/* @trick bb-south
 * title: Shift a bitboard one rank south
 * task: Move every square one rank down; the first rank falls off the bottom of the word.
 * aliases: south one; shift down; soutOne; black pawn push; bitboard shift
 * spec: bb_south_spec
 * width: 64
 * restrict: none
 * ops: 1
 * from: Chess Programming Wiki (general setwise operations: one step only)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_south(unsigned long long b)
{
    return b >> 8;
}

/* @trick bb-east-nomask-wrong
 * title: Shift a bitboard one file east without the wrap mask (wrong: h-file wraps to the a-file)
 * task: Move every square one file right; squares on the h-file must vanish.
 * aliases: east one; shift right; wrap around; missing file mask; bitboard shift bug
 * spec: bb_east_spec
 * width: 64
 * restrict: none
 * ops: 1
 * from: Chess Programming Wiki (one step only: the shift needs the not-A-file mask)
 * panel: bitboard
 * wrong: fixed-by bb-east; at b=128: gives 256, expected 0
 */
unsigned long long bb_east_nomask_wrong(unsigned long long b)
{
    return b << 1;
}

/* @trick bb-east
 * title: Shift a bitboard one file east
 * task: Move every square one file right, masking off what wrapped from the h-file onto the next rank's a-file.
 * aliases: east one; shift right; eastOne; not a-file; file wrap mask
 * spec: bb_east_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: Chess Programming Wiki (general setwise operations: one step only)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_east(unsigned long long b)
{
    return (b << 1) & 0xFEFEFEFEFEFEFEFEULL;
}

/* @trick bb-west
 * title: Shift a bitboard one file west
 * task: Move every square one file left, masking off what wrapped from the a-file onto the previous rank's h-file.
 * aliases: west one; shift left; westOne; not h-file; file wrap mask
 * spec: bb_west_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: Chess Programming Wiki (general setwise operations: one step only)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_west(unsigned long long b)
{
    return (b >> 1) & 0x7F7F7F7F7F7F7F7FULL;
}

/* @trick bb-northeast
 * title: Shift a bitboard one step north-east
 * task: Move every square up one rank and right one file, masking the a-file.
 * aliases: north east one; noEaOne; diagonal shift; pawn capture
 * spec: bb_northeast_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: Chess Programming Wiki (general setwise operations: one step only)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_northeast(unsigned long long b)
{
    return (b << 9) & 0xFEFEFEFEFEFEFEFEULL;
}

/* @trick bb-northwest
 * title: Shift a bitboard one step north-west
 * task: Move every square up one rank and left one file, masking the h-file.
 * aliases: north west one; noWeOne; diagonal shift; pawn capture
 * spec: bb_northwest_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: Chess Programming Wiki (general setwise operations: one step only)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_northwest(unsigned long long b)
{
    return (b << 7) & 0x7F7F7F7F7F7F7F7FULL;
}

/* @trick bb-southeast
 * title: Shift a bitboard one step south-east
 * task: Move every square down one rank and right one file, masking the a-file.
 * aliases: south east one; soEaOne; diagonal shift
 * spec: bb_southeast_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: Chess Programming Wiki (general setwise operations: one step only)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_southeast(unsigned long long b)
{
    return (b >> 7) & 0xFEFEFEFEFEFEFEFEULL;
}

/* @trick bb-southwest
 * title: Shift a bitboard one step south-west
 * task: Move every square down one rank and left one file, masking the h-file.
 * aliases: south west one; soWeOne; diagonal shift
 * spec: bb_southwest_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: Chess Programming Wiki (general setwise operations: one step only)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_southwest(unsigned long long b)
{
    return (b >> 9) & 0x7F7F7F7F7F7F7F7FULL;
}

/* @trick bb-north-fill
 * title: North fill of a bitboard in three steps
 * task: Set every square on or north of a set square in its file, doubling the reach each step: 8, 16, 32.
 * aliases: north fill; nortFill; file fill; smear up; kogge-stone fill; pawn spans
 * spec: bb_north_fill_spec
 * width: 64
 * restrict: none
 * ops: 6
 * from: Chess Programming Wiki (pawn fills; Kogge-Stone algorithm)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_north_fill(unsigned long long b)
{
    b |= b << 8;
    b |= b << 16;
    b |= b << 32;
    return b;
}

/* @trick bb-south-fill
 * title: South fill of a bitboard in three steps
 * task: Set every square on or south of a set square in its file, doubling the reach each step.
 * aliases: south fill; soutFill; file fill; smear down; pawn spans
 * spec: bb_south_fill_spec
 * width: 64
 * restrict: none
 * ops: 6
 * from: Chess Programming Wiki (pawn fills; Kogge-Stone algorithm)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_south_fill(unsigned long long b)
{
    b |= b >> 8;
    b |= b >> 16;
    b |= b >> 32;
    return b;
}

/* @trick bb-north-occluded-ks
 * title: Occluded north fill (Kogge-Stone)
 * task: Fill north from gen through the squares of pro only, in three doubling steps that also shrink pro.
 * aliases: occluded fill; kogge-stone; nortOccl; sliding piece fill; parallel prefix
 * spec: bb_north_occluded_spec
 * width: 64
 * restrict: none
 * ops: 13
 * from: Chess Programming Wiki (Kogge-Stone algorithm: occluded fills); Kogge and Stone (1973)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_north_occluded_ks(unsigned long long gen, unsigned long long pro)
{
    gen |= pro & (gen << 8);
    pro &= pro << 8;
    gen |= pro & (gen << 16);
    pro &= pro << 16;
    gen |= pro & (gen << 32);
    return gen;
}

/* @trick bb-north-occluded-dumb7
 * title: Occluded north fill, one step at a time (dumb7fill)
 * task: Fill north from gen through the squares of pro only, stepping once per loop turn until nothing moves.
 * aliases: occluded fill; dumb7fill; flood fill; sliding piece fill
 * spec: bb_north_occluded_spec
 * width: 64
 * restrict: none
 * ops: 3
 * from: Chess Programming Wiki (Dumb7Fill)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_north_occluded_dumb7(unsigned long long gen, unsigned long long pro)
{
    unsigned long long flood = gen;
    while (gen) {
        gen = (gen << 8) & pro;
        flood |= gen;
    }
    return flood;
}

/* @trick bb-east-occluded-ks
 * title: Occluded east fill (Kogge-Stone) with the file mask
 * task: Fill east from gen through the squares of pro only; masking the a-file out of pro stops wraps to the next rank.
 * aliases: occluded fill; kogge-stone; eastOccl; rank fill; sliding piece fill
 * spec: bb_east_occluded_spec
 * width: 64
 * restrict: none
 * ops: 14
 * from: Chess Programming Wiki (Kogge-Stone algorithm: occluded fills)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_east_occluded_ks(unsigned long long gen, unsigned long long pro)
{
    pro &= 0xFEFEFEFEFEFEFEFEULL;
    gen |= pro & (gen << 1);
    pro &= pro << 1;
    gen |= pro & (gen << 2);
    pro &= pro << 2;
    gen |= pro & (gen << 4);
    return gen;
}

/* @trick bb-north-attacks
 * title: Rook attacks to the north from an occluded fill
 * task: Return the squares rooks attack northward (through empty squares, up to the first blocker) as the fill shifted one rank.
 * aliases: sliding attacks; rook attacks; ray attacks; northAttacks; kogge-stone attacks
 * spec: bb_north_attacks_spec
 * width: 64
 * restrict: none
 * ops: 14
 * from: Chess Programming Wiki (Kogge-Stone algorithm: sliding attacks)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_north_attacks(unsigned long long rooks, unsigned long long empty)
{
    rooks |= empty & (rooks << 8);
    empty &= empty << 8;
    rooks |= empty & (rooks << 16);
    empty &= empty << 16;
    rooks |= empty & (rooks << 32);
    return rooks << 8;
}

/* @trick bb-king-attacks
 * title: King attacks of a bitboard
 * task: Return every square next to a set square: east and west first, then north and south of the widened set.
 * aliases: king attacks; king moves; neighbours; adjacent squares; dilation
 * spec: bb_king_attacks_spec
 * width: 64
 * restrict: none
 * ops: 10
 * from: Chess Programming Wiki (King Pattern: by calculation)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_king_attacks(unsigned long long k)
{
    unsigned long long a = ((k << 1) & 0xFEFEFEFEFEFEFEFEULL) | ((k >> 1) & 0x7F7F7F7F7F7F7F7FULL);
    k |= a;
    return a | (k << 8) | (k >> 8);
}

/* @trick bb-knight-attacks
 * title: Knight attacks of a bitboard
 * task: Return every square a knight jump away from a set square: shift by one and two files with wrap masks, then by two and one ranks.
 * aliases: knight attacks; knight moves; knight pattern; jumps
 * spec: bb_knight_attacks_spec
 * width: 64
 * restrict: none
 * ops: 17
 * from: Chess Programming Wiki (Knight Pattern: multiple knight attacks)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_knight_attacks(unsigned long long n)
{
    unsigned long long l1 = (n >> 1) & 0x7F7F7F7F7F7F7F7FULL;
    unsigned long long l2 = (n >> 2) & 0x3F3F3F3F3F3F3F3FULL;
    unsigned long long r1 = (n << 1) & 0xFEFEFEFEFEFEFEFEULL;
    unsigned long long r2 = (n << 2) & 0xFCFCFCFCFCFCFCFCULL;
    unsigned long long h1 = l1 | r1;
    unsigned long long h2 = l2 | r2;
    return (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8);
}

/* @trick bb-flip-vertical
 * title: Flip a bitboard vertically (swap ladder)
 * task: Mirror the board top to bottom: rank r goes to rank 7 - r, which is a byte swap of the word.
 * aliases: flip vertical; flipVertical; mirror ranks; byte swap; bswap64
 * spec: bb_flip_vertical_spec
 * width: 64
 * restrict: none
 * ops: 13
 * from: Chess Programming Wiki (flipping mirroring and rotating: flipVertical)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_flip_vertical(unsigned long long b)
{
    b = ((b >> 8) & 0x00FF00FF00FF00FFULL) | ((b & 0x00FF00FF00FF00FFULL) << 8);
    b = ((b >> 16) & 0x0000FFFF0000FFFFULL) | ((b & 0x0000FFFF0000FFFFULL) << 16);
    return (b >> 32) | (b << 32);
}

/* @trick bb-flip-vertical-bswap
 * title: Flip a bitboard vertically with the byte-swap builtin
 * task: Mirror the board top to bottom with __builtin_bswap64.
 * aliases: flip vertical; flipVertical; byte swap; bswap64; builtin
 * spec: bb_flip_vertical_spec
 * width: 64
 * restrict: none
 * ops: 0
 * from: Chess Programming Wiki (flipping mirroring and rotating: flipVertical with _byteswap_uint64)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_flip_vertical_bswap(unsigned long long b)
{
    return __builtin_bswap64(b);
}

/* @trick bb-mirror-horizontal
 * title: Mirror a bitboard horizontally
 * task: Mirror the board left to right: file f goes to file 7 - f, reversing the bits of every byte in three swap steps.
 * aliases: mirror horizontal; mirrorHorizontal; flip files; reverse each byte
 * spec: bb_mirror_horizontal_spec
 * width: 64
 * restrict: none
 * ops: 15
 * from: Chess Programming Wiki (flipping mirroring and rotating: mirrorHorizontal)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_mirror_horizontal(unsigned long long b)
{
    const unsigned long long k1 = 0x5555555555555555ULL;
    const unsigned long long k2 = 0x3333333333333333ULL;
    const unsigned long long k4 = 0x0F0F0F0F0F0F0F0FULL;
    b = ((b >> 1) & k1) + 2 * (b & k1);
    b = ((b >> 2) & k2) + 4 * (b & k2);
    b = ((b >> 4) & k4) + 16 * (b & k4);
    return b;
}

/* @trick bb-flip-diag
 * title: Flip a bitboard about the a1-h8 diagonal
 * task: Swap rank and file of every square with three delta swaps of 28, 14 and 7 places.
 * aliases: flip diagonal; flipDiagA1H8; transpose; delta swap; mirror on diagonal
 * spec: bb_flip_diag_spec
 * width: 64
 * restrict: none
 * ops: 18
 * from: Chess Programming Wiki (flipping mirroring and rotating: flipDiagA1H8)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_flip_diag(unsigned long long b)
{
    unsigned long long t;
    const unsigned long long k1 = 0x5500550055005500ULL;
    const unsigned long long k2 = 0x3333000033330000ULL;
    const unsigned long long k4 = 0x0F0F0F0F00000000ULL;
    t = k4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = k2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = k1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    return b;
}

/* @trick bb-transpose8
 * title: Transpose an 8x8 bit matrix (small blocks first)
 * task: Transpose the byte rows of b: swap 1x1 blocks across 2x2, then 2x2 across 4x4, then 4x4 across 8x8.
 * aliases: transpose; 8x8 bit matrix; transpose8; flip diagonal; bit matrix transpose
 * spec: bb_flip_diag_spec
 * width: 64
 * restrict: none
 * ops: 18
 * from: Hacker's Delight 7-3 (transposing a bit matrix, transpose8 with 64-bit shifts)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_transpose8(unsigned long long b)
{
    unsigned long long t;
    t = (b ^ (b >> 7)) & 0x00AA00AA00AA00AAULL;
    b = b ^ t ^ (t << 7);
    t = (b ^ (b >> 14)) & 0x0000CCCC0000CCCCULL;
    b = b ^ t ^ (t << 14);
    t = (b ^ (b >> 28)) & 0x00000000F0F0F0F0ULL;
    b = b ^ t ^ (t << 28);
    return b;
}

/* @trick bb-flip-antidiag
 * title: Flip a bitboard about the a8-h1 anti-diagonal
 * task: Send square (rank, file) to (7 - file, 7 - rank) with three delta swaps of 36, 18 and 9 places.
 * aliases: flip anti-diagonal; flipDiagA8H1; anti-transpose; delta swap
 * spec: bb_flip_antidiag_spec
 * width: 64
 * restrict: none
 * ops: 18
 * from: Chess Programming Wiki (flipping mirroring and rotating: flipDiagA8H1)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_flip_antidiag(unsigned long long b)
{
    unsigned long long t;
    const unsigned long long k1 = 0xAA00AA00AA00AA00ULL;
    const unsigned long long k2 = 0xCCCC0000CCCC0000ULL;
    const unsigned long long k4 = 0xF0F0F0F00F0F0F0FULL;
    t = b ^ (b << 36);
    b ^= k4 & (t ^ (b >> 36));
    t = k2 & (b ^ (b << 18));
    b ^= t ^ (t >> 18);
    t = k1 & (b ^ (b << 9));
    b ^= t ^ (t >> 9);
    return b;
}

/* @trick bb-rotate180
 * title: Rotate a bitboard by 180 degrees
 * task: Send square s to 63 - s: reverse all 64 bits with six swap steps.
 * aliases: rotate 180; rotate180; reverse bits; flip both ways
 * spec: bb_rotate180_spec
 * width: 64
 * restrict: none
 * ops: 28
 * from: Chess Programming Wiki (flipping mirroring and rotating: rotate180)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_rotate180(unsigned long long b)
{
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
    b = ((b >> 8) & 0x00FF00FF00FF00FFULL) | ((b & 0x00FF00FF00FF00FFULL) << 8);
    b = ((b >> 16) & 0x0000FFFF0000FFFFULL) | ((b & 0x0000FFFF0000FFFFULL) << 16);
    return (b >> 32) | (b << 32);
}

/* @trick bb-rotate90
 * title: Rotate a bitboard 90 degrees clockwise
 * task: Flip about the a1-h8 diagonal, then flip vertically: a1 goes to a8.
 * aliases: rotate 90; rotate90clockwise; rotated bitboards; quarter turn
 * spec: bb_rotate90_spec
 * width: 64
 * restrict: none
 * ops: 18
 * from: Chess Programming Wiki (flipping mirroring and rotating: rotate90clockwise)
 * panel: bitboard
 * wrong: none
 */
unsigned long long bb_rotate90(unsigned long long b)
{
    unsigned long long t;
    t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    return __builtin_bswap64(b);
}
