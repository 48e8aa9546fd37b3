/* family: log2-ctz-clz — Logarithms, trailing zeros and leading zeros */
/* Counts of trailing zeros (ctz) and leading zeros (clz), and the floor of
   the base-2 logarithm, which is 31 - clz for a non-zero 32-bit word. The
   specs test bits one at a time: ctz and clz of 0 are the word width, and
   the logarithm of 0 is -1 (the tricks that cannot take 0 restrict it).
   The floating-point tricks (reading the exponent of a converted float or
   double) are outside the C subset of this project and are left out. */

static const unsigned char ctz_debruijn_index32[32] = {
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
    31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
};

static const unsigned char ctz_debruijn_index64[64] = {
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
};

static const unsigned char log2_debruijn_index32[32] = {
    0, 9, 1, 10, 13, 21, 2, 29, 11, 14, 16, 18, 22, 25, 3, 30,
    8, 12, 20, 28, 15, 17, 24, 7, 19, 27, 23, 6, 26, 5, 4, 31,
};

static const unsigned char log2_debruijn_index64[64] = {
    0, 47, 1, 56, 48, 27, 2, 60, 57, 49, 41, 37, 28, 16, 3, 61,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4, 62,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30, 9, 24, 13, 18, 8, 12, 7, 6, 5, 63,
};

static const unsigned char ctz_mod37_index[37] = {
    32, 0, 1, 26, 2, 23, 27, 0, 3, 16, 24, 30, 28, 11, 0, 13,
    4, 7, 17, 0, 25, 22, 31, 15, 29, 10, 12, 6, 0, 21, 14, 9,
    5, 20, 8, 19, 18,
};

static const unsigned int log2_masks[5] = {0x2, 0xC, 0xF0, 0xFF00, 0xFFFF0000};
static const unsigned int log2_shifts[5] = {1, 2, 4, 8, 16};

static const unsigned int powers_of_ten[10] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000,
};

int ctz_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i++)
        if ((x >> i) & 1)
            return i;
    return 32;
}

int ctz64_spec(unsigned long long x)
{
    int i;
    for (i = 0; i < 64; i++)
        if ((x >> i) & 1)
            return i;
    return 64;
}

int clz_spec(unsigned int x)
{
    int i;
    for (i = 31; i >= 0; i--)
        if ((x >> i) & 1)
            return 31 - i;
    return 32;
}

int log2_spec(unsigned int x)
{
    int i;
    for (i = 31; i >= 0; i--)
        if ((x >> i) & 1)
            return i;
    return -1;
}

int log2_64_spec(unsigned long long x)
{
    int i;
    for (i = 63; i >= 0; i--)
        if ((x >> i) & 1)
            return i;
    return -1;
}

int log10_spec(unsigned int x)
{
    int r = 0;
    while (x >= 10) {
        x = x / 10;
        r++;
    }
    return r;
}

/* @trick ctz-loop
 * title: Count trailing zeros by shifting right
 * task: Count the zeros below the lowest one of x (32 for 0) by shifting until the low bit is set.
 * aliases: ctz; lowest set bit index; count trailing zeros; trailing zero count; tzcnt; bit scan forward; ffs minus one
 * spec: ctz_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (count the consecutive zero bits on the right linearly)
 * panel: lab
 * wrong: none
 */
int ctz_loop(unsigned int x)
{
    int n = 0;
    if (x == 0)
        return 32;
    while ((x & 1) == 0) {
        x >>= 1;
        n++;
    }
    return n;
}

/* @trick ctz-binary
 * title: Count trailing zeros by binary search
 * task: Count the trailing zeros of x (32 for 0) by testing the low 16, 8, 4 and 2 bits in turn.
 * aliases: ctz; lowest set bit index; count trailing zeros; binary search; ntz; bit scan forward
 * spec: ctz_spec
 * width: 32
 * restrict: none
 * ops: 19
 * from: Hacker's Delight 5-4 (number of trailing zeros, binary search)
 * panel: lab
 * wrong: none
 */
