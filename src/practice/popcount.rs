//! Counting bits: the SWAR popcount and parity of a byte (`#/popcount`).

use super::Exercise;

pub const ALL: &[Exercise] = &[
    Exercise {
        id: "popcount-byte",
        panel: "popcount",
        title: "Popcount of a byte, SWAR style",
        task: "Give the number of set bits of the byte x (0..8), without a loop.",
        widths: &[8],
        operators: &["+", "-", "&", "|", "^", ">>", "<<"],
        max_ops: 24,
        max_constant: Some(255),
        hints: &[
            "x - ((x >> 1) & 0x55) holds the count of each pair of bits in that pair.",
            "Add neighbouring pairs into nibbles with the mask 0x33, then the two nibbles.",
            "Or: the popcount of x is x - x/2 - x/4 - ... - x/128 (each rounded down).",
        ],
        reference: "((x - ((x >> 1) & 0x55) & 0x33) + ((x - ((x >> 1) & 0x55)) >> 2 & 0x33) + (((x - ((x >> 1) & 0x55) & 0x33) + ((x - ((x >> 1) & 0x55)) >> 2 & 0x33)) >> 4)) & 0x0f",
        alternatives: &[
            "x - (x >> 1) - (x >> 2) - (x >> 3) - (x >> 4) - (x >> 5) - (x >> 6) - (x >> 7)",
            "(x & 1) + (x >> 1 & 1) + (x >> 2 & 1) + (x >> 3 & 1) + (x >> 4 & 1) + (x >> 5 & 1) + (x >> 6 & 1) + (x >> 7)",
        ],
        best_ops: 14,
        c_signature: None,
    },
    Exercise {
        id: "parity-byte",
        panel: "popcount",
        title: "Parity of a byte",
        task: "Give 1 when the byte x has an odd number of set bits, else 0.",
        widths: &[8],
        operators: &["&", "|", "^", ">>", "<<", "+", "-"],
        max_ops: 16,
        max_constant: Some(255),
        hints: &[
            "x ^ x >> 4 folds the high nibble onto the low one: the low nibble's parity is x's parity.",
            "Fold again by 2, then by 1, and keep bit 0.",
        ],
        reference: "((x ^ x >> 4) ^ (x ^ x >> 4) >> 2 ^ ((x ^ x >> 4) ^ (x ^ x >> 4) >> 2) >> 1) & 1",
        alternatives: &[
            "(x ^ x >> 1 ^ x >> 2 ^ x >> 3 ^ x >> 4 ^ x >> 5 ^ x >> 6 ^ x >> 7) & 1",
            "(x - (x >> 1) - (x >> 2) - (x >> 3) - (x >> 4) - (x >> 5) - (x >> 6) - (x >> 7)) & 1",
        ],
        best_ops: 15,
        c_signature: None,
    },
];
