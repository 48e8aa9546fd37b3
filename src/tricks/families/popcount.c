/* family: popcount — Counting the set bits (population count) */
/* The specs test the bits one at a time. The tricks: the shift loop,
   Kernighan's clear-the-lowest loop, its dense twin, the SWAR sums of
   Hacker's Delight 5-1 in 32 and 64 bits, HAKMEM 169, the nibble and byte
   tables, and the multiply-and-mask counts of Bit Twiddling Hacks. */

static const unsigned char pop_nibble[16] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
};

static const unsigned char pop_byte[256] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    3, 4, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
    4, 5, 5, 6, 5, 6, 6, 7, 5, 6, 6, 7, 6, 7, 7, 8,
};

int popcount32_spec(unsigned int x)
{
    int n = 0;
    int i;
    for (i = 0; i < 32; i++)
        if ((x >> i) & 1)
            n++;
    return n;
}

int popcount64_spec(unsigned long long x)
{
    int n = 0;
    int i;
    for (i = 0; i < 64; i++)
        if ((x >> i) & 1)
            n++;
    return n;
}

int popcount16_spec(unsigned short x)
{
    int n = 0;
    int i;
    for (i = 0; i < 16; i++)
        if ((x >> i) & 1)
            n++;
    return n;
}

int popcount8_spec(unsigned char x)
{
    int n = 0;
    int i;
    for (i = 0; i < 8; i++)
        if ((x >> i) & 1)
            n++;
    return n;
}

int hamming_spec(unsigned int x, unsigned int y)
{
    int n = 0;
    int i;
    for (i = 0; i < 32; i++)
        if (((x >> i) & 1) != ((y >> i) & 1))
            n++;
    return n;
}

/* @trick popcount-loop
 * title: Population count by shifting out every bit
 * task: Count the ones of x by adding its low bit and shifting until x is zero.
 * aliases: popcount; population count; bit count; count ones; hamming weight; naive popcount
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (counting bits set, naive way)
 * panel: popcount
 * wrong: none
 */
int popcount_loop(unsigned int x)
{
    int n = 0;
    while (x) {
        n += x & 1;
        x >>= 1;
    }
    return n;
}

/* @trick popcount-kernighan
 * title: Population count by clearing the lowest one (Kernighan)
 * task: Count the ones of x with one loop turn per set bit: x &= x - 1.
 * aliases: popcount; kernighan; sparse popcount; wegner; bit count; hamming weight
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (counting bits set, Brian Kernighan's way); P. Wegner, CACM 1960; K&R exercise 2-9
 * panel: popcount
 * wrong: none
 */
int popcount_kernighan(unsigned int x)
{
    int n;
    for (n = 0; x; n++)
        x &= x - 1;
    return n;
}

/* @trick popcount-dense
 * title: Population count by setting the lowest zero
 * task: Count the ones of x with one loop turn per clear bit: x |= x + 1 until all ones.
 * aliases: popcount; dense popcount; count zeros; bit count; hamming weight
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 5-1 (counting 1-bits, the dense variant)
 * panel: popcount
 * wrong: none
 */
int popcount_dense(unsigned int x)
{
    int n = 32;
    while (x != 0xFFFFFFFFu) {
        x |= x + 1;
        n--;
    }
    return n;
}

/* @trick popcount-swar32
 * title: Population count by SWAR sums and a multiply (32 bits)
 * task: Count the ones of x: pair sums, nibble sums, byte sums, then add the bytes with a multiply.
 * aliases: popcount; swar popcount; parallel bit count; hamming weight; sideways add; divide and conquer
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 12
 * from: Hacker's Delight 5-1 (counting 1-bits); Bit Twiddling Hacks (counting bits set, in parallel)
 * panel: swar
 * wrong: none
 */
