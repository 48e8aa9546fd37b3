/* family: rotate — Rotations and funnel shifts */
/* A rotation moves the bits that fall off one end back in at the other.
   The specs rotate one place at a time, n mod w times. C has no rotate
   operator, and the plain x << n | x >> (w - n) shifts by the full width
   when n is 0 (undefined), so the tricks mask both counts, or restrict n. */

unsigned int rotl32_spec(unsigned int x, unsigned int n)
{
    unsigned int i;
    for (i = 0; i < n % 32; i++)
        x = (x << 1) | (x >> 31);
    return x;
}

unsigned int rotr32_spec(unsigned int x, unsigned int n)
{
    unsigned int i;
    for (i = 0; i < n % 32; i++)
        x = (x >> 1) | (x << 31);
    return x;
}

unsigned long long rotl64_spec(unsigned long long x, unsigned int n)
{
    unsigned int i;
    for (i = 0; i < n % 64; i++)
        x = (x << 1) | (x >> 63);
    return x;
}

unsigned long long rotr64_spec(unsigned long long x, unsigned int n)
{
    unsigned int i;
    for (i = 0; i < n % 64; i++)
        x = (x >> 1) | (x << 63);
    return x;
}

unsigned char rotl8_spec(unsigned char x, unsigned char n)
{
    unsigned int v = x;
    int i;
    for (i = 0; i < n % 8; i++)
        v = ((v << 1) | (v >> 7)) & 0xFF;
    return (unsigned char)v;
}

unsigned char swap_nibbles_spec(unsigned char x)
{
    unsigned int lo = x & 0xF;
    unsigned int hi = x >> 4;
    return (unsigned char)(lo * 16 + hi);
}

unsigned short rotl16_spec(unsigned short x, unsigned int n)
{
    unsigned int v = x;
    unsigned int i;
    for (i = 0; i < n % 16; i++)
        v = ((v << 1) | (v >> 15)) & 0xFFFF;
    return (unsigned short)v;
}

unsigned int funnel_shl_spec(unsigned int hi, unsigned int lo, unsigned int n)
{
    /* The high word of the 64-bit hi:lo shifted left by n (n < 32). */
    unsigned long long w = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)((w << n) >> 32);
}

/* @trick rotl32-mask
 * title: Rotate left with both shift counts masked
 * task: Rotate x left by n mod 32 places, for any n, with (x << (n & 31)) | (x >> (-n & 31)).
 * aliases: rotate left; rotl; rol; circular shift; barrel shift; safe rotate
 * spec: rotl32_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: J. Regehr, Safe, efficient, and portable rotate in C/C++ (2013); Hacker's Delight 2-15 (shift rotations)
 * panel: permute
 * wrong: none
 */
unsigned int rotl32_mask(unsigned int x, unsigned int n)
{
    return (x << (n & 31)) | (x >> (-n & 31));
}

/* @trick rotl32-plain
 * title: Rotate left by a count strictly between 0 and 32
 * task: Rotate x left by n places, 1 <= n <= 31, with the textbook (x << n) | (x >> (32 - n)).
 * aliases: rotate left; rotl; rol; circular shift; textbook rotate
 * spec: rotl32_spec
 * width: 32
 * restrict: n >= 1 && n <= 31
 * ops: 4
 * from: Hacker's Delight 2-15 (shift rotations)
 * panel: permute
 * wrong: none
 */
unsigned int rotl32_plain(unsigned int x, unsigned int n)
{
    return (x << n) | (x >> (32 - n));
}

/* @trick rotl32-mod
 * title: Rotate left with the counts reduced mod 32
 * task: Rotate x left by n mod 32 places, reducing the right count mod 32 too so that n = 0 shifts by 0.
 * aliases: rotate left; rotl; circular shift; modular rotate
 * spec: rotl32_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 2-15 (shift rotations); J. Regehr (2013)
 * panel: permute
 * wrong: none
 */
unsigned int rotl32_mod(unsigned int x, unsigned int n)
{
    unsigned int k = n % 32;
    return (x << k) | (x >> ((32 - k) % 32));
}

/* @trick rotl32-wide
 * title: Rotate left through a 64-bit doubled word
 * task: Rotate x left by n mod 32: put x in both halves of a 64-bit word and shift right by 32 - (n & 31).
 * aliases: rotate left; rotl; double the word; circular shift; wide shift
 * spec: rotl32_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-15 (shift rotations, via a double-length shift)
 * panel: permute
 * wrong: none
 */
