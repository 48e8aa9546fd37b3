/* Hamming distance and overlap of two 32-bit words with builtins, and a
   third word selecting how they are combined. */
unsigned hamming(unsigned a, unsigned b, unsigned mode)
{
    unsigned d = __builtin_popcount(a ^ b);
    unsigned o = __builtin_popcount(a & b);
    unsigned l = __builtin_popcountl((unsigned long)a << 32 | b);
    return (mode & 3) == 0 ? d : (mode & 3) == 1 ? o : (mode & 3) == 2 ? l : d + o;
}
