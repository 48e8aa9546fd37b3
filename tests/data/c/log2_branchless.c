/* floor(log2) of a 32-bit word with comparisons turned into shift
   amounts: each step halves the search, (v > 0xFFFF) << 4 and so on. */
unsigned int log2_branchless(unsigned int v)
{
    unsigned int r, shift;
    r = (v > 0xFFFF) << 4;   v >>= r;
    shift = (v > 0xFF) << 3; v >>= shift; r |= shift;
    shift = (v > 0xF) << 2;  v >>= shift; r |= shift;
    shift = (v > 0x3) << 1;  v >>= shift; r |= shift;
    r |= (v >> 1);
    return r;
}
