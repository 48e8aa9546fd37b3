//! One component per panel. Each keeps its whole state in the route's
//! [`Params`], so the URL is always a shareable link to what is shown: the
//! panel reads its typed state (`ui::state`) from them once per render, and
//! every change is an `Action` whose resulting state is written back.

mod bitboard;
mod debruijn;
mod debruijn_list;
mod debruijn_search;
mod gpu;
mod gpu_chart;
mod gpu_matrix;
mod lab;
mod magic;
mod nibble_board;
mod nibbles;
mod popcount;
mod position;
mod quad;
mod start;
mod swar;
mod trits;

pub use start::StartPage;

use super::route::{Panel, Params};
use super::state::PanelState;
use std::rc::Rc;
use yew::prelude::*;

/// What every panel gets: its state from the URL, and how to change it.
#[derive(Properties, PartialEq, Clone)]
pub struct PanelProps {
    pub params: Params,
    pub on_params: Callback<Params>,
}

impl PanelProps {
    /// The panel's typed state, read from the URL.
    pub fn state<S: PanelState>(&self) -> S {
        S::from_params(&self.params)
    }

    /// A callback that reduces `state` by an action and writes the new
    /// state to the URL (which renders it).
    pub fn dispatch<S, A>(&self, state: &S) -> Callback<A>
    where
        S: PanelState<Action = A> + Reducible<Action = A> + 'static,
        A: 'static,
    {
        let state = Rc::new(state.clone());
        let on_params = self.on_params.clone();
        Callback::from(move |action: A| {
            on_params.emit(Reducible::reduce(state.clone(), action).to_params())
        })
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
        Panel::Lab => html! { <lab::LabPanel ..props /> },
        Panel::Bitboard => html! { <bitboard::BitboardPanel ..props /> },
        Panel::Magic => html! { <magic::MagicPanel ..props /> },
        Panel::Popcount => html! { <popcount::PopcountPanel ..props /> },
        Panel::Quad => html! { <quad::QuadPanel ..props /> },
    }
}
