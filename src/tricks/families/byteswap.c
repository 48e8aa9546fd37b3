/* family: byteswap — Byte swaps (endianness conversion) */
/* Byte i of the result is byte n - 1 - i of the argument. The specs move
   one byte at a time; the tricks shift and mask, swap halves in a ladder,
   rotate, or use the four-instruction xor sequence known from ARM. */

unsigned short bswap16_spec(unsigned short x)
{
    unsigned int lo = x & 0xFF;
    unsigned int hi = x >> 8;
    return (unsigned short)(lo * 256 + hi);
}

unsigned int bswap32_spec(unsigned int x)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 4; i++)
        r |= ((x >> (8 * i)) & 0xFF) << (8 * (3 - i));
    return r;
}

unsigned long long bswap64_spec(unsigned long long x)
{
    unsigned long long r = 0;
    int i;
    for (i = 0; i < 8; i++)
        r |= ((x >> (8 * i)) & 0xFF) << (8 * (7 - i));
    return r;
}

/* @trick bswap16-shift
 * title: Swap the two bytes of a 16-bit word
 * task: Exchange the high and low bytes of x with two shifts and an or.
 * aliases: byte swap; bswap16; endian swap; htons; ntohs; swap bytes
 * spec: bswap16_spec
 * width: 16
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 7-1 (byte reversal)
 * panel: permute
 * wrong: none
 */
unsigned short bswap16_shift(unsigned short x)
{
    return (unsigned short)((x >> 8) | (x << 8));
}

/* @trick bswap16-builtin
 * title: Swap the two bytes of a 16-bit word with the compiler builtin
 * task: Exchange the high and low bytes of x with __builtin_bswap16.
 * aliases: byte swap; bswap16; endian swap; htons; builtin
 * spec: bswap16_spec
 * width: 16
 * restrict: none
 * ops: 0
 * from: GCC builtins (__builtin_bswap16)
 * panel: permute
 * wrong: none
 */
unsigned short bswap16_builtin(unsigned short x)
{
    return __builtin_bswap16(x);
}

/* @trick bswap32-shift-mask
 * title: Reverse the bytes of a word with four shifts and masks
 * task: Reverse the four bytes of x, moving each byte to its mirrored place directly.
 * aliases: byte swap; bswap32; endian swap; htonl; ntohl; reverse bytes
 * spec: bswap32_spec
 * width: 32
 * restrict: none
 * ops: 9
 * from: Hacker's Delight 7-1 (byte reversal)
 * panel: permute
 * wrong: none
 */
unsigned int bswap32_shift_mask(unsigned int x)
{
    return (x << 24) | ((x & 0xFF00u) << 8) | ((x >> 8) & 0xFF00u) | (x >> 24);
}

/* @trick bswap32-ladder
 * title: Reverse the bytes of a word with a swap ladder
 * task: Reverse the four bytes of x: swap the bytes within each half, then swap the halves.
 * aliases: byte swap; bswap32; endian swap; swap ladder; reverse bytes
 * spec: bswap32_spec
 * width: 32
 * restrict: none
 * ops: 8
 * from: Hacker's Delight 7-1 (reversing bits and bytes, the last two swap steps)
 * panel: permute
 * wrong: none
 */
unsigned int bswap32_ladder(unsigned int x)
{
    x = ((x & 0x00FF00FFu) << 8) | ((x >> 8) & 0x00FF00FFu);
    return (x << 16) | (x >> 16);
}

/* @trick bswap32-rotate
 * title: Reverse the bytes of a word with two masked rotations
 * task: Reverse the four bytes of x: rotate the odd bytes left by 8 and the even bytes right by 8.
 * aliases: byte swap; bswap32; rotate; endian swap; reverse bytes
 * spec: bswap32_spec
 * width: 32
 * restrict: none
 * ops: 9
 * from: Hacker's Delight 7-1 (reversing bytes)
 * panel: permute
 * wrong: none
 */
unsigned int bswap32_rotate(unsigned int x)
{
    unsigned int odd = x & 0xFF00FF00u;
    unsigned int even = x & 0x00FF00FFu;
    return ((odd << 8) | (odd >> 24)) | ((even >> 8) | (even << 24));
}

/* @trick bswap32-ror-xor
 * title: Reverse the bytes of a word with rotates and one xor mask (ARM sequence)
 * task: Reverse the four bytes of x as t = x ^ ror(x, 16) with byte 2 cleared, then ror(x, 8) ^ (t >> 8).
 * aliases: byte swap; bswap32; arm byte reverse; eor ror; endian swap
 * spec: bswap32_spec
 * width: 32
 * restrict: none
 * ops: 11
 * from: the classic ARM byte-reversal sequence used before the REV instruction (EOR, BIC, ROR, EOR)
 * panel: permute
 * wrong: none
 */
unsigned int bswap32_ror_xor(unsigned int x)
{
    unsigned int t = x ^ ((x >> 16) | (x << 16));
    t &= ~0x00FF0000u;
    x = (x >> 8) | (x << 24);
    return x ^ (t >> 8);
}

/* @trick bswap32-builtin
 * title: Reverse the bytes of a word with the compiler builtin
 * task: Reverse the four bytes of x with __builtin_bswap32.
 * aliases: byte swap; bswap32; endian swap; htonl; builtin
 * spec: bswap32_spec
 * width: 32
 * restrict: none
 * ops: 0
 * from: GCC builtins (__builtin_bswap32)
 * panel: permute
 * wrong: none
 */
unsigned int bswap32_builtin(unsigned int x)
{
    return __builtin_bswap32(x);
}

/* @trick bswap64-ladder
 * title: Reverse the bytes of a 64-bit word with a swap ladder
 * task: Reverse the eight bytes of x: swap bytes, then 16-bit halves, then 32-bit halves.
 * aliases: byte swap; bswap64; endian swap; swap ladder; flip vertical bitboard
 * spec: bswap64_spec
 * width: 64
 * restrict: none
 * ops: 13
 * from: Hacker's Delight 7-1; Chess Programming Wiki (flip vertically)
 * panel: permute
 * wrong: none
 */
unsigned long long bswap64_ladder(unsigned long long x)
{
    x = ((x & 0x00FF00FF00FF00FFULL) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFULL);
    x = ((x & 0x0000FFFF0000FFFFULL) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFULL);
    return (x << 32) | (x >> 32);
}

/* @trick bswap64-halves
 * title: Reverse the bytes of a 64-bit word as two 32-bit swaps
 * task: Reverse the eight bytes of x: byte-swap each 32-bit half and exchange the halves.
 * aliases: byte swap; bswap64; endian swap; halves
 * spec: bswap64_spec
 * width: 64
 * restrict: none
 * ops: 21
 * from: Hacker's Delight 7-1 (byte reversal, extended to doublewords)
 * panel: permute
 * wrong: none
 */
unsigned long long bswap64_halves(unsigned long long x)
{
    unsigned int lo = (unsigned int)x;
    unsigned int hi = (unsigned int)(x >> 32);
    lo = (lo << 24) | ((lo & 0xFF00u) << 8) | ((lo >> 8) & 0xFF00u) | (lo >> 24);
    hi = (hi << 24) | ((hi & 0xFF00u) << 8) | ((hi >> 8) & 0xFF00u) | (hi >> 24);
    return ((unsigned long long)lo << 32) | hi;
}
