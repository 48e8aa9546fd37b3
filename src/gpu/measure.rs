//! Measuring the GPU perft: a warm-up run that builds the pipeline before
//! any clock starts, and the variant matrix's loop (every variant of
//! [`super::matrix`] on every case, best of some rounds, each count checked
//! against the CPU perft). `bitscope bench gpu --matrix` and the GPU panel
//! both run [`measure_matrix`] and only render what it reports: the host (a
//! terminal, a page) gives the clock and the pauses, and hears the events.
//!
//! ```text
//! for each case:   the CPU perft (a pause after every root move)
//!   every variant: resolve its workgroup (or skip it), warm it up
//!   each round:    time every variant that ran, keep its fastest run
//! ```

use std::future::Future;

use super::matrix::{MatrixCase, MatrixVariant};
use super::{GpuError, GpuPerft, GpuRun, Kernel, Options};
use crate::chess::perft::nodes_per_second;
use crate::chess::{perft, Position};

impl GpuPerft {
    /// Builds the pipelines a run of `depth` with `options` needs (kept per
    /// kernel, slider method and workgroup size) and dispatches each once,
    /// so that a timing after it leaves the compiling out: a run of `root`
    /// at depth 1, or, for a merged run deep enough to count a leaf level
    /// unmerged through the table, at depth 3 (the table's kernels, their
    /// indirect passes and the table itself). Building a pipeline is not
    /// enough: a browser compiles it at its first dispatch (the panel's
    /// first run through the table took 2.0 s, 0.009 s of it in kernels).
    pub async fn warm_up(
        &self,
        root: &Position,
        depth: u32,
        options: &Options,
    ) -> Result<(), GpuError> {
        let merged = options.merge && options.variant == Kernel::BreadthFirst;
        let through_table = merged && options.leaf_table && depth >= 3;
        if through_table {
            let host = self.breadth_first.host(&self.ctx);
            host.build_leaf_table_kernels(options)?;
        }
        if through_table {
            // (the whole of it on the GPU: its leaf level is looked up)
            let all_on_gpu = warm_up_through_table(options);
            self.run(root, 3, &all_on_gpu, |_, _| true).await?;
        } else {
            self.run(root, 1, options, |_, _| true).await?;
        }
        Ok(())
    }

    /// [`GpuPerft::warm_up`], blocking (native only).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn warm_up_blocking(
        &self,
        root: &Position,
        depth: u32,
        options: &Options,
    ) -> Result<(), GpuError> {
        pollster::block_on(self.warm_up(root, depth, options))
    }
}

/// The options of the warm-up of a run through the leaf table: depth 3
/// all on the GPU, so that its leaf level is counted through the table.
pub fn warm_up_through_table(options: &Options) -> Options {
    Options {
        split_depth: Some(0),
        ..options.clone()
    }
}

/// Where the matrix runs: its clock, its pauses, its listener.
pub trait MatrixHost {
    /// Seconds since some fixed moment.
    fn now(&self) -> f64;
    /// Lets the host in between two steps (a page repaints and reads its
    /// buttons); natively nothing.
    fn pause(&mut self) -> impl Future<Output = ()>;
    /// `false` cancels the matrix (checked before every run and after every
    /// batch of a timed run).
    fn go_on(&self) -> bool;
    /// What the loop does now.
    fn event(&mut self, event: MatrixEvent<'_>);
}

/// What [`measure_matrix`] tells its host, in order.
pub enum MatrixEvent<'a> {
    /// The CPU perft of a case starts.
    Cpu(&'a MatrixCase),
    /// A variant's pipeline is being built on a case.
    WarmUp(&'a MatrixCase, &'a MatrixVariant),
    /// A round (1-based) of timings starts on a case.
    Round(&'a MatrixCase, u32),
    /// A variant is being timed on a case.
    Timing(&'a MatrixCase, &'a MatrixVariant),
    /// A variant was skipped or failed on a case (its row says so too).
    Trouble(&'a MatrixCase, &'a MatrixVariant, &'a RowError),
    /// The rows changed: every row so far, of every case.
    Rows(&'a [MatrixRow]),
    /// A case is done: its CPU count and its rows.
    CaseDone(&'a MatrixCase, u64, &'a [MatrixRow]),
}

/// Why a variant has no timing (or lost it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowError {
    /// The adapter's limits do not take it.
    Skipped(String),
    /// A run of it failed.
    Failed(String),
}

impl std::fmt::Display for RowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RowError::Skipped(why) => write!(f, "skipped: {why}"),
            RowError::Failed(why) => f.write_str(why),
        }
    }
}

/// One variant on one case.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixRow {
    pub variant: MatrixVariant,
    pub position: &'static str,
    pub depth: u32,
    /// Workgroup memory of one workgroup as the adapter takes it (0 when
    /// skipped).
    pub workgroup_bytes: u64,
    /// The fastest timed run so far.
    pub best: Option<Measured>,
    /// Skipped, or a run failed (a failed variant is not timed again).
    pub error: Option<RowError>,
}

impl MatrixRow {
    /// Timed or given up: a row to show.
    pub fn settled(&self) -> bool {
        self.best.is_some() || self.error.is_some()
    }
}

/// One timed run.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    pub run: GpuRun,
    pub seconds: f64,
    /// The CPU perft agrees.
    pub correct: bool,
}

