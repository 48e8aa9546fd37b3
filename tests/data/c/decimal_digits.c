/* Decimal digits of an unsigned long into a local array, then the digit
   sum, the digit count and the number with its digits reversed (mod
   2^64). */
unsigned long decimal_digits(unsigned long v)
{
    int digits[20];
    int n = 0, sum = 0;
    do {
        digits[n++] = v % 10;
        v /= 10;
    } while (v);
    unsigned long rev = 0;
    for (int i = 0; i < n; i++) {
        rev = rev * 10 + digits[i];
        sum += digits[i];
    }
    return rev ^ (unsigned long)sum << 56 ^ (unsigned long)n << 48;
}
