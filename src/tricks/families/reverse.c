/* family: reverse — Reversing the order of the bits */
/* Bit i of the result is bit w - 1 - i of the argument. The specs move
   one bit at a time; the tricks swap ever larger blocks, look bytes or
   nibbles up, or, for a single byte, let multiplies spread copies that a
   mask and a sum gather back in the mirrored order. */

static const unsigned char rev_byte[256] = {
    0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0, 0x10, 0x90, 0x50, 0xd0,
    0x30, 0xb0, 0x70, 0xf0, 0x08, 0x88, 0x48, 0xc8, 0x28, 0xa8, 0x68, 0xe8,
    0x18, 0x98, 0x58, 0xd8, 0x38, 0xb8, 0x78, 0xf8, 0x04, 0x84, 0x44, 0xc4,
    0x24, 0xa4, 0x64, 0xe4, 0x14, 0x94, 0x54, 0xd4, 0x34, 0xb4, 0x74, 0xf4,
    0x0c, 0x8c, 0x4c, 0xcc, 0x2c, 0xac, 0x6c, 0xec, 0x1c, 0x9c, 0x5c, 0xdc,
    0x3c, 0xbc, 0x7c, 0xfc, 0x02, 0x82, 0x42, 0xc2, 0x22, 0xa2, 0x62, 0xe2,
    0x12, 0x92, 0x52, 0xd2, 0x32, 0xb2, 0x72, 0xf2, 0x0a, 0x8a, 0x4a, 0xca,
    0x2a, 0xaa, 0x6a, 0xea, 0x1a, 0x9a, 0x5a, 0xda, 0x3a, 0xba, 0x7a, 0xfa,
    0x06, 0x86, 0x46, 0xc6, 0x26, 0xa6, 0x66, 0xe6, 0x16, 0x96, 0x56, 0xd6,
    0x36, 0xb6, 0x76, 0xf6, 0x0e, 0x8e, 0x4e, 0xce, 0x2e, 0xae, 0x6e, 0xee,
    0x1e, 0x9e, 0x5e, 0xde, 0x3e, 0xbe, 0x7e, 0xfe, 0x01, 0x81, 0x41, 0xc1,
    0x21, 0xa1, 0x61, 0xe1, 0x11, 0x91, 0x51, 0xd1, 0x31, 0xb1, 0x71, 0xf1,
    0x09, 0x89, 0x49, 0xc9, 0x29, 0xa9, 0x69, 0xe9, 0x19, 0x99, 0x59, 0xd9,
    0x39, 0xb9, 0x79, 0xf9, 0x05, 0x85, 0x45, 0xc5, 0x25, 0xa5, 0x65, 0xe5,
    0x15, 0x95, 0x55, 0xd5, 0x35, 0xb5, 0x75, 0xf5, 0x0d, 0x8d, 0x4d, 0xcd,
    0x2d, 0xad, 0x6d, 0xed, 0x1d, 0x9d, 0x5d, 0xdd, 0x3d, 0xbd, 0x7d, 0xfd,
    0x03, 0x83, 0x43, 0xc3, 0x23, 0xa3, 0x63, 0xe3, 0x13, 0x93, 0x53, 0xd3,
    0x33, 0xb3, 0x73, 0xf3, 0x0b, 0x8b, 0x4b, 0xcb, 0x2b, 0xab, 0x6b, 0xeb,
    0x1b, 0x9b, 0x5b, 0xdb, 0x3b, 0xbb, 0x7b, 0xfb, 0x07, 0x87, 0x47, 0xc7,
    0x27, 0xa7, 0x67, 0xe7, 0x17, 0x97, 0x57, 0xd7, 0x37, 0xb7, 0x77, 0xf7,
    0x0f, 0x8f, 0x4f, 0xcf, 0x2f, 0xaf, 0x6f, 0xef, 0x1f, 0x9f, 0x5f, 0xdf,
    0x3f, 0xbf, 0x7f, 0xff,
};

static const unsigned char rev_nibble[16] = {
    0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf,
};

unsigned int reverse32_spec(unsigned int x)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 32; i++)
        if ((x >> i) & 1)
            r |= 1u << (31 - i);
    return r;
}

unsigned long long reverse64_spec(unsigned long long x)
{
    unsigned long long r = 0;
    int i;
    for (i = 0; i < 64; i++)
        if ((x >> i) & 1)
            r |= 1ULL << (63 - i);
    return r;
}

unsigned short reverse16_spec(unsigned short x)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 16; i++)
        if ((x >> i) & 1)
            r |= 1u << (15 - i);
    return (unsigned short)r;
}

