//! The Nibble page's `getPiece`, checked against our stepped get.

use super::Correction;
use crate::bits::nibble_board::byte_and_shift;
use crate::bits::nibble_board::{NibbleBoard, NibbleError};
use crate::bits::piece::code_name;
use crate::bits::square::square_name;

/// `(opening, closing)` parentheses of a line of code.
pub fn parens(line: &str) -> (usize, usize) {
    (line.matches('(').count(), line.matches(')').count())
}

/// The page's return line, as printed, and corrected.
pub const PRINTED: &str = "return nibbleBoard[square >> 1] >> shift) & 15;";
pub const CORRECTED: &str = "return (nibbleBoard[square >> 1] >> shift) & 15;";

/// The unbalanced parenthesis of `getPiece`, keyed `getpiece`, with the
/// corrected line worked on `square` of `board`.
pub fn corrections(board: &NibbleBoard, square: u32) -> Vec<Correction> {
    let (o, c) = parens(PRINTED);
    let (o2, c2) = parens(CORRECTED);
    let square = square & 63;
    let (i, shift) = byte_and_shift(square);
    let code = board.get(square).unwrap_or(0);
    let byte = board.0[i];
    vec![Correction {
        key: "getpiece",
        source: "the Nibble page's getPiece",
        claim: format!("`{PRINTED}`"),
        truth: format!(
            "that line has {o} opening and {c} closing parentheses and does not compile; shift first, then mask ({o2} and {c2}): `{CORRECTED}`. Here {} = square {square}: byte {i} = {byte:#04x}, shift {shift}, code {code} ({})",
            square_name(square),
            code_name(code)
        ),
        table: None,
    }]
}

/// The placement of a nibble board whose first squares (a1 on) hold the
/// 4-bit lanes of `x` and whose last squares (up to h8) hold those of `y`,
/// both `width`-bit words: word 0 begins with `x`, word 3 ends with `y`.
///
/// # Errors
/// [`NibbleError::UnusedCode`] when a lane holds 7, 8 or 15 (no piece).
pub fn placement_of_lanes(width: u32, x: u64, y: u64) -> Result<String, NibbleError> {
    let top = if width >= 64 { y } else { y << (64 - width) };
    NibbleBoard::from_words([x, 0, 0, top]).to_fen()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::teach::assert_has;

    #[test]
    fn lanes_give_the_back_ranks() {
        let p = placement_of_lanes(32, 0x4236_5324, 0xcabe_dbac).unwrap();
        assert_eq!(p, "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR");
        let b = NibbleBoard::from_fen(&p).unwrap();
        assert_eq!(b.to_words()[0], 0x4236_5324);
        assert!(placement_of_lanes(64, 0x7, 0).is_err());
    }

    #[test]
    fn the_printed_line_is_unbalanced_and_ours_reads_the_king() {
        assert_eq!(parens(PRINTED), (0, 1));
        assert_eq!(parens(CORRECTED), (1, 1));
        let start = NibbleBoard::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
        let c = corrections(&start, 60);
        assert_has(&c[0].truth, &["0 opening and 1 closing"]);
        assert!(
            c[0].truth
                .contains("e8 = square 60: byte 30 = 0xbe, shift 0, code 14 (black king)"),
            "{}",
            c[0].truth
        );
        let c = corrections(&start, 61);
        assert!(
            c[0].truth
                .contains("byte 30 = 0xbe, shift 4, code 11 (black bishop)"),
            "{}",
            c[0].truth
        );
    }
}
