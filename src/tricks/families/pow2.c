/* family: pow2 — Powers of two: tests, rounding and alignment */
/* Unsigned words throughout. The specs walk the 32 (or 64) powers of two
   one by one; the tricks use x - 1, -x, smearing or a count of zeros. */

int is_pow2_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i++)
        if (x == 1u << i)
            return 1;
    return 0;
}

int is_pow2_64_spec(unsigned long long x)
{
    int i;
    for (i = 0; i < 64; i++)
        if (x == 1ULL << i)
            return 1;
    return 0;
}

int is_pow4_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i += 2)
        if (x == 1u << i)
            return 1;
    return 0;
}

unsigned int ceil_pow2_spec(unsigned int x)
{
    /* The smallest power of two >= x (1 for x = 0). */
    unsigned int p = 1;
    while (p < x)
        p = p * 2;
    return p;
}

unsigned long long ceil_pow2_64_spec(unsigned long long x)
{
    unsigned long long p = 1;
    while (p < x)
        p = p * 2;
    return p;
}

unsigned int floor_pow2_spec(unsigned int x)
{
    /* The largest power of two <= x (0 for x = 0). */
    int i;
    for (i = 31; i >= 0; i--)
        if (x >= 1u << i)
            return 1u << i;
    return 0;
}

unsigned int align_up_spec(unsigned int x, unsigned int a)
{
    unsigned int r = x % a;
    if (r == 0)
        return x;
    return x + (a - r);
}

unsigned int align_down_spec(unsigned int x, unsigned int a)
{
    return x - x % a;
}

unsigned int mod_pow2_spec(unsigned int x, unsigned int a)
{
    return x % a;
}

int is_aligned_spec(unsigned int x, unsigned int a)
{
    return x % a == 0;
}

/* @trick is-pow2-wrong
 * title: Power-of-two test by clearing the lowest one (wrong at zero)
 * task: Return 1 if x is a power of two (exactly one bit set), else 0.
 * aliases: is power of two; power of 2 test; single bit set; ispow2; has single bit
 * spec: is_pow2_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (determining if an integer is a power of 2: the version that wrongly accepts 0)
 * panel: lab
 * wrong: fixed-by is-pow2; at x=0: gives 1, expected 0
 */
int is_pow2_wrong(unsigned int x)
{
    return (x & (x - 1)) == 0;
}

/* @trick is-pow2
 * title: Power-of-two test by clearing the lowest one
 * task: Return 1 if x has exactly one bit set: x is non-zero and x & (x - 1) clears its only bit.
 * aliases: is power of two; power of 2 test; single bit set; ispow2; has single bit
 * spec: is_pow2_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (determining if an integer is a power of 2); Hacker's Delight 2-1
 * panel: lab
 * wrong: none
 */
int is_pow2(unsigned int x)
{
    return x != 0 && (x & (x - 1)) == 0;
}

/* @trick is-pow2-neg
 * title: Power-of-two test by isolating the lowest one
 * task: Return 1 if x is non-zero and equal to its own lowest set bit x & -x.
 * aliases: is power of two; power of 2 test; single bit set; lowest bit equals x
 * spec: is_pow2_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
int is_pow2_neg(unsigned int x)
{
    return x != 0 && (x & -x) == x;
}

/* @trick is-pow2-popcount
 * title: Power-of-two test by counting the ones
 * task: Return 1 if exactly one bit of x is set, using the population count.
 * aliases: is power of two; popcount equals one; single bit set; ispow2
 * spec: is_pow2_spec
 * width: 32
 * restrict: none
 * ops: 1
 * from: Hacker's Delight 5-1 (applications of population count)
 * panel: popcount
 * wrong: none
 */
int is_pow2_popcount(unsigned int x)
{
    return __builtin_popcount(x) == 1;
}

