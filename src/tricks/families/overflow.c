/* family: overflow — Overflow tests for add, subtract and multiply */
/* Each function returns 1 when the operation on its two arguments does not
   fit the argument type (signed: outside [INT_MIN, INT_MAX]; unsigned: a
   carry or borrow out of the word), else 0. The specs compute exactly in a
   wider type, or for 64-bit words add bit by bit. The tricks compute in
   the same width: signed sums are formed as unsigned sums and converted,
   the -fwrapv result, so nothing is undefined. */

#include <limits.h>

int addu_ovf_spec(unsigned int a, unsigned int b)
{
    unsigned long long s = (unsigned long long)a + b;
    return s > 0xFFFFFFFFu;
}

int subu_ovf_spec(unsigned int a, unsigned int b)
{
    long long d = (long long)a - (long long)b;
    return d < 0;
}

int mulu_ovf_spec(unsigned int a, unsigned int b)
{
    unsigned long long p = (unsigned long long)a * b;
    return p > 0xFFFFFFFFu;
}

int adds_ovf_spec(int a, int b)
{
    long long s = (long long)a + b;
    return s < INT_MIN || s > INT_MAX;
}

int subs_ovf_spec(int a, int b)
{
    long long d = (long long)a - b;
    return d < INT_MIN || d > INT_MAX;
}

int muls_ovf_spec(int a, int b)
{
    long long p = (long long)a * b;
    return p < INT_MIN || p > INT_MAX;
}

int addu64_ovf_spec(unsigned long long a, unsigned long long b)
{
    /* Ripple-carry addition, one bit at a time; return the last carry. */
    unsigned long long carry = 0;
    int i;
    for (i = 0; i < 64; i++) {
        unsigned long long x = (a >> i) & 1;
        unsigned long long y = (b >> i) & 1;
        carry = (x + y + carry) >> 1;
    }
    return (int)carry;
}

/* @trick addu-ovf-wrap
 * title: Unsigned add overflow: the wrapped sum is smaller
 * task: Return 1 if a + b carries out of 32 bits: then the wrapped sum is below a.
 * aliases: unsigned overflow; carry out; add overflow; wraparound check; carry flag
 * spec: addu_ovf_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-13 (overflow detection, unsigned add); CERT C INT30-C
 * panel: lab
 * wrong: none
 */
int addu_ovf_wrap(unsigned int a, unsigned int b)
{
    return a + b < a;
}

/* @trick addu-ovf-not
 * title: Unsigned add overflow before adding
 * task: Return 1 if a + b carries out of 32 bits, by comparing b with the room ~a left above a.
 * aliases: unsigned overflow; precondition test; headroom; add overflow
 * spec: addu_ovf_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-13 (overflow detection, unsigned add)
 * panel: lab
 * wrong: none
 */
int addu_ovf_not(unsigned int a, unsigned int b)
{
    return b > ~a;
}

/* @trick addu64-ovf-wrap
 * title: Unsigned 64-bit add overflow: the wrapped sum is smaller
 * task: Return 1 if the 64-bit a + b carries out: then the wrapped sum is below a.
 * aliases: unsigned overflow; carry out; 64-bit; add with carry; multiword add
 * spec: addu64_ovf_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-16 (double-length add: the carry as a comparison)
 * panel: lab
 * wrong: none
 */
int addu64_ovf_wrap(unsigned long long a, unsigned long long b)
{
    return a + b < a;
}

/* @trick subu-ovf-wrap
 * title: Unsigned subtract borrow: the wrapped difference is larger
 * task: Return 1 if a - b borrows (b > a): then the wrapped difference exceeds a.
 * aliases: unsigned underflow; borrow; subtract overflow; wraparound check
 * spec: subu_ovf_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-13 (overflow detection, unsigned subtract)
 * panel: lab
 * wrong: none
 */
int subu_ovf_wrap(unsigned int a, unsigned int b)
{
    return a - b > a;
}

/* @trick mulu-ovf-wrong
 * title: Unsigned multiply overflow by a * b < a (wrong: the product can wrap above a)
 * task: Return 1 if a * b does not fit in 32 bits.
 * aliases: unsigned multiply overflow; mul overflow; wraparound check; naive overflow test
 * spec: mulu_ovf_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: a common mistake, carrying the add test over to multiplication (see CERT C INT30-C for correct tests)
 * panel: lab
 * wrong: fixed-by mulu-ovf-div; at a=3, b=2147483648: gives 0, expected 1
 */
int mulu_ovf_wrong(unsigned int a, unsigned int b)
{
    return a * b < a;
}

/* @trick mulu-ovf-div
 * title: Unsigned multiply overflow by dividing back
 * task: Return 1 if a * b does not fit in 32 bits: the wrapped product divided by a is not b.
 * aliases: unsigned multiply overflow; mul overflow; divide back; checked multiply
 * spec: mulu_ovf_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-13 (overflow detection, multiplication); CERT C INT30-C
 * panel: lab
 * wrong: none
 */
int mulu_ovf_div(unsigned int a, unsigned int b)
{
    return a != 0 && (a * b) / a != b;
}

