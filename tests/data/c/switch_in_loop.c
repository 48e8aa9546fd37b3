/* switch inside a loop: `continue` goes on with the loop, `break` leaves
   only the switch; a `break` inside an `if` of a case; a switch with no
   `default` that matches nothing; a 64-bit value with a case above 2^32. */

unsigned long long nibble_kinds(unsigned long long x)
{
    unsigned long long r = 0;
    int i;
    for (i = 0; i < 16; i++) {
        switch ((x >> (4 * i)) & 0xf) {
        case 0:
            continue;
        case 1:
        case 2:
        case 4:
        case 8:
            r += 1;
            break;
        default:
            r += 16;
            if (r > 200)
                break;
            r += 256;
        }
        r <<= 1;
    }
    switch (x) {
    case 0x100000000ULL:
        r = ~r;
        break;
    case 12345:
        r = 0;
    }
    return r;
}