/* @trick is-pow2-64
 * title: Power-of-two test on a 64-bit word
 * task: Return 1 if the 64-bit x has exactly one bit set.
 * aliases: is power of two; power of 2 test; single bit set; ispow2; 64-bit
 * spec: is_pow2_64_spec
 * width: 64
 * restrict: none
 * ops: 4
 * from: Bit Twiddling Hacks (determining if an integer is a power of 2)
 * panel: lab
 * wrong: none
 */
int is_pow2_64(unsigned long long x)
{
    return x && !(x & (x - 1));
}

/* @trick is-pow4
 * title: Power-of-four test
 * task: Return 1 if x is a power of four: a power of two whose bit sits at an even position.
 * aliases: is power of four; power of 4 test; even bit position; single even bit
 * spec: is_pow4_spec
 * width: 32
 * restrict: none
 * ops: 8
 * from: a variation on the power-of-two test of Hacker's Delight 2-1
 * panel: lab
 * wrong: none
 */
int is_pow4(unsigned int x)
{
    return x != 0 && (x & (x - 1)) == 0 && (x & 0x55555555u) != 0;
}

/* @trick ceil-pow2-wrong
 * title: Round up to a power of two by smearing (wrong at zero)
 * task: Return the smallest power of two >= x, for x up to 2^31.
 * aliases: next power of two; round up to power of 2; ceil pow2; clp2; bit ceil
 * spec: ceil_pow2_spec
 * width: 32
 * restrict: x <= 2147483648u
 * ops: 12
 * from: Bit Twiddling Hacks (round up to the next highest power of 2: it gives 0 for 0)
 * panel: lab
 * wrong: fixed-by ceil-pow2; at x=0: gives 0, expected 1
 */
unsigned int ceil_pow2_wrong(unsigned int x)
{
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x++;
    return x;
}

/* @trick ceil-pow2
 * title: Round up to a power of two by smearing
 * task: Return the smallest power of two >= x, for x up to 2^31; zero is first bumped to one.
 * aliases: next power of two; round up to power of 2; ceil pow2; clp2; bit ceil
 * spec: ceil_pow2_spec
 * width: 32
 * restrict: x <= 2147483648u
 * ops: 14
 * from: Bit Twiddling Hacks (round up to the next highest power of 2); Hacker's Delight 3-2 (rounding up to the next power of 2, clp2)
 * panel: lab
 * wrong: none
 */
unsigned int ceil_pow2(unsigned int x)
{
    x += x == 0;
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}

/* @trick ceil-pow2-clz
 * title: Round up to a power of two with a count of leading zeros
 * task: Return the smallest power of two >= x, for x up to 2^31, shifting 1 by 32 - clz(x - 1).
 * aliases: next power of two; round up to power of 2; ceil pow2; bit ceil; clz
 * spec: ceil_pow2_spec
 * width: 32
 * restrict: x <= 2147483648u
 * ops: 4
 * from: Hacker's Delight 3-2 (rounding up to the next power of 2, with nlz)
 * panel: lab
 * wrong: none
 */
unsigned int ceil_pow2_clz(unsigned int x)
{
    if (x <= 1)
        return 1;
    return 1u << (32 - __builtin_clz(x - 1));
}

/* @trick ceil-pow2-64
 * title: Round up to a power of two by smearing, 64 bits
 * task: Return the smallest power of two >= x for a 64-bit x up to 2^63.
 * aliases: next power of two; round up to power of 2; ceil pow2; 64-bit; bit ceil
 * spec: ceil_pow2_64_spec
 * width: 64
 * restrict: x <= 9223372036854775808ULL
 * ops: 16
 * from: Bit Twiddling Hacks (round up to the next highest power of 2)
 * panel: lab
 * wrong: none
 */
unsigned long long ceil_pow2_64(unsigned long long x)
{
    x += x == 0;
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    return x + 1;
}

