/* Promotions: ~a on a uint8_t is an int with the high bits set, so it is
   never equal to a uint8_t, unless cast back. */
#include <stdint.h>

int promo_not_u8(uint8_t a, uint8_t b)
{
    int r = ~a;
    int eq_promoted = (~a == b);
    int eq_cast = ((uint8_t)~a == b);
    return r * 4 + (eq_promoted << 1) + eq_cast;
}
