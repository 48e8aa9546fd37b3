/* family: isolate-smear — Isolating, clearing and smearing bits */
/* The rightmost-bits identities of Hacker's Delight 2-1 and their smears.
   Each spec visits the bits one at a time from bit 0 up (or from bit 31
   down); each trick is one or two operations on the whole word. */

unsigned int lowest_set_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i++)
        if ((x >> i) & 1)
            return 1u << i;
    return 0;
}

unsigned long long lowest_set_64_spec(unsigned long long x)
{
    int i;
    for (i = 0; i < 64; i++)
        if ((x >> i) & 1)
            return 1ULL << i;
    return 0;
}

unsigned int clear_lowest_set_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i++)
        if ((x >> i) & 1)
            return x & ~(1u << i);
    return x;
}

unsigned int lowest_clear_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i++)
        if (((x >> i) & 1) == 0)
            return 1u << i;
    return 0;
}

unsigned int set_lowest_clear_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i++)
        if (((x >> i) & 1) == 0)
            return x | (1u << i);
    return x;
}

unsigned int trailing_zeros_mask_spec(unsigned int x)
{
    /* Ones where x has its trailing zeros (all ones for x = 0). */
    unsigned int m = 0;
    int i;
    for (i = 0; i < 32; i++) {
        if ((x >> i) & 1)
            break;
        m |= 1u << i;
    }
    return m;
}

unsigned int trailing_ones_mask_spec(unsigned int x)
{
    /* Ones where x has its trailing ones. */
    unsigned int m = 0;
    int i;
    for (i = 0; i < 32; i++) {
        if (((x >> i) & 1) == 0)
            break;
        m |= 1u << i;
    }
    return m;
}

unsigned int clear_trailing_ones_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i++) {
        if (((x >> i) & 1) == 0)
            break;
        x &= ~(1u << i);
    }
    return x;
}

unsigned int set_trailing_zeros_spec(unsigned int x)
{
    int i;
    for (i = 0; i < 32; i++) {
        if ((x >> i) & 1)
            break;
        x |= 1u << i;
    }
    return x;
}

unsigned int up_to_lowest_set_spec(unsigned int x)
{
    /* Ones from bit 0 up to and including the lowest set bit of x (all
       ones for x = 0). */
    unsigned int m = 0;
    int i;
    for (i = 0; i < 32; i++) {
        m |= 1u << i;
        if ((x >> i) & 1)
            break;
    }
    return m;
}

unsigned int clear_lowest_run_spec(unsigned int x)
{
    /* Clear the rightmost block of contiguous ones. */
    int i = 0;
    while (i < 32 && ((x >> i) & 1) == 0)
        i++;
    while (i < 32 && ((x >> i) & 1) == 1) {
        x &= ~(1u << i);
        i++;
    }
    return x;
}

unsigned int smear_right_spec(unsigned int x)
{
    /* Bit i is set when some bit at i or above is set. */
    unsigned int m = 0;
    int i;
    for (i = 0; i < 32; i++)
        if (x >> i != 0)
            m |= 1u << i;
    return m;
}

unsigned long long smear_right_64_spec(unsigned long long x)
{
    unsigned long long m = 0;
    int i;
    for (i = 0; i < 64; i++)
        if (x >> i != 0)
            m |= 1ULL << i;
    return m;
}

unsigned int smear_left_spec(unsigned int x)
{
    /* Bit i is set when some bit at i or below is set. */
    unsigned int m = 0;
    int i;
    for (i = 0; i < 32; i++)
        if (x << (31 - i) != 0)
            m |= 1u << i;
    return m;
}

unsigned int highest_set_spec(unsigned int x)
{
    int i;
    for (i = 31; i >= 0; i--)
        if ((x >> i) & 1)
            return 1u << i;
    return 0;
}

/* @trick lowest-set-neg
 * title: Isolate the lowest set bit with x & -x
 * task: Keep only the rightmost 1 of x (0 for 0).
 * aliases: lowest set bit; isolate rightmost one; lsb; blsi; x and minus x; least significant one
 * spec: lowest_set_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-1 (manipulating rightmost bits); Chess Programming Wiki (LS1B isolation)
 * panel: lab
 * wrong: none
 */
