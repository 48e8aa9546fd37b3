/* Data-lab logicalNeg: !x without !, from the sign bits of x and -x
   (only 0 has neither set), and bang by a comma expression. */
int dl_logical_neg(int x)
{
    int a = ((x | (~x + 1)) >> 31) + 1;
    int b, c;
    b = (c = x >> 16 | x, c |= c >> 8, c |= c >> 4, c |= c >> 2, c |= c >> 1, ~c & 1);
    return a + 2 * b + 4 * (!x) + (c & ~7);
}
