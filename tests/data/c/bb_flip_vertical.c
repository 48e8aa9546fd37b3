/* Bitboards: flip vertical (rank 1 <-> rank 8) with three delta swaps,
   checked against the byte swap builtin, and a by-hand rank loop. */
#include <stdint.h>

typedef uint64_t Bitboard;

static Bitboard flip_vertical(Bitboard x)
{
    const Bitboard k1 = 0x00FF00FF00FF00FFULL;
    const Bitboard k2 = 0x0000FFFF0000FFFFULL;
    x = ((x >> 8) & k1) | ((x & k1) << 8);
    x = ((x >> 16) & k2) | ((x & k2) << 16);
    x = (x >> 32) | (x << 32);
    return x;
}

static Bitboard flip_loop(Bitboard x)
{
    Bitboard r = 0;
    for (int rank = 0; rank < 8; ++rank)
        r |= ((x >> (8 * rank)) & 0xFF) << (8 * (7 - rank));
    return r;
}

Bitboard bb_flip_vertical(Bitboard x)
{
    Bitboard a = flip_vertical(x);
    return a == __builtin_bswap64(x) && a == flip_loop(x) ? a : 0;
}
