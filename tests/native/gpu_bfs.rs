//! The breadth-first GPU perft ([`Kernel::BreadthFirst`]) against the known
//! counts and the CPU perft; its reduction's carry past 2^32. Needs a Vulkan
//! adapter; without a GPU run with SwiftShader:
//!
//! ```text
//! VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json cargo test --release --test gpu_bfs
//! ```
//!
//! A missing adapter FAILS these tests (it never skips them).
#![cfg(not(target_arch = "wasm32"))]

use std::sync::OnceLock;

use crate::common::gpu::gpu;
use crate::common::rng::{random_walk, Rng};
use crate::common::suite::{perft_suite, Case};

use bitscope::chess::{divide, perft, Position};
use bitscope::gpu::layout::Kernel;
use bitscope::gpu::packed::{pack, Packed};
use bitscope::gpu::{GpuError, GpuPerft, Options};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
const BF: Kernel = Kernel::BreadthFirst;

/// A second device whose leaf kernels sum each workgroup's counts first, as
/// on a GPU ([`gpu`] adds each invocation's own on a software adapter).
fn gpu_workgroup_sums() -> &'static GpuPerft {
    static GPU: OnceLock<GpuPerft> = OnceLock::new();
    GPU.get_or_init(|| {
        let mut g = GpuPerft::new_blocking().expect("a GPU adapter (see gpu())");
        g.set_direct_leaf_counts(false);
        g
    })
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("suite FEN parses")
}

fn opts() -> Options {
    Options::with_variant(BF)
}

/// The CPW six (first in tests/perft_suite.txt) at every listed depth with at
/// most 5 M leaves, plus every suite entry at depths 1 to 3.
#[test]
fn bfs_suite() {
    let gpu = gpu();
    for (i, Case { id, fen, counts }) in perft_suite().into_iter().enumerate() {
        let p = pos(&fen);
        let limit = if i < 6 { 5_000_000 } else { 100_000 };
        for &(depth, want) in counts.iter().filter(|c| c.1 <= limit || c.0 <= 1) {
            let run = gpu.run_blocking(&p, depth, &opts(), |_, _| true).unwrap();
            assert_eq!(run.nodes, want, "{id} depth {depth} ({run:?})");
        }
    }
}

/// Every split depth and several chunk sizes and workgroup sizes agree.
#[test]
fn bfs_splits_chunks_workgroups() {
    let gpu = gpu();
    let p = pos(KIWIPETE);
    for wg in [64, 128, 256] {
        for split in 0..3 {
            for batch in [None, Some(1), Some(7)] {
                let o = Options {
                    split_depth: Some(split),
                    batch_size: batch,
                    workgroup_size: wg,
                    ..opts()
                };
                let mut calls = 0u64;
                let run = gpu
                    .run_blocking(&p, 3, &o, |done, total| {
                        calls += 1;
                        assert!(done <= total);
                        true
                    })
                    .unwrap();
                assert_eq!(run.nodes, 97_862, "split {split} batch {batch:?} wg {wg}");
                assert_eq!(run.positions, perft(&p, split));
                assert_eq!(run.workgroup_size, wg);
                assert!(run.batches as u64 >= calls);
            }
        }
    }
    // the packed entry point: every CPW position at depth 3 from the GPU alone
    let packed: Vec<Packed> = perft_suite()
        .iter()
        .take(6)
        .map(|c| pack(&pos(&c.fen)))
        .collect();
    let want: u64 = perft_suite()
        .iter()
        .take(6)
        .map(|c| c.nodes(3).unwrap())
        .sum();
    let run = gpu
        .run_blocking(packed.as_slice(), 3, &opts(), |_, _| true)
        .unwrap();
    assert_eq!(run.nodes, want);
}

/// Start perft 6: 197,281 positions at the last materialized level, in
/// level buffers sized from the adapter's limits (tests/native/gpu_waits.rs cuts
/// levels into ranges with small buffers).
#[test]
fn bfs_start_6_ranges() {
    let run = gpu()
        .run_blocking(&pos(START), 6, &opts(), |_, _| true)
        .unwrap();
    assert_eq!(run.nodes, 119_060_324, "{run:?}");
}

/// Random positions (random legal walks from the suite) against the CPU.
#[test]
fn bfs_random_positions_match_cpu() {
    let gpu = gpu();
    let mut rng = Rng::new(0x05ee_dbf5);
    let starts: Vec<Position> = perft_suite().iter().map(|c| pos(&c.fen)).collect();
    for i in 0..40 {
        let p = random_walk(starts[i % starts.len()], 40, &mut rng);
        let depth = 3 + (i % 2) as u32;
        let want = perft(&p, depth);
        let run = gpu.run_blocking(&p, depth, &opts(), |_, _| true).unwrap();
        assert_eq!(run.nodes, want, "{} depth {depth}", p.to_fen());
    }
}

