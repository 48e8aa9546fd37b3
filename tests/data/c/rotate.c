/* Rotations left and right of 32- and 64-bit words with the count masked
   so that a count of 0 needs no special case. */
#include <stdint.h>

static uint32_t rotl32(uint32_t x, unsigned n) { n &= 31; return x << n | x >> (-n & 31); }
static uint64_t rotr64(uint64_t x, unsigned n) { n &= 63; return x >> n | x << (-n & 63); }

uint64_t rotate(uint64_t x, unsigned n)
{
    return rotr64(x, n) ^ rotl32((uint32_t)x, n);
}
