//! Perft suite from `tests/perft_suite.txt` (shakmaty-style data file).
#![cfg(not(target_arch = "wasm32"))]

use bitscope::chess::fen::Setup;
use bitscope::chess::perft::{divide, perft, perft_reference};
use bitscope::chess::Position;
use bitscope::gpu::packed::{pack, unpack};

struct Case {
    id: String,
    fen: String,
    /// (depth, nodes)
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    let text = include_str!("perft_suite.txt");
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(Case {
                id: rest.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => cases.last_mut().expect("epd before id").fen = rest.to_string(),
            "perft" => {
                let mut it = rest
                    .split_whitespace()
                    .map(|x| x.parse::<u64>().expect("number"));
                let (d, c) = (it.next().unwrap(), it.next().unwrap());
                cases
                    .last_mut()
                    .expect("perft before id")
                    .counts
                    .push((d as u32, c));
            }
            _ => panic!("perft_suite.txt line {}: unknown key {key}", n + 1),
        }
    }
    cases
}

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

#[test]
fn reference_perft_agrees() {
    // Slow make/unmake perft without bulk counting vs. the fast one.
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
