/* family: sign-abs-minmax — Sign, absolute value, minimum, maximum and average */
/* Every word here is an `int` or `unsigned int` of 32 bits; `>>` on a
   negative int is the arithmetic shift gcc performs, and the wrapping of
   signed sums is the one `-fwrapv` gives. The specs are written with plain
   comparisons, or in a wider type where the answer needs one. */

int sign_spec(int x)
{
    if (x > 0)
        return 1;
    if (x < 0)
        return -1;
    return 0;
}

int negmask_spec(int x)
{
    if (x < 0)
        return -1;
    return 0;
}

int abs_spec(int x)
{
    /* INT_MIN has no positive twin: -x wraps back to INT_MIN, as the
       machine's negation does. */
    if (x < 0)
        return -x;
    return x;
}

long long abs_wide_spec(int x)
{
    long long w = x;
    if (w < 0)
        return -w;
    return w;
}

unsigned int absdiff_spec(unsigned int a, unsigned int b)
{
    if (a > b)
        return a - b;
    return b - a;
}

int min_spec(int x, int y)
{
    if (x < y)
        return x;
    return y;
}

int max_spec(int x, int y)
{
    if (x > y)
        return x;
    return y;
}

unsigned int umin_spec(unsigned int x, unsigned int y)
{
    if (x < y)
        return x;
    return y;
}

unsigned int umax_spec(unsigned int x, unsigned int y)
{
    if (x > y)
        return x;
    return y;
}

int same_sign_spec(int x, int y)
{
    if (x < 0 && y < 0)
        return 1;
    if (x >= 0 && y >= 0)
        return 1;
    return 0;
}

int cmp_spec(int x, int y)
{
    if (x < y)
        return -1;
    if (x > y)
        return 1;
    return 0;
}

int negate_if_spec(int x, int f)
{
    if (f)
        return -x;
    return x;
}

unsigned int avg_floor_spec(unsigned int a, unsigned int b)
{
    unsigned long long s = (unsigned long long)a + b;
    return (unsigned int)(s / 2);
}

unsigned int avg_ceil_spec(unsigned int a, unsigned int b)
{
    unsigned long long s = (unsigned long long)a + b + 1;
    return (unsigned int)(s / 2);
}

int savg_floor_spec(int a, int b)
{
    long long s = (long long)a + b;
    long long q = s / 2;
    if (s < 0 && q * 2 != s)
        q = q - 1;
    return (int)q;
}

/* @trick sign-compare
 * title: Sign of an integer by two comparisons
 * task: Return -1, 0 or 1 as x is negative, zero or positive.
 * aliases: sign; signum; sgn; sign function; three-valued sign
 * spec: sign_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-8 (sign function); Bit Twiddling Hacks (compute the sign of an integer)
 * panel: lab
 * wrong: none
 */
int sign_compare(int x)
{
    return (x > 0) - (x < 0);
}

/* @trick sign-shift
 * title: Sign of an integer by two shifts
 * task: Return -1, 0 or 1 as x is negative, zero or positive, with shifts and no comparison.
 * aliases: sign; signum; sgn; sign by shifts; branchless sign
 * spec: sign_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 2-8 (sign function)
 * panel: lab
 * wrong: none
 */
int sign_shift(int x)
{
    /* x >> 31 is -1 for a negative x; the top bit of -x (done unsigned, so
       it cannot overflow) is 1 for a positive x. */
    return (x >> 31) | (int)(-(unsigned int)x >> 31);
}

/* @trick negmask-shift
 * title: All-ones mask when negative (arithmetic shift)
 * task: Return -1 (all ones) if x is negative, else 0.
 * aliases: sign mask; negative mask; sign spread; sign extend the top bit; x >> 31
 * spec: negmask_spec
 * width: 32
 * restrict: none
 * ops: 1
 * from: Bit Twiddling Hacks (compute the sign of an integer)
 * panel: lab
 * wrong: none
 */
int negmask_shift(int x)
{
    return x >> 31;
}

/* @trick negmask-logical
 * title: All-ones mask when negative (logical shift, then negate)
 * task: Return -1 (all ones) if x is negative, else 0, using only a logical shift.
 * aliases: sign mask; negative mask; sign bit to mask; portable sign mask
 * spec: negmask_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Bit Twiddling Hacks (compute the sign of an integer); Hacker's Delight 2-8 (sign function)
 * panel: lab
 * wrong: none
 */
int negmask_logical(int x)
{
    return -(int)((unsigned int)x >> 31);
}

/* @trick abs-xor-sub
 * title: Absolute value: xor with the sign mask, subtract it
 * task: Return |x| without a branch (INT_MIN stays INT_MIN, as negation wraps).
 * aliases: abs; absolute value; branchless abs; magnitude
 * spec: abs_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-4 (absolute value function); Bit Twiddling Hacks (integer absolute value)
 * panel: lab
 * wrong: none
 */
