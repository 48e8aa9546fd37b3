/* family: morton — Interleaving bits: Morton codes */
/* A Morton (Z-order) code puts bit i of x at bit 2i and bit i of y at bit
   2i + 1 (in three dimensions, at 3i, 3i + 1 and 3i + 2). The specs move
   one bit at a time; the tricks spread the bits with shift-and-mask rounds
   (the "magic numbers"), with a byte table, or with multiplies. */

static const unsigned short morton_spread_byte[256] = {
    0x0000, 0x0001, 0x0004, 0x0005, 0x0010, 0x0011, 0x0014, 0x0015,
    0x0040, 0x0041, 0x0044, 0x0045, 0x0050, 0x0051, 0x0054, 0x0055,
    0x0100, 0x0101, 0x0104, 0x0105, 0x0110, 0x0111, 0x0114, 0x0115,
    0x0140, 0x0141, 0x0144, 0x0145, 0x0150, 0x0151, 0x0154, 0x0155,
    0x0400, 0x0401, 0x0404, 0x0405, 0x0410, 0x0411, 0x0414, 0x0415,
    0x0440, 0x0441, 0x0444, 0x0445, 0x0450, 0x0451, 0x0454, 0x0455,
    0x0500, 0x0501, 0x0504, 0x0505, 0x0510, 0x0511, 0x0514, 0x0515,
    0x0540, 0x0541, 0x0544, 0x0545, 0x0550, 0x0551, 0x0554, 0x0555,
    0x1000, 0x1001, 0x1004, 0x1005, 0x1010, 0x1011, 0x1014, 0x1015,
    0x1040, 0x1041, 0x1044, 0x1045, 0x1050, 0x1051, 0x1054, 0x1055,
    0x1100, 0x1101, 0x1104, 0x1105, 0x1110, 0x1111, 0x1114, 0x1115,
    0x1140, 0x1141, 0x1144, 0x1145, 0x1150, 0x1151, 0x1154, 0x1155,
    0x1400, 0x1401, 0x1404, 0x1405, 0x1410, 0x1411, 0x1414, 0x1415,
    0x1440, 0x1441, 0x1444, 0x1445, 0x1450, 0x1451, 0x1454, 0x1455,
    0x1500, 0x1501, 0x1504, 0x1505, 0x1510, 0x1511, 0x1514, 0x1515,
    0x1540, 0x1541, 0x1544, 0x1545, 0x1550, 0x1551, 0x1554, 0x1555,
    0x4000, 0x4001, 0x4004, 0x4005, 0x4010, 0x4011, 0x4014, 0x4015,
    0x4040, 0x4041, 0x4044, 0x4045, 0x4050, 0x4051, 0x4054, 0x4055,
    0x4100, 0x4101, 0x4104, 0x4105, 0x4110, 0x4111, 0x4114, 0x4115,
    0x4140, 0x4141, 0x4144, 0x4145, 0x4150, 0x4151, 0x4154, 0x4155,
    0x4400, 0x4401, 0x4404, 0x4405, 0x4410, 0x4411, 0x4414, 0x4415,
    0x4440, 0x4441, 0x4444, 0x4445, 0x4450, 0x4451, 0x4454, 0x4455,
    0x4500, 0x4501, 0x4504, 0x4505, 0x4510, 0x4511, 0x4514, 0x4515,
    0x4540, 0x4541, 0x4544, 0x4545, 0x4550, 0x4551, 0x4554, 0x4555,
    0x5000, 0x5001, 0x5004, 0x5005, 0x5010, 0x5011, 0x5014, 0x5015,
    0x5040, 0x5041, 0x5044, 0x5045, 0x5050, 0x5051, 0x5054, 0x5055,
    0x5100, 0x5101, 0x5104, 0x5105, 0x5110, 0x5111, 0x5114, 0x5115,
    0x5140, 0x5141, 0x5144, 0x5145, 0x5150, 0x5151, 0x5154, 0x5155,
    0x5400, 0x5401, 0x5404, 0x5405, 0x5410, 0x5411, 0x5414, 0x5415,
    0x5440, 0x5441, 0x5444, 0x5445, 0x5450, 0x5451, 0x5454, 0x5455,
    0x5500, 0x5501, 0x5504, 0x5505, 0x5510, 0x5511, 0x5514, 0x5515,
    0x5540, 0x5541, 0x5544, 0x5545, 0x5550, 0x5551, 0x5554, 0x5555,
};