int ctz_binary(unsigned int x)
{
    int n = 1;
    if (x == 0)
        return 32;
    if ((x & 0x0000FFFF) == 0) {
        n += 16;
        x >>= 16;
    }
    if ((x & 0x000000FF) == 0) {
        n += 8;
        x >>= 8;
    }
    if ((x & 0x0000000F) == 0) {
        n += 4;
        x >>= 4;
    }
    if ((x & 0x00000003) == 0) {
        n += 2;
        x >>= 2;
    }
    return n - (int)(x & 1);
}

/* @trick ctz-parallel
 * title: Count trailing zeros in parallel with masks
 * task: Isolate the lowest one, then subtract 16, 8, 4, 2, 1 as it falls in each alternating mask.
 * aliases: ctz; lowest set bit index; count trailing zeros; parallel ctz; mask tests; bit index of lowest one
 * spec: ctz_spec
 * width: 32
 * restrict: none
 * ops: 13
 * from: Bit Twiddling Hacks (count the consecutive zero bits on the right in parallel)
 * panel: lab
 * wrong: none
 */
int ctz_parallel(unsigned int x)
{
    int c = 32;
    x &= -x;
    if (x)
        c--;
    if (x & 0x0000FFFFu)
        c -= 16;
    if (x & 0x00FF00FFu)
        c -= 8;
    if (x & 0x0F0F0F0Fu)
        c -= 4;
    if (x & 0x33333333u)
        c -= 2;
    if (x & 0x55555555u)
        c -= 1;
    return c;
}

/* @trick ctz-debruijn
 * title: Count trailing zeros with a de Bruijn multiply
 * task: Isolate the lowest one of x (non-zero), multiply by 0x077CB531, and look its top 5 bits up.
 * aliases: ctz; lowest set bit index; de bruijn; debruijn sequence; bit scan forward; multiply and lookup; bsf
 * spec: ctz_spec
 * width: 32
 * restrict: x != 0
 * ops: 4
 * from: Leiserson, Prokop, Randall, Using de Bruijn sequences to index a 1 in a computer word (1998); Bit Twiddling Hacks
 * panel: debruijn
 * wrong: none
 */
int ctz_debruijn(unsigned int x)
{
    return ctz_debruijn_index32[((x & -x) * 0x077CB531u) >> 27];
}

/* @trick ctz64-debruijn
 * title: Count trailing zeros of a 64-bit word with a de Bruijn multiply
 * task: Isolate the lowest one of the 64-bit x (non-zero), multiply by a 64-bit de Bruijn constant, look the top 6 bits up.
 * aliases: ctz; lowest set bit index; bitscanforward; de bruijn; bitboard lsb index; bsf64
 * spec: ctz64_spec
 * width: 64
 * restrict: x != 0
 * ops: 4
 * from: Chess Programming Wiki (BitScan: De Bruijn multiplication, constant 0x03f79d71b4cb0a89)
 * panel: debruijn
 * wrong: none
 */
int ctz64_debruijn(unsigned long long x)
{
    return ctz_debruijn_index64[((x & -x) * 0x03F79D71B4CB0A89ULL) >> 58];
}

/* @trick ctz-mod37
 * title: Count trailing zeros by the lowest one modulo 37
 * task: Isolate the lowest one of x; its remainder mod 37 is different for each of the 33 cases, so look it up.
 * aliases: ctz; lowest set bit index; modulus 37; mod 37 lookup; count trailing zeros; perfect hash
 * spec: ctz_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (count the consecutive zero bits on the right with modulus division and lookup)
 * panel: magic
 * wrong: none
 */
int ctz_mod37(unsigned int x)
{
    return ctz_mod37_index[(x & -x) % 37];
}

/* @trick ctz-popcount
 * title: Count trailing zeros as the population count of a mask
 * task: Count the trailing zeros of x (32 for 0) as the number of ones in (x & -x) - 1.
 * aliases: ctz; lowest set bit index; popcount of mask; count trailing zeros; trailing zero mask
 * spec: ctz_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 5-4 (number of trailing zeros, from the population count)
 * panel: popcount
 * wrong: none
 */
int ctz_popcount(unsigned int x)
{
    return __builtin_popcount((x & -x) - 1);
}

