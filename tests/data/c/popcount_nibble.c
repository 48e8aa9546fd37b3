/* Popcount with a 16-entry nibble table in a local array, over a short
   and a char, whose promotions to int must not leak sign bits. */
int popcount_nibble(short s, char c)
{
    const int nib[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    unsigned short u = s;
    unsigned char b = c;
    int n = 0, k;
    for (k = 0; k < 4; k++)
        n += nib[(u >> (4 * k)) & 15];
    n += nib[b & 15] + nib[b >> 4];
    return n * 100 + __builtin_popcount(s);  /* s promotes, sign-extended */
}
