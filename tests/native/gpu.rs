//! GPU perft against the known counts and the CPU perft, for both kernel
//! variants. Needs a Vulkan adapter; without a GPU run with SwiftShader:
//!
//! ```text
//! VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json cargo test --release --test gpu
//! ```
//!
//! A missing adapter FAILS these tests (it never skips them).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gpu::gpu;
use crate::common::rng::{random_walk, Rng};
use crate::common::suite::{case, perft_suite, Case};

use bitscope::chess::{perft, Position};
use bitscope::gpu::layout::{self, Kernel};
use bitscope::gpu::packed::{pack, Packed};
use bitscope::gpu::{GpuError, GpuPerft, Options};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

/// The Chess Programming Wiki's six positions, first in tests/perft_suite.txt.
fn cpw() -> Vec<Case> {
    perft_suite().into_iter().take(6).collect()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("suite FEN parses")
}

/// Every position of tests/perft_suite.txt at its known depths 1 to 3.
#[test]
fn suite_depth_1_to_3_both_variants() {
    let gpu = gpu();
    for Case {
        id: name,
        fen,
        counts,
    } in perft_suite()
    {
        let p = pos(&fen);
        for &(depth, want) in counts.iter().filter(|c| c.0 <= 3) {
            assert_eq!(perft(&p, depth), want, "CPU perft {name} depth {depth}");
            for variant in Kernel::DEPTH_FIRST {
                let run = gpu
                    .run_blocking(&p, depth, &Options::with_variant(variant), |_, _| true)
                    .unwrap();
                assert_eq!(run.nodes, want, "{name} depth {depth} {variant} ({run:?})");
            }
        }
    }
}

#[test]
fn depth_4_start_and_kiwipete_both_variants() {
    let gpu = gpu();
    for name in ["startpos", "kiwipete"] {
        let c = case(name);
        let p = pos(&c.fen);
        let want = c.nodes(4).expect("depth 4 in the suite");
        assert_eq!(perft(&p, 4), want, "CPU perft {name} depth 4");
        for variant in Kernel::DEPTH_FIRST {
            let run = gpu
                .run_blocking(&p, 4, &Options::with_variant(variant), |_, _| true)
                .unwrap();
            assert_eq!(run.nodes, want, "{name} depth 4 {variant} ({run:?})");
            assert!(
                run.gpu_depth >= 2,
                "the GPU searched, not only counted: {run:?}"
            );
        }
    }
}

/// Split depth 0: the root alone goes to the GPU, one invocation walks the
/// whole tree (make / unmake / resume-after-move on its own stack).
#[test]
fn kernel_alone_counts_from_the_root() {
    let gpu = gpu();
    for Case {
        id: name,
        fen,
        counts,
    } in cpw()
    {
        let p = pos(&fen);
        for &(depth, want) in counts.iter().filter(|c| c.0 <= 3) {
            for variant in Kernel::DEPTH_FIRST {
                let opts = Options {
                    split_depth: Some(0),
                    ..Options::with_variant(variant)
                };
                let run = gpu.run_blocking(&p, depth, &opts, |_, _| true).unwrap();
                assert_eq!((run.positions, run.split_depth), (1, 0));
                assert_eq!(run.nodes, want, "{name} depth {depth} {variant}, root only");
            }
        }
    }
    // One invocation, four plies: 197281 leaves.
    for variant in Kernel::DEPTH_FIRST {
        let run = gpu
            .run_blocking(
                &[pack(&pos(START))][..],
                4,
                &Options::with_variant(variant),
                |_, _| true,
            )
            .unwrap();
        assert_eq!(run.nodes, 197281, "start depth 4 {variant}, root only");
    }
}

