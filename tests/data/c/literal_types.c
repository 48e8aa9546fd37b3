/* The types of integer constants (LP64): 2147483648 is a long,
   0x80000000 an unsigned int, so -0x80000000 is still 2^31, and
   -2147483648 is a negative long; suffixes and octal and binary forms. */
long literal_types(int x)
{
    long r = 0;
    r += sizeof(2147483648) * 1000 + sizeof(0x80000000) * 100 + sizeof(0x7fffffff) * 10 + sizeof(4294967296);
    r ^= (-0x80000000 > 0) << 1 | (-2147483648 < 0) << 2 | (0xffffffff > 0) << 3 | (-1U > 0) << 4;
    r += (x < 0x80000000) * 100000;        /* x converts to unsigned */
    r += (x < 2147483648) * 1000000;       /* x converts to long */
    r += 0777 + 0b1011 + 0x1fULL + 10LL + 7l + 3uL;
    return r * 3 + (x & 017);
}
