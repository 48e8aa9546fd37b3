/* family: float-bits — IEEE 754 floats as integers: sign, exponent and fraction by masks */
/* The C subset has no float or double yet, so every float here is held as
   its bit pattern in an unsigned integer of its width:

     binary32   unsigned int        sign 31, exponent 30..23 (bias 127), fraction 22..0
     binary64   unsigned long long  sign 63, exponent 62..52 (bias 1023), fraction 51..0
     binary16   unsigned short      sign 15, exponent 14..10 (bias 15), fraction 9..0
     bfloat16   unsigned short      sign 15, exponent 14..7 (bias 127), fraction 6..0
     E5M2       unsigned char       sign 7, exponent 6..2 (bias 15), fraction 1..0
     E4M3       unsigned char       sign 7, exponent 6..3 (bias 7), fraction 2..0

   An exponent field of all ones is an infinity (fraction 0) or a NaN
   (fraction not 0), except in E4M3 (OCP 8-bit spec: no infinities, only
   S.1111.111 is NaN, so the largest is S.1111.110 = 448). An exponent
   field of 0 is zero or a subnormal, worth 0.fraction x 2^(1 - bias).

   Each spec decodes the fields with shifts and compares and applies the
   IEEE 754-2019 rule field by field; each trick is the known one-liner on
   the whole word. Tricks whose meaning is float arithmetic are not here:
   the fast inverse square root (0x5f3759df - (i >> 1) is integer, but its
   spec, 1/sqrt(x), is a float computation the subset cannot state), the
   round to an integer by adding 1.5 x 2^23, and the last step of the 2^52
   and of the random-float entries (a float subtraction): for those two only
   the bits are given. */

unsigned int f32_abs_spec(unsigned int x)
{
    /* sign 0, the same exponent and fraction (a NaN too: abs is a
       sign-bit operation, IEEE 754-2019 5.5.1) */
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    return (e << 23) | f;
}

unsigned int f32_negate_spec(unsigned int x)
{
    unsigned int s = x >> 31;
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    unsigned int t;
    if (s == 0)
        t = 1;
    else
        t = 0;
    return (t << 31) | (e << 23) | f;
}

unsigned int f32_copysign_spec(unsigned int x, unsigned int y)
{
    /* the magnitude of x (its exponent and fraction), the sign of y */
    unsigned int s = y >> 31;
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    return (s << 31) | (e << 23) | f;
}

int f32_isnan_spec(unsigned int x)
{
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    return e == 255 && f != 0;
}

int f32_isinf_spec(unsigned int x)
{
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    return e == 255 && f == 0;
}

int f32_less_spec(unsigned int a, unsigned int b)
{
    /* IEEE 754 a < b: false when either is a NaN (unordered); -0 == +0;
       a negative below a positive; same signs by magnitude, exponent first,
       reversed for negatives */
    unsigned int sa = a >> 31;
    unsigned int ea = (a >> 23) & 0xff;
    unsigned int fa = a & 0x7fffff;
    unsigned int sb = b >> 31;
    unsigned int eb = (b >> 23) & 0xff;
    unsigned int fb = b & 0x7fffff;
    if ((ea == 255 && fa != 0) || (eb == 255 && fb != 0))
        return 0;
    if (ea == 0 && fa == 0 && eb == 0 && fb == 0)
        return 0;
    if (sa != sb)
        return sa == 1;
    if (sa == 0)
        return ea < eb || (ea == eb && fa < fb);
    return ea > eb || (ea == eb && fa > fb);
}

unsigned int f32_ordered_spec(unsigned int x)
{
    /* IEEE 754 totalOrder as an unsigned key: the positives (+0, larger
       magnitudes, +inf, the +NaNs) from 0x80000000 up, the negatives below
       it, a larger magnitude lower (-0 just under +0) */
    unsigned int s = x >> 31;
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    unsigned int magnitude = (e << 23) | f;
    if (s == 0)
        return 0x80000000u + magnitude;
    return 0x7fffffffu - magnitude;
}

