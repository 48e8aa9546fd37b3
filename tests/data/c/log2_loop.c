/* floor(log2) of an unsigned long by shifting until nothing is left, and
   the bit length of a signed long's magnitude by a do/while. */
int log2_loop(unsigned long v, long s)
{
    int r = 0;
    while (v >>= 1)
        r++;
    unsigned long m = s < 0 ? -(unsigned long)s : (unsigned long)s;
    int len = 0;
    do {
        len++;
        m >>= 1;
    } while (m != 0);
    return r * 100 + len;
}
