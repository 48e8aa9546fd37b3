/* The data lab's test_replaceByte reference: replace byte n of x by c,
   with a switch as the course's tests.c writes it. */

int test_replaceByte(int x, int n, int c)
{
    switch (n & 3) {
    case 0:
        x = (x & 0xFFFFFF00) | (c & 0xff);
        break;
    case 1:
        x = (x & 0xFFFF00FF) | ((c & 0xff) << 8);
        break;
    case 2:
        x = (x & 0xFF00FFFF) | ((c & 0xff) << 16);
        break;
    default:
        x = (x & 0x00FFFFFF) | ((c & 0xff) << 24);
        break;
    }
    return x;
}
