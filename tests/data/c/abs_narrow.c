/* abs of narrow types after promotion: abs of a signed char fits an int,
   abs of a short too; returns both packed. */
#include <stdint.h>

static int abs8(int8_t c) { int m = c >> 7; return (c ^ m) - m; }
static int abs16(short s) { return s < 0 ? -s : s; }

int abs_narrow(int8_t c, short s)
{
    return abs8(c) << 16 | abs16(s);
}
