//! Quad-bitboards ("vertical nibbles"): the nibble board turned on its side.
//!
//! A nibble board keeps each square's 4-bit piece code together; the quad
//! keeps each *bit* of the codes together: bitboard `k` holds bit `k` of
//! every square's code (a1 = bit 0). The codes are [`crate::bits::piece`]'s,
//! so bits 0..2 are the kind (1 pawn .. 6 king) and bit 3 the color:
//!
//! ```text
//! code  bit 3  2 1 0          q0 = kinds 1, 3, 5 (P B Q)   bit 0 of the kind
//! P  1      0  0 0 1          q1 = kinds 2, 3, 6 (N B K)   bit 1 of the kind
//! N  2      0  0 1 0          q2 = kinds 4, 5, 6 (R Q K)   bit 2 of the kind
//! B  3      0  0 1 1          q3 = black (BLACK = 8)
//! R  4      0  1 0 0
//! Q  5      0  1 0 1          code(s) = q0[s] | q1[s] << 1 | q2[s] << 2 | q3[s] << 3
//! K  6      0  1 1 0
//! k 14      1  1 1 0
//! ```
//!
//! A whole-board set is then one boolean expression of the four boards,
//! e.g. every slider (bishop 011, rook 100, queen 101) is
//! `(q1 ^ q2) & (q0 | q2)`.
//!
//! ```
//! use bitscope::bits::nibble_board::NibbleBoard;
//! use bitscope::bits::quad::Quad;
//! let b = NibbleBoard::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
//! let q = Quad::from_board(&b);
//! assert_eq!(q.0[3], 0xffff_0000_0000_0000); // the black pieces
//! assert_eq!(q.code(60), 14); // e8: black king
//! assert_eq!(q.to_board(), b);
//! ```

use super::nibble_board::{byte_and_shift, NibbleBoard, NibbleError};
use super::piece::{code_name, Color, Piece, PieceKind, BLACK};
use super::square::square_name;
use super::trace::{check_mark, Outcome, Step, Trace};
use super::word::Word;

/// Four bitboards: `0[k]` holds bit `k` of every square's code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Quad(pub [u64; 4]);

impl Quad {
    /// Bit `k` of each code into board `k` (codes above 15 keep their low
    /// four bits).
    pub fn from_codes(codes: &[u8; 64]) -> Quad {
        let mut q = [0u64; 4];
        for (s, &c) in codes.iter().enumerate() {
            for (k, board) in q.iter_mut().enumerate() {
                *board |= u64::from(c >> k & 1) << s;
            }
        }
        Quad(q)
    }

    pub fn from_board(board: &NibbleBoard) -> Quad {
        Quad::from_codes(&board.to_codes())
    }

    /// The code on a square: its bit from each board (`square & 63`).
    pub fn code(&self, square: u32) -> u8 {
        let s = square & 63;
        (0..4).fold(0u8, |c, k| c | ((self.0[k] >> s & 1) as u8) << k)
    }

    pub fn to_codes(&self) -> [u8; 64] {
        core::array::from_fn(|s| self.code(s as u32))
    }

    /// The nibble board (every quad is one: four bits make a code 0..15).
    pub fn to_board(&self) -> NibbleBoard {
        let mut b = [0u8; 32];
        for (s, c) in self.to_codes().into_iter().enumerate() {
            let (i, shift) = byte_and_shift(s as u32);
            b[i] |= c << shift;
        }
        NibbleBoard(b)
    }

    /// The quad of a FEN's piece placement.
    ///
    /// # Errors
    /// As [`NibbleBoard::from_fen`].
    pub fn from_fen(fen: &str) -> Result<Quad, NibbleError> {
        NibbleBoard::from_fen(fen).map(|b| Quad::from_board(&b))
    }
}

/// The 16 codes on squares 0..15: bit `c` of an expression of this quad
/// says whether code `c` is in the set it selects.
const CODE_TABLE: Quad = {
    let mut q = [0u64; 4];
    let mut c = 0;
    while c < 16 {
        let mut k = 0;
        while k < 4 {
            q[k] |= ((c as u64) >> k & 1) << c;
            k += 1;
        }
        c += 1;
    }
    Quad(q)
};