unsigned int f32_unordered_spec(unsigned int k)
{
    /* the binary32 whose key is k: a positive magnitude from 0x80000000
       up, a negative one below it */
    unsigned int magnitude;
    if (k >= 0x80000000u) {
        magnitude = k - 0x80000000u;
        return (0u << 31) | magnitude;
    }
    magnitude = 0x7fffffffu - k;
    return (1u << 31) | magnitude;
}

unsigned int f32_next_up_positive_spec(unsigned int x)
{
    /* the next binary32 above a zero or positive finite x: one more in the
       fraction's last place, a carry into the exponent at the end of a
       binade, +inf (exponent 255, fraction 0) after the largest finite */
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    if (f == 0x7fffff) {
        f = 0;
        e = e + 1;
    } else {
        f = f + 1;
    }
    return (e << 23) | f;
}

unsigned int f32_next_up_spec(unsigned int x)
{
    /* IEEE 754-2019 nextUp of a non-NaN: +inf stays, either zero gives the
       smallest subnormal, a positive grows by one last place, a negative
       shrinks by one (down to -0) */
    unsigned int s = x >> 31;
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    if (s == 0 && e == 255)
        return x;
    if (e == 0 && f == 0)
        return 1;
    if (s == 0) {
        if (f == 0x7fffff) {
            f = 0;
            e = e + 1;
        } else {
            f = f + 1;
        }
    } else {
        if (f == 0) {
            f = 0x7fffff;
            e = e - 1;
        } else {
            f = f - 1;
        }
    }
    return (s << 31) | (e << 23) | f;
}

int f32_ilog2_normal_spec(unsigned int x)
{
    /* a positive normal x is 1.fraction x 2^(e - 127) with
       1 <= 1.fraction < 2, so floor(log2 x) = e - 127 */
    int e = (x >> 23) & 0xff;
    return e - 127;
}

int f32_ilogb_spec(unsigned int x)
{
    /* floor(log2 |x|) of a finite non-zero x: a normal is
       1.fraction x 2^(e - 127); a subnormal is fraction x 2^-149, so its
       highest one bit k gives k - 149 */
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    int k;
    if (e != 0)
        return (int)e - 127;
    for (k = 22; k > 0; k--)
        if ((f >> k) & 1)
            break;
    return k - 149;
}

unsigned short f32_to_bf16_spec(unsigned int x)
{
    /* bfloat16 keeps binary32's sign and exponent (bias 127 in both) and
       the top 7 of its 23 fraction bits. The 16 dropped bits round to
       nearest, ties to the even kept fraction; a carry out of the fraction
       goes into the exponent (255: overflow to infinity). A NaN stays a
       NaN, made quiet (the top fraction bit 0x40 set), sign and top
       payload kept. */
    unsigned int s = x >> 31;
    unsigned int e = (x >> 23) & 0xff;
    unsigned int f = x & 0x7fffff;
    unsigned int kept = f >> 16;
    unsigned int rest = f & 0xffff;
    if (e == 255 && f != 0)
        return (unsigned short)((s << 15) | (255u << 7) | 0x40 | kept);
    if (e == 255)
        return (unsigned short)((s << 15) | (255u << 7));
    if (rest > 0x8000 || (rest == 0x8000 && (kept & 1) == 1))
        kept = kept + 1;
    if (kept == 0x80) {
        kept = 0;
        e = e + 1;
    }
    return (unsigned short)((s << 15) | (e << 7) | kept);
}

unsigned int bf16_to_f32_spec(unsigned short b)
{
    /* the same sign and exponent (bias 127 in both); the 7 fraction bits
       become the top 7 of 23 (exact, NaNs and infinities included) */
    unsigned int s = b >> 15;
    unsigned int e = (b >> 7) & 0xff;
    unsigned int f = b & 0x7f;
    return (s << 31) | (e << 23) | (f << 16);
}

