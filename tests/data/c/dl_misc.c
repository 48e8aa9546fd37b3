/* More data-lab puzzles on one int: negate, isAsciiDigit, allOddBits,
   anyEvenBit and tmin, selected by k. */
static int negate(int x) { return ~x + 1; }

static int isAsciiDigit(int x)
{
    int lo = x + (~0x30 + 1);           /* x - '0' */
    int hi = 0x39 + (~x + 1);           /* '9' - x */
    return !(lo >> 31) & !(hi >> 31);
}

static int allOddBits(int x)
{
    int m = 0xAA | 0xAA << 8;
    m = m | (int)((unsigned)m << 16);
    return !((x & m) ^ m);
}

static int anyEvenBit(int x) { return !!(x & 0x55555555); }

static int tmin(void) { return (int)(1u << 31); }

int dl_misc(int x, int k)
{
    k &= 7;
    return k == 0 ? negate(x)
         : k == 1 ? isAsciiDigit(x) * 10 + (x >= '0' && x <= '9')
         : k == 2 ? allOddBits(x)
         : k == 3 ? anyEvenBit(x)
         : k == 4 ? tmin() ^ x
         : negate(x) + isAsciiDigit(x) + allOddBits(x) + anyEvenBit(x);
}
