//! Nibble board: 64 squares of 4-bit piece codes packed two per byte
//! (32 bytes), get / set stepped, the round trip with a FEN placement, and
//! the same board as four u64 words.
//!
//! The codes are [`crate::bits::piece`]'s: bit 3 the color, bits 0..2 the
//! kind; squares are named by [`crate::bits::square::square_name`].
//!
//! ```text
//! code  0    1  2  3  4  5  6     7      8      9  10 11 12 13 14    15
//!       empty P  N  B  R  Q  K  unused unused  p  n  b  r  q  k  unused
//! ```

use super::piece::{code_name, Piece, EMPTY};
use super::square::square_name;
use super::trace::{Outcome, Step, Trace};
use super::word::Word;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a square, a code or a FEN placement was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NibbleError {
    #[error("square {0} is off the board: squares are 0 (a1) to 63 (h8)")]
    BadSquare(u32),
    #[error("code {0} does not fit in a nibble (0 to 15)")]
    BadCode(u8),
    #[error("'{ch}' in rank {rank} is not a piece letter (PNBRQK, pnbrqk) or a count 1-8")]
    BadLetter { ch: char, rank: u32 },
    #[error("rank {rank} is too long: {files} files, a rank has 8")]
    RankTooLong { rank: u32, files: u32 },
    #[error("rank {rank} is too short: {files} files, a rank has 8")]
    RankTooShort { rank: u32, files: u32 },
    #[error("{0} ranks: a placement has 8, separated by '/'")]
    WrongRankCount(usize),
    #[error("square {square} holds code {code}, which is no piece (7, 8 and 15 are unused)")]
    UnusedCode { square: String, code: u8 },
}

/// 64 squares of 4-bit codes packed two per byte (32 bytes).
///
/// ```text
/// square s (a1 = 0, b1 = 1, ..., h8 = 63) lives in byte s >> 1:
///   even s: low nibble  (shift = (s & 1) << 2 = 0)
///   odd  s: high nibble (shift = 4)
///
/// byte 14 = 0x91:  high nibble 9 = square 29 (f4, black pawn)
///                  low nibble  1 = square 28 (e4, white pawn)
///
/// get:  (board[s >> 1] >> shift) & 15
/// set:  board[s >> 1] = (board[s >> 1] & (240 >> shift)) | (code << shift)
///       240 >> shift keeps the *other* square's nibble: 0xf0 for even s,
///       0x0f for odd s
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NibbleBoard(pub [u8; 32]);

impl Default for NibbleBoard {
    fn default() -> Self {
        NibbleBoard::empty()
    }
}

/// Byte index and nibble shift of a square: `(s >> 1, (s & 1) << 2)`.
pub const fn byte_and_shift(square: u32) -> (usize, u32) {
    ((square >> 1) as usize, (square & 1) << 2)
}

fn check_square(square: u32) -> Result<(), NibbleError> {
    if square < 64 {
        Ok(())
    } else {
        Err(NibbleError::BadSquare(square))
    }
}

fn check_code(code: u8) -> Result<(), NibbleError> {
    if code < 16 {
        Ok(())
    } else {
        Err(NibbleError::BadCode(code))
    }
}

impl NibbleBoard {
    /// All 32 bytes zero: every square empty.
    pub const fn empty() -> NibbleBoard {
        NibbleBoard([0; 32])
    }

    /// The code on a square: `(board[s >> 1] >> shift) & 15`.
    ///
    /// # Errors
    /// [`NibbleError::BadSquare`] past h8.
    pub fn get(&self, square: u32) -> Result<u8, NibbleError> {
        check_square(square)?;
        let (i, shift) = byte_and_shift(square);
        Ok((self.0[i] >> shift) & 15)
    }