unsigned int f16_to_f32_spec(unsigned short h)
{
    /* binary16 to binary32 is exact. Exponent 31 and fraction 0: an
       infinity. Exponent 31 and a fraction: a NaN, its payload kept at the
       top and made quiet (the top fraction bit set), as IEEE 754 converts
       a signalling NaN and as x86's vcvtph2ps does. A subnormal, fraction
       x 2^-24 = 0.fraction x 2^(1 - 15): shift the fraction up until its
       leading one is the hidden bit, one less in the exponent for each
       shift. Then rebias: e - 15 + 127. */
    unsigned int s = h >> 15;
    int e = (h >> 10) & 0x1f;
    unsigned int f = h & 0x3ff;
    if (e == 31 && f == 0)
        return (s << 31) | (255u << 23);
    if (e == 31)
        return (s << 31) | (255u << 23) | 0x400000 | (f << 13);
    if (e == 0 && f == 0)
        return s << 31;
    if (e == 0) {
        e = 1;
        while ((f & 0x400) == 0) {
            f = f << 1;
            e = e - 1;
        }
        f = f & 0x3ff;
    }
    return (s << 31) | ((unsigned int)(e - 15 + 127) << 23) | (f << 13);
}

unsigned int e4m3_to_f32_spec(unsigned char v)
{
    /* OCP E4M3: sign, 4 exponent bits (bias 7), 3 fraction bits; no
       infinities, S.1111.111 is NaN (here binary32's quiet NaN with the
       sign), so S.1111.110 = 448 is a number. A subnormal is
       0.fraction x 2^(1 - 7), normalised as in binary16. */
    unsigned int s = v >> 7;
    int e = (v >> 3) & 0xf;
    unsigned int f = v & 7;
    if (e == 15 && f == 7)
        return (s << 31) | 0x7fc00000u;
    if (e == 0 && f == 0)
        return s << 31;
    if (e == 0) {
        e = 1;
        while ((f & 8) == 0) {
            f = f << 1;
            e = e - 1;
        }
        f = f & 7;
    }
    return (s << 31) | ((unsigned int)(e - 7 + 127) << 23) | (f << 20);
}

unsigned short e5m2_to_f16_spec(unsigned char v)
{
    /* OCP E5M2 is IEEE-like with binary16's exponent: sign, 5 exponent
       bits (bias 15), 2 fraction bits, infinities and NaNs as in binary16.
       The same sign and exponent; the 2 fraction bits become the top 2 of
       binary16's 10 (exact). */
    unsigned int s = v >> 7;
    unsigned int e = (v >> 2) & 0x1f;
    unsigned int f = v & 3;
    return (unsigned short)((s << 15) | (e << 10) | (f << 8));
}

unsigned char f16_to_e5m2_spec(unsigned short h)
{
    /* binary16 to E5M2: the same sign and exponent, the top 2 of 10
       fraction bits; the 8 dropped round to nearest, ties to even, a carry
       into the exponent (31: overflow to infinity, the OCP spec's
       non-saturating conversion). A NaN stays a NaN, made quiet (the top
       fraction bit set). */
    unsigned int s = h >> 15;
    unsigned int e = (h >> 10) & 0x1f;
    unsigned int f = h & 0x3ff;
    unsigned int kept = f >> 8;
    unsigned int rest = f & 0xff;
    if (e == 31 && f != 0)
        return (unsigned char)((s << 7) | (31u << 2) | 2 | kept);
    if (e == 31)
        return (unsigned char)((s << 7) | (31u << 2));
    if (rest > 0x80 || (rest == 0x80 && (kept & 1) == 1))
        kept = kept + 1;
    if (kept == 4) {
        kept = 0;
        e = e + 1;
    }
    return (unsigned char)((s << 7) | (e << 2) | kept);
}

unsigned int f32_unit_bits_spec(unsigned int r)
{
    /* a binary32 in [1, 2): sign 0, exponent 127 (2^0), and a fraction of
       23 random bits, the top 23 of r taken one at a time */
    unsigned int f = 0;
    int k;
    for (k = 0; k < 23; k++)
        f = (f << 1) | ((r >> (31 - k)) & 1);
    return (0u << 31) | (127u << 23) | f;
}

int f64_isnan_spec(unsigned long long x)
{
    unsigned int e = (unsigned int)(x >> 52) & 0x7ff;
    unsigned long long f = x & 0xfffffffffffffULL;
    return e == 0x7ff && f != 0;
}

