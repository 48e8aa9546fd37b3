//! Multiply-and-shift hashes: the de Bruijn scan (`#/debruijn`) and the
//! magic index of an occupancy (`#/magic`).

use super::Exercise;

pub const ALL: &[Exercise] = &[
    Exercise {
        id: "debruijn-hash",
        panel: "debruijn",
        title: "The 8-bit de Bruijn hash of the lowest set bit",
        task: "0x1d = 0b00011101 is a de Bruijn sequence: its eight 3-bit windows are all different. Give the 3-bit window that the lowest set bit of x selects: isolate the bit, multiply, keep the top 3 bits.",
        widths: &[8],
        operators: &["~", "-x", "+", "-", "&", "*", ">>", "<<", "/"],
        max_ops: 5,
        max_constant: Some(255),
        hints: &[
            "x & -x is the lowest set bit, 2^k: multiplying by it shifts 0x1d left by k.",
            "The top three bits of the byte are then the window starting k bits from the top.",
        ],
        reference: "((x & -x) * 0x1d) >> 5",
        alternatives: &["((x & (~x + 1)) * 29) >> 5", "((x & -x) * 0x1d) / 32", "(((x & -x) * 0x1d) & 0xe0) >> 5"],
        best_ops: 4,
        c_signature: None,
    },
    Exercise {
        id: "magic-index",
        panel: "magic",
        title: "The magic index of a rook's occupancy",
        task: "A rook on a1 sees the 12 squares of the mask 0x000101010101017e. Give the table index of the occupancy x with the magic 0x0080001020400080: keep the relevant squares, multiply, keep the top 12 bits.",
        widths: &[64],
        operators: &["&", "*", ">>", "<<", "|", "^", "/"],
        max_ops: 4,
        max_constant: None,
        hints: &[
            "Only the squares in the mask matter: x & mask.",
            "The product's top 12 bits are the index: shift right by 64 - 12.",
        ],
        reference: "((x & 0x000101010101017e) * 0x0080001020400080) >> 52",
        alternatives: &[
            "(((x & 0x000101010101017e) * 0x0080001020400080) >> 48) >> 4",
            "((x & 0x000101010101017e) * 0x0080001020400080) / 0x0010000000000000",
        ],
        best_ops: 3,
        c_signature: None,
    },
];
