//! GPU perft against the known counts and the CPU perft, for both kernel
//! variants. Needs a Vulkan adapter; without a GPU run with SwiftShader:
//!
//! ```text
//! VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json cargo test --release --test gpu
//! ```
//!
//! A missing adapter FAILS these tests (it never skips them).
#![cfg(not(target_arch = "wasm32"))]

use std::sync::OnceLock;

use bitscope::chess::{perft, Position};
use bitscope::gpu::layout::{self, Variant};
use bitscope::gpu::packed::{self, pack, unpack, Meta, Packed};
use bitscope::gpu::pipeline;
use bitscope::gpu::{GpuError, GpuPerft, Options};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

/// (name, FEN, counts at depth 1, 2, 3, 4 where known)
const SUITE: &[(&str, &str, &[u64])] = &[
    ("start", START, &[20, 400, 8902, 197281]),
    ("kiwipete", KIWIPETE, &[48, 2039, 97862, 4085603]),
    (
        "pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
        &[14, 191, 2812],
    ),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq -",
        &[6, 264, 9467],
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379],
    ),
    (
        "pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890],
    ),
];

fn gpu() -> &'static GpuPerft {
    static GPU: OnceLock<GpuPerft> = OnceLock::new();
    GPU.get_or_init(|| match GpuPerft::new_blocking() {
        Ok(g) => {
            eprintln!("adapter: {:?}", g.report());
            g
        }
        Err(e) => panic!(
            "no GPU adapter for the GPU perft tests: {e}\n\
             Without a GPU, run them on SwiftShader: \
             VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json cargo test --release --test gpu \
             (needs Debian's chromium and libvulkan1)"
        ),
    })
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("suite FEN parses")
}

