/* SWAR arithmetic on the 8 bytes of a word: byte-wise add without carries
   between bytes, byte-wise average (rounding down), and the count of bytes
   less than n (n in 0..128). */
#include <stdint.h>

typedef uint64_t u64;
#define ONES (~0ULL / 255)
#define HIGHS (ONES * 0x80)

static u64 add_bytes(u64 x, u64 y)
{
    return ((x & ~HIGHS) + (y & ~HIGHS)) ^ ((x ^ y) & HIGHS);
}

static u64 avg_bytes(u64 x, u64 y)
{
    return (x & y) + (((x ^ y) >> 1) & ~HIGHS);
}

static int count_less(u64 x, unsigned n)
{
    n &= 127;
    return (int)((((ONES * (127 + n) - (x & ~HIGHS)) & ~x & HIGHS) / 0x80) % 255);
}

u64 swar_bytes(u64 x, u64 y, unsigned n)
{
    return add_bytes(x, y) ^ (avg_bytes(x, y) << 1) ^ (u64)count_less(x, n) << 60;
}
