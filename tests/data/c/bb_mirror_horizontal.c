/* Bitboards: mirror horizontally (file a <-> file h) with three swaps of
   1, 2 and 4 bits inside each byte. */
#include <stdint.h>

#define K1 0x5555555555555555ULL
#define K2 0x3333333333333333ULL
#define K4 0x0f0f0f0f0f0f0f0fULL

uint64_t bb_mirror_horizontal(uint64_t x)
{
    x = ((x >> 1) & K1) + 2 * (x & K1);
    x = ((x >> 2) & K2) + 4 * (x & K2);
    x = ((x >> 4) & K4) + 16 * (x & K4);
    return x;
}