/* @trick floor-pow2
 * title: Round down to a power of two by smearing
 * task: Return the largest power of two <= x (0 for 0): smear the top one down, keep only it.
 * aliases: previous power of two; round down to power of 2; flp2; bit floor; highest set bit
 * spec: floor_pow2_spec
 * width: 32
 * restrict: none
 * ops: 12
 * from: Hacker's Delight 3-2 (rounding down to a power of 2, flp2)
 * panel: lab
 * wrong: none
 */
unsigned int floor_pow2(unsigned int x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x - (x >> 1);
}

/* @trick floor-pow2-clz
 * title: Round down to a power of two with a count of leading zeros
 * task: Return the largest power of two <= x (0 for 0) as 2^31 shifted right by clz(x).
 * aliases: previous power of two; round down to power of 2; bit floor; clz
 * spec: floor_pow2_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 3-2 (rounding down to a power of 2, with nlz)
 * panel: lab
 * wrong: none
 */
unsigned int floor_pow2_clz(unsigned int x)
{
    if (x == 0)
        return 0;
    return 0x80000000u >> __builtin_clz(x);
}

/* @trick floor-pow2-loop
 * title: Round down to a power of two by clearing low ones
 * task: Return the largest power of two <= x (0 for 0) by clearing the lowest one until one is left.
 * aliases: previous power of two; round down to power of 2; bit floor; kernighan loop
 * spec: floor_pow2_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 3-2 (rounding down to a power of 2, loop)
 * panel: lab
 * wrong: none
 */
unsigned int floor_pow2_loop(unsigned int x)
{
    while (x & (x - 1))
        x &= x - 1;
    return x;
}

/* @trick align-up
 * title: Round up to a multiple of a power of two
 * task: Round x up to a multiple of a, a power of two, when the result fits: (x + a - 1) & -a.
 * aliases: align up; round up to multiple; roundup; alignment; page align
 * spec: align_up_spec
 * width: 32
 * restrict: a != 0 && (a & (a - 1)) == 0 && x <= 0u - a
 * ops: 4
 * from: Hacker's Delight 3-1 (rounding up to a multiple of a known power of 2)
 * panel: lab
 * wrong: none
 */
unsigned int align_up(unsigned int x, unsigned int a)
{
    return (x + a - 1) & -a;
}

/* @trick align-down
 * title: Round down to a multiple of a power of two
 * task: Round x down to a multiple of a, a power of two, by clearing the low bits: x & -a.
 * aliases: align down; round down to multiple; truncate to alignment; page align
 * spec: align_down_spec
 * width: 32
 * restrict: a != 0 && (a & (a - 1)) == 0
 * ops: 2
 * from: Hacker's Delight 3-1 (rounding down to a multiple of a known power of 2)
 * panel: lab
 * wrong: none
 */
unsigned int align_down(unsigned int x, unsigned int a)
{
    return x & -a;
}

/* @trick mod-pow2
 * title: Remainder modulo a power of two
 * task: Return x % a for a power of two a, as the low bits x & (a - 1).
 * aliases: modulus; remainder; mod power of two; mask low bits; fast mod
 * spec: mod_pow2_spec
 * width: 32
 * restrict: a != 0 && (a & (a - 1)) == 0
 * ops: 2
 * from: Bit Twiddling Hacks (compute modulus division by 1 << s without a division operator)
 * panel: lab
 * wrong: none
 */
unsigned int mod_pow2(unsigned int x, unsigned int a)
{
    return x & (a - 1);
}

/* @trick is-aligned
 * title: Is a word a multiple of a power of two?
 * task: Return 1 if x is a multiple of the power of two a: its low bits are all zero.
 * aliases: is aligned; alignment test; divisible by power of two; multiple of
 * spec: is_aligned_spec
 * width: 32
 * restrict: a != 0 && (a & (a - 1)) == 0
 * ops: 3
 * from: Hacker's Delight 3-1 (rounding to a multiple of a known power of 2)
 * panel: lab
 * wrong: none
 */
int is_aligned(unsigned int x, unsigned int a)
{
    return (x & (a - 1)) == 0;
}
