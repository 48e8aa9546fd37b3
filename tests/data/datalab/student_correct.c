/* A student's file: every puzzle right, within the rules. */

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

int conditional(int x, int y, int z) {
  int m = !x + ~0;
  return (y & m) | (z & ~m);
}

int isAsciiDigit(int x) {
  int lo = x + (~0x30 + 1);
  int hi = 0x39 + (~x + 1);
  return !((lo | hi) >> 31);
}

int leastBitPos(int x) {
  return x & (~x + 1);
}

int rotateLeft(int x, int n) {
  return (x << n) | ((x >> 1 >> (32 + ~n)) & ~(~0 << n));
}

int isPower2(int x) {
  return !(x & (x + ~0)) & !(x >> 31) & !!x;
}

int isLessOrEqual(int x, int y) {
  int sx = x >> 31;
  int sy = y >> 31;
  int diff = sx ^ sy;
  int d = y + ~x + 1;
  return ((diff & sx) | (~diff & ~(d >> 31))) & 1;
}

int bang(int x) {
  return ((x | (~x + 1)) >> 31) + 1;
}
