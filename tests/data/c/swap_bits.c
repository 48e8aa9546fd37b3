/* Swap bit i and bit j of a word (i, j masked to 0..31) with the xor
   trick, and swap two non-overlapping 4-bit fields. */
unsigned swap_bits(unsigned b, unsigned i, unsigned j)
{
    i &= 31;
    j &= 31;
    unsigned x = ((b >> i) ^ (b >> j)) & 1u;
    unsigned r = b ^ ((x << i) | (x << j));
    unsigned f = ((r >> 0) ^ (r >> 16)) & 0xfu;  /* fields at 0 and 16 */
    return r ^ ((f << 0) | (f << 16));
}
