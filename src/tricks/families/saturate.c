/* family: saturate — Saturating arithmetic and clamping */
/* A saturating operation returns the nearest representable value instead
   of wrapping: UINT_MAX or 0 for unsigned words, INT_MAX or INT_MIN for
   signed ones. The specs compute exactly in a wider type and clamp. */

#include <limits.h>

unsigned int sat_addu_spec(unsigned int a, unsigned int b)
{
    unsigned long long s = (unsigned long long)a + b;
    if (s > 0xFFFFFFFFu)
        return 0xFFFFFFFFu;
    return (unsigned int)s;
}

unsigned int sat_subu_spec(unsigned int a, unsigned int b)
{
    if (a < b)
        return 0;
    return a - b;
}

unsigned int sat_mulu_spec(unsigned int a, unsigned int b)
{
    unsigned long long p = (unsigned long long)a * b;
    if (p > 0xFFFFFFFFu)
        return 0xFFFFFFFFu;
    return (unsigned int)p;
}

unsigned long long sat_addu64_spec(unsigned long long a, unsigned long long b)
{
    if (a > 0xFFFFFFFFFFFFFFFFULL - b)
        return 0xFFFFFFFFFFFFFFFFULL;
    return a + b;
}

int sat_adds_spec(int a, int b)
{
    long long s = (long long)a + b;
    if (s > INT_MAX)
        return INT_MAX;
    if (s < INT_MIN)
        return INT_MIN;
    return (int)s;
}

int sat_subs_spec(int a, int b)
{
    long long s = (long long)a - b;
    if (s > INT_MAX)
        return INT_MAX;
    if (s < INT_MIN)
        return INT_MIN;
    return (int)s;
}

unsigned char sat_addu8_spec(unsigned char a, unsigned char b)
{
    int s = a + b;
    if (s > 255)
        return 255;
    return (unsigned char)s;
}

unsigned char sat_subu8_spec(unsigned char a, unsigned char b)
{
    int s = a - b;
    if (s < 0)
        return 0;
    return (unsigned char)s;
}

signed char sat_adds8_spec(signed char a, signed char b)
{
    int s = a + b;
    if (s > 127)
        return 127;
    if (s < -128)
        return -128;
    return (signed char)s;
}

int clamp_byte_spec(int x)
{
    if (x < 0)
        return 0;
    if (x > 255)
        return 255;
    return x;
}

/* @trick sat-addu-or
 * title: Saturating unsigned add with the carry as a mask
 * task: Return a + b, or UINT_MAX if it overflows: the wrapped sum is below a exactly on overflow.
 * aliases: saturating add; unsigned saturation; qadd; clamp add; paddusd; uqadd
 * spec: sat_addu_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Lockless Inc., Branchfree saturating arithmetic; Hacker's Delight 2-13 (unsigned add overflow)
 * panel: lab
 * wrong: none
 */
unsigned int sat_addu_or(unsigned int a, unsigned int b)
{
    unsigned int s = a + b;
    return s | -(unsigned int)(s < a);
}

/* @trick sat-addu-min
 * title: Saturating unsigned add as a + min(b, ~a)
 * task: Return a + b, or UINT_MAX if it overflows: ~a is the room left above a.
 * aliases: saturating add; unsigned saturation; headroom; clamp add
 * spec: sat_addu_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-13 (overflow detection: unsigned add overflows iff b > ~a)
 * panel: lab
 * wrong: none
 */
unsigned int sat_addu_min(unsigned int a, unsigned int b)
{
    return a + (b < ~a ? b : ~a);
}

/* @trick sat-subu-and
 * title: Saturating unsigned subtract with the borrow as a mask
 * task: Return a - b, or 0 if b > a: the wrapped difference exceeds a exactly on underflow.
 * aliases: saturating subtract; unsigned saturation; doz; difference or zero; psubusd; uqsub
 * spec: sat_subu_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Lockless Inc., Branchfree saturating arithmetic; Hacker's Delight 2-19 (doz)
 * panel: lab
 * wrong: none
 */
unsigned int sat_subu_and(unsigned int a, unsigned int b)
{
    unsigned int d = a - b;
    return d & -(unsigned int)(d <= a);
}

/* @trick sat-mulu-high
 * title: Saturating unsigned multiply from the 64-bit product
 * task: Return a * b, or UINT_MAX if it overflows: any bit in the high half of the full product saturates.
 * aliases: saturating multiply; unsigned saturation; clamp multiply
 * spec: sat_mulu_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Lockless Inc., Branchfree saturating arithmetic
 * panel: lab
 * wrong: none
 */
unsigned int sat_mulu_high(unsigned int a, unsigned int b)
{
    unsigned long long p = (unsigned long long)a * b;
    unsigned int hi = (unsigned int)(p >> 32);
    return (unsigned int)p | -(unsigned int)(hi != 0);
}

/* @trick sat-addu64-or
 * title: Saturating unsigned add of 64-bit words
 * task: Return a + b, or the all-ones word if it overflows, with the carry turned into a mask.
 * aliases: saturating add; 64-bit; unsigned saturation; clamp add
 * spec: sat_addu64_spec
 * width: 64
 * restrict: none
 * ops: 4
 * from: Lockless Inc., Branchfree saturating arithmetic
 * panel: lab
 * wrong: none
 */
