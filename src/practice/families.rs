//! The catalog's panels: a swap of the permutation ladder (`#/permute`),
//! divisibility by the inverse (`#/divide`), the Gray code (`#/gray`), and
//! a trick whose fewest operations the search proves (`#/shortest`).

use super::Exercise;

pub const ALL: &[Exercise] = &[
    Exercise {
        id: "swap-adjacent-bits",
        panel: "permute",
        title: "Swap each pair of bits",
        task: "Swap bit 0 with bit 1, bit 2 with bit 3, and so on: 0b1101_0010 gives 0b1110_0001.",
        widths: &[8],
        operators: &["&", "|", "^", "<<", ">>", "+"],
        max_ops: 8,
        max_constant: Some(255),
        hints: &[
            "The even bits move up one place, the odd bits down one.",
            "0x55 picks the even bits, 0xaa the odd ones.",
        ],
        reference: "(x >> 1 & 0x55) | (x << 1 & 0xaa)",
        alternatives: &[
            "((x & 0x55) << 1) | ((x & 0xaa) >> 1)",
            "(x >> 1 & 0x55) + (x << 1 & 0xaa)",
        ],
        best_ops: 5,
        c_signature: None,
    },
    Exercise {
        id: "divisible-by-three",
        panel: "divide",
        title: "Divisible by 3, without a divide",
        task: "Give 1 when the byte x is a multiple of 3, else 0, with one multiply and one comparison.",
        widths: &[8],
        operators: &["*", "<", "<=", ">", ">=", "&", "+", "-"],
        max_ops: 4,
        max_constant: Some(255),
        hints: &[
            "171 * 3 = 513 = 2 * 256 + 1: modulo 256, multiplying by 171 undoes a multiply by 3.",
            "So the multiples of 3 (0, 3, ..., 255) land on 0, 1, ..., 85 and every other byte above 85.",
        ],
        reference: "x * 0xab <= 0x55",
        alternatives: &["x * 171 < 86", "0x56 > x * 0xab"],
        best_ops: 2,
        c_signature: None,
    },
    Exercise {
        id: "gray-code",
        panel: "gray",
        title: "Binary to Gray code",
        task: "Give the reflected Gray code of x: consecutive numbers differ in one bit (0b0110 gives 0b0101).",
        widths: &[8, 64],
        operators: &["^", ">>", "&", "|", "-", "+"],
        max_ops: 6,
        max_constant: Some(255),
        hints: &[
            "Bit i of the code says whether bits i and i + 1 of x differ.",
            "Compare x with x shifted right by one.",
        ],
        reference: "x ^ x >> 1",
        alternatives: &["(x >> 1) ^ x", "(x | x >> 1) - (x & x >> 1)"],
        best_ops: 2,
        c_signature: None,
    },
    Exercise {
        id: "clear-lowest-run",
        panel: "shortest",
        title: "Clear the lowest run of ones",
        task: "Clear the lowest block of consecutive set bits of x: 0b0101_1100 gives 0b0100_0000. Four operations are the fewest possible.",
        widths: &[8, 64],
        operators: &["~", "-x", "+", "-", "&", "^", "|"],
        max_ops: 8,
        max_constant: Some(255),
        hints: &[
            "x & -x is the lowest set bit; adding it to x carries through the whole lowest run.",
            "The carry leaves the run's bits 0 and sets the bit above it, which x does not have.",
        ],
        reference: "x & (x + (x & -x))",
        alternatives: &["((x | (x - 1)) + 1) & x", "x & ((x & -x) + x)"],
        best_ops: 4,
        c_signature: None,
    },
];
