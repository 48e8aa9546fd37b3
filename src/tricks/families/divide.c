/* family: divide — Division and remainder by constants */
/* Compilers replace x / d by a multiply with a "magic" reciprocal and a
   shift. The specs are the plain C operators; C's signed division rounds
   toward zero. The magic numbers are m = ceil(2^(32+s) / d); the
   divisibility tests use the inverse of d modulo 2^32. */

unsigned int udiv3_spec(unsigned int x)
{
    return x / 3;
}

unsigned int udiv5_spec(unsigned int x)
{
    return x / 5;
}

unsigned int udiv7_spec(unsigned int x)
{
    return x / 7;
}

unsigned int udiv10_spec(unsigned int x)
{
    return x / 10;
}

unsigned int umod3_spec(unsigned int x)
{
    return x % 3;
}

unsigned int umod7_spec(unsigned int x)
{
    return x % 7;
}

int divisible3_spec(unsigned int x)
{
    return x % 3 == 0;
}

int divisible7_spec(unsigned int x)
{
    return x % 7 == 0;
}

int divisible10_spec(unsigned int x)
{
    return x % 10 == 0;
}

int sdiv3_spec(int x)
{
    return x / 3;
}

int sdiv7_spec(int x)
{
    return x / 7;
}

int sdiv_pow2_spec(int x, int k)
{
    return x / (1 << k);
}

int smod_pow2_spec(int x, int k)
{
    return x % (1 << k);
}

/* @trick udiv3-mul
 * title: Unsigned division by 3 with a multiply and a shift
 * task: Return x / 3 as the high part of x * 0xAAAAAAAB shifted right by 33.
 * aliases: divide by 3; magic number; reciprocal multiplication; division by constant; mulhi
 * spec: udiv3_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 10-8 (unsigned division); Granlund and Montgomery, Division by invariant integers using multiplication (1994)
 * panel: divide
 * wrong: none
 */
unsigned int udiv3_mul(unsigned int x)
{
    return (unsigned int)(((unsigned long long)x * 0xAAAAAAABu) >> 33);
}

/* @trick udiv5-mul
 * title: Unsigned division by 5 with a multiply and a shift
 * task: Return x / 5 as x * 0xCCCCCCCD shifted right by 34.
 * aliases: divide by 5; magic number; reciprocal multiplication; division by constant
 * spec: udiv5_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 10-8 (unsigned division)
 * panel: divide
 * wrong: none
 */
unsigned int udiv5_mul(unsigned int x)
{
    return (unsigned int)(((unsigned long long)x * 0xCCCCCCCDu) >> 34);
}

/* @trick udiv7-short-magic
 * title: Unsigned division by 7 with the magic number cut to 32 bits (wrong: the add fix-up is missing)
 * task: Return x / 7 with a 32-bit multiply-high and a shift.
 * aliases: divide by 7; magic number; missing fix-up; 33-bit magic; division by constant
 * spec: udiv7_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 10-8 (the magic number for 7 needs 33 bits; dropping its top bit is the classic error)
 * panel: divide
 * wrong: fixed-by udiv7-fixup; at x=7: gives 0, expected 1
 */
unsigned int udiv7_short_magic(unsigned int x)
{
    unsigned int t = (unsigned int)(((unsigned long long)x * 0x24924925u) >> 32);
    return t >> 2;
}

/* @trick udiv7-fixup
 * title: Unsigned division by 7 with a multiply and the add fix-up
 * task: Return x / 7: the magic 0x124924925 needs 33 bits, so add x back as ((x - t) >> 1) + t before the last shift.
 * aliases: divide by 7; magic number; add indicator; 33-bit magic; division by constant
 * spec: udiv7_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 10-8 (unsigned division by 7, the add fix-up); Granlund and Montgomery (1994)
 * panel: divide
 * wrong: none
 */
unsigned int udiv7_fixup(unsigned int x)
{
    unsigned int t = (unsigned int)(((unsigned long long)x * 0x24924925u) >> 32);
    return (((x - t) >> 1) + t) >> 2;
}

/* @trick udiv10-mul
 * title: Unsigned division by 10 with a multiply and a shift
 * task: Return x / 10 as x * 0xCCCCCCCD shifted right by 35.
 * aliases: divide by 10; magic number; decimal conversion; itoa; division by constant
 * spec: udiv10_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 10-8 (unsigned division)
 * panel: divide
 * wrong: none
 */
unsigned int udiv10_mul(unsigned int x)
{
    return (unsigned int)(((unsigned long long)x * 0xCCCCCCCDu) >> 35);
}

