//! The plain search over windows: a depth-first search over the magic's
//! bits, top bit first, that places a bit only when the window it completes
//! is new. No graph structure, so it cross-checks the circuit walk.
//!
//! ```text
//! 8 bits: 00 | 0 -> window 000 new      00 | 1 -> window 001 new
//!         00 | 00 -> window 000 again: cut
//! ```

use crate::bits::debruijn::{add_window, log2_width, DebruijnError};

/// Depth-first search over the bits of the magic, top bit first, for the
/// classic form. `seq` holds the bits placed so far, `used` one bit per
/// window already seen (at most 64 windows: one `u64`). A bit is placed only
/// when the window it completes is new, so every leaf has `N - n + 1`
/// distinct windows; the leaf then checks the last `n - 1` windows, which
/// end in the shift's zero fill. Reaching `visit` therefore means all `N`
/// windows were checked distinct: the search is its own verification.
fn fast_dfs<const NB: u32, F: FnMut(u64) -> bool>(
    seq: u64,
    used: u64,
    left: u32,
    visit: &mut F,
) -> bool {
    let wmask = (1u64 << NB) - 1;
    if left == 0 {
        // the last NB - 1 windows end in the shift's zero fill
        let mut fill = (1..NB).map(|j| (seq << j) & wmask);
        return match fill.try_fold(used, add_window) {
            Some(_) => visit(seq),
            None => true,
        };
    }
    for bit in 0..2 {
        let s = (seq << 1) | bit;
        if let Some(u) = add_window(used, s & wmask) {
            if !fast_dfs::<NB, F>(s, u, left - 1, visit) {
                return false;
            }
        }
    }
    true
}

/// The plain search over windows (no circuit structure): used by the tests
/// to cross-check the circuit walk on 8, 16 and 32 bits.
///
/// # Errors
/// A bad width.
pub fn window_search(width: u32, mut visit: impl FnMut(u64)) -> Result<u64, DebruijnError> {
    let n = log2_width(width)?;
    let mut found = 0;
    let mut count = |m| {
        found += 1;
        visit(m);
        true
    };
    // every valid magic starts with n - 1 zeros, which complete no window
    let (seq, used, left) = (0, 0, width - (n - 1));
    match n {
        3 => fast_dfs::<3, _>(seq, used, left, &mut count),
        4 => fast_dfs::<4, _>(seq, used, left, &mut count),
        5 => fast_dfs::<5, _>(seq, used, left, &mut count),
        _ => fast_dfs::<6, _>(seq, used, left, &mut count),
    };
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::debruijn::validate;

    #[test]
    fn window_search_finds_the_8_and_16_bit_magics() {
        let mut all8 = Vec::new();
        assert_eq!(window_search(8, |m| all8.push(m)).unwrap(), 4);
        assert_eq!(all8, vec![0x17, 0x1D, 0x2E, 0x3A]);
        let mut all16 = Vec::new();
        assert_eq!(window_search(16, |m| all16.push(m)).unwrap(), 32);
        assert!(all16.iter().all(|&m| validate(16, m).unwrap().valid));
        assert_eq!(window_search(12, |_| {}), Err(DebruijnError::BadWidth(12)));
    }
}
