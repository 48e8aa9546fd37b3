/* Round up to the next power of 2 by smearing the top bit down: v--,
   v |= v >> 1 ... v++; 0 stays 0 and above 2^31 wraps to 0. */
unsigned next_pow2(unsigned v)
{
    v--;
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    v++;
    return v;
}
