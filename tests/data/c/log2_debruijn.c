/* floor(log2(v)) with a de Bruijn-like multiply: round v down to one less
   than a power of 2, multiply by 0x07C4ACDD and look the top 5 bits up in
   a 32-entry table. v = 0 gives 0. */
#include <stdint.h>

static const int log2_table[32] = {
    0, 9, 1, 10, 13, 21, 2, 29, 11, 14, 16, 18, 22, 25, 3, 30,
    8, 12, 20, 28, 15, 17, 24, 7, 19, 27, 23, 6, 26, 5, 4, 31,
};

int log2_debruijn(uint32_t v)
{
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    return log2_table[(uint32_t)(v * 0x07C4ACDDU) >> 27];
}