unsigned int rotl32_wide(unsigned int x, unsigned int n)
{
    unsigned long long d = ((unsigned long long)x << 32) | x;
    return (unsigned int)(d >> (32 - (n & 31)));
}

/* @trick rotr32-mask
 * title: Rotate right with both shift counts masked
 * task: Rotate x right by n mod 32 places, for any n, with (x >> (n & 31)) | (x << (-n & 31)).
 * aliases: rotate right; rotr; ror; circular shift; barrel shift; safe rotate
 * spec: rotr32_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: J. Regehr, Safe, efficient, and portable rotate in C/C++ (2013)
 * panel: permute
 * wrong: none
 */
unsigned int rotr32_mask(unsigned int x, unsigned int n)
{
    return (x >> (n & 31)) | (x << (-n & 31));
}

/* @trick rotl64-mask
 * title: Rotate a 64-bit word left with both counts masked
 * task: Rotate the 64-bit x left by n mod 64 places, for any n.
 * aliases: rotate left; rotl64; rol; circular shift; 64-bit rotate
 * spec: rotl64_spec
 * width: 64
 * restrict: none
 * ops: 6
 * from: J. Regehr (2013); Chess Programming Wiki (rotate by shifting)
 * panel: permute
 * wrong: none
 */
unsigned long long rotl64_mask(unsigned long long x, unsigned int n)
{
    return (x << (n & 63)) | (x >> (-n & 63));
}

/* @trick rotr64-mask
 * title: Rotate a 64-bit word right with both counts masked
 * task: Rotate the 64-bit x right by n mod 64 places, for any n.
 * aliases: rotate right; rotr64; ror; circular shift; 64-bit rotate
 * spec: rotr64_spec
 * width: 64
 * restrict: none
 * ops: 6
 * from: J. Regehr (2013)
 * panel: permute
 * wrong: none
 */
unsigned long long rotr64_mask(unsigned long long x, unsigned int n)
{
    return (x >> (n & 63)) | (x << (-n & 63));
}

/* @trick rotl8-mask
 * title: Rotate a byte left
 * task: Rotate the byte x left by n mod 8, in int arithmetic, keeping the low 8 bits.
 * aliases: rotate byte; rotl8; rol8; circular shift; 8-bit rotate
 * spec: rotl8_spec
 * width: 8
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 2-15 (shift rotations)
 * panel: permute
 * wrong: none
 */
unsigned char rotl8_mask(unsigned char x, unsigned char n)
{
    return (unsigned char)((x << (n & 7)) | (x >> (-n & 7)));
}

/* @trick swap-nibbles
 * title: Swap the two nibbles of a byte
 * task: Exchange the high and low 4 bits of the byte x with (x << 4 | x >> 4) & 0xFF, a rotation of the byte by 4.
 * aliases: swap nibbles; nibble swap; swap the halves of a byte; swap hex digits; rotate byte by 4; avr swap
 * spec: swap_nibbles_spec
 * width: 8
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 2-15 (shift rotations: a byte rotated by half its width); the AVR SWAP instruction (Atmel AVR instruction set)
 * panel: permute
 * wrong: none
 */
unsigned char swap_nibbles(unsigned char x)
{
    return (unsigned char)((x << 4 | x >> 4) & 0xFF);
}

/* @trick rotl16-mask
 * title: Rotate a 16-bit word left
 * task: Rotate the 16-bit x left by n mod 16 places, keeping the low 16 bits.
 * aliases: rotate 16; rotl16; rol16; circular shift
 * spec: rotl16_spec
 * width: 16
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 2-15 (shift rotations)
 * panel: permute
 * wrong: none
 */
unsigned short rotl16_mask(unsigned short x, unsigned int n)
{
    unsigned int v = x;
    return (unsigned short)((v << (n & 15)) | (v >> (-n & 15)));
}

/* @trick funnel-shl
 * title: Double-word left shift (funnel shift) in 32-bit pieces
 * task: Return the high word of hi:lo shifted left by n < 32, handling n = 0 apart to avoid a shift by 32.
 * aliases: funnel shift; shld; double shift; multiword shift; fshl
 * spec: funnel_shl_spec
 * width: 32
 * restrict: n < 32
 * ops: 5
 * from: Hacker's Delight 2-17 (double-length shifts)
 * panel: permute
 * wrong: none
 */
unsigned int funnel_shl(unsigned int hi, unsigned int lo, unsigned int n)
{
    if (n == 0)
        return hi;
    return (hi << n) | (lo >> (32 - n));
}
