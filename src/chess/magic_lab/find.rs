//! Finding a magic: try random sparse candidates until one hashes every
//! key of the mask without a breaking collision.
//!
//! A candidate is `a & b & c` of three random words (about 8 bits set):
//! sparse magics spread the few blockers' copies over the top bits with
//! fewer carries in the way, and are found far sooner than dense ones.

use super::{check_bits, index_of, mask, ray_walk, subsets, MagicError, SliderPiece};
pub use crate::bits::rng::Rng;
use crate::bits::square::Square;
use serde::Serialize;
use std::ops::ControlFlow;

/// Attempts [`find`] makes before giving up, unless told otherwise.
pub const DEFAULT_MAX_ATTEMPTS: u64 = 10_000_000;

/// Attempts between two progress reports.
const REPORT_EVERY: u64 = 4096;

/// A magic that works, and what it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Found {
    #[serde(serialize_with = "hex")]
    pub magic: u64,
    pub bits: u32,
    /// Candidates tried, this one included.
    pub attempts: u64,
}

fn hex<S: serde::Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("0x{v:016x}"))
}

/// Searches a magic for `piece` on `square` with `bits` index bits (fewer
/// than the usual one per mask square is allowed: the search gets harder,
/// and may give up). `progress(attempts)` is called every few thousand
/// attempts; `Break` cancels.
///
/// ```
/// use bitscope::chess::magic_lab::{check, find, SliderPiece};
/// use bitscope::chess::Square;
/// let f = find(SliderPiece::Bishop, Square::C1, 5, 1, 1_000_000, |_| std::ops::ControlFlow::Continue(()))?;
/// assert!(check(SliderPiece::Bishop, Square::C1, f.magic, 5)?.valid);
/// # Ok::<(), bitscope::chess::magic_lab::MagicError>(())
/// ```
///
/// # Errors
/// Bad bits, [`MagicError::NotFound`] after `max_attempts`, or
/// [`MagicError::Cancelled`].
pub fn find(
    piece: SliderPiece,
    square: Square,
    bits: u32,
    seed: u64,
    max_attempts: u64,
    mut progress: impl FnMut(u64) -> ControlFlow<()>,
) -> Result<Found, MagicError> {
    let bits = check_bits(piece, square, bits)?;
    let m = mask(piece, square);
    let keys: Vec<u64> = subsets(m).collect();
    let attacks: Vec<u64> = keys.iter().map(|&k| ray_walk(piece, square, k)).collect();
    let size = 1usize << bits;
    let mut table = vec![0u64; size];
    // epoch[i] == attempt: index i is filled in this attempt (no clearing)
    let mut epoch = vec![0u64; size];
    let mut rng = Rng::new(seed);
    // the usual quick reject for full-size tables: the mask's product
    // should set at least 6 of the top 8 bits (skipped for small tables)
    let top8 = 0xFF00_0000_0000_0000u64;
    let want_top = if bits >= 8 { 6 } else { 0 };
    let mut attempt = 0u64;
    while attempt < max_attempts {
        attempt += 1;
        if attempt.is_multiple_of(REPORT_EVERY) && progress(attempt).is_break() {
            return Err(MagicError::Cancelled(attempt));
        }
        let magic = rng.sparse();
        if (m.wrapping_mul(magic) & top8).count_ones() < want_top {
            continue;
        }
        let ok = keys.iter().zip(&attacks).all(|(&k, &a)| {
            let i = index_of(k, magic, bits);
            if epoch[i] != attempt {
                epoch[i] = attempt;
                table[i] = a;
                true
            } else {
                table[i] == a
            }
        });
        if ok {
            return Ok(Found {
                magic,
                bits,
                attempts: attempt,
            });
        }
    }
    Err(MagicError::NotFound(max_attempts))
}

/// One square of a whole table's search ([`find_squares`]): its magic, or
/// `None` when none was found in the attempts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareFound {
    pub square: Square,
    pub found: Option<Found>,
}

/// [`find`] for each of `squares` in turn, each with its usual bits (or
/// `bits` for all) and the same `seed`, so that a square's magic is the
/// one `find` gives it alone, whichever share of a table it is searched
/// in. `progress(squares done)` after each; `Break` cancels.
///
/// ```
/// use bitscope::chess::magic_lab::{check, find_squares, SliderPiece};
/// use bitscope::chess::Square;
/// let all = find_squares(SliderPiece::Bishop, Square::all(), None, 1, 1_000_000, |_| std::ops::ControlFlow::Continue(()))?;
/// assert_eq!(all.len(), 64);
/// for s in &all {
///     let f = s.found.expect("the usual bits are easy");
///     assert!(check(SliderPiece::Bishop, s.square, f.magic, f.bits)?.valid);
/// }
/// # Ok::<(), bitscope::chess::magic_lab::MagicError>(())
/// ```
///
/// # Errors
/// Bad bits for a square, or [`MagicError::Cancelled`].
pub fn find_squares(
    piece: SliderPiece,
    squares: impl IntoIterator<Item = Square>,
    bits: Option<u32>,
    seed: u64,
    max_attempts: u64,
    mut progress: impl FnMut(usize) -> ControlFlow<()>,
) -> Result<Vec<SquareFound>, MagicError> {
    let mut out = Vec::new();
    for square in squares {
        let b = bits.unwrap_or_else(|| super::usual_bits(piece, square));
        let found = match find(piece, square, b, seed, max_attempts, |_| {
            ControlFlow::Continue(())
        }) {
            Ok(f) => Some(f),
            Err(MagicError::NotFound(_)) => None,
            Err(e) => return Err(e),
        };
        out.push(SquareFound { square, found });
        if progress(out.len()).is_break() {
            return Err(MagicError::Cancelled(out.len() as u64));
        }
    }
    Ok(out)
}
