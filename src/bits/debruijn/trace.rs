//! The scan stepped, one trace per form: the classic `v & -v`, the mask
//! `v ^ (v - 1)` and bit scan reverse by smearing. All three end the same
//! way, in [`push_window_and_lookup`]:
//!
//! ```text
//! product  = key * magic          (mod 2^N)
//! window   = product >> (N - log2 N)       top log2 N bits
//! index    = table[window]
//! ```

use super::{bin, check_value, DebruijnError, ScanKind, Scanner};
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::{mask, Word};

/// What every scan trace starts from, once the magic (for `kind`) and the
/// value are checked: the scanner, `log2 N`, the shift `N - log2 N` and the
/// width's mask.
fn setup(
    width: u32,
    magic: u64,
    kind: ScanKind,
    v: u64,
) -> Result<(Scanner, u32, u32, u64), DebruijnError> {
    let sc = Scanner::new(width, magic, kind)?;
    check_value(width, v)?;
    let shift = sc.shift;
    Ok((sc, width - shift, shift, mask(width)))
}

/// A scan trace with its first step, "the input" `v`, highlighted where the
/// scan will look and noted with what it looks for.
fn start_trace(
    name: &str,
    title: String,
    width: u32,
    v: u64,
    result: u32,
    input: (u64, String),
) -> Trace {
    let mut t = Trace::new(name, title, Outcome::Number(result as i64));
    t.push(
        Step::new("the input", "v", Word::new(v, width))
            .highlight(input.0)
            .note(input.1),
    );
    t
}

/// Pushes the two steps every multiply-and-shift scan ends with: the shift
/// keeps the window, the table gives the bit. `keep` and `lookup` are their
/// notes (`keep` by default: the shift's arithmetic and the window).
fn push_window_and_lookup(
    t: &mut Trace,
    sc: &Scanner,
    window: u64,
    keep: Option<String>,
    lookup: String,
) {
    let n = sc.width() - sc.shift();
    let keep =
        keep.unwrap_or_else(|| format!("{} - {n} = {}: window = {window}", sc.width(), sc.shift()));
    t.push(
        Step::new(
            "keep the top log2 N bits",
            format!("product >> {}", sc.shift()),
            Word::new(window, sc.width()),
        )
        .highlight(mask(n))
        .note(keep),
    );
    let index = sc.table()[window as usize];
    t.push(
        Step::new(
            "look up the bit index",
            format!("table[{window}]"),
            Word::new(index as u64, 8),
        )
        .cells(sc.table().iter().map(|&x| x as i64))
        .note(lookup),
    );
}

/// The classic scan stepped: `v`, `-v`, `v & -v`, the multiply (the magic
/// shifted left), the shift by `N - log2 N`, the table lookup.
///
/// ```
/// use bitscope::bits::debruijn::scan_trace;
/// use bitscope::bits::trace::Outcome;
/// let t = scan_trace(8, 0x1D, 0b0110_1000).unwrap();
/// assert_eq!(t.result, Outcome::Number(3));
/// ```
///
/// # Errors
/// A bad width, a too-wide magic or value, `v = 0`, or an invalid magic
/// (carrying its collisions).
pub fn scan_trace(width: u32, magic: u64, v: u64) -> Result<Trace, DebruijnError> {
    let (sc, n, shift, m) = setup(width, magic, ScanKind::Isolate, v)?;
    let not_v = !v & m;
    let neg = v.wrapping_neg() & m;
    let iso = v & neg;
    let i = iso.trailing_zeros();
    let product = iso.wrapping_mul(magic) & m;
    let top = mask(n) << shift;
    let window = product >> shift;
    let index = sc.table()[window as usize] as u32;
    let w = |x: u64| Word::new(x, width);
    let note = format!(
        "v = {v} = 0b{}: {} bit(s) set; the scan finds the lowest one without a loop",
        bin(v, width),
        v.count_ones()
    );
    let title = format!(
        "{width}-bit bit scan of {} with magic {}",
        w(v).hex(),
        w(magic).hex()
    );
    let mut t = start_trace("debruijn-scan", title, width, v, index, (iso, note));
    t.push(
        Step::new("negate: two's complement", "-v = ~v + 1", w(neg))
            .highlight(iso)
            .operand("~v", w(not_v))
            .note(format!(
                "~v = {} flips every bit; + 1 carries through its {i} trailing one(s), so -v = {} agrees with v at bit {i} and below and is the complement of v above it",
                w(not_v).hex(),
                w(neg).hex()
            )),
    );
    t.push(
        Step::new("isolate the lowest set bit", "v & -v", w(iso))
            .highlight(iso)
            .operand("v", w(v))
            .operand("-v", w(neg))
            .note(format!(
                "only bit {i} is set in both v and -v: v & -v = {iso} = 2^{i}"
            )),
    );
    t.push(
        Step::new(
            "multiply by the magic",
            format!("(v & -v) * {}", w(magic).hex()),
            w(product),
        )
        .highlight(top)
        .operand("magic", w(magic))
        .note(format!(
            "2^{i} * magic = magic << {i} (mod 2^{width}): the sequence {} slides {i} place(s) left, {i} bit(s) fall off the top and {i} zero(s) come in at the bottom; the top {n} bits now read {} = window {i}",
            bin(magic, width),
            bin(window, n)
        )),
    );
    push_window_and_lookup(
        &mut t,
        &sc,
        window,
        Some(format!(
            "N - log2 N = {width} - {n} = {shift}: shifting right by {shift} drops all but the top {n} bits, window = {window}"
        )),
        format!(
            "table[{window}] = {index}: the table lists, for every window, the bit whose shift of the magic shows it (1-based tables add one: {})",
            index + 1
        ),
    );
    Ok(t)
}

