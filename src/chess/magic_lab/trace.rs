//! The lookup stepped: `occ & mask`, `× magic`, `>> (64 − bits)`, the
//! index, the table's attack set beside the ray walk's.

use super::{check_bits, ray_walk, MagicError, SliderPiece, Table};
use crate::bits::square::Square;
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::{mask as low_bits, Word};

/// The magic lookup of `occupancy` for `piece` on `square`, step by step.
/// The result is the table's attack set (as a 64-bit word); step 5 shows the
/// ray walk beside it and says when the magic is not valid for `bits`.
///
/// ```
/// use bitscope::chess::magic_lab::{builtin_magic, lookup_trace, ray_walk, SliderPiece};
/// use bitscope::bits::trace::Outcome;
/// use bitscope::chess::Square;
/// let occ = Square::D6.bit() | Square::B4.bit();
/// let m = builtin_magic(SliderPiece::Rook, Square::D4);
/// let t = lookup_trace(SliderPiece::Rook, Square::D4, occ, m, 10)?;
/// assert_eq!(t.steps.len(), 5);
/// let Outcome::Word(w) = t.result else { panic!() };
/// assert_eq!(w.bits, ray_walk(SliderPiece::Rook, Square::D4, occ));
/// # Ok::<(), bitscope::chess::magic_lab::MagicError>(())
/// ```
// Over 80 lines on purpose: the five steps in the page's order, sharing key, product, index.
pub fn lookup_trace(
    piece: SliderPiece,
    square: Square,
    occupancy: u64,
    magic: u64,
    bits: u32,
) -> Result<Trace, MagicError> {
    let table = Table::fill(piece, square, magic, check_bits(piece, square, bits)?);
    let (mask, bits) = (table.mask, table.bits);
    let key = occupancy & mask;
    let product = key.wrapping_mul(magic);
    let shift = 64 - bits;
    let index = product >> shift;
    let found = table.attacks(occupancy);
    let walk = ray_walk(piece, square, occupancy);
    let w = |v: u64| Word::new(v, 64);
    let top = low_bits(bits) << shift;
    let title = format!(
        "{piece} on {square}: magic lookup of {} with {} ({bits} index bits)",
        w(occupancy).hex(),
        w(magic).hex()
    );
    let mut t = Trace::new("magic-lookup", title, Outcome::Word(w(found)));
    t.push(
        Step::new("keep the relevant blockers", "key = occ & mask", w(key))
            .highlight(key)
            .operand("occ", w(occupancy))
            .operand("mask", w(mask))
            .note(format!(
                "The mask holds the {} squares whose piece can block a {piece} on {square} (its rays without the edge): {} of them are occupied. Occupied squares outside it ({}) do not matter.",
                mask.count_ones(),
                key.count_ones(),
                (occupancy & !mask).count_ones()
            )),
    );
    t.push(
        Step::new("multiply by the magic", "key × magic (mod 2^64)", w(product))
            .highlight(top)
            .operand("magic", w(magic))
            .note(format!(
                "The 64-bit wrapping product: each blocker adds a shifted copy of the magic, and the carries mix them into the top {bits} bits (highlighted) — the same multiply-and-keep-the-top-bits hash as the de Bruijn scan."
            )),
    );
    t.push(
        Step::new(
            "keep the top bits",
            format!("product >> (64 − {bits}) = product >> {shift}"),
            w(index),
        )
        .highlight(low_bits(bits))
        .note(format!(
            "Shifting right by {shift} leaves the top {bits} bits of the product at the bottom."
        )),
    );
    t.push(
        Step::new("the index", "index", Word::new(index, bits)).note(format!(
            "index {index} of {} entries ({} KiB of u64 for this square)",
            1u64 << bits,
            (8u64 << bits) / 1024
        )),
    );
    let verdict = if table.breaking == 0 {
        format!("The table was filled from the ray walk of every one of the {} keys: the magic is valid for {bits} bits, so the lookup equals the ray walk.", 1u64 << mask.count_ones())
    } else if found == walk {
        format!("This magic is NOT valid for {bits} bits on {square}: {} keys land on an index that holds another attack set (breaking collisions). This lookup happens to be right.", table.breaking)
    } else {
        let first = table.entries[index as usize].map_or(0, |e| e.0);
        format!(
            "This magic is NOT valid for {bits} bits on {square}: index {index} was filled by the key {} first, whose attack set {} is not this key's; the ray walk gives {}. {} breaking collisions in all.",
            w(first).hex(),
            w(found).hex(),
            w(walk).hex(),
            table.breaking
        )
    };
    t.push(
        Step::new(
            "look up the attack set",
            format!("table[{index}]"),
            w(found),
        )
        .highlight(found ^ walk)
        .operand("ray walk (reference)", w(walk))
        .note(verdict),
    );
    Ok(t)
}
