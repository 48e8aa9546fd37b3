//! The merged breadth-first GPU perft ([`Options::merge`]: each level's
//! equal positions kept once, with their paths): exact counts against the
//! CPW figures and the CPU, the distinct positions per ply against the
//! published ones, levels forced to split, and multiplicities past 2^32.
//! Needs a Vulkan adapter; without a GPU run with SwiftShader:
//!
//! ```text
//! VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json cargo test --release --test gpu_merge
//! ```
//!
//! A missing adapter FAILS these tests (it never skips them).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gpu::gpu;
use crate::common::rng::{random_walk, Rng};
use crate::common::suite::{perft_suite, Case};

use bitscope::chess::{perft, Position};
use bitscope::gpu::breadth_first::merge::merged_frontier;
use bitscope::gpu::packed::pack;
use bitscope::gpu::{AttackMethod, GpuRun, Options};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
/// Only knights and kings: the knights' moves transpose heavily.
const KNIGHTS: &str = "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1";

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("FEN parses")
}

fn merged() -> Options {
    Options {
        merge: true,
        ..Options::default()
    }
}

/// Merged, the GPU from the root, levels of at most `cap` positions and
/// workgroups of 16: every level splits into ranges and parts.
fn tiny_levels(cap: u32) -> Options {
    Options {
        split_depth: Some(0),
        level_cap: Some(cap),
        workgroup_size: 16,
        ..merged()
    }
}

fn run(p: &Position, depth: u32, o: &Options) -> GpuRun {
    gpu().run_blocking(p, depth, o, |_, _| true).unwrap()
}

/// The distinct positions after each ply of the start position, en passant
/// only where a pawn may take (as python-chess's `epd()` and the published
/// figures count them).
const START_DISTINCT: [u64; 6] = [1, 20, 400, 5_362, 72_078, 822_518];

/// Start perft 1..=6 merged: the CPW counts, and each built ply's distinct
/// positions are the published ones; the levels say each ply's nodes.
#[test]
fn start_counts_and_distinct_positions() {
    let want = [1, 20, 400, 8_902, 197_281, 4_865_609, 119_060_324];
    for depth in 1..=6 {
        let r = run(&pos(START), depth, &merged());
        assert_eq!(r.nodes, want[depth as usize], "depth {depth}: {r:?}");
        assert_eq!(r.levels.len(), depth as usize + 1, "{r:?}");
        for s in &r.levels {
            if let Some(d) = s.distinct {
                assert_eq!(d, START_DISTINCT[s.ply as usize], "ply {}: {r:?}", s.ply);
            }
            if let Some(n) = s.nodes {
                assert_eq!(n, want[s.ply as usize], "ply {}: {r:?}", s.ply);
            }
        }
    }
    // split at 1: the GPU builds plies 2, 3 and 4 (the CPU only ply 1)
    let o = Options {
        split_depth: Some(1),
        ..merged()
    };
    let r = run(&pos(START), 6, &o);
    assert_eq!(r.nodes, 119_060_324);
    let built: Vec<u64> = r.levels[2..=4]
        .iter()
        .map(|s| s.distinct.unwrap())
        .collect();
    assert_eq!(built, START_DISTINCT[2..=4]);
    assert!(r.levels[2..=4]
        .iter()
        .all(|s| s.parts == 1 && s.max_parts == 1));
}

/// The CPU's merged frontier: the same distinct positions, the paths
/// adding up to perft.
#[test]
fn cpu_frontier_merges_to_the_published_counts() {
    let (frontier, stats) = merged_frontier(&pos(START), 4);
    assert_eq!(frontier.len(), 72_078);
    assert_eq!(frontier.iter().map(|f| f.1).sum::<u64>(), 197_281);
    let d: Vec<u64> = stats.iter().map(|s| s.distinct.unwrap()).collect();
    assert_eq!(d, START_DISTINCT[..5]);
}

/// The CPW six (tests/perft_suite.txt) merged, every depth with at most
/// 5 M leaves, and every suite entry at depths 1 to 3.
#[test]
fn suite_merged() {
    for (i, Case { id, fen, counts }) in perft_suite().into_iter().enumerate() {
        let p = pos(&fen);
        let limit = if i < 6 { 5_000_000 } else { 100_000 };
        for &(depth, want) in counts.iter().filter(|c| c.1 <= limit || c.0 <= 1) {
            let r = run(&p, depth, &merged());
            assert_eq!(r.nodes, want, "{id} depth {depth} ({r:?})");
        }
    }
}

