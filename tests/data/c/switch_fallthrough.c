/* switch: fall-through, `default` in the middle, several labels on one
   statement, `break`, a negative case, and a value promoted before it is
   compared (an unsigned char is never -1). */

int switch_mix(int x, unsigned char c)
{
    int r = 0;
    switch (x & 7) {
    case 0:
        r += 1;
    case 1:
        r += 2;
        break;
    default:
        r += 100;
    case 5:
        r *= 3;
        break;
    case 6:
    case 7:
        r = -r - 1;
    }
    switch (c) {
    case 255:
        r ^= 0x55;
        break;
    case -1:
        r = 7777;
        break;
    case 'a':
        r += 'a';
    }
    switch (x >> 29) {
    case -4:
        r |= 1 << 20;
        break;
    case 3:
        r |= 1 << 21;
    }
    return r;
}
