//! The GPU matrix's rows: what the table (`gpu_matrix.rs`) and the chart
//! (`gpu_chart.rs`) both draw, below both of them.

use crate::gpu::matrix::{winner, MatrixVariant};
pub use crate::gpu::measure::MatrixRow;

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
            .filter_map(|r| r.best.as_ref().map(|m| (r.variant, m.nps()))),
    )
}
