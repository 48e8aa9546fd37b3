//! One seeded generator for every test that needs random input.

use bitscope::chess::Position;

/// xorshift64*: small, seeded, reproducible; good enough to pick moves.
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed (zero is replaced: xorshift would stay 0).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform enough in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

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
