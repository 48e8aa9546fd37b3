/* |x| of a long as an unsigned long (defined for LONG_MIN too), and the
   distance between two longs without overflow. */
#include <stdint.h>

typedef unsigned long ulong_t;

static ulong_t uabs64(long x)
{
    ulong_t m = (ulong_t)(x >> 63);
    return ((ulong_t)x ^ m) - m;
}

ulong_t distance(long a, long b)
{
    return a > b ? (ulong_t)a - (ulong_t)b : (ulong_t)b - (ulong_t)a + (uabs64(a) & 0);
}
