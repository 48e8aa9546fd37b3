//! `bitscope perft DEPTH [--fen FEN] [--threads N] [--divide [--compare
//! FILE|-]] [--json] [--gpu]`, and `bitscope perft --epd FILE` for a suite.
//!
//! Counts the leaf nodes of the legal move tree. With `--json` the last
//! stdout line is `{"nodes":N,"seconds":S,"nps":X,"backend":"cpu"}`. A
//! progress bar appears on stderr for runs over a second (on a terminal).
//! The suite and the comparison live in `perft_suite.rs`.

mod suite;

use crate::cli::progress::LateBar;
use bitscope::chess::parallel::{available_threads, divide_parallel};
use bitscope::chess::perft::Speed;
use bitscope::chess::{perft, Position};
use clap::Args;
use serde::Serialize;
use std::ops::ControlFlow;
use std::time::Instant;

/// The start position, the default of `--fen`.
pub const START_FEN: &str = bitscope::chess::CPW_POSITIONS[0].1;

#[derive(Args)]
#[command(
    after_help = "Exit status: 0; with --epd or --compare, 1 when a count differs; 2 on bad input (with --epd: a line that cannot be read, named with its number; the other lines still run)."
)]
pub struct PerftArgs {
    /// Depth in plies (0..=15); not with --epd.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=15), required_unless_present = "epd", conflicts_with = "epd")]
    pub(super) depth: Option<u32>,
    /// Position to count from (the start position by default).
    #[arg(long, default_value = START_FEN)]
    pub(super) fen: String,
    /// List each root move with its count.
    #[arg(long)]
    pub(super) divide: bool,
    /// With --divide: another engine's divide output (a file, or - for
    /// stdin: `e2e4: 20` lines as Stockfish's `go perft` prints, or `e2e4
    /// 20`); prints the moves that differ, the missing and the extra ones,
    /// and the next step of the hunt.
    #[arg(long, requires = "divide")]
    pub(super) compare: Option<String>,
    /// A perft suite in EPD (`FEN ;D1 20 ;D2 400 ...` per line; a file, or
    /// - for stdin): each line's depths are counted and checked.
    #[arg(long, conflicts_with_all = ["divide", "fen"])]
    pub(super) epd: Option<String>,
    /// With --epd: skip the counts whose expected nodes are above this.
    #[arg(long, default_value_t = bitscope::chess::suite::DEFAULT_MAX_NODES)]
    pub(super) max_nodes: u64,
    /// CPU threads (all cores by default); the tree is split at the root, or
    /// deeper when the root has few moves.
    #[arg(long, default_value_t = available_threads() as u64, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub(super) threads: u64,
    /// Print the result as one JSON line.
    #[arg(long)]
    pub(super) json: bool,
    /// Count on the GPU (wgpu: Vulkan natively; SwiftShader without a GPU).
    #[arg(long)]
    pub(super) gpu: bool,
    /// With --gpu: the kernel: workgroup | private (depth-first, where it
    /// keeps positions and move stacks) | breadth-first, or a name from
    /// `bench gpu --matrix` such as breadth-first-magic-wg128 (fixes the
    /// slider method and the workgroup size).
    /// By default: breadth-first with the slider method that won
    /// `bench gpu --matrix` on this adapter (Kogge-Stone before any matrix).
    #[arg(long, value_parser = variant_arg)]
    pub(super) variant: Option<String>,
    /// With --gpu: invocations per workgroup (halved until the memory fits).
    #[arg(long, default_value_t = 64)]
    pub(super) workgroup_size: u32,
    /// With --gpu: plies the CPU plays before the GPU counts the rest (at
    /// most depth - 1; chosen from the adapter by default).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=15))]
    pub(super) split_depth: Option<u32>,
    /// With --gpu (breadth-first): a transposition table of MB MiB for the
    /// counts two plies from the leaves (0: none); hits and misses are in
    /// the JSON. Merged (the default), the table of the leaf level counted
    /// unmerged (as --leaf-table, of this size).
    #[arg(long, value_name = "MB", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=4096))]
    pub(super) hash: u32,
    /// With --gpu, merged: the leaf level that is not merged (its parts
    /// too many) looks each position up in a table of two-ply counts,
    /// sized from the level, before counting it; each level's hits are in
    /// the JSON `levels`.
    #[arg(long, conflicts_with = "no_merge")]
    pub(super) leaf_table: bool,
    /// With --gpu, merged: the most parts the leaf level (three plies
    /// left) may start in before it is counted unmerged instead (by
    /// default 4 on a GPU, 8 on a software adapter; 0: always).
    #[arg(long, value_name = "N", conflicts_with = "no_merge")]
    pub(super) leaf_parts: Option<u32>,
    /// With --gpu (breadth-first): merge each level's equal positions into
    /// one with the number of paths to it (a multiset frontier); the JSON
    /// gains `levels` (per ply: nodes, distinct, seconds). On by default
    /// (start perft 7 on SwiftShader: 5x faster, docs/performance.md).
    #[arg(long, conflicts_with = "no_merge")]
    pub(super) merge: bool,
    /// With --gpu: count every path's positions, without merging.
    #[arg(long)]
    pub(super) no_merge: bool,
}

