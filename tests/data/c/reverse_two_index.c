/* Bit reversal by swapping bit i and bit j while they move toward each
   other: a for with two counters, a comma in both the first and the last
   clause. */
unsigned reverse_two_index(unsigned v)
{
    int i, j;
    for (i = 0, j = 31; i < j; i++, j--) {
        unsigned bi = (v >> i) & 1, bj = (v >> j) & 1;
        if (bi != bj)
            v ^= (1u << i) | (1u << j);
    }
    return v;
}
