/* The float puzzles' references written on the bits, in integer C (the
   data lab's tests.c computes them in `float`; until the C subset has
   floats, a teacher writes them so). */

unsigned test_floatScale2(unsigned uf) {
  unsigned sign = uf & 0x80000000u, exp = (uf >> 23) & 0xff, frac = uf & 0x7fffff;
  if (exp == 0xff)
    return uf; /* infinity or NaN: itself */
  if (exp == 0)
    return sign | (frac << 1); /* zero or subnormal: the fraction doubles, maybe into a normal */
  if (exp == 0xfe)
    return sign | 0x7f800000u; /* 2f overflows to infinity */
  return uf + 0x800000u;
}

int test_floatFloat2Int(unsigned uf) {
  int exp = (int)((uf >> 23) & 0xff) - 127;
  unsigned frac = (uf & 0x7fffff) | 0x800000;
  int v;
  if (exp < 0)
    return 0; /* |f| < 1 */
  if (exp >= 31)
    return 0x80000000u; /* out of range, infinity, NaN (and -2^31 itself) */
  v = exp > 23 ? (int)(frac << (exp - 23)) : (int)(frac >> (23 - exp));
  return (uf >> 31) ? -v : v;
}

unsigned test_floatPower2(int x) {
  if (x < -149)
    return 0;
  if (x < -126)
    return 1u << (x + 149); /* a subnormal */
  if (x > 127)
    return 0x7f800000u;
  return (unsigned)(x + 127) << 23;
}
