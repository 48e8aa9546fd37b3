//! How often the breadth-first host waits for the GPU: at most once per
//! scanned level (the block sums), plus the final count, and never for the
//! level before the fused leaf, which is sized from a bound and launched
//! with indirect dispatches; a level whose children overflow a level buffer
//! is cut into ranges on the host from the sums it already has (no
//! re-scan), and stays exact. Needs a Vulkan
//! adapter; without a GPU run with SwiftShader:
//!
//! ```text
//! VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json cargo test --release --test gpu_waits
//! ```
//!
//! A missing adapter FAILS these tests (it never skips them).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gpu::gpu;

use bitscope::chess::{perft, Position};
use bitscope::gpu::{AttackMethod, GpuPerft, Kernel, Options};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("FEN parses")
}

/// The default options are breadth-first; start perft 6 and Kiwipete perft
/// 5 wait at most 7 times each (one per scanned level and the total).
#[test]
fn start_6_and_kiwipete_5_wait_at_most_7_times() {
    assert_eq!(Options::default().variant, Kernel::BreadthFirst);
    for (fen, depth, want) in [(START, 6, 119_060_324), (KIWIPETE, 5, 193_690_690)] {
        let run = gpu()
            .run_blocking(&pos(fen), depth, &Options::default(), |_, _| true)
            .unwrap();
        assert_eq!(run.nodes, want, "{run:?}");
        assert!(run.readbacks <= 7, "{fen} {depth}: {run:?}");
        // scanned levels: the GPU's plies above the fused two, plus the total
        assert!(
            run.readbacks <= run.gpu_depth.saturating_sub(2) + 1,
            "{run:?}"
        );
        assert!(run.submits <= run.readbacks + 2, "{run:?}");
        assert!(run.dispatches >= run.submits, "{run:?}");
        assert_eq!(run.kernel_nanos.is_some(), run.kernel_seconds().is_some());
    }
}

/// Level buffers far too small for a level: the host cuts every level into
/// ranges whose children fit, from the block sums it read once, for every
/// workgroup size and slider method, and the counts stay exact.
#[test]
fn tiny_levels_are_cut_into_ranges_and_stay_exact() {
    let gpu = gpu();
    for (fen, depth, cap, sizes) in [
        (START, 5, 3000, &[16, 64][..]),
        (KIWIPETE, 4, 1000, &[16][..]),
    ] {
        let p = pos(fen);
        let want = perft(&p, depth);
        for &wg in sizes {
            // (every scanned level read back: the cut is what is tested)
            let free = Options {
                workgroup_size: wg,
                split_depth: Some(0),
                move_bound: Some(0),
                ..Options::default()
            };
            let whole = gpu.run_blocking(&p, depth, &free, |_, _| true).unwrap();
            assert_eq!(whole.nodes, want);
            let o = Options {
                level_cap: Some(cap),
                ..free
            };
            let run = gpu.run_blocking(&p, depth, &o, |_, _| true).unwrap();
            assert_eq!(run.nodes, want, "{fen} {depth} wg {wg}");
            // more expand and leaf dispatches (one set per range), the same
            // waits: the ranges come from block sums already read
            assert!(
                run.dispatches > whole.dispatches,
                "{run:?} against {whole:?}"
            );
            assert_eq!(run.readbacks, whole.readbacks, "{run:?} against {whole:?}");
        }
    }
    // a cap below one workgroup's children is a typed error, not a wrong count
    let o = Options {
        level_cap: Some(64),
        split_depth: Some(0),
        ..Options::default()
    };
    assert!(matches!(
        gpu.run_blocking(&pos(KIWIPETE), 4, &o, |_, _| true),
        Err(bitscope::gpu::GpuError::BadOptions(_))
    ));
}

/// The same run twice gives the same count and the same waits: the pool's
/// buffers, kept from the first run, are reused as they are.
#[test]
fn a_second_run_reuses_the_buffers() {
    let gpu = gpu();
    let p = pos(KIWIPETE);
    let first = gpu
        .run_blocking(&p, 4, &Options::default(), |_, _| true)
        .unwrap();
    let second = gpu
        .run_blocking(&p, 4, &Options::default(), |_, _| true)
        .unwrap();
    // the same in everything but the GPU time, which is a measurement
    let untimed = |r: &bitscope::gpu::GpuRun| bitscope::gpu::GpuRun {
        kernel_nanos: None,
        ..r.clone()
    };
    assert_eq!(untimed(&first), untimed(&second));
    assert_eq!(first.nodes, 4_085_603);
}

/// The buffers a run makes are kept for the next ones: after a first
/// depth-first run (its two slots, four buffers each), a run with the same
/// or a smaller batch, or another kernel or slider method, makes no buffer;
/// only a larger batch makes the slots again, once. A second breadth-first
/// run, plain or merged, makes none either. Its own device, so that no
/// other test's runs count.
#[test]
fn later_runs_make_no_buffers() {
    let gpu = GpuPerft::new_blocking().expect("an adapter");
    let p = Position::startpos();
    let made = |variant, slider, batch| {
        let before = gpu.buffers_made();
        let options = Options {
            batch_size: Some(batch),
            split_depth: Some(2),
            slider,
            ..Options::with_variant(variant)
        };
        let run = gpu.run_blocking(&p, 4, &options, |_, _| true).unwrap();
        assert_eq!(run.nodes, 197_281, "{run:?}");
        gpu.buffers_made() - before
    };
    let (kogge, magic) = (AttackMethod::KoggeStone, AttackMethod::Magic);
    assert_eq!(made(Kernel::Private, kogge, 256), 8, "two slots");
    for (variant, slider, batch) in [
        (Kernel::Private, kogge, 256),
        (Kernel::Private, kogge, 100),
        (Kernel::Workgroup, kogge, 256),
        (Kernel::Workgroup, magic, 200),
    ] {
        let again = made(variant, slider, batch);
        assert_eq!(again, 0, "{variant} {slider} batch {batch}");
    }
    // 400 positions in one batch: more than the 256 the slots hold
    assert_eq!(made(Kernel::Private, kogge, 1000), 8, "grown");
    assert_eq!(made(Kernel::Private, kogge, 400), 0);
    for merge in [false, true] {
        let options = Options {
            merge,
            ..Options::default()
        };
        let run = |gpu: &GpuPerft| gpu.run_blocking(&p, 4, &options, |_, _| true).unwrap();
        run(&gpu);
        let before = gpu.buffers_made();
        assert_eq!(run(&gpu).nodes, 197_281);
        assert_eq!(gpu.buffers_made(), before, "breadth-first, merge {merge}");
    }
}

