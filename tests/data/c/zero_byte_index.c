/* Index of the first (lowest) zero byte of a 64-bit word, 8 when there is
   none: the exact zero-byte mask ((v & 0x7f..) + 0x7f..) | v | 0x7f..
   inverted, then ctz / 8. */
#include <stdint.h>

#define LOW7 0x7f7f7f7f7f7f7f7fULL

int zero_byte_index(uint64_t v)
{
    uint64_t t = ~(((v & LOW7) + LOW7) | v | LOW7);
    int i = t ? __builtin_ctzll(t) / 8 : 8;
    int j = 0;
    while (j < 8 && ((v >> (8 * j)) & 0xff) != 0)
        j++;
    return i == j ? i : -1;
}
