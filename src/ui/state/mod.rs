//! Typed panel state: each panel's state is read once from the route's
//! [`Params`] into a struct, and changed only through its `Action` enum, so
//! rules such as "a new magic starts the steps again" live in one place.
//!
//! ```text
//! URL hash --Route::parse--> Params --from_params--> State
//!    ^                                                 | apply(Action)
//!    +--------Route::to_hash <-- Params <--to_params--+
//! ```
//!
//! Every state reads back from its own params unchanged (tested natively
//! below each state, over every value of its enumerated fields). Plain Rust:
//! the Yew `Reducible` impls are added for wasm32 only (by `ui::registry`).

mod bitboard;
mod chess;
mod debruijn;
mod divide;
mod float;
mod gray;
mod lab;
mod lab_code;
mod magic;
mod nibbles;
mod permute;
mod popcount;
mod practice;
mod quad;
mod swar;
mod synth;
mod trits;
pub(crate) mod url;

pub use bitboard::{BitboardAction, BitboardState};
pub use chess::{
    BudgetField, GpuAction, GpuState, PositionAction, PositionState, GPU_HASH_SIZES,
    GPU_WORKGROUP_SIZES, MAX_BROWSER_DEPTH,
};
pub use debruijn::{
    known_magic, last_page, DebruijnAction, DebruijnState, ScanVariant, MAGICS_PER_PAGE,
};
pub use divide::{divisor_fits, DivideAction, DivideState, DIVIDE_WIDTHS};
pub use float::{FloatAction, FloatMode, FloatState};
pub use gray::{first_subset, GrayAction, GrayState, GRAY_WIDTHS, MAX_SUBSET_BITS};
pub use lab::{LabAction, LabMode, LabState, Preset, LAST_STEP, PRESETS};
pub use lab_code::{CPreset, CodeAction, CodeState, C_PRESETS};
pub use magic::{MagicAction, MagicState};
pub use nibbles::{
    BoardOp, NibbleBoardAction, NibbleBoardState, NibbleOp, NibblesAction, NibblesState,
};
pub use permute::{read_perm, PermuteAction, PermuteMode, PermuteState, DEFAULT_PERM};
pub use popcount::{PopcountAction, PopcountState};
pub use practice::{ClassSeat, PracticeAction, PracticeState, SetPuzzle, Solved};
pub use quad::{QuadAction, QuadOp, QuadState};
pub use swar::{op_param as swar_op_param, Operand, SwarAction, SwarState, OPS as SWAR_OPS};
pub use synth::{SynthAction, SynthState, DEFAULT_SPEC, SYNTH_MAX_OPS, SYNTH_SECONDS};
pub use trits::{TritBoard, TritsAction, TritsState, OTHER_ORDERS};

use super::params::Params;
pub use url::{UrlState, UrlValue};

/// A panel's state: read from and written to the URL ([`UrlState`], most
/// derived by [`url_state!`]), changed by actions.
pub trait PanelState: UrlState + Clone + PartialEq {
    type Action;
    /// The state after `action`.
    fn apply(self, action: Self::Action) -> Self;
}

/// Test helper: state -> params -> URL hash -> params -> state.
#[cfg(test)]
fn through_url<S: PanelState + super::registry::OwnPanel + std::fmt::Debug>(s: &S) -> S {
    use super::route::Route;
    let panel = S::PANEL;
    let hash = Route {
        panel,
        params: s.to_params(),
    }
    .to_hash();
    let back = Route::parse(&hash);
    assert_eq!(back.panel, panel, "{hash}");
    S::from_params(&back.params)
}

/// Test helper: every one of `states` reads back from its own link
/// ([`through_url`]); returns how many there were.
#[cfg(test)]
fn all_survive_the_url<S: PanelState + super::registry::OwnPanel + std::fmt::Debug>(
    states: impl IntoIterator<Item = S>,
) -> usize {
    states
        .into_iter()
        .map(|s| assert_eq!(through_url(&s), s))
        .count()
}