/* @trick mulu-ovf-nlz
 * title: Unsigned multiply overflow from the leading zeros
 * task: Return 1 if a * b does not fit: decide from nlz(a) + nlz(b), checking the one ambiguous case with half a product.
 * aliases: unsigned multiply overflow; nlz; leading zeros; checked multiply
 * spec: mulu_ovf_spec
 * width: 32
 * restrict: none
 * ops: 15
 * from: Hacker's Delight 2-13 (overflow detection, unsigned multiplication with nlz)
 * panel: lab
 * wrong: none
 */
int mulu_ovf_nlz(unsigned int a, unsigned int b)
{
    int m = a == 0 ? 32 : __builtin_clz(a);
    int n = b == 0 ? 32 : __builtin_clz(b);
    unsigned int t;
    unsigned int z;
    if (m + n <= 30)
        return 1;
    if (m + n >= 32)
        return 0;
    t = a * (b >> 1);
    if ((int)t < 0)
        return 1;
    z = t * 2;
    if (b & 1) {
        z = z + a;
        if (z < a)
            return 1;
    }
    return 0;
}

/* @trick adds-ovf-wrong
 * title: Signed add overflow by a + b < a (wrong for negative b)
 * task: Return 1 if the int sum a + b overflows.
 * aliases: signed overflow; add overflow; integer overflow check; naive overflow test
 * spec: adds_ovf_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: a common mistake, carrying the unsigned test over to signed ints (see CERT C INT32-C)
 * panel: lab
 * wrong: fixed-by adds-ovf-xor; at a=0, b=-1: gives 1, expected 0
 */
int adds_ovf_wrong(int a, int b)
{
    int s = (int)((unsigned int)a + (unsigned int)b);
    return s < a;
}

/* @trick adds-ovf-xor
 * title: Signed add overflow from the signs
 * task: Return 1 if the int sum a + b overflows: the wrapped sum differs in sign from both a and b.
 * aliases: signed overflow; add overflow; sign test; overflow flag; integer overflow check
 * spec: adds_ovf_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-13 (overflow detection, signed add)
 * panel: lab
 * wrong: none
 */
int adds_ovf_xor(int a, int b)
{
    int s = (int)((unsigned int)a + (unsigned int)b);
    return ((s ^ a) & (s ^ b)) < 0;
}

/* @trick adds-ovf-cmp
 * title: Signed add overflow before adding
 * task: Return 1 if a + b would overflow, comparing a with INT_MAX - b or INT_MIN - b as b's sign says.
 * aliases: signed overflow; precondition test; add overflow; cert int32
 * spec: adds_ovf_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: CERT C INT32-C (ensure that operations on signed integers do not result in overflow)
 * panel: lab
 * wrong: none
 */
int adds_ovf_cmp(int a, int b)
{
    if (b > 0)
        return a > INT_MAX - b;
    return a < INT_MIN - b;
}

/* @trick subs-ovf-xor
 * title: Signed subtract overflow from the signs
 * task: Return 1 if a - b overflows: a and b differ in sign and the wrapped difference differs in sign from a.
 * aliases: signed overflow; subtract overflow; sign test; overflow flag
 * spec: subs_ovf_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-13 (overflow detection, signed subtract)
 * panel: lab
 * wrong: none
 */
int subs_ovf_xor(int a, int b)
{
    int d = (int)((unsigned int)a - (unsigned int)b);
    return ((a ^ b) & (d ^ a)) < 0;
}

/* @trick subs-ovf-cmp
 * title: Signed subtract overflow before subtracting
 * task: Return 1 if a - b would overflow, comparing a with INT_MAX + b or INT_MIN + b as b's sign says.
 * aliases: signed overflow; precondition test; subtract overflow; cert int32
 * spec: subs_ovf_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: CERT C INT32-C (ensure that operations on signed integers do not result in overflow)
 * panel: lab
 * wrong: none
 */
int subs_ovf_cmp(int a, int b)
{
    if (b < 0)
        return a > INT_MAX + b;
    return a < INT_MIN + b;
}

/* @trick muls-ovf-high
 * title: Signed multiply overflow from the 64-bit product
 * task: Return 1 if a * b overflows int: the 64-bit product's bits 31 to 63 are not all equal.
 * aliases: signed multiply overflow; high half; mulhs; checked multiply
 * spec: muls_ovf_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 2-13 (overflow detection, signed multiplication from the double-length product)
 * panel: lab
 * wrong: none
 */
int muls_ovf_high(int a, int b)
{
    long long p = (long long)a * b;
    return (p >> 31) != (p >> 63);
}

/* @trick muls-ovf-div
 * title: Signed multiply overflow by dividing back
 * task: Return 1 if a * b overflows int: the wrapped product divided by a is not b, with a = -1 handled apart.
 * aliases: signed multiply overflow; divide back; checked multiply
 * spec: muls_ovf_spec
 * width: 32
 * restrict: none
 * ops: 7
 * from: Hacker's Delight 2-13 (overflow detection, signed multiplication)
 * panel: lab
 * wrong: none
 */
int muls_ovf_div(int a, int b)
{
    int p;
    if (a == 0)
        return 0;
    if (a == -1)
        return b == INT_MIN;
    p = (int)((unsigned int)a * (unsigned int)b);
    return p / a != b;
}
