/* Plain char is signed: char arithmetic promotes to int, assignment back
   to char wraps, compound assignment and ++ on a char wrap too. */
int promo_char_arith(char a, char b)
{
    char c = a;
    c += b;                    /* wraps to char */
    int wide = a + b;          /* does not */
    char d = b;
    d++;
    d *= 3;
    unsigned char u = a;
    return (c * 2 + (c >> 1)) ^ (wide * 1024) ^ (d * (1 << 20)) ^ ((unsigned)u << 24) ^ ('a' - a);
}
