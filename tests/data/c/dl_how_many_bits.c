/* Data-lab howManyBits: the bits needed to hold x in two's complement,
   by a binary search with !! and shifts, after x ^= x >> 31. */
int dl_how_many_bits(int x)
{
    int b16, b8, b4, b2, b1, b0;
    x ^= x >> 31;
    b16 = !!(x >> 16) << 4;
    x >>= b16;
    b8 = !!(x >> 8) << 3;
    x >>= b8;
    b4 = !!(x >> 4) << 2;
    x >>= b4;
    b2 = !!(x >> 2) << 1;
    x >>= b2;
    b1 = !!(x >> 1);
    x >>= b1;
    b0 = x;
    return b16 + b8 + b4 + b2 + b1 + b0 + 1;
}
