/* Data-lab conditional: x ? y : z with the mask ~!!x + 1 (all ones when
   x is non-zero, !!x kept in a temporary), compared with ?: */
int dl_conditional(int x, int y, int z)
{
    int t = !!x;
    int mask = ~t + 1;
    int r = (mask & y) | (~mask & z);
    return r == (x ? y : z) ? r : r ^ 0x5a5a5a5a;
}