impl Measured {
    /// Nodes per second ([`nodes_per_second`]); NaN for no time.
    pub fn nps(&self) -> f64 {
        if self.seconds > 0.0 {
            nodes_per_second(self.run.nodes, self.seconds) as f64
        } else {
            f64::NAN
        }
    }
}

/// The CPU perft of `pos`, one root move at a time with a pause between.
async fn cpu_count(pos: &Position, depth: u32, host: &mut impl MatrixHost) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    let mut total = 0;
    for &m in pos.legal_moves().as_slice() {
        total += perft(&pos.play(m), depth - 1);
        host.pause().await;
    }
    total
}

/// A failed run's row error; a cancel or a lost device ends the matrix.
fn failure(e: GpuError) -> Result<RowError, GpuError> {
    match e {
        GpuError::Cancelled | GpuError::DeviceLost(_) => Err(e),
        e => Ok(RowError::Failed(e.to_string())),
    }
}

/// Each variant's speed over every case it was timed on (nodes per second
/// added up), for the adapter's winner ([`super::matrix::Winners::record`]).
pub fn variant_speeds(rows: &[MatrixRow]) -> Vec<(MatrixVariant, f64)> {
    let mut out: Vec<(MatrixVariant, f64)> = Vec::new();
    for (v, nps) in rows
        .iter()
        .filter_map(|r| Some((r.variant, r.best.as_ref()?.nps())))
    {
        match out.iter_mut().find(|m| m.0 == v) {
            Some(m) => m.1 += nps,
            None => out.push((v, nps)),
        }
    }
    out
}

/// Runs every variant of [`MatrixVariant::all`] on every case: each one
/// warmed up first, then timed `rounds` times, interleaved (each round runs
/// every variant once, so a burst of load on the host slows one round of a
/// variant, not all of them), keeping its fastest run. Returns every row;
/// stops early with [`GpuError::Cancelled`] or [`GpuError::DeviceLost`].
pub async fn measure_matrix(
    gpu: &GpuPerft,
    cases: &[MatrixCase],
    rounds: u32,
    host: &mut impl MatrixHost,
) -> Result<Vec<MatrixRow>, GpuError> {
    let mut rows: Vec<MatrixRow> = Vec::new();
    for case in cases {
        let Ok(pos) = Position::from_fen(case.fen) else {
            continue;
        };
        host.event(MatrixEvent::Cpu(case));
        let want = cpu_count(&pos, case.depth, host).await;
        let first = rows.len();
        for variant in MatrixVariant::all() {
            let row = warm_row(gpu, case, &pos, variant, host).await?;
            rows.push(row);
            host.event(MatrixEvent::Rows(&rows));
        }
        for round in 1..=rounds {
            host.event(MatrixEvent::Round(case, round));
            for i in first..rows.len() {
                if rows[i].error.is_some() {
                    continue;
                }
                time_row(gpu, case, &pos, want, &mut rows[i], host).await?;
                host.event(MatrixEvent::Rows(&rows));
            }
        }
        host.event(MatrixEvent::CaseDone(case, want, &rows[first..]));
    }
    Ok(rows)
}

/// A variant's row on a case, its pipeline built: skipped where the
/// adapter's limits do not take it, failed where the warm-up fails.
async fn warm_row(
    gpu: &GpuPerft,
    case: &MatrixCase,
    pos: &Position,
    variant: MatrixVariant,
    host: &mut impl MatrixHost,
) -> Result<MatrixRow, GpuError> {
    if !host.go_on() {
        return Err(GpuError::Cancelled);
    }
    host.event(MatrixEvent::WarmUp(case, &variant));
    host.pause().await;
    let mut row = MatrixRow {
        variant,
        position: case.name,
        depth: case.depth,
        workgroup_bytes: 0,
        best: None,
        error: None,
    };
    let options = variant.options();
    match gpu.resolve_workgroup(&options) {
        Err(e) => row.error = Some(RowError::Skipped(e.to_string())),
        Ok((_, bytes)) => {
            row.workgroup_bytes = bytes;
            if let Err(e) = gpu.warm_up(pos, case.depth, &options).await {
                row.error = Some(failure(e)?);
            }
        }
    }
    if let Some(e) = &row.error {
        host.event(MatrixEvent::Trouble(case, &variant, e));
    }
    Ok(row)
}

/// One timed run of `row`'s variant; the faster one stays its best.
async fn time_row(
    gpu: &GpuPerft,
    case: &MatrixCase,
    pos: &Position,
    want: u64,
    row: &mut MatrixRow,
    host: &mut impl MatrixHost,
) -> Result<(), GpuError> {
    if !host.go_on() {
        return Err(GpuError::Cancelled);
    }
    host.event(MatrixEvent::Timing(case, &row.variant));
    host.pause().await;
    let options = row.variant.options();
    let t0 = host.now();
    let outcome = {
        let host = &*host;
        gpu.run(pos, case.depth, &options, |_, _| host.go_on())
            .await
    };
    match outcome {
        Ok(run) => {
            let seconds = host.now() - t0;
            if row.best.as_ref().is_none_or(|b| seconds < b.seconds) {
                let correct = run.nodes == want;
                row.best = Some(Measured {
                    run,
                    seconds,
                    correct,
                });
            }
        }
        Err(e) => {
            let e = failure(e)?;
            host.event(MatrixEvent::Trouble(case, &row.variant, &e));
            row.error = Some(e);
        }
    }
    Ok(())
}
