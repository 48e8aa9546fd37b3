/* family: bitfield — Bit fields: extract, insert, merge and sign-extend */
/* A field is len bits of x starting at bit pos. The specs copy one bit at
   a time; the tricks shift and mask, guarding the one count (the full
   width) that C leaves undefined by restricting it away or by splitting
   the shift. */

unsigned int extract_spec(unsigned int x, unsigned int pos, unsigned int len)
{
    unsigned int r = 0;
    unsigned int i;
    for (i = 0; i < len; i++)
        r |= ((x >> (pos + i)) & 1) << i;
    return r;
}

unsigned long long extract64_spec(unsigned long long x, unsigned int pos, unsigned int len)
{
    unsigned long long r = 0;
    unsigned int i;
    for (i = 0; i < len; i++)
        r |= ((x >> (pos + i)) & 1) << i;
    return r;
}

int extract_signed_spec(int x, unsigned int pos, unsigned int len)
{
    /* The field read as a len-bit two's complement number. */
    long long r = 0;
    unsigned int i;
    for (i = 0; i < len; i++)
        r |= (long long)(((unsigned int)x >> (pos + i)) & 1) << i;
    if ((r >> (len - 1)) & 1)
        r -= 1LL << len;
    return (int)r;
}

unsigned int insert_byte_spec(unsigned int x, unsigned int y, unsigned int pos)
{
    /* x with bits pos to pos + 7 replaced by the low byte of y. */
    unsigned int i;
    for (i = 0; i < 8; i++) {
        x &= ~(1u << (pos + i));
        x |= ((y >> i) & 1) << (pos + i);
    }
    return x;
}

unsigned int merge_spec(unsigned int a, unsigned int b, unsigned int m)
{
    /* Bit i from b where bit i of m is 1, else from a. */
    unsigned int r = 0;
    int i;
    for (i = 0; i < 32; i++) {
        if ((m >> i) & 1)
            r |= b & (1u << i);
        else
            r |= a & (1u << i);
    }
    return r;
}

unsigned int cond_set_spec(unsigned int w, unsigned int m, int f)
{
    if (f)
        return w | m;
    return w & ~m;
}

int sext_spec(unsigned int x, unsigned int b)
{
    /* The low b bits of x read as a b-bit two's complement number. */
    long long v = x & ((1ULL << b) - 1);
    if ((v >> (b - 1)) & 1)
        v -= 1LL << b;
    return (int)v;
}

int sext8_spec(unsigned char x)
{
    if (x >= 128)
        return x - 256;
    return x;
}

int sext16_spec(unsigned short x)
{
    if (x >= 32768)
        return x - 65536;
    return x;
}

unsigned int swap_bits_spec(unsigned int x, unsigned int i, unsigned int j)
{
    unsigned int bi = (x >> i) & 1;
    unsigned int bj = (x >> j) & 1;
    x &= ~(1u << i);
    x &= ~(1u << j);
    return x | (bi << j) | (bj << i);
}

int fits_signed_spec(int x, int n)
{
    /* Does x fit in an n-bit two's complement field? */
    long long lo = -(1LL << (n - 1));
    long long hi = (1LL << (n - 1)) - 1;
    return x >= lo && x <= hi;
}

/* @trick extract-mask
 * title: Extract a bit field by shifting down and masking
 * task: Return the len bits of x starting at bit pos (len < 32, pos + len <= 32) as (x >> pos) & ((1 << len) - 1).
 * aliases: bit field extract; bextr; get bits; ubfx; extract field; shift and mask
 * spec: extract_spec
 * width: 32
 * restrict: pos < 32 && len < 32 && len <= 32 - pos
 * ops: 4
 * from: CS:APP ch. 2 (bit-level operations: shift and mask); x86 BEXTR and ARM UBFX (the operation)
 * panel: lab
 * wrong: none
 */
unsigned int extract_mask(unsigned int x, unsigned int pos, unsigned int len)
{
    return (x >> pos) & ((1u << len) - 1);
}