/// What the JSON line says.
#[derive(Serialize)]
pub struct PerftReport {
    #[serde(flatten)]
    pub speed: Speed,
    pub backend: String,
    /// CPU threads (none for the GPU).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<(String, u64)>>,
    /// GPU: the plies the CPU played before the kernel counted the rest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_depth: Option<u32>,
    /// GPU: the host's waits, submits and dispatches, and the kernel time.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub gpu: Option<GpuCounts>,
}

/// What `perft --gpu --json` adds: how often the host waited for the GPU.
#[derive(Serialize)]
pub struct GpuCounts {
    pub readbacks: u32,
    pub submits: u32,
    pub dispatches: u32,
    /// GPU time from timestamp queries; null where the adapter has none.
    pub kernel_seconds: Option<f64>,
    /// `--hash`: the table's MiB, and the positions whose two-ply count it
    /// gave (hits) or took (misses).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub hash: Option<HashCounts>,
    /// `--merge`: each ply's paths, positions after merging, GPU seconds
    /// and how the level was split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub levels: Option<Vec<LevelCounts>>,
}

/// One ply of `perft --gpu --merge --json`.
#[derive(Serialize)]
pub struct LevelCounts {
    pub ply: u32,
    /// perft(ply); null for the ply the fused leaf walks through.
    pub nodes: Option<u64>,
    /// Positions after merging; null where the level is not built.
    pub distinct: Option<u64>,
    /// GPU seconds building the level (the last ply: the leaves); null on
    /// the CPU's plies and without timestamps.
    pub seconds: Option<f64>,
    /// Parts the level was built in (hash ranges, over every visit), the
    /// most in one visit, and the ranges of the level above expanded into it.
    pub parts: u32,
    pub max_parts: u32,
    pub ranges: u32,
    /// The unmerged leaf level's table: positions whose two-ply count was
    /// found there, counted and stored, and hits per lookup; null where
    /// the ply was not looked up.
    pub hash_hits: Option<u64>,
    pub hash_misses: Option<u64>,
    pub hit_rate: Option<f64>,
}

impl LevelCounts {
    fn of(s: &bitscope::gpu::LevelStat) -> LevelCounts {
        LevelCounts {
            ply: s.ply,
            nodes: s.nodes,
            distinct: s.distinct,
            seconds: s.nanos.map(|n| n as f64 * 1e-9),
            parts: s.parts,
            max_parts: s.max_parts,
            ranges: s.ranges,
            hash_hits: s.hash_hits,
            hash_misses: s.hash_misses,
            hit_rate: s.hit_rate(),
        }
    }
}

/// `perft --gpu --hash MB --json`: the table and what it saved.
#[derive(Serialize)]
pub struct HashCounts {
    pub hash_mb: u32,
    pub hash_hits: u64,
    pub hash_misses: u64,
}

