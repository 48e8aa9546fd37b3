//! One component per panel. Each keeps its whole state in the route's
//! [`Params`], so the URL is always a shareable link to what is shown.

mod debruijn;
mod gpu;
mod nibble_board;
mod nibbles;
mod position;
mod swar;
mod trits;

use super::route::{Panel, Params};
use yew::prelude::*;

/// What every panel gets: its state from the URL, and how to change it.
#[derive(Properties, PartialEq, Clone)]
pub struct PanelProps {
    pub params: Params,
    pub on_params: Callback<Params>,
}

/// The panel for a route.
pub fn view(panel: Panel, props: PanelProps) -> Html {
    match panel {
        Panel::Nibbles => html! { <nibbles::NibblesPanel ..props /> },
        Panel::Position => html! { <position::PositionPanel ..props /> },
        Panel::DeBruijn => html! { <debruijn::DebruijnPanel ..props /> },
        Panel::Swar => html! { <swar::SwarPanel ..props /> },
        Panel::Trits => html! { <trits::TritsPanel ..props /> },
        Panel::NibbleBoard => html! { <nibble_board::NibbleBoardPanel ..props /> },
        Panel::Gpu => html! { <gpu::GpuPanel ..props /> },
    }
}
