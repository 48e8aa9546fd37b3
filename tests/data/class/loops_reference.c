/* The reference of loops.c. */
int test_bitCount(int x) {
  unsigned u = (unsigned)x;
  int n = 0;
  for (int i = 0; i < 32; i++)
    n += (u >> i) & 1;
  return n;
}