int popcount_swar32(unsigned int x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* @trick popcount-swar32-fold
 * title: Population count by SWAR sums and folding shifts
 * task: Count the ones of x with SWAR sums, then fold the bytes together by shifts instead of a multiply.
 * aliases: popcount; swar popcount; parallel bit count; hamming weight; no multiply
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 15
 * from: Hacker's Delight 5-1 (counting 1-bits, figure 5-2)
 * panel: swar
 * wrong: none
 */
int popcount_swar32_fold(unsigned int x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    x = x + (x >> 8);
    x = x + (x >> 16);
    return (int)(x & 0x3F);
}

/* @trick popcount-swar64
 * title: Population count by SWAR sums and a multiply (64 bits)
 * task: Count the ones of a 64-bit x with SWAR sums and one multiply that adds the eight bytes.
 * aliases: popcount; swar popcount; popcnt64; hamming weight; bitboard popcount
 * spec: popcount64_spec
 * width: 64
 * restrict: none
 * ops: 12
 * from: Hacker's Delight 5-1; Chess Programming Wiki (population count, SWAR-popcount)
 * panel: swar
 * wrong: none
 */
int popcount_swar64(unsigned long long x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* @trick popcount-swar64-fold
 * title: Population count by SWAR sums and folding shifts (64 bits)
 * task: Count the ones of a 64-bit x with SWAR sums, then three folding shifts.
 * aliases: popcount; swar popcount; popcnt64; hamming weight; no multiply
 * spec: popcount64_spec
 * width: 64
 * restrict: none
 * ops: 17
 * from: Hacker's Delight 5-1; Chess Programming Wiki (population count)
 * panel: swar
 * wrong: none
 */
int popcount_swar64_fold(unsigned long long x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    x = x + (x >> 8);
    x = x + (x >> 16);
    x = x + (x >> 32);
    return (int)(x & 0x7F);
}

/* @trick popcount-kernighan64
 * title: Population count of a 64-bit word by clearing the lowest one
 * task: Count the ones of a 64-bit x with one loop turn per set bit.
 * aliases: popcount; kernighan; sparse popcount; bitboard popcount; hamming weight
 * spec: popcount64_spec
 * width: 64
 * restrict: none
 * ops: 3
 * from: Chess Programming Wiki (population count, Brian Kernighan's way)
 * panel: popcount
 * wrong: none
 */
int popcount_kernighan64(unsigned long long x)
{
    int n = 0;
    while (x) {
        n++;
        x &= x - 1;
    }
    return n;
}

/* @trick popcount-hakmem
 * title: Population count by octal digit sums and casting out 63 (HAKMEM 169)
 * task: Count the ones of x: sum each 3-bit field, add neighbouring fields, then take the result mod 63.
 * aliases: popcount; hakmem 169; octal popcount; casting out 63; hamming weight
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 10
 * from: HAKMEM item 169 (Beeler, Gosper, Schroeppel 1972); Hacker's Delight 5-1
 * panel: magic
 * wrong: none
 */
int popcount_hakmem(unsigned int x)
{
    unsigned int n = (x >> 1) & 033333333333u;
    x = x - n;
    n = (n >> 1) & 033333333333u;
    x = x - n;
    x = (x + (x >> 3)) & 030707070707u;
    return (int)(x % 63);
}

/* @trick popcount-nibble-table
 * title: Population count with a 16-entry nibble table
 * task: Count the ones of x by looking up each of its eight nibbles in a table of counts.
 * aliases: popcount; nibble table; lookup table; 4-bit table; hamming weight
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 5-1 (table lookup); Bit Twiddling Hacks (counting bits set by lookup table)
 * panel: nibbles
 * wrong: none
 */
int popcount_nibble_table(unsigned int x)
{
    int n = 0;
    int i;
    for (i = 0; i < 8; i++) {
        n += pop_nibble[x & 15];
        x >>= 4;
    }
    return n;
}

/* @trick popcount16-nibble-table
 * title: Population count of a 16-bit word with a nibble table
 * task: Count the ones of a 16-bit x with four lookups in a table of nibble counts.
 * aliases: popcount; nibble table; 16-bit popcount; lookup table
 * spec: popcount16_spec
 * width: 16
 * restrict: none
 * ops: 9
 * from: Hacker's Delight 5-1 (table lookup)
 * panel: nibbles
 * wrong: none
 */
int popcount16_nibble_table(unsigned short x)
{
    return pop_nibble[x & 15] + pop_nibble[(x >> 4) & 15]
         + pop_nibble[(x >> 8) & 15] + pop_nibble[x >> 12];
}

/* @trick popcount-byte-table
 * title: Population count with a 256-entry byte table
 * task: Count the ones of x with four lookups in a table of byte counts.
 * aliases: popcount; byte table; lookup table; 8-bit table; hamming weight
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 9
 * from: Bit Twiddling Hacks (counting bits set by lookup table)
 * panel: popcount
 * wrong: none
 */
int popcount_byte_table(unsigned int x)
{
    return pop_byte[x & 0xFF] + pop_byte[(x >> 8) & 0xFF]
         + pop_byte[(x >> 16) & 0xFF] + pop_byte[x >> 24];
}

/* @trick popcount8-mul
 * title: Population count of a byte with two multiplies
 * task: Count the ones of an 8-bit x: copy it four times, keep every fourth bit, add them with a multiply.
 * aliases: popcount; byte popcount; multiply popcount; copy and mask; hamming weight
 * spec: popcount8_spec
 * width: 8
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 5-1 (counting 1-bits in an 8-bit quantity with multiplies)
 * panel: magic
 * wrong: none
 */
int popcount8_mul(unsigned char x)
{
    unsigned int t = x * 0x08040201u;
    t = (t >> 3) & 0x11111111u;
    t = t * 0x11111111u;
    return (int)(t >> 28);
}

/* @trick popcount14-mod
 * title: Population count of 14 bits with a 64-bit multiply and mod 15
 * task: Count the ones of x < 2^14: spread copies with a multiply, mask one bit per nibble, sum by mod 15.
 * aliases: popcount; multiply popcount; modulus popcount; 14-bit count; casting out 15
 * spec: popcount16_spec
 * width: 16
 * restrict: x < 16384
 * ops: 3
 * from: Bit Twiddling Hacks (counting bits set in 14-bit words using 64-bit instructions)
 * panel: magic
 * wrong: none
 */
int popcount14_mod(unsigned short x)
{
    return (int)((x * 0x200040008001ULL & 0x111111111111111ULL) % 0xF);
}

/* @trick popcount32-mod31
 * title: Population count of 32 bits in three 12-bit pieces, mod 31
 * task: Count the ones of x: for each 12-bit piece, spread copies with a 64-bit multiply, mask, sum by mod 31.
 * aliases: popcount; multiply popcount; modulus popcount; casting out 31; 12-bit pieces
 * spec: popcount32_spec
 * width: 32
 * restrict: none
 * ops: 15
 * from: Bit Twiddling Hacks (counting bits set in 12, 24 or 32-bit words using 64-bit instructions)
 * panel: magic
 * wrong: none
 */
int popcount32_mod31(unsigned int x)
{
    unsigned long long c;
    c = ((x & 0xFFFu) * 0x1001001001001ULL & 0x84210842108421ULL) % 0x1F;
    c += (((x & 0xFFF000u) >> 12) * 0x1001001001001ULL & 0x84210842108421ULL) % 0x1F;
    c += ((x >> 24) * 0x1001001001001ULL & 0x84210842108421ULL) % 0x1F;
    return (int)c;
}

/* @trick hamming-distance
 * title: Hamming distance of two words
 * task: Count the bit positions where x and y differ: the population count of x ^ y.
 * aliases: hamming distance; bit difference; popcount of xor; differing bits
 * spec: hamming_spec
 * width: 32
 * restrict: none
 * ops: 13
 * from: Hacker's Delight 5-1 (applications: Hamming distance)
 * panel: popcount
 * wrong: none
 */
int hamming_distance(unsigned int x, unsigned int y)
{
    unsigned int d = x ^ y;
    d = d - ((d >> 1) & 0x55555555u);
    d = (d & 0x33333333u) + ((d >> 2) & 0x33333333u);
    d = (d + (d >> 4)) & 0x0F0F0F0Fu;
    return (int)((d * 0x01010101u) >> 24);
}