/// Random positions (random legal walks from the suite) against the CPU,
/// every level on the GPU (split 0).
#[test]
fn random_positions_match_cpu() {
    let mut rng = Rng::new(0x3e76_e001);
    let starts: Vec<Position> = perft_suite().iter().map(|c| pos(&c.fen)).collect();
    for i in 0..24 {
        let p = random_walk(starts[i % starts.len()], 40, &mut rng);
        let depth = 3 + (i % 3) as u32;
        let o = Options {
            split_depth: Some(i as u32 % 2),
            ..merged()
        };
        let r = run(&p, depth, &o);
        assert_eq!(r.nodes, perft(&p, depth), "{} depth {depth}", p.to_fen());
    }
}

/// Knights and kings only: most paths meet again, so the levels shrink
/// far below the nodes, and the count is the CPU's.
#[test]
fn knights_and_kings_transpose_and_stay_exact() {
    let p = pos(KNIGHTS);
    let o = Options {
        split_depth: Some(0),
        ..merged()
    };
    let r = run(&p, 7, &o);
    assert_eq!(r.nodes, perft(&p, 7), "{r:?}");
    let ply5 = &r.levels[5];
    assert!(ply5.distinct.unwrap() * 10 < ply5.nodes.unwrap(), "{r:?}");
}

/// Level buffers far too small: every level is built range by range
/// through the staging buffer and in parts by hash, and the counts stay
/// exact; the levels say how they were split.
#[test]
fn tiny_levels_split_into_parts_and_ranges_and_stay_exact() {
    for (fen, depth, cap) in [(START, 5, 3_000), (KNIGHTS, 6, 400), (KIWIPETE, 4, 1_000)] {
        let p = pos(fen);
        let o = tiny_levels(cap);
        let r = run(&p, depth, &o);
        assert_eq!(r.nodes, perft(&p, depth), "{fen}: {r:?}");
        assert!(r.levels.iter().any(|s| s.max_parts > 1), "{fen}: {r:?}");
        assert!(r.levels.iter().any(|s| s.ranges > s.parts), "{fen}: {r:?}");
    }
}

/// The level the fused leaf reads, when it would start in more than
/// `SOFTWARE_LEAF_LEVEL_MAX_PARTS` (8) parts on SwiftShader, is not built:
/// its parent's children are counted where they are staged, each times
/// its paths; the count stays exact and the level says so (ranges, no
/// parts, no distinct count).
#[test]
fn a_leaf_level_of_many_parts_is_counted_unmerged() {
    for (fen, depth, cap) in [(START, 5, 500), (KIWIPETE, 5, 2_000)] {
        let p = pos(fen);
        let o = tiny_levels(cap);
        let r = run(&p, depth, &o);
        assert_eq!(r.nodes, perft(&p, depth), "{fen} {depth}: {r:?}");
        let staged = &r.levels[depth as usize - 2];
        assert!(staged.ranges > 0, "{r:?}");
        assert_eq!((staged.parts, staged.distinct), (0, None), "{r:?}");
        assert_eq!(staged.hash_hits, None, "no table unless asked: {r:?}");
        let parent = &r.levels[depth as usize - 3];
        assert!(parent.distinct.is_some() || parent.ply == 0, "{r:?}");
    }
    // with room, the same level is built and merged
    let r = run(&pos(START), 5, &merged());
    assert_eq!(r.levels[3].distinct, Some(5_362), "{r:?}");
}

/// A level 0 built by hand: one position twice, each with 2^32 - 1 paths,
/// and another with 2^33 + 5: the children merge past 2^32 (carry) and the
/// leaves multiply by 64-bit multiplicities.
#[test]
fn multiplicities_past_2_pow_32_are_carried() {
    let a = pos(START);
    let b = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .play(pos(START).legal_moves().as_slice()[0]);
    let b = b.play(b.legal_moves().as_slice()[0]);
    let big = (1u64 << 32) - 1;
    let odd = (1u64 << 33) + 5;
    let frontier = [(pack(&a), big), (pack(&b), odd), (pack(&a), big)];
    for depth in 1..=4 {
        let r = pollster::block_on(gpu().run_weighted(&frontier, depth, &merged())).unwrap();
        let want = 2 * big * perft(&a, depth) + odd * perft(&b, depth);
        assert_eq!(r.nodes, want, "depth {depth}: {r:?}");
        if depth >= 3 {
            // ply 1: a's children, each with 2 (2^32 - 1) paths, and b's
            let paths = 2 * big * perft(&a, 1) + odd * perft(&b, 1);
            assert_eq!(r.levels[1].nodes, Some(paths), "{r:?}");
        }
    }
}

