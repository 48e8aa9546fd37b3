/* Clamp an int to 0..255 with a branchy and a branchless form. */
static int clamp_branchy(int x) { return x < 0 ? 0 : x > 255 ? 255 : x; }

static int clamp_bits(int x)
{
    int y = x & ~(x >> 31);          /* negative to 0 */
    int over = (255 - y) >> 31;      /* all ones when y > 255 */
    return (y & ~over) | (255 & over);
}

int clamp_byte(int x)
{
    int a = clamp_branchy(x), b = clamp_bits(x);
    return a == b ? a : -1;
}
