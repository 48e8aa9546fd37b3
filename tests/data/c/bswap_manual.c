/* A 32-bit and a 16-bit byte swap by shifts and masks, compared with the
   builtins. */
#include <stdint.h>

static uint32_t swap32(uint32_t x)
{
    return (x << 24) | ((x << 8) & 0x00ff0000) | ((x >> 8) & 0x0000ff00) | (x >> 24);
}

static uint16_t swap16(uint16_t x) { return (uint16_t)(x << 8 | x >> 8); }

int64_t bswap_manual(uint32_t x)
{
    uint32_t a = swap32(x);
    uint16_t b = swap16(x);
    int ok = a == __builtin_bswap32(x) && b == __builtin_bswap16(x);
    return ok ? (int64_t)a << 16 | b : -1;
}
