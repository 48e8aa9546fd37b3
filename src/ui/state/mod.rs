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
mod lab;
mod lab_code;
mod magic;
mod nibbles;
mod popcount;
mod practice;
mod quad;
mod swar;
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
pub use lab::{LabAction, LabMode, LabState, Preset, LAST_STEP, PRESETS};
pub use lab_code::{CPreset, CodeAction, CodeState, C_PRESETS};
pub use magic::{MagicAction, MagicState};
pub use nibbles::{
    BoardOp, NibbleBoardAction, NibbleBoardState, NibbleOp, NibblesAction, NibblesState,
};
pub use popcount::{PopcountAction, PopcountState};
pub use practice::{PracticeAction, PracticeState, SetPuzzle, Solved};
pub use quad::{QuadAction, QuadOp, QuadState};
pub use swar::{op_param as swar_op_param, Operand, SwarAction, SwarState, OPS as SWAR_OPS};
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

/// A word as the URL writes it: bare lower-case hex (`x=a`, `magic=77cb531`).
pub fn hex_param(v: u64) -> String {
    v.to_url()
}

/// Reads a [`hex_param`] (a `0x` prefix is accepted too) that fits `width`
/// bits.
pub fn read_hex(params: &Params, key: &str, width: u32) -> Option<u64> {
    let v = u64::from_url(params.get(key)?)?;
    (width >= 64 || v >> width == 0).then_some(v)
}

/// Reads a decimal number param.
pub fn read_num<T: std::str::FromStr>(params: &Params, key: &str) -> Option<T> {
    params.get(key)?.trim().parse().ok()
}

/// Sets `key` to `value`, or leaves it out when it is 0 (steps, pages).
fn set_nonzero(params: &mut Params, key: &str, value: usize) {
    if value != 0 {
        params.set(key, value.to_string());
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_params_read_back() {
        for v in [0u64, 1, 0xa, 0xff, 0x0cbd, u64::MAX] {
            let p = Params::default().with("k", hex_param(v));
            assert_eq!(read_hex(&p, "k", 64), Some(v));
        }
        let p = |t: &str| Params::default().with("k", t);
        assert_eq!(read_hex(&p("0xB"), "k", 4), Some(0xb));
        assert_eq!(read_hex(&p("10"), "k", 4), None, "0x10 does not fit 4 bits");
        assert_eq!(read_hex(&p("10"), "k", 8), Some(0x10), "hex, not decimal");
        assert_eq!(read_hex(&p(""), "k", 8), None);
        assert_eq!(read_hex(&p("-1"), "k", 8), None);
        assert_eq!(read_hex(&p("zz"), "k", 8), None);
        assert_eq!(read_hex(&Params::default(), "k", 8), None);
    }
}
