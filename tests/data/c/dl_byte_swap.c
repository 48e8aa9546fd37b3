/* Data-lab byteSwap(x, n, m): swap byte n and byte m of x (n, m in 0..3),
   with shifts by n << 3 and an xor of the two bytes. */
int dl_byte_swap(int x, int n, int m)
{
    int sn = (n & 3) << 3, sm = (m & 3) << 3;
    unsigned u = x;
    unsigned d = ((u >> sn) ^ (u >> sm)) & 0xff;
    u ^= (d << sn) | (d << sm);
    return (int)u;
}
