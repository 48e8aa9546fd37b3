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
#[cfg_attr(debug_assertions, ignore = "64-bit enumeration: run with --release")]
fn shares_add_up_to_every_magic() {
    let whole = |w| FastEnumerator::new(w).unwrap().stats();
    // 2 and 8 split the tree walk by classes, 3 only the chunks, 6 both
    for (w, parts) in [(32u32, 1usize), (64, 2), (64, 3), (64, 6), (64, 8)] {
        let (mut all, mut odd) = (0u64, 0u64);
        let mut stats = SearchStats::default();
        let mut joined = vec![0usize; FastEnumerator::chunk_count(w)];
        for part in 0..parts {
            let e = FastEnumerator::new_part(w, part, parts, |_, _, _| true).unwrap();
            stats.add(&e.stats());
            assert_eq!(e.stats().leaves, e.half_sequences() as u64);
            let mine: Vec<usize> = e.my_chunks().collect();
            assert_eq!(
                mine.len(),
                FastEnumerator::share_chunks(w, part, parts).unwrap()
            );
            let mut sc = JoinScratch::default();
            for &k in &mine {
                joined[k] += 1;
                let (o, v) = e.count_chunk(k).unwrap();
                let visited = e.run_chunk_in(k, &mut sc, |_| {}).unwrap();
                assert_eq!(visited, o + v);
                odd += o;
                all += o + v;
            }
        }
        let c = count(w).unwrap();
        assert_eq!((all, odd), (c.multipliers, c.odd), "{w} bits in {parts}");
        // every leaf kept once and every cut counted once, over the shares
        assert_eq!(stats, whole(w), "{w} bits in {parts}");
        // each chunk is joined by the shares of every class
        let classes = 1usize << parts.trailing_zeros().min(3);
        assert!(joined.iter().all(|&j| j == classes), "{parts}");
    }
    assert!(
        FastEnumerator::new_part(32, 0, 2, |_, _, _| true).is_err(),
        "one chunk: no shares"
    );
    assert!(FastEnumerator::new_part(64, 3, 3, |_, _, _| true).is_err());
}

#[test]
#[cfg_attr(debug_assertions, ignore = "64-bit enumeration: run with --release")]
fn two_shares_walk_less_than_the_whole_tree() {
    // the share of 2 keeps half the leaves, and its cuts are its own
    let whole = FastEnumerator::new(64).unwrap().stats();
    let half = FastEnumerator::new_part(64, 1, 2, |_, _, _| true).unwrap();
    let s = half.stats();
    assert!(s.leaves > whole.leaves / 3 && s.leaves < whole.leaves * 2 / 3);
    assert!(s.cuts() < whole.cuts());
    assert_eq!(FastEnumerator::share_chunks(64, 1, 2).unwrap(), 1024);
    assert_eq!(FastEnumerator::share_chunks(64, 2, 3).unwrap(), 341);
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
