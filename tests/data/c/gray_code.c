/* Gray code: encode with n ^ (n >> 1), decode by xor-ing all the right
   shifts (a loop and the 5-step prefix xor), on 32-bit unsigned. */
typedef unsigned int uint;

static uint gray_decode_loop(uint g)
{
    uint n = g;
    while (g >>= 1)
        n ^= g;
    return n;
}

static uint gray_decode_fast(uint g)
{
    g ^= g >> 16;
    g ^= g >> 8;
    g ^= g >> 4;
    g ^= g >> 2;
    g ^= g >> 1;
    return g;
}

uint gray_code(uint n)
{
    uint g = n ^ (n >> 1);
    return gray_decode_loop(g) == n && gray_decode_fast(g) == n ? g : ~0u;
}
