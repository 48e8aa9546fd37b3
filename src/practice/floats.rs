//! The Float panel's exercises (`#/float`): a float's bits written by hand,
//! the spacing of floats, rounding done with integer operations on the
//! bits, and the data lab's float puzzles: floatAbsVal, floatNegate,
//! floatIsEqual and floatIsLess as one expression each; floatScale2,
//! floatFloat2Int, floatPower2 and floatInt2Float as C functions with
//! `if` and `while`, checked against references written in `float` as a
//! course's tests.c writes them.
//!
//! ```text
//! -0.75 in binary16:  1 01110 1000000000  = 0xba00
//!                     -  2^-1  × 1.5
//! ```

use super::Exercise;

/// The float puzzles' integer operators (no `*`, `/`, `%`: the data lab's
/// float puzzles would allow them, none of these needs one).
const FLOAT_PUZZLE_OPS: &[&str] = &[
    "!", "~", "&", "|", "^", "+", "-", "<<", ">>", "<", "<=", ">", ">=", "==", "!=",
];

/// The data lab's float puzzles' rules: any integer operator, `&&`, `||`,
/// `if` and loops; no float type, constant or cast in the answer.
const DATA_LAB_FLOAT_RULES: &[&str] = &[
    "!", "~", "&", "|", "^", "+", "-", "-x", "*", "<<", ">>", "<", "<=", ">", ">=", "==", "!=",
    "&&", "||", "?:", "if", "while", "for",
];

