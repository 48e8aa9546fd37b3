/* family: swap — Swapping two values: the XOR swap and its aliasing trap */
/* The specs swap through a temporary; the XOR swap needs none: a ^= b,
   b ^= a, a ^= b. A function here returns one value, so the two swapped
   words come back packed in a 64-bit result (a in the high half), and the
   array entries swap bytes i and j of x held in a local array of four.
   When both names are the same object (a[i] and a[j] with i == j), the
   first xor clears it and the swap leaves 0: the classic aliasing bug. */

unsigned long long swap_temp_spec(unsigned int a, unsigned int b)
{
    unsigned int t = a;
    a = b;
    b = t;
    return ((unsigned long long)a << 32) | b;
}

unsigned int swap_elems_spec(unsigned int x, unsigned int i, unsigned int j)
{
    unsigned char a[4];
    unsigned char t;
    unsigned int r = 0;
    int k;
    for (k = 0; k < 4; k++)
        a[k] = (unsigned char)(x >> (8 * k));
    t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (k = 0; k < 4; k++)
        r |= (unsigned int)a[k] << (8 * k);
    return r;
}

/* @trick xor-swap
 * title: Swap two variables without a temporary (the XOR swap)
 * task: Exchange a and b with three xors, a ^= b; b ^= a; a ^= b, and return them packed as a:b in 64 bits.
 * aliases: xor swap; swap without a temporary; swap two variables; swap without temp; exchange values; xor exchange
 * spec: swap_temp_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: Hacker's Delight 2-20 (exchanging registers); Bit Twiddling Hacks (swapping values with XOR)
 * panel: lab
 * wrong: none
 */
unsigned long long xor_swap(unsigned int a, unsigned int b)
{
    a ^= b;
    b ^= a;
    a ^= b;
    return ((unsigned long long)a << 32) | b;
}

/* @trick xor-swap-alias-wrong
 * title: XOR swap of two array elements that may be the same one (wrong when i == j)
 * task: Exchange bytes i and j (< 4) of x, held in a local array, with the three xors on a[i] and a[j].
 * aliases: xor swap; xor swap aliasing; swap array elements; swap with itself; same object; xor swap bug
 * spec: swap_elems_spec
 * width: 32
 * restrict: i < 4 && j < 4
 * ops: 12
 * from: Bit Twiddling Hacks (swapping values with XOR: fails when both are the same location); Hacker's Delight 2-20
 * panel: lab
 * wrong: fixed-by xor-swap-guarded; at x=1, i=0, j=0: gives 0, expected 1
 */
unsigned int xor_swap_alias_wrong(unsigned int x, unsigned int i, unsigned int j)
{
    unsigned char a[4];
    unsigned int r = 0;
    int k;
    for (k = 0; k < 4; k++)
        a[k] = (unsigned char)(x >> (8 * k));
    a[i] ^= a[j];
    a[j] ^= a[i];
    a[i] ^= a[j];
    for (k = 0; k < 4; k++)
        r |= (unsigned int)a[k] << (8 * k);
    return r;
}

/* @trick xor-swap-guarded
 * title: XOR swap of two array elements, guarded against swapping one with itself
 * task: Exchange bytes i and j (< 4) of x, held in a local array, with the three xors only when i != j.
 * aliases: xor swap; xor swap aliasing; swap array elements; swap with itself; guarded xor swap
 * spec: swap_elems_spec
 * width: 32
 * restrict: i < 4 && j < 4
 * ops: 13
 * from: Bit Twiddling Hacks (swapping values with XOR: test that the locations differ); Hacker's Delight 2-20
 * panel: lab
 * wrong: none
 */
unsigned int xor_swap_guarded(unsigned int x, unsigned int i, unsigned int j)
{
    unsigned char a[4];
    unsigned int r = 0;
    int k;
    for (k = 0; k < 4; k++)
        a[k] = (unsigned char)(x >> (8 * k));
    if (i != j) {
        a[i] ^= a[j];
        a[j] ^= a[i];
        a[i] ^= a[j];
    }
    for (k = 0; k < 4; k++)
        r |= (unsigned int)a[k] << (8 * k);
    return r;
}
