/* Quake III's fast inverse square root: the bits of a float as a long
 * (32 bits in 1999), one Newton step, as written there. */
unsigned q_rsqrt(unsigned bits) {
  float number = *(float *)&bits;
  int i;
  float x2, y;
  const float threehalfs = 1.5F;
  x2 = number * 0.5F;
  y = number;
  i = *(int *)&y;
  i = 0x5f3759df - (i >> 1);
  y = *(float *)&i;
  y = y * (threehalfs - (x2 * y * y));
  return *(unsigned *)&y;
}
