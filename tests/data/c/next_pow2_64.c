/* Next power of 2 of a 64-bit word with __builtin_clzll, guarded so the
   shift count stays below 64 (0 for results that would not fit), and the
   previous power of 2 (the highest set bit). */
#include <stdint.h>

#define TOP_BIT (1ULL << 63)

static uint64_t ceil_pow2(uint64_t x)
{
    if (x <= 1)
        return 1;
    if (x > TOP_BIT)
        return 0;
    return 1ULL << (64 - __builtin_clzll(x - 1));
}

static uint64_t floor_pow2(uint64_t x)
{
    return x ? TOP_BIT >> __builtin_clzll(x) : 0;
}

uint64_t next_pow2_64(uint64_t x, int which)
{
    return which & 1 ? floor_pow2(x) : ceil_pow2(x);
}