/// Many positions in one dispatch, small batches, explicit split depths.
#[test]
fn batches_and_splits_agree() {
    let gpu = gpu();
    let p = pos(KIWIPETE);
    for variant in Kernel::DEPTH_FIRST {
        for split in 0..3 {
            let opts = Options {
                split_depth: Some(split),
                batch_size: Some(7),
                ..Options::with_variant(variant)
            };
            let mut calls = 0u64;
            let mut last = (0, 0);
            let run = gpu
                .run_blocking(&p, 3, &opts, |done, total| {
                    calls += 1;
                    last = (done, total);
                    true
                })
                .unwrap();
            assert_eq!(run.nodes, 97862, "kiwipete 3, split {split}, {variant}");
            assert_eq!(u64::from(run.batches), calls);
            assert_eq!(last, (run.positions, run.positions));
            assert_eq!(run.positions, perft(&p, split));
        }
    }
    // Packed positions of every suite entry at once, depth 2.
    let packed: Vec<Packed> = cpw().iter().map(|c| pack(&pos(&c.fen))).collect();
    let want: u64 = cpw().iter().map(|c| c.nodes(2).unwrap()).sum();
    for variant in Kernel::DEPTH_FIRST {
        let run = gpu
            .run_blocking(
                packed.as_slice(),
                2,
                &Options::with_variant(variant),
                |_, _| true,
            )
            .unwrap();
        assert_eq!(run.nodes, want);
    }
}

#[test]
fn cancel_and_errors() {
    let gpu = gpu();
    let opts = Options {
        split_depth: Some(2),
        batch_size: Some(64),
        ..Options::default()
    };
    // stop at the first batch, and in the middle: after 5 of the batches
    let err = gpu
        .run_blocking(&pos(START), 3, &opts, |_, _| false)
        .unwrap_err();
    assert_eq!(err, GpuError::Cancelled);
    let mut calls = 0;
    let mut seen = Vec::new();
    let err = gpu
        .run_blocking(&pos(START), 3, &opts, |done, total| {
            calls += 1;
            seen.push((done, total));
            calls < 5
        })
        .unwrap_err();
    assert_eq!(err, GpuError::Cancelled);
    assert_eq!(calls, 5, "no batch runs after the stop");
    // 400 frontier positions in batches of 64: stopped at 320 of 400
    assert_eq!(seen.last(), Some(&(320, 400)));
    assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{seen:?}");
    assert!(matches!(
        gpu.run_fen_blocking("not a fen", 2, &opts, |_, _| true),
        Err(GpuError::BadPosition(_))
    ));
    let deep = Options {
        split_depth: Some(0),
        ..Options::default()
    };
    assert!(matches!(
        gpu.run_blocking(&pos(START), 60, &deep, |_, _| true),
        Err(GpuError::BadOptions(_))
    ));
    assert_eq!(
        gpu.run_blocking(&pos(START), 0, &deep, |_, _| true)
            .unwrap()
            .nodes,
        1
    );
}

/// A workgroup too large for the adapter's workgroup memory shrinks (and still
/// counts right), or fails with `WorkgroupTooLarge` when shrinking is off.
#[test]
fn workgroup_memory_limit() {
    let gpu = gpu();
    let limit = u64::from(gpu.report().max_compute_workgroup_storage_size);
    let max_inv = gpu.report().max_compute_invocations_per_workgroup;
    let big = max_inv.min(1024);
    let needed = layout::workgroup_bytes(big, layout::MAX_PLIES, Kernel::Workgroup);
    if needed > limit {
        let strict = Options {
            workgroup_size: big,
            shrink_to_fit: false,
            ..Options::with_variant(Kernel::Workgroup)
        };
        assert_eq!(
            gpu.run_blocking(&pos(START), 2, &strict, |_, _| true)
                .unwrap_err(),
            GpuError::WorkgroupTooLarge { needed, limit }
        );
    }
    let loose = Options {
        workgroup_size: big,
        ..Options::with_variant(Kernel::Workgroup)
    };
    let run = gpu
        .run_blocking(&pos(KIWIPETE), 2, &loose, |_, _| true)
        .unwrap();
    assert_eq!(run.nodes, 2039);
    assert!(
        run.workgroup_bytes <= limit && run.workgroup_size <= big,
        "{run:?}"
    );
    // Odd sizes work too (the kernel pads nothing).
    for wg in [1, 13] {
        for variant in Kernel::DEPTH_FIRST {
            let opts = Options {
                workgroup_size: wg,
                ..Options::with_variant(variant)
            };
            let run = gpu
                .run_blocking(&pos(KIWIPETE), 3, &opts, |_, _| true)
                .unwrap();
            assert_eq!(
                (run.nodes, run.workgroup_size),
                (97862, wg),
                "{variant} wg {wg}"
            );
        }
    }
}