unsigned long long f64_2p52_spec(unsigned int u)
{
    /* the binary64 of the integer n = 2^52 + u, encoded field by field:
       its highest one bit p gives the exponent 1023 + p, the p bits below
       it the fraction (exact: n < 2^53) */
    unsigned long long n = (1ULL << 52) + u;
    int p;
    for (p = 63; p > 0; p--)
        if ((n >> p) & 1)
            break;
    return ((unsigned long long)(1023 + p) << 52) | ((n << (52 - p)) & 0xfffffffffffffULL);
}

/* @trick f32-abs
 * title: Float absolute value by clearing the sign bit
 * task: Return the bits of |x| for the binary32 bits x: clear bit 31 with x & 0x7fffffff (NaNs too).
 * aliases: float abs; fabs; fabsf; float absolute value; clear sign bit; sign bit; float bits; ieee 754; ieee754
 * spec: f32_abs_spec
 * width: 32
 * restrict: none
 * ops: 1
 * from: IEEE 754-2019 5.5.1 (abs: a sign-bit operation); Hacker's Delight 17-1 (the IEEE format)
 * panel: float
 * wrong: none
 */
unsigned int f32_abs(unsigned int x)
{
    return x & 0x7fffffffu;
}

/* @trick f32-negate
 * title: Float negation by flipping the sign bit
 * task: Return the bits of -x for the binary32 bits x: flip bit 31 with x ^ 0x80000000 (zeros, infinities and NaNs too).
 * aliases: float negate; negate float; flip sign bit; sign bit; negative zero; fneg; float bits; ieee 754
 * spec: f32_negate_spec
 * width: 32
 * restrict: none
 * ops: 1
 * from: IEEE 754-2019 5.5.1 (negate: a sign-bit operation); Hacker's Delight 17-1
 * panel: float
 * wrong: none
 */
unsigned int f32_negate(unsigned int x)
{
    return x ^ 0x80000000u;
}

/* @trick f32-copysign
 * title: Copysign by masks: the magnitude of x with the sign of y
 * task: Return the binary32 bits with x's exponent and fraction and y's sign bit.
 * aliases: copysign; copysignf; copy sign; sign bit; transfer sign; float sign; float bits; ieee 754
 * spec: f32_copysign_spec
 * width: 32
 * restrict: none
 * ops: 3
 * from: IEEE 754-2019 5.5.1 (copySign: a sign-bit operation); C99 copysignf
 * panel: float
 * wrong: none
 */
unsigned int f32_copysign(unsigned int x, unsigned int y)
{
    return (x & 0x7fffffffu) | (y & 0x80000000u);
}

/* @trick f32-isnan
 * title: Is-NaN test by one unsigned compare
 * task: Return 1 if the binary32 bits x are a NaN (exponent all ones, fraction not 0): the magnitude is above +inf's bits.
 * aliases: isnan; is nan; not a number; nan test; float nan check; float bits; ieee 754; ieee754
 * spec: f32_isnan_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: IEEE 754-2019 5.7.2 (isNaN); Hacker's Delight 17-1 (NaNs are the magnitudes above infinity)
 * panel: float
 * wrong: none
 */
int f32_isnan(unsigned int x)
{
    return (x & 0x7fffffffu) > 0x7f800000u;
}

/* @trick f32-isinf
 * title: Is-infinite test by shifting out the sign
 * task: Return 1 if the binary32 bits x are +inf or -inf: shifted left by one, they are exactly 0xff000000.
 * aliases: isinf; is infinite; infinity test; float infinity; inf check; float bits; ieee 754
 * spec: f32_isinf_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: IEEE 754-2019 5.7.2 (isInfinite); Hacker's Delight 17-1
 * panel: float
 * wrong: none
 */
int f32_isinf(unsigned int x)
{
    return (x << 1) == 0xff000000u;
}

/* @trick f32-less
 * title: Float less-than on the bits: sign-magnitude to two's complement
 * task: Return 1 if the binary32 a < b as IEEE 754 compares: 0 if either is a NaN, -0 equal to +0; negatives turned to -magnitude, then a signed compare.
 * aliases: compare floats as integers; float compare; float less than; sign magnitude; compare float bits; dawson; float bits; ieee 754; ieee754
 * spec: f32_less_spec
 * width: 32
 * restrict: none
 * ops: 14
 * from: Bruce Dawson, Comparing Floating Point Numbers (2006, 2012 edition: make a negative float's bits two's complement); Hacker's Delight 17-3
 * panel: float
 * wrong: none
 */
