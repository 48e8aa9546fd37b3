//! Where the table comes from: window `i` is the top `log2 N` bits of
//! `magic << i`, and `table[window] = i`.
//!
//! ```text
//! 8 bits, magic 0x1D = 0001_1101, log2 N = 3:
//!   i = 0   000_11101   window 000 = 0   table[0] = 0
//!   i = 1   001_11010   window 001 = 1   table[1] = 1
//!   i = 2   011_10100   window 011 = 3   table[3] = 2
//!   ...
//!   i = 7   100_00000   window 100 = 4   table[4] = 7   (2 bits of zero fill)
//! ```
//!
//! Every valid magic starts with at least `log2 N - 1` zeros, so the zeros
//! the shift brings in read exactly like the sequence wrapping around.

use super::{bin, check_magic, table_for, DebruijnError, ScanKind};
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::{mask, Word};
use serde::{Deserialize, Serialize};

/// One window of the derivation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowRow {
    /// The bit `i`.
    pub bit: u32,
    /// `magic << i` (mod 2^N).
    pub shifted: u64,
    /// Its top `log2 N` bits.
    pub window: u32,
    /// How many of the window's bits came from the zero fill of the shift.
    pub zero_filled: u32,
    /// The window read cyclically from the sequence (wrapping to its start).
    pub cyclic: u32,
}

/// How the table of a magic is read off its sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Derivation {
    pub width: u32,
    pub magic: u64,
    pub log2: u32,
    pub shift: u32,
    pub rows: Vec<WindowRow>,
    /// `table[window] = i` (0-based bit index).
    pub table: Vec<u8>,
    /// `table[window] = i + 1` (1-based: bit 1 is the least significant).
    pub table_one_based: Vec<u8>,
    /// The first `log2 N - 1` bits are zero, so the zero fill reads like the
    /// cyclic wrap-around. Always true from [`derive_table`]: every valid
    /// magic starts so (see there).
    pub zero_fill_is_wrap: bool,
}

impl Derivation {
    /// How many zeros the magic starts with, as an `N`-bit word (0x1D as 8
    /// bits, `0001_1101`: 3).
    pub fn leading_zeros(&self) -> u32 {
        Word::new(self.magic, self.width).bits.leading_zeros() - (64 - self.width)
    }

    /// Why the zero fill reads like the wrap-around, in a sentence with this
    /// magic's numbers.
    pub fn zero_fill_note(&self) -> String {
        let (lz, need) = (self.leading_zeros(), self.log2 - 1);
        if self.zero_fill_is_wrap {
            format!(
                "This magic starts with {lz} zeros, and every valid magic starts with at least log2 N - 1 = {need}: so the zeros the shift brings in read exactly like the sequence wrapping around, and the last windows are its cyclic windows."
            )
        } else {
            format!(
                "This word starts with {lz} zero(s), fewer than log2 N - 1 = {need}, so it is not a valid magic: the zeros the shift brings in would not read like the wrap-around."
            )
        }
    }
}