impl PerftReport {
    pub fn new(nodes: u64, seconds: f64, backend: impl Into<String>) -> PerftReport {
        PerftReport {
            speed: Speed::new(nodes, seconds),
            backend: backend.into(),
            threads: None,
            divide: None,
            split_depth: None,
            gpu: None,
        }
    }

    /// Prints the report: `nodes ... nps` in words, or the JSON line.
    pub fn print(&self, json: bool) {
        if json {
            println!("{}", serde_json::to_string(self).unwrap_or_default());
            return;
        }
        if let Some(rows) = &self.divide {
            for (mv, n) in rows {
                println!("{mv}: {n}");
            }
            println!();
        }
        let threads = match self.threads {
            Some(1) => ", 1 thread".to_string(),
            Some(t) => format!(", {t} threads"),
            None => String::new(),
        };
        let split = match self.split_depth {
            Some(1) => ", 1 CPU ply before the GPU".to_string(),
            Some(s) => format!(", {s} CPU plies before the GPU"),
            None => String::new(),
        };
        println!(
            "nodes {}  time {:.3} s  {:.1} M nodes/s  ({}{threads}{split})",
            self.speed.nodes,
            self.speed.seconds,
            self.speed.nps as f64 / 1e6,
            self.backend
        );
    }
}

pub fn parse_fen(fen: &str) -> Result<Position, String> {
    Position::from_fen(fen).map_err(|e| format!("bad FEN {fen:?}: {e}"))
}

pub fn run(args: PerftArgs) -> i32 {
    if let Some(epd) = &args.epd {
        return suite::run_suite(&args, epd);
    }
    let depth = args.depth.unwrap_or(0);
    let position = match parse_fen(&args.fen) {
        Ok(p) => p,
        Err(e) => return crate::cli::bad_input(e),
    };
    // read the other engine's divide before counting: bad input fails fast
    let theirs = match args.compare.as_deref().map(suite::read_divide) {
        Some(Err(e)) => return crate::cli::bad_input(e),
        Some(Ok(t)) => Some(t),
        None => None,
    };
    if args.gpu {
        return run_gpu(&args, &position, depth, theirs);
    }
    // Build the attack tables before the clock starts.
    let _ = perft(&position, 1);
    let start = Instant::now();
    let (nodes, rows) = if depth == 0 {
        (1, Vec::new())
    } else {
        let roots = position.count_legal_moves() as u64;
        let mut bar = LateBar::new(roots, "perft");
        let mut done = 0;
        let result = divide_parallel(&position, depth, args.threads as usize, |p| {
            done += 1;
            bar.update(done, format!("{} {}", p.mv.to_uci(), p.nodes));
            ControlFlow::Continue(())
        });
        bar.finish();
        let rows = result.unwrap_or_else(|c| c.partial);
        (rows.iter().map(|(_, n)| n).sum(), rows)
    };
    let seconds = start.elapsed().as_secs_f64();
    let mut report = PerftReport::new(nodes, seconds, "cpu");
    report.threads = Some(args.threads as usize);
    if args.divide {
        let rows = bitscope::chess::perft::uci_rows(&rows);
        if let Some(theirs) = &theirs {
            return suite::print_comparison(&args, depth, &rows, theirs);
        }
        report.divide = Some(rows);
    }
    report.print(args.json);
    0
}