#[test]
fn suite_depth_1_to_3_both_variants() {
    let gpu = gpu();
    for &(name, fen, counts) in SUITE {
        let p = pos(fen);
        for (d, &want) in counts.iter().enumerate().take(3) {
            let depth = d as u32 + 1;
            assert_eq!(perft(&p, depth), want, "CPU perft {name} depth {depth}");
            for variant in Variant::ALL {
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
    for &(name, fen, counts) in &SUITE[..2] {
        let p = pos(fen);
        let want = counts[3];
        assert_eq!(perft(&p, 4), want, "CPU perft {name} depth 4");
        for variant in Variant::ALL {
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
    for &(name, fen, counts) in SUITE {
        let p = pos(fen);
        for (d, &want) in counts.iter().enumerate().take(3) {
            let depth = d as u32 + 1;
            for variant in Variant::ALL {
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
    for variant in Variant::ALL {
        let run = gpu
            .run_packed_blocking(
                &[pack(&pos(START))],
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
    for variant in Variant::ALL {
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
    let packed: Vec<Packed> = SUITE.iter().map(|(_, fen, _)| pack(&pos(fen))).collect();
    let want: u64 = SUITE.iter().map(|(_, _, c)| c[1]).sum();
    for variant in Variant::ALL {
        let run = gpu
            .run_packed_blocking(&packed, 2, &Options::with_variant(variant), |_, _| true)
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
    let err = gpu
        .run_blocking(&pos(START), 3, &opts, |_, _| false)
        .unwrap_err();
    assert_eq!(err, GpuError::Cancelled);
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
    let needed = layout::workgroup_bytes(big, layout::MAX_PLIES, Variant::Workgroup);
    if needed > limit {
        let strict = Options {
            workgroup_size: big,
            shrink_to_fit: false,
            ..Options::default()
        };
        assert_eq!(
            gpu.run_blocking(&pos(START), 2, &strict, |_, _| true)
                .unwrap_err(),
            GpuError::WorkgroupTooLarge { needed, limit }
        );
    }
    let loose = Options {
        workgroup_size: big,
        ..Options::default()
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
        for variant in Variant::ALL {
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
        for variant in Variant::ALL {
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
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut positions = Vec::new();
    for &(_, fen, _) in SUITE.iter().chain(
        TRICKY
            .iter()
            .map(|(f, _)| ("", *f, &[][..]))
            .collect::<Vec<_>>()
            .iter(),
    ) {
        for _ in 0..12 {
            let mut p = pos(fen);
            let plies = rand() % 40;
            for _ in 0..plies {
                let moves = p.legal_moves();
                let moves = moves.as_slice();
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[(rand() % moves.len() as u64) as usize]);
            }
            positions.push(p);
        }
    }
    let packed: Vec<Packed> = positions.iter().map(pack).collect();
    let want: Vec<u64> = positions.iter().map(|p| perft(p, 3)).collect();
    for variant in Variant::ALL {
        let got = gpu
            .counts_packed_blocking(&packed, 3, &Options::with_variant(variant), |_, _| true)
            .unwrap();
        for (i, p) in positions.iter().enumerate() {
            assert_eq!(got[i], want[i], "{} depth 3 {variant}", p.to_fen());
        }
    }
}

#[test]
fn divide_matches_cpu() {
    let gpu = gpu();
    let p = pos(KIWIPETE);
    let cpu = bitscope::chess::divide(&p, 3);
    let got = gpu
        .divide_blocking(&p, 3, &Options::default(), |_, _| true)
        .unwrap();
    assert_eq!(got, cpu);
}

/// Runs `no_adapter_child` in a child process with `VK_ICD_FILENAMES` set to
/// `icd` (the Vulkan loader reads it once per process); it must get
/// `GpuError::NoAdapter` mentioning `expect`, not a panic nor an adapter.
fn child_without_adapter(icd: &str, expect: &str) {
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new(exe)
        .args(["--ignored", "--exact", "no_adapter_child", "--nocapture"])
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

// ------------------------------------------------------------ no GPU needed

#[test]
fn packed_layout_round_trips() {
    for &(name, fen, _) in SUITE {
        let p = pos(fen);
        let w = pack(&p);
        assert_eq!(unpack(&w), p, "{name}");
        assert_eq!(pack(&unpack(&w)), w, "{name}");
        packed::check_packed(&w).unwrap_or_else(|e| panic!("{name}: {e}"));
        let meta = Meta::unpack(w[10]);
        assert_eq!(meta.pack(), w[10] & 0x1f_ffff, "{name}");
        // every child too, which exercises captures, castling, promotions, e.p.
        for m in p.legal_moves().as_slice() {
            let c = p.play(*m);
            assert_eq!(unpack(&pack(&c)), c, "{name} after {}", m.to_uci());
            packed::check_packed(&pack(&c)).unwrap();
        }
    }
    let w = pack(&pos(START));
    assert_eq!(packed::board(&w, 0), 0xffff, "white");
    assert_eq!(packed::board(&w, 1), 0x00ff_0000_0000_ff00, "pawns");
    assert_eq!(
        Meta::unpack(w[10]),
        Meta {
            white_king: 4,
            black_king: 60,
            black_to_move: false,
            castling: 15,
            ep_file: None
        }
    );
}

/// The workgroup-memory figure, computed by naga from the WGSL types the
/// host really compiles, equals `layout::workgroup_bytes`.
#[test]
fn workgroup_bytes_match_the_wgsl() {
    use bitscope::gpu::workgroup_bytes;
    use wgpu::naga;
    assert_eq!(workgroup_bytes(64, 50, Variant::Workgroup), 15616);
    for variant in Variant::ALL {
        for wg in [1u32, 7, 32, 64, 128] {
            let src = pipeline::shader_source(variant, wg, layout::MAX_PLIES).unwrap();
            let module = naga::front::wgsl::parse_str(&src)
                .unwrap_or_else(|e| panic!("{}", e.emit_to_string(&src)));
            naga::valid::Validator::new(
                naga::valid::ValidationFlags::all(),
                naga::valid::Capabilities::empty(),
            )
            .validate(&module)
            .unwrap_or_else(|e| panic!("{variant} wg {wg}: {e:?}"));
            let mut layouter = naga::proc::Layouter::default();
            layouter.update(module.to_ctx()).unwrap();
            let bytes: u64 = module
                .global_variables
                .iter()
                .filter(|(_, g)| g.space == naga::AddressSpace::WorkGroup)
                .map(|(_, g)| u64::from(layouter[g.ty].size).div_ceil(16) * 16)
                .sum();
            assert_eq!(
                bytes,
                workgroup_bytes(wg, layout::MAX_PLIES, variant),
                "{variant} wg {wg}"
            );
        }
    }
}