/// The walk keeps one move source per piece with moves (a queen's diagonal
/// and line targets in one), one per pawn direction and one for the king:
/// 15 queens that all move both ways, pawns that push, push two and take
/// both ways, and a king (20 sources, the capacity) count as the CPU does,
/// for both sides to move; 16 pieces besides pawns and king are refused
/// with a typed error.
#[test]
fn bfs_many_pieces_fill_the_walk_or_are_refused() {
    let gpu = gpu();
    for fen in [
        "4k3/8/pppppppp/QPQ1Q1Q1/8/Q1Q1Q1Q1/7P/QQQQQQQK w - - 0 1",
        "qqqqqqqk/7p/q1q1q1q1/8/qpq1q1q1/PPPPPPPP/8/4K3 b - - 0 1",
    ] {
        let p = pos(fen);
        for depth in 1..=3 {
            let run = gpu.run_blocking(&p, depth, &opts(), |_, _| true).unwrap();
            assert_eq!(run.nodes, perft(&p, depth), "{fen} depth {depth}");
        }
    }
    let sixteen = pos("4k3/pppppppp/8/8/8/K7/QQQQQQQQ/QQQQQQQQ w - - 0 1");
    assert_eq!(
        gpu.run_blocking(&sixteen, 2, &opts(), |_, _| true),
        Err(GpuError::BadPosition(
            "white has 16 pieces besides pawns and king; the breadth-first kernels take at most 15"
                .into()
        ))
    );
}

#[test]
fn bfs_divide_matches_cpu() {
    let gpu = gpu();
    for fen in [START, KIWIPETE] {
        let p = pos(fen);
        let got = gpu.divide_blocking(&p, 3, &opts(), |_, _| true).unwrap();
        assert_eq!(got, divide(&p, 3), "{fen}");
    }
}

#[test]
fn bfs_cancel_mid_run() {
    let gpu = gpu();
    let o = Options {
        split_depth: Some(2),
        batch_size: Some(64),
        ..opts()
    };
    let mut seen = Vec::new();
    let err = gpu
        .run_blocking(&pos(START), 4, &o, |done, total| {
            seen.push((done, total));
            seen.len() < 3
        })
        .unwrap_err();
    assert_eq!(err, GpuError::Cancelled);
    assert_eq!(seen, vec![(64, 400), (128, 400), (192, 400)]);
    assert_eq!(
        gpu.counts_packed_blocking(&[pack(&pos(START))], 2, &o, |_, _| true)
            .map(|_| ()),
        Err(GpuError::BadOptions(
            "per-position counts come from the depth-first variants only".into()
        ))
    );
}

/// The leaf kernels with the other way of adding up their counts than the
/// adapter's default (workgroup sums first on SwiftShader): the CPW six at
/// every listed depth up to 200,000 leaves, both leaf kernels (one ply and
/// two plies left), against the known counts.
#[test]
fn bfs_workgroup_sums_count_the_suite() {
    let gpu = gpu_workgroup_sums();
    for Case { id, fen, counts } in perft_suite().into_iter().take(6) {
        let p = pos(&fen);
        for &(depth, want) in counts.iter().filter(|c| c.1 <= 200_000) {
            for split in [depth - 1, depth.saturating_sub(2)] {
                let o = Options {
                    split_depth: Some(split),
                    ..opts()
                };
                let run = gpu.run_blocking(&p, depth, &o, |_, _| true).unwrap();
                assert_eq!(run.nodes, want, "{id} depth {depth} split {split}");
            }
        }
    }
}

/// The kernels' sums (each invocation's atomics with carry, or a workgroup
/// tree with carry first) on synthetic per-invocation counts near and above
/// 2^32: the sums pass 2^32 inside one workgroup, across workgroups (the
/// atomic carry), and the high words add up too.
#[test]
fn bfs_reduction_carries_past_2_pow_32() {
    for gpu in [gpu(), gpu_workgroup_sums()] {
        reduction_carries(gpu);
    }
}

fn reduction_carries(gpu: &GpuPerft) {
    let mut rng = Rng::new(42);
    for wg in [64, 256] {
        for n in [1usize, 2, 63, 64, 65, 1000, 70_000] {
            let values: Vec<u64> = (0..n)
                .map(|i| match i % 3 {
                    0 => 0xffff_fff0 + (rng.next_u64() & 0xf),
                    1 => u64::from(u32::MAX),
                    _ => rng.next_u64() >> 24,
                })
                .collect();
            let want: u64 = values.iter().sum();
            let got = pollster::block_on(gpu.bfs_reduce(&values, wg)).unwrap();
            assert_eq!(got, want, "{n} values, workgroup {wg}");
            assert!(n < 3 || want > 1 << 32);
        }
    }
}
