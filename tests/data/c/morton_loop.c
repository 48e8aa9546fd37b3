/* Morton interleave bit by bit in a loop (x in the even bits, y in the
   odd ones), checked against the magic-mask form and then decoded back by
   compacting the even bits of a 64-bit word. */
#include <stdint.h>

static uint64_t interleave_loop(uint32_t x, uint32_t y)
{
    uint64_t z = 0;
    for (int i = 0; i < 32; i++) {
        z |= (uint64_t)((x >> i) & 1) << (2 * i);
        z |= (uint64_t)((y >> i) & 1) << (2 * i + 1);
    }
    return z;
}

static uint32_t compact_even(uint64_t z)
{
    z &= 0x5555555555555555ULL;
    z = (z ^ (z >> 1)) & 0x3333333333333333ULL;
    z = (z ^ (z >> 2)) & 0x0F0F0F0F0F0F0F0FULL;
    z = (z ^ (z >> 4)) & 0x00FF00FF00FF00FFULL;
    z = (z ^ (z >> 8)) & 0x0000FFFF0000FFFFULL;
    z = (z ^ (z >> 16)) & 0x00000000FFFFFFFFULL;
    return (uint32_t)z;
}

uint64_t morton_loop(uint32_t x, uint32_t y)
{
    uint64_t z = interleave_loop(x, y);
    int ok = compact_even(z) == x && compact_even(z >> 1) == y;
    return ok ? z : 0xdeadULL;
}
