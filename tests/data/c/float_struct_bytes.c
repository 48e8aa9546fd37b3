/* A struct laid out as gcc lays it out (padding, offsets), written through
 * its members and read back as bytes through a union and a byte pun. */
struct rec { char c; float f; short s; double d; };
union view { double d; unsigned char b[8]; unsigned long long u; };
unsigned long long mix(unsigned long long w) {
  struct rec r = { 1, 0.5f, 3 };
  union view v;
  r.d = (double)(long long)w / 3.0;
  r.f = (float)r.d;
  r.s = (short)w;
  v.d = r.d;
  unsigned long long h = v.u ^ v.b[7] ^ ((unsigned char *)&w)[2];
  return h + sizeof(struct rec) * 1000 + sizeof r + (unsigned)*(unsigned *)&r.f;
}