int f32_less(unsigned int a, unsigned int b)
{
    int ka;
    int kb;
    if ((a & 0x7fffffffu) > 0x7f800000u || (b & 0x7fffffffu) > 0x7f800000u)
        return 0;
    ka = a >> 31 ? -(int)(a & 0x7fffffffu) : (int)a;
    kb = b >> 31 ? -(int)(b & 0x7fffffffu) : (int)b;
    return ka < kb;
}

/* @trick f32-less-signed-wrong
 * title: Float less-than as plain signed integers (wrong for two negatives)
 * task: Return 1 if the binary32 a < b, comparing the bits as signed ints: right for positives only.
 * aliases: compare floats as integers; float compare; float less than; compare float bits; float bits; ieee 754
 * spec: f32_less_spec
 * width: 32
 * restrict: none
 * ops: 1
 * from: Bruce Dawson, Comparing Floating Point Numbers (the negative floats order backwards as ints); Hacker's Delight 17-3
 * panel: float
 * wrong: fixed-by f32-less; at a=3212836864, b=3221225472: gives 1, expected 0
 */
int f32_less_signed_wrong(unsigned int a, unsigned int b)
{
    return (int)a < (int)b;
}

/* @trick f32-to-ordered
 * title: Make floats sort as unsigned integers (flip the sign bit, or every bit)
 * task: Map binary32 bits to a key whose unsigned order is IEEE 754 totalOrder: a positive gets its sign bit set, a negative all its bits flipped.
 * aliases: sortable float; radix sort floats; float to sortable integer; floatflip; total order; float sort key; float bits; ieee 754
 * spec: f32_ordered_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Michael Herf, Radix Tricks (2001, FloatFlip); IEEE 754-2019 5.10 (totalOrder); Hacker's Delight 17-3
 * panel: float
 * wrong: none
 */
unsigned int f32_to_ordered(unsigned int x)
{
    return x ^ (-(x >> 31) | 0x80000000u);
}

/* @trick f32-from-ordered
 * title: Undo the sortable-float key
 * task: Return the binary32 bits of a sort key: a key with its top bit set had it added, any other had every bit flipped.
 * aliases: sortable float inverse; radix sort floats; ifloatflip; sortable integer to float; total order; float bits; ieee 754
 * spec: f32_unordered_spec
 * width: 32
 * restrict: none
 * ops: 4
 * from: Michael Herf, Radix Tricks (2001, IFloatFlip)
 * panel: float
 * wrong: none
 */
unsigned int f32_from_ordered(unsigned int k)
{
    return k ^ (((k >> 31) - 1) | 0x80000000u);
}

/* @trick f32-next-up-positive
 * title: Next float up by adding 1 to the bits
 * task: Return the bits of the next binary32 above a zero or positive finite x: x + 1, the carry crossing into the exponent (the largest finite gives +inf).
 * aliases: next float; nextafter; nextup; next representable float; ulp; add one to float bits; float bits; ieee 754
 * spec: f32_next_up_positive_spec
 * width: 32
 * restrict: x < 0x7f800000u
 * ops: 1
 * from: Bruce Dawson, Comparing Floating Point Numbers (adjacent floats have adjacent integer bits); IEEE 754-2019 5.3.1 (nextUp)
 * panel: float
 * wrong: none
 */
unsigned int f32_next_up_positive(unsigned int x)
{
    return x + 1;
}

/* @trick f32-next-up
 * title: Next float up for every sign: add 1, or subtract 1 from a negative
 * task: Return the bits of IEEE nextUp(x) for any non-NaN binary32 x: +inf stays, -0 acts as +0, a negative's magnitude steps down.
 * aliases: next float; nextafter; nextup; nextafterf; next representable float; ulp; float bits; ieee 754
 * spec: f32_next_up_spec
 * width: 32
 * restrict: (x & 0x7fffffffu) <= 0x7f800000u
 * ops: 6
 * from: IEEE 754-2019 5.3.1 (nextUp); Bruce Dawson, Comparing Floating Point Numbers
 * panel: float
 * wrong: none
 */
