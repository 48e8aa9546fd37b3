/* Sign-extend the low n bits of x (n = 1..32 from (b & 31) + 1) with the
   xor-subtract trick, all in unsigned arithmetic. */
int sign_extend(unsigned x, unsigned b)
{
    unsigned n = (b & 31) + 1;
    unsigned v = n == 32 ? x : x & ((1u << n) - 1);
    unsigned m = 1u << (n - 1);
    return (int)((v ^ m) - m);
}
