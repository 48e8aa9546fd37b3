/* floor(log10(v)) of a 32-bit word: log2 by the clz builtin, times
   1233/4096 (about log10(2)), corrected by a table of powers of 10. */
#include <stdint.h>

static const uint32_t powers_of_10[] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000,
};

int log10_table(uint32_t v)
{
    if (v == 0)
        return -1;
    int l2 = 31 - __builtin_clz(v);
    int t = (l2 + 1) * 1233 >> 12;
    return t - (v < powers_of_10[t]);
}
