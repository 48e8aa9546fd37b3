/* The type of ?: follows the usual arithmetic conversions: c ? -1 : 0u
   is an unsigned -1, c ? (char)x : (short)y an int; with a long branch
   the other one widens (sign-extended or not). */
long long ternary_types(int c, int x, unsigned y)
{
    long long a = c ? -1 : 0u;               /* 4294967295, not -1 */
    long long b = c ? -1 : 0L;               /* -1 */
    long long d = (c & 2) ? (char)x : (short)y;
    long long e = (c & 4) ? x : y;           /* unsigned int */
    long long f = (c & 8) ? (long)x : y;     /* long */
    return a ^ b * 3 ^ d * 5 ^ e * 7 ^ f * 11;
}