/// The `v ^ (v - 1)` form stepped, with its own magic and table.
///
/// ```text
/// v           = 0110_1000
/// v - 1       = 0110_0111   the borrow turns the trailing zeros to ones
/// v ^ (v - 1) = 0000_1111   ones up to and including the lowest set bit
/// ```
///
/// # Errors
/// A bad width, a too-wide magic or value, `v = 0`, or a magic that is not
/// valid for this form.
pub fn mask_scan_trace(width: u32, magic: u64, v: u64) -> Result<Trace, DebruijnError> {
    let (sc, n, shift, m) = setup(width, magic, ScanKind::Mask, v)?;
    let i = v.trailing_zeros();
    let dec = v.wrapping_sub(1) & m;
    let key = v ^ dec;
    let shifted = if i + 1 >= width {
        0
    } else {
        (magic << (i + 1)) & m
    };
    let product = key.wrapping_mul(magic) & m;
    let window = product >> shift;
    let index = sc.table()[window as usize] as u32;
    let w = |x: u64| Word::new(x, width);
    let title = format!(
        "{width}-bit bit scan of {} by v ^ (v - 1) with magic {}",
        w(v).hex(),
        w(magic).hex()
    );
    let note = format!("v = {v} = 0b{}", bin(v, width));
    let mut t = start_trace("debruijn-mask-scan", title, width, v, index, (1 << i, note));
    t.push(
        Step::new("subtract one", "v - 1", w(dec))
            .highlight(mask(i + 1))
            .note(format!(
                "the borrow runs through the {i} trailing zero(s): they become ones and bit {i} is cleared; bits above {i} are unchanged"
            )),
    );
    t.push(
        Step::new("mask up to the lowest set bit", "v ^ (v - 1)", w(key))
            .highlight(key)
            .note(format!(
                "xor keeps the bits that changed: bits 0..={i}, so v ^ (v - 1) = 2^{} - 1 = {key}",
                i + 1
            )),
    );
    t.push(
        Step::new(
            "multiply by the magic",
            format!("(v ^ (v - 1)) * {}", w(magic).hex()),
            w(product),
        )
        .highlight(mask(n) << shift)
        .operand("magic", w(magic))
        .operand(format!("magic << {}", i + 1), w(shifted))
        .note(format!(
            "(2^{} - 1) * magic = (magic << {}) - magic = {} - {} = {} (mod 2^{width}); its top {n} bits are {}",
            i + 1,
            i + 1,
            w(shifted).hex(),
            w(magic).hex(),
            w(product).hex(),
            bin(window, n)
        )),
    );
    let lookup = format!(
            "this form has its own table (built from the windows of (2^(i+1) - 1) * magic): table[{window}] = {index}"
        );
    push_window_and_lookup(&mut t, &sc, window, None, lookup);
    Ok(t)
}

