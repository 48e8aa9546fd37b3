//! One component per panel (the registry, `ui/registry.rs`, lists them and
//! dispatches to them). Each keeps its whole state in the route's
//! [`Params`], so the URL is always a shareable link to what is shown: the
//! panel reads its typed state (`ui::state`) from them once per render, and
//! every change is an `Action` whose resulting state is written back.

/// Modules built only into the panels' module (feature `panels`).
macro_rules! in_the_panels_module {
    ($($item:item)*) => { $( #[cfg(feature = "panels")] $item )* };
}

// Every panel but the GPU's is built into the panels' module (feature
// `panels`, loaded on first use); the page's module holds a loader and a
// start-page miniature in each one's place (`loaders.rs`, `minis.rs`).
in_the_panels_module! {
    pub(crate) mod bitboard;
    pub(crate) mod debruijn;
    mod debruijn_list;
    mod debruijn_search;
    pub(crate) mod divide;
    pub(crate) mod float;
    mod float_cards;
    pub(crate) mod gray;
    pub(crate) mod lab;
    mod lab_code;
    mod lab_code_compare;
    mod lab_compare;
    pub(crate) mod magic;
    pub(crate) mod nibble_board;
    pub(crate) mod nibbles;
    pub(crate) mod permute;
    pub(crate) mod popcount;
    pub(crate) mod position;
    mod position_compare;
    mod position_suite;
    pub(crate) mod quad;
    pub(crate) mod shortest;
    pub(crate) mod swar;
    pub(crate) mod trits;
}
#[cfg(not(feature = "panels"))]
mod loaders;
#[cfg(not(feature = "panels"))]
pub(crate) use loaders::{
    bitboard, debruijn, divide, float, gray, lab, magic, nibble_board, nibbles, permute, popcount,
    position, quad, shortest, swar, trits,
};
mod minis;
// Practice: in the panels' module too; its loader keeps its "try it" links
// and its miniature in the page.
#[cfg(feature = "panels")]
pub(crate) mod practice;
#[cfg(not(feature = "panels"))]
#[path = "practice_loader.rs"]
pub(crate) mod practice;
in_the_panels_module! {
    mod practice_class;
    mod practice_class_api;
    mod practice_exercise;
    mod practice_grade;
    mod practice_gradebook;
    mod practice_puzzle;
    mod practice_sets;
    mod practice_write;
}
mod practice_progress;
// The GPU panel: a module of its own (feature `gpu-panel`).
#[cfg(feature = "gpu-panel")]
pub(crate) mod gpu;
#[cfg(not(feature = "gpu-panel"))]
#[path = "gpu_loader.rs"]
pub(crate) mod gpu;
#[cfg(feature = "gpu-panel")]
mod gpu_chart;
#[cfg(feature = "gpu-panel")]
mod gpu_levels;
#[cfg(feature = "gpu-panel")]
mod gpu_matrix;
mod gpu_mini;
#[cfg(feature = "gpu-panel")]
mod gpu_rows;
#[cfg(not(all(feature = "gpu-panel", feature = "panels")))]
mod lazy;
mod start;

pub use practice::try_it;
pub use start::StartPage;

use super::registry::Panel;
use super::route::Params;
use super::state::PanelState;
use std::rc::Rc;
use yew::prelude::*;

/// What a panel's card gets: the panel's state and how to change it.
#[derive(Properties)]
pub struct CardProps<S: PanelState + 'static> {
    pub state: S,
    pub dispatch: Callback<S::Action>,
}

// (by hand: a derive would ask the action to be comparable too; a
// callback compares by identity)
impl<S: PanelState + 'static> PartialEq for CardProps<S> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state && self.dispatch == other.dispatch
    }
}

impl<S: PanelState + 'static> Clone for CardProps<S> {
    fn clone(&self) -> Self {
        CardProps {
            state: self.state.clone(),
            dispatch: self.dispatch.clone(),
        }
    }
}

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

/// The registry's browser half: each panel's view and start-page miniature.
macro_rules! panel_views {
    ($($variant:ident ($module:ident :: $component:ident) { $($fields:tt)* })*) => {
        /// The panel's view, given its state from the URL.
        pub fn view(panel: Panel, props: PanelProps) -> Html {
            match panel {
                $(Panel::$variant => html! { <$module::$component ..props /> },)*
            }
        }

        /// The start page's live miniature, computed by the library.
        pub fn mini(panel: Panel) -> Html {
            match panel {
                $(Panel::$variant => $module::mini(),)*
            }
        }
    };
}

crate::ui::registry::with_panels!(panel_views);
