/* The Hacker's Delight collection: the 25 programs of Gulwani, Jha, Tiwari
 * and Venkatesan, "Synthesis of loop-free programs" (PLDI 2011), P1..P25,
 * each given here by a plain specification (a loop, branches or the
 * obvious formula: never the trick), for `bitscope bench synth`.
 *
 * Each program is one chunk: a metadata comment that opens with the
 * marker `@p N` right after the comment's opening, then its C functions up
 * to the next marker. The specification is the function `pN`; a chunk may
 * hold an `assume` function (only P20 does), which applies to that chunk
 * alone. The metadata comment has one `key: value` per line:
 *
 *   title:  what the program computes
 *   ops:    the operators the search may use, in `bitscope synth --ops`
 *           notation (`-x` negates, `-` subtracts): the paper's components
 *           for the program, plus a few
 *   consts: constants beside 0, 1, -1 and 31 (`--consts`), for P19..P25
 *           those of the paper's solution (as Brahma was given components)
 *   known:  the length (instructions, each value once) of the paper's or
 *           Hacker's Delight's program over these operators and constants;
 *           empty where that program is not expressible here (P13: an
 *           unsigned shift of an int; P18: the paper's "reduce or")
 *   note:   optional
 *
 * Types are 32-bit `unsigned` or `int`, as in the paper; P14, P15 and P25
 * compute in `unsigned long long`. The whole file is one C program of the
 * subset (`bitscope eval --file hd25.c --fn p7 --var x=5`).
 */

/* @p 1
   title: turn off the rightmost 1 bit
   ops: & | ^ + - ~ -x
   consts:
   known: 2
*/
unsigned p1(unsigned x) {
    for (int i = 0; i < 32; i++)
        if ((x >> i) & 1)
            return x & ~(1u << i);
    return x;
}

/* @p 2
   title: turn off the trailing 1 bits
   ops: & | ^ + - ~ -x
   consts:
   known: 2
   note: zero just when x is 2^n - 1 (the paper's test)
*/
unsigned p2(unsigned x) {
    unsigned bit = 1;
    while (x & bit) {
        x = x - bit;
        bit = bit << 1;
    }
    return x;
}

/* @p 3
   title: isolate the rightmost 1 bit
   ops: & | ^ + - ~ -x
   consts:
   known: 2
*/
unsigned p3(unsigned x) {
    for (int i = 0; i < 32; i++) {
        unsigned bit = 1u << i;
        if (x & bit)
            return bit;
    }
    return 0;
}

/* @p 4
   title: mask of the rightmost 1 bit and the 0s below
   ops: & | ^ + - ~ -x
   consts:
   known: 2
   note: every bit when x is 0
*/
unsigned p4(unsigned x) {
    unsigned m = 0;
    for (int i = 0; i < 32; i++) {
        m = m | (1u << i);
        if ((x >> i) & 1)
            break;
    }
    return m;
}

/* @p 5
   title: right-propagate the rightmost 1 bit
   ops: & | ^ + - ~ -x
   consts:
   known: 2
*/
unsigned p5(unsigned x) {
    for (int i = 0; i < 32; i++) {
        if ((x >> i) & 1)
            break;
        x = x | (1u << i);
    }
    return x;
}

/* @p 6
   title: turn on the rightmost 0 bit
   ops: & | ^ + - ~ -x
   consts:
   known: 2
*/
unsigned p6(unsigned x) {
    for (int i = 0; i < 32; i++)
        if (((x >> i) & 1) == 0)
            return x | (1u << i);
    return x;
}

/* @p 7
   title: isolate the rightmost 0 bit
   ops: & | ^ + - ~ -x
   consts:
   known: 3
*/
unsigned p7(unsigned x) {
    for (int i = 0; i < 32; i++)
        if (((x >> i) & 1) == 0)
            return 1u << i;
    return 0;
}

/* @p 8
   title: mask of the trailing 0 bits
   ops: & | ^ + - ~ -x
   consts:
   known: 3
*/
unsigned p8(unsigned x) {
    unsigned m = 0;
    for (int i = 0; i < 32 && ((x >> i) & 1) == 0; i++)
        m = m | (1u << i);
    return m;
}

/* @p 9
   title: absolute value
   ops: >> ^ + - & -x ~
   consts:
   known: 3
*/
int p9(int x) {
    if (x < 0)
        return 0 - x;
    return x;
}

/* @p 10
   title: nlz(x) == nlz(y)
   ops: & | ^ ~ < <=
   consts:
   known: 3
   note: 1 or 0; nlz counts the leading 0 bits (32 for 0)
*/
unsigned p10(unsigned x, unsigned y) {
    int nx = 32, ny = 32;
    for (int i = 0; i < 32; i++) {
        if ((x >> i) & 1)
            nx = 31 - i;
        if ((y >> i) & 1)
            ny = 31 - i;
    }
    return nx == ny;
}

/* @p 11
   title: nlz(x) < nlz(y)
   ops: & | ^ ~ < <=
   consts:
   known: 3
*/
unsigned p11(unsigned x, unsigned y) {
    int nx = 32, ny = 32;
    for (int i = 0; i < 32; i++) {
        if ((x >> i) & 1)
            nx = 31 - i;
        if ((y >> i) & 1)
            ny = 31 - i;
    }
    return nx < ny;
}

/* @p 12
   title: nlz(x) <= nlz(y)
   ops: & | ^ ~ < <=
   consts:
   known: 3
*/
unsigned p12(unsigned x, unsigned y) {
    int nx = 32, ny = 32;
    for (int i = 0; i < 32; i++) {
        if ((x >> i) & 1)
            nx = 31 - i;
        if ((y >> i) & 1)
            ny = 31 - i;
    }
    return nx <= ny;
}

