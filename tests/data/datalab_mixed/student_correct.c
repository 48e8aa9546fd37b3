/* A student's file: all fourteen right, within the rules. */

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
  if (exp == 0xFF)
    return 0x7F800000 | sign;
  return (uf & 0x807FFFFF) | (exp << 23);
}

int floatFloat2Int(unsigned uf) {
  int e = ((uf >> 23) & 0xFF) - 127;
  int m = (uf & 0x7FFFFF) | 0x800000;
  int r;
  if (e < 0)
    return 0;
  if (e > 30)
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
  if (x >= -149)
    return 1 << (x + 149);
  return 0;
}

unsigned floatAbsVal(unsigned uf) {
  unsigned abs = uf & 0x7fffffff;
  if (abs > 0x7f800000)
    return uf;
  return abs;
}

unsigned floatNegate(unsigned uf) {
  if ((uf & 0x7fffffff) > 0x7f800000)
    return uf;
  return uf ^ 0x80000000;
}

int floatIsLess(unsigned uf, unsigned ug) {
  unsigned sf = uf >> 31, sg = ug >> 31;
  if ((uf << 1) > 0xff000000 || (ug << 1) > 0xff000000)
    return 0;
  if (((uf | ug) << 1) == 0)
    return 0;
  if (sf != sg)
    return sf;
  if (sf)
    return uf > ug;
  return uf < ug;
}

unsigned floatInt2Float(int x) {
  unsigned sign = x & 0x80000000, a = x, e = 31, t;
  if (!x)
    return 0;
  if (sign)
    a = -x;
  while (!(a >> e))
    e = e - 1;
  a = a << (31 - e);
  t = (a >> 8) + ((a & 0xff) > 0x80 || (a & 0x1ff) == 0x180);
  return sign + ((e + 126) << 23) + t;
}
