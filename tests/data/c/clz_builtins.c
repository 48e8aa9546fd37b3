/* clz and ctz builtins at int, long and long long widths, the arguments
   made non-zero (| 1, | top bit) so every input is defined. */
#include <limits.h>

int clz_builtins(unsigned x, unsigned long long y)
{
    int a = __builtin_clz(x | 1);
    int b = __builtin_ctz(x | 0x80000000u);
    int c = __builtin_clzll(y | 1);
    int d = __builtin_ctzl(y | (1UL << 63));
    int e = 31 - __builtin_clz((x >> 1) | 1);     /* log2 */
    return ((a * 64 + b) * 64 + c) * 64 + d + (e == 31 - a) * (1 << 28);
}