/* @trick extract-shift-pair
 * title: Extract a bit field with a left and a right shift
 * task: Return the len bits of x at pos (1 <= len, pos + len <= 32): shift the field to the top, then down to bit 0.
 * aliases: bit field extract; two shifts; ubfx; extract field; shift up shift down
 * spec: extract_spec
 * width: 32
 * restrict: pos < 32 && len >= 1 && len <= 32 - pos
 * ops: 5
 * from: ARM UBFX (the operation); the shift-up, shift-down idiom of Hacker's Delight 2-6
 * panel: lab
 * wrong: none
 */
unsigned int extract_shift_pair(unsigned int x, unsigned int pos, unsigned int len)
{
    return (x << (32 - pos - len)) >> (32 - len);
}

/* @trick extract-signed
 * title: Extract a signed bit field with two shifts
 * task: Return the len-bit field of x at pos sign-extended: shift it to the top, then arithmetic-shift it down.
 * aliases: signed bit field; sbfx; sign-extending extract; signed field
 * spec: extract_signed_spec
 * width: 32
 * restrict: pos < 32 && len >= 1 && len <= 32 - pos
 * ops: 5
 * from: ARM SBFX (the operation); Hacker's Delight 2-6 (sign extension)
 * panel: lab
 * wrong: none
 */
int extract_signed(int x, unsigned int pos, unsigned int len)
{
    return (int)((unsigned int)x << (32 - pos - len)) >> (32 - len);
}

/* @trick extract64-mask
 * title: Extract a bit field from a 64-bit word
 * task: Return the len bits of the 64-bit x at pos (len < 64, pos + len <= 64) by shift and mask.
 * aliases: bit field extract; bextr; 64-bit; get bits
 * spec: extract64_spec
 * width: 64
 * restrict: pos < 64 && len < 64 && len <= 64 - pos
 * ops: 4
 * from: x86 BEXTR (the operation); CS:APP ch. 2 (bit-level operations)
 * panel: lab
 * wrong: none
 */
unsigned long long extract64_mask(unsigned long long x, unsigned int pos, unsigned int len)
{
    return (x >> pos) & ((1ULL << len) - 1);
}

/* @trick insert-byte
 * title: Insert a byte into a word at a bit position
 * task: Replace bits pos to pos + 7 of x (pos <= 24) by the low byte of y: clear the field, or in the shifted byte.
 * aliases: bit field insert; bfi; set field; deposit; insert bits
 * spec: insert_byte_spec
 * width: 32
 * restrict: pos <= 24
 * ops: 6
 * from: ARM BFI (the operation); Bit Twiddling Hacks (merge bits from two values according to a mask)
 * panel: lab
 * wrong: none
 */
unsigned int insert_byte(unsigned int x, unsigned int y, unsigned int pos)
{
    unsigned int m = 0xFFu << pos;
    return (x & ~m) | ((y << pos) & m);
}

/* @trick merge-xor
 * title: Merge two words under a mask with xor
 * task: Take the bits of b where m is 1 and of a elsewhere, as a ^ ((a ^ b) & m): one operation fewer than and-or.
 * aliases: merge bits; masked merge; bit select; blend; mux; bitwise select
 * spec: merge_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (merge bits from two values according to a mask)
 * panel: lab
 * wrong: none
 */
unsigned int merge_xor(unsigned int a, unsigned int b, unsigned int m)
{
    return a ^ ((a ^ b) & m);
}

/* @trick merge-and-or
 * title: Merge two words under a mask with and-or
 * task: Take the bits of b where m is 1 and of a elsewhere, as (a & ~m) | (b & m).
 * aliases: merge bits; masked merge; bit select; blend; mux
 * spec: merge_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Bit Twiddling Hacks (merge bits from two values according to a mask)
 * panel: lab
 * wrong: none
 */
unsigned int merge_and_or(unsigned int a, unsigned int b, unsigned int m)
{
    return (a & ~m) | (b & m);
}

/* @trick cond-set-bits
 * title: Set or clear masked bits by a flag, without a branch
 * task: Return w with the bits of m set if f is 1 and cleared if f is 0, as w ^ ((-f ^ w) & m).
 * aliases: conditionally set bits; set or clear; flag to mask; branchless bit set
 * spec: cond_set_spec
 * width: 32
 * restrict: f == 0 || f == 1
 * ops: 4
 * from: Bit Twiddling Hacks (conditionally set or clear bits without branching)
 * panel: lab
 * wrong: none
 */
