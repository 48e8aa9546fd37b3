/*
 * bitscope worked example: a puzzle set in the data lab's shape.
 *
 * Integer rules for every puzzle below, unless its block says otherwise:
 *   - use only the arguments and local variables of type int;
 *   - constants from 0 through 255 (0xff) only;
 *   - no if, do, while, for, switch, ?:, && or ||;
 *   - no macros, no calls, no casts, no types other than int;
 *   - shift counts stay within 0..31.
 * int is 32-bit two's complement; arithmetic wraps on overflow and >> is
 * arithmetic.
 */

/*
 * bitXnor - 1 bits where x and y agree, using only ~ and &
 *   Example: bitXnor(6, 5) = -4
 *   Legal ops: ~ &
 *   Max ops: 8
 *   Rating: 1
 *   Hints: agree means not (x and not y) and not (not x and y)
 */
int bitXnor(int x, int y) {
  return 2;
}

/*
 * evenBits - the word whose even-numbered bits (0, 2, 4, ...) are 1
 *   Example: evenBits() = 0x55555555
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 8
 *   Rating: 1
 */
int evenBits(void) {
  return 2;
}

/*
 * isNotEqual - 0 when x == y, 1 otherwise
 *   Examples: isNotEqual(5, 5) = 0, isNotEqual(4, 5) = 1
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 6
 *   Rating: 2
 */
int isNotEqual(int x, int y) {
  return 2;
}

/*
 * sign - 1 when x > 0, 0 when x == 0, -1 when x < 0
 *   Example: sign(130) = 1, sign(-23) = -1
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 10
 *   Rating: 2
 */
int sign(int x) {
  return 2;
}

/*
 * fitsBits - 1 when x is an n-bit two's complement number, else 0
 *   Example: fitsBits(5, 3) = 0, fitsBits(-4, 3) = 1
 *   Assume: 1 <= n <= 32
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 15
 *   Rating: 3
 *   Hints: shift the low n bits to the top and back
 */
int fitsBits(int x, int n) {
  return 2;
}

/*
 * getByte - byte n of x, byte 0 the lowest
 *   Example: getByte(0x12345678, 1) = 0x56
 *   Assume: 0 <= n <= 3
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 6
 *   Rating: 2
 */
int getByte(int x, int n) {
  return 2;
}

/*
 * logicalShift - x shifted right by n, zeros coming in from the left
 *   Example: logicalShift(0x87654321, 4) = 0x08765432
 *   Assume: 0 <= n <= 31
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 20
 *   Rating: 3
 */
int logicalShift(int x, int n) {
  return 2;
}

/*
 * conditional - what x ? y : z gives
 *   Example: conditional(3, 4, 5) = 4
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 16
 *   Rating: 3
 */
int conditional(int x, int y, int z) {
  return 2;
}

/*
 * isAsciiDigit - 1 when x is the code of a decimal digit, 0x30 to 0x39
 *   Example: isAsciiDigit(0x35) = 1, isAsciiDigit(0x3a) = 0
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 15
 *   Rating: 3
 */
int isAsciiDigit(int x) {
  return 2;
}

/*
 * leastBitPos - a mask of the lowest 1 bit of x (0 when x is 0)
 *   Example: leastBitPos(96) = 0x20
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 6
 *   Rating: 2
 */
int leastBitPos(int x) {
  return 2;
}

/*
 * rotateLeft - x rotated left by n bits
 *   Example: rotateLeft(0x87654321, 4) = 0x76543218
 *   Assume: 0 <= n <= 31
 *   Legal ops: ~ & ^ | + << >> !
 *   Max ops: 25
 *   Rating: 3
 *   Hints: a shift by 32 - n is undefined at n = 0
 */
int rotateLeft(int x, int n) {
  return 2;
}

/*
 * isPower2 - 1 when x is a power of two (so x > 0), else 0
 *   Example: isPower2(16) = 1, isPower2(0) = 0, isPower2(-8) = 0
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 20
 *   Rating: 4
 */
int isPower2(int x) {
  return 2;
}

/*
 * isLessOrEqual - 1 when x <= y, else 0
 *   Example: isLessOrEqual(4, 5) = 1
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 24
 *   Rating: 3
 *   Hints: y - x can overflow when the signs differ
 */
int isLessOrEqual(int x, int y) {
  return 2;
}

/*
 * bang - what !x gives, without using !
 *   Example: bang(3) = 0, bang(0) = 1
 *   Legal ops: ~ & ^ | + << >>
 *   Max ops: 12
 *   Rating: 4
 */
int bang(int x) {
  return 2;
}
