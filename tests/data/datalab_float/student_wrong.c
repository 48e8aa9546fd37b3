/* Three classic mistakes: exponent 0xFE in floatScale2 (2f becomes a NaN,
   not infinity), the boundary of floatFloat2Int (2^31 <= |f| < 2^32 is
   out of range), the denormal case of floatPower2 (forgotten). */

unsigned floatScale2(unsigned uf) {
  int exp = (uf >> 23) & 0xFF;
  int sign = uf & 0x80000000;
  if (exp == 0xFF)
    return uf;
  if (exp == 0)
    return (uf << 1) | sign;
  exp = exp + 1;
  return (uf & 0x807FFFFF) | (exp << 23);
}

int floatFloat2Int(unsigned uf) {
  int e = ((uf >> 23) & 0xFF) - 127;
  int m = (uf & 0x7FFFFF) | 0x800000;
  int r;
  if (e < 0)
    return 0;
  if (e > 31)
    return 0x80000000u;
  if (e > 23)
    r = m << (e - 23);
  else
    r = m >> (23 - e);
  if (uf >> 31)
    r = -r;
  return r;
}

unsigned floatPower2(int x) {
  if (x > 127)
    return 0x7F800000;
  if (x >= -126)
    return (x + 127) << 23;
  return 0;
}
