//! `BitGrid`: a bitboard as an 8x8 board.
//!
//! Little-endian rank-file: a1 = bit 0, h1 = bit 7, a8 = bit 56, h8 = bit 63.
//! Rank 8 is drawn at the top, and every square shows its name and its bit.
//!
//! ```text
//! 8 | 56 57 58 59 60 61 62 63
//! 1 |  0  1  2  3  4  5  6  7
//!      a  b  c  d  e  f  g  h
//! ```
//!
//! An editable board is one tab stop (a WAI-ARIA grid): the arrows move
//! between squares and Space or Enter flips one.

use super::roving::{tab_stop, Roving};
use std::rc::Rc;
use yew::prelude::*;

pub use crate::bits::square::square_name;

#[derive(Properties, PartialEq)]
pub struct BitGridProps {
    pub board: u64,
    /// Text shown on each square (piece letters, trit values), a1 first.
    #[prop_or_default]
    pub marks: Option<Rc<Vec<String>>>,
    /// Smaller squares without the square names.
    #[prop_or_default]
    pub small: bool,
    /// The board's name, shown above it with its hex value.
    #[prop_or_default]
    pub label: AttrValue,
    /// Squares to draw highlighted.
    #[prop_or_default]
    pub highlight: u64,
    /// Called with the square when it is clicked; none = read-only.
    #[prop_or_default]
    pub on_toggle: Option<Callback<u32>>,
}

#[function_component(BitGrid)]
pub fn bit_grid(props: &BitGridProps) -> Html {
    let editable = props.on_toggle.is_some();
    let ranks = (0..8u32).rev().map(|rank| {
        let squares = (0..8u32).map(|file| {
            let sq = rank * 8 + file;
            let on = props.board >> sq & 1 == 1;
            let name = square_name(sq);
            let mark = props
                .marks
                .as_ref()
                .and_then(|m| m.get(sq as usize).cloned())
                .unwrap_or_default();
            // A marked square (a piece, a trit) shows its mark instead of the dot.
            let dot = if mark.is_empty() { "on" } else { "set" };
            let class = classes!(
                "sq",
                if (rank + file) % 2 == 0 {
                    "dark"
                } else {
                    "light"
                },
                on.then_some(dot),
                (props.highlight >> sq & 1 == 1).then_some("hl"),
            );
            let body = html! {
                <>
                    if !props.small {
                        <span class="sqname">{ name.clone() }</span>
                        <span class="sqbit">{ sq }</span>
                    }
                    <span class="mark">{ mark }</span>
                </>
            };
            let title = format!("{name} = bit {sq}");
            match &props.on_toggle {
                Some(cb) => {
                    let cb = cb.clone();
                    html! {
                        <span role="gridcell" class="cell">
                            <button type="button" {class} {title} data-square={name}
                                aria-pressed={on.to_string()} tabindex={tab_stop(sq == 56)}
                                onclick={Callback::from(move |_| cb.emit(sq))}>{ body }</button>
                        </span>
                    }
                }
                None => html! { <span {class} {title} data-square={name}>{ body }</span> },
            }
        });
        html! {
            <div class="rank" role={editable.then_some("row")}>
                <span class="rank-label" role={editable.then_some("rowheader")}>{ rank + 1 }</span>
                { for squares }
            </div>
        }
    });
    html! {
        <figure class={classes!("bitgrid", props.small.then_some("small"))}>
            if !props.label.is_empty() {
                <figcaption><code>{ props.label.clone() }</code>
                    <span class="grid-hex">{ format!(" 0x{:016x}", props.board) }</span>
                </figcaption>
            }
            if editable {
                <div class="grid" role="grid" aria-label="squares: arrows move, Space flips" onkeydown={Roving::Focus.keydown()}>
                    { for ranks }
                    <div class="rank" role="row">
                        <span class="corner" role="columnheader"></span>
                        { for ('a'..='h').map(|f| html! { <span class="file-label" role="columnheader">{ f }</span> }) }
                    </div>
                </div>
            } else {
                <div class="grid">
                    { for ranks }
                    <span class="corner"></span>
                    { for ('a'..='h').map(|f| html! { <span class="file-label">{ f }</span> }) }
                </div>
            }
        </figure>
    }
}
