//! Signed nibbles: four bits read as two's complement.
//!
//! ```text
//!  bit:   3   2   1   0
//! weight: -8  +4  +2  +1        1011 = -8 + 2 + 1 = -5
//! ```
//!
//! Sign extension to a full integer is `(x ^ 8) - 8`: flipping bit 3 maps the
//! signed range -8..=7 onto 0..=15 in order (0x8 -> 0, 0xF -> 7, 0x0 -> 8,
//! 0x7 -> 15), and subtracting 8 in the wider type slides it back, the borrow
//! filling the high bits with copies of the sign.

use super::trace::{Outcome, Step, Trace};
use super::word::{sign_extend, Word};
use serde::{Deserialize, Serialize};

// The nibble board moved to [`super::nibble_board`] (and the piece codes to
// [`super::piece`], square names to [`super::square`]); these paths still work.
pub use super::nibble_board::{
    byte_and_shift, nibble_board_trace, nibble_get_trace, nibble_set_trace, NibbleBoard,
    NibbleError,
};
pub use super::piece::code_name;
pub use super::square::square_name;

/// One row of the signed nibble table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NibbleRow {
    pub nibble: u8,
    pub unsigned: u8,
    pub signed: i8,
}

impl NibbleRow {
    /// `1011B`-style binary digits.
    pub fn binary(&self) -> String {
        format!("{:04b}", self.nibble)
    }

    /// `0xB`-style hex digit.
    pub fn hex(&self) -> String {
        format!("0x{:X}", self.nibble)
    }
}

/// Sign extension of a nibble by the xor-subtract trick: `(x ^ 8) - 8`.
pub const fn sign_extend_nibble(x: u8) -> i8 {
    ((x & 15) ^ 8) as i8 - 8
}

/// Two's complement negation inside a nibble: `(~x + 1) & 15`.
pub const fn negate_nibble(x: u8) -> u8 {
    (!x).wrapping_add(1) & 15
}

/// The 16-row table: every nibble, unsigned and signed, computed by
/// [`sign_extend_nibble`].
pub fn signed_table() -> [NibbleRow; 16] {
    core::array::from_fn(|i| NibbleRow {
        nibble: i as u8,
        unsigned: i as u8,
        signed: sign_extend_nibble(i as u8),
    })
}

/// Sign extension of nibble `x` to 8 bits, stepped: `x`, `x ^ 8`, `(x ^ 8) - 8`.
pub fn sign_extend_trace(x: u8) -> Trace {
    let x = x & 15;
    let flipped = x ^ 8;
    let extended = sign_extend_nibble(x);
    let neg = x & 8 != 0;
    Trace::new(
        "sign-extend",
        format!("sign extension of 0x{x:X} to 8 bits"),
        Outcome::Number(extended as i64),
    )
    .step(
        Step::new("the nibble", "x", Word::new(x as u64, 4))
            .highlight(0b1000)
            .note(format!(
                "bit 3 is the sign bit: it weighs -8, so 0x{x:X} reads {} unsigned and {} signed",
                x, extended
            )),
    )
    .step(
        Step::new("flip the sign bit", "x ^ 8", Word::new(flipped as u64, 4))
            .highlight(0b1000)
            .note(format!(
                "xor 8 maps -8..7 onto 0..15 in order: {} -> {}",
                extended, flipped
            )),
    )
    .step(
        Step::new(
            "subtract 8 in 8 bits",
            "(x ^ 8) - 8",
            Word::new(extended as u8 as u64, 8),
        )
        .highlight(if neg { 0xf0 } else { 0 })
        .note(if neg {
            format!(
                "{} - 8 = {}: the borrow fills bits 4..7 with ones, copies of the sign",
                flipped, extended
            )
        } else {
            format!(
                "{} - 8 = {}: no borrow, bits 4..7 stay zero like the sign",
                flipped, extended
            )
        }),
    )
}

/// Two's complement negation of nibble `x`, stepped: `~x`, `~x + 1`.
pub fn negate_trace(x: u8) -> Trace {
    let x = x & 15;
    let inverted = !x & 15;
    let negated = negate_nibble(x);
    let value = sign_extend_nibble(x) as i64;
    let note = if x == 8 {
        "-8 has no positive partner in 4 bits: its negation wraps back to -8".to_string()
    } else {
        format!(
            "{} negated is {}: 0x{:X} reads {} signed",
            value,
            -value,
            negated,
            sign_extend_nibble(negated)
        )
    };
    Trace::new(
        "negate",
        format!("negation of 0x{x:X} in a nibble"),
        Outcome::Number(sign_extend(negated as u64, 4)),
    )
    .step(Step::new("the nibble", "x", Word::new(x as u64, 4)).note(format!("{value} signed")))
    .step(
        Step::new("invert every bit", "~x", Word::new(inverted as u64, 4))
            .highlight(0b1111)
            .note(format!("~x = -x - 1 = {}", -value - 1)),
    )
    .step(
        Step::new(
            "add one, keep 4 bits",
            "(~x + 1) & 15",
            Word::new(negated as u64, 4),
        )
        .note(note),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_matches_twos_complement() {
        let table = signed_table();
        assert_eq!(table[0].signed, 0);
        assert_eq!(table[7].signed, 7);
        assert_eq!(table[8].signed, -8);
        assert_eq!(table[0xB].signed, -5);
        assert_eq!(table[0xF].signed, -1);
        assert_eq!(table[0xB].binary(), "1011");
        assert_eq!(table[0xB].hex(), "0xB");
        for row in table {
            // plain reference: subtract 16 when bit 3 is set
            let reference = if row.nibble >= 8 {
                row.nibble as i8 - 16
            } else {
                row.nibble as i8
            };
            assert_eq!(row.signed, reference);
        }
    }

    #[test]
    fn negation_wraps_only_at_minus_eight() {
        for x in 0..16u8 {
            let n = negate_nibble(x);
            let s = sign_extend_nibble(x) as i16;
            if x == 8 {
                assert_eq!(n, 8);
            } else {
                assert_eq!(sign_extend_nibble(n) as i16, -s);
            }
        }
    }

    #[test]
    fn traces_end_in_the_result() {
        let t = sign_extend_trace(0xB);
        assert_eq!(t.result, Outcome::Number(-5));
        assert_eq!(t.steps.last().unwrap().value, Word::new(0xfb, 8));
        let t = negate_trace(3);
        assert_eq!(t.result, Outcome::Number(-3));
        assert_eq!(t.steps.last().unwrap().value, Word::new(0xd, 4));
    }
}
