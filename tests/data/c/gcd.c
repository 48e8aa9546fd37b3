/* Greatest common divisor: Euclid's recursion on unsigned ints (depth at
   most 47), and Stein's binary gcd with ctz on 64-bit words (0 handled),
   which must agree on the low words. */
#include <stdint.h>

static unsigned gcd_rec(unsigned a, unsigned b)
{
    return b == 0 ? a : gcd_rec(b, a % b);
}

static uint64_t gcd_binary(uint64_t a, uint64_t b)
{
    if (a == 0) return b;
    if (b == 0) return a;
    int shift = __builtin_ctzll(a | b);
    a >>= __builtin_ctzll(a);
    do {
        b >>= __builtin_ctzll(b);
        if (a > b) {
            uint64_t t = b;
            b = a;
            a = t;
        }
        b -= a;
    } while (b != 0);
    return a << shift;
}

uint64_t gcd(uint64_t a, uint64_t b)
{
    unsigned g = gcd_rec((unsigned)a, (unsigned)b);
    uint64_t h = gcd_binary((unsigned)a, (unsigned)b);
    return g == h ? gcd_binary(a, b) : 0xbad;
}