unsigned int lowest_set_neg(unsigned int x)
{
    return x & -x;
}

/* @trick lowest-set-not
 * title: Isolate the lowest set bit with x & ~(x - 1)
 * task: Keep only the rightmost 1 of x (0 for 0), without a negation.
 * aliases: lowest set bit; isolate rightmost one; lsb; blsi
 * spec: lowest_set_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int lowest_set_not(unsigned int x)
{
    return x & ~(x - 1);
}

/* @trick lowest-set-64
 * title: Isolate the lowest set bit of a 64-bit word
 * task: Keep only the rightmost 1 of the 64-bit x (0 for 0).
 * aliases: lowest set bit; ls1b; isolate rightmost one; bitboard lsb; blsi
 * spec: lowest_set_64_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: Chess Programming Wiki (general setwise operations: LS1B isolation)
 * panel: lab
 * wrong: none
 */
unsigned long long lowest_set_64(unsigned long long x)
{
    return x & -x;
}

/* @trick clear-lowest-set
 * title: Clear the lowest set bit with x & (x - 1)
 * task: Turn off the rightmost 1 of x (0 stays 0).
 * aliases: clear lowest bit; reset ls1b; blsr; kernighan step; turn off rightmost one
 * spec: clear_lowest_set_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-1; Kernighan and Ritchie, exercise 2-9
 * panel: lab
 * wrong: none
 */
unsigned int clear_lowest_set(unsigned int x)
{
    return x & (x - 1);
}

/* @trick lowest-clear
 * title: Isolate the lowest clear bit
 * task: Return a word with a single 1 where x has its rightmost 0 (0 for all ones).
 * aliases: lowest zero bit; rightmost zero; isolate rightmost zero; first clear bit
 * spec: lowest_clear_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int lowest_clear(unsigned int x)
{
    return ~x & (x + 1);
}

/* @trick set-lowest-clear
 * title: Set the lowest clear bit
 * task: Turn on the rightmost 0 of x (all ones stays all ones).
 * aliases: set rightmost zero; turn on lowest zero; fill lowest hole
 * spec: set_lowest_clear_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int set_lowest_clear(unsigned int x)
{
    return x | (x + 1);
}

/* @trick trailing-zeros-mask
 * title: Mask of the trailing zeros with ~x & (x - 1)
 * task: Return ones exactly where x has its trailing zeros (all ones for 0).
 * aliases: trailing zero mask; mask below lowest set bit; tzmsk; low zeros
 * spec: trailing_zeros_mask_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int trailing_zeros_mask(unsigned int x)
{
    return ~x & (x - 1);
}

/* @trick trailing-zeros-mask-sub
 * title: Mask of the trailing zeros as the lowest bit minus one
 * task: Return ones exactly where x has its trailing zeros (all ones for 0), as (x & -x) - 1.
 * aliases: trailing zero mask; mask below lowest set bit; tzmsk; lowest bit minus one
 * spec: trailing_zeros_mask_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int trailing_zeros_mask_sub(unsigned int x)
{
    return (x & -x) - 1;
}

/* @trick trailing-ones-mask
 * title: Mask of the trailing ones
 * task: Return ones exactly where x has its trailing ones.
 * aliases: trailing ones mask; low ones; mask of rightmost ones; t1mskc
 * spec: trailing_ones_mask_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int trailing_ones_mask(unsigned int x)
{
    return x & ~(x + 1);
}

/* @trick clear-trailing-ones
 * title: Clear the trailing ones
 * task: Turn off the trailing ones of x with x & (x + 1).
 * aliases: clear trailing ones; turn off low ones; blcfill; reset trailing ones
 * spec: clear_trailing_ones_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int clear_trailing_ones(unsigned int x)
{
    return x & (x + 1);
}

/* @trick set-trailing-zeros
 * title: Set the trailing zeros
 * task: Turn on the trailing zeros of x with x | (x - 1) (0 becomes all ones).
 * aliases: set trailing zeros; right-propagate the rightmost one; blsfill; fill low zeros
 * spec: set_trailing_zeros_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int set_trailing_zeros(unsigned int x)
{
    return x | (x - 1);
}

/* @trick up-to-lowest-set
 * title: Mask up to and including the lowest set bit
 * task: Return ones from bit 0 through the rightmost 1 of x (all ones for 0), as x ^ (x - 1).
 * aliases: blsmsk; mask through lowest bit; x xor x minus one; lowest bit and below
 * spec: up_to_lowest_set_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int up_to_lowest_set(unsigned int x)
{
    return x ^ (x - 1);
}

/* @trick clear-lowest-run
 * title: Clear the rightmost run of ones
 * task: Turn off the rightmost block of contiguous ones of x.
 * aliases: clear lowest run; turn off rightmost string of ones; clear lowest block
 * spec: clear_lowest_run_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 2-1 (turning off the rightmost contiguous string of 1-bits)
 * panel: lab
 * wrong: none
 */
