/* family: next-combination — Next combination: Gosper's hack and subset walks */
/* The next larger word with the same number of ones (the next k-subset of
   {0, ..., 31} in colex order), and the next and previous subsets of a
   mask. The Gosper tricks restrict x to words that have a successor: x is
   non-zero and its ones are not already packed against the top bit. */

unsigned int next_same_count_spec(unsigned int x)
{
    /* Find the lowest one with a zero just above it (a "01" read from the
       top), move that one up, and pack the ones below it at the bottom. */
    int p;
    int below = 0;
    unsigned int r;
    for (p = 0; p < 31; p++) {
        if ((x >> p) & 1) {
            if (((x >> (p + 1)) & 1) == 0)
                break;
            below++;
        }
    }
    if (p == 31)
        return 0;
    r = x;
    r &= ~((2u << p) - 1);
    r |= 1u << (p + 1);
    r |= (1u << below) - 1;
    return r;
}

unsigned long long next_same_count64_spec(unsigned long long x)
{
    int p;
    int below = 0;
    unsigned long long r;
    for (p = 0; p < 63; p++) {
        if ((x >> p) & 1) {
            if (((x >> (p + 1)) & 1) == 0)
                break;
            below++;
        }
    }
    if (p == 63)
        return 0;
    r = x;
    r &= ~((2ULL << p) - 1);
    r |= 1ULL << (p + 1);
    r |= (1ULL << below) - 1;
    return r;
}

unsigned int next_subset_spec(unsigned int s, unsigned int m)
{
    /* Number the bits of the mask m from the bottom; read s (a subset of
       m) as a number in that numbering, add one, and write it back. */
    unsigned int c = 0;
    unsigned int r = 0;
    int i;
    int j = 0;
    for (i = 0; i < 32; i++) {
        if ((m >> i) & 1) {
            c |= ((s >> i) & 1) << j;
            j++;
        }
    }
    c = c + 1;
    j = 0;
    for (i = 0; i < 32; i++) {
        if ((m >> i) & 1) {
            r |= ((c >> j) & 1) << i;
            j++;
        }
    }
    return r;
}

unsigned int prev_subset_spec(unsigned int s, unsigned int m)
{
    /* As next_subset_spec, subtracting one. */
    unsigned int c = 0;
    unsigned int r = 0;
    int i;
    int j = 0;
    for (i = 0; i < 32; i++) {
        if ((m >> i) & 1) {
            c |= ((s >> i) & 1) << j;
            j++;
        }
    }
    c = c - 1;
    j = 0;
    for (i = 0; i < 32; i++) {
        if ((m >> i) & 1) {
            r |= ((c >> j) & 1) << i;
            j++;
        }
    }
    return r;
}

/* @trick gosper-div
 * title: Next word with the same number of ones (Gosper's hack, with a division)
 * task: Return the next larger word with as many ones as x: ripple the lowest run up, divide the leftover ones down.
 * aliases: gosper's hack; snoob; next bit permutation; next combination; same popcount; next k-subset
 * spec: next_same_count_spec
 * width: 32
 * restrict: x != 0 && (x | (x - 1)) != 0xFFFFFFFFu
 * ops: 7
 * from: HAKMEM item 175 (Gosper); Hacker's Delight 2-1 (snoob)
 * panel: lab
 * wrong: none
 */
unsigned int gosper_div(unsigned int x)
{
    unsigned int smallest = x & -x;
    unsigned int ripple = x + smallest;
    unsigned int ones = x ^ ripple;
    ones = (ones >> 2) / smallest;
    return ripple | ones;
}

/* @trick gosper-ctz
 * title: Next word with the same number of ones, with a count of trailing zeros
 * task: Return the next larger word with as many ones as x, shifting the leftover ones down by ctz(x) + 1.
 * aliases: gosper's hack; next bit permutation; next combination; same popcount; ctz
 * spec: next_same_count_spec
 * width: 32
 * restrict: x != 0 && (x | (x - 1)) != 0xFFFFFFFFu
 * ops: 11
 * from: Bit Twiddling Hacks (compute the lexicographically next bit permutation)
 * panel: lab
 * wrong: none
 */
