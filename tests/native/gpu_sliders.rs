//! The slider methods (`gpu::AttackMethod`: Kogge-Stone fills, magic bitboards,
//! hyperbola quintessence) in every kernel, against the known counts and the
//! CPU perft. Needs a Vulkan adapter; without a GPU run with SwiftShader:
//!
//! ```text
//! VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json cargo test --release --test gpu_sliders
//! ```
//!
//! A missing adapter FAILS these tests (it never skips them).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gpu::gpu;
use crate::common::rng::{random_walk, Rng};
use crate::common::suite::{perft_suite, Case};

use bitscope::chess::{perft, Position};
use bitscope::gpu::layout::Kernel;
use bitscope::gpu::packed::{pack, Packed};
use bitscope::gpu::{AttackMethod, Options};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("suite FEN parses")
}

/// The two methods that are new beside the fills (the fills are what
/// tests/native/gpu.rs and tests/native/gpu_bfs.rs run).
const NEW: [AttackMethod; 2] = [AttackMethod::Magic, AttackMethod::Hyperbola];

fn options(kernel: Kernel, slider: AttackMethod) -> Options {
    Options {
        slider,
        ..Options::with_variant(kernel)
    }
}

/// The CPW six at every listed depth up to 200 k leaves, and every suite
/// entry at depth 2, in every kernel with every new slider method.
#[test]
fn suite_in_every_kernel_with_every_slider() {
    let gpu = gpu();
    for (i, Case { id, fen, counts }) in perft_suite().into_iter().enumerate() {
        let p = pos(&fen);
        let keep = |&&(depth, nodes): &&(u32, u64)| {
            if i < 6 {
                nodes <= 200_000
            } else {
                depth == 2
            }
        };
        for &(depth, want) in counts.iter().filter(keep) {
            for kernel in Kernel::ALL {
                for slider in NEW {
                    let run = gpu
                        .run_blocking(&p, depth, &options(kernel, slider), |_, _| true)
                        .unwrap();
                    assert_eq!(run.nodes, want, "{id} depth {depth} {kernel} {slider}");
                    assert_eq!(run.slider, slider);
                }
            }
        }
    }
}

/// Deeper: start position 5 and Kiwipete 4 (4.9 M and 4.1 M leaves).
#[test]
fn start_5_and_kiwipete_4_with_every_slider() {
    let gpu = gpu();
    for (id, depth) in [("startpos", 5), ("kiwipete", 4)] {
        let c = crate::common::suite::case(id);
        let want = c.nodes(depth).expect("in the suite");
        for kernel in Kernel::ALL {
            for slider in NEW {
                let run = gpu
                    .run_blocking(&pos(&c.fen), depth, &options(kernel, slider), |_, _| true)
                    .unwrap();
                assert_eq!(run.nodes, want, "{id} {depth} {kernel} {slider}");
            }
        }
    }
}

/// Random positions (random legal walks from the suite), each counted by its
/// own invocation against the CPU, one by one (depth-first kernels), and
/// whole (breadth-first).
#[test]
fn random_positions_match_cpu_with_every_slider() {
    let gpu = gpu();
    let mut rng = Rng::new(0x51de_5eed);
    let starts: Vec<Position> = perft_suite().iter().map(|c| pos(&c.fen)).collect();
    let positions: Vec<Position> = (0..96)
        .map(|i| random_walk(starts[i % starts.len()], 40, &mut rng))
        .collect();
    let packed: Vec<Packed> = positions.iter().map(pack).collect();
    let want: Vec<u64> = positions.iter().map(|p| perft(p, 3)).collect();
    for slider in NEW {
        for kernel in Kernel::DEPTH_FIRST {
            let got = gpu
                .counts_packed_blocking(&packed, 3, &options(kernel, slider), |_, _| true)
                .unwrap();
            for (i, p) in positions.iter().enumerate() {
                assert_eq!(got[i], want[i], "{} depth 3 {kernel} {slider}", p.to_fen());
            }
        }
        let bf = gpu
            .run_blocking(
                packed.as_slice(),
                3,
                &options(Kernel::BreadthFirst, slider),
                |_, _| true,
            )
            .unwrap();
        assert_eq!(bf.nodes, want.iter().sum::<u64>(), "breadth-first {slider}");
    }
}
