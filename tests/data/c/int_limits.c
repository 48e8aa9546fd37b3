/* limits.h and stdint.h constants in arithmetic: saturating add of ints
   and of uint32_t, and the constants' types (UINT_MAX is unsigned, so
   comparisons with it are unsigned). */
#include <limits.h>
#include <stdint.h>

static int sat_add(int a, int b)
{
    if (b > 0 && a > INT_MAX - b) return INT_MAX;
    if (b < 0 && a < INT_MIN - b) return INT_MIN;
    return a + b;
}

static uint32_t sat_addu(uint32_t a, uint32_t b)
{
    uint32_t s = a + b;
    return s < a ? UINT32_MAX : s;
}

long int_limits(int a, int b)
{
    long r = sat_add(a, b);
    r += sat_addu(a, b);
    r ^= (a < UINT_MAX) << 3;
    r ^= (long)(LLONG_MAX > 0) + CHAR_BIT + SCHAR_MIN + SHRT_MAX + INT8_MIN + UINT8_MAX + INT64_MIN / INT32_MAX;
    return r;
}