/// The `N` windows of `log2 N` bits read off the sequence, and the table.
///
/// Window `i` is the top `log2 N` bits of `magic << i`. A de Bruijn sequence
/// `B(2, n)` is read *cyclically*: the last `n - 1` windows run past its end
/// and wrap to its start. The shift brings in zeros instead of wrapping, so
/// the last `n - 1` windows (`i > N - n`) end in 1..n-1 zeros of fill. They
/// equal the cyclic windows exactly when the sequence starts with at least
/// `n - 1` zeros, and every valid magic does: its `N` windows are all `N`
/// patterns, so the magic followed by the `n - 1` zeros of fill is a walk
/// through the de Bruijn graph (nodes: `n - 1` bits, edges: windows) that
/// uses every edge once; every node there has as many edges in as out, so
/// such a walk ends where it began, and it ends at the fill's `n - 1` zeros.
/// The odd magics start with `n` zeros (0x1D = 0001_1101: 3, at least
/// log2 8 - 1 = 2), their even partners `magic << 1` with `n - 1` zeros and
/// a one (0x3A = 0011_1010).
///
/// ```
/// use bitscope::bits::debruijn::derive_table;
/// let d = derive_table(8, 0x1D).unwrap();
/// assert_eq!(d.table, vec![0, 1, 6, 2, 7, 5, 4, 3]);
/// assert_eq!(d.table_one_based, vec![1, 2, 7, 3, 8, 6, 5, 4]);
/// ```
///
/// # Errors
/// A bad width, a magic wider than the width, or an invalid magic.
pub fn derive_table(width: u32, magic: u64) -> Result<Derivation, DebruijnError> {
    let n = check_magic(width, magic)?;
    let shift = width - n;
    let table = table_for(width, magic, ScanKind::Isolate)?;
    let rows = (0..width)
        .map(|i| {
            let shifted = (magic << i) & mask(width);
            // cyclic: bits at positions (from the top) i .. i+n-1, wrapping
            let cyc = (0..n).fold(0u32, |acc, k| {
                let pos_from_top = (i + k) % width;
                let bit = (magic >> (width - 1 - pos_from_top)) & 1;
                (acc << 1) | bit as u32
            });
            WindowRow {
                bit: i,
                shifted,
                window: (shifted >> shift) as u32,
                zero_filled: (i + n).saturating_sub(width),
                cyclic: cyc,
            }
        })
        .collect();
    Ok(Derivation {
        width,
        magic,
        log2: n,
        shift,
        rows,
        table_one_based: table.iter().map(|&x| x + 1).collect(),
        table,
        zero_fill_is_wrap: magic >> (width - n + 1) == 0,
    })
}

