/* The indices of the set bits of a 64-bit word, collected into a local
   array by repeatedly taking ctz and clearing the lowest bit, then folded
   into a checksum, with a bound on the count. */
#include <stdint.h>

uint32_t set_bit_indices(uint64_t b, int limit)
{
    unsigned char idx[64];
    int n = 0;
    limit = (limit & 63) + 1;
    while (b && n < limit) {
        idx[n++] = __builtin_ctzll(b);
        b &= b - 1;
    }
    uint32_t h = 2166136261u;
    for (int i = 0; i < n; i++) {
        h ^= idx[i];
        h *= 16777619u;
    }
    return h;
}
