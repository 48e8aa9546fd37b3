/* min and max of unsigned ints without branches: the mask is
   -(unsigned)(a < b), all ones when a < b. */
typedef unsigned int u32;

u32 umin_umax(u32 a, u32 b, u32 which)
{
    u32 mask = -(u32)(a < b);
    u32 lo = b + ((a - b) & mask);
    u32 hi = a - ((a - b) & mask);
    return which & 1 ? hi : lo;
}
