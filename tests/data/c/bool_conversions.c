/* _Bool conversions: any non-zero value converts to 1 (even 256 or a
   value whose low bit is 0), bool in arithmetic promotes to int, and
   compound assignment to a bool converts the result. */
#include <stdbool.h>

int bool_conversions(long x, int y)
{
    _Bool a = x;
    bool b = (unsigned char)x;
    bool c = y & 2;
    c += 2;
    bool d = 0;
    d |= y;
    int sum = a + b + c + d;
    return sum * 16 + (a << 3 | b << 2 | c << 1 | d) + (bool)(x >> 32) * 1000;
}