    /// Writes a code: `board[s >> 1] = (board[s >> 1] & (240 >> shift)) |
    /// (code << shift)` (the keep-mask `240 >> shift` keeps the other
    /// square's nibble).
    ///
    /// # Errors
    /// [`NibbleError::BadSquare`] past h8, [`NibbleError::BadCode`] above 15.
    pub fn set(&mut self, square: u32, code: u8) -> Result<(), NibbleError> {
        check_square(square)?;
        check_code(code)?;
        let (i, shift) = byte_and_shift(square);
        self.0[i] = (self.0[i] & (240u8 >> shift)) | (code << shift);
        Ok(())
    }

    /// Plain reference: one code per square in an array of 64 bytes.
    pub fn to_codes(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        for (i, &b) in self.0.iter().enumerate() {
            out[2 * i] = b & 15;
            out[2 * i + 1] = b >> 4;
        }
        out
    }

    /// The board of 64 codes.
    ///
    /// # Errors
    /// [`NibbleError::BadCode`] for a code above 15.
    pub fn from_codes(codes: &[u8; 64]) -> Result<NibbleBoard, NibbleError> {
        let mut b = NibbleBoard::empty();
        for (s, &c) in codes.iter().enumerate() {
            b.set(s as u32, c)?;
        }
        Ok(b)
    }

    /// The compact register form (Vučković): four u64, word `k` holding
    /// bytes `8k..8k+7` little-endian, so square `s` sits in word `s >> 4`
    /// at bits `4 * (s & 15)`; word 0 = ranks 1-2, word 3 = ranks 7-8.
    pub fn to_words(&self) -> [u64; 4] {
        core::array::from_fn(|k| {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&self.0[8 * k..8 * k + 8]);
            u64::from_le_bytes(bytes)
        })
    }

    /// The occupied squares as a bitboard (a1 = bit 0): every non-zero code.
    pub fn occupancy(&self) -> u64 {
        self.to_codes()
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .fold(0u64, |m, (s, _)| m | 1 << s)
    }

    /// Where `square` sits in the register form: its word `s >> 4` and the
    /// mask of its nibble in that word, `0xf << 4 * (s & 15)`.
    ///
    /// ```
    /// use bitscope::bits::nibble_board::NibbleBoard;
    /// assert_eq!(NibbleBoard::word_nibble(59), (3, 0xf << 44)); // d8
    /// ```
    pub fn word_nibble(square: u32) -> (usize, u64) {
        ((square as usize >> 4) & 3, 0xfu64 << (4 * (square & 15)))
    }

    /// The board of four words (inverse of [`NibbleBoard::to_words`]).
    pub fn from_words(words: [u64; 4]) -> NibbleBoard {
        let mut b = [0u8; 32];
        for (k, w) in words.iter().enumerate() {
            b[8 * k..8 * k + 8].copy_from_slice(&w.to_le_bytes());
        }
        NibbleBoard(b)
    }

    /// Reads a FEN piece placement (`rnbqkbnr/pppppppp/8/...`, rank 8
    /// first); a whole FEN is accepted too, its first field is used.
    ///
    /// ```
    /// use bitscope::bits::nibble_board::NibbleBoard;
    /// let b = NibbleBoard::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR").unwrap();
    /// assert_eq!(b.get(28).unwrap(), 1); // e4: white pawn
    /// assert_eq!(b.get(60).unwrap(), 14); // e8: black king = 8 | 6
    /// ```
    ///
    /// # Errors
    /// A bad letter, a rank too long or too short, or not 8 ranks.
    pub fn from_fen(placement: &str) -> Result<NibbleBoard, NibbleError> {
        let ranks: Vec<&str> = fen_placement(placement).split('/').collect();
        if ranks.len() != 8 {
            return Err(NibbleError::WrongRankCount(ranks.len()));
        }
        let mut board = NibbleBoard::empty();
        for (i, text) in ranks.iter().enumerate() {
            let rank = 8 - i as u32;
            for (file, code) in parse_rank(text, rank)?.into_iter().enumerate() {
                board.set((rank - 1) * 8 + file as u32, code)?;
            }
        }
        Ok(board)
    }

    /// Writes the FEN piece placement.
    ///
    /// # Errors
    /// [`NibbleError::UnusedCode`] when a square holds 7, 8 or 15.
    pub fn to_fen(&self) -> Result<String, NibbleError> {
        let codes = self.to_codes();
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut run = 0;
            for file in 0..8 {
                let s = rank * 8 + file;
                let code = codes[s];
                if code == EMPTY {
                    run += 1;
                    continue;
                }
                let p = Piece::from_code(code).ok_or(NibbleError::UnusedCode {
                    square: square_name(s as u32),
                    code,
                })?;
                if run > 0 {
                    out.push(char::from(b'0' + run));
                    run = 0;
                }
                out.push(p.fen_char());
            }
            if run > 0 {
                out.push(char::from(b'0' + run));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        Ok(out)
    }
}

