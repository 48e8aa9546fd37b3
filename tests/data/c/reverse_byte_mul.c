/* Reverse a byte with 64-bit multiplies: the 3-operation form with a
   modulus by 1023, and the form with a multiply, mask and multiply. */
typedef unsigned long long u64;

static unsigned rev_mod(unsigned char b)
{
    return (unsigned)((b * 0x0202020202ULL & 0x010884422010ULL) % 1023);
}

static unsigned rev_mul(unsigned char b)
{
    return (unsigned char)(((b * 0x80200802ULL) & 0x0884422110ULL) * 0x0101010101ULL >> 32);
}

unsigned reverse_byte_mul(unsigned x)
{
    unsigned char lo = x, hi = x >> 8;
    return rev_mod(lo) | rev_mul(hi) << 8 | (rev_mod(lo) == rev_mul(lo)) << 16;
}