unsigned int interleave16_spec(unsigned short x, unsigned short y)
{
    unsigned int z = 0;
    int i;
    for (i = 0; i < 16; i++) {
        z |= (unsigned int)((x >> i) & 1) << (2 * i);
        z |= (unsigned int)((y >> i) & 1) << (2 * i + 1);
    }
    return z;
}

unsigned short interleave8_spec(unsigned char x, unsigned char y)
{
    unsigned int z = 0;
    int i;
    for (i = 0; i < 8; i++) {
        z |= (unsigned int)((x >> i) & 1) << (2 * i);
        z |= (unsigned int)((y >> i) & 1) << (2 * i + 1);
    }
    return (unsigned short)z;
}

unsigned long long interleave32_spec(unsigned int x, unsigned int y)
{
    unsigned long long z = 0;
    int i;
    for (i = 0; i < 32; i++) {
        z |= (unsigned long long)((x >> i) & 1) << (2 * i);
        z |= (unsigned long long)((y >> i) & 1) << (2 * i + 1);
    }
    return z;
}

unsigned int even_bits_spec(unsigned int z)
{
    /* Bits 0, 2, 4, ..., 30 of z packed into bits 0 to 15. */
    unsigned int r = 0;
    int i;
    for (i = 0; i < 16; i++)
        r |= ((z >> (2 * i)) & 1) << i;
    return r;
}

unsigned int odd_bits_spec(unsigned int z)
{
    /* Bits 1, 3, 5, ..., 31 of z packed into bits 0 to 15. */
    unsigned int r = 0;
    int i;
    for (i = 0; i < 16; i++)
        r |= ((z >> (2 * i + 1)) & 1) << i;
    return r;
}

unsigned int interleave3_spec(unsigned int x, unsigned int y, unsigned int z)
{
    /* The low 10 bits of x, y and z interleaved into 30 bits. */
    unsigned int m = 0;
    int i;
    for (i = 0; i < 10; i++) {
        m |= ((x >> i) & 1) << (3 * i);
        m |= ((y >> i) & 1) << (3 * i + 1);
        m |= ((z >> i) & 1) << (3 * i + 2);
    }
    return m;
}

unsigned int compact3_spec(unsigned int m)
{
    /* Bits 0, 3, 6, ..., 27 of m packed into bits 0 to 9. */
    unsigned int r = 0;
    int i;
    for (i = 0; i < 10; i++)
        r |= ((m >> (3 * i)) & 1) << i;
    return r;
}

unsigned int morton_inc_x_spec(unsigned int z)
{
    /* Split z into x (even bits) and y (odd bits), add 1 to x modulo
       2^16, and interleave again. */
    unsigned int x = 0;
    unsigned int y = 0;
    unsigned int r = 0;
    int i;
    for (i = 0; i < 16; i++) {
        x |= ((z >> (2 * i)) & 1) << i;
        y |= ((z >> (2 * i + 1)) & 1) << i;
    }
    x = (x + 1) & 0xFFFF;
    for (i = 0; i < 16; i++) {
        r |= ((x >> i) & 1) << (2 * i);
        r |= ((y >> i) & 1) << (2 * i + 1);
    }
    return r;
}

unsigned int morton_dec_x_spec(unsigned int z)
{
    /* As morton_inc_x_spec, subtracting 1 from x modulo 2^16. */
    unsigned int x = 0;
    unsigned int y = 0;
    unsigned int r = 0;
    int i;
    for (i = 0; i < 16; i++) {
        x |= ((z >> (2 * i)) & 1) << i;
        y |= ((z >> (2 * i + 1)) & 1) << i;
    }
    x = (x - 1) & 0xFFFF;
    for (i = 0; i < 16; i++) {
        r |= ((x >> i) & 1) << (2 * i);
        r |= ((y >> i) & 1) << (2 * i + 1);
    }
    return r;
}