/* @trick udiv10-shift-add
 * title: Unsigned division by 10 with shifts and adds only
 * task: Return x / 10 without a multiply: build x * 0.8 from shifts, divide by 8, then correct by the remainder.
 * aliases: divide by 10; shift and add; no multiply; divu10; decimal conversion
 * spec: udiv10_spec
 * width: 32
 * restrict: none
 * ops: 16
 * from: Hacker's Delight 10-17 (methods not using multiply high: divu10)
 * panel: divide
 * wrong: none
 */
unsigned int udiv10_shift_add(unsigned int x)
{
    unsigned int q = (x >> 1) + (x >> 2);
    unsigned int r;
    q = q + (q >> 4);
    q = q + (q >> 8);
    q = q + (q >> 16);
    q = q >> 3;
    r = x - (((q << 2) + q) << 1);
    return q + (r > 9);
}

/* @trick udiv3-shift-add
 * title: Unsigned division by 3 with shifts and adds only
 * task: Return x / 3 without a multiply: sum x/4 + x/16 + ... as a geometric series, then correct by the remainder.
 * aliases: divide by 3; shift and add; no multiply; divu3
 * spec: udiv3_spec
 * width: 32
 * restrict: none
 * ops: 14
 * from: Hacker's Delight 10-17 (methods not using multiply high: divu3)
 * panel: divide
 * wrong: none
 */
unsigned int udiv3_shift_add(unsigned int x)
{
    unsigned int q = (x >> 2) + (x >> 4);
    unsigned int r;
    q = q + (q >> 4);
    q = q + (q >> 8);
    q = q + (q >> 16);
    r = x - q * 3;
    return q + ((11 * r) >> 5);
}

/* @trick umod3-mul
 * title: Unsigned remainder by 3 from the magic quotient
 * task: Return x % 3 as x - 3 * (x / 3), the quotient by multiply and shift.
 * aliases: modulo 3; remainder by constant; magic number; mod 3
 * spec: umod3_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 10-8 (unsigned division; remainder by subtraction)
 * panel: divide
 * wrong: none
 */
unsigned int umod3_mul(unsigned int x)
{
    unsigned int q = (unsigned int)(((unsigned long long)x * 0xAAAAAAABu) >> 33);
    return x - q * 3;
}

/* @trick umod3-digit-sum
 * title: Unsigned remainder by 3 by summing base-4 digits
 * task: Return x % 3 by folding x into sums of its halves, bytes, nibbles and pairs (4 = 1 mod 3), then a tiny in-register table.
 * aliases: modulo 3; remainder by summing digits; casting out threes; mod 3
 * spec: umod3_spec
 * width: 32
 * restrict: none
 * ops: 18
 * from: Hacker's Delight 10-18 (remainder by summing digits: remu3)
 * panel: divide
 * wrong: none
 */
unsigned int umod3_digit_sum(unsigned int x)
{
    x = (x >> 16) + (x & 0xFFFF);
    x = (x >> 8) + (x & 0x00FF);
    x = (x >> 4) + (x & 0x000F);
    x = (x >> 2) + (x & 0x0003);
    x = (x >> 2) + (x & 0x0003);
    return (0x0924 >> (x << 1)) & 3;
}

/* @trick umod7-digit-sum
 * title: Unsigned remainder by 7 by summing octal digits (no division)
 * task: Return x % 7 without dividing: 8 = 1 mod 7, so replace x by (x >> 3) + (x & 7) while x > 7, then map 7 to 0.
 * aliases: mod 7; x % 7; remainder by 7 without division; mersenne modulus; modulo 7; casting out sevens; octal digit sum
 * spec: umod7_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 10-18 (remainder by summing digits: 7 = 2^3 - 1); Knuth, TAOCP vol. 2, 4.3.2 (arithmetic modulo 2^e - 1)
 * panel: divide
 * wrong: none
 */
unsigned int umod7_digit_sum(unsigned int x)
{
    while (x > 7)
        x = (x >> 3) + (x & 7);
    return x == 7 ? 0 : x;
}

/* @trick divisible3-inverse
 * title: Divisibility by 3 with the modular inverse
 * task: Return 1 if 3 divides x: multiples of 3 times 0xAAAAAAAB (3's inverse mod 2^32) land at or below 0x55555555.
 * aliases: divisible by 3; modular inverse; exact division test; zero remainder test; divisibility
 * spec: divisible3_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 10-16 (test for zero remainder after division by a constant); Granlund and Montgomery (1994)
 * panel: divide
 * wrong: none
 */
int divisible3_inverse(unsigned int x)
{
    return x * 0xAAAAAAABu <= 0x55555555u;
}

