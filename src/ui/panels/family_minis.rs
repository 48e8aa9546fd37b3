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
