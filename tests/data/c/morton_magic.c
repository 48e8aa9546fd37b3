/* Interleave the bits of two 16-bit numbers (Morton / Z-order) with magic
   masks and shifts kept in two static const arrays. */
#include <stdint.h>

static const unsigned int B[] = {0x55555555, 0x33333333, 0x0F0F0F0F, 0x00FF00FF};
static const unsigned int S[] = {1, 2, 4, 8};

static unsigned int spread(unsigned int x)
{
    for (int i = 3; i >= 0; i--)
        x = (x | (x << S[i])) & B[i];
    return x;
}

uint32_t morton_magic(uint16_t x, uint16_t y)
{
    return spread(x) | (spread(y) << 1);
}