/* @trick divisible7-inverse
 * title: Divisibility by 7 with the modular inverse
 * task: Return 1 if 7 divides x: x times 0xB6DB6DB7 (7's inverse mod 2^32) is at most 0x24924924 exactly then.
 * aliases: divisible by 7; modular inverse; exact division test; zero remainder test
 * spec: divisible7_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 10-16 (test for zero remainder after division by a constant)
 * panel: divide
 * wrong: none
 */
int divisible7_inverse(unsigned int x)
{
    return x * 0xB6DB6DB7u <= 0x24924924u;
}

/* @trick divisible10-inverse
 * title: Divisibility by 10 with the inverse of 5 and a rotate
 * task: Return 1 if 10 divides x: multiply by 5's inverse, rotate right one (the factor 2 must leave a zero low bit), compare.
 * aliases: divisible by 10; modular inverse; even divisor; rotate; zero remainder test
 * spec: divisible10_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 10-16 (test for zero remainder, even divisors); Granlund and Montgomery (1994)
 * panel: divide
 * wrong: none
 */
int divisible10_inverse(unsigned int x)
{
    unsigned int y = x * 0xCCCCCCCDu;
    y = (y >> 1) | (y << 31);
    return y <= 0x19999999u;
}

/* @trick sdiv3-mulhs
 * title: Signed division by 3 with a multiply
 * task: Return x / 3 (rounding toward zero): the high word of x * 0x55555556, plus 1 when x is negative.
 * aliases: signed divide by 3; magic number; mulhs; truncating division; division by constant
 * spec: sdiv3_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 10-3 (signed division by 3)
 * panel: divide
 * wrong: none
 */
int sdiv3_mulhs(int x)
{
    int q = (int)(((long long)x * 0x55555556LL) >> 32);
    return q + (int)((unsigned int)x >> 31);
}

/* @trick sdiv7-mulhs
 * title: Signed division by 7 with a multiply and the add fix-up
 * task: Return x / 7: the magic 0x92492493 is negative as an int, so add x to the high product, shift by 2, add 1 if x < 0.
 * aliases: signed divide by 7; magic number; mulhs; add fix-up; division by constant
 * spec: sdiv7_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 10-3 (signed division by 7)
 * panel: divide
 * wrong: none
 */
int sdiv7_mulhs(int x)
{
    int q = (int)(((long long)x * (int)0x92492493u) >> 32);
    q = q + x;
    q = q >> 2;
    return q + (int)((unsigned int)x >> 31);
}

/* @trick sdiv-pow2-wrong
 * title: Signed division by a power of two as a right shift (wrong for negative odd multiples)
 * task: Return x / 2^k for 0 <= k <= 30, rounding toward zero as C does.
 * aliases: divide by power of two; shift right; arithmetic shift; sar; floor vs truncate
 * spec: sdiv_pow2_spec
 * width: 32
 * restrict: k >= 0 && k <= 30
 * ops: 1
 * from: G. Steele, Arithmetic shifting considered harmful (1977); Hacker's Delight 10-1
 * panel: divide
 * wrong: fixed-by sdiv-pow2; at x=-1, k=1: gives -1, expected 0
 */
int sdiv_pow2_wrong(int x, int k)
{
    return x >> k;
}

/* @trick sdiv-pow2
 * title: Signed division by a power of two with a bias
 * task: Return x / 2^k (0 <= k <= 30, toward zero): add 2^k - 1 to negative x before the arithmetic shift.
 * aliases: divide by power of two; shift right; bias; truncating division; sar with fix-up
 * spec: sdiv_pow2_spec
 * width: 32
 * restrict: k >= 0 && k <= 30
 * ops: 6
 * from: Hacker's Delight 10-1 (signed division by a known power of 2)
 * panel: divide
 * wrong: none
 */
int sdiv_pow2(int x, int k)
{
    int bias = (x >> 31) & ((1 << k) - 1);
    return (x + bias) >> k;
}

/* @trick smod-pow2
 * title: Signed remainder by a power of two
 * task: Return x % 2^k (0 <= k <= 30), with the sign of x as C's % has: bias, mask, unbias.
 * aliases: signed modulo power of two; remainder; truncating remainder; mod with sign
 * spec: smod_pow2_spec
 * width: 32
 * restrict: k >= 0 && k <= 30
 * ops: 7
 * from: Hacker's Delight 10-2 (signed remainder from division by a known power of 2)
 * panel: divide
 * wrong: none
 */
int smod_pow2(int x, int k)
{
    int m = (1 << k) - 1;
    int bias = (x >> 31) & m;
    return ((x + bias) & m) - bias;
}
