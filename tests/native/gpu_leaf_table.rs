//! The merged walk's leaf level counted unmerged through a table of
//! two-ply counts (issue 56; [`Options::leaf_table`],
//! [`Options::leaf_parts`]): each child of the level's parent looked up
//! once, the level's transpositions found there, and exact counts with
//! tables so small that most lookups land on an entry another position
//! holds (collisions, replaced). Needs a Vulkan adapter (SwiftShader in
//! `make test`); a missing one FAILS these tests.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gpu::gpu;
use crate::common::rng::{random_walk, Rng};
use crate::common::suite::perft_suite;

use bitscope::chess::{perft, Position};
use bitscope::gpu::breadth_first::merge::merged_frontier;
use bitscope::gpu::packed::unpack;
use bitscope::gpu::{GpuRun, Options};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Only knights and kings: most paths meet again.
const KNIGHTS: &str = "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1";

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("FEN parses")
}

/// Merged, the CPU playing `split` plies, the leaf level always counted
/// unmerged through a table of `bytes` (0: sized from the level).
fn unmerged_leaves(bytes: u64, split: u32) -> Options {
    Options {
        merge: true,
        split_depth: Some(split),
        leaf_parts: Some(0),
        leaf_table: true,
        hash_bytes: bytes,
        ..Options::default()
    }
}

fn run(p: &Position, depth: u32, o: &Options) -> GpuRun {
    gpu().run_blocking(p, depth, o, |_, _| true).unwrap()
}

/// The children of the distinct positions `ply` plies below `p`: the
/// lookups of the level below them, counted unmerged.
fn children_of_distinct(p: &Position, ply: u32) -> u64 {
    let (level, _) = merged_frontier(p, ply);
    level
        .iter()
        .map(|(w, _)| unpack(w).legal_moves().as_slice().len() as u64)
        .sum()
}

/// Start 6, the CPU to ply 2: ply 3 is built (5,362 distinct positions)
/// and ply 4 counted unmerged. Each child of a distinct ply-3 position is
/// looked up once; each of the 72,078 distinct ply-4 positions is missed
/// at least once, and a quarter of the lookups or more find their count.
/// Only ply 4 says so; without the table the count is the same, with no
/// lookups.
#[test]
fn start_6_looks_each_child_up_once_and_finds_the_transpositions() {
    let p = pos(START);
    let r = run(&p, 6, &unmerged_leaves(0, 2));
    assert_eq!(r.nodes, 119_060_324, "{r:?}");
    let ply4 = &r.levels[4];
    let (hits, misses) = (ply4.hash_hits.unwrap(), ply4.hash_misses.unwrap());
    assert_eq!(hits + misses, children_of_distinct(&p, 3), "{r:?}");
    assert!(misses >= 72_078 && 4 * hits > hits + misses, "{r:?}");
    assert_eq!((r.hash_hits, r.hash_misses), (hits, misses));
    assert!(ply4.hit_rate().is_some_and(|h| h > 0.25), "{r:?}");
    assert_eq!((ply4.parts, ply4.distinct), (0, None), "{r:?}");
    let others = r.levels.iter().filter(|s| s.ply != 4);
    assert!(others.into_iter().all(|s| s.hash_hits.is_none()), "{r:?}");
    let off = Options {
        leaf_table: false,
        ..unmerged_leaves(0, 2)
    };
    let r = run(&p, 5, &off);
    assert_eq!(r.nodes, 4_865_609, "{r:?}");
    assert!(r.levels.iter().all(|s| s.hash_hits.is_none()), "{r:?}");
    assert_eq!(r.hash_hits + r.hash_misses, 0, "{r:?}");
}

/// Tables of 16 and 256 entries: the start position at 5 and knights and
/// kings at 6 (staged at ply 3 and 4, where paths meet), the counts exact
/// and every lookup counted.
#[test]
fn tiny_tables_stay_exact_where_paths_meet() {
    for bytes in [256, 4096] {
        for (fen, depth) in [(START, 5), (KNIGHTS, 6)] {
            let p = pos(fen);
            let r = run(&p, depth, &unmerged_leaves(bytes, 2));
            assert_eq!(r.nodes, perft(&p, depth), "{fen} {depth}: {r:?}");
            let staged = &r.levels[depth as usize - 2];
            let looked_up = staged.hash_hits.unwrap() + staged.hash_misses.unwrap();
            assert_eq!(looked_up, children_of_distinct(&p, depth - 3), "{r:?}");
        }
    }
    let r = run(&pos(KNIGHTS), 6, &unmerged_leaves(4096, 2));
    assert!(r.levels[4].hash_hits.unwrap() > 0, "{r:?}");
}

/// A 16-entry table on the CPW positions at 4 and 24 random positions
/// (random legal walks from the suite) at 3 and 4, every leaf level
/// counted unmerged through it: the CPU's counts.
#[test]
fn tiny_tables_stay_exact_on_the_suite_and_random_positions() {
    let suite = perft_suite();
    for case in &suite[..6] {
        let p = pos(&case.fen);
        let r = run(&p, 4, &unmerged_leaves(256, 1));
        assert_eq!(Some(r.nodes), case.nodes(4), "{}: {r:?}", case.id);
        assert!(r.levels[2].hash_misses.is_some(), "{r:?}");
    }
    let mut rng = Rng::new(0x56_1eaf);
    let starts: Vec<Position> = suite.iter().map(|c| pos(&c.fen)).collect();
    for i in 0..24 {
        let p = random_walk(starts[i % starts.len()], 40, &mut rng);
        let depth = 3 + (i % 2) as u32;
        let r = run(&p, depth, &unmerged_leaves(256, depth - 3));
        assert_eq!(r.nodes, perft(&p, depth), "{} depth {depth}", p.to_fen());
    }
}

/// The warm-up of a run through the table (the GPU panel's, issue 66: the
/// first such run took 2.0 s, 0.009 s of it in kernels) dispatches the
/// table's kernels: its depth-3 run looks its leaf level up in the table.
#[test]
fn the_warm_up_of_a_run_through_the_table_looks_up_the_table() {
    use bitscope::gpu::measure::warm_up_through_table;
    let panel = Options {
        merge: true,
        leaf_table: true,
        leaf_parts: Some(0),
        ..Options::default()
    };
    let r = run(&pos(START), 3, &warm_up_through_table(&panel));
    assert_eq!(r.nodes, 8902);
    let looked_up: u64 = r
        .levels
        .iter()
        .map(|l| l.hash_hits.unwrap_or(0) + l.hash_misses.unwrap_or(0))
        .sum();
    assert!(looked_up > 0, "no lookup in the warm-up: {:?}", r.levels);
}
