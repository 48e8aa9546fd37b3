/* Data-lab isTmax and friends: x + 1 wraps at INT_MAX (defined with
   -fwrapv); isTmin and isNegOne from the same trick. */
#include <limits.h>

static int isTmax(int x) { int y = x + 1; return !(~y ^ x) & !!y; }
static int isTmin(int x) { return !(x + x) & !!x; }
static int isNegOne(int x) { return !~x; }

int dl_is_tmax(int x)
{
    return isTmax(x) | isTmin(x) << 1 | isNegOne(x) << 2
         | (x == INT_MAX) << 4 | (x == INT_MIN) << 5;
}