/* @trick morton16-loop
 * title: Interleave two 16-bit words bit by bit
 * task: Build the 32-bit Morton code of x and y, moving bit i of each with one mask and one shift.
 * aliases: morton code; z-order; interleave bits; bit interleaving; zorder curve; naive interleave
 * spec: interleave16_spec
 * width: 16
 * restrict: none
 * ops: 11
 * from: Bit Twiddling Hacks (interleave bits the obvious way)
 * panel: permute
 * wrong: none
 */
unsigned int morton16_loop(unsigned short x, unsigned short y)
{
    unsigned int z = 0;
    unsigned int i;
    for (i = 0; i < 16; i++)
        z |= ((x & (1u << i)) << i) | ((y & (1u << i)) << (i + 1));
    return z;
}

/* @trick morton16-magic
 * title: Interleave two 16-bit words with magic masks
 * task: Spread the bits of x and y apart in four shift-or-mask rounds (8, 4, 2, 1) and merge them.
 * aliases: morton code; z-order; interleave bits; binary magic numbers; part1by1; pdep
 * spec: interleave16_spec
 * width: 16
 * restrict: none
 * ops: 26
 * from: Bit Twiddling Hacks (interleave bits by binary magic numbers)
 * panel: permute
 * wrong: none
 */
unsigned int morton16_magic(unsigned short x, unsigned short y)
{
    unsigned int a = x;
    unsigned int b = y;
    a = (a | (a << 8)) & 0x00FF00FFu;
    a = (a | (a << 4)) & 0x0F0F0F0Fu;
    a = (a | (a << 2)) & 0x33333333u;
    a = (a | (a << 1)) & 0x55555555u;
    b = (b | (b << 8)) & 0x00FF00FFu;
    b = (b | (b << 4)) & 0x0F0F0F0Fu;
    b = (b | (b << 2)) & 0x33333333u;
    b = (b | (b << 1)) & 0x55555555u;
    return a | (b << 1);
}

/* @trick morton16-table
 * title: Interleave two 16-bit words with a table of spread bytes
 * task: Look up the spread form of each byte of x and y in a 256-entry table and place the four pieces.
 * aliases: morton code; z-order; interleave bits; lookup table; morton table
 * spec: interleave16_spec
 * width: 16
 * restrict: none
 * ops: 10
 * from: Bit Twiddling Hacks (interleave bits by table lookup)
 * panel: permute
 * wrong: none
 */
unsigned int morton16_table(unsigned short x, unsigned short y)
{
    return ((unsigned int)morton_spread_byte[y >> 8] << 17)
         | ((unsigned int)morton_spread_byte[x >> 8] << 16)
         | ((unsigned int)morton_spread_byte[y & 0xFF] << 1)
         | morton_spread_byte[x & 0xFF];
}

/* @trick morton8-magic
 * title: Interleave two bytes with magic masks
 * task: Spread the bits of bytes x and y apart in three shift-or-mask rounds and merge them into 16 bits.
 * aliases: morton code; z-order; interleave bytes; binary magic numbers; part1by1
 * spec: interleave8_spec
 * width: 8
 * restrict: none
 * ops: 20
 * from: Bit Twiddling Hacks (interleave bits by binary magic numbers)
 * panel: permute
 * wrong: none
 */
unsigned short morton8_magic(unsigned char x, unsigned char y)
{
    unsigned int a = x;
    unsigned int b = y;
    a = (a | (a << 4)) & 0x0F0Fu;
    a = (a | (a << 2)) & 0x3333u;
    a = (a | (a << 1)) & 0x5555u;
    b = (b | (b << 4)) & 0x0F0Fu;
    b = (b | (b << 2)) & 0x3333u;
    b = (b | (b << 1)) & 0x5555u;
    return (unsigned short)(a | (b << 1));
}

