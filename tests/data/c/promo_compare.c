/* Usual arithmetic conversions in comparisons: int vs unsigned compares
   as unsigned (-1 > 0u), long vs unsigned as long, and so on. */
int promo_compare(int a, unsigned b, long c)
{
    int r = 0;
    r |= (a < b) << 0;
    r |= ((long)a < b) << 1;
    r |= (a < (int)b) << 2;
    r |= (c < b) << 3;
    r |= ((unsigned long)c < b) << 4;
    r |= (a == b) << 5;
    r |= (-1 < 0u) << 6;
    r |= (-1L < 0u) << 7;
    r |= (a > c) << 8;
    r |= ((unsigned)a > c) << 9;
    return r;
}
