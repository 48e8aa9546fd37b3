/* Compound assignments and ++/-- on narrow variables: the arithmetic is
   done in int (or wider) and the result converted back by wrapping. */
#include <stdint.h>

int64_t compound_narrow(int8_t a, uint16_t b, int k)
{
    uint8_t u = a;
    int8_t s = a;
    uint16_t w = b;
    short h = b;
    u -= 300;
    s *= 3;
    s >>= 1;
    w += 0x12345;
    w <<= (k & 7);
    h /= (k | 1) == -1 ? 3 : (k | 1);
    h %= 7;
    u++;
    --s;
    w ^= ~0;
    return (int64_t)u << 40 ^ (int64_t)(uint8_t)s << 32 ^ (int64_t)w << 16 ^ (uint16_t)h;
}
