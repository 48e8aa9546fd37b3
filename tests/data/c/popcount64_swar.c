/* SWAR popcount of a 64-bit word with ULL masks; the final byte sum by
   shifts and adds (no multiply), compared with __builtin_popcountll. */
#include <stdint.h>

typedef uint64_t u64;

static int pop64(u64 x)
{
    const u64 m1 = 0x5555555555555555ULL, m2 = 0x3333333333333333ULL;
    const u64 m4 = 0x0f0f0f0f0f0f0f0fULL;
    x = x - ((x >> 1) & m1);
    x = (x & m2) + ((x >> 2) & m2);
    x = (x + (x >> 4)) & m4;
    x += x >> 8;
    x += x >> 16;
    x += x >> 32;
    return x & 0x7f;
}

int popcount64_swar(u64 x, u64 y)
{
    int a = pop64(x), b = pop64(x ^ y);
    return (a - __builtin_popcountll(x)) * 1000 + a * 100 + b;
}