/// Positions that break move generators (e.p. discovered checks, castling
/// into / through / out of check, promotions with check, pins), against the
/// CPU perft.
const TRICKY: &[(&str, u32)] = &[
    ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 4),
    ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 4),
    ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4),
    ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 4),
    ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 4),
    ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 3),
    ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 3),
    ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 4),
    ("8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 4),
    ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 5),
    ("8/P1k5/K7/8/8/8/8/8 w - - 0 1", 5),
    ("K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6),
    ("8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 5),
    ("8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4),
    ("8/8/3k4/K1pP3r/8/8/8/8 w - c6 0 1", 4),
    ("4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1", 4),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 3),
    (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        3,
    ),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3),
];

#[test]
fn tricky_positions_match_cpu() {
    let gpu = gpu();
    for &(fen, depth) in TRICKY {
        let p = pos(fen);
        let want = perft(&p, depth);
        for variant in Kernel::DEPTH_FIRST {
            let run = gpu
                .run_blocking(&p, depth, &Options::with_variant(variant), |_, _| true)
                .unwrap();
            assert_eq!(run.nodes, want, "{fen} depth {depth} {variant} ({run:?})");
        }
    }
}

/// Positions reached by random legal moves from the suite, each counted by
/// its own invocation (depth 3), against the CPU perft one by one.
#[test]
fn random_positions_match_cpu() {
    let gpu = gpu();
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let starts = cpw().into_iter().map(|c| c.fen);
    let mut positions = Vec::new();
    for fen in starts.chain(TRICKY.iter().map(|t| t.0.to_string())) {
        for _ in 0..12 {
            positions.push(random_walk(pos(&fen), 39, &mut rng));
        }
    }
    let packed: Vec<Packed> = positions.iter().map(pack).collect();
    let want: Vec<u64> = positions.iter().map(|p| perft(p, 3)).collect();
    for variant in Kernel::DEPTH_FIRST {
        let got = gpu
            .counts_packed_blocking(&packed, 3, &Options::with_variant(variant), |_, _| true)
            .unwrap();
        for (i, p) in positions.iter().enumerate() {
            assert_eq!(got[i], want[i], "{} depth 3 {variant}", p.to_fen());
        }
    }
}

#[test]
fn divide_matches_cpu_both_variants() {
    let gpu = gpu();
    let p = pos(KIWIPETE);
    let cpu = bitscope::chess::divide(&p, 3);
    for variant in Kernel::DEPTH_FIRST {
        let got = gpu
            .divide_blocking(&p, 3, &Options::with_variant(variant), |_, _| true)
            .unwrap();
        assert_eq!(got, cpu, "{variant}");
    }
}

/// A workgroup larger than the adapter allows is refused with both numbers
/// when shrinking is off, and shrinks to the limit (still right) when on.
#[test]
fn too_many_invocations_is_a_typed_error() {
    let gpu = gpu();
    let report = gpu.report();
    let limit = report.max_compute_invocations_per_workgroup;
    let wanted = limit + 1;
    let strict = Options {
        workgroup_size: wanted,
        shrink_to_fit: false,
        variant: Kernel::Private,
        ..Options::default()
    };
    let err = gpu
        .run_blocking(&pos(START), 2, &strict, |_, _| true)
        .unwrap_err();
    let x_limit = limit.min(report.max_compute_workgroup_size_x);
    assert_eq!(
        err,
        GpuError::TooManyInvocations {
            wanted,
            limit: x_limit
        }
    );
    let loose = Options {
        shrink_to_fit: true,
        ..strict
    };
    let run = gpu
        .run_blocking(&pos(START), 2, &loose, |_, _| true)
        .unwrap();
    assert_eq!(run.nodes, 400);
    assert!(run.workgroup_size <= x_limit, "{run:?}");
}

