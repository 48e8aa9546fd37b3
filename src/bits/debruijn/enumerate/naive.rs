//! The naive search: try every candidate word and check its windows, with
//! an early exit at the first repeat. 2^16 candidates for 16 bits, 2^32 for
//! 32 (in slices), 2^64 for 64: the engine the others are measured against.
//!
//! ```text
//! 8 bits, 0x1F = 0001_1111:  windows 000 001 011 111 111 ...  bit 4 repeats bit 3: out
//! ```

use crate::bits::debruijn::{
    add_window, check_magic, log2_width, window_of, DebruijnError, ScanKind,
};
use crate::bits::word::mask;
use serde::{Deserialize, Serialize};

/// Quick yes/no with an early exit at the first repeated window.
#[inline]
fn is_valid_fast(width: u32, shift: u32, kind: ScanKind, magic: u64) -> bool {
    (0..width)
        .map(|i| window_of(width, shift, kind, magic, i) as u64)
        .try_fold(0, add_window)
        .is_some()
}

/// Where a slice of the naive search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NaiveProgress {
    /// Candidates tried in this slice.
    pub tried: u64,
    /// Valid magics found in this slice.
    pub found: u64,
    /// The next candidate to try; `None` when every candidate was tried.
    pub next: Option<u64>,
}

/// The naive search, one slice: tries candidates `start .. start + count`
/// (clamped to the width), checking all windows of each with an early exit.
///
/// # Errors
/// A bad width, or a start beyond the width.
pub fn naive_scan(
    width: u32,
    kind: ScanKind,
    start: u64,
    count: u64,
    mut visit: impl FnMut(u64),
) -> Result<NaiveProgress, DebruijnError> {
    let n = check_magic(width, start)?;
    let shift = width - n;
    let last = mask(width);
    let mut tried = 0u64;
    let mut found = 0u64;
    let mut m = start;
    loop {
        if tried == count {
            return Ok(NaiveProgress {
                tried,
                found,
                next: Some(m),
            });
        }
        tried += 1;
        if is_valid_fast(width, shift, kind, m) {
            found += 1;
            visit(m);
        }
        if m == last {
            return Ok(NaiveProgress {
                tried,
                found,
                next: None,
            });
        }
        m += 1;
    }
}

/// Every valid magic of an 8- or 16-bit width by trying all candidates.
///
/// # Errors
/// A bad width, or [`DebruijnError::NaiveTooLarge`] for 32 and 64 bits.
pub fn naive_magics(width: u32, kind: ScanKind) -> Result<Vec<u64>, DebruijnError> {
    log2_width(width)?;
    if width > 16 {
        return Err(DebruijnError::NaiveTooLarge { width });
    }
    let mut out = Vec::new();
    naive_scan(width, kind, 0, u64::MAX, |m| out.push(m))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::debruijn::validate;

    #[test]
    fn naive_search_refuses_wide_words() {
        assert!(matches!(
            naive_magics(32, ScanKind::Isolate),
            Err(DebruijnError::NaiveTooLarge { .. })
        ));
        assert_eq!(
            naive_magics(12, ScanKind::Isolate),
            Err(DebruijnError::BadWidth(12))
        );
    }

    #[test]
    fn naive_slices_resume_where_they_stopped() {
        // 8 bits in slices of 100 candidates: the same 4 magics
        let (mut next, mut found, mut slices) = (Some(0u64), Vec::new(), 0);
        while let Some(start) = next {
            let p = naive_scan(8, ScanKind::Isolate, start, 100, |m| found.push(m)).unwrap();
            assert!(p.tried <= 100);
            next = p.next;
            slices += 1;
        }
        assert_eq!(slices, 3);
        assert_eq!(found, naive_magics(8, ScanKind::Isolate).unwrap());
        assert_eq!(found, vec![0x17, 0x1D, 0x2E, 0x3A]);
        // the early exit agrees with the full check on every 8-bit word
        for m in 0..256 {
            assert_eq!(
                is_valid_fast(8, 5, ScanKind::Isolate, m),
                validate(8, m).unwrap().valid,
                "{m:#x}"
            );
        }
    }
}
