/* Kernighan's loop: each v &= v - 1 clears the lowest set bit. Counts the
   bits of an unsigned long and of its low half with a for and a while. */
int popcount_kernighan(unsigned long v)
{
    int c, d = 0;
    unsigned long w = v;
    for (c = 0; v; c++)
        v &= v - 1;
    unsigned int lo = (unsigned int)w;
    while (lo) {
        lo &= lo - 1;
        ++d;
    }
    return c << 8 | d;
}
