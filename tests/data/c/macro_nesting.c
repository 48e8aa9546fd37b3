/* Function-like macros built on each other: a bit mask macro, field
   extract and insert through it, and the argument expressions (with
   parentheses where they are used twice). */
#include <stdint.h>

#define MASK(n) ((n) >= 32 ? 0xffffffffu : (1u << (n)) - 1)
#define FIELD(x, lo, n) (((x) >> (lo)) & MASK(n))
#define INSERT(x, v, lo, n) (((x) & ~(MASK(n) << (lo))) | (((v) & MASK(n)) << (lo)))
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))

uint32_t macro_nesting(uint32_t x, uint32_t v, unsigned spec)
{
    unsigned lo = spec & 31;
    unsigned n = CLAMP((spec >> 5) & 63, 1u, 32u - lo);
    uint32_t f = FIELD(x, lo, n);
    return INSERT(x, v + f, lo, n);
}
