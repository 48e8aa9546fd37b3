//! The breadth-first kernels' transposition table (`bf_leaf_hash` in
//! kernels/bfs.wgsl): the fused leaf's two-ply counts, keyed by a 64-bit
//! Zobrist hash of the position with an independent 32-bit check word.
//!
//! ```text
//! entry (4 x u32):  key lo ^ n | key hi ^ n | check ^ n ^ DEPTH | n
//! ```
//!
//! An entry is used only when all three of its first words match (96 bits),
//! so a count is taken for another position only when that position has
//! the same 64-bit key *and* the same 32-bit check: for keys drawn at
//! random, about 2^-96 per probe (README: a false hit's odds), not the
//! 2^-(64 - index bits) of a table that keeps only the key's top bits.
//! The xor with the count makes an entry that two writers tore (their words
//! mixed) fail the match instead of giving a wrong count.

/// Words of Zobrist keys: (key lo, key hi, check) for each of the five
/// boards' 64 squares, for each of the info word's four bytes' 256 values,
/// and one for black to move (the layout `bf_hash` reads).
pub const KEY_WORDS: usize = 3 * (5 * 64 + 4 * 256 + 1);

/// Bytes of one entry.
pub const ENTRY_BYTES: u64 = 16;

/// The largest table `--hash` takes, in MiB.
pub const MAX_HASH_MB: u32 = 4096;

/// `--hash MB` in bytes.
pub fn mib(mb: u32) -> u64 {
    u64::from(mb.min(MAX_HASH_MB)) << 20
}

/// The keys, the same on every run (splitmix64 from a fixed seed): the
/// check words come from the same stream but are independent of the key
/// words they sit beside.
pub fn zobrist_keys() -> Vec<u32> {
    let mut state = 0x0b17_5c09_e5ee_d001_u64;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..KEY_WORDS).map(|_| next() as u32).collect()
}

/// Entries of a table of at most `bytes` within `max_bytes` (the adapter's
/// buffer limits): the largest power of two that fits (one at least); 0
/// for no table.
pub fn table_entries(bytes: u64, max_bytes: u64) -> u32 {
    if bytes == 0 {
        return 0;
    }
    let entries = (bytes.min(max_bytes) / ENTRY_BYTES).max(1);
    (1u64 << (63 - entries.leading_zeros())).min(1 << 31) as u32
}

/// Entries of the table of a merged run's unmerged leaf level: `bytes`
/// when given, else room for twice the level's `children` within
/// `budget`; a power of two within `max_bytes`, as [`table_entries`].
pub fn leaf_table_entries(bytes: u64, children: u64, budget: u64, max_bytes: u64) -> u32 {
    let wanted = if bytes > 0 {
        bytes
    } else {
        let entries = children.saturating_mul(2).checked_next_power_of_two();
        entries
            .unwrap_or(1 << 63)
            .saturating_mul(ENTRY_BYTES)
            .min(budget)
            .max(ENTRY_BYTES)
    };
    table_entries(wanted, max_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_powers_of_two_within_the_limits() {
        assert_eq!(table_entries(0, u64::MAX), 0);
        assert_eq!(table_entries(mib(1), u64::MAX), 1 << 16);
        assert_eq!(table_entries(mib(64), u64::MAX), 1 << 22);
        assert_eq!(table_entries(mib(64), 3 << 20), 1 << 17, "within max_bytes");
        assert_eq!(table_entries(mib(u32::MAX), u64::MAX), 1 << 28);
        assert_eq!(table_entries(64, u64::MAX), 4);
        assert_eq!(table_entries(1, u64::MAX), 1);
        // the leaf level's table: room for twice its children, or as given
        assert_eq!(leaf_table_entries(0, 1000, 1 << 30, u64::MAX), 2048);
        assert_eq!(leaf_table_entries(0, 1024, 1 << 30, u64::MAX), 2048);
        assert_eq!(leaf_table_entries(0, 1 << 40, 1 << 30, u64::MAX), 1 << 26);
        assert_eq!(leaf_table_entries(0, 1 << 40, 1 << 30, 1 << 20), 1 << 16);
        assert_eq!(leaf_table_entries(0, 0, 1 << 30, u64::MAX), 1);
        assert_eq!(leaf_table_entries(256, 1 << 20, 1 << 30, u64::MAX), 16);
    }

    #[test]
    fn keys_are_fixed_and_distinct() {
        let k = zobrist_keys();
        assert_eq!(k.len(), KEY_WORDS);
        assert_eq!(k, zobrist_keys());
        let mut sorted = k.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), k.len());
    }
}
