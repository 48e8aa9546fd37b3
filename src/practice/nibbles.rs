//! Nibbles: the two halves of a byte (`#/nibbles`) and sixteen codes
//! packed in a word (`#/nibble-board`).

use super::Exercise;

pub const ALL: &[Exercise] = &[
    Exercise {
        id: "swap-nibbles",
        panel: "nibbles",
        title: "Swap the two nibbles of a byte",
        task: "Give the byte x with its high and low nibbles swapped: 0x3c gives 0xc3.",
        widths: &[8],
        operators: &["&", "|", "^", "+", "<<", ">>", "*", "/"],
        max_ops: 4,
        max_constant: Some(255),
        hints: &["Shifting a byte left by 4 drops the high nibble off the top."],
        reference: "(x << 4) | (x >> 4)",
        alternatives: &["((x & 15) << 4) ^ (x >> 4)", "(x * 16) + (x / 16)"],
        best_ops: 3,
        c_signature: None,
    },
    Exercise {
        id: "nibble-of-square",
        panel: "nibble-board",
        title: "Read a square's nibble from a packed word",
        task: "x packs sixteen 4-bit codes, square 0 in the low nibble. Give the code of square y (0..15; larger y may give anything).",
        widths: &[64],
        operators: &["&", "|", "+", "-", "*", "<<", ">>"],
        max_ops: 4,
        max_constant: Some(63),
        hints: &["Square y starts at bit 4y.", "Shift it down to bit 0 and keep 4 bits."],
        reference: "(x >> (y << 2)) & 15",
        alternatives: &["(x >> y * 4) & 15", "(x << (60 - (y << 2))) >> 60"],
        best_ops: 3,
        c_signature: None,
    },
];