/// The GPU, its options and the backend's description for the reports:
/// no adapter, bad limits or a failing pipeline are errors with their
/// reason. Without `--variant`: breadth-first with this adapter's matrix
/// winner (`bench gpu --matrix`).
pub fn open_gpu(
    args: &PerftArgs,
) -> Result<(bitscope::gpu::GpuPerft, bitscope::gpu::Options, String), String> {
    use bitscope::gpu::matrix::{adapter_key, VariantName};
    use bitscope::gpu::{GpuPerft, Options};
    let gpu = GpuPerft::new_blocking().map_err(|e| format!("{e} (natively bitscope uses Vulkan; without a GPU, VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json selects SwiftShader)"))?;
    let base = crate::cli::bench::matrix::load_winners().options_for(&adapter_key(gpu.report()));
    let base = Options {
        workgroup_size: args.workgroup_size,
        split_depth: args.split_depth,
        hash_bytes: bitscope::gpu::breadth_first::hash::mib(args.hash),
        merge: args.merge || !args.no_merge,
        leaf_table: args.leaf_table || args.hash > 0,
        leaf_parts: args.leaf_parts,
        ..base
    };
    let options = match args.variant.as_deref().and_then(VariantName::parse) {
        Some(name) => name.apply(Options {
            slider: Options::default().slider,
            ..base
        }),
        None => base,
    };
    // Check the limits and build the pipeline before the clock starts.
    let (workgroup_size, workgroup_bytes) =
        gpu.resolve_workgroup(&options).map_err(|e| e.to_string())?;
    let depth = args.depth.unwrap_or(0);
    gpu.warm_up_blocking(&Position::startpos(), depth, &options)
        .map_err(|e| e.to_string())?;
    let report = gpu.report();
    let backend = format!(
        "gpu: {} ({}, {} memory, {} sliders, workgroup {workgroup_size}, {workgroup_bytes} B of workgroup memory)",
        report.name, report.backend, options.variant, options.slider
    );
    Ok((gpu, options, backend))
}

/// `--gpu`: the CPU splits the tree to a frontier, the kernel counts the
/// rest; with `--divide`, one count per root move, each on the GPU. Every
/// GPU error (no adapter, limits, a lost device) exits 2 with its reason.
fn run_gpu(
    args: &PerftArgs,
    position: &Position,
    depth: u32,
    theirs: Option<bitscope::chess::compare::TheirDivide>,
) -> i32 {
    let (gpu, options, backend) = match open_gpu(args) {
        Ok(g) => g,
        Err(e) => return crate::cli::bad_input(e),
    };
    let mut bar = LateBar::new(0, "gpu perft");
    let progress = |done: u64, total: u64| {
        bar.set_length(total);
        bar.update(done, String::new());
        true
    };
    let start = Instant::now();
    let result = if args.divide && depth == 0 {
        Ok((1, Some(Vec::new()), None, None))
    } else if args.divide {
        gpu.divide_blocking(position, depth, &options, progress)
            .map(|rows| {
                let rows = bitscope::chess::perft::uci_rows(&rows);
                (rows.iter().map(|r| r.1).sum(), Some(rows), None, None)
            })
    } else {
        gpu.run_blocking(position, depth, &options, progress)
            .map(|run| {
                let counts = GpuCounts {
                    readbacks: run.readbacks,
                    submits: run.submits,
                    dispatches: run.dispatches,
                    kernel_seconds: run.kernel_seconds(),
                    hash: (args.hash > 0).then_some(HashCounts {
                        hash_mb: args.hash,
                        hash_hits: run.hash_hits,
                        hash_misses: run.hash_misses,
                    }),
                    levels: (!run.levels.is_empty())
                        .then(|| run.levels.iter().map(LevelCounts::of).collect()),
                };
                (run.nodes, None, Some(run.split_depth), Some(counts))
            })
    };
    bar.finish();
    match result {
        Ok((_, Some(rows), _, _)) if theirs.is_some() => {
            let theirs = theirs.as_ref().expect("checked");
            suite::print_comparison(args, depth, &rows, theirs)
        }
        Ok((nodes, divide, split_depth, counts)) => {
            let mut report = PerftReport::new(nodes, start.elapsed().as_secs_f64(), backend);
            report.divide = divide;
            report.split_depth = split_depth;
            report.gpu = counts;
            report.print(args.json);
            0
        }
        Err(e) => crate::cli::bad_input(e),
    }
}

/// clap check of `--variant`: every name `bench gpu --matrix` prints.
fn variant_arg(name: &str) -> Result<String, String> {
    match bitscope::gpu::matrix::VariantName::parse(name) {
        Some(_) => Ok(name.to_string()),
        None => Err("expected workgroup, private or breadth-first, optionally with a slider method (-kogge-stone, -magic, -hyperbola) and a workgroup size (-wg128), as bench gpu --matrix prints: breadth-first-magic-wg128".into()),
    }
}
