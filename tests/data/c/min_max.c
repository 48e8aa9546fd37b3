/* Branchless min and max of ints: y ^ ((x ^ y) & -(x < y)), picked by a
   selector, checked against the plain comparisons. */
static int imin(int x, int y) { return y ^ ((x ^ y) & -(x < y)); }
static int imax(int x, int y) { return x ^ ((x ^ y) & -(x < y)); }

int min_max(int x, int y, int sel)
{
    int lo = imin(x, y), hi = imax(x, y);
    if (lo != (x < y ? x : y) || hi != (x < y ? y : x))
        return 0x7777;
    return (sel & 1) ? lo : hi;
}
