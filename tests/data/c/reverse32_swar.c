/* Reverse the bits of a 32-bit word in five swaps: odd and even bits,
   pairs, nibbles, bytes and halves, the masks from #define. */
#include <stdint.h>

#define SWAP(v, s, m) ((((v) >> (s)) & (m)) | (((v) & (m)) << (s)))

uint32_t reverse32_swar(uint32_t v)
{
    v = SWAP(v, 1, 0x55555555u);
    v = SWAP(v, 2, 0x33333333u);
    v = SWAP(v, 4, 0x0F0F0F0Fu);
    v = SWAP(v, 8, 0x00FF00FFu);
    v = (v >> 16) | (v << 16);
    return v;
}
