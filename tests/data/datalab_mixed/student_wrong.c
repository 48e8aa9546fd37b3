/* The integer puzzles right; each float puzzle a classic mistake: exponent
   0xFE in floatScale2, the boundary of floatFloat2Int, the denormals of
   floatPower2, a NaN in floatAbsVal and floatNegate, -0 < +0 in
   floatIsLess, truncation in floatInt2Float. */

int bitXnor(int x, int y) {
  return ~(x & ~y) & ~(~x & y);
}

int evenBits(void) {
  int b = 0x55;
  b = b | (b << 8);
  return b | (b << 16);
}

int isNotEqual(int x, int y) {
  return !!(x ^ y);
}

int sign(int x) {
  return (x >> 31) | !!x;
}

int fitsBits(int x, int n) {
  int s = 33 + ~n;
  return !(((x << s) >> s) ^ x);
}

int getByte(int x, int n) {
  return (x >> (n << 3)) & 0xff;
}

int logicalShift(int x, int n) {
  int mask = ~(((1 << 31) >> n) << 1);
  return (x >> n) & mask;
}

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

unsigned floatAbsVal(unsigned uf) {
  return uf & 0x7fffffff; /* a NaN loses its sign */
}

unsigned floatNegate(unsigned uf) {
  return uf ^ 0x80000000; /* a NaN negated too */
}

int floatIsLess(unsigned uf, unsigned ug) {
  unsigned sf = uf >> 31, sg = ug >> 31;
  if ((uf << 1) > 0xff000000 || (ug << 1) > 0xff000000)
    return 0;
  if (sf != sg)
    return sf; /* -0 < +0 */
  if (sf)
    return uf > ug;
  return uf < ug;
}

unsigned floatInt2Float(int x) {
  unsigned sign = x & 0x80000000, a = x, e = 31;
  if (!x)
    return 0;
  if (sign)
    a = -x;
  while (!(a >> e))
    e = e - 1;
  a = a << (31 - e);
  return sign + ((e + 126) << 23) + (a >> 8); /* truncated, not rounded */
}
