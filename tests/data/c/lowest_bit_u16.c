/* The lowest-bit idioms on a uint16_t, where every expression is int
   after promotion: x & -x, x & (x - 1), x | (x - 1), ~x & (x + 1), and
   the same with the result cast back to 16 bits. */
#include <stdint.h>

int lowest_bit_u16(uint16_t x, int sel)
{
    int r;
    sel &= 7;
    if (sel == 0) r = x & -x;
    else if (sel == 1) r = x & (x - 1);
    else if (sel == 2) r = x | (x - 1);
    else if (sel == 3) r = ~x & (x + 1);
    else if (sel == 4) r = (uint16_t)(x | (x - 1));
    else if (sel == 5) r = (uint16_t)~x & (uint16_t)(x + 1);
    else if (sel == 6) r = -x >> 4;
    else r = (x ^ (x - 1)) >> 1;
    return r;
}