/* @p 13
   title: sign: -1, 0 or 1
   ops: >> -x | & < -
   consts:
   known:
   note: the paper's 4 shifts -x right logically; >> on an int is arithmetic here, so comparisons are allowed
*/
int p13(int x) {
    if (x > 0)
        return 1;
    if (x < 0)
        return -1;
    return 0;
}

/* @p 14
   title: floor of the average, without overflow
   ops: & | ^ >> + -
   consts:
   known: 4
*/
unsigned p14(unsigned x, unsigned y) {
    unsigned long long sum = (unsigned long long)x + y;
    return sum / 2;
}

/* @p 15
   title: ceiling of the average, without overflow
   ops: & | ^ >> + -
   consts:
   known: 4
*/
unsigned p15(unsigned x, unsigned y) {
    unsigned long long sum = (unsigned long long)x + y;
    return (sum + 1) / 2;
}

/* @p 16
   title: maximum of two ints
   ops: ^ & | -x - < <=
   consts:
   known: 5
   note: x ^ ((x ^ y) & -(x < y)) and its mirror images
*/
int p16(int x, int y) {
    if (x > y)
        return x;
    return y;
}

/* @p 17
   title: turn off the rightmost contiguous string of 1 bits
   ops: & | ^ + - ~ -x
   consts:
   known: 4
*/
unsigned p17(unsigned x) {
    /* state 0: below the string, 1: in it, 2: above it. One pass over
       the 32 bits: with two loops of data-dependent ends the search took
       4 s instead of 0.5 s, nearly all of it in the prover */
    int state = 0;
    for (int i = 0; i < 32; i++) {
        unsigned bit = (x >> i) & 1;
        if (state == 0 && bit)
            state = 1;
        if (state == 1) {
            if (bit)
                x = x & ~(1u << i);
            else
                state = 2;
        }
    }
    return x;
}

/* @p 18
   title: is a power of 2
   ops: & | ^ + - ! != ==
   consts:
   known:
   note: 1 or 0; the paper's 6 use a "reduce or" (x != 0 here)
*/
unsigned p18(unsigned x) {
    int ones = 0;
    for (int i = 0; i < 32; i++)
        ones += (x >> i) & 1;
    return ones == 1;
}

/* @p 19
   title: exchange bits 0..7 with bits 16..23
   ops: >> << ^ & | +
   consts: 0xff 16
   known: 6
   note: the paper's fields are given by a mask m and a distance k; here m = 0xff and k = 16
*/
unsigned p19(unsigned x) {
    unsigned low = x & 0xff;
    unsigned high = (x >> 16) & 0xff;
    unsigned rest = x & ~0x00ff00ffu;
    return rest | (low << 16) | high;
}

/* @p 20
   title: next higher number with the same number of 1 bits
   ops: -x & + ^ >> | - /
   consts: 2
   known: 7
   note: the paper's 7 divide; assume: x has a 0 above its lowest 1
*/
int assume(unsigned x) {
    int i = 0;
    while (i < 32 && ((x >> i) & 1) == 0)
        i++;
    while (i < 32 && ((x >> i) & 1) == 1)
        i++;
    return i < 32;
}

unsigned p20(unsigned x) {
    int low = 0; /* the rightmost 1 */
    while (low < 32 && ((x >> low) & 1) == 0)
        low++;
    int zero = low; /* the first 0 above it */
    while (zero < 32 && ((x >> zero) & 1) == 1)
        zero++;
    unsigned r = x;
    for (int k = 0; k < zero; k++)
        r = r & ~(1u << k);
    r = r | (1u << zero);
    for (int k = 0; k < zero - low - 1; k++)
        r = r | (1u << k);
    return r;
}

/* @p 21
   title: cycle through 7, 11, 13
   ops: == -x & ^ | +
   consts: 7 11 13 12 10
   known: 8
   note: the paper's a, b, c are inputs (synth takes three parameters at most): here 7, 11, 13, with 7 ^ 11 and 7 ^ 13; any other x gives 7
*/
unsigned p21(unsigned x) {
    if (x == 7)
        return 11;
    if (x == 11)
        return 13;
    return 7;
}

/* @p 22
   title: parity
   ops: ^ >> & * |
   consts: 2 0x11111111 28
   known: 8
   note: 1 when the number of 1 bits is odd
*/
unsigned p22(unsigned x) {
    unsigned p = 0;
    for (int i = 0; i < 32; i++)
        p = p ^ ((x >> i) & 1);
    return p;
}

/* @p 23
   title: count the 1 bits
   ops: >> & - + *
   consts: 2 4 24 0x55555555 0x33333333 0x0f0f0f0f 0x01010101
   known: 12
*/
unsigned p23(unsigned x) {
    unsigned n = 0;
    for (int i = 0; i < 32; i++)
        n += (x >> i) & 1;
    return n;
}

/* @p 24
   title: round up to a power of 2
   ops: - >> | +
   consts: 2 4 8 16
   known: 12
   note: 0 for 0 and above 2^31 (2^32 wraps to 0)
*/
unsigned p24(unsigned x) {
    if (x == 0)
        return 0;
    unsigned p = 1;
    while (p != 0 && p < x)
        p = p << 1;
    return p;
}

/* @p 25
   title: high 32 bits of the product
   ops: & >> * + <<
   consts: 0xffff 16
   known: 16
*/
unsigned p25(unsigned x, unsigned y) {
    unsigned long long product = (unsigned long long)x * y;
    return product >> 32;
}
