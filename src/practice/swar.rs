//! SWAR: several small lanes in one word, added, subtracted, averaged and
//! searched without a carry leaking from one lane into the next (`#/swar`).

use super::Exercise;

const BITWISE_ADD: &[&str] = &["~", "+", "-", "&", "^", "|", ">>", "<<", "!=", "==", "!"];

pub const ALL: &[Exercise] = &[
    Exercise {
        id: "swar-add-nibbles",
        panel: "swar",
        title: "Add eight nibble lanes",
        task: "x and y each hold eight 4-bit lanes. Give the eight lane sums mod 16, with no carry leaking from one lane into the next.",
        widths: &[32],
        operators: BITWISE_ADD,
        max_ops: 8,
        max_constant: None,
        hints: &[
            "Add with every lane's top bit cleared: the carries stop at the top bits.",
            "A lane's top bit of the sum is the xor of the two top bits and the carry that came in.",
        ],
        reference: "((x & 0x77777777) + (y & 0x77777777)) ^ ((x ^ y) & 0x88888888)",
        alternatives: &[
            "((x & 0x77777777) + (y & 0x77777777)) ^ (x & 0x88888888) ^ (y & 0x88888888)",
            "((x & ~0x88888888) + (y & ~0x88888888)) ^ ((x ^ y) & 0x88888888)",
        ],
        best_ops: 6,
        c_signature: None,
    },
    Exercise {
        id: "swar-sub-nibbles",
        panel: "swar",
        title: "Subtract eight nibble lanes",
        task: "x and y each hold eight 4-bit lanes. Give the eight lane differences x - y mod 16, with no borrow leaking between lanes.",
        widths: &[32],
        operators: BITWISE_ADD,
        max_ops: 8,
        max_constant: None,
        hints: &[
            "Set every lane's top bit of x and clear it in y: a borrow then stops at the top bit.",
            "The top bit of a lane's difference is x's top bit xor y's top bit xor the borrow in.",
        ],
        reference: "((x | 0x88888888) - (y & 0x77777777)) ^ ((x ^ ~y) & 0x88888888)",
        alternatives: &[
            "((x | 0x88888888) - (y & 0x77777777)) ^ (~(x ^ y) & 0x88888888)",
            "((x | 0x88888888) - (y & 0x77777777)) ^ ((x ^ y ^ 0x88888888) & 0x88888888)",
        ],
        best_ops: 7,
        c_signature: None,
    },
    Exercise {
        id: "average-bytes",
        panel: "swar",
        title: "Average of two bytes without overflow",
        task: "Give floor((x + y) / 2) for two bytes, computed in 8 bits (x + y itself may not fit).",
        widths: &[8],
        operators: &["+", "-", "&", "^", "|", ">>", "<<"],
        max_ops: 8,
        max_constant: Some(255),
        hints: &[
            "x + y = 2 (x & y) + (x ^ y): the bits both have, counted twice, and the bits one has.",
            "Halve each part.",
        ],
        reference: "(x & y) + ((x ^ y) >> 1)",
        alternatives: &["(x >> 1) + (y >> 1) + (x & y & 1)", "(x | y) - ((x ^ y) >> 1) - ((x ^ y) & 1)"],
        best_ops: 4,
        c_signature: None,
    },
    Exercise {
        id: "average-lanes",
        panel: "swar",
        title: "Lane-wise average of four bytes",
        task: "x and y each hold four byte lanes. Give the four floor averages, each in its lane.",
        widths: &[32],
        operators: &["+", "-", "&", "^", "|", ">>", "<<", "~"],
        max_ops: 8,
        max_constant: None,
        hints: &[
            "The two-byte average works lane by lane, except that the shift moves a bit into the lane below.",
            "Clear each lane's top bit after the shift.",
        ],
        reference: "(x & y) + (((x ^ y) >> 1) & 0x7f7f7f7f)",
        alternatives: &["(x | y) - (((x ^ y) >> 1) & 0x7f7f7f7f) - ((x ^ y) & 0x01010101)", "(x & y) + (((x ^ y) & 0xfefefefe) >> 1)"],
        best_ops: 5,
        c_signature: None,
    },
    Exercise {
        id: "has-zero-byte",
        panel: "swar",
        title: "Does a word have a zero byte?",
        task: "Give 1 when one of the four bytes of x is zero, else 0.",
        widths: &[32],
        operators: &["~", "+", "-", "&", "^", "|", "!=", "==", "!"],
        max_ops: 8,
        max_constant: None,
        hints: &[
            "x - 0x01010101 borrows out of a zero byte and sets its top bit.",
            "A byte whose top bit was already set also has it set: mask those with ~x.",
            "Any bit left means a zero byte: compare with 0.",
        ],
        reference: "((x - 0x01010101) & ~x & 0x80808080) != 0",
        alternatives: &[
            "!!((x - 0x01010101) & ~x & 0x80808080)",
            "(~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f)) != 0",
        ],
        best_ops: 5,
        c_signature: None,
    },
];
