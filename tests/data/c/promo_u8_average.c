/* Promotions: the average of two uint8_t, (a + b) >> 1, is computed in
   int, so 255 + 255 does not wrap; the same stored in a uint8_t first
   does. Returns both. */
#include <stdint.h>

int promo_u8_average(uint8_t a, uint8_t b)
{
    int avg = (a + b) >> 1;
    uint8_t sum = a + b;
    uint8_t wrapped = sum >> 1;
    return avg << 8 | wrapped;
}
