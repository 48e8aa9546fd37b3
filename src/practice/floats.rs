//! The Float panel's exercises (`#/float`): a float's bits written by hand,
//! the spacing of floats, and rounding done with integer operations on the
//! bits, as the data lab's float puzzles do.
//!
//! ```text
//! -0.75 in binary16:  1 01110 1000000000  = 0xba00
//!                     -  2^-1  × 1.5
//! ```

use super::Exercise;

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
}
