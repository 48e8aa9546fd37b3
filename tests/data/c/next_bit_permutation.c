/* The next number with the same count of set bits (next bit
   permutation), done in 64 bits so the shift by ctz + 1 is at most 32;
   the step is applied `steps` times (0..7). */
#include <stdint.h>

static uint32_t next_perm(uint32_t v)
{
    if (v == 0)
        return 0;
    uint64_t t = (uint64_t)v | (v - 1);
    uint64_t w = (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctz(v) + 1));
    return (uint32_t)w;
}

uint32_t next_bit_permutation(uint32_t v, unsigned steps)
{
    for (unsigned i = 0; i < (steps & 7); i++)
        v = next_perm(v);
    return v;
}
