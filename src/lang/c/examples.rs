//! C popcounts as people paste them, kept once for the prover's tests and
//! the `bench prove-c` measurements: the same count three ways.

/// The parallel popcount (Bit Twiddling Hacks): 2-, 4-, then 8-bit sums,
/// added up by a multiply.
pub const POP_SWAR: &str = "unsigned pop(unsigned v) {
    v = v - ((v >> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333);
    return ((v + (v >> 4) & 0xF0F0F0F) * 0x1010101) >> 24;
}";

/// Bit by bit, 32 iterations.
pub const POP_LOOP: &str = "unsigned pop(unsigned v) { unsigned n = 0; for (int i = 0; i < 32; i++) n += (v >> i) & 1; return n; }";

/// Kernighan's: one iteration per set bit (`v &= v - 1` clears the lowest).
pub const POP_KERNIGHAN: &str =
    "unsigned pop(unsigned v) { unsigned n = 0; while (v) { v &= v - 1; n++; } return n; }";
