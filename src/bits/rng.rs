//! xorshift64*: a small, seeded, reproducible generator (the same seed gives
//! the same numbers natively and in the browser). Three shifts and xors
//! scramble the state, and one multiply mixes the output:
//!
//! ```text
//! x ^= x >> 12;  x ^= x << 25;  x ^= x >> 27;  out = x * 0x2545F4914F6CDD1D
//! ```
//!
//! ```
//! use bitscope::bits::rng::Rng;
//! let (mut a, mut b) = (Rng::new(7), Rng::new(7));
//! assert_eq!(a.next_u64(), b.next_u64());
//! ```

/// The generator; see the module docs.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (zero is replaced: xorshift would stay 0).
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
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// A sparse word: the AND of three (about 8 bits set).
    pub fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}
