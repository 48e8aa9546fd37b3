//! Perft suite from `tests/perft_suite.txt` (shakmaty-style data file).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::suite::perft_suite as suite;

use bitscope::chess::fen::Setup;
use bitscope::chess::parallel::{divide_parallel, perft_parallel};
use bitscope::chess::perft::{divide, perft, perft_reference};
use bitscope::chess::Position;
use bitscope::gpu::packed::{pack, unpack};

fn run(filter: impl Fn(u64) -> bool) -> usize {
    let mut ran = 0;
    for case in suite() {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, nodes) in &case.counts {
            if !filter(nodes) {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "{} depth {depth}", case.id);
            ran += 1;
        }
    }
    ran
}

const SHALLOW_LIMIT: u64 = 2_000_000;

#[test]
fn perft_suite_shallow() {
    assert!(run(|n| n <= SHALLOW_LIMIT) > 30);
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn perft_suite_deep() {
    assert!(run(|n| n > SHALLOW_LIMIT) > 10);
}

/// Every count of the suite again on 2 and 3 threads (the split goes one ply
/// deeper where the root has few moves), and divide's rows unchanged.
#[test]
fn threads_agree_on_the_suite() {
    let limit = if cfg!(debug_assertions) {
        SHALLOW_LIMIT
    } else {
        200_000_000
    };
    let mut ran = 0;
    for case in suite() {
        let pos = Position::from_fen(&case.fen).unwrap();
        for &(depth, nodes) in case.counts.iter().filter(|c| c.1 <= limit) {
            for threads in [2, 3] {
                assert_eq!(
                    perft_parallel(&pos, depth, threads),
                    nodes,
                    "{} depth {depth}",
                    case.id
                );
            }
            ran += 1;
        }
        let rows = divide_parallel(&pos, 3, 2, |_| std::ops::ControlFlow::Continue(()));
        assert_eq!(rows.unwrap(), divide(&pos, 3), "{}", case.id);
    }
    assert!(ran > 30);
}

#[test]
fn suite_fens_round_trip() {
    for case in suite() {
        let setup = Setup::from_fen(&case.fen).unwrap();
        if case.fen.split_whitespace().count() == 6 {
            assert_eq!(setup.to_fen(), case.fen, "{}", case.id);
        } else {
            assert!(setup.to_fen().starts_with(&case.fen), "{}", case.id);
        }
        assert_eq!(unpack(&pack(&setup.position)), setup.position);
    }
}

/// The slow make/unmake perft without bulk counting against the fast one.
/// Both use the same move generator, so this checks the bulk counting and
/// make/unmake only; the generator itself is checked by the known counts
/// above and by Stockfish (tests/native/stockfish.rs).
#[test]
fn bulk_counting_agrees_with_full_make_unmake() {
    for case in suite() {
        let pos = Position::from_fen(&case.fen).unwrap();
        let depth = if cfg!(debug_assertions) { 2 } else { 3 };
        assert_eq!(
            perft_reference(&pos, depth),
            perft(&pos, depth),
            "{}",
            case.id
        );
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
            .unwrap();
    let d = divide(&pos, 3);
    assert_eq!(d.len(), 48);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 97862);
}

/// Progress rises one root move at a time up to the total, and a stop in the
/// middle (after the 20th of Kiwipete's 48 root moves) returns exactly the
/// finished moves with their true counts.
#[test]
fn divide_progress_rises_and_cancels_in_the_middle() {
    use bitscope::chess::perft::divide_with;
    use std::ops::ControlFlow;
    let pos = Position::from_fen(bitscope::chess::CPW_POSITIONS[1].1).unwrap();
    let full = divide(&pos, 3);
    let mut seen = Vec::new();
    let done = divide_with(&pos, 3, |p| {
        seen.push((p.index, p.total, p.nodes_so_far));
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(done, full);
    assert_eq!(seen.len(), 48);
    assert!(seen.iter().enumerate().all(|(i, s)| s.0 == i && s.1 == 48));
    assert!(
        seen.windows(2).all(|w| w[0].2 < w[1].2),
        "progress must rise"
    );
    assert_eq!(seen.last().unwrap().2, 97862);

    let stopped = divide_with(&pos, 3, |p| {
        if p.index == 19 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .unwrap_err();
    assert_eq!(stopped.partial, full[..20].to_vec());
}

/// A stop raised while a deep count runs ends it early with `None` (start
/// position depth 8 would take minutes; the flag is set from another thread
/// once the count has started).
#[test]
fn perft_stops_in_the_middle_of_a_deep_count() {
    use bitscope::chess::perft::perft_cancellable;
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let result = std::thread::scope(|s| {
        let counting = s.spawn(|| perft_cancellable(&Position::startpos(), 8, &stop));
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert!(!counting.is_finished(), "depth 8 cannot be done in 0.2 s");
        stop.store(true, Ordering::Relaxed);
        counting.join().unwrap()
    });
    assert_eq!(result, None);
}
