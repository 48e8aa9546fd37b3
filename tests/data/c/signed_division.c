/* Signed division truncates toward zero and % takes the sign of the
   dividend; the divisor 0 and INT_MIN / -1 are avoided. Also the
   arithmetic-shift division by 2^k with its bias for negatives. */
#include <limits.h>

static int div_pow2(int x, int k)
{
    int bias = (x >> 31) & ((1 << k) - 1);
    return (x + bias) >> k;
}

int signed_division(int a, int b, int k)
{
    k &= 15;
    int q = 0, r = 0;
    if (b != 0 && !(a == INT_MIN && b == -1)) {
        q = a / b;
        r = a % b;
    }
    int d = div_pow2(a, k);
    int e = a / (1 << k);
    return (q ^ r * 7) + (d == e) * 3 + d;
}
