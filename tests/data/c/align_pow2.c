/* Alignment to 2^k (k = 0..15): round up and down with -a as the mask,
   the padding needed, and whether x is a power of 2. */
typedef unsigned long size_type;

size_type align_pow2(size_type x, unsigned k, int what)
{
    size_type a = 1UL << (k & 15);
    size_type up = (x + a - 1) & -a;
    size_type down = x & ~(a - 1);
    int is_pow2 = x && !(x & (x - 1));
    return what % 4 == 0 ? up : what % 4 == 1 || what % 4 == -1 ? down
         : what % 4 == 2 || what % 4 == -2 ? up - x : (size_type)is_pow2;
}
