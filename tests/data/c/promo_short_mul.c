/* Short products: short * short fits an int; unsigned short * unsigned
   short promotes to (signed) int and may overflow, wrapped by -fwrapv;
   the product through unsigned does not overflow. */
#include <stdint.h>

int64_t promo_short_mul(short a, uint16_t b, uint16_t c)
{
    int p = a * a;
    int q = b * c;                     /* int multiply, may wrap */
    unsigned int r = (unsigned)b * c;
    short s = a * 3;                   /* truncates to short */
    return (int64_t)p + q + ((int64_t)r << 8) + s;
}