/// The piece letters of the codes in `codes` (bit c = code c), from
/// piece.rs; unused codes by number.
fn letters(codes: u64) -> String {
    let v: Vec<String> = (0..16u8)
        .filter(|c| codes >> c & 1 == 1)
        .map(|c| match Piece::from_code(c) {
            Some(p) => format!("{} {}", c, p.fen_char()),
            None if c == 0 => "0 empty".to_string(),
            None => format!("{c} unused"),
        })
        .collect();
    v.join(", ")
}

/// What bit `k` of a code means, read off piece.rs.
pub fn bit_meaning(k: u32) -> String {
    if 1u8 << k == BLACK {
        return format!("the color bit (BLACK = {BLACK}): set on every black piece");
    }
    let kinds: Vec<String> = PieceKind::ALL
        .iter()
        .filter(|p| p.code() >> k & 1 == 1)
        .map(|p| format!("{} {}", p.code(), p.char().to_ascii_uppercase()))
        .collect();
    format!("bit {k} of the kind: set for kinds {}", kinds.join(", "))
}

/// The squares of a bitboard by name.
fn squares(b: u64) -> String {
    if b == 0 {
        return "none".into();
    }
    (0..64)
        .filter(|s| b >> s & 1 == 1)
        .map(square_name)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A whole-board set, one boolean expression of the four boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuadSet {
    Occupied,
    White,
    Black,
    Pawns,
    Knights,
    Bishops,
    Rooks,
    Queens,
    Kings,
    DiagonalSliders,
    OrthogonalSliders,
    Sliders,
}

impl QuadSet {
    pub const ALL: [QuadSet; 12] = [
        QuadSet::Occupied,
        QuadSet::White,
        QuadSet::Black,
        QuadSet::Pawns,
        QuadSet::Knights,
        QuadSet::Bishops,
        QuadSet::Rooks,
        QuadSet::Queens,
        QuadSet::Kings,
        QuadSet::DiagonalSliders,
        QuadSet::OrthogonalSliders,
        QuadSet::Sliders,
    ];

    /// The name in the URL and the CLI: `occupied`, `white`, `sliders`, ...
    pub fn slug(self) -> &'static str {
        self.row().0
    }

    pub fn title(self) -> &'static str {
        self.row().1
    }

    /// The expression, built up one operation a step; the last is the set.
    /// The text is the only copy: [`eval_expr`] reads it.
    pub fn steps(self) -> &'static [&'static str] {
        self.row().2
    }

    /// One row a set: slug, title, steps.
    fn row(self) -> (&'static str, &'static str, &'static [&'static str]) {
        match self {
            QuadSet::Occupied => ("occupied", "every piece", &["q0 | q1", "q0 | q1 | q2"]),
            QuadSet::White => (
                "white",
                "white pieces",
                &["q0 | q1 | q2", "~q3", "(q0 | q1 | q2) & ~q3"],
            ),
            QuadSet::Black => ("black", "black pieces", &["q3"]),
            QuadSet::Pawns => ("pawns", "pawns", &["q0", "q0 & ~q1", "q0 & ~q1 & ~q2"]),
            QuadSet::Knights => ("knights", "knights", &["q1", "q1 & ~q0", "q1 & ~q0 & ~q2"]),
            QuadSet::Bishops => ("bishops", "bishops", &["q0 & q1", "q0 & q1 & ~q2"]),
            QuadSet::Rooks => ("rooks", "rooks", &["q2", "q2 & ~q1", "q2 & ~q1 & ~q0"]),
            QuadSet::Queens => ("queens", "queens", &["q0 & q2", "q0 & q2 & ~q1"]),
            QuadSet::Kings => ("kings", "kings", &["q1 & q2", "q1 & q2 & ~q0"]),
            QuadSet::DiagonalSliders => (
                "diagonal",
                "diagonal sliders (B, Q)",
                &["q1 ^ q2", "q0 & (q1 ^ q2)"],
            ),
            QuadSet::OrthogonalSliders => (
                "orthogonal",
                "orthogonal sliders (R, Q)",
                &["q2", "q2 & ~q1"],
            ),
            QuadSet::Sliders => (
                "sliders",
                "all sliders (B, R, Q)",
                &["q1 ^ q2", "q0 | q2", "(q1 ^ q2) & (q0 | q2)"],
            ),
        }
    }

    pub fn from_slug(slug: &str) -> Option<QuadSet> {
        QuadSet::ALL.into_iter().find(|s| s.slug() == slug)
    }

    /// The plain reference: whether a code belongs to the set, asked of
    /// piece.rs (empty and unused codes belong to none).
    pub fn contains(self, code: u8) -> bool {
        let Some(p) = Piece::from_code(code) else {
            return false;
        };
        use PieceKind::*;
        match self {
            QuadSet::Occupied => true,
            QuadSet::White => p.color == Color::White,
            QuadSet::Black => p.color == Color::Black,
            QuadSet::Pawns => p.kind == Pawn,
            QuadSet::Knights => p.kind == Knight,
            QuadSet::Bishops => p.kind == Bishop,
            QuadSet::Rooks => p.kind == Rook,
            QuadSet::Queens => p.kind == Queen,
            QuadSet::Kings => p.kind == King,
            QuadSet::DiagonalSliders => matches!(p.kind, Bishop | Queen),
            QuadSet::OrthogonalSliders => matches!(p.kind, Rook | Queen),
            QuadSet::Sliders => matches!(p.kind, Bishop | Rook | Queen),
        }
    }

    /// The set on a quad: the expression's last step.
    pub fn eval(self, q: &Quad) -> u64 {
        self.steps().last().map_or(0, |e| eval_expr(e, &q.0))
    }

    /// The same set by a plain per-square filter over the codes.
    pub fn filter(self, codes: &[u8; 64]) -> u64 {
        (0..64)
            .filter(|&s| self.contains(codes[s]))
            .fold(0, |m, s| m | 1 << s)
    }

    /// The codes (bit c = code c) whose bits satisfy the expression.
    pub fn codes(self) -> u64 {
        self.eval(&CODE_TABLE) & 0xffff
    }
}

