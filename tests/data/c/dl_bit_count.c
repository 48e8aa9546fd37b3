/* Data-lab bitCount: masks built from byte constants with << and |, then
   the SWAR steps on an int (the right shifts are arithmetic, so each step
   masks after shifting). */
int dl_bit_count(int x)
{
    int m1 = 0x55 | 0x55 << 8;
    int m2 = 0x33 | 0x33 << 8;
    int m4 = 0x0f | 0x0f << 8;
    int m8 = 0xff | 0xff << 16;
    int m16 = 0xff | 0xff << 8;
    m1 = m1 | m1 << 16;
    m2 = m2 | m2 << 16;
    m4 = m4 | m4 << 16;
    x = (x & m1) + ((x >> 1) & m1);
    x = (x & m2) + ((x >> 2) & m2);
    x = (x & m4) + ((x >> 4) & m4);
    x = (x & m8) + ((x >> 8) & m8);
    x = (x & m16) + ((x >> 16) & m16);
    return x;
}
