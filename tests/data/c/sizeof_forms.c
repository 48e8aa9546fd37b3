/* sizeof in its forms: of a type, of a parenthesised expression, of an
   unparenthesised unary expression (sizeof t[0] is the size of an
   element: [] binds tighter than sizeof), of a whole array; sizeof does
   not evaluate its operand (x++ leaves x alone). */
#include <stdint.h>

static const uint16_t t[] = {1, 2, 3, 5, 8};

unsigned long sizeof_forms(int x)
{
    unsigned long n = sizeof t / sizeof t[0];
    unsigned long a = sizeof(t) + sizeof (t)[0] + sizeof(int64_t) + sizeof -x + sizeof x++;
    return n * 1000 + a * 10 + (unsigned long)x * 100000 + t[(unsigned)x % n];
}