int abs_xor_sub(int x)
{
    int m = x >> 31;
    return (x ^ m) - m;
}

/* @trick abs-add-xor
 * title: Absolute value: add the sign mask, xor with it
 * task: Return |x| without a branch (INT_MIN stays INT_MIN, as negation wraps).
 * aliases: abs; absolute value; branchless abs; patented abs
 * spec: abs_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (integer absolute value, the patented variation); Hacker's Delight 2-4
 * panel: lab
 * wrong: none
 */
int abs_add_xor(int x)
{
    int m = x >> 31;
    return (x + m) ^ m;
}

/* @trick abs-mul
 * title: Absolute value: multiply by plus or minus one
 * task: Return |x| by multiplying x by 1 or -1 made from its top two bits.
 * aliases: abs; absolute value; abs by multiply; sign times value
 * spec: abs_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-4 (absolute value function, with a multiply)
 * panel: lab
 * wrong: none
 */
int abs_mul(int x)
{
    /* x >> 30 is 0 or 1 for x >= 0 and -1 or -2 for x < 0; or-ing 1 makes
       it exactly 1 or -1. */
    return ((x >> 30) | 1) * x;
}

/* @trick abs-wide-wrong
 * title: Absolute value into a long long, computed in int (wrong at INT_MIN)
 * task: Return |x| as a long long, which can hold |INT_MIN|.
 * aliases: abs; absolute value; abs overflow; abs of INT_MIN; labs
 * spec: abs_wide_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (integer absolute value: the INT_MIN caveat); CERT C INT32-C
 * panel: lab
 * wrong: fixed-by abs-wide; at x=-2147483648: gives -2147483648, expected 2147483648
 */
long long abs_wide_wrong(int x)
{
    /* The int arithmetic wraps at INT_MIN before the result is widened. */
    int m = x >> 31;
    return (x + m) ^ m;
}

/* @trick abs-wide
 * title: Absolute value into a long long, computed in long long
 * task: Return |x| as a long long, exact for every int including INT_MIN.
 * aliases: abs; absolute value; abs without overflow; widen then abs; labs
 * spec: abs_wide_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (integer absolute value); Hacker's Delight 2-4
 * panel: lab
 * wrong: none
 */
long long abs_wide(int x)
{
    long long w = x;
    long long m = w >> 63;
    return (w + m) ^ m;
}

/* @trick absdiff-mask
 * title: Absolute difference of unsigned words without a branch
 * task: Return |a - b| for unsigned a and b.
 * aliases: absolute difference; abs diff; distance; unsigned difference; sad
 * spec: absdiff_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-19 (doz and absolute difference)
 * panel: lab
 * wrong: none
 */
unsigned int absdiff_mask(unsigned int a, unsigned int b)
{
    unsigned int d = a - b;
    unsigned int m = -(unsigned int)(a < b);
    return (d ^ m) - m;
}

/* @trick min-xor
 * title: Minimum of two ints with xor and a comparison mask
 * task: Return the smaller of x and y without a branch.
 * aliases: min; minimum; branchless min; smaller of two
 * spec: min_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (minimum or maximum of two integers without branching)
 * panel: lab
 * wrong: none
 */
int min_xor(int x, int y)
{
    return y ^ ((x ^ y) & -(x < y));
}

/* @trick max-xor
 * title: Maximum of two ints with xor and a comparison mask
 * task: Return the larger of x and y without a branch.
 * aliases: max; maximum; branchless max; larger of two
 * spec: max_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (minimum or maximum of two integers without branching)
 * panel: lab
 * wrong: none
 */
int max_xor(int x, int y)
{
    return x ^ ((x ^ y) & -(x < y));
}

/* @trick min-sub-wrong
 * title: Minimum by subtract and shift, in int (wrong when x - y overflows)
 * task: Return the smaller of x and y without a comparison.
 * aliases: min; minimum; branchless min; min overflow; difference sign mask
 * spec: min_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (quick and dirty min, only when INT_MIN <= x - y <= INT_MAX)
 * panel: lab
 * wrong: fixed-by min-sub-wide; at x=2147483647, y=-1: gives 2147483647, expected -1
 */
int min_sub_wrong(int x, int y)
{
    return y + ((x - y) & ((x - y) >> 31));
}

/* @trick min-sub-wide
 * title: Minimum by subtract and shift, with the difference in 64 bits
 * task: Return the smaller of x and y; the difference cannot overflow in long long.
 * aliases: min; minimum; branchless min; difference sign mask
 * spec: min_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Bit Twiddling Hacks (minimum or maximum of two integers without branching)
 * panel: lab
 * wrong: none
 */
int min_sub_wide(int x, int y)
{
    long long d = (long long)x - y;
    return (int)(y + (d & (d >> 63)));
}