pub const ALL: &[Exercise] = &[
    Exercise {
        id: "binary16-minus-three-quarters",
        panel: "float",
        title: "The bits of -0.75 in binary16",
        task: "Give the 16 bits of -0.75 as an IEEE binary16 (half precision): 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits.",
        widths: &[16],
        operators: &["|", "<<", "+"],
        max_ops: 2,
        max_constant: None,
        hints: &[
            "0.75 is 1.5 × 2^-1: the sign is 1, the exponent field is -1 + 15.",
            "The fraction of 1.5 is .1 in binary: only its top bit is set.",
        ],
        reference: "0xba00",
        alternatives: &["0x8000 | 0x3a00", "0xba << 8"],
        best_ops: 0,
        c_signature: None,
    },
    Exercise {
        id: "ulp-of-1024",
        panel: "float",
        title: "The gap after 1024.0f",
        task: "Give the binary32 bits of the ULP at 1024.0f: the distance from 1024 to the next float above it.",
        widths: &[32],
        operators: &["|", "<<", "+", "-"],
        max_ops: 3,
        max_constant: None,
        hints: &[
            "1024 is 2^10, and binary32 keeps 23 fraction bits: its last bit weighs 2^(10 - 23).",
            "A power of two 2^e has the fraction 0 and the exponent field e + 127.",
        ],
        reference: "0x39000000",
        alternatives: &["114 << 23", "(127 - 13) << 23"],
        best_ops: 0,
        c_signature: None,
    },
    Exercise {
        id: "float-abs-bits",
        panel: "float",
        title: "Absolute value of a float, on its bits",
        task: "x is the bits of a binary32. Give the bits of |x|: the same value with the sign bit cleared (a NaN stays a NaN).",
        widths: &[32],
        operators: &["&", "|", "^", "~", "<<", ">>"],
        max_ops: 4,
        max_constant: None,
        hints: &[
            "A float is sign-magnitude: only bit 31 says negative.",
            "Keep every bit but the top one.",
        ],
        reference: "x & 0x7fffffff",
        alternatives: &["x << 1 >> 1", "x & ~0x80000000"],
        best_ops: 1,
        c_signature: None,
    },
    Exercise {
        id: "float-to-bfloat16",
        panel: "float",
        title: "binary32 to bfloat16, rounded to nearest even",
        task: "x is the bits of a binary32 that is not a NaN. Give its bfloat16 bits (the top 16 bits, rounded to nearest, ties to even) in the low 16 bits.",
        widths: &[32],
        operators: &["+", "&", ">>", "|", "^"],
        max_ops: 6,
        max_constant: None,
        hints: &[
            "bfloat16 is binary32 with the low 16 fraction bits dropped: rounding is an add before the shift.",
            "Adding 0x7fff rounds up exactly when the dropped half is above 0x8000; at 0x8000 (a tie), the kept part's last bit decides.",
            "Add 0x7fff plus the kept part's last bit, (x >> 16) & 1, then shift.",
        ],
        reference: "(x + 0x7fff + (x >> 16 & 1)) >> 16",
        alternatives: &[
            "(x + (x >> 16 & 1) + 0x7fff) >> 16",
            "((x >> 16 & 1) + 0x7fff + x) >> 16",
        ],
        best_ops: 5,
        c_signature: None,
    },
    Exercise {
        id: "float-abs-val",
        panel: "float",
        title: "floatAbsVal: |f| on the bits, a NaN kept",
        task: "The data lab's floatAbsVal: x is the bits of a binary32 f; give the bits of |f|, but a NaN comes back as it is (its sign too).",
        widths: &[32],
        operators: FLOAT_PUZZLE_OPS,
        max_ops: 10,
        max_constant: None,
        hints: &[
            "|f| clears the sign bit: x & 0x7fffffff.",
            "A NaN is all-ones exponent with a non-zero fraction: (x & 0x7fffffff) > 0x7f800000.",
            "Keep bit 31 exactly when x is a NaN: that comparison, shifted to bit 31, joins the mask.",
        ],
        reference: "x & (0x7fffffff | (((x & 0x7fffffff) > 0x7f800000) << 31))",
        alternatives: &[
            "x & ~(((x & 0x7fffffff) <= 0x7f800000) << 31)",
            "(x & 0x7fffffff) | (x & (((x & 0x7fffffff) > 0x7f800000) << 31))",
        ],
        best_ops: 5,
        c_signature: None,
    },
    Exercise {
        id: "float-negate",
        panel: "float",
        title: "floatNegate: -f on the bits, a NaN kept",
        task: "The data lab's floatNegate: x is the bits of a binary32 f; give the bits of -f, but a NaN comes back as it is.",
        widths: &[32],
        operators: FLOAT_PUZZLE_OPS,
        max_ops: 10,
        max_constant: None,
        hints: &[
            "-f flips the sign bit, zeros and infinities included.",
            "x << 1 drops the sign: x is a NaN when x << 1 is above 0xff000000.",
        ],
        reference: "x ^ (((x & 0x7fffffff) <= 0x7f800000) << 31)",
        alternatives: &[
            "x ^ (((x & 0x7fffffff) < 0x7f800001) << 31)",
            "x + (((x << 1) <= 0xff000000) << 31)",
        ],
        best_ops: 4,
        c_signature: None,
    },
    Exercise {
        id: "float-is-equal",
        panel: "float",
        title: "floatIsEqual: f == g on the bits",
        task: "The data lab's floatIsEqual: x and y are the bits of binary32s f and g; give 1 when f == g as C compares floats (-0 equals +0, a NaN equals nothing, not even itself), else 0.",
        widths: &[32],
        operators: FLOAT_PUZZLE_OPS,
        max_ops: 14,
        max_constant: None,
        hints: &[
            "Equal bits are equal floats, unless they are a NaN.",
            "The two zeros differ only in the sign bit: shifted left by one, both are 0.",
        ],
        reference: "((x == y) & ((x << 1) <= 0xff000000)) | (((x | y) << 1) == 0)",
        alternatives: &[
            "((x == y) & ((x << 1) < 0xff000001)) | !((x | y) << 1)",
            "(((x << 1) <= 0xff000000) & ((y << 1) <= 0xff000000)) & ((x == y) | (((x | y) << 1) == 0))",
        ],
        best_ops: 8,
        c_signature: None,
    },
    Exercise {
        id: "float-is-less",
        panel: "float",
        title: "floatIsLess: f < g on the bits",
        task: "The data lab's floatIsLess: x and y are the bits of binary32s f and g; give 1 when f < g as C compares floats (-0 is not below +0, a NaN is below nothing and nothing is below it), else 0.",
        widths: &[32],
        operators: FLOAT_PUZZLE_OPS,
        max_ops: 30,
        max_constant: None,
        hints: &[
            "A NaN on either side: 0. Two zeros (either sign): 0.",
            "Signs differ: f < g exactly when f is the negative one.",
            "Same sign: as unsigned words, the order of the magnitudes; reversed when both are negative.",
        ],
        reference: "((x << 1) <= 0xff000000) & ((y << 1) <= 0xff000000) & (((x | y) << 1) != 0) & (((x >> 31) > (y >> 31)) | (((x >> 31) == (y >> 31)) & ((x < y) ^ (x >> 31)) & (x != y)))",
        alternatives: &[
            "((x << 1) <= 0xff000000) & ((y << 1) <= 0xff000000) & (((x | y) << 1) != 0) & (((x >> 31) & !(y >> 31)) | (!(x >> 31) & !(y >> 31) & (x < y)) | ((x >> 31) & (y >> 31) & (x > y)))",
            "((x << 1) <= 0xff000000) & ((y << 1) <= 0xff000000) & (((x | y) << 1) != 0) & (((x >> 31) > (y >> 31)) | ((((x ^ y) >> 31) == 0) & ((x < y) ^ (x >> 31)) & (x != y)))",
        ],
        best_ops: 23,
        c_signature: None,
    },
    Exercise {
        id: "float-scale2",
        panel: "float",
        title: "floatScale2: 2 × f on the bits",
        task: "The data lab's floatScale2, as a C function: unsigned floatScale2(unsigned uf) returns the bits of 2 × f for the binary32 f whose bits are uf; a NaN or an infinity comes back as it is. Integer code only: if and while allowed.",
        widths: &[32],
        operators: DATA_LAB_FLOAT_RULES,
        max_ops: 30,
        max_constant: None,
        hints: &[
            "A normal f doubles when its exponent field goes up by one: uf + 0x800000.",
            "A subnormal (exponent field 0) doubles when its fraction shifts left, perhaps into the exponent.",
            "Exponent field 0xfe: 2f overflows to infinity, 0x7f800000 with f's sign.",
        ],
        reference: "unsigned floatScale2(unsigned uf) {\n  float f = *(float *)&uf;\n  float tf = 2 * f;\n  if (isnan(f)) return uf;\n  return *(unsigned *)&tf;\n}",
        alternatives: &[
            "unsigned floatScale2(unsigned uf) {\n  unsigned exp = (uf >> 23) & 0xff, sign = uf & 0x80000000;\n  if (exp == 0xff) return uf;\n  if (exp == 0) return sign | (uf << 1);\n  if (exp == 0xfe) return sign | 0x7f800000;\n  return uf + 0x800000;\n}",
            "unsigned floatScale2(unsigned uf) {\n  unsigned e = uf & 0x7f800000;\n  if (e == 0x7f800000) return uf;\n  if (!e) return (uf & 0x80000000) | (uf << 1);\n  uf = uf + 0x800000;\n  if ((uf & 0x7f800000) == 0x7f800000) uf = uf & 0xff800000;\n  return uf;\n}",
        ],
        best_ops: 10,
        c_signature: Some("unsigned floatScale2(unsigned uf)"),
    },
    Exercise {
        id: "float-float2int",
        panel: "float",
        title: "floatFloat2Int: (int) f on the bits",
        task: "The data lab's floatFloat2Int, as a C function: int floatFloat2Int(unsigned uf) returns (int) f, truncated toward zero, for the binary32 f whose bits are uf; out of range (or a NaN) it returns 0x80000000. Integer code only: if and while allowed.",
        widths: &[32],
        operators: DATA_LAB_FLOAT_RULES,
        max_ops: 30,
        max_constant: None,
        hints: &[
            "The unbiased exponent is ((uf >> 23) & 0xff) - 127: below 0, |f| < 1 and the answer is 0.",
            "From 31 up the value does not fit (only -2^31 would, and it gives 0x80000000 anyway).",
            "The significand with its hidden bit, (uf & 0x7fffff) | 0x800000, shifted by exponent - 23; then the sign.",
        ],
        reference: "int floatFloat2Int(unsigned uf) {\n  float f = *(float *)&uf;\n  return (int) f;\n}",
        alternatives: &[
            "int floatFloat2Int(unsigned uf) {\n  int e = ((uf >> 23) & 0xff) - 127;\n  unsigned m = (uf & 0x7fffff) | 0x800000;\n  int v;\n  if (e < 0) return 0;\n  if (e > 30) return 0x80000000;\n  if (e > 23) v = m << (e - 23); else v = m >> (23 - e);\n  if (uf >> 31) v = -v;\n  return v;\n}",
            "int floatFloat2Int(unsigned uf) {\n  int e = (uf >> 23 & 0xff) - 150;\n  int v = (uf & 0x7fffff) | 0x800000;\n  if (e < -23) return 0;\n  if (e > 7) return 0x80000000;\n  while (e < 0) { v = v >> 1; e = e + 1; }\n  while (e > 0) { v = v << 1; e = e - 1; }\n  return (uf >> 31) ? -v : v;\n}",
        ],
        best_ops: 14,
        c_signature: Some("int floatFloat2Int(unsigned uf)"),
    },
    Exercise {
        id: "float-power2",
        panel: "float",
        title: "floatPower2: the bits of 2^x",
        task: "The data lab's floatPower2, as a C function: unsigned floatPower2(int x) returns the binary32 bits of 2.0^x: 0 when too small even for a subnormal, +infinity when too large. Integer code only: if and while allowed.",
        widths: &[32],
        operators: DATA_LAB_FLOAT_RULES,
        max_ops: 30,
        max_constant: None,
        hints: &[
            "2^x for -126 <= x <= 127 is a normal: fraction 0, exponent field x + 127.",
            "Below that, down to -149, 2^x is a subnormal: a single fraction bit.",
            "The smallest subnormal is 2^-149, bit 0; 2^-127 is bit 22.",
        ],
        reference: "unsigned floatPower2(int x) {\n  float result = 1.0;\n  float p2 = 2.0;\n  int recip = (x < 0);\n  if ((unsigned)x == 0x80000000) return 0;\n  if (recip) { x = -x; p2 = 0.5; }\n  while (x > 0) {\n    if (x & 0x1) result = result * p2;\n    p2 = p2 * p2;\n    x >>= 1;\n  }\n  return *(unsigned *)&result;\n}",
        alternatives: &[
            "unsigned floatPower2(int x) {\n  if (x > 127) return 0x7f800000;\n  if (x >= -126) return (x + 127) << 23;\n  if (x >= -149) return 1 << (x + 149);\n  return 0;\n}",
            "unsigned floatPower2(int x) {\n  if (x < -149) return 0;\n  if (x < -126) return 0x400000 >> (-127 - x);\n  if (x > 127) return 0xff << 23;\n  return (x + 127) << 23;\n}",
        ],
        best_ops: 9,
        c_signature: Some("unsigned floatPower2(int x)"),
    },
    Exercise {
        id: "float-int2float",
        panel: "float",
        title: "floatInt2Float: (float) x on the bits",
        task: "The data lab's floatInt2Float, as a C function: unsigned floatInt2Float(int x) returns the binary32 bits of (float) x, rounded to nearest, ties to even. Integer code only: if and while allowed.",
        widths: &[32],
        operators: DATA_LAB_FLOAT_RULES,
        max_ops: 30,
        max_constant: None,
        hints: &[
            "Work on |x| as an unsigned (INT_MIN's magnitude, 2^31, fits) and put the sign back at the end.",
            "The exponent is the place of the top one; binary32 keeps the 23 bits below it.",
            "The bits dropped decide: above half round up, below down, exactly half to the even side. A carry may reach the exponent: let it.",
        ],
        reference: "unsigned floatInt2Float(int x) {\n  float f = (float) x;\n  return *(unsigned *)&f;\n}",
        alternatives: &[
            "unsigned floatInt2Float(int x) {\n  unsigned sign = 0, a = x, e = 158, low, frac;\n  if (x == 0) return 0;\n  if (x < 0) { sign = 0x80000000; a = -x; }\n  while (!(a & 0x80000000)) { a = a << 1; e = e - 1; }\n  low = a & 0xff;\n  frac = a >> 8;\n  if (low > 0x80 || (low == 0x80 && (frac & 1))) frac = frac + 1;\n  return sign + ((e - 1) << 23) + frac;\n}",
            "unsigned floatInt2Float(int x) {\n  unsigned sign = x & 0x80000000, a = x, e = 31, t;\n  if (!x) return 0;\n  if (sign) a = -x;\n  while (!(a >> e)) e = e - 1;\n  a = a << (31 - e);\n  t = (a >> 8) + ((a & 0xff) > 0x80 || (a & 0x1ff) == 0x180);\n  return sign + ((e + 126) << 23) + t;\n}",
        ],
        best_ops: 19,
        c_signature: Some("unsigned floatInt2Float(int x)"),
    },
];