/// Bit scan reverse stepped: smear the top bit down, multiply, shift, look up.
/// `magic` must be valid for [`ScanKind::Mask`] (the smeared word `2^(k+1) - 1`
/// has the same shape as `v ^ (v - 1)`), e.g. 0x03F79D71B4CB0A89 for 64 bits.
///
/// # Errors
/// A bad width, a too-wide magic or value, `v = 0`, or a magic not valid for
/// the mask form.
pub fn reverse_scan_trace(width: u32, magic: u64, v: u64) -> Result<Trace, DebruijnError> {
    let (sc, n, shift, m) = setup(width, magic, ScanKind::Mask, v)?;
    let k = 63 - v.leading_zeros();
    let w = |x: u64| Word::new(x, width);
    let title = format!(
        "{width}-bit bit scan reverse of {} with magic {}",
        w(v).hex(),
        w(magic).hex()
    );
    let note = format!(
        "v = {v} = 0b{}: the scan finds the highest set bit",
        bin(v, width)
    );
    let mut t = start_trace("debruijn-reverse-scan", title, width, v, k, (1 << k, note));
    let mut s = v;
    let mut step = 1;
    while step < width {
        let before = s;
        s |= s >> step;
        t.push(
            Step::new(format!("smear right by {step}"), format!("v |= v >> {step}"), w(s))
                .highlight(s & !before)
                .note(format!(
                    "every set bit copies itself {step} place(s) down: now the top {} bit(s) below and including bit {k} are ones (or all of them)",
                    (2 * step).min(k + 1)
                )),
        );
        step <<= 1;
    }
    let product = s.wrapping_mul(magic) & m;
    let window = product >> shift;
    let index = sc.table()[window as usize] as u32;
    t.push(
        Step::new("multiply by the magic", format!("smeared * {}", w(magic).hex()), w(product))
            .highlight(mask(n) << shift)
            .operand("magic", w(magic))
            .note(format!(
                "smeared = 2^{} - 1 = {s}, the same shape as v ^ (v - 1) for a lowest bit {k}, so the mask-form magic and table apply; top {n} bits: {}",
                k + 1,
                bin(window, n)
            )),
    );
    let lookup = format!("table[{window}] = {index} = {width} - 1 - leading_zeros");
    push_window_and_lookup(&mut t, &sc, window, None, lookup);
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_trace_steps_and_numbers() {
        let t = scan_trace(8, 0x1D, 0b0110_1000).unwrap();
        assert_eq!(t.result, Outcome::Number(3));
        let exprs: Vec<&str> = t.steps.iter().map(|s| s.expr.as_str()).collect();
        assert_eq!(exprs[2], "v & -v");
        assert_eq!(t.steps[2].value, Word::new(8, 8));
        assert_eq!(t.steps[3].value, Word::new(0xE8, 8));
        assert_eq!(t.steps[3].highlight, 0xE0);
        assert_eq!(t.steps[4].value, Word::new(7, 8));
        assert!(t.steps[4].note.contains("8 - 3 = 5"));
        let t = scan_trace(64, 0x03F7_9D71_B4CB_0A89, 1 << 40).unwrap();
        assert_eq!(t.result, Outcome::Number(40));
        assert!(t.steps[4].note.contains("64 - 6 = 58"));
    }

    #[test]
    fn variant_traces() {
        let m = 0x03F7_9D71_B4CB_0A89;
        let t = mask_scan_trace(64, m, 0b1011_0000).unwrap();
        assert_eq!(t.result, Outcome::Number(4));
        let t = reverse_scan_trace(64, m, 0b1011_0000).unwrap();
        assert_eq!(t.result, Outcome::Number(7));
        assert_eq!(t.steps.len(), 1 + 6 + 3);
        let t = reverse_scan_trace(32, 0x07C4_ACDD, 0x0001_0010).unwrap();
        assert_eq!(t.result, Outcome::Number(16));
    }

    #[test]
    fn every_trace_ends_in_the_window_and_its_table_entry() {
        let m = 0x03F7_9D71_B4CB_0A89;
        for t in [
            scan_trace(64, m, 0b1011_0000).unwrap(),
            mask_scan_trace(64, m, 0b1011_0000).unwrap(),
            reverse_scan_trace(64, m, 0b1011_0000).unwrap(),
        ] {
            let [.., keep, lookup] = &t.steps[..] else {
                panic!("{t:?}")
            };
            assert_eq!(keep.expr, "product >> 58");
            assert_eq!(keep.highlight, 63);
            assert_eq!(lookup.expr, format!("table[{}]", keep.value.bits));
            assert_eq!(
                Outcome::Number(lookup.value.bits as i64),
                t.result,
                "{}",
                t.title
            );
        }
    }

    #[test]
    fn invalid_inputs_are_typed_errors() {
        assert_eq!(
            scan_trace(8, 0x1D, 0).unwrap_err(),
            DebruijnError::ZeroInput
        );
        assert_eq!(
            scan_trace(12, 0x1D, 1).unwrap_err(),
            DebruijnError::BadWidth(12)
        );
        assert!(matches!(
            scan_trace(8, 0x11D, 1),
            Err(DebruijnError::MagicTooWide { .. })
        ));
        assert!(matches!(
            scan_trace(8, 0x1D, 0x100),
            Err(DebruijnError::ValueTooWide { .. })
        ));
        let e = scan_trace(8, 0x1F, 4).unwrap_err();
        match &e {
            DebruijnError::InvalidMagic { collisions, .. } => assert!(!collisions.is_empty()),
            other => panic!("{other:?}"),
        }
        assert!(e.to_string().contains("share a window"), "{e}");
    }
}