/* @trick clz-loop
 * title: Count leading zeros by shifting left
 * task: Count the zeros above the highest one of x (32 for 0) by shifting left until the top bit is set.
 * aliases: clz; count leading zeros; nlz; lzcnt; leading zero count
 * spec: clz_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 5-3 (counting leading 0's, simple loop)
 * panel: lab
 * wrong: none
 */
int clz_loop(unsigned int x)
{
    int n = 0;
    if (x == 0)
        return 32;
    while ((x & 0x80000000u) == 0) {
        x <<= 1;
        n++;
    }
    return n;
}

/* @trick clz-binary
 * title: Count leading zeros by binary search
 * task: Count the leading zeros of x (32 for 0) by testing whether it fits in 16, 24, 28, 30, 31 bits.
 * aliases: clz; count leading zeros; nlz; binary search; leading zero count
 * spec: clz_spec
 * width: 32
 * restrict: none
 * ops: 15
 * from: Hacker's Delight 5-3 (number of leading zeros, binary search)
 * panel: lab
 * wrong: none
 */
int clz_binary(unsigned int x)
{
    int n = 0;
    if (x == 0)
        return 32;
    if (x <= 0x0000FFFFu) {
        n += 16;
        x <<= 16;
    }
    if (x <= 0x00FFFFFFu) {
        n += 8;
        x <<= 8;
    }
    if (x <= 0x0FFFFFFFu) {
        n += 4;
        x <<= 4;
    }
    if (x <= 0x3FFFFFFFu) {
        n += 2;
        x <<= 2;
    }
    if (x <= 0x7FFFFFFFu)
        n += 1;
    return n;
}

/* @trick clz-smear-popcount
 * title: Count leading zeros by smearing and counting
 * task: Smear the highest one of x to the right; the leading zeros are then the ones of the complement.
 * aliases: clz; count leading zeros; nlz; smear and popcount; leading zero count
 * spec: clz_spec
 * width: 32
 * restrict: none
 * ops: 11
 * from: Hacker's Delight 5-3 (number of leading zeros, from the population count)
 * panel: popcount
 * wrong: none
 */
int clz_smear_popcount(unsigned int x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return __builtin_popcount(~x);
}

/* @trick clz-debruijn
 * title: Count leading zeros with a de Bruijn-like multiply
 * task: Smear the highest one of x (non-zero) right, multiply by 0x07C4ACDD, look up the top 5 bits, subtract from 31.
 * aliases: clz; de bruijn; count leading zeros; nlz; bit scan reverse
 * spec: clz_spec
 * width: 32
 * restrict: x != 0
 * ops: 13
 * from: Bit Twiddling Hacks (find the log base 2 of an N-bit integer in O(lg(N)) operations with multiply and lookup)
 * panel: debruijn
 * wrong: none
 */
int clz_debruijn(unsigned int x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return 31 - log2_debruijn_index32[(x * 0x07C4ACDDu) >> 27];
}

/* @trick log2-loop
 * title: Floor of log base 2 by shifting right
 * task: Return the index of the highest one of x (non-zero), counting the shifts that leave x non-zero.
 * aliases: log2; ilog2; floor log2; highest set bit index; bit length minus one; msb index
 * spec: log2_spec
 * width: 32
 * restrict: x != 0
 * ops: 2
 * from: Bit Twiddling Hacks (find the log base 2 of an integer with the MSB N set in O(N) operations)
 * panel: lab
 * wrong: none
 */
int log2_loop(unsigned int x)
{
    int r = 0;
    while (x >>= 1)
        r++;
    return r;
}

/* @trick log2-table-masks
 * title: Floor of log base 2 with a table of masks and shifts
 * task: Return the index of the highest one of x (non-zero) by five mask tests from the top, shifting as they succeed.
 * aliases: log2; ilog2; floor log2; binary search; msb index
 * spec: log2_spec
 * width: 32
 * restrict: x != 0
 * ops: 5
 * from: Bit Twiddling Hacks (find the log base 2 of an N-bit integer in O(lg(N)) operations)
 * panel: lab
 * wrong: none
 */
