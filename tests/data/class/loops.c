/*
 * A second, small set for the class server's tests: loops allowed.
 */

/*
 * bitCount - the number of 1 bits in x
 *   Example: bitCount(7) = 3
 *   Legal ops: ! ~ & ^ | + - << >> == != < >
 *   Max ops: 40
 *   Rating: 2
 *   Control: allowed
 */
int bitCount(int x) {
  return 2;
}