/// Nibble board to quad, stepped: one board per step, bit `k` of every
/// code. The result is `{"quad": [q0, q1, q2, q3]}`.
pub fn to_quad_trace(board: &NibbleBoard) -> Trace {
    let q = Quad::from_board(board);
    let codes = board.to_codes();
    let mut t = Trace::new(
        "quad",
        "a nibble board as quad-bitboards",
        Outcome::Quad {
            quad: q.0.iter().map(|&b| Word::new(b, 64)).collect(),
        },
    );
    for (k, &b) in q.0.iter().enumerate() {
        t.push(board_step(
            format!("board {k}: bit {k} of every code"),
            format!("q{k} |= ((code[s] >> {k}) & 1) << s"),
            (k, b),
            &codes,
            format!("{} squares: {}", b.count_ones(), squares(b)),
        ));
    }
    t
}

/// A step of the quad <-> nibble traces: board `k` (`b`) with the codes as
/// its cells, the note led by what bit `k` means.
fn board_step(
    title: String,
    expr: String,
    (k, b): (usize, u64),
    codes: &[u8; 64],
    note: String,
) -> Step {
    Step::new(title, expr, Word::new(b, 64))
        .lanes(8)
        .highlight(b)
        .cells(codes.iter().map(|&c| i64::from(c)))
        .note(format!("{}; {note}", bit_meaning(k as u32)))
}

