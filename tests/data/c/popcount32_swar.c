/* Parallel (SWAR) popcount of a 32-bit word with the usual masks, then a
   byte sum by multiplication. Checked against the builtin. */
#include <stdint.h>

#define M1 0x55555555u
#define M2 0x33333333u
#define M4 0x0f0f0f0fu
#define H01 0x01010101u

uint32_t popcount32_swar(uint32_t x)
{
    x -= (x >> 1) & M1;
    x = (x & M2) + ((x >> 2) & M2);
    x = (x + (x >> 4)) & M4;
    return (x * H01) >> 24;
}
