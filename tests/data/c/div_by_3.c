/* Division by 3 with a multiply: n * 0xAAAAAAAB >> 33 in 64 bits (the
   cast to uint64_t keeps the product from wrapping); the remainder by
   subtraction, both checked against / and %. */
#include <stdint.h>

uint64_t div_by_3(uint32_t n)
{
    uint32_t q = (uint32_t)(((uint64_t)n * 0xAAAAAAABULL) >> 33);
    uint32_t r = n - q * 3;
    int ok = q == n / 3 && r == n % 3;
    return (uint64_t)q << 8 | r << 1 | ok;
}