unsigned char reverse8_spec(unsigned char x)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 8; i++)
        if ((x >> i) & 1)
            r |= 1u << (7 - i);
    return (unsigned char)r;
}

unsigned int reverse_low_spec(unsigned int x, unsigned int n)
{
    /* The low n bits of x in reverse order; the bits above are dropped. */
    unsigned int r = 0;
    unsigned int i;
    for (i = 0; i < n; i++)
        if ((x >> i) & 1)
            r |= 1u << (n - 1 - i);
    return r;
}

/* @trick reverse32-loop
 * title: Reverse the bits of a word by shifting them across
 * task: Reverse the 32 bits of x, moving the low bit of x into the result until x is zero, then shifting the rest.
 * aliases: reverse bits; bit reversal; mirror bits; flip bit order; bitreverse; rbit
 * spec: reverse32_spec
 * width: 32
 * restrict: none
 * ops: 7
 * from: Bit Twiddling Hacks (reverse bits the obvious way)
 * panel: permute
 * wrong: none
 */
unsigned int reverse32_loop(unsigned int x)
{
    unsigned int r = x;
    int s = 31;
    for (x >>= 1; x; x >>= 1) {
        r <<= 1;
        r |= x & 1;
        s--;
    }
    return r << s;
}

/* @trick reverse32-swap
 * title: Reverse the bits of a word with a swap ladder
 * task: Reverse the 32 bits of x by swapping adjacent bits, then pairs, nibbles, bytes and halves.
 * aliases: reverse bits; bit reversal; swap ladder; mirror bits; bitreverse; rbit
 * spec: reverse32_spec
 * width: 32
 * restrict: none
 * ops: 23
 * from: Hacker's Delight 7-1 (reversing bits); Bit Twiddling Hacks (reverse an N-bit quantity in parallel in 5 * lg(N) operations)
 * panel: permute
 * wrong: none
 */
unsigned int reverse32_swap(unsigned int x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    x = (x >> 16) | (x << 16);
    return x;
}

/* @trick reverse32-table
 * title: Reverse the bits of a word with a byte table
 * task: Reverse the 32 bits of x: reverse each byte by lookup and put the bytes in the opposite order.
 * aliases: reverse bits; bit reversal; lookup table; byte table; bitreverse
 * spec: reverse32_spec
 * width: 32
 * restrict: none
 * ops: 12
 * from: Bit Twiddling Hacks (reverse bits in word by lookup table)
 * panel: permute
 * wrong: none
 */
unsigned int reverse32_table(unsigned int x)
{
    return ((unsigned int)rev_byte[x & 0xFF] << 24)
         | ((unsigned int)rev_byte[(x >> 8) & 0xFF] << 16)
         | ((unsigned int)rev_byte[(x >> 16) & 0xFF] << 8)
         | rev_byte[x >> 24];
}

/* @trick reverse32-nibble-table
 * title: Reverse the bits of a word with a nibble table
 * task: Reverse the 32 bits of x by reversing each nibble with a 16-entry table, nibbles in opposite order.
 * aliases: reverse bits; bit reversal; nibble table; bitreverse
 * spec: reverse32_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 7-1 (reversing bits, table lookup)
 * panel: nibbles
 * wrong: none
 */
unsigned int reverse32_nibble_table(unsigned int x)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 8; i++) {
        r = (r << 4) | rev_nibble[x & 15];
        x >>= 4;
    }
    return r;
}

/* @trick reverse64-swap
 * title: Reverse the bits of a 64-bit word with a swap ladder
 * task: Reverse the 64 bits of x by six rounds of swapping ever larger blocks.
 * aliases: reverse bits; bit reversal; swap ladder; 64-bit; bitreverse; rotate 180 bitboard
 * spec: reverse64_spec
 * width: 64
 * restrict: none
 * ops: 28
 * from: Hacker's Delight 7-1 (reversing bits); Bit Twiddling Hacks
 * panel: permute
 * wrong: none
 */
unsigned long long reverse64_swap(unsigned long long x)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = ((x >> 8) & 0x00FF00FF00FF00FFULL) | ((x & 0x00FF00FF00FF00FFULL) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFULL) | ((x & 0x0000FFFF0000FFFFULL) << 16);
    x = (x >> 32) | (x << 32);
    return x;
}

