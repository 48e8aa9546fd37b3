/* Data-lab isLessOrEqual: with different signs the sign decides, with the
   same signs y - x cannot overflow and its sign decides. */
int dl_is_less_or_equal(int x, int y)
{
    int sx = (x >> 31) & 1, sy = (y >> 31) & 1;
    int diff_sign = sx ^ sy;
    int d = y + (~x + 1);                  /* y - x */
    int sd = (d >> 31) & 1;
    int r = (diff_sign & sx) | (!diff_sign & !sd);
    return (r << 1 | (r == (x <= y))) ^ (d & ~3);
}
