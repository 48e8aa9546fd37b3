/* Assorted one-liners: conditional negate (x ^ -f) + f, merge bits under
   a mask, set or clear the bits of a mask by a flag (w ^ ((-f ^ w) & m)),
   and whether two ints have opposite signs. */
#include <stdbool.h>

int bits_misc(int x, int y, unsigned m)
{
    bool f = m & 1;
    int neg = (x ^ -f) + f;
    int merged = x ^ ((x ^ y) & (int)m);
    unsigned setclr = (unsigned)y ^ ((-(unsigned)f ^ (unsigned)y) & m);
    bool opposite = (x ^ y) < 0;
    return neg ^ merged ^ (int)setclr ^ opposite;
}