/* @trick max-sub-wide
 * title: Maximum by subtract and shift, with the difference in 64 bits
 * task: Return the larger of x and y; the difference cannot overflow in long long.
 * aliases: max; maximum; branchless max; difference sign mask
 * spec: max_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Bit Twiddling Hacks (minimum or maximum of two integers without branching)
 * panel: lab
 * wrong: none
 */
int max_sub_wide(int x, int y)
{
    long long d = (long long)x - y;
    return (int)(x - (d & (d >> 63)));
}

/* @trick umin-xor
 * title: Minimum of two unsigned words with xor and a comparison mask
 * task: Return the smaller of the unsigned x and y without a branch.
 * aliases: unsigned min; minimum; branchless min; umin
 * spec: umin_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (minimum or maximum of two integers without branching)
 * panel: lab
 * wrong: none
 */
unsigned int umin_xor(unsigned int x, unsigned int y)
{
    return y ^ ((x ^ y) & -(unsigned int)(x < y));
}

/* @trick umax-borrow
 * title: Maximum of two unsigned words by masked subtraction
 * task: Return the larger of the unsigned x and y: x minus (x - y) when x < y.
 * aliases: unsigned max; maximum; branchless max; umax; doz
 * spec: umax_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-19 (difference or zero, max and min)
 * panel: lab
 * wrong: none
 */
unsigned int umax_borrow(unsigned int x, unsigned int y)
{
    return x - ((x - y) & -(unsigned int)(x < y));
}

/* @trick same-sign-xor
 * title: Do two ints have the same sign?
 * task: Return 1 if x and y are both negative or both non-negative, else 0.
 * aliases: same sign; opposite signs; sign test; xor sign bit
 * spec: same_sign_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Bit Twiddling Hacks (detect if two integers have opposite signs)
 * panel: lab
 * wrong: none
 */
int same_sign_xor(int x, int y)
{
    return (x ^ y) >= 0;
}

/* @trick cmp-three-way
 * title: Three-way comparison without a branch
 * task: Return -1, 0 or 1 as x is less than, equal to or greater than y.
 * aliases: compare; three-way compare; spaceship; cmp; qsort comparator
 * spec: cmp_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-9 (three-valued compare function)
 * panel: lab
 * wrong: none
 */
int cmp_three_way(int x, int y)
{
    return (x > y) - (x < y);
}

/* @trick negate-if
 * title: Negate when a flag is set, without a branch
 * task: Return -x if f is 1 and x if f is 0.
 * aliases: conditional negate; negate if; flip sign; apply sign flag
 * spec: negate_if_spec
 * width: 32
 * restrict: f == 0 || f == 1
 * ops: 3
 * from: Bit Twiddling Hacks (conditionally negate a value without branching)
 * panel: lab
 * wrong: none
 */
int negate_if(int x, int f)
{
    return (x ^ -f) + f;
}

/* @trick avg-floor-wrong
 * title: Average of two unsigned words by (a + b) / 2 (wrong when the sum overflows)
 * task: Return floor((a + b) / 2) of two unsigned words.
 * aliases: average; mean; midpoint; avg overflow; binary search midpoint bug
 * spec: avg_floor_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-5 (average of two integers); J. Bloch, Nearly all binary searches are broken (2006)
 * panel: lab
 * wrong: fixed-by avg-floor; at a=4294967295, b=1: gives 0, expected 2147483648
 */
unsigned int avg_floor_wrong(unsigned int a, unsigned int b)
{
    return (a + b) / 2;
}

/* @trick avg-floor
 * title: Average of two unsigned words, rounding down, without overflow
 * task: Return floor((a + b) / 2): the common bits plus half the differing bits.
 * aliases: average; mean; midpoint; floor average; overflow-free average
 * spec: avg_floor_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 2-5 (average of two integers)
 * panel: lab
 * wrong: none
 */
unsigned int avg_floor(unsigned int a, unsigned int b)
{
    return (a & b) + ((a ^ b) >> 1);
}

/* @trick avg-ceil
 * title: Average of two unsigned words, rounding up, without overflow
 * task: Return ceil((a + b) / 2): the union of the bits minus half the differing bits.
 * aliases: average; mean; ceiling average; rounding average; overflow-free average
 * spec: avg_ceil_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 2-5 (average of two integers)
 * panel: lab
 * wrong: none
 */
unsigned int avg_ceil(unsigned int a, unsigned int b)
{
    return (a | b) - ((a ^ b) >> 1);
}

/* @trick savg-floor
 * title: Average of two signed ints, rounding down, without overflow
 * task: Return floor((a + b) / 2) of two ints; the shift of the xor is arithmetic.
 * aliases: signed average; mean; floor average; midpoint; overflow-free average
 * spec: savg_floor_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 2-5 (average of two integers)
 * panel: lab
 * wrong: none
 */
int savg_floor(int a, int b)
{
    return (a & b) + ((a ^ b) >> 1);
}
