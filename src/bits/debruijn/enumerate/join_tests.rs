//! Tests of the meet-in-the-middle enumeration (`join.rs`).

use super::*;

#[test]
#[cfg_attr(debug_assertions, ignore = "64-bit enumeration: run with --release")]
fn count_64_by_computation() {
    let c = count(64).unwrap();
    assert_eq!(c.multipliers, 134_217_728);
    assert_eq!(c.sequences, 67_108_864);
    assert_eq!(c.even, c.odd);
}

#[test]
fn search_stats_add_up_and_do_not_depend_on_the_split() {
    for w in [8u32, 16, 32] {
        let mut calls = Vec::new();
        let e = FastEnumerator::new_observed(w, |done, total, s| {
            calls.push((done, total, *s));
            true
        })
        .unwrap();
        let s = e.stats();
        assert_eq!(s.leaves, e.half_sequences() as u64, "{w}");
        assert!(s.cut_repeat > 0 && s.cuts() == s.cut_repeat + s.cut_cycle);
        // progress only grows and ends at the whole tree
        assert!(calls
            .windows(2)
            .all(|p| p[0].0 < p[1].0 && p[0].2.leaves <= p[1].2.leaves));
        let &(done, total, last) = calls.last().unwrap();
        assert_eq!((done, last), (total, s));
        #[cfg(not(target_arch = "wasm32"))]
        assert_eq!(FastEnumerator::new_threaded(w, 3).unwrap().stats(), s);
    }
    // 8 bits by hand: after the 2 zeros, 4 edge bits with new 3-bit
    // windows. Level 1: 0 (000), 1 (001). Level 2: 00 cut (000 again),
    // 01, 10, 11. Level 3: all six new. Level 4: 1001 (001), 1010 (010)
    // and 1111 (111) cut, 9 kept. No exit cycle at the 2-level tops.
    let s = FastEnumerator::new(8).unwrap().stats();
    assert_eq!(
        s,
        SearchStats {
            leaves: 9,
            cut_repeat: 4,
            cut_cycle: 0
        }
    );
    let stopped = FastEnumerator::new_observed(64, |_, _, _| false);
    assert!(matches!(stopped, Err(DebruijnError::Cancelled)));
}

#[test]
fn shares_add_up_to_every_magic() {
    for (w, parts) in [(32u32, 1usize), (64, 3)] {
        let (mut all, mut odd, mut leaves) = (0u64, 0u64, 0u64);
        for part in 0..parts {
            let e = FastEnumerator::new_part(w, part, parts, |_, _, _| true).unwrap();
            leaves += e.stats().leaves;
            for k in e.my_chunks().collect::<Vec<_>>() {
                let (o, v) = e.count_chunk(k).unwrap();
                odd += o;
                all += o + v;
            }
        }
        let c = count(w).unwrap();
        assert_eq!((all, odd), (c.multipliers, c.odd), "{w} bits in {parts}");
        assert_eq!(leaves, FastEnumerator::new(w).unwrap().stats().leaves);
    }
    assert!(
        FastEnumerator::new_part(32, 0, 2, |_, _, _| true).is_err(),
        "one chunk: no shares"
    );
    assert!(FastEnumerator::new_part(64, 3, 3, |_, _, _| true).is_err());
}

#[test]
fn join_counts_and_visits_agree() {
    for w in [8u32, 16, 32] {
        let e = FastEnumerator::new(w).unwrap();
        let (mut visited, mut odd) = (0u64, 0u64);
        for k in 0..e.chunks() {
            e.run_chunk(k, |m| {
                visited += 1;
                odd += m & 1;
            })
            .unwrap();
        }
        let c = count(w).unwrap();
        assert_eq!((c.multipliers, c.odd), (visited, odd), "{w}");
        assert!(matches!(
            e.run_chunk(e.chunks(), |_| {}),
            Err(DebruijnError::BadChunk { .. })
        ));
    }
}

#[test]
#[cfg(not(target_arch = "wasm32"))]
fn threads_find_the_same_magics() {
    for w in [16u32, 32] {
        let mut one = Vec::new();
        enumerate_fast(w, |m| one.push(m)).unwrap();
        one.sort_unstable();
        let e = FastEnumerator::new_threaded(w, 3).unwrap();
        let lists = e.run_threaded(2, |acc: &mut Vec<u64>, m| acc.push(m), |_, _| {});
        let mut all: Vec<u64> = lists.into_iter().flatten().collect();
        all.sort_unstable();
        assert_eq!(all, one, "{w}");
    }
}

#[test]
#[cfg(not(target_arch = "wasm32"))]
#[cfg_attr(debug_assertions, ignore = "64-bit enumeration: run with --release")]
fn threaded_64_bit_visits_every_magic() {
    let e = FastEnumerator::new_threaded(64, 2).unwrap();
    let sums = e.run_threaded(
        2,
        |acc: &mut (u64, u64), m| {
            acc.0 += 1;
            acc.1 += m & 1;
        },
        |_, _| {},
    );
    let (all, odd) = sums.iter().fold((0, 0), |s, a| (s.0 + a.0, s.1 + a.1));
    assert_eq!((all, odd), (134_217_728, 67_108_864));
}

#[test]
fn exit_cycles_are_found() {
    // n = 3: 4 nodes; node v has edges (windows) 2v and 2v + 1, edge w
    // leads to node w mod 4. All used but one edge: no cycle.
    assert!(!has_exit_cycle(0xFF & !(1 << 3), 4)); // 1 -> 3, 3 is done
    assert!(!has_exit_cycle(0xFF & !(1 << 4), 4)); // 2 -> 0, the root
                                                   // node 1 must leave by edge 2 (to node 2), node 2 by edge 5 (to 1)
    assert!(has_exit_cycle(0xFF & !(1 << 2) & !(1 << 5), 4));
    assert_eq!(even_bits(0b0101), 0b11);
    assert_eq!(even_bits(0b1010), 0);
}