unsigned int f32_next_up(unsigned int x)
{
    if (x == 0x7f800000u)
        return x;
    if (x == 0x80000000u)
        return 1;
    return x >> 31 ? x - 1 : x + 1;
}

/* @trick f32-ilog2-normal
 * title: Integer log2 of a float from its exponent field
 * task: Return floor(log2 x) of a positive normal binary32 x: its exponent field less the bias, (x >> 23) - 127.
 * aliases: float log2; integer log2 of a float; exponent field; unbiased exponent; frexp; float exponent; float bits; ieee 754
 * spec: f32_ilog2_normal_spec
 * width: 32
 * restrict: x >= 0x00800000u && x < 0x7f800000u
 * ops: 2
 * from: Hacker's Delight 17-1 (the biased exponent); IEEE 754-2019 5.3.3 (logB)
 * panel: float
 * wrong: none
 */
int f32_ilog2_normal(unsigned int x)
{
    return (int)(x >> 23) - 127;
}

/* @trick f32-ilogb
 * title: ilogb of any finite float: the exponent field, or count zeros in a subnormal
 * task: Return floor(log2 |x|) of a finite non-zero binary32 x: exponent - 127 for a normal, -118 - clz(fraction) for a subnormal.
 * aliases: ilogb; ilogbf; logb; float log2; integer log2 of a float; subnormal exponent; float exponent; float bits; ieee 754
 * spec: f32_ilogb_spec
 * width: 32
 * restrict: (x & 0x7fffffffu) != 0 && (x & 0x7fffffffu) < 0x7f800000u
 * ops: 6
 * from: IEEE 754-2019 5.3.3 (logB); C99 ilogbf; Hacker's Delight 17-1 (subnormals)
 * panel: float
 * wrong: none
 */
int f32_ilogb(unsigned int x)
{
    unsigned int m = x & 0x7fffffffu;
    if (m < 0x00800000u)
        return -118 - __builtin_clz(m);
    return (int)(m >> 23) - 127;
}

/* @trick f32-to-bf16
 * title: Float to bfloat16 with round to nearest even, NaNs kept
 * task: Return the bfloat16 bits nearest the binary32 x, ties to even: add 0x7fff plus the lowest kept bit, keep the top 16; a NaN is kept a quiet NaN.
 * aliases: bfloat16; bf16; float to bfloat16; round to nearest even; brain float; truncate float; float bits; ieee 754; ieee754
 * spec: f32_to_bf16_spec
 * width: 32
 * restrict: none
 * ops: 9
 * from: Intel, BFLOAT16 Hardware Numerics Definition (2018) and VCVTNEPS2BF16; PyTorch's and TensorFlow's round_to_nearest_even (they return the canonical 0x7fc0 for a NaN)
 * panel: float
 * wrong: none
 */
unsigned short f32_to_bf16(unsigned int x)
{
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return (unsigned short)((x >> 16) | 0x40);
    return (unsigned short)((x + 0x7fffu + ((x >> 16) & 1)) >> 16);
}

/* @trick f32-to-bf16-nan-wrong
 * title: Float to bfloat16 with round to nearest even, no NaN guard (wrong for NaNs)
 * task: Return the bfloat16 bits nearest the binary32 x by adding 0x7fff plus the lowest kept bit: a NaN's payload can round into +-inf or carry into -0.
 * aliases: bfloat16; bf16; float to bfloat16; round to nearest even; nan rounding bug; float bits; ieee 754
 * spec: f32_to_bf16_spec
 * width: 32
 * restrict: none
 * ops: 5
 * from: the rounding of PyTorch's and TensorFlow's round_to_nearest_even without its isnan test; Intel, BFLOAT16 Hardware Numerics Definition (NaNs handled apart)
 * panel: float
 * wrong: fixed-by f32-to-bf16; at x=2147483647: gives 32768, expected 32767
 */
unsigned short f32_to_bf16_nan_wrong(unsigned int x)
{
    return (unsigned short)((x + 0x7fffu + ((x >> 16) & 1)) >> 16);
}