/// Merged and unmerged runs agree; the library's default does not merge
/// (the CLI and the panel do); both report GPU time where timestamps are.
#[test]
fn merged_and_plain_agree() {
    assert!(!Options::default().merge);
    let p = pos(START);
    let plain = run(&p, 5, &Options::default());
    let m = run(&p, 5, &merged());
    assert_eq!(plain.nodes, m.nodes);
    assert!(plain.levels.is_empty());
    assert_eq!(m.levels.last().and_then(|s| s.nodes), Some(4_865_609));
    assert_eq!(plain.kernel_nanos.is_some(), m.kernel_nanos.is_some());
    if let Some(ns) = m.kernel_nanos {
        let levels: u64 = m.levels.iter().filter_map(|s| s.nanos).sum();
        assert_eq!(levels, ns, "each pass's time goes to one ply: {m:?}");
    }
}

/// Many read-backs (tiny levels, one per range): the GPU time is still
/// reported, the passes' timestamps read back with the block sums as the
/// run goes (a run of more passes than the timer holds kept none before).
#[test]
fn kernel_time_at_every_depth() {
    let p = pos(START);
    for (merge, depth, want) in [(false, 6, 119_060_324), (true, 5, 4_865_609)] {
        let o = Options {
            merge,
            split_depth: Some(0),
            level_cap: Some(600),
            move_bound: Some(0),
            workgroup_size: 16,
            ..Options::default()
        };
        let r = run(&p, depth, &o);
        assert_eq!(r.nodes, want);
        if gpu().report().timestamp_query {
            assert!(r.readbacks > 8, "{r:?}");
            assert!(r.kernel_nanos.is_some_and(|n| n > 0), "{r:?}");
        }
    }
}

/// A table with merging serves only a leaf level counted unmerged (a
/// merged level is distinct): a run whose levels all merge looks nothing
/// up; without merging the same table is the fused leaf's.
#[test]
fn a_table_with_merging_is_only_the_unmerged_leaf_levels() {
    let p = pos(START);
    let o = Options {
        hash_bytes: 1 << 20,
        leaf_table: true,
        ..merged()
    };
    // every level merged: nothing is looked up
    let r = run(&p, 4, &o);
    assert_eq!(r.nodes, 197_281);
    assert_eq!(r.hash_hits + r.hash_misses, 0, "{r:?}");
    assert!(r.levels.iter().all(|s| s.hash_hits.is_none()), "{r:?}");
    let plain = Options { merge: false, ..o };
    let r = run(&p, 4, &plain);
    assert_eq!(r.nodes, 197_281);
    assert!(r.hash_hits + r.hash_misses > 0, "{r:?}");
}

/// A level more distinct than its first guess of parts allows (ply 2 of
/// the start position: 400 children, all distinct, 352 a level): it
/// overflows, is built again in two halves, and the count stays exact.
#[test]
fn an_overflowing_level_is_built_again_in_halves() {
    let o = tiny_levels(352);
    let r = run(&pos(START), 4, &o);
    assert_eq!(r.nodes, 197_281, "{r:?}");
    assert_eq!((r.levels[2].parts, r.levels[2].max_parts), (2, 2), "{r:?}");
    assert_eq!(r.levels[2].distinct, Some(400), "{r:?}");
}

/// Every slider method merges: the merge passes share one WGSL module with
/// the magic sliders' table (the e2e once found their bindings clashing).
#[test]
fn every_slider_method_merges() {
    let kiwipete = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for slider in [
        AttackMethod::KoggeStone,
        AttackMethod::Magic,
        AttackMethod::Hyperbola,
    ] {
        let o = Options { slider, ..merged() };
        assert_eq!(run(&kiwipete, 3, &o).nodes, 97_862, "{slider:?}");
    }
}