/// One rank of a placement as 8 codes, file a first.
fn parse_rank(text: &str, rank: u32) -> Result<[u8; 8], NibbleError> {
    let mut codes = [EMPTY; 8];
    let mut files = 0u32;
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
            files += d;
        } else if let Some(p) = Piece::from_fen_char(ch) {
            if files < 8 {
                codes[files as usize] = p.code();
            }
            files += 1;
        } else {
            return Err(NibbleError::BadLetter { ch, rank });
        }
        if files > 8 {
            return Err(NibbleError::RankTooLong { rank, files });
        }
    }
    if files < 8 {
        return Err(NibbleError::RankTooShort { rank, files });
    }
    Ok(codes)
}

/// One get stepped: the square, its byte `s >> 1`, its shift `(s & 1) << 2`,
/// the byte, the shift down and the mask.
///
/// # Errors
/// [`NibbleError::BadSquare`] past h8.
pub fn nibble_get_trace(board: &NibbleBoard, square: u32) -> Result<Trace, NibbleError> {
    let code = board.get(square)?;
    let (i, shift) = byte_and_shift(square);
    let byte = board.0[i];
    let name = square_name(square);
    let (lo_sq, hi_sq) = (square & !1, square | 1);
    let mut t = Trace::new(
        "nibble-get",
        format!("read square {name} from a nibble board"),
        Outcome::Number(code as i64),
    );
    t.push(
        Step::new("the square", "s", Word::new(square as u64, 6)).note(format!(
            "{name} is file {}, rank {}: square {square} = 8 * {} + {} (a1 = 0, h8 = 63)",
            (b'a' + (square % 8) as u8) as char,
            square / 8 + 1,
            square / 8,
            square % 8
        )),
    );
    t.push(
        Step::new("which byte", "s >> 1", Word::new(i as u64, 5)).note(format!(
            "two squares per byte: {} and {} share byte {i}",
            square_name(lo_sq),
            square_name(hi_sq)
        )),
    );
    t.push(
        Step::new("which nibble", "(s & 1) << 2", Word::new(shift as u64, 3)).note(format!(
            "square {square} is {}, so it is the {} nibble: shift {shift}",
            if square & 1 == 0 { "even" } else { "odd" },
            if shift == 0 { "low" } else { "high" }
        )),
    );
    t.push(
        Step::new("the byte", format!("board[{i}]"), Word::new(byte as u64, 8))
            .highlight(0xF << shift)
            .lanes(4)
            .note(format!(
                "board[{i}] = {:#04x}: low nibble {} = {} ({}), high nibble {} = {} ({})",
                byte,
                square_name(lo_sq),
                byte & 15,
                code_name(byte & 15),
                square_name(hi_sq),
                byte >> 4,
                code_name(byte >> 4)
            )),
    );
    t.push(
        Step::new(
            "shift it down",
            format!("board[{i}] >> {shift}"),
            Word::new((byte >> shift) as u64, 8),
        )
        .highlight(0xF)
        .lanes(4)
        .note(format!(
            "the wanted nibble is now the low one: {:#04x}",
            byte >> shift
        )),
    );
    t.push(
        Step::new(
            "keep four bits",
            format!("(board[{i}] >> {shift}) & 15"),
            Word::new(code as u64, 4),
        )
        .highlight(0xF)
        .note(format!("code {code}: {} on {name}", code_name(code))),
    );
    Ok(t)
}

