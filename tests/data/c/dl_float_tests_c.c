/* The data lab's tests.c float references as handed out: floats through a
 * union, `2 * f`, `(int) f` (x86-64's 0x80000000 out of range), isnan. */
#include <math.h>
static float u2f(unsigned u) { union { unsigned u; float f; } a; a.u = u; return a.f; }
static unsigned f2u(float f) { union { unsigned u; float f; } a; a.f = f; return a.u; }
unsigned test_floatScale2(unsigned uf) {
  float f = u2f(uf);
  float tf = 2 * f;
  if (isnan(f))
    return uf;
  else
    return f2u(tf);
}
int test_floatFloat2Int(unsigned uf) {
  float f = u2f(uf);
  int x = f;
  return x;
}
unsigned test_floatAbsVal(unsigned uf) {
  float f = u2f(uf);
  unsigned unf = f2u(-f);
  if (isnan(f))
    return uf;
  if (f < 0)
    return unf;
  else
    return uf;
}
unsigned long long all(unsigned uf) {
  return ((unsigned long long)test_floatScale2(uf) << 32 ^ (unsigned)test_floatFloat2Int(uf)) + test_floatAbsVal(uf) * 3ull;
}