/* @trick reverse16-swap
 * title: Reverse the bits of a 16-bit word with a swap ladder
 * task: Reverse the 16 bits of x by four rounds of swaps.
 * aliases: reverse bits; bit reversal; 16-bit; swap ladder
 * spec: reverse16_spec
 * width: 16
 * restrict: none
 * ops: 20
 * from: Hacker's Delight 7-1 (reversing bits)
 * panel: permute
 * wrong: none
 */
unsigned short reverse16_swap(unsigned short x)
{
    unsigned int v = x;
    v = ((v >> 1) & 0x5555) | ((v & 0x5555) << 1);
    v = ((v >> 2) & 0x3333) | ((v & 0x3333) << 2);
    v = ((v >> 4) & 0x0F0F) | ((v & 0x0F0F) << 4);
    v = ((v >> 8) & 0x00FF) | ((v & 0x00FF) << 8);
    return (unsigned short)v;
}

/* @trick reverse8-swap
 * title: Reverse the bits of a byte with a swap ladder
 * task: Reverse the 8 bits of x: swap the nibbles, then the pairs, then the neighbours.
 * aliases: reverse byte; bit reversal; mirror byte; swap ladder
 * spec: reverse8_spec
 * width: 8
 * restrict: none
 * ops: 15
 * from: Hacker's Delight 7-1 (reversing bits)
 * panel: permute
 * wrong: none
 */
unsigned char reverse8_swap(unsigned char x)
{
    unsigned int v = x;
    v = ((v & 0xF0) >> 4) | ((v & 0x0F) << 4);
    v = ((v & 0xCC) >> 2) | ((v & 0x33) << 2);
    v = ((v & 0xAA) >> 1) | ((v & 0x55) << 1);
    return (unsigned char)v;
}

/* @trick reverse8-mulmod
 * title: Reverse the bits of a byte with a multiply and a modulus (3 operations)
 * task: Reverse the 8 bits of x: five copies by a multiply, a mask keeps each bit once in mirrored spacing, mod 1023 sums them.
 * aliases: reverse byte; bit reversal; multiply modulus; 3 operations; casting out 1023
 * spec: reverse8_spec
 * width: 8
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (reverse the bits in a byte with 3 operations, 64-bit multiply and modulus division)
 * panel: magic
 * wrong: none
 */
unsigned char reverse8_mulmod(unsigned char x)
{
    return (unsigned char)((x * 0x0202020202ULL & 0x010884422010ULL) % 1023);
}

/* @trick reverse8-mul64
 * title: Reverse the bits of a byte with two 64-bit multiplies (4 operations)
 * task: Reverse the 8 bits of x: a multiply spreads copies, a mask selects mirrored bits, a second multiply gathers them.
 * aliases: reverse byte; bit reversal; multiply; 4 operations; no division
 * spec: reverse8_spec
 * width: 8
 * restrict: none
 * ops: 4
 * from: Bit Twiddling Hacks (reverse the bits in a byte with 4 operations, 64-bit multiply, no division)
 * panel: magic
 * wrong: none
 */
unsigned char reverse8_mul64(unsigned char x)
{
    return (unsigned char)(((x * 0x80200802ULL) & 0x0884422110ULL) * 0x0101010101ULL >> 32);
}

/* @trick reverse8-mul32
 * title: Reverse the bits of a byte with 32-bit multiplies (7 operations)
 * task: Reverse the 8 bits of x without 64-bit arithmetic: two spread-and-mask halves, then a gathering multiply.
 * aliases: reverse byte; bit reversal; multiply; 7 operations; no 64-bit
 * spec: reverse8_spec
 * width: 8
 * restrict: none
 * ops: 7
 * from: Bit Twiddling Hacks (reverse the bits in a byte with 7 operations, no 64-bit)
 * panel: magic
 * wrong: none
 */
unsigned char reverse8_mul32(unsigned char x)
{
    return (unsigned char)((((x * 0x0802u) & 0x22110u) | ((x * 0x8020u) & 0x88440u)) * 0x10101u >> 16);
}

/* @trick reverse-low-bits
 * title: Reverse the low n bits of a word
 * task: Reverse the low n bits of x (1 <= n <= 32) and drop the rest: reverse all 32, shift right by 32 - n.
 * aliases: reverse n bits; bit reversal permutation; fft index; partial reverse
 * spec: reverse_low_spec
 * width: 32
 * restrict: n >= 1 && n <= 32
 * ops: 25
 * from: Hacker's Delight 7-1 (reversing bits; bit reversal of a field)
 * panel: permute
 * wrong: none
 */
unsigned int reverse_low_bits(unsigned int x, unsigned int n)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    x = (x >> 16) | (x << 16);
    return x >> (32 - n);
}