/// The derivation as a trace: the magic, one step per window, the table.
///
/// # Errors
/// As [`derive_table`].
pub fn derivation_trace(width: u32, magic: u64) -> Result<Trace, DebruijnError> {
    let d = derive_table(width, magic)?;
    let n = d.log2;
    let w = |x: u64| Word::new(x, width);
    let mut t = Trace::new(
        "debruijn-derive",
        format!("table of the {width}-bit magic {}", w(magic).hex()),
        Outcome::Bytes(d.table.clone()),
    );
    let cyclic_all: Vec<String> = d.rows.iter().map(|r| bin(r.cyclic as u64, n)).collect();
    t.push(
        Step::new("the sequence", "magic", w(magic))
            .highlight(mask(n) << d.shift)
            .note(format!(
                "{} read {n} bits at a time, cyclically: {}; every {n}-bit pattern appears once. {}",
                bin(magic, width),
                cyclic_all.join(" "),
                d.zero_fill_note()
            )),
    );
    for r in &d.rows {
        let fill = if r.zero_filled > 0 {
            format!(
                "; {} of its bits are the shift's zero fill (cyclic reading: {})",
                r.zero_filled,
                bin(r.cyclic as u64, n)
            )
        } else {
            String::new()
        };
        t.push(
            Step::new(
                format!("window {}", r.bit),
                format!("magic << {}", r.bit),
                w(r.shifted),
            )
            .highlight(mask(n) << d.shift)
            .note(format!(
                "the top {n} bits of magic << {} are {} = {}: table[{}] = {}{fill}",
                r.bit,
                bin(r.window as u64, n),
                r.window,
                r.window,
                r.bit
            )),
        );
    }
    t.push(
        Step::new("the table", "table[window] = i", w(magic))
            .cells(d.table.iter().map(|&x| x as i64))
            .note(format!(
                "0-based {:?}; 1-based (add one) {:?}",
                d.table, d.table_one_based
            )),
    );
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::debruijn::{
        enumerate_kind_chunk, log2_width, naive_magics, shift_for, validate,
    };

    #[test]
    fn the_one_based_table_of_0x1d_is_the_seed_table() {
        let d = derive_table(8, 0x1D).unwrap();
        assert_eq!(d.table, vec![0, 1, 6, 2, 7, 5, 4, 3]);
        assert_eq!(d.table_one_based, vec![1, 2, 7, 3, 8, 6, 5, 4]);
        // the windows 000 001 011 111 110 101 010 100, the last two zero-filled
        let ws: Vec<u32> = d.rows.iter().map(|r| r.window).collect();
        assert_eq!(ws, vec![0, 1, 3, 7, 6, 5, 2, 4]);
        assert!(d.zero_fill_is_wrap);
        assert!(d.rows.iter().all(|r| r.window == r.cyclic));
        assert_eq!(d.rows[7].zero_filled, 2);
        assert_eq!(shift_for(8).unwrap(), 5);
        assert_eq!(shift_for(64).unwrap(), 58);
        assert_eq!(log2_width(8).unwrap(), 3);
    }

    #[test]
    fn derivation_trace_has_a_step_per_window() {
        let d = derivation_trace(8, 0x1D).unwrap();
        assert_eq!(d.steps.len(), 10);
        assert_eq!(d.result, Outcome::Bytes(vec![0, 1, 6, 2, 7, 5, 4, 3]));
    }

    #[test]
    fn magic_0x1d_starts_with_three_zeros_and_the_rule_is_at_least_two() {
        let d = derive_table(8, 0x1D).unwrap();
        assert_eq!(d.leading_zeros(), 3);
        let note = d.zero_fill_note();
        assert!(note.contains("starts with 3 zeros"), "{note}");
        assert!(note.contains("at least log2 N - 1 = 2"), "{note}");
        // the even partner: log2 N - 1 zeros and a one
        assert_eq!(derive_table(8, 0x3A).unwrap().leading_zeros(), 2);
        // the trace says the same, and nothing about a fill that differs
        let t = derivation_trace(8, 0x1D).unwrap();
        assert!(t.steps[0].note.contains(&note), "{}", t.steps[0].note);
        assert!(!t.steps[0].note.contains("differ"));
        // a hand-made derivation of a word that breaks the rule says so
        let bad = Derivation {
            magic: 0xE8,
            zero_fill_is_wrap: false,
            ..d
        };
        assert_eq!(bad.leading_zeros(), 0);
        assert!(bad.zero_fill_note().contains("not a valid magic"));
    }

    /// Every valid magic starts with at least log2 N - 1 zeros, so its zero
    /// fill reads exactly like the wrap-around. Checked on every magic the
    /// naive search finds (it tries every 8- and 16-bit word, so it assumes
    /// nothing about the start), and on the 32-bit ones of the interval
    /// search (which assumes nothing either).
    #[test]
    fn every_valid_magic_starts_with_at_least_log2_n_minus_1_zeros() {
        let mut by_width = Vec::new();
        for w in [8u32, 16] {
            by_width.push((w, naive_magics(w, ScanKind::Isolate).unwrap()));
        }
        let mut all32 = Vec::new();
        enumerate_kind_chunk(32, ScanKind::Isolate, 0, 1, |m| all32.push(m)).unwrap();
        by_width.push((32, all32));
        for ((w, magics), count) in by_width.into_iter().zip([4, 32, 4096]) {
            let need = log2_width(w).unwrap() - 1;
            assert_eq!(magics.len(), count, "{w}");
            for m in magics {
                assert!(validate(w, m).unwrap().valid);
                let d = derive_table(w, m).unwrap();
                assert!(d.leading_zeros() >= need, "{w}-bit {m:#x}");
                assert!(d.zero_fill_is_wrap, "{w}-bit {m:#x}");
                assert!(
                    d.rows.iter().all(|r| r.window == r.cyclic),
                    "{w}-bit {m:#x}"
                );
                // odd: exactly log2 N zeros; even: log2 N - 1 zeros and a one
                let exact = if m & 1 == 1 { need + 1 } else { need };
                assert_eq!(d.leading_zeros(), exact, "{w}-bit {m:#x}");
            }
        }
    }
}