/// One set stepped: byte and shift, the keep-mask `240 >> shift`, the clear,
/// the code moved into place, the write. The result is the new board.
///
/// # Errors
/// [`NibbleError::BadSquare`] past h8, [`NibbleError::BadCode`] above 15.
pub fn nibble_set_trace(board: &NibbleBoard, square: u32, code: u8) -> Result<Trace, NibbleError> {
    check_square(square)?;
    check_code(code)?;
    let (i, shift) = byte_and_shift(square);
    let before = board.0[i];
    let keep = 240u8 >> shift;
    let cleared = before & keep;
    let moved = code << shift;
    let after = cleared | moved;
    let mut next = *board;
    next.0[i] = after;
    let name = square_name(square);
    let other = square_name(square ^ 1);
    let b8 = |v: u8| Word::new(v as u64, 8);
    // a step on the byte, the square's nibble lit
    let on_byte = |label: &str, expr: String, v: u8| {
        Step::new(label, expr, b8(v))
            .highlight(0xF << shift)
            .lanes(4)
    };
    let mut t = Trace::new(
        "nibble-set",
        format!("write code {code} ({}) on {name}", code_name(code)),
        Outcome::Bytes(next.0.to_vec()),
    );
    for step in where_steps(square) {
        t.push(step);
    }
    t.push(
        on_byte("the byte before", format!("board[{i}]"), before).note(format!(
            "{name} holds {} ({}) now",
            (before >> shift) & 15,
            code_name((before >> shift) & 15)
        )),
    );
    t.push(
        Step::new("the keep-mask", format!("240 >> {shift}"), b8(keep))
            .highlight(keep as u64)
            .lanes(4)
            .note(format!(
                "240 = 0xf0; shifted by {shift} it is {keep:#04x}: ones over {other}'s nibble, which must survive, zeros over {name}'s"
            )),
    );
    t.push(
        on_byte(
            "clear the nibble",
            format!("board[{i}] & {keep:#04x}"),
            cleared,
        )
        .note(format!(
            "{name}'s four bits are now zero, {other}'s unchanged"
        )),
    );
    t.push(
        on_byte(
            "move the code into place",
            format!("{code} << {shift}"),
            moved,
        )
        .note(format!(
            "code {code} = {code:04b} shifted to the {} nibble",
            if shift == 0 { "low" } else { "high" }
        )),
    );
    t.push(
        on_byte(
            "write it",
            format!("(board[{i}] & {keep:#04x}) | ({code} << {shift})"),
            after,
        )
        .note(format!(
            "board[{i}] = {after:#04x}: {name} = {}",
            code_name(code)
        )),
    );
    Ok(t)
}

/// Where a square's nibble is: the square, its byte `s >> 1` and its shift.
fn where_steps(square: u32) -> [Step; 3] {
    let (i, shift) = byte_and_shift(square);
    let (name, other) = (square_name(square), square_name(square ^ 1));
    [
        Step::new("the square", "s", Word::new(square as u64, 6))
            .note(format!("{name} = square {square}")),
        Step::new("which byte", "s >> 1", Word::new(i as u64, 5))
            .note(format!("byte {i} holds {name} and {other}")),
        Step::new(
            "which nibble",
            "shift = (s & 1) << 2",
            Word::new(shift as u64, 3),
        )
        .note(format!(
            "{} square: the {} nibble, shift {shift}",
            if square & 1 == 0 { "even" } else { "odd" },
            if shift == 0 { "low" } else { "high" }
        )),
    ]
}

/// A FEN's first field, the piece placement (a whole FEN or the field
/// alone).
pub fn fen_placement(fen: &str) -> &str {
    fen.split_whitespace().next().unwrap_or("")
}

