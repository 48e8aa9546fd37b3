//! The start page's miniatures of the panels in Practice's module (in the
//! page's module; the panels load on first use).

use crate::bits::word::Word;
use crate::ui::components::BitRow;
use yew::prelude::*;

/// 0xb6 and its reversal.
pub fn permute() -> Html {
    let x = 0xb6u64;
    html! {
        <>
        <BitRow word={Word::new(x, 8)} readouts={false} label="0xb6" />
        <BitRow word={Word::new(u64::from((x as u8).reverse_bits()), 8)} readouts={false} label="reversed" />
        </>
    }
}

/// 1000000 / 7 as a multiply and shifts.
pub fn divide() -> Html {
    html! { <p class="mini">{ "x / 7 = (x·0x24924925 ≫ 32 …) ≫ 2: 1000000 / 7 = 142857" }</p> }
}

/// The 3-bit Gray code: one bit changes a step.
pub fn gray() -> Html {
    html! { <p class="mini">{ "000 → 001 → 011 → 010 → 110 → 111 → 101 → 100" }</p> }
}

/// A loop against its shortest form.
pub fn shortest() -> Html {
    html! { <p class="mini">{ "for (i…) if (x >> i & 1) return x ^ 1 << i;  →  x & (x − 1): 2 operations, no fewer" }</p> }
}

/// The start page's miniature: the start position in 13 packed bytes.
pub fn trits() -> Html {
    let start = crate::chess::Position::startpos();
    let bytes = crate::bits::trit::to_trits(start.white(), start.black())
        .and_then(|t| crate::bits::trit::pack(&t))
        .map(|b| b.to_vec())
        .unwrap_or_default();
    html! { <p class="mini">{ format!("start position, {} bytes: {:?}", bytes.len(), bytes) }</p> }
}

/// 0.1 as a binary32: its three fields and its exact value (0.1f is
/// 13421773 × 2^-27, and 13421773 × 5^27 fits a u128).
pub fn float() -> Html {
    let bits = 0.1f32.to_bits();
    let fields = format!(
        "{} {:08b} {:023b}",
        bits >> 31,
        bits >> 23 & 0xff,
        bits & 0x7f_ffff
    );
    let significand = u128::from(bits & 0x7f_ffff | 0x80_0000);
    let places = 150 - (bits >> 23 & 0xff) as usize; // each unit weighs 2^-places
    let digits = (significand * 5u128.pow(places as u32)).to_string();
    let exact = format!(
        "0.{}{}",
        "0".repeat(places - digits.len()),
        digits.trim_end_matches('0')
    );
    html! { <p class="mini">{ format!("0.1f = {fields} = {exact}") }</p> }
}

/// The start page's miniature: a rook's mask on d4 and its table size.
pub fn magic() -> Html {
    use crate::chess::magic_lab::{mask, usual_bits, SliderPiece};
    use crate::chess::Square;
    let m = mask(SliderPiece::Rook, Square::D4);
    let bits = usual_bits(SliderPiece::Rook, Square::D4);
    html! {
        <>
        <crate::ui::components::BitGrid board={m} small=true label="rook on d4: its mask" />
        <p class="mini">{ format!("{bits} blockers that matter: a {}-entry table", 1u32 << bits) }</p>
        </>
    }
}
