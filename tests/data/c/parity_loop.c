/* Parity by a loop with a bool flag toggled per set bit (bool from
   stdbool.h), over an unsigned char widened from an int argument. */
#include <stdbool.h>
#include <stdint.h>

bool parity_loop(int x)
{
    bool parity = false;
    uint8_t v = x;      /* keeps the low byte */
    while (v) {
        parity = !parity;
        v = v & (v - 1);
    }
    return parity;
}