unsigned int clear_lowest_run(unsigned int x)
{
    return ((x | (x - 1)) + 1) & x;
}

/* @trick clear-lowest-run-add
 * title: Clear the rightmost run of ones by adding the lowest bit
 * task: Turn off the rightmost block of contiguous ones of x: adding x & -x carries through it.
 * aliases: clear lowest run; turn off rightmost string of ones; carry through a run
 * spec: clear_lowest_run_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Hacker's Delight 2-1 (turning off the rightmost contiguous string of 1-bits)
 * panel: lab
 * wrong: none
 */
unsigned int clear_lowest_run_add(unsigned int x)
{
    return ((x & -x) + x) & x;
}

/* @trick smear-right
 * title: Smear the highest set bit to the right
 * task: Set every bit below the leftmost 1 of x, with five shift-or steps.
 * aliases: smear right; fill below highest bit; propagate msb; all ones below top bit; or-shift cascade
 * spec: smear_right_spec
 * width: 32
 * restrict: none
 * ops: 10
 * from: Hacker's Delight 3-2 (flp2); Bit Twiddling Hacks (round up to the next highest power of 2)
 * panel: lab
 * wrong: none
 */
unsigned int smear_right(unsigned int x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x;
}

/* @trick smear-right-64
 * title: Smear the highest set bit to the right, 64 bits
 * task: Set every bit below the leftmost 1 of the 64-bit x, with six shift-or steps.
 * aliases: smear right; fill below highest bit; propagate msb; 64-bit smear
 * spec: smear_right_64_spec
 * width: 64
 * restrict: none
 * ops: 12
 * from: Hacker's Delight 3-2 (flp2); Chess Programming Wiki (BitScan: bitScanReverse)
 * panel: lab
 * wrong: none
 */
unsigned long long smear_right_64(unsigned long long x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    return x;
}

/* @trick smear-left
 * title: Smear the lowest set bit to the left
 * task: Set every bit above the rightmost 1 of x, keeping it: x | -x.
 * aliases: smear left; fill above lowest bit; propagate lsb up; x or minus x
 * spec: smear_left_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Hacker's Delight 2-1 (manipulating rightmost bits)
 * panel: lab
 * wrong: none
 */
unsigned int smear_left(unsigned int x)
{
    return x | -x;
}

/* @trick highest-set-smear
 * title: Isolate the highest set bit by smearing
 * task: Keep only the leftmost 1 of x (0 for 0): smear it right, then drop what lies below it.
 * aliases: highest set bit; msb; isolate leftmost one; ms1b; top bit
 * spec: highest_set_spec
 * width: 32
 * restrict: none
 * ops: 13
 * from: Hacker's Delight 3-2 (flp2); Chess Programming Wiki (MS1B isolation)
 * panel: lab
 * wrong: none
 */
unsigned int highest_set_smear(unsigned int x)
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x & ~(x >> 1);
}