/* @trick morton8-mul
 * title: Interleave two bytes with 64-bit multiplies
 * task: Copy each byte eight times with a multiply, keep one bit per copy, and gather them spaced out with a second multiply.
 * aliases: morton code; z-order; interleave bytes; multiply interleave; 64-bit multiply
 * spec: interleave8_spec
 * width: 8
 * restrict: none
 * ops: 11
 * from: Bit Twiddling Hacks (interleave bits with 64-bit multiply)
 * panel: magic
 * wrong: none
 */
unsigned short morton8_mul(unsigned char x, unsigned char y)
{
    unsigned long long a = ((x * 0x0101010101010101ULL & 0x8040201008040201ULL) * 0x0102040810204081ULL >> 49) & 0x5555;
    unsigned long long b = ((y * 0x0101010101010101ULL & 0x8040201008040201ULL) * 0x0102040810204081ULL >> 48) & 0xAAAA;
    return (unsigned short)(a | b);
}

/* @trick morton32-magic
 * title: Interleave two 32-bit words into a 64-bit Morton code
 * task: Spread the bits of x and y in five shift-or-mask rounds on 64-bit words and merge them.
 * aliases: morton code; z-order; interleave bits; 64-bit morton; part1by1; pdep
 * spec: interleave32_spec
 * width: 32
 * restrict: none
 * ops: 32
 * from: Bit Twiddling Hacks (interleave bits by binary magic numbers, widened)
 * panel: permute
 * wrong: none
 */
unsigned long long morton32_magic(unsigned int x, unsigned int y)
{
    unsigned long long a = x;
    unsigned long long b = y;
    a = (a | (a << 16)) & 0x0000FFFF0000FFFFULL;
    a = (a | (a << 8)) & 0x00FF00FF00FF00FFULL;
    a = (a | (a << 4)) & 0x0F0F0F0F0F0F0F0FULL;
    a = (a | (a << 2)) & 0x3333333333333333ULL;
    a = (a | (a << 1)) & 0x5555555555555555ULL;
    b = (b | (b << 16)) & 0x0000FFFF0000FFFFULL;
    b = (b | (b << 8)) & 0x00FF00FF00FF00FFULL;
    b = (b | (b << 4)) & 0x0F0F0F0F0F0F0F0FULL;
    b = (b | (b << 2)) & 0x3333333333333333ULL;
    b = (b | (b << 1)) & 0x5555555555555555ULL;
    return a | (b << 1);
}

/* @trick morton-even-bits
 * title: Deinterleave: gather the even bits of a Morton code
 * task: Pack bits 0, 2, ..., 30 of z into the low 16 bits: the x coordinate of a 2-D Morton code.
 * aliases: deinterleave; compact bits; morton decode; unshuffle; compact1by1; pext even
 * spec: even_bits_spec
 * width: 32
 * restrict: none
 * ops: 13
 * from: F. Giesen, Decoding Morton codes (2009); Hacker's Delight 7-2 (outer unshuffle)
 * panel: permute
 * wrong: none
 */
unsigned int morton_even_bits(unsigned int z)
{
    z &= 0x55555555u;
    z = (z | (z >> 1)) & 0x33333333u;
    z = (z | (z >> 2)) & 0x0F0F0F0Fu;
    z = (z | (z >> 4)) & 0x00FF00FFu;
    z = (z | (z >> 8)) & 0x0000FFFFu;
    return z;
}

/* @trick morton-odd-bits
 * title: Deinterleave: gather the odd bits of a Morton code
 * task: Pack bits 1, 3, ..., 31 of z into the low 16 bits: the y coordinate of a 2-D Morton code.
 * aliases: deinterleave; compact bits; morton decode; unshuffle; compact1by1; pext odd
 * spec: odd_bits_spec
 * width: 32
 * restrict: none
 * ops: 14
 * from: F. Giesen, Decoding Morton codes (2009); Hacker's Delight 7-2 (outer unshuffle)
 * panel: permute
 * wrong: none
 */
unsigned int morton_odd_bits(unsigned int z)
{
    z = (z >> 1) & 0x55555555u;
    z = (z | (z >> 1)) & 0x33333333u;
    z = (z | (z >> 2)) & 0x0F0F0F0Fu;
    z = (z | (z >> 4)) & 0x00FF00FFu;
    z = (z | (z >> 8)) & 0x0000FFFFu;
    return z;
}