/// Quad to nibble board, stepped: board `k` adds bit `k` to every code;
/// the codes after each step are the step's cells. The result is the
/// nibble board's four u64 words.
pub fn from_quad_trace(q: &Quad) -> Trace {
    let board = q.to_board();
    let words = board.to_words();
    let mut t = Trace::new(
        "quad-to-nibble",
        "quad-bitboards back to a nibble board",
        Outcome::Words(words.iter().map(|&w| Word::new(w, 64)).collect()),
    );
    let mut codes = [0u8; 64];
    for (k, &b) in q.0.iter().enumerate() {
        for (s, c) in codes.iter_mut().enumerate() {
            *c |= ((b >> s & 1) as u8) << k;
        }
        t.push(board_step(
            format!("add board {k} as bit {k}"),
            format!("code[s] |= ((q{k} >> s) & 1) << {k}"),
            (k, b),
            &codes,
            format!("the codes are now {}-bit, 0..{}", k + 1, (1 << (k + 1)) - 1),
        ));
    }
    let fen = board.to_fen().unwrap_or_else(|e| format!("no FEN ({e})"));
    t.push(
        Step::new(
            "pack two codes a byte",
            "board[s >> 1] |= code[s] << ((s & 1) << 2)",
            Word::new(words[0], 64),
        )
        .lanes(4)
        .cells(codes.iter().map(|&c| i64::from(c)))
        .operand("word 1 (ranks 3-4)", Word::new(words[1], 64))
        .operand("word 2 (ranks 5-6)", Word::new(words[2], 64))
        .operand("word 3 (ranks 7-8)", Word::new(words[3], 64))
        .note(format!(
            "the nibble board's 32 bytes, shown as word 0 (ranks 1-2) and words 1-3; placement {fen}"
        )),
    );
    t
}

/// Reads one square, stepped: its bit from each of the four boards. The
/// result is the code.
pub fn read_trace(q: &Quad, square: u32) -> Trace {
    let s = square & 63;
    let name = square_name(s);
    let code = q.code(s);
    let mut t = Trace::new(
        "quad-read",
        format!("read {name} (bit {s}) from the four boards"),
        Outcome::Number(i64::from(code)),
    );
    let mut partial = 0u8;
    for (k, &b) in q.0.iter().enumerate() {
        let bit = (b >> s & 1) as u8;
        partial |= bit << k;
        t.push(
            Step::new(
                format!("bit {k} from board {k}"),
                format!("code |= ((q{k} >> {s}) & 1) << {k}"),
                Word::new(u64::from(partial), 4),
            )
            .highlight(1 << k)
            .operand(format!("q{k}"), Word::new(b, 64))
            .note(format!(
                "{name} is {} on board {k} ({}); code so far {partial:04b}{}",
                if bit == 1 { "set" } else { "clear" },
                bit_meaning(k as u32),
                if k == 3 {
                    format!(" = {code}: {}", code_name(code))
                } else {
                    String::new()
                }
            )),
        );
    }
    t
}

/// Evaluates one of [`QuadSet::steps`]' expressions on four boards: `q0` ..
/// `q3`, `~`, `&`, `^`, `|` (tightest first, as in C) and parentheses.
/// Panics on other text (the expressions are the constants above; a test
/// reads them all).
pub fn eval_expr(text: &str, q: &[u64; 4]) -> u64 {
    /// An operator's character and what it does.
    type Operator = (u8, fn(u64, u64) -> u64);
    /// Loosest first; level 3 is a unary operand.
    const BINARY: [Operator; 3] = [
        (b'|', |a, b| a | b),
        (b'^', |a, b| a ^ b),
        (b'&', |a, b| a & b),
    ];
    fn binary(t: &mut &[u8], q: &[u64; 4], level: usize) -> u64 {
        let Some(&(op, f)) = BINARY.get(level) else {
            return unary(t, q);
        };
        let mut v = binary(t, q, level + 1);
        while eat(t, op) {
            v = f(v, binary(t, q, level + 1));
        }
        v
    }
    fn unary(t: &mut &[u8], q: &[u64; 4]) -> u64 {
        if eat(t, b'~') {
            !unary(t, q)
        } else if eat(t, b'(') {
            let v = binary(t, q, 0);
            assert!(eat(t, b')'), "quad expression: ')' missing");
            v
        } else if eat(t, b'q') && !t.is_empty() && (b'0'..b'4').contains(&t[0]) {
            let k = usize::from(t[0] - b'0');
            *t = &t[1..];
            q[k]
        } else {
            panic!("quad expression: q0 .. q3, '~' or '(' expected")
        }
    }
    fn eat(t: &mut &[u8], c: u8) -> bool {
        *t = t.trim_ascii_start();
        let hit = t.first() == Some(&c);
        if hit {
            *t = &t[1..];
        }
        hit
    }
    let mut t = text.as_bytes();
    let v = binary(&mut t, q, 0);
    assert!(
        t.trim_ascii().is_empty(),
        "quad expression: {text:?} has text left over"
    );
    v
}