/* @trick bf16-to-f32
 * title: bfloat16 to float by a 16-bit shift
 * task: Return the binary32 bits of the bfloat16 bits b: bfloat16 is the top half of a binary32, so b << 16 (exact).
 * aliases: bfloat16; bf16; bfloat16 to float; widen bfloat16; brain float; float bits; ieee 754
 * spec: bf16_to_f32_spec
 * width: 16
 * restrict: none
 * ops: 1
 * from: Intel, BFLOAT16 Hardware Numerics Definition (2018); Google, bfloat16: the secret to high performance on Cloud TPUs (2019)
 * panel: float
 * wrong: none
 */
unsigned int bf16_to_f32(unsigned short b)
{
    return (unsigned int)b << 16;
}

/* @trick f16-to-f32-normal
 * title: Half to float for normal numbers: rebias the exponent by one add
 * task: Return the binary32 bits of a normal binary16 h: move the sign to bit 31, add (127 - 15) << 10 to exponent and fraction together, shift left 13.
 * aliases: half to float; binary16 to binary32; fp16 to fp32; half precision; widen half; float16; float bits; ieee 754
 * spec: f16_to_f32_spec
 * width: 16
 * restrict: (h & 0x7c00) != 0 && (h & 0x7c00) != 0x7c00
 * ops: 6
 * from: Fabian Giesen's half-to-float conversions (ryg blog, 2012: the exponent rebias); IEEE 754-2019 3.6 (binary16)
 * panel: float
 * wrong: none
 */
unsigned int f16_to_f32_normal(unsigned short h)
{
    return ((unsigned int)(h & 0x8000) << 16) | (((unsigned int)(h & 0x7fff) + 0x1c000u) << 13);
}

/* @trick f16-to-f32
 * title: Half to float for every half: rebias, infinities and NaNs, subnormals by clz
 * task: Return the binary32 bits of any binary16 h: rebias a normal, keep an infinity, quiet a NaN keeping its payload, normalise a subnormal by its leading zero count.
 * aliases: half to float; binary16 to binary32; fp16 to fp32; half precision; subnormal half; float16; float bits; ieee 754; ieee754
 * spec: f16_to_f32_spec
 * width: 16
 * restrict: none
 * ops: 22
 * from: Fabian Giesen's half-to-float conversions (ryg blog, 2012); IEEE 754-2019 3.6 (binary16)
 * panel: float
 * wrong: none
 */
unsigned int f16_to_f32(unsigned short h)
{
    unsigned int s = (unsigned int)(h & 0x8000) << 16;
    unsigned int m = h & 0x7fff;
    int n;
    if (m > 0x7c00)
        return s | 0x7fc00000u | (m << 13);
    if (m == 0x7c00)
        return s | 0x7f800000u;
    if (m >= 0x0400)
        return s | ((m + 0x1c000u) << 13);
    if (m == 0)
        return s;
    n = __builtin_clz(m) - 21;
    return s | ((unsigned int)(113 - n) << 23) | (((m << n) & 0x3ff) << 13);
}

/* @trick e4m3-to-f32
 * title: FP8 E4M3 to float: rebias, one NaN, subnormals by clz
 * task: Return the binary32 bits of the OCP E4M3 byte v: rebias a normal (+120), S.1111.111 to a quiet NaN, normalise a subnormal by its leading zero count.
 * aliases: fp8; e4m3; fp8 to float; ocp fp8; 8-bit float; float8; minifloat; float bits; ieee 754
 * spec: e4m3_to_f32_spec
 * width: 8
 * restrict: none
 * ops: 18
 * from: OCP 8-bit Floating Point Specification (OFP8) 1.0 (2023); Micikevicius et al., FP8 Formats for Deep Learning (2022)
 * panel: float
 * wrong: none
 */
unsigned int e4m3_to_f32(unsigned char v)
{
    unsigned int s = (unsigned int)(v & 0x80) << 24;
    unsigned int m = v & 0x7f;
    int n;
    if (m == 0x7f)
        return s | 0x7fc00000u;
    if (m >= 0x08)
        return s | ((m + 0x3c0u) << 20);
    if (m == 0)
        return s;
    n = __builtin_clz(m) - 28;
    return s | ((unsigned int)(121 - n) << 23) | (((m << n) & 7) << 20);
}

