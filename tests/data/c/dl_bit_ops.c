/* Data-lab style: bitAnd from ~ and |, bitXor from ~ and &, and bitOr
   from ~ and &, selected by op; each checked against the operator
   (and + of the disjoint and/xor is or). */
static int bitAnd(int x, int y) { return ~(~x | ~y); }
static int bitXor(int x, int y) { return ~(~(x & ~y) & ~(~x & y)); }
static int bitOr(int x, int y) { return ~(~x & ~y); }

int dl_bit_ops(int x, int y, int op)
{
    int r, ok;
    op = op & 3;
    if (op == 0)
        r = bitAnd(x, y), ok = r == (x & y);
    else if (op == 1)
        r = bitXor(x, y), ok = r == (x ^ y);
    else if (op == 2)
        r = bitOr(x, y), ok = r == (x | y);
    else
        r = bitAnd(x, y) + bitXor(x, y), ok = r == (x | y);
    return ok ? r : 0x13579;
}
