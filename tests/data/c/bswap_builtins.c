/* The byte-swap builtins at their three widths; each argument converts to
   the builtin's parameter type (uint16_t, uint32_t, uint64_t) first. */
typedef unsigned long long u64;

u64 bswap_builtins(u64 x, int sel)
{
    u64 r;
    if ((sel & 3) == 0)
        r = __builtin_bswap16(x);
    else if ((sel & 3) == 1)
        r = __builtin_bswap32(x);
    else if ((sel & 3) == 2)
        r = __builtin_bswap64(x);
    else
        r = __builtin_bswap64(__builtin_bswap64(x)) ^ x;
    return r;
}
