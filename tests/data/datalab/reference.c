/* Reference answers for puzzles.c, in plain C (any operator, any type). */

int test_bitXnor(int x, int y) { return ~(x ^ y); }

int test_evenBits(void) { return 0x55555555; }

int test_isNotEqual(int x, int y) { return x != y; }

int test_sign(int x) { return (x > 0) - (x < 0); }

int test_fitsBits(int x, int n) {
  long long half = 1LL << (n - 1);
  return -half <= x && x < half;
}

int test_getByte(int x, int n) { return (int)(((unsigned)x >> (8 * n)) & 0xff); }

int test_logicalShift(int x, int n) { return (int)((unsigned)x >> n); }

int test_conditional(int x, int y, int z) { return x ? y : z; }

int test_isAsciiDigit(int x) { return x >= '0' && x <= '9'; }

int test_leastBitPos(int x) { return (int)((unsigned)x & -(unsigned)x); }

int test_rotateLeft(int x, int n) {
  unsigned u = (unsigned)x;
  if (n == 0)
    return x;
  return (int)((u << n) | (u >> (32 - n)));
}

int test_isPower2(int x) { return x > 0 && (x & (x - 1)) == 0; }

int test_isLessOrEqual(int x, int y) { return x <= y; }

int test_bang(int x) { return x == 0; }
