//! One seeded generator for every test that needs random input (the
//! library's `bits::rng::Rng`), and random legal positions.

use bitscope::chess::Position;

pub use bitscope::bits::rng::Rng;

/// The position after up to `max_plies` random legal moves from `start`
/// (fewer when the game ends first).
pub fn random_walk(start: Position, max_plies: usize, rng: &mut Rng) -> Position {
    let mut pos = start;
    let plies = rng.below(max_plies + 1);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[rng.below(moves.len())]);
    }
    pos
}
