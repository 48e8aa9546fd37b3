/* family: parity — Parity: is the number of ones odd? */
/* Every function returns 1 when its argument has an odd number of ones,
   0 when even. */

static const unsigned char parity_byte[256] = {
    0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0,
    1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
    1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
    0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0,
    1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
    0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0,
    0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0,
    1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
    1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
    0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0,
    0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0,
    1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
    0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0,
    1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
    1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1,
    0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0,
};

int parity32_spec(unsigned int x)
{
    int p = 0;
    int i;
    for (i = 0; i < 32; i++)
        if ((x >> i) & 1)
            p = !p;
    return p;
}

int parity64_spec(unsigned long long x)
{
    int p = 0;
    int i;
    for (i = 0; i < 64; i++)
        if ((x >> i) & 1)
            p = !p;
    return p;
}

int parity8_spec(unsigned char x)
{
    int p = 0;
    int i;
    for (i = 0; i < 8; i++)
        if ((x >> i) & 1)
            p = !p;
    return p;
}

/* @trick parity-loop
 * title: Parity by shifting out every bit
 * task: Compute the parity of x by xor-ing its low bit into an accumulator and shifting until zero.
 * aliases: parity; odd parity; xor of all bits; parity bit; naive parity
 * spec: parity32_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (computing parity the naive way)
 * panel: popcount
 * wrong: none
 */
int parity_loop(unsigned int x)
{
    unsigned int p = 0;
    while (x) {
        p ^= x & 1;
        x >>= 1;
    }
    return (int)p;
}

/* @trick parity-kernighan
 * title: Parity by clearing the lowest one
 * task: Compute the parity of x by flipping a flag once per set bit, clearing it with x &= x - 1.
 * aliases: parity; kernighan parity; sparse parity; parity bit
 * spec: parity32_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (computing parity, counting bits set in the style of Brian Kernighan)
 * panel: popcount
 * wrong: none
 */
int parity_kernighan(unsigned int x)
{
    int p = 0;
    while (x) {
        p = !p;
        x &= x - 1;
    }
    return p;
}

/* @trick parity-fold
 * title: Parity by folding the word onto itself
 * task: Compute the parity of x by xor-ing halves together down to one bit: five shifts.
 * aliases: parity; xor fold; parity by folding; divide and conquer parity; parity bit
 * spec: parity32_spec
 * width: 32
 * restrict: none
 * ops: 11
 * from: Hacker's Delight 5-2 (parity); Bit Twiddling Hacks (compute parity in parallel)
 * panel: swar
 * wrong: none
 */
int parity_fold(unsigned int x)
{
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return (int)(x & 1);
}

/* @trick parity-fold-6996
 * title: Parity by folding to a nibble and a 16-bit lookup word
 * task: Fold x down to 4 bits, then read the parity of that nibble from the constant 0x6996.
 * aliases: parity; 0x6996; nibble parity; in-register table; parity in parallel
 * spec: parity32_spec
 * width: 32
 * restrict: none
 * ops: 9
 * from: Bit Twiddling Hacks (compute parity in parallel)
 * panel: nibbles
 * wrong: none
 */
int parity_fold_6996(unsigned int x)
{
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    x &= 0xF;
    return (0x6996 >> x) & 1;
}

/* @trick parity-mul
 * title: Parity with a multiply
 * task: Fold pairs and quads, keep one bit per nibble, and add the nibbles' bits with a multiply.
 * aliases: parity; multiply parity; parity by multiplication; parity bit
 * spec: parity32_spec
 * width: 32
 * restrict: none
 * ops: 8
 * from: Bit Twiddling Hacks (compute parity of word with a multiply)
 * panel: magic
 * wrong: none
 */
int parity_mul(unsigned int x)
{
    x ^= x >> 1;
    x ^= x >> 2;
    x = (x & 0x11111111u) * 0x11111111u;
    return (int)((x >> 28) & 1);
}

/* @trick parity64-mul
 * title: Parity of a 64-bit word with a multiply
 * task: Fold pairs and quads of the 64-bit x, keep one bit per nibble, add them with a multiply.
 * aliases: parity; multiply parity; 64-bit parity; parity bit
 * spec: parity64_spec
 * width: 64
 * restrict: none
 * ops: 8
 * from: Bit Twiddling Hacks (compute parity of word with a multiply)
 * panel: magic
 * wrong: none
 */
int parity64_mul(unsigned long long x)
{
    x ^= x >> 1;
    x ^= x >> 2;
    x = (x & 0x1111111111111111ULL) * 0x1111111111111111ULL;
    return (int)((x >> 60) & 1);
}

/* @trick parity64-fold
 * title: Parity of a 64-bit word by folding
 * task: Compute the parity of the 64-bit x by xor-ing halves together: six shifts.
 * aliases: parity; xor fold; 64-bit parity; parity bit
 * spec: parity64_spec
 * width: 64
 * restrict: none
 * ops: 13
 * from: Hacker's Delight 5-2 (parity)
 * panel: swar
 * wrong: none
 */
int parity64_fold(unsigned long long x)
{
    x ^= x >> 32;
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return (int)(x & 1);
}

/* @trick parity-table
 * title: Parity with a 256-entry byte table
 * task: Fold x to a byte by xor-ing halves, then look the byte's parity up.
 * aliases: parity; parity table; lookup table; byte parity
 * spec: parity32_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (compute parity by lookup table)
 * panel: popcount
 * wrong: none
 */
int parity_table(unsigned int x)
{
    x ^= x >> 16;
    x ^= x >> 8;
    return parity_byte[x & 0xFF];
}

/* @trick parity8-mulmod
 * title: Parity of a byte with a 64-bit multiply and a modulus
 * task: Spread eight copies of the byte, keep bit i of copy i, and sum them by taking mod 511.
 * aliases: parity; byte parity; multiply and modulus; casting out 511
 * spec: parity8_spec
 * width: 8
 * restrict: none
 * ops: 4
 * from: Bit Twiddling Hacks (compute parity of a byte using 64-bit multiply and modulus division)
 * panel: magic
 * wrong: none
 */
int parity8_mulmod(unsigned char x)
{
    return (int)((((x * 0x0101010101010101ULL) & 0x8040201008040201ULL) % 0x1FF) & 1);
}

/* @trick parity-popcount
 * title: Parity as the low bit of the population count
 * task: Return the low bit of the number of ones of x.
 * aliases: parity; popcount parity; odd count; parity bit
 * spec: parity32_spec
 * width: 32
 * restrict: none
 * ops: 1
 * from: Hacker's Delight 5-2 (parity, from the population count)
 * panel: popcount
 * wrong: none
 */
int parity_popcount(unsigned int x)
{
    return __builtin_popcount(x) & 1;
}
