/* Count trailing zeros in a loop and by halving (binary search), with the
   width for 0; the two must agree. */
#include <stdint.h>

static int ctz_linear(uint64_t v)
{
    int c = 0;
    if (!v)
        return 64;
    while (!(v & 1)) {
        v >>= 1;
        ++c;
    }
    return c;
}

static int ctz_binary(uint64_t v)
{
    int c = 1;
    if (v == 0)
        return 64;
    if ((v & 0xffffffff) == 0) { v >>= 32; c += 32; }
    if ((v & 0xffff) == 0) { v >>= 16; c += 16; }
    if ((v & 0xff) == 0) { v >>= 8; c += 8; }
    if ((v & 0xf) == 0) { v >>= 4; c += 4; }
    if ((v & 0x3) == 0) { v >>= 2; c += 2; }
    c -= v & 1;
    return c;
}

int ctz_loop(uint64_t v)
{
    int a = ctz_linear(v), b = ctz_binary(v);
    return a == b ? a : -100 - b;
}
