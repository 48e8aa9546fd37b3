//! The breadth-first kernels' transposition table (`--hash`, `Options::
//! hash_bytes`): exact on the CPW suite, on random positions and with a
//! table of four entries (every store replaces another); hits and misses
//! add up to the positions two plies from the leaves; refused for the
//! depth-first kernels. Needs a Vulkan adapter (SwiftShader without a GPU:
//! `VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json`); a missing
//! adapter FAILS these tests.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;

use crate::common::gpu::gpu;
use crate::common::rng::{random_walk, Rng};
use crate::common::suite::{perft_suite, Case};

use bitscope::chess::{perft, Position};
use bitscope::gpu::breadth_first::hash::mib;
use bitscope::gpu::layout::Kernel;
use bitscope::gpu::packed::{pack, Packed};
use bitscope::gpu::{GpuError, Options};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("suite FEN parses")
}

fn hashed(bytes: u64) -> Options {
    Options {
        hash_bytes: bytes,
        ..Options::with_variant(Kernel::BreadthFirst)
    }
}

/// The packed positions `ply` plies below `p` (the fused leaf's inputs at
/// depth ply + 2), each as often as it is reached.
fn packed_at(p: &Position, ply: u32, out: &mut Vec<Packed>) {
    if ply == 0 {
        out.push(pack(p));
        return;
    }
    for &m in p.legal_moves().as_slice() {
        packed_at(&p.play(m), ply - 1, out);
    }
}

#[test]
fn hash_counts_the_cpw_suite_exactly() {
    let gpu = gpu();
    for (i, Case { id, fen, counts }) in perft_suite().into_iter().enumerate() {
        let p = pos(&fen);
        let limit = if i < 6 { 5_000_000 } else { 100_000 };
        for &(depth, want) in counts.iter().filter(|c| c.1 <= limit) {
            let run = gpu
                .run_blocking(&p, depth, &hashed(mib(1)), |_, _| true)
                .unwrap();
            assert_eq!(run.nodes, want, "{id} depth {depth} ({run:?})");
        }
    }
}

#[test]
fn hits_and_misses_add_up_and_transpositions_hit() {
    let p = Position::startpos();
    let run = gpu()
        .run_blocking(&p, 5, &hashed(mib(4)), |_, _| true)
        .unwrap();
    assert_eq!(run.nodes, 4_865_609);
    // every position three plies down is probed once; each distinct one
    // misses at least once (its first probe), so only repeats can hit
    let mut below = Vec::new();
    packed_at(&p, 3, &mut below);
    let distinct = below.iter().collect::<HashSet<_>>().len() as u64;
    assert_eq!(
        run.hash_hits + run.hash_misses,
        below.len() as u64,
        "{run:?}"
    );
    assert!(run.hash_misses >= distinct, "{run:?}: {distinct} distinct");
    assert!(run.hash_hits > 0, "{run:?}");
    let off = gpu().run_blocking(&p, 5, &hashed(0), |_, _| true).unwrap();
    assert_eq!((off.hash_hits, off.hash_misses), (0, 0));
}

/// Four entries: nearly every store replaces another entry, and entries
/// are read while other invocations rewrite them; counts stay exact.
#[test]
fn a_tiny_table_stays_exact() {
    let gpu = gpu();
    let mut rng = Rng::new(0x007a_81e5);
    let starts: Vec<Position> = perft_suite().iter().map(|c| pos(&c.fen)).collect();
    for (i, p) in starts.iter().take(6).enumerate() {
        let depth = if i == 0 { 5 } else { 4 };
        let run = gpu
            .run_blocking(p, depth, &hashed(64), |_, _| true)
            .unwrap();
        assert_eq!(run.nodes, perft(p, depth), "{} depth {depth}", p.to_fen());
    }
    for i in 0..24 {
        let p = random_walk(starts[i % starts.len()], 30, &mut rng);
        let depth = 3 + (i % 2) as u32;
        let run = gpu
            .run_blocking(&p, depth, &hashed(64), |_, _| true)
            .unwrap();
        assert_eq!(run.nodes, perft(&p, depth), "{} depth {depth}", p.to_fen());
    }
}

#[test]
fn the_depth_first_kernels_refuse_a_table() {
    for variant in [Kernel::Workgroup, Kernel::Private] {
        let options = Options {
            hash_bytes: mib(1),
            ..Options::with_variant(variant)
        };
        let err = gpu()
            .run_blocking(&Position::startpos(), 3, &options, |_, _| true)
            .unwrap_err();
        assert!(matches!(err, GpuError::BadOptions(_)), "{err}");
    }
}
