/* Data-lab fitsBits(x, n) for n = 1..32: shift up through unsigned (so a
   negative x is never shifted left), back down arithmetically, compare. */
int dl_fits_bits(int x, int n)
{
    int b = (n & 31) + 1;
    int s = 32 + ~b + 1;                    /* 32 - b */
    int y = (int)((unsigned)x << s) >> s;
    int fits = !(y ^ x);
    long lo = -(1L << (b - 1)), hi = (1L << (b - 1)) - 1;
    return y * 4 + fits * 2 + (fits == (x >= lo && x <= hi));
}