#[cfg(test)]
mod tests {
    use crate::bits::float::{encode_bits, Overflow, BFLOAT16, BINARY16, BINARY32};

    /// The references are what the float library computes.
    #[test]
    fn the_references_are_the_library_s_values() {
        let bits = |f, t| encode_bits(f, t, Overflow::Infinity).unwrap().bits;
        assert_eq!(bits(BINARY16, "-0.75"), 0xba00);
        let ulp = crate::bits::float::decoded(BINARY32, bits(BINARY32, "1024"))
            .unwrap()
            .ulp;
        assert_eq!(
            Some(
                crate::bits::float::decoded(BINARY32, 0x3900_0000)
                    .unwrap()
                    .exact
            ),
            ulp
        );
        // the bfloat16 formula against the library's conversion, ties included
        let convert = |x: u64| {
            crate::bits::float::convert::convert_bits(BINARY32, BFLOAT16, x, Overflow::Infinity)
                .unwrap()
                .bits
        };
        let formula = |x: u64| (x + 0x7fff + (x >> 16 & 1)) >> 16 & 0xffff;
        for x in [
            0x3dcc_cccd,
            0x3f80_8000,
            0x3f81_8000,
            0x3f80_7fff,
            0x7f7f_ffff,
            0x8000_0001,
        ] {
            assert_eq!(formula(x), convert(x), "{x:#x}");
        }
    }