/// Where the adapter has timestamp queries (SwiftShader has), every run
/// reports the GPU time inside its passes, breadth-first and depth-first:
/// more than nothing and no more than the wall time around the whole run;
/// elsewhere none. Timing adds no wait.
#[test]
fn runs_report_gpu_time() {
    let gpu = gpu();
    let variants = std::iter::once(Kernel::BreadthFirst).chain(Kernel::DEPTH_FIRST);
    for variant in variants {
        let depth = if variant == Kernel::BreadthFirst {
            5
        } else {
            4
        };
        let start = std::time::Instant::now();
        let run = gpu
            .run_blocking(
                &Position::startpos(),
                depth,
                &Options::with_variant(variant),
                |_, _| true,
            )
            .unwrap();
        let wall = start.elapsed().as_secs_f64();
        assert_eq!(run.nodes, perft(&Position::startpos(), depth), "{run:?}");
        match run.kernel_seconds() {
            Some(s) => {
                assert!(gpu.report().timestamp_query, "{run:?}");
                assert!(s > 0.0 && s <= wall, "{variant}: GPU {s} s, wall {wall} s");
            }
            None => assert!(!gpu.report().timestamp_query, "{run:?}"),
        }
        if variant == Kernel::BreadthFirst {
            assert!(run.readbacks <= 3, "{run:?}");
        } else {
            assert_eq!(run.readbacks, run.batches, "{run:?}");
        }
    }
}

/// The level before the fused leaf is never read back: its size is known
/// on the GPU only, and the leaf kernels are launched from it with indirect
/// dispatches, in pieces (`batch_size` makes many, most of them empty). One
/// wait fewer than reading it back, and the same count.
#[test]
fn the_last_scanned_level_is_not_read_back() {
    let gpu = gpu();
    for (fen, depth) in [(START, 5), (KIWIPETE, 4)] {
        let p = pos(fen);
        let want = perft(&p, depth);
        for batch in [None, Some(256)] {
            let unread = Options {
                split_depth: Some(0),
                batch_size: batch,
                ..Options::default()
            };
            let read = Options {
                move_bound: Some(0),
                ..unread.clone()
            };
            let a = gpu.run_blocking(&p, depth, &unread, |_, _| true).unwrap();
            let b = gpu.run_blocking(&p, depth, &read, |_, _| true).unwrap();
            assert_eq!(a.nodes, want, "{fen} {depth} {batch:?}: {a:?}");
            assert_eq!(b.nodes, want, "{fen} {depth} {batch:?}: {b:?}");
            assert!(a.readbacks < b.readbacks, "{a:?} against {b:?}");
        }
    }
}

/// A bound below the real number of moves: the GPU finds that a level
/// sized from it overflows, and the host does the run again reading every
/// level back. Exact on the CPW positions, one without a table and one
/// with. (A context of its own per case, each compiling its kernels:
/// buffers kept from an earlier run would be large enough, and nothing
/// would overflow.)
#[test]
fn an_overflow_found_on_the_gpu_is_counted_again() {
    for (fen, depth, hash_bytes) in [(START, 5, 0), (KIWIPETE, 4, 1 << 16)] {
        let p = pos(fen);
        let want = perft(&p, depth);
        let fresh = GpuPerft::new_blocking().unwrap();
        let tight = Options {
            split_depth: Some(0),
            move_bound: Some(2),
            hash_bytes,
            ..Options::default()
        };
        let free = Options {
            move_bound: Some(0),
            ..tight.clone()
        };
        let run = fresh.run_blocking(&p, depth, &tight, |_, _| true).unwrap();
        let once = gpu().run_blocking(&p, depth, &free, |_, _| true).unwrap();
        assert_eq!(run.nodes, want, "{fen} {depth}: {run:?}");
        // the first try's waits, then the second's
        assert!(run.readbacks > once.readbacks, "{run:?} against {once:?}");
    }
}

/// Three plies on the GPU: nothing is read back but the final count (the
/// frontier's children are sized from the bound, their leaves launched
/// indirectly), whatever the chunk.
#[test]
fn three_gpu_plies_wait_once() {
    let gpu = gpu();
    for (fen, depth) in [(START, 5), (KIWIPETE, 5)] {
        let p = pos(fen);
        let o = Options {
            split_depth: Some(depth - 3),
            ..Options::default()
        };
        let run = gpu.run_blocking(&p, depth, &o, |_, _| true).unwrap();
        assert_eq!(run.nodes, perft(&p, depth), "{run:?}");
        assert_eq!(run.readbacks, 1, "{run:?}");
    }
}
