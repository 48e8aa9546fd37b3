/* family: swar-bytes — SWAR: byte-wise tests and arithmetic in a word */
/* SIMD within a register: a 32-bit word is four bytes, a 64-bit word
   eight. The specs take the bytes out one at a time; the tricks handle all
   of them at once, stopping carries at byte borders with the masks
   0x7F7F7F7F and 0x80808080 (built as ~0u / 255 * k). */

int has_zero_byte_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xFF) == 0)
            return 1;
    return 0;
}

int has_zero_byte64_spec(unsigned long long x)
{
    int i;
    for (i = 0; i < 8; i++)
        if (((x >> (8 * i)) & 0xFF) == 0)
            return 1;
    return 0;
}

unsigned int zero_byte_mask_spec(unsigned int x)
{
    unsigned int m = 0;
    int i;
    for (i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xFF) == 0)
            m |= 0x80u << (8 * i);
    return m;
}

int first_zero_byte_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xFF) == 0)
            return i;
    return 4;
}

int has_byte_spec(unsigned int x, unsigned int n)
{
    int i;
    for (i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xFF) == n)
            return 1;
    return 0;
}

int has_less_spec(unsigned int x, unsigned int n)
{
    int i;
    for (i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xFF) < n)
            return 1;
    return 0;
}

int has_more_spec(unsigned int x, unsigned int n)
{
    int i;
    for (i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xFF) > n)
            return 1;
    return 0;
}

int count_less_spec(unsigned int x, unsigned int n)
{
    int c = 0;
    int i;
    for (i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xFF) < n)
            c++;
    return c;
}

int count_more_spec(unsigned int x, unsigned int n)
{
    int c = 0;
    int i;
    for (i = 0; i < 4; i++)
        if (((x >> (8 * i)) & 0xFF) > n)
            c++;
    return c;
}

int has_between_spec(unsigned int x, unsigned int m, unsigned int n)
{
    int i;
    for (i = 0; i < 4; i++) {
        unsigned int b = (x >> (8 * i)) & 0xFF;
        if (m < b && b < n)
            return 1;
    }
    return 0;
}

unsigned int avg_bytes_floor_spec(unsigned int x, unsigned int y)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 4; i++) {
        unsigned int a = (x >> (8 * i)) & 0xFF;
        unsigned int b = (y >> (8 * i)) & 0xFF;
        r |= ((a + b) / 2) << (8 * i);
    }
    return r;
}

unsigned int avg_bytes_ceil_spec(unsigned int x, unsigned int y)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 4; i++) {
        unsigned int a = (x >> (8 * i)) & 0xFF;
        unsigned int b = (y >> (8 * i)) & 0xFF;
        r |= ((a + b + 1) / 2) << (8 * i);
    }
    return r;
}

unsigned long long avg_bytes64_floor_spec(unsigned long long x, unsigned long long y)
{
    unsigned long long r = 0;
    int i;
    for (i = 0; i < 8; i++) {
        unsigned long long a = (x >> (8 * i)) & 0xFF;
        unsigned long long b = (y >> (8 * i)) & 0xFF;
        r |= ((a + b) / 2) << (8 * i);
    }
    return r;
}

unsigned int add_bytes_spec(unsigned int x, unsigned int y)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 4; i++) {
        unsigned int a = (x >> (8 * i)) & 0xFF;
        unsigned int b = (y >> (8 * i)) & 0xFF;
        r |= ((a + b) & 0xFF) << (8 * i);
    }
    return r;
}

unsigned int sub_bytes_spec(unsigned int x, unsigned int y)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 4; i++) {
        unsigned int a = (x >> (8 * i)) & 0xFF;
        unsigned int b = (y >> (8 * i)) & 0xFF;
        r |= ((a - b) & 0xFF) << (8 * i);
    }
    return r;
}

/* @trick haszero-wrong
 * title: Has a zero byte, without the ~x term (wrong: bytes above 0x80 trigger it)
 * task: Return 1 if some byte of x is zero, else 0.
 * aliases: has zero byte; haszero; strlen trick; null byte detection; zero byte test
 * spec: has_zero_byte_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Bit Twiddling Hacks (determine if a word has a zero byte: the ~v term is required)
 * panel: swar
 * wrong: fixed-by haszero; at x=2172748161: gives 1, expected 0
 */
int haszero_wrong(unsigned int x)
{
    return ((x - 0x01010101u) & 0x80808080u) != 0;
}

/* @trick haszero
 * title: Has a zero byte (subtract one from every byte)
 * task: Return 1 if some byte of x is zero: a byte's high bit is set by x - 0x01 only if it borrowed and was clear in x.
 * aliases: has zero byte; haszero; strlen trick; null byte detection; zero byte test
 * spec: has_zero_byte_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (determine if a word has a zero byte); A. Mycroft (1987)
 * panel: swar
 * wrong: none
 */