int log2_table_masks(unsigned int x)
{
    unsigned int r = 0;
    int i;
    for (i = 4; i >= 0; i--) {
        if (x & log2_masks[i]) {
            x >>= log2_shifts[i];
            r |= log2_shifts[i];
        }
    }
    return (int)r;
}

/* @trick log2-branchless
 * title: Floor of log base 2 with comparisons turned into shifts
 * task: Return the index of the highest one of x (non-zero); each step adds (x > mask) << k without a branch.
 * aliases: log2; ilog2; floor log2; branchless log2; msb index
 * spec: log2_spec
 * width: 32
 * restrict: x != 0
 * ops: 17
 * from: Bit Twiddling Hacks (find the log base 2 of an N-bit integer in O(lg(N)) operations)
 * panel: lab
 * wrong: none
 */
int log2_branchless(unsigned int x)
{
    unsigned int r;
    unsigned int s;
    r = (unsigned int)(x > 0xFFFF) << 4;
    x >>= r;
    s = (unsigned int)(x > 0xFF) << 3;
    x >>= s;
    r |= s;
    s = (unsigned int)(x > 0xF) << 2;
    x >>= s;
    r |= s;
    s = (unsigned int)(x > 0x3) << 1;
    x >>= s;
    r |= s;
    r |= x >> 1;
    return (int)r;
}

/* @trick log2-debruijn
 * title: Floor of log base 2 with a de Bruijn-like multiply
 * task: Smear the highest one of x (non-zero) right, multiply by 0x07C4ACDD and look the top 5 bits up.
 * aliases: log2; ilog2; de bruijn; floor log2; msb index; bit scan reverse
 * spec: log2_spec
 * width: 32
 * restrict: x != 0
 * ops: 12
 * from: Bit Twiddling Hacks (find the log base 2 of an N-bit integer in O(lg(N)) operations with multiply and lookup)
 * panel: debruijn
 * wrong: none
 */
int log2_debruijn(unsigned int x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return log2_debruijn_index32[(x * 0x07C4ACDDu) >> 27];
}

/* @trick log2-64-debruijn
 * title: Floor of log base 2 of a 64-bit word with a de Bruijn multiply
 * task: Smear the highest one of the 64-bit x (non-zero) right, multiply by 0x03f79d71b4cb0a89, look the top 6 bits up.
 * aliases: log2; bitscanreverse; de bruijn; bitboard msb index; bsr64
 * spec: log2_64_spec
 * width: 64
 * restrict: x != 0
 * ops: 14
 * from: Chess Programming Wiki (BitScan: bitScanReverse with De Bruijn multiplication)
 * panel: debruijn
 * wrong: none
 */
int log2_64_debruijn(unsigned long long x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    return log2_debruijn_index64[(x * 0x03F79D71B4CB0A89ULL) >> 58];
}

/* @trick log2-clz
 * title: Floor of log base 2 from the count of leading zeros
 * task: Return 31 - clz(x) for a non-zero x.
 * aliases: log2; ilog2; floor log2; clz; msb index; bit width minus one
 * spec: log2_spec
 * width: 32
 * restrict: x != 0
 * ops: 1
 * from: Hacker's Delight 5-3 (relation of nlz and the logarithm)
 * panel: lab
 * wrong: none
 */
int log2_clz(unsigned int x)
{
    return 31 - __builtin_clz(x);
}

/* @trick log10-table
 * title: Floor of log base 10 from log base 2 and a table of powers of ten
 * task: Estimate log10 as (log2(x) + 1) * 1233 >> 12, then step down one if x is below that power of ten.
 * aliases: log10; ilog10; decimal digits minus one; number of digits; integer log base 10
 * spec: log10_spec
 * width: 32
 * restrict: x != 0
 * ops: 5
 * from: Bit Twiddling Hacks (find integer log base 10 of an integer); Hacker's Delight 11-4
 * panel: magic
 * wrong: none
 */
int log10_table(unsigned int x)
{
    int t = ((32 - __builtin_clz(x)) * 1233) >> 12;
    return t - (x < powers_of_ten[t]);
}
