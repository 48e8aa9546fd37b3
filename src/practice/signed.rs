//! Signed values in unsigned words: sign extension, negation, abs, min and
//! max without branches (`#/nibbles` shows signed nibbles; the rest is the
//! Lab's arithmetic).

use super::Exercise;

const ARITH: &[&str] = &[
    "~", "-x", "!", "+", "-", "&", "^", "|", "<<", ">>", "<", ">", "<=", ">=", "==", "!=",
];

pub const ALL: &[Exercise] = &[
    Exercise {
        id: "nibble-sign-extend",
        panel: "nibbles",
        title: "Sign-extend a nibble",
        task: "Read the low 4 bits of x as a signed nibble (-8..7) and give it as a signed word of the full width: 0x0e gives 0xfe (-2), 0x15 gives 0x05.",
        widths: &[8, 16],
        operators: &["~", "-x", "+", "-", "&", "^", "|"],
        max_ops: 6,
        max_constant: Some(15),
        hints: &[
            "First keep only the nibble: x & 15.",
            "Flipping the sign bit (^ 8) maps -8..7 to 0..15 in order.",
            "Then subtract what the flip added.",
        ],
        reference: "((x & 15) ^ 8) - 8",
        alternatives: &["(x & 7) - (x & 8)", "(x & 15) | -(x & 8)", "((x & 15) + 8 & 15) - 8"],
        best_ops: 3,
        c_signature: None,
    },
    Exercise {
        id: "negate-without-minus",
        panel: "nibbles",
        title: "Negate without a minus",
        task: "Give -x (two's complement, mod 2^W) without using - at all.",
        widths: &[8, 64],
        operators: &["~", "!", "+", "&", "^", "|", "<<", ">>"],
        max_ops: 4,
        max_constant: Some(255),
        hints: &["x + ~x is all ones, that is -1.", "So -x = ~x + 1."],
        reference: "~x + 1",
        alternatives: &["~(x + ~0)", "(x ^ ~0) + 1"],
        best_ops: 2,
        c_signature: None,
    },
    Exercise {
        id: "abs",
        panel: "lab",
        title: "Absolute value without a branch",
        task: "x is a C int (32 bits, so >> is arithmetic): give |x| (INT_MIN stays itself).",
        widths: &[32],
        operators: ARITH,
        max_ops: 8,
        max_constant: Some(255),
        hints: &[
            "In C, x >> 31 on an int copies the sign: all ones (-1) for negative x, else 0.",
            "x ^ m flips every bit when m is all ones: that is -x - 1.",
            "So subtract m (add 1) when negative.",
        ],
        reference: "(x ^ (x >> 31)) - (x >> 31)",
        alternatives: &["(x + (x >> 31)) ^ (x >> 31)", "x - ((x << 1) & (x >> 31))"],
        best_ops: 4,
        c_signature: Some("int abs(int x)"),
    },
    Exercise {
        id: "min",
        panel: "lab",
        title: "Minimum without a branch",
        task: "Give the smaller of x and y (unsigned) without a branch.",
        widths: &[8, 64],
        operators: ARITH,
        max_ops: 8,
        max_constant: Some(255),
        hints: &[
            "x < y is 0 or 1; -(x < y) is then 0 or all ones: a mask.",
            "y ^ (x ^ y) is x.",
        ],
        reference: "y ^ ((x ^ y) & -(x < y))",
        alternatives: &["x ^ ((x ^ y) & -(y < x))", "(x & -(x < y)) | (y & -(x >= y))"],
        best_ops: 5,
        c_signature: None,
    },
    Exercise {
        id: "max",
        panel: "lab",
        title: "Maximum without a branch",
        task: "Give the larger of x and y (unsigned) without a branch.",
        widths: &[8, 64],
        operators: ARITH,
        max_ops: 8,
        max_constant: Some(255),
        hints: &["The same mask as for the minimum picks the other side."],
        reference: "x ^ ((x ^ y) & -(x < y))",
        alternatives: &["y ^ ((x ^ y) & -(y < x))", "(x & -(x >= y)) | (y & -(x < y))"],
        best_ops: 5,
        c_signature: None,
    },
];
