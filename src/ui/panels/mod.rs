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

impl PanelProps {
    /// A callback that changes the URL state: `f(current params, value)`
    /// gives the new params.
    pub fn update<T: 'static>(&self, f: impl Fn(&Params, T) -> Params + 'static) -> Callback<T> {
        let params = self.params.clone();
        let on_params = self.on_params.clone();
        Callback::from(move |value: T| on_params.emit(f(&params, value)))
    }
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
