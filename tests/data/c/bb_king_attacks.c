/* Bitboards: king attacks by shifting one step in the 8 directions with
   the a and h files masked out; the square of the king from its index. */
#include <stdint.h>

#define NOT_A_FILE 0xfefefefefefefefeULL
#define NOT_H_FILE 0x7f7f7f7f7f7f7f7fULL

typedef uint64_t bb;

static bb east(bb b) { return (b << 1) & NOT_A_FILE; }
static bb west(bb b) { return (b >> 1) & NOT_H_FILE; }

bb bb_king_attacks(unsigned sq, bb occupied)
{
    bb k = 1ULL << (sq & 63);
    bb row = k | east(k) | west(k);
    bb att = (row | row << 8 | row >> 8) & ~k;
    return att & ~occupied;
}
