/* Testing code for a data lab of fourteen puzzles: the integer references,
   then the float ones as tests.c computes them, in float through a union. */

#include <limits.h>
#include <math.h>

/* Routines used by floation point test code */

/* Convert from bit level representation to floating point number */
float u2f(unsigned u) {
  union {
    unsigned u;
    float f;
  } a;
  a.u = u;
  return a.f;
}

/* Convert from floating point number to bit-level representation */
unsigned f2u(float f) {
  union {
    unsigned u;
    float f;
  } a;
  a.f = f;
  return a.u;
}

int test_bitAnd(int x, int y)
{
  return x&y;
}
unsigned test_floatScale2(unsigned uf) {
  float f = u2f(uf);
  float tf = 2*f;
  if (isnan(f))
    return uf;
  else
    return f2u(tf);
}
int test_floatFloat2Int(unsigned uf) {
  float f = u2f(uf);
  int x = (int) f;
  return x;
}
unsigned test_floatPower2(int x) {
  float result = 1.0;
  float p2 = 2.0;
  int recip = (x < 0);
  /* treat tmin specially */
  if ((unsigned)x == 0x80000000) {
      return 0;
  }
  if (recip) {
    x = -x;
    p2 = 0.5;
  }
  while (x > 0) {
    if (x & 0x1)
      result = result * p2;
    p2 = p2 * p2;
    x >>= 1;
  }
  return f2u(result);
}

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

unsigned test_floatAbsVal(unsigned uf) {
  float f = u2f(uf);
  unsigned unf = f2u(-f);
  if (isnan(f))
    return uf;
  /* An unfortunate hack to get around a limitation of the compiler */
  if (f2u(f) > unf)
    return f2u(-f);
  return uf & 0x7fffffff;
}
unsigned test_floatNegate(unsigned uf) {
    float f = u2f(uf);
    float nf = -f;
    if (isnan(f))
	return uf;
    else
	return f2u(nf);
}
int test_floatIsLess(unsigned uf, unsigned ug) {
    float f = u2f(uf);
    float g = u2f(ug);
    return f < g;
}
unsigned test_floatInt2Float(int x) {
  float f = (float) x;
  return f2u(f);
}