unsigned int gosper_ctz(unsigned int x)
{
    unsigned int t = x | (x - 1);
    return (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctz(x) + 1));
}

/* @trick gosper-div2
 * title: Next word with the same number of ones, dividing two lowest bits
 * task: Return the next larger word with as many ones as x, using the ratio of the lowest bits of t + 1 and x.
 * aliases: gosper's hack; next bit permutation; next combination; same popcount; no ctz
 * spec: next_same_count_spec
 * width: 32
 * restrict: x != 0 && (x | (x - 1)) != 0xFFFFFFFFu
 * ops: 11
 * from: Bit Twiddling Hacks (compute the lexicographically next bit permutation, the division variant)
 * panel: lab
 * wrong: none
 */
unsigned int gosper_div2(unsigned int x)
{
    unsigned int t = (x | (x - 1)) + 1;
    return t | ((((t & -t) / (x & -x)) >> 1) - 1);
}

/* @trick gosper64-ctz
 * title: Next 64-bit word with the same number of ones
 * task: Return the next larger 64-bit word with as many ones as x, shifting the leftover ones down by ctz(x) + 1.
 * aliases: gosper's hack; next bit permutation; 64-bit; next combination; same popcount
 * spec: next_same_count64_spec
 * width: 64
 * restrict: x != 0 && (x | (x - 1)) != 0xFFFFFFFFFFFFFFFFULL
 * ops: 11
 * from: Bit Twiddling Hacks (compute the lexicographically next bit permutation)
 * panel: lab
 * wrong: none
 */
unsigned long long gosper64_ctz(unsigned long long x)
{
    unsigned long long t = x | (x - 1);
    return (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctzll(x) + 1));
}

/* @trick subset-next-or
 * title: Next subset of a mask, by filling the holes and adding one
 * task: Return the next subset of m after s (s within m; after m comes 0): ((s | ~m) + 1) & m.
 * aliases: next subset; enumerate subsets; submask iteration; carry through holes; subset walk
 * spec: next_subset_spec
 * width: 32
 * restrict: (s & ~m) == 0
 * ops: 4
 * from: Knuth TAOCP 7.1.3 (stepping through the subsets of a mask)
 * panel: lab
 * wrong: none
 */
unsigned int subset_next_or(unsigned int s, unsigned int m)
{
    return ((s | ~m) + 1) & m;
}

/* @trick subset-next-sub
 * title: Next subset of a mask, by subtracting the mask
 * task: Return the next subset of m after s (s within m; after m comes 0) as (s - m) & m.
 * aliases: next subset; enumerate subsets; submask iteration; carry-rippler; subset walk
 * spec: next_subset_spec
 * width: 32
 * restrict: (s & ~m) == 0
 * ops: 2
 * from: Chess Programming Wiki (traversing subsets of a set: the Carry-Rippler); Knuth TAOCP 7.1.3
 * panel: lab
 * wrong: none
 */
unsigned int subset_next_sub(unsigned int s, unsigned int m)
{
    return (s - m) & m;
}

/* @trick subset-prev
 * title: Previous subset of a mask
 * task: Return the subset of m just below s (s within m; below 0 comes m) as (s - 1) & m.
 * aliases: previous subset; submask enumeration; decreasing subsets; subset walk down
 * spec: prev_subset_spec
 * width: 32
 * restrict: (s & ~m) == 0
 * ops: 2
 * from: Knuth TAOCP 7.1.3 (stepping through the subsets of a mask); Chess Programming Wiki (traversing subsets of a set)
 * panel: lab
 * wrong: none
 */
unsigned int subset_prev(unsigned int s, unsigned int m)
{
    return (s - 1) & m;
}
