/* Reverse the bits of a byte in a loop that stops early when the rest is
   zero, then shifts the result by the bits left over (uint8_t throughout,
   which promotes to int in every expression). */
#include <stdint.h>

uint8_t reverse_byte_loop(uint8_t b)
{
    uint8_t r = b;
    int s = 7;
    for (b >>= 1; b; b >>= 1) {
        r <<= 1;
        r |= b & 1;
        s--;
    }
    r <<= s;
    return r;
}
