/* Branchless abs of an int with the arithmetic shift: (x ^ m) - m with
   m = x >> 31. abs(INT_MIN) wraps to INT_MIN under -fwrapv. The macro
   form shifts by a size_t count (sizeof), the result type stays int. */
#define SIGN_MASK(v) ((v) >> (sizeof(int) * 8 - 1))

static int abs_macro(int x) { return (x + SIGN_MASK(x)) ^ SIGN_MASK(x); }

int abs_shift(int x)
{
    int a = (x ^ (x >> 31)) - (x >> 31);
    return a == abs_macro(x) ? a : -12345;
}
