//! `BitRow`: one word, bit by bit, most significant bit on the left.
//!
//! Bits are drawn in rows of at most 32 (a 64-bit word takes two rows: bits
//! 63..32 above 31..0), each cell with its index; lanes are set apart and
//! shaded; highlighted bits are marked; a click toggles a bit when the row
//! is editable. An editable word is one tab stop (a WAI-ARIA grid): the
//! arrows move between its bits and Space or Enter flips one.
//!
//! On a narrow screen the rows wrap (`--narrow`): 8 bits a line where the
//! bits are buttons (each at least 24 px wide), 16 where they are read.

use super::roving::{tab_stop, Roving};
use crate::bits::word::Word;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BitRowProps {
    pub word: Word,
    /// Group the bits into lanes of this width (2, 4, 8, 16).
    #[prop_or_default]
    pub lane_bits: Option<u32>,
    /// Bits to draw highlighted.
    #[prop_or_default]
    pub highlight: u64,
    /// Called with the bit index when a bit is clicked; none = read-only.
    #[prop_or_default]
    pub on_toggle: Option<Callback<u32>>,
    /// A name shown before the bits (`x`, `v & -v`).
    #[prop_or_default]
    pub label: AttrValue,
    /// Named bit fields to colour: (shift, bits, CSS colour), e.g. a move's
    /// from / to / captured fields.
    #[prop_or_default]
    pub fields: Option<Rc<Vec<(u32, u32, AttrValue)>>>,
    /// Show hex / unsigned / signed / binary readouts.
    #[prop_or(true)]
    pub readouts: bool,
}

#[function_component(BitRow)]
pub fn bit_row(props: &BitRowProps) -> Html {
    let w = props.word;
    let per_row = w.width.min(32);
    let rows = w.width.div_ceil(per_row);
    let lane = props.lane_bits.filter(|&l| l > 0 && l < w.width);
    let editable = props.on_toggle.is_some();
    let narrow = per_row.min(if editable { 8 } else { 16 });
    let row_html = (0..rows).rev().map(|r| {
        let lo = r * per_row;
        let hi = (lo + per_row).min(w.width);
        let cells = (lo..hi).rev().map(|i| {
            let on = w.bit(i);
            let lane_class = lane.map(|l| {
                let lane_index = i / l;
                let mut c = vec![if lane_index % 2 == 0 { "lane-even" } else { "lane-odd" }];
                if i % l == 0 && i != lo {
                    c.push("lane-end");
                }
                c
            });
            let class = classes!(
                "bit",
                on.then_some("on"),
                (props.highlight >> i & 1 == 1).then_some("hl"),
                lane_class,
                (lane.is_none() && i % 8 == 0 && i != lo && w.width > 8).then_some("byte-end"),
            );
            let field_color = props.fields.as_ref().and_then(|fs| {
                fs.iter()
                    .find(|(shift, bits, _)| i >= *shift && i < shift + bits)
                    .map(|(_, _, color)| format!("--field: {color}"))
            });
            let content = html! {
                <>
                    <span class="idx">{ i }</span>
                    <span class="val">{ if on { "1" } else { "0" } }</span>
                </>
            };
            match &props.on_toggle {
                Some(cb) => {
                    let cb = cb.clone();
                    html! {
                        <span role="gridcell" class="cell">
                            <button type="button" {class} data-bit={i.to_string()} style={field_color}
                                title={format!("bit {i}: click to toggle")}
                                aria-pressed={on.to_string()}
                                tabindex={tab_stop(i == w.width - 1)}
                                onclick={Callback::from(move |_| cb.emit(i))}>
                                { content }
                            </button>
                        </span>
                    }
                }
                None => html! {
                    <span {class} data-bit={i.to_string()} style={field_color} title={format!("bit {i}")}>{ content }</span>
                },
            }
        });
        html! {
            <div class="bits" role={editable.then_some("row")}
                style={format!("--cols: {}; --narrow: {}", hi - lo, narrow.min(hi - lo))}>{ for cells }</div>
        }
    });
    let readouts = props.readouts.then(|| {
        let group = lane.unwrap_or(4);
        html! {
            <dl class="readouts">
                <div><dt>{ "hex" }</dt><dd class="hex">{ w.hex() }</dd></div>
                <div><dt>{ "unsigned" }</dt><dd class="unsigned">{ w.bits.to_string() }</dd></div>
                <div><dt>{ "signed" }</dt><dd class="signed">{ w.signed().to_string() }</dd></div>
                <div class="bin"><dt>{ "binary" }</dt><dd>{ w.binary(group) }</dd></div>
            </dl>
        }
    });
    html! {
        <div class="bitrow" data-width={w.width.to_string()}>
            if !props.label.is_empty() {
                <div class="bitrow-label"><code>{ props.label.clone() }</code></div>
            }
            if editable {
                <div class="bitrow-bits" role="grid" aria-label={grid_label(w.width, &props.label)}
                    onkeydown={Roving::Focus.keydown()}>{ for row_html }</div>
            } else {
                <div class="bitrow-bits">{ for row_html }</div>
            }
            { for readouts }
        </div>
    }
}

/// What a screen reader says on entering an editable word.
fn grid_label(width: u32, label: &str) -> String {
    let of = if label.is_empty() {
        String::new()
    } else {
        format!(" of {label}")
    };
    format!("the {width} bits{of}: arrows move, Space flips")
}