/// A FEN placement onto a nibble board, stepped one rank at a time; the
/// result is the board as four u64 words.
///
/// # Errors
/// As [`NibbleBoard::from_fen`].
pub fn nibble_board_trace(fen: &str) -> Result<Trace, NibbleError> {
    let board = NibbleBoard::from_fen(fen)?;
    let words = board.to_words();
    let field = fen_placement(fen);
    let mut t = Trace::new(
        "nibble-board",
        format!("nibble board of {field}"),
        Outcome::Words(words.iter().map(|&w| Word::new(w, 64)).collect()),
    );
    for (i, text) in field.split('/').enumerate() {
        let rank = 8 - i as u32;
        let codes = parse_rank(text, rank)?;
        let k = ((rank - 1) / 2) as usize;
        let half = (rank - 1) % 2;
        // the word as it stands after this rank (FEN lists rank 8 first, so
        // the rank above, in the same word, is already written)
        let all = board.to_codes();
        let mut w = 0u64;
        for (s, &c) in all.iter().enumerate().take(16 * k + 16).skip(16 * k) {
            if s as u32 / 8 + 1 >= rank {
                w |= (c as u64) << (4 * (s % 16));
            }
        }
        let parts: Vec<String> = codes
            .iter()
            .enumerate()
            .map(|(f, &c)| format!("{}={c}", square_name((rank - 1) * 8 + f as u32)))
            .collect();
        t.push(
            Step::new(
                format!("rank {rank}: {text}"),
                format!("word {k}, bits {}..{}", 32 * half, 32 * half + 31),
                Word::new(w, 64),
            )
            .highlight(0xFFFF_FFFFu64 << (32 * half))
            .lanes(4)
            .cells(codes.iter().map(|&c| c as i64))
            .note(format!(
                "{}; rank {rank} fills bytes {}..{} (the {} half of word {k})",
                parts.join(" "),
                4 * (rank - 1),
                4 * (rank - 1) + 3,
                if half == 0 { "low" } else { "high" }
            )),
        );
    }
    for (k, &w) in words.iter().enumerate() {
        t.push(
            Step::new(
                format!("word {k}: ranks {} and {}", 2 * k + 1, 2 * k + 2),
                format!("u64::from_le_bytes(board[{}..{}])", 8 * k, 8 * k + 8),
                Word::new(w, 64),
            )
            .lanes(4)
            .cells(board.to_codes()[16 * k..16 * k + 16].iter().map(|&c| c as i64))
            .note(format!(
                "square s sits at bits 4 * (s & 15) of word s >> 4: {} is the low nibble, {} the high",
                square_name(16 * k as u32),
                square_name(16 * k as u32 + 15)
            )),
        );
    }
    Ok(t)
}

// proptest is a native-only dev-dependency in the main crate
#[cfg(all(test, not(target_arch = "wasm32")))]
mod board_tests {
    use super::*;

    #[test]
    fn occupancy_and_word_nibbles_agree_with_the_codes() {
        let b = NibbleBoard::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R")
            .unwrap();
        let codes = b.to_codes();
        let words = b.to_words();
        let mut occ = 0u64;
        for s in 0..64u32 {
            let (k, mask) = NibbleBoard::word_nibble(s);
            let code = (words[k] & mask) >> mask.trailing_zeros();
            assert_eq!(code, u64::from(codes[s as usize]), "square {s}");
            if codes[s as usize] != 0 {
                occ |= 1 << s;
            }
        }
        assert_eq!(b.occupancy(), occ);
        assert_eq!(b.occupancy().count_ones(), 32);
    }
    use proptest::prelude::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    #[test]
    fn get_and_set_use_the_right_nibble() {
        let mut b = NibbleBoard::empty();
        b.set(28, 1).unwrap();
        b.set(29, 9).unwrap();
        assert_eq!(b.0[14], 0x91);
        assert_eq!(b.get(28), Ok(1));
        assert_eq!(b.get(29), Ok(9));
        b.set(28, 0).unwrap();
        assert_eq!(b.0[14], 0x90);
        assert_eq!(b.get(64), Err(NibbleError::BadSquare(64)));
        assert_eq!(b.set(3, 16), Err(NibbleError::BadCode(16)));
    }

