/* family: gray — Gray code */
/* The reflected binary Gray code of b has bit i equal to bit i xor bit
   i + 1 of b, so successive numbers differ in one bit. Decoding makes bit i
   of b the xor of all bits of the code at i and above. */

unsigned int gray_encode_spec(unsigned int b)
{
    unsigned int g = 0;
    int i;
    for (i = 0; i < 32; i++) {
        unsigned int hi = i < 31 ? (b >> (i + 1)) & 1 : 0;
        g |= (((b >> i) & 1) ^ hi) << i;
    }
    return g;
}

unsigned int gray_decode_spec(unsigned int g)
{
    unsigned int b = 0;
    int i;
    int j;
    for (i = 0; i < 32; i++) {
        unsigned int bit = 0;
        for (j = i; j < 32; j++)
            bit ^= (g >> j) & 1;
        b |= bit << i;
    }
    return b;
}

unsigned long long gray_decode64_spec(unsigned long long g)
{
    unsigned long long b = 0;
    int i;
    int j;
    for (i = 0; i < 64; i++) {
        unsigned long long bit = 0;
        for (j = i; j < 64; j++)
            bit ^= (g >> j) & 1;
        b |= bit << i;
    }
    return b;
}

unsigned char gray_decode8_spec(unsigned char g)
{
    unsigned int b = 0;
    int i;
    int j;
    for (i = 0; i < 8; i++) {
        unsigned int bit = 0;
        for (j = i; j < 8; j++)
            bit ^= (g >> j) & 1;
        b |= bit << i;
    }
    return (unsigned char)b;
}

unsigned int gray_next_spec(unsigned int g)
{
    /* Decode, add one, encode. */
    unsigned int b = 0;
    unsigned int r = 0;
    int i;
    int j;
    for (i = 0; i < 32; i++) {
        unsigned int bit = 0;
        for (j = i; j < 32; j++)
            bit ^= (g >> j) & 1;
        b |= bit << i;
    }
    b = b + 1;
    for (i = 0; i < 32; i++) {
        unsigned int hi = i < 31 ? (b >> (i + 1)) & 1 : 0;
        r |= (((b >> i) & 1) ^ hi) << i;
    }
    return r;
}

int gray_flip_spec(unsigned int n)
{
    /* Which bit changes between the codes of n and n + 1. */
    unsigned int a = n ^ (n >> 1);
    unsigned int c = (n + 1) ^ ((n + 1) >> 1);
    unsigned int d = a ^ c;
    int k = 0;
    while (((d >> k) & 1) == 0)
        k++;
    return k;
}

/* @trick gray-encode
 * title: Binary to Gray code
 * task: Convert x to its reflected binary Gray code: x ^ (x >> 1).
 * aliases: gray code; binary to gray; reflected binary code; grey code; encode gray
 * spec: gray_encode_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 13-1 (Gray code); F. Gray, US patent 2632058 (1953)
 * panel: gray
 * wrong: none
 */
unsigned int gray_encode(unsigned int b)
{
    return b ^ (b >> 1);
}

/* @trick gray-decode-loop
 * title: Gray code to binary by a loop of shifts
 * task: Decode the Gray code g by xor-ing in g >> 1, g >> 2, ... until the shifted word is zero.
 * aliases: gray to binary; decode gray; inverse gray code; prefix xor; grey decode
 * spec: gray_decode_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 13-1 (Gray code, inverse)
 * panel: gray
 * wrong: none
 */
unsigned int gray_decode_loop(unsigned int g)
{
    unsigned int m;
    for (m = g >> 1; m; m >>= 1)
        g ^= m;
    return g;
}

/* @trick gray-decode-fold
 * title: Gray code to binary in five xor-shift steps
 * task: Decode the Gray code g as a prefix xor from the top: shifts by 1, 2, 4, 8, 16.
 * aliases: gray to binary; decode gray; prefix xor; parallel prefix; inverse gray code
 * spec: gray_decode_spec
 * width: 32
 * restrict: none
 * ops: 10
 * from: Hacker's Delight 13-1 (Gray code, inverse in lg n steps)
 * panel: gray
 * wrong: none
 */
unsigned int gray_decode_fold(unsigned int g)
{
    g ^= g >> 1;
    g ^= g >> 2;
    g ^= g >> 4;
    g ^= g >> 8;
    g ^= g >> 16;
    return g;
}

/* @trick gray-decode64-fold
 * title: Gray code to binary, 64 bits, in six xor-shift steps
 * task: Decode the 64-bit Gray code g as a prefix xor from the top: shifts by 1 to 32.
 * aliases: gray to binary; decode gray; 64-bit; prefix xor
 * spec: gray_decode64_spec
 * width: 64
 * restrict: none
 * ops: 12
 * from: Hacker's Delight 13-1 (Gray code, inverse)
 * panel: gray
 * wrong: none
 */
unsigned long long gray_decode64_fold(unsigned long long g)
{
    g ^= g >> 1;
    g ^= g >> 2;
    g ^= g >> 4;
    g ^= g >> 8;
    g ^= g >> 16;
    g ^= g >> 32;
    return g;
}

/* @trick gray-decode8-fold
 * title: Gray code to binary for a byte in three steps
 * task: Decode the 8-bit Gray code g with shifts by 1, 2 and 4.
 * aliases: gray to binary; decode gray; byte; prefix xor
 * spec: gray_decode8_spec
 * width: 8
 * restrict: none
 * ops: 6
 * from: Hacker's Delight 13-1 (Gray code, inverse)
 * panel: gray
 * wrong: none
 */
unsigned char gray_decode8_fold(unsigned char g)
{
    unsigned int b = g;
    b ^= b >> 1;
    b ^= b >> 2;
    b ^= b >> 4;
    return (unsigned char)b;
}

/* @trick gray-next
 * title: Next Gray code without decoding
 * task: Step the Gray code g to the next one: flip bit 0 if its parity is even, else the bit left of its lowest one.
 * aliases: gray increment; next gray code; gray successor; knuth gray step
 * spec: gray_next_spec
 * width: 32
 * restrict: g != 0x80000000u
 * ops: 17
 * from: Knuth TAOCP 7.2.1.1 (Algorithm G, generating the Gray binary code)
 * panel: gray
 * wrong: none
 */
unsigned int gray_next(unsigned int g)
{
    unsigned int p = g;
    p ^= p >> 16;
    p ^= p >> 8;
    p ^= p >> 4;
    p ^= p >> 2;
    p ^= p >> 1;
    if ((p & 1) == 0)
        return g ^ 1;
    return g ^ ((g & -g) << 1);
}

/* @trick gray-flip-bit
 * title: Which bit flips between Gray codes n and n + 1
 * task: Return the index of the one bit that differs between the Gray codes of n and n + 1: ctz(n + 1).
 * aliases: gray transition; ruler function; changing bit; towers of hanoi move; gray step index
 * spec: gray_flip_spec
 * width: 32
 * restrict: n != 0xFFFFFFFFu
 * ops: 1
 * from: Knuth TAOCP 7.2.1.1 (the ruler function drives the Gray code)
 * panel: gray
 * wrong: none
 */
int gray_flip_bit(unsigned int n)
{
    return __builtin_ctz(n + 1);
}
