//! Widgets shared by every panel.

mod bit_grid;
mod bit_row;
mod caret;
mod debruijn_graph;
mod events;
mod notes;
mod number_input;
mod panel_frame;
mod perft_runner;
mod placement_input;
mod proof_job;
mod roving;
mod step_player;
mod table;

pub use bit_grid::{square_name, BitGrid};
pub use bit_row::BitRow;
pub use caret::caret_error;
pub use debruijn_graph::DebruijnGraphView;
pub use events::{input_value, on_select, select_value};
pub use notes::{notes, panel_link, why, SourceNote};
pub use number_input::NumberInput;
pub use panel_frame::PanelFrame;
pub use perft_runner::{PerftRunner, MAX_BROWSER_DEPTH};
pub use placement_input::PlacementInput;
pub use proof_job::{proof_job_view, proof_verdict};
pub use roving::{link_list, tab_stop, Roving};
pub use step_player::{StepLimits, StepPlayer};
pub use table::data_table;
