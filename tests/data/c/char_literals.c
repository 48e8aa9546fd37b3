/* Character constants are ints: '\xff' and '\377' are -1 with a signed
   char, '\'' and '\\' are escapes; a table of them indexed by k. */
int char_literals(int k, char c)
{
    const int table[] = {'a', '\n', '\t', '\0', '\'', '\\', '\x7f', '\xff', '\377', '\200', '0', 'Z'};
    int n = sizeof(table) / sizeof(table[0]);
    int i = (unsigned)k % n;
    return table[i] * 256 + (c == table[i]) + (c - 'a') * 65536;
}