    /// The data-lab references against the host's floats on edge patterns.
    #[test]
    fn the_data_lab_references_are_the_host_s_floats() {
        use crate::lang::expr::{evaluate, Vars};
        let run = |id: &str, x: u32, y: u32| {
            let e = super::ALL.iter().find(|e| e.id == id).unwrap();
            let vars = Vars {
                x: u64::from(x),
                y: u64::from(y),
                z: 0,
            };
            let t = evaluate(e.reference, 32, vars).unwrap();
            t.steps.last().unwrap().value.bits as u32
        };
        let edges = [
            0,
            0x8000_0000,
            1,
            0x8000_0001,
            0x3f80_0000,
            0xbf80_0000,
            0x7f7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7f80_0001,
            0x7fc0_0000,
            0xffc0_1234,
            0xffff_ffff,
            0x0080_0000,
        ];
        for &x in &edges {
            let f = f32::from_bits(x);
            let keep_nan = |v: f32| if f.is_nan() { x } else { v.to_bits() };
            assert_eq!(run("float-abs-val", x, 0), keep_nan(f.abs()), "{x:#x}");
            assert_eq!(run("float-negate", x, 0), keep_nan(-f), "{x:#x}");
            for &y in &edges {
                let want = u32::from(f == f32::from_bits(y));
                assert_eq!(run("float-is-equal", x, y), want, "{x:#x} {y:#x}");
                let less = u32::from(f < f32::from_bits(y));
                assert_eq!(run("float-is-less", x, y), less, "{x:#x} < {y:#x}");
            }
        }
    }
}
