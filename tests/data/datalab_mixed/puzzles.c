/*
 * bitscope worked example: a data lab of fourteen puzzles, seven of them float
 * puzzles (their blocks as CS:APP words them; their rules: any integer
 * operation, if and while).
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
 * floatScale2 - Return bit-level equivalent of expression 2*f for
 *   floating point argument f.
 *   Both the argument and result are passed as unsigned int's, but
 *   they are to be interpreted as the bit-level representation of
 *   single-precision floating point values.
 *   When argument is NaN, return argument
 *   Legal ops: Any integer/unsigned operations incl. ||, &&. also if, while
 *   Max ops: 30
 *   Rating: 4
 */
unsigned floatScale2(unsigned uf) {
  return 2;
}
/* 
 * floatFloat2Int - Return bit-level equivalent of expression (int) f
 *   for floating point argument f.
 *   Argument is passed as unsigned int, but
 *   it is to be interpreted as the bit-level representation of a
 *   single-precision floating point value.
 *   Anything out of range (including NaN and infinity) should return
 *   0x80000000u.
 *   Legal ops: Any integer/unsigned operations incl. ||, &&. also if, while
 *   Max ops: 30
 *   Rating: 4
 */
int floatFloat2Int(unsigned uf) {
  return 2;
}
/* 
 * floatPower2 - Return bit-level equivalent of the expression 2.0^x
 *   (2.0 raised to the power x) for any 32-bit integer x.
 *
 *   The unsigned value that is returned should have the identical bit
 *   representation as the single-precision floating-point number 2.0^x.
 *   If the result is too small to be represented as a denorm, return
 *   0. If too large, return +INF.
 * 
 *   Legal ops: Any integer/unsigned operations incl. ||, &&. Also if, while 
 *   Max ops: 30 
 *   Rating: 4
 */
unsigned floatPower2(int x) {
    return 2;
}

/* 
 * floatAbsVal - Return bit-level equivalent of absolute value of f for
 *   floating point argument f.
 *   Both the argument and result are passed as unsigned int's, but
 *   they are to be interpreted as the bit-level representations of
 *   single-precision floating point values.
 *   When argument is NaN, return argument..
 *   Legal ops: Any integer/unsigned operations incl. ||, &&. also if, while
 *   Max ops: 10
 *   Rating: 2
 */
unsigned floatAbsVal(unsigned uf) {
  return 2;
}
/* 
 * floatNegate - Return bit-level equivalent of expression -f for
 *   floating point argument f.
 *   Both the argument and result are passed as unsigned int's, but
 *   they are to be interpreted as the bit-level representations of
 *   single-precision floating point values.
 *   When argument is NaN, return argument.
 *   Legal ops: Any integer/unsigned operations incl. ||, &&. also if, while
 *   Max ops: 10
 *   Rating: 2
 */
unsigned floatNegate(unsigned uf) {
 return 2;
}
/* 
 * floatIsLess - Compute f < g for floating point arguments f and g.
 *   Both the arguments are passed as unsigned int's, but
 *   they are to be interpreted as the bit-level representations of
 *   single-precision floating point values.
 *   If either argument is NaN, return 0.
 *   +0 and -0 are considered equal.
 *   Legal ops: Any integer/unsigned operations incl. ||, &&. also if, while
 *   Max ops: 30
 *   Rating: 3
 */
int floatIsLess(unsigned uf, unsigned ug) {
    return 2;
}
/* 
 * floatInt2Float - Return bit-level equivalent of expression (float) x
 *   Result is returned as unsigned int, but
 *   it is to be interpreted as the bit-level representation of a
 *   single-precision floating point values.
 *   Legal ops: Any integer/unsigned operations incl. ||, &&. also if, while
 *   Max ops: 30
 *   Rating: 4
 */
unsigned floatInt2Float(int x) {
  return 2;
}
