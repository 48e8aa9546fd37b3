//! The start page's miniatures, one per panel of the panels' module (they
//! stay in the page's module, which draws the start page; the panels load
//! on first use). Each is computed by the library, as its panel is.

use crate::bits::nibble_board::NibbleBoard;
use crate::bits::word::Word;
use crate::chess::Position;
use crate::ui::components::{BitGrid, BitRow};
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

/// The start page's miniature: the lowest set bit of 0x68 by the 8-bit scan.
pub fn debruijn() -> Html {
    let v = 0x68u64;
    let low = v & v.wrapping_neg();
    html! {
        <>
        <BitRow word={Word::new(low, 8)} highlight={low} readouts={false} label="x & -x of 0x68" />
        <p class="mini">{ format!("lowest set bit of 0x68: {}", crate::bits::debruijn::scan(8, 0x1D, v).map_or("?".into(), |i| i.to_string())) }</p>
        </>
    }
}

/// The start page's miniature: one SWAR add of 4-bit lanes.
pub fn swar() -> Html {
    use crate::bits::swar::{add, lanes_unsigned, LaneLayout};
    let (x, y) = (0x7838, 0x1858);
    let z = LaneLayout::new(32, 4).map(|l| add(l, x, y)).unwrap_or(0);
    let lanes = |v: u64| format!("{:?}", &lanes_unsigned(Word::new(v, 32), 4)[..4]);
    html! {
        <>
        <BitRow word={Word::new(z, 16)} lane_bits={4} readouts={false} label="SWAR add, 4-bit lanes (low 16 bits)" />
        <p class="mini">{ format!("{} + {} = {} (mod 16 each)", lanes(x), lanes(y), lanes(z)) }</p>
        </>
    }
}

/// The start page's miniature: 0xb6 counted three ways.
pub fn popcount() -> Html {
    use crate::bits::popcount::{kernighan, swar};
    let x = 0xb6u64;
    html! {
        <>
        <BitRow word={Word::new(x, 8)} lane_bits={2} readouts={false} label="0xb6 in 2-bit lanes" />
        <p class="mini">{ format!("SWAR {}, Kernighan {} turns, count_ones {}", swar(8, x).unwrap_or(0), kernighan(x), x.count_ones()) }</p>
        </>
    }
}

/// The start page's miniature: 0xB read both ways.
pub fn nibbles() -> Html {
    use crate::bits::nibble::sign_extend_nibble;
    html! {
        <>
        <BitRow word={Word::new(0xB, 4)} readouts={false} label="0xB" />
        <p class="mini">{ format!("unsigned 11, signed {}", sign_extend_nibble(0xB)) }</p>
        </>
    }
}

/// The start page's miniature: e8's king in byte 30 of the start position.
pub fn nibble_board() -> Html {
    let code = NibbleBoard::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
        .and_then(|b| b.get(60))
        .unwrap_or(0);
    html! { <p class="mini">{ format!("e8 = byte 30, low nibble: {code} ({})", crate::bits::piece::code_name(code)) }</p> }
}

/// The start page's miniature: the sliders of the start position, one expression.
pub fn quad() -> Html {
    use crate::bits::quad::{Quad, QuadSet};
    let q = Quad::from_board(
        &crate::bits::nibble_board::NibbleBoard::from_fen(crate::chess::CPW_POSITIONS[0].1)
            .unwrap_or_default(),
    );
    html! {
        <>
        <BitGrid board={QuadSet::Sliders.eval(&q)} small=true label="(q1 ^ q2) & (q0 | q2) = sliders" />
        <p class="mini">{ format!("start position, q3 (black) = {:#018x}", q.0[3]) }</p>
        </>
    }
}

/// The start page's miniature: the queens as bishops & rooks.
pub fn position() -> Html {
    let start = Position::startpos();
    let q = start.bishops() & start.rooks();
    let names: Vec<String> = (0..64)
        .filter(|s| q >> s & 1 == 1)
        .map(crate::bits::square::square_name)
        .collect();
    html! {
        <>
        <BitGrid board={q} small=true label="B & R = queens" />
        <p class="mini">{ format!("queens: {}", names.join(", ")) }</p>
        </>
    }
}

/// The start page's miniature: x & (x - 1) evaluated.
pub fn lab() -> Html {
    let vars = crate::lang::expr::Vars {
        x: 0x68,
        y: 0,
        z: 0,
    };
    let value = crate::lang::expr::evaluate("x & (x - 1)", 8, vars)
        .map_or_else(|e| e.to_string(), |t| t.result_text());
    html! { <p class="mini">{ format!("x & (x - 1) with x = 0x68: {value} (the lowest bit cleared)") }</p> }
}

/// The start page's miniature: the queens, rotated.
pub fn bitboard() -> Html {
    use crate::bits::board_ops::{apply, BoardOperation};
    let start = crate::chess::Position::startpos();
    let queens = start.bishops() & start.rooks();
    html! { <BitGrid board={apply(BoardOperation::Rotate90, queens)} small=true label="the queens, rotated 90°" /> }
}
