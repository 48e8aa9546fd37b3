//! The GPU matrix's rows: what the table (`gpu_matrix.rs`) and the chart
//! (`gpu_chart.rs`) both draw, below both of them.

use crate::gpu::matrix::{winner, MatrixVariant};

/// One measured (or skipped) variant on one position.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixRow {
    pub variant: MatrixVariant,
    pub position: &'static str,
    pub depth: u32,
    /// `Err(reason)` when the adapter cannot run it (or it failed).
    pub outcome: Result<Measured, String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    pub nodes: u64,
    pub seconds: f64,
    pub dispatches: u32,
    /// The CPU perft agrees.
    pub correct: bool,
}

impl Measured {
    pub fn nps(&self) -> f64 {
        if self.seconds > 0.0 {
            crate::chess::perft::nodes_per_second(self.nodes, self.seconds) as f64
        } else {
            f64::NAN
        }
    }
}

/// The fastest measured variant on `position` among `rows`: the one the
/// answer names, the bold row and the ringed point (one, even where two
/// measured the same).
pub fn fastest<'a>(
    rows: impl IntoIterator<Item = &'a MatrixRow>,
    position: &str,
) -> Option<(MatrixVariant, f64)> {
    winner(
        rows.into_iter()
            .filter(|r| r.position == position)
            .filter_map(|r| r.outcome.as_ref().ok().map(|m| (r.variant, m.nps()))),
    )
}
