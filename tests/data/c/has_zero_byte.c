/* Whether a 32-bit word has a zero byte, or a byte equal to n, with the
   (v - 0x01..) & ~v & 0x80.. macros; compared with a byte loop. */
#include <stdint.h>

#define haszero(v) (((v) - 0x01010101UL) & ~(v) & 0x80808080UL)
#define hasvalue(x, n) (haszero((x) ^ (~0UL / 255 * (n))))

static int has_byte_loop(uint32_t x, uint8_t n)
{
    for (int i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xff) == n)
            return 1;
    return 0;
}

int has_zero_byte(uint32_t x, uint8_t n)
{
    int z = haszero(x) != 0;
    int v = hasvalue((uint32_t)x, n) != 0;
    return z | v << 1 | (v == has_byte_loop(x, n)) << 2;
}
