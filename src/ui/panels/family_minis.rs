//! The start page's miniatures of the catalog's three panels (in the
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
    let x = 1_000_000u64;
    let t = (x * 0x2492_4925) >> 32;
    let q = (((x - t) >> 1) + t) >> 2;
    html! { <p class="mini">{ format!("x / 7 = (x·0x24924925 ≫ 32 …) ≫ 2: {x} / 7 = {q}") }</p> }
}

/// The 3-bit Gray code: one bit changes a step.
pub fn gray() -> Html {
    let codes: Vec<String> = (0u8..8).map(|i| format!("{:03b}", i ^ i >> 1)).collect();
    html! { <p class="mini">{ codes.join(" → ") }</p> }
}

/// A loop against its shortest form.
pub fn shortest() -> Html {
    html! { <p class="mini">{ "for (i…) if (x >> i & 1) return x ^ 1 << i;  →  x & (x − 1): 2 operations, no fewer" }</p> }
}
