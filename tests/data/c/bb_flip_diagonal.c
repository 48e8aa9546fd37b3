/* Bitboards: flip about the a1-h8 diagonal with three delta swaps (masks
   k1, k2, k4), and rotate by 90 degrees as flip then vertical flip. */
#include <stdint.h>

typedef unsigned long long U64;

static U64 flip_diag_a1h8(U64 x)
{
    U64 t;
    const U64 k1 = 0x5500550055005500ULL;
    const U64 k2 = 0x3333000033330000ULL;
    const U64 k4 = 0x0f0f0f0f00000000ULL;
    t = k4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = k2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = k1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
}

U64 bb_flip_diagonal(U64 x, int rotate)
{
    U64 d = flip_diag_a1h8(x);
    return rotate & 1 ? __builtin_bswap64(d) : d;
}
