/* Parity by xor-folding down to a nibble, then a lookup in the 16-bit
   constant 0x6996; compared with __builtin_parity and the 64-bit fold. */
#include <stdint.h>

static int parity32(uint32_t v)
{
    v ^= v >> 16;
    v ^= v >> 8;
    v ^= v >> 4;
    v &= 0xf;
    return (0x6996 >> v) & 1;
}

static int parity64(uint64_t v)
{
    v ^= v >> 32;
    return parity32((uint32_t)v);
}

int parity_fold(uint32_t a, uint64_t b)
{
    int p = parity32(a), q = parity64(b);
    return p | q << 1 | (p ^ __builtin_parity(a)) << 2 | (q ^ __builtin_parityll(b)) << 3
         | __builtin_parityl(b >> 1) << 4;
}
