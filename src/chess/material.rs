//! Material no game can reach, said without refusing the position (as
//! Stockfish reads it all the same): more than 8 pawns of a side, or more
//! pieces than the promotions its missing pawns could have made. (A pawn
//! on the first or last rank is an error of the FEN: `fen.rs`.)

use super::position::Position;
use crate::bits::piece::{Color, PieceKind};
use crate::bits::square::Square;

/// Each side's count of each kind, pawn first (`PieceKind as usize - 1`).
fn counts(p: &Position) -> [[u32; 6]; 2] {
    let mut n = [[0u32; 6]; 2];
    for sq in Square::all() {
        if let Some(piece) = p.piece_at(sq) {
            n[piece.color as usize][piece.kind as usize - 1] += 1;
        }
    }
    n
}

/// What about the material no game can reach, a line each (none: it can).
pub fn material_warnings(p: &Position) -> Vec<String> {
    let mut out = Vec::new();
    let n = counts(p);
    for color in [Color::White, Color::Black] {
        let side = if color == Color::White {
            "white"
        } else {
            "black"
        };
        let c = n[color as usize];
        let pawns = c[PieceKind::Pawn as usize - 1];
        if pawns > 8 {
            out.push(format!("{side} has {pawns} pawns: a side starts with 8"));
        }
        // pieces beyond the starting set, each a promoted pawn
        let start = [
            (PieceKind::Knight, 2),
            (PieceKind::Bishop, 2),
            (PieceKind::Rook, 2),
            (PieceKind::Queen, 1),
        ];
        let promoted: u32 = start
            .iter()
            .map(|&(k, s)| c[k as usize - 1].saturating_sub(s))
            .sum();
        if pawns <= 8 && pawns + promoted > 8 {
            out.push(format!(
                "{side} has {promoted} pieces beyond its starting ones and {pawns} pawns: only 8 pawns could have promoted"
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warnings(fen: &str) -> Vec<String> {
        material_warnings(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn reachable_material_is_quiet_and_the_impossible_is_said() {
        assert!(warnings("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_empty());
        // three queens and 6 pawns: two promoted, fine
        assert!(warnings("4k3/8/8/8/8/8/PPPPPP2/QQQ1K3 w - - 0 1").is_empty());
        let nine = warnings("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1");
        assert_eq!(nine, ["white has 9 pawns: a side starts with 8"]);
        let promoted = warnings("qqqqk3/pppppp2/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(promoted.len(), 1);
        assert!(
            promoted[0].starts_with("black has 3 pieces beyond its starting ones and 6 pawns"),
            "{promoted:?}"
        );
    }
}