    #[test]
    fn fen_round_trip_and_words() {
        let b = NibbleBoard::from_fen(START).unwrap();
        assert_eq!(b.to_fen().unwrap(), START);
        assert_eq!(b.get(4), Ok(6)); // e1 white king
        assert_eq!(b.get(60), Ok(14)); // e8 black king
        let w = b.to_words();
        // rank 1 R N B Q K B N R = 4 2 3 5 6 3 2 4, rank 2 eight pawns (1)
        assert_eq!(w[0], 0x1111_1111_4236_5324);
        assert_eq!(w[1], 0);
        assert_eq!(w[3], 0xCABE_DBAC_9999_9999);
        assert_eq!(NibbleBoard::from_words(w), b);
        let full = NibbleBoard::from_fen(&format!("{START} w KQkq - 0 1")).unwrap();
        assert_eq!(full, b);
    }

    #[test]
    fn fen_errors() {
        use NibbleError::*;
        assert_eq!(
            NibbleBoard::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP"),
            Err(WrongRankCount(7))
        );
        assert_eq!(
            NibbleBoard::from_fen("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            Err(BadLetter { ch: 'x', rank: 7 })
        );
        assert_eq!(
            NibbleBoard::from_fen("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            Err(RankTooLong { rank: 7, files: 9 })
        );
        assert_eq!(
            NibbleBoard::from_fen("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR"),
            Err(RankTooShort { rank: 6, files: 7 })
        );
        assert_eq!(
            NibbleBoard::from_fen("rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR"),
            Err(BadLetter { ch: '0', rank: 6 })
        );
        assert!(BadLetter { ch: 'x', rank: 7 }.to_string().contains("'x'"));
        let mut b = NibbleBoard::empty();
        b.set(0, 7).unwrap();
        assert!(matches!(b.to_fen(), Err(UnusedCode { code: 7, .. })));
    }

    #[test]
    fn traces() {
        let b = NibbleBoard::from_fen(START).unwrap();
        let t = nibble_get_trace(&b, 60).unwrap();
        assert_eq!(t.result, Outcome::Number(14));
        assert_eq!(t.steps[1].value, Word::new(30, 5));
        assert_eq!(t.steps[2].value, Word::new(0, 3));
        let t = nibble_set_trace(&b, 61, 5).unwrap();
        let mut expect = b;
        expect.set(61, 5).unwrap();
        assert_eq!(t.result, Outcome::Bytes(expect.0.to_vec()));
        let keep = t.steps.iter().find(|s| s.expr == "240 >> 4").unwrap();
        assert_eq!(keep.value, Word::new(0x0F, 8));
        let t = nibble_board_trace(START).unwrap();
        assert_eq!(t.steps.len(), 12);
        assert_eq!(t.steps[0].cells, vec![12, 10, 11, 13, 14, 11, 10, 12]);
        match &t.result {
            Outcome::Words(w) => assert_eq!(w.len(), 4),
            other => panic!("{other:?}"),
        }
        assert!(nibble_board_trace("8/8").is_err());
    }

    proptest! {
        #[test]
        fn board_matches_a_plain_array(ops in proptest::collection::vec((0u32..64, 0u8..16), 0..100)) {
            let mut b = NibbleBoard::empty();
            let mut plain = [0u8; 64];
            for (s, c) in ops {
                b.set(s, c).unwrap();
                plain[s as usize] = c;
            }
            prop_assert_eq!(b.to_codes(), plain);
            for s in 0..64 {
                prop_assert_eq!(b.get(s).unwrap(), plain[s as usize]);
            }
            prop_assert_eq!(NibbleBoard::from_words(b.to_words()), b);
            prop_assert_eq!(NibbleBoard::from_codes(&plain).unwrap(), b);
        }

        #[test]
        fn fen_round_trips(codes in proptest::collection::vec(prop_oneof![Just(0u8), 1u8..7, 9u8..15], 64)) {
            let mut arr = [0u8; 64];
            arr.copy_from_slice(&codes);
            let b = NibbleBoard::from_codes(&arr).unwrap();
            let fen = b.to_fen().unwrap();
            prop_assert_eq!(NibbleBoard::from_fen(&fen).unwrap(), b);
        }
    }
}
