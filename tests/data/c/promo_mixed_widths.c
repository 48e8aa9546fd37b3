/* Mixed widths: long vs unsigned int (long wins), unsigned long vs long
   long (unsigned long long wins), sizeof of expressions, and a uint32_t
   product widened before or after the multiply. */
#include <stdint.h>

long long promo_mixed_widths(unsigned a, long b, long long c)
{
    long s1 = a + b;                       /* a converts to long */
    unsigned long s2 = (unsigned long)b + c;
    uint64_t wide = (uint64_t)a * a;        /* no wrap */
    uint64_t narrow = a * a;                /* wraps in 32 bits */
    int sizes = sizeof(a + b) * 100 + sizeof(a * 1u) * 10 + sizeof((char)a);
    return s1 ^ (long long)s2 ^ (long long)(wide - narrow) ^ sizes ^ (c < a);
}
