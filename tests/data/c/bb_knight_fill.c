/* Bitboards: knight attacks of a set by eight masked shifts, then a
   bounded flood fill (at most 4 steps) counted with popcount. */
#include <stdint.h>

#define NOT_A 0xfefefefefefefefeULL
#define NOT_AB 0xfcfcfcfcfcfcfcfcULL
#define NOT_H 0x7f7f7f7f7f7f7f7fULL
#define NOT_GH 0x3f3f3f3f3f3f3f3fULL

static uint64_t knights(uint64_t b)
{
    uint64_t l1 = (b >> 1) & NOT_H, l2 = (b >> 2) & NOT_GH;
    uint64_t r1 = (b << 1) & NOT_A, r2 = (b << 2) & NOT_AB;
    uint64_t h1 = l1 | r1, h2 = l2 | r2;
    return (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8);
}

uint64_t bb_knight_fill(uint64_t b, unsigned steps)
{
    uint64_t seen = b;
    steps &= 3;
    do {
        seen |= knights(seen);
    } while (steps-- > 0);
    return seen ^ (uint64_t)__builtin_popcountll(seen) << 58;
}