/* @trick morton3-magic
 * title: Interleave three 10-bit coordinates (3-D Morton code)
 * task: Spread the low 10 bits of x, y and z two apart with xor-shift-mask rounds (16, 8, 4, 2) and merge them.
 * aliases: morton 3d; z-order 3d; interleave three; part1by2; octree key
 * spec: interleave3_spec
 * width: 32
 * restrict: none
 * ops: 43
 * from: F. Giesen, Decoding Morton codes (2009: Part1By2)
 * panel: permute
 * wrong: none
 */
unsigned int morton3_magic(unsigned int x, unsigned int y, unsigned int z)
{
    x &= 0x3FFu;
    x = (x ^ (x << 16)) & 0xFF0000FFu;
    x = (x ^ (x << 8)) & 0x0300F00Fu;
    x = (x ^ (x << 4)) & 0x030C30C3u;
    x = (x ^ (x << 2)) & 0x09249249u;
    y &= 0x3FFu;
    y = (y ^ (y << 16)) & 0xFF0000FFu;
    y = (y ^ (y << 8)) & 0x0300F00Fu;
    y = (y ^ (y << 4)) & 0x030C30C3u;
    y = (y ^ (y << 2)) & 0x09249249u;
    z &= 0x3FFu;
    z = (z ^ (z << 16)) & 0xFF0000FFu;
    z = (z ^ (z << 8)) & 0x0300F00Fu;
    z = (z ^ (z << 4)) & 0x030C30C3u;
    z = (z ^ (z << 2)) & 0x09249249u;
    return x | (y << 1) | (z << 2);
}

/* @trick morton3-compact
 * title: Deinterleave one coordinate of a 3-D Morton code
 * task: Pack bits 0, 3, ..., 27 of m into the low 10 bits, undoing the spread rounds in reverse.
 * aliases: morton 3d decode; compact1by2; deinterleave three; octree key decode
 * spec: compact3_spec
 * width: 32
 * restrict: none
 * ops: 13
 * from: F. Giesen, Decoding Morton codes (2009: Compact1By2)
 * panel: permute
 * wrong: none
 */
unsigned int morton3_compact(unsigned int m)
{
    m &= 0x09249249u;
    m = (m ^ (m >> 2)) & 0x030C30C3u;
    m = (m ^ (m >> 4)) & 0x0300F00Fu;
    m = (m ^ (m >> 8)) & 0xFF0000FFu;
    m = (m ^ (m >> 16)) & 0x000003FFu;
    return m;
}

/* @trick morton-inc-x
 * title: Increment the x coordinate inside a Morton code
 * task: Add 1 to the even-bit coordinate of z without decoding: fill the odd bits with ones so the carry jumps them.
 * aliases: morton increment; tesseral addition; z-order step; dilated integer add; neighbour in z-order
 * spec: morton_inc_x_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: tesseral (dilated integer) arithmetic; G. Schrack, Finding neighbors of equal size in linear quadtrees and octrees in constant time (1992)
 * panel: permute
 * wrong: none
 */
unsigned int morton_inc_x(unsigned int z)
{
    return (((z | 0xAAAAAAAAu) + 1) & 0x55555555u) | (z & 0xAAAAAAAAu);
}

/* @trick morton-dec-x
 * title: Decrement the x coordinate inside a Morton code
 * task: Subtract 1 from the even-bit coordinate of z without decoding: clear the odd bits so the borrow jumps them.
 * aliases: morton decrement; tesseral subtraction; z-order step; dilated integer subtract
 * spec: morton_dec_x_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: tesseral (dilated integer) arithmetic; G. Schrack, Finding neighbors of equal size in linear quadtrees and octrees in constant time (1992)
 * panel: permute
 * wrong: none
 */
unsigned int morton_dec_x(unsigned int z)
{
    return (((z & 0x55555555u) - 1) & 0x55555555u) | (z & 0xAAAAAAAAu);
}
