/* Sign of an int: -1, 0 or +1, three ways that must agree; returns
   their sum times a selector so that a wrong one shows. */
#include <limits.h>

static int sign_cmp(int x) { return (x > 0) - (x < 0); }

static int sign_shift(int x)
{
    /* -(unsigned)x avoids the overflow of -x at INT_MIN */
    return (x >> 31) | (int)(-(unsigned)x >> 31);
}

static int sign_branch(int x)
{
    if (x < 0)
        return -1;
    else if (x == 0)
        return 0;
    return 1;
}

int sign3(int x, int k)
{
    int a = sign_cmp(x), b = sign_shift(x), c = sign_branch(x);
    return (a == b && b == c) ? a * ((k & 7) + 1) : 100 + a * 9 + b * 3 + c;
}
