//! The position panel's "why", and a position for two occupancy sets (the
//! Trits panel links to the Position panel with it).

use super::{castling_string, legal_moves, Move, Position};

/// Why five bitboards and two king squares are enough, with `p`'s numbers.
pub fn why_five(p: &Position) -> String {
    let queens = (p.bishops() & p.rooks()).count_ones();
    let derived: u32 = p.derived_sets().iter().map(|s| s.bits.count_ones()).sum();
    format!(
        "Why 5 bitboards: w says a piece's colour; every piece but a king is in exactly one of P, N, B, R, except a queen, which is in both B and R. So B & R finds the queens ({queens} here), B & ~Q and R & ~Q the bishops and rooks, and the kings are two 6-bit squares: 5 × 64 + 2 × 6 = 332 bits name all 12 piece sets. Here the ten derived sets hold {derived} pieces, plus 2 kings = {} on the board.",
        derived + 2,
    )
}

/// A FEN whose white and black pieces are exactly `white` and `black`:
/// back-rank pieces by file on ranks 1 and 8 (R N B Q K B N R), pawns on
/// ranks 2 to 7, one king a side (on e1/e8 when set, else the side's first
/// square; other king squares hold queens), white to move, no castling.
/// The start position's two sets give the start position's placement.
///
/// # Errors
/// Overlapping sets, a side without a square, or a position the FEN reader
/// refuses (e.g. the side not to move in check), as text.
pub fn fen_for_sets(white: u64, black: u64) -> Result<String, String> {
    if white & black != 0 {
        return Err("the two sets overlap".into());
    }
    if white == 0 || black == 0 {
        return Err("each side needs a square for its king".into());
    }
    const BACK: &[u8; 8] = b"rnbqkbnr";
    let mut board = [b'.'; 64];
    for (set, king_sq, upper) in [(white, 4u32, true), (black, 60, false)] {
        let king = if set >> king_sq & 1 == 1 {
            king_sq
        } else {
            set.trailing_zeros()
        };
        for s in 0..64u32 {
            if set >> s & 1 == 0 {
                continue;
            }
            let (rank, file) = (s / 8, s % 8);
            let mut c = if rank == 0 || rank == 7 {
                BACK[file as usize]
            } else {
                b'p'
            };
            if s == king {
                c = b'k';
            } else if c == b'k' {
                c = b'q';
            }
            board[s as usize] = if upper { c.to_ascii_uppercase() } else { c };
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut run = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                b'.' => run += 1,
                c => {
                    if run > 0 {
                        fen.push_str(&run.to_string());
                        run = 0;
                    }
                    fen.push(c as char);
                }
            }
        }
        if run > 0 {
            fen.push_str(&run.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(" w - - 0 1");
    Position::from_fen(&fen).map_err(|e| e.to_string())?;
    Ok(fen)
}

/// The capture `Rh1xh8` from `r3k2r/8/8/8/8/8/8/R3K2R w KQkq -`: the
/// rights before and after it, and the move.
pub fn rook_takes_rook() -> Option<(String, String, Move)> {
    let p = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").ok()?;
    let m = legal_moves(&p)
        .iter()
        .copied()
        .find(|m| m.to_uci() == "h1h8")?;
    Some((
        castling_string(p.castling_rights()),
        castling_string(p.play(m).castling_rights()),
        m,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::teach::assert_has;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

    #[test]
    fn sets_give_a_position_with_those_sets() {
        assert_eq!(fen_for_sets(0xffff, 0xffff << 48).unwrap(), START);
        let fen = fen_for_sets(0x8100_0000_0000_0012, 0x0000_0042_0000_0000).unwrap();
        let p = Position::from_fen(&fen).unwrap();
        assert_eq!(
            (p.white(), p.black()),
            (0x8100_0000_0000_0012, 0x0000_0042_0000_0000)
        );
        assert!(fen_for_sets(1, 1).is_err());
        assert!(fen_for_sets(1, 0).is_err());
    }

    #[test]
    fn why_counts_queens_and_pieces() {
        let p = Position::from_fen(START).unwrap();
        let w = why_five(&p);
        assert_has(&w, &["(2 here)", "30 pieces, plus 2 kings = 32"]);
    }

    #[test]
    fn one_capture_clears_both_sides_rights() {
        let (before, after, m) = rook_takes_rook().unwrap();
        assert_eq!((before.as_str(), after.as_str()), ("KQkq", "Qq"));
        assert_eq!(m.castling_before(), 0b1111);
    }
}