/// A whole-board set, stepped: the expression one operation at a time,
/// each step saying which codes it selects (read off piece.rs); the last
/// step is checked against a plain per-square filter over the codes. The
/// result is the set as a word.
pub fn set_trace(q: &Quad, set: QuadSet) -> Trace {
    let value = set.eval(q);
    let plain = set.filter(&q.to_codes());
    let mut t = Trace::new(
        "quad-set",
        format!("{}: one expression of the four boards", set.title()),
        Outcome::Word(Word::new(value, 64)),
    );
    let steps = set.steps();
    for (i, expr) in steps.iter().enumerate() {
        let v = eval_expr(expr, &q.0);
        let codes = eval_expr(expr, &CODE_TABLE.0) & 0xffff;
        let last = i + 1 == steps.len();
        let mut note = format!("selects codes {}", letters(codes));
        if last {
            note.push_str(&format!(
                "; {} squares: {}; the per-square filter over the codes gives {} {}",
                v.count_ones(),
                squares(v),
                Word::new(plain, 64).hex(),
                check_mark(plain == v)
            ));
        }
        t.push(
            Step::new(
                if last {
                    set.title().to_string()
                } else {
                    format!("part {}", i + 1)
                },
                *expr,
                Word::new(v, 64),
            )
            .lanes(8)
            .highlight(v)
            .note(note),
        );
    }
    t
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R";

    #[test]
    fn the_start_position_by_hand() {
        // rank 1: R N B Q K B N R = 4 2 3 5 6 3 2 4 = 100 010 011 101 110 011 010 100
        // bit 0: c1 d1 f1 (B Q B)      = bits 2, 3, 5     = 0x2c, + pawns (1) on rank 2
        // bit 1: b1 c1 e1 f1 g1        = bits 1, 2, 4-6   = 0x76
        // bit 2: a1 d1 e1 h1 (R Q K R) = bits 0, 3, 4, 7  = 0x99
        // bit 3: ranks 7 and 8 (black); rank 8 mirrors rank 1
        let q = Quad::from_fen(START).unwrap();
        assert_eq!(
            q.0,
            [
                0x2cff_0000_0000_ff2c,
                0x7600_0000_0000_0076,
                0x9900_0000_0000_0099,
                0xffff_0000_0000_0000
            ]
        );
        let json = serde_json::to_string(&to_quad_trace(&q.to_board()).result).unwrap();
        assert_eq!(
            json,
            r#"{"quad":["0x2cff00000000ff2c","0x7600000000000076","0x9900000000000099","0xffff000000000000"]}"#
        );
        assert_eq!(QuadSet::Sliders.eval(&q), 0xad00_0000_0000_00ad);
        assert_eq!(QuadSet::Kings.eval(&q), 1 << 4 | 1 << 60);
    }

    #[test]
    fn the_bits_mean_what_piece_rs_says() {
        assert_eq!(
            bit_meaning(0),
            "bit 0 of the kind: set for kinds 1 P, 3 B, 5 Q"
        );
        assert_eq!(
            bit_meaning(2),
            "bit 2 of the kind: set for kinds 4 R, 5 Q, 6 K"
        );
        assert!(bit_meaning(3).contains("BLACK = 8"));
        // every expression selects exactly the legal codes the set's own
        // predicate (piece.rs) names
        for set in QuadSet::ALL {
            let want = (0..16u8)
                .filter(|&c| set.contains(c))
                .fold(0u64, |m, c| m | 1 << c);
            let legal = (0..16u8)
                .filter(|&c| c == 0 || Piece::from_code(c).is_some())
                .fold(0u64, |m, c| m | 1 << c);
            assert_eq!(set.codes() & legal, want, "{set:?}");
            assert_eq!(QuadSet::from_slug(set.slug()), Some(set));
        }
        assert_eq!(QuadSet::from_slug("nope"), None);
    }

    #[test]
    fn traces() {
        let b = NibbleBoard::from_fen(KIWIPETE).unwrap();
        let q = Quad::from_board(&b);
        let t = to_quad_trace(&b);
        assert_eq!(t.steps.len(), 4);
        assert_eq!(t.steps[3].value, Word::new(q.0[3], 64));
        let back = from_quad_trace(&q);
        assert_eq!(
            back.result,
            Outcome::Words(b.to_words().iter().map(|&w| Word::new(w, 64)).collect())
        );
        assert_eq!(
            back.steps[3].cells,
            b.to_codes()
                .iter()
                .map(|&c| i64::from(c))
                .collect::<Vec<_>>()
        );
        assert!(back.steps[4].note.contains(KIWIPETE));
        let r = read_trace(&q, 60);
        assert_eq!(r.result, Outcome::Number(14));
        assert_eq!(r.steps[3].value, Word::new(14, 4));
        assert!(r.steps[3].note.contains("black king"));
        for set in QuadSet::ALL {
            let t = set_trace(&q, set);
            assert_eq!(t.steps.len(), set.steps().len());
            assert!(t.steps.last().unwrap().note.contains('✓'), "{set:?}");
        }
    }

    #[test]
    fn expressions_read_as_in_c() {
        let q = [0b1100, 0b1010, 0b0110, 0b0001];
        assert_eq!(eval_expr("q0 | q1 & q2", &q), 0b1100 | 0b0010);
        assert_eq!(eval_expr("q0 ^ q1 | q3", &q), 0b0111);
        assert_eq!(eval_expr(" ~(q0 & q1) & q2 ", &q), 0b0110);
        for set in QuadSet::ALL {
            for e in set.steps() {
                eval_expr(e, &q);
            }
        }
    }

    fn legal_codes() -> impl Strategy<Value = [u8; 64]> {
        proptest::collection::vec(prop_oneof![Just(0u8), 1u8..7, 9u8..15], 64).prop_map(|v| {
            let mut a = [0u8; 64];
            a.copy_from_slice(&v);
            a
        })
    }

    proptest! {
        #[test]
        fn codes_round_trip_through_the_quad(codes in legal_codes()) {
            let q = Quad::from_codes(&codes);
            prop_assert_eq!(q.to_codes(), codes);
            let board = NibbleBoard::from_codes(&codes).unwrap();
            prop_assert_eq!(Quad::from_board(&board), q);
            prop_assert_eq!(q.to_board(), board);
            for s in 0..64u32 {
                prop_assert_eq!(q.code(s), codes[s as usize]);
            }
            prop_assert_eq!(&from_quad_trace(&q).steps[3].cells, &codes.iter().map(|&c| i64::from(c)).collect::<Vec<_>>());
        }

        #[test]
        fn every_set_is_its_per_square_filter(codes in legal_codes()) {
            let q = Quad::from_codes(&codes);
            for set in QuadSet::ALL {
                prop_assert_eq!(set.eval(&q), set.filter(&codes), "{:?}", set);
            }
        }

        #[test]
        fn any_four_boards_are_a_nibble_board(q in any::<[u64; 4]>()) {
            let q = Quad(q);
            prop_assert_eq!(Quad::from_board(&q.to_board()), q);
        }
    }
}
