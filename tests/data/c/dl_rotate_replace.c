/* Data-lab rotateLeft and replaceByte with a signed char argument: the
   char converts to int (sign-extended) before it is masked. */
static int rotateLeft(int x, int n)
{
    unsigned u = x;
    n &= 31;
    return (int)(u << n | u >> ((32 - n) & 31));
}

static int replaceByte(int x, int n, signed char c)
{
    int s = (n & 3) << 3;
    return (int)(((unsigned)x & ~(0xffu << s)) | ((unsigned)(c & 0xff) << s));
}

int dl_rotate_replace(int x, int n, signed char c)
{
    return rotateLeft(x, n) ^ replaceByte(x, n, c);
}