unsigned long long sat_addu64_or(unsigned long long a, unsigned long long b)
{
    unsigned long long s = a + b;
    return s | -(unsigned long long)(s < a);
}

/* @trick sat-adds-branchfree
 * title: Saturating signed add without a branch on the sum
 * task: Return a + b clamped to [INT_MIN, INT_MAX]: overflow is when a and b agree in sign and the sum does not.
 * aliases: saturating add; signed saturation; qadd; paddsd; sqadd; clamp add
 * spec: sat_adds_spec
 * width: 32
 * restrict: none
 * ops: 8
 * from: Lockless Inc., Branchfree saturating arithmetic; Hacker's Delight 2-13 (overflow detection)
 * panel: lab
 * wrong: none
 */
int sat_adds_branchfree(int a, int b)
{
    unsigned int ua = (unsigned int)a;
    unsigned int ub = (unsigned int)b;
    unsigned int s = ua + ub;
    unsigned int sat = (ua >> 31) + 0x7FFFFFFFu;
    if ((int)((ua ^ ub) | ~(ub ^ s)) >= 0)
        s = sat;
    return (int)s;
}

/* @trick sat-subs-branchfree
 * title: Saturating signed subtract
 * task: Return a - b clamped to [INT_MIN, INT_MAX]: overflow is when a and b differ in sign and the result differs from a.
 * aliases: saturating subtract; signed saturation; qsub; psubsd; sqsub
 * spec: sat_subs_spec
 * width: 32
 * restrict: none
 * ops: 7
 * from: Lockless Inc., Branchfree saturating arithmetic; Hacker's Delight 2-13 (overflow detection)
 * panel: lab
 * wrong: none
 */
int sat_subs_branchfree(int a, int b)
{
    unsigned int ua = (unsigned int)a;
    unsigned int ub = (unsigned int)b;
    unsigned int d = ua - ub;
    unsigned int sat = (ua >> 31) + 0x7FFFFFFFu;
    if ((int)((ua ^ ub) & (ua ^ d)) < 0)
        d = sat;
    return (int)d;
}

/* @trick sat-addu8
 * title: Saturating add of two bytes
 * task: Return a + b for bytes, or 255 if it passes 255: the ninth bit of the int sum becomes a mask.
 * aliases: saturating add; byte saturation; paddusb; clamp to 255; pixel add
 * spec: sat_addu8_spec
 * width: 8
 * restrict: none
 * ops: 4
 * from: Lockless Inc., Branchfree saturating arithmetic
 * panel: lab
 * wrong: none
 */
unsigned char sat_addu8(unsigned char a, unsigned char b)
{
    unsigned int s = (unsigned int)a + b;
    return (unsigned char)(s | -(s >> 8));
}

/* @trick sat-subu8
 * title: Saturating subtract of two bytes
 * task: Return a - b for bytes, or 0 if b > a: the sign of the int difference becomes a mask.
 * aliases: saturating subtract; byte saturation; psubusb; clamp to 0; pixel subtract
 * spec: sat_subu8_spec
 * width: 8
 * restrict: none
 * ops: 4
 * from: Lockless Inc., Branchfree saturating arithmetic
 * panel: lab
 * wrong: none
 */
unsigned char sat_subu8(unsigned char a, unsigned char b)
{
    int d = a - b;
    return (unsigned char)(d & ~(d >> 31));
}

/* @trick sat-adds8
 * title: Saturating add of two signed bytes in byte arithmetic
 * task: Return a + b clamped to [-128, 127], with the same sign test as the 32-bit version done on bytes.
 * aliases: saturating add; signed byte saturation; paddsb; clamp add
 * spec: sat_adds8_spec
 * width: 8
 * restrict: none
 * ops: 8
 * from: Lockless Inc., Branchfree saturating arithmetic
 * panel: lab
 * wrong: none
 */
signed char sat_adds8(signed char a, signed char b)
{
    unsigned char ua = (unsigned char)a;
    unsigned char ub = (unsigned char)b;
    unsigned char s = (unsigned char)(ua + ub);
    unsigned char sat = (unsigned char)((ua >> 7) + 0x7F);
    if ((signed char)((ua ^ ub) | ~(ub ^ s)) >= 0)
        s = sat;
    return (signed char)s;
}

/* @trick clamp-byte-test
 * title: Clamp an int to 0..255 with one test
 * task: Return x clamped to [0, 255]: only values with bits above the byte need fixing, and their sign picks 0 or 255.
 * aliases: clamp; clip to byte; saturate to uint8; pixel clamp; clamp255
 * spec: clamp_byte_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: a common image-processing idiom (clamping with a single range test)
 * panel: lab
 * wrong: none
 */
int clamp_byte_test(int x)
{
    if (x & ~0xFF)
        return (~x >> 31) & 0xFF;
    return x;
}

/* @trick clamp-byte-masks
 * title: Clamp an int to 0..255 with sign masks
 * task: Return x clamped to [0, 255] without a branch: clear it if negative, fill it if above 255, keep the low byte.
 * aliases: clamp; clip to byte; saturate to uint8; branchless clamp
 * spec: clamp_byte_spec
 * width: 32
 * restrict: none
 * ops: 7
 * from: Hacker's Delight 2-19 (doz, max, min built from sign masks)
 * panel: lab
 * wrong: none
 */
int clamp_byte_masks(int x)
{
    x &= ~(x >> 31);
    x |= (255 - x) >> 31;
    return x & 0xFF;
}