unsigned int cond_set_bits(unsigned int w, unsigned int m, int f)
{
    return w ^ ((-(unsigned int)f ^ w) & m);
}

/* @trick sext-xor
 * title: Sign-extend a b-bit field with xor and subtract
 * task: Read the low b bits of x (1 <= b <= 32) as a signed number: keep them, flip the sign bit, subtract it.
 * aliases: sign extend; sign extension; variable-width sign extend; signed field
 * spec: sext_spec
 * width: 32
 * restrict: b >= 1 && b <= 32
 * ops: 7
 * from: Bit Twiddling Hacks (sign extending from a variable bit-width); Hacker's Delight 2-6
 * panel: lab
 * wrong: none
 */
int sext_xor(unsigned int x, unsigned int b)
{
    unsigned int m = 1u << (b - 1);
    x &= (m << 1) - 1;
    return (int)((x ^ m) - m);
}

/* @trick sext-shift
 * title: Sign-extend a b-bit field with two shifts
 * task: Read the low b bits of x (1 <= b <= 32) as a signed number: shift them to the top, arithmetic-shift back.
 * aliases: sign extend; sign extension; shift up shift down; signed field
 * spec: sext_spec
 * width: 32
 * restrict: b >= 1 && b <= 32
 * ops: 4
 * from: Bit Twiddling Hacks (sign extending from a variable bit-width); Hacker's Delight 2-6
 * panel: lab
 * wrong: none
 */
int sext_shift(unsigned int x, unsigned int b)
{
    return (int)(x << (32 - b)) >> (32 - b);
}

/* @trick sext8-xor
 * title: Sign-extend a byte with xor and subtract
 * task: Read the byte x as a signed number: (x ^ 0x80) - 0x80.
 * aliases: sign extend byte; int8 to int; signed char; sign extension
 * spec: sext8_spec
 * width: 8
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-6 (sign extension)
 * panel: lab
 * wrong: none
 */
int sext8_xor(unsigned char x)
{
    return (x ^ 0x80) - 0x80;
}

/* @trick sext16-xor
 * title: Sign-extend a 16-bit word with xor and subtract
 * task: Read the 16-bit x as a signed number: (x ^ 0x8000) - 0x8000.
 * aliases: sign extend short; int16 to int; sign extension
 * spec: sext16_spec
 * width: 16
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-6 (sign extension)
 * panel: lab
 * wrong: none
 */
int sext16_xor(unsigned short x)
{
    return (x ^ 0x8000) - 0x8000;
}

/* @trick swap-bits-xor
 * title: Swap two bits of a word with xor
 * task: Exchange bits i and j of x (both < 32): if they differ, flip both.
 * aliases: swap bits; exchange bits; xor swap bits; bit swap
 * spec: swap_bits_spec
 * width: 32
 * restrict: i < 32 && j < 32
 * ops: 8
 * from: Bit Twiddling Hacks (swapping individual bits with XOR)
 * panel: permute
 * wrong: none
 */
unsigned int swap_bits_xor(unsigned int x, unsigned int i, unsigned int j)
{
    unsigned int t = ((x >> i) ^ (x >> j)) & 1;
    return x ^ ((t << i) | (t << j));
}

/* @trick fits-signed
 * title: Does an int fit in n signed bits?
 * task: Return 1 if x fits in an n-bit two's complement field (1 <= n <= 32): x >> (n - 1) must be 0 or -1.
 * aliases: fits bits; range check; signed fit; fitsBits; representable in n bits
 * spec: fits_signed_spec
 * width: 32
 * restrict: n >= 1 && n <= 32
 * ops: 4
 * from: CS:APP data lab (fitsBits); Hacker's Delight 2-13 (overflow detection)
 * panel: lab
 * wrong: none
 */
int fits_signed(int x, int n)
{
    return (unsigned int)(x >> (n - 1)) + 1 <= 1;
}