/* @trick e5m2-to-f16
 * title: FP8 E5M2 to half by an 8-bit shift
 * task: Return the binary16 bits of the OCP E5M2 byte v: E5M2 is the top byte of a binary16 (same exponent and bias), so v << 8 (exact).
 * aliases: fp8; e5m2; fp8 to half; ocp fp8; 8-bit float; float8; minifloat; float bits; ieee 754
 * spec: e5m2_to_f16_spec
 * width: 8
 * restrict: none
 * ops: 1
 * from: OCP 8-bit Floating Point Specification (OFP8) 1.0 (2023); Micikevicius et al., FP8 Formats for Deep Learning (2022)
 * panel: float
 * wrong: none
 */
unsigned short e5m2_to_f16(unsigned char v)
{
    return (unsigned short)(v << 8);
}

/* @trick f16-to-e5m2
 * title: Half to FP8 E5M2 with round to nearest even, NaNs kept
 * task: Return the E5M2 byte nearest the binary16 h, ties to even: add 0x7f plus the lowest kept bit, keep the top 8; a NaN is kept a quiet NaN.
 * aliases: fp8; e5m2; half to fp8; ocp fp8; round to nearest even; 8-bit float; float8; float bits; ieee 754
 * spec: f16_to_e5m2_spec
 * width: 16
 * restrict: none
 * ops: 9
 * from: OCP 8-bit Floating Point Specification (OFP8) 1.0 (2023: round to nearest even, non-saturating overflow); the bfloat16 rounding above, 8 bits narrower
 * panel: float
 * wrong: none
 */
unsigned char f16_to_e5m2(unsigned short h)
{
    if ((h & 0x7fff) > 0x7c00)
        return (unsigned char)((h >> 8) | 2);
    return (unsigned char)((h + 0x7f + ((h >> 8) & 1)) >> 8);
}

/* @trick f32-unit-bits
 * title: Random float in [1, 2) from random bits (subtract 1.0 for [0, 1))
 * task: Return the binary32 bits of 1.f with the top 23 bits of the random r as f: 0x3f800000 | r >> 9 (then 1.0 less in float arithmetic gives [0, 1)).
 * aliases: random float; uniform float; random float from bits; float in 0 1; rand float; float bits; ieee 754
 * spec: f32_unit_bits_spec
 * width: 32
 * restrict: none
 * ops: 2
 * from: Sebastiano Vigna, xoshiro/xoroshiro generators (generating uniform doubles in the unit interval: 0x3ff << 52 | x >> 12, minus 1)
 * panel: float
 * wrong: none
 */
unsigned int f32_unit_bits(unsigned int r)
{
    return 0x3f800000u | (r >> 9);
}

/* @trick f64-isnan
 * title: Is-NaN test for a double by shifting out the sign
 * task: Return 1 if the binary64 bits x are a NaN: shifted left by one, they are above 0xffe0000000000000 (infinity's).
 * aliases: isnan; is nan; double nan; nan test; binary64; double bits; float bits; ieee 754
 * spec: f64_isnan_spec
 * width: 64
 * restrict: none
 * ops: 2
 * from: IEEE 754-2019 5.7.2 (isNaN); Hacker's Delight 17-1
 * panel: float
 * wrong: none
 */
int f64_isnan(unsigned long long x)
{
    return (x << 1) > 0xffe0000000000000ULL;
}

/* @trick f64-2p52
 * title: Int to double by the 2^52 trick: the bits of 2^52 + u by an or
 * task: Return the binary64 bits of 2^52 + u for a 32-bit u: 0x4330000000000000 | u (then 2^52 less in float arithmetic gives u).
 * aliases: int to double; integer to float conversion; 2^52 trick; magic number conversion; uint to double; double bits; float bits; ieee 754
 * spec: f64_2p52_spec
 * width: 32
 * restrict: none
 * ops: 1
 * from: Hacker's Delight 17-2 (floating-point to/from integer conversions); IEEE 754-2019 3.4 (binary64 encoding)
 * panel: float
 * wrong: none
 */
unsigned long long f64_2p52(unsigned int u)
{
    return 0x4330000000000000ULL | u;
}
