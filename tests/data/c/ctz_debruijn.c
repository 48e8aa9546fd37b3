/* Count trailing zeros with the de Bruijn sequence 0x077CB531: isolate the
   lowest set bit with v & -v, multiply, look the top 5 bits up. Zero
   gives 32 by a separate test; compared with __builtin_ctz. */
static const unsigned char ctz_table[] = {
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
    31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9,
};

int ctz_debruijn(unsigned v)
{
    if (v == 0)
        return 32;
    int r = ctz_table[((v & -v) * 0x077CB531U) >> 27];
    return r == __builtin_ctz(v) ? r : -1;
}