int haszero(unsigned int x)
{
    return ((x - 0x01010101u) & ~x & 0x80808080u) != 0;
}

/* @trick haszero64
 * title: Has a zero byte in a 64-bit word
 * task: Return 1 if some byte of the 64-bit x is zero, with the subtract-and-mask test on eight bytes.
 * aliases: has zero byte; haszero; strlen; memchr; 64-bit swar
 * spec: has_zero_byte64_spec
 * width: 64
 * restrict: none
 * ops: 5
 * from: Bit Twiddling Hacks (determine if a word has a zero byte)
 * panel: swar
 * wrong: none
 */
int haszero64(unsigned long long x)
{
    return ((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) != 0;
}

/* @trick zero-byte-mask
 * title: Exact mask of the zero bytes
 * task: Return 0x80 in each byte of x that is zero and 0 elsewhere, with no carries between bytes.
 * aliases: zero byte mask; exact haszero; null byte mask; find zero bytes; byte equality mask
 * spec: zero_byte_mask_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 6-1 (find first 0-byte, the carry-free test)
 * panel: swar
 * wrong: none
 */
unsigned int zero_byte_mask(unsigned int x)
{
    unsigned int y = (x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu;
    return ~(y | x | 0x7F7F7F7Fu);
}

/* @trick first-zero-byte
 * title: Index of the first zero byte
 * task: Return the index (0 to 3, from the low end) of the lowest zero byte of x, or 4 if none.
 * aliases: first zero byte; strlen; find null; zero byte index; memchr index
 * spec: first_zero_byte_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 6-1 (find first 0-byte); Bit Twiddling Hacks (determine if a word has a zero byte)
 * panel: swar
 * wrong: none
 */
int first_zero_byte(unsigned int x)
{
    /* The borrow can only mark bytes above a true zero byte, so the
       lowest mark is always right. */
    unsigned int m = (x - 0x01010101u) & ~x & 0x80808080u;
    if (m == 0)
        return 4;
    return __builtin_ctz(m) >> 3;
}

/* @trick hasvalue
 * title: Has a byte equal to n
 * task: Return 1 if some byte of x equals n (n <= 255): xor with n in every byte, then test for a zero byte.
 * aliases: has byte; hasvalue; memchr; find byte; byte equal; broadcast compare
 * spec: has_byte_spec
 * width: 32
 * restrict: n <= 255
 * ops: 9
 * from: Bit Twiddling Hacks (determine if a word has a byte equal to n)
 * panel: swar
 * wrong: none
 */
int hasvalue(unsigned int x, unsigned int n)
{
    unsigned int v = x ^ (~0u / 255 * n);
    return ((v - 0x01010101u) & ~v & 0x80808080u) != 0;
}

/* @trick hasless
 * title: Has a byte less than n
 * task: Return 1 if some byte of x is less than n (n <= 128): subtract n from every byte and look for borrows.
 * aliases: has byte less than; hasless; byte compare; swar compare; control character test
 * spec: has_less_spec
 * width: 32
 * restrict: n <= 128
 * ops: 11
 * from: Bit Twiddling Hacks (determine if a word has a byte less than n)
 * panel: swar
 * wrong: none
 */
int hasless(unsigned int x, unsigned int n)
{
    return ((x - ~0u / 255 * n) & ~x & ~0u / 255 * 128) != 0;
}

/* @trick hasmore
 * title: Has a byte greater than n
 * task: Return 1 if some byte of x is greater than n (n <= 127): add 127 - n to every byte and look at the high bits.
 * aliases: has byte greater than; hasmore; byte compare; swar compare
 * spec: has_more_spec
 * width: 32
 * restrict: n <= 127
 * ops: 11
 * from: Bit Twiddling Hacks (determine if a word has a byte greater than n)
 * panel: swar
 * wrong: none
 */
int hasmore(unsigned int x, unsigned int n)
{
    return (((x + ~0u / 255 * (127 - n)) | x) & ~0u / 255 * 128) != 0;
}

/* @trick countless
 * title: Count the bytes less than n
 * task: Return how many bytes of x are below n (n <= 128): mark them in the high bits, then sum the marks mod 255.
 * aliases: count bytes less than; countless; swar count; byte histogram
 * spec: count_less_spec
 * width: 32
 * restrict: n <= 128
 * ops: 17
 * from: Bit Twiddling Hacks (determine if a word has a byte less than n: counting them)
 * panel: swar
 * wrong: none
 */
int countless(unsigned int x, unsigned int n)
{
    return (int)((((~0u / 255 * (127 + n) - (x & ~0u / 255 * 127)) & ~x & ~0u / 255 * 128) / 128) % 255);
}

/* @trick countmore
 * title: Count the bytes greater than n
 * task: Return how many bytes of x are above n (n <= 127): mark them in the high bits, then sum the marks mod 255.
 * aliases: count bytes greater than; countmore; swar count
 * spec: count_more_spec
 * width: 32
 * restrict: n <= 127
 * ops: 16
 * from: Bit Twiddling Hacks (determine if a word has a byte greater than n: counting them)
 * panel: swar
 * wrong: none
 */
int countmore(unsigned int x, unsigned int n)
{
    return (int)(((((x & ~0u / 255 * 127) + ~0u / 255 * (127 - n)) | x) & ~0u / 255 * 128) / 128 % 255);
}

/* @trick hasbetween
 * title: Has a byte strictly between m and n
 * task: Return 1 if some byte b of x has m < b < n (m <= 127, n <= 128): the less-than and greater-than marks, and-ed.
 * aliases: has byte between; hasbetween; range test; swar range; byte in range
 * spec: has_between_spec
 * width: 32
 * restrict: m <= 127 && n <= 128
 * ops: 22
 * from: Bit Twiddling Hacks (determine if a word has a byte between m and n)
 * panel: swar
 * wrong: none
 */
int hasbetween(unsigned int x, unsigned int m, unsigned int n)
{
    unsigned int low = x & ~0u / 255 * 127;
    return ((~0u / 255 * (127 + n) - low) & ~x & (low + ~0u / 255 * (127 - m)) & ~0u / 255 * 128) != 0;
}

/* @trick avg-bytes-floor
 * title: Byte-wise average, rounding down
 * task: Average each byte of x with the same byte of y, rounding down: common bits plus half the differing bits, per byte.
 * aliases: byte average; swar average; pavgb; packed average; pixel blend
 * spec: avg_bytes_floor_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-5 (average) and 2-18 (multibyte arithmetic)
 * panel: swar
 * wrong: none
 */
unsigned int avg_bytes_floor(unsigned int x, unsigned int y)
{
    return (x & y) + (((x ^ y) >> 1) & 0x7F7F7F7Fu);
}

/* @trick avg-bytes-ceil
 * title: Byte-wise average, rounding up
 * task: Average each byte of x with the same byte of y, rounding up: all bits minus half the differing bits, per byte.
 * aliases: byte average; rounding average; pavgb; packed average; pixel blend
 * spec: avg_bytes_ceil_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-5 (average) and 2-18 (multibyte arithmetic)
 * panel: swar
 * wrong: none
 */
unsigned int avg_bytes_ceil(unsigned int x, unsigned int y)
{
    return (x | y) - (((x ^ y) >> 1) & 0x7F7F7F7Fu);
}

/* @trick avg-bytes64-floor
 * title: Byte-wise average of eight bytes, rounding down
 * task: Average each byte of the 64-bit x with the same byte of y, rounding down.
 * aliases: byte average; swar average; 64-bit; packed average
 * spec: avg_bytes64_floor_spec
 * width: 64
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-5 (average) and 2-18 (multibyte arithmetic)
 * panel: swar
 * wrong: none
 */
unsigned long long avg_bytes64_floor(unsigned long long x, unsigned long long y)
{
    return (x & y) + (((x ^ y) >> 1) & 0x7F7F7F7F7F7F7F7FULL);
}

/* @trick add-bytes
 * title: Byte-wise addition without carries between bytes
 * task: Add each byte of y to the same byte of x modulo 256: add the low seven bits, then fix the high bits by xor.
 * aliases: swar add; packed add; paddb; byte-wise add; carry-less lanes
 * spec: add_bytes_spec
 * width: 32
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 2-18 (multibyte add, subtract, absolute value)
 * panel: swar
 * wrong: none
 */
unsigned int add_bytes(unsigned int x, unsigned int y)
{
    return ((x & 0x7F7F7F7Fu) + (y & 0x7F7F7F7Fu)) ^ ((x ^ y) & 0x80808080u);
}

/* @trick sub-bytes
 * title: Byte-wise subtraction without borrows between bytes
 * task: Subtract each byte of y from the same byte of x modulo 256: set the high bits so no borrow leaves a byte, then fix them.
 * aliases: swar subtract; packed subtract; psubb; byte-wise subtract
 * spec: sub_bytes_spec
 * width: 32
 * restrict: none
 * ops: 7
 * from: Hacker's Delight 2-18 (multibyte add, subtract, absolute value)
 * panel: swar
 * wrong: none
 */
unsigned int sub_bytes(unsigned int x, unsigned int y)
{
    return ((x | 0x80808080u) - (y & 0x7F7F7F7Fu)) ^ ((x ^ ~y) & 0x80808080u);
}
