//! One component per panel. Each keeps its whole state in the route's
//! [`Params`], so the URL is always a shareable link to what is shown.

mod nibbles;
mod position;
mod upcoming;

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
        other => html! { <upcoming::Upcoming panel={other} /> },
    }
}