/// More workgroups than one dimension holds (65,535): the host spreads the
/// dispatch over x and y, and the kernel finds every position's own slot.
/// 70,000 positions, one invocation a workgroup, one batch; each count is
/// checked against the CPU, so a position read or written twice shows.
#[test]
fn a_batch_past_65535_workgroups_dispatches_in_two_dimensions() {
    let gpu = gpu();
    let max_x = gpu.report().max_compute_workgroups_per_dimension;
    let n = 70_000usize;
    assert!(n as u32 > max_x, "the batch must not fit in x ({max_x})");
    let mut rng = Rng::new(0x002d_d15b_a7c4);
    let starts: Vec<Position> = cpw().iter().map(|c| pos(&c.fen)).collect();
    let positions: Vec<Position> = (0..n)
        .map(|i| random_walk(starts[i % starts.len()], 30, &mut rng))
        .collect();
    let packed: Vec<Packed> = positions.iter().map(pack).collect();
    for variant in Kernel::DEPTH_FIRST {
        let opts = Options {
            workgroup_size: 1,
            batch_size: Some(n as u32),
            split_depth: Some(0),
            ..Options::with_variant(variant)
        };
        let mut batches = 0;
        let got = gpu
            .counts_packed_blocking(&packed, 1, &opts, |_, _| {
                batches += 1;
                true
            })
            .unwrap();
        assert_eq!(batches, 1, "{variant}: one dispatch");
        for (i, p) in positions.iter().enumerate() {
            assert_eq!(
                got[i],
                p.legal_moves().len() as u64,
                "{variant} #{i} {}",
                p.to_fen()
            );
        }
    }
}

/// Runs `no_adapter_child` in a child process with `VK_ICD_FILENAMES` set to
/// `icd` (the Vulkan loader reads it once per process); it must get
/// `GpuError::NoAdapter` mentioning `expect`, not a panic nor an adapter.
fn child_without_adapter(icd: &str, expect: &str) {
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new(exe)
        .args([
            "--ignored",
            "--exact",
            "gpu::no_adapter_child",
            "--nocapture",
        ])
        .env("VK_ICD_FILENAMES", icd)
        .env("GPU_TEST_EXPECT", expect)
        .env_remove("VK_DRIVER_FILES")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && text.contains("1 passed"), "{text}");
}

/// With no Vulkan driver at all, opening the GPU is an error naming the fix.
#[test]
fn no_adapter_is_an_error() {
    child_without_adapter("/nonexistent/icd.json", "VK_ICD_FILENAMES");
}

/// Mesa's lavapipe cuts invocations off after 65535 loop iterations (perft
/// counts come back short): the host refuses it. `make test` installs
/// Debian's mesa-vulkan-drivers for this; without it the test fails.
#[test]
fn lavapipe_is_refused() {
    let lvp = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";
    assert!(
        std::path::Path::new(lvp).exists(),
        "{lvp} missing: apt-get install mesa-vulkan-drivers (scripts/setup.sh test does)"
    );
    child_without_adapter(lvp, "lavapipe");
}

#[test]
#[ignore = "run by no_adapter_is_an_error / lavapipe_is_refused in a child process"]
fn no_adapter_child() {
    let expect = std::env::var("GPU_TEST_EXPECT").unwrap_or_else(|_| "VK_ICD_FILENAMES".into());
    match GpuPerft::new_blocking() {
        Err(GpuError::NoAdapter(msg)) => {
            assert!(
                msg.contains(&expect) && msg.contains("VK_ICD_FILENAMES"),
                "{msg}"
            );
            println!("{msg}");
        }
        Err(e) => panic!("expected NoAdapter, got {e}"),
        Ok(g) => panic!("expected no adapter, got {:?}", g.report()),
    }
}

/// A lost device (here destroyed in the middle of a run, as a browser's
/// watchdog or a driver reset would take it) is a typed error, for every
/// kernel, then and for every later run; a new `GpuPerft` counts again.
#[test]
fn device_lost_is_a_typed_error() {
    for variant in Kernel::ALL {
        let own = GpuPerft::new_blocking().expect("an adapter");
        let opts = Options {
            split_depth: Some(2),
            batch_size: Some(32),
            ..Options::with_variant(variant)
        };
        let mut batches = 0;
        let err = own
            .run_blocking(&pos(START), 4, &opts, |_, _| {
                batches += 1;
                if batches == 2 {
                    own.destroy();
                }
                true
            })
            .unwrap_err();
        assert!(matches!(err, GpuError::DeviceLost(_)), "{variant}: {err:?}");
        assert!(own.is_lost());
        assert!(err.to_string().contains("destroyed"), "{err}");
        let again = own.run_blocking(&pos(START), 2, &opts, |_, _| true);
        assert!(
            matches!(again, Err(GpuError::DeviceLost(_))),
            "{variant}: {again:?}"
        );
    }
    let fresh = GpuPerft::new_blocking().expect("an adapter");
    let run = fresh
        .run_blocking(&pos(START), 3, &Options::default(), |_, _| true)
        .unwrap();
    assert_eq!(run.nodes, 8902);
}
