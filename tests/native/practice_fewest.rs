//! Practice's "the fewest possible" (issue 54): the search's specification
//! computes each exercise's reference exactly (the C translation against
//! the Lab's evaluator), and every count Practice calls proven is proven
//! again here by the search ([`bitscope::practice::fewest`]).

use bitscope::bits::trace::Outcome;
use bitscope::bits::word::mask;
use bitscope::lang::expr::{evaluate_tree, parse, Vars};
use bitscope::practice::fewest::{compare_text, prove_fewest, search_spec, Finding, PROVEN};
use bitscope::practice::{exercise, exercises};
use bitscope::synth::SynthSpec;

/// The Lab's value of `src` at `width` on x, y, z (`None`: no value).
fn lab_value(src: &str, width: u32, args: &[u64]) -> Option<u64> {
    let tree = parse(src, width).ok()?;
    let get = |k: usize| args.get(k).copied().unwrap_or(0);
    let vars = Vars {
        x: get(0),
        y: get(1),
        z: get(2),
    };
    match evaluate_tree(src, &tree, width, vars).ok()?.result {
        Outcome::Word(w) => Some(w.bits),
        _ => None,
    }
}

#[test]
fn each_specification_is_the_reference_at_its_width() {
    let mut checked = 0;
    for ex in exercises() {
        let Ok(spec) = search_spec(ex) else { continue };
        let synth = SynthSpec::parse(&spec.c_source, None)
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", ex.id, spec.c_source));
        if ex.c_signature.is_some() {
            continue; // the reference is that C itself
        }
        let n = synth.params.len();
        let m = mask(spec.width);
        // every input at 8 bits (two variables: every pair), else a sample
        let inputs: Vec<Vec<u64>> = if spec.width == 8 && n <= 2 {
            (0..1u64 << (8 * n))
                .map(|k| (0..n).map(|i| (k >> (8 * i)) & 0xff).collect())
                .collect()
        } else {
            let mut r = 0x9E37_79B9_7F4A_7C15u64;
            (0..3000)
                .map(|_| {
                    (0..n)
                        .map(|_| {
                            r ^= r << 13;
                            r ^= r >> 7;
                            r ^= r << 17;
                            r & m
                        })
                        .collect()
                })
                .collect()
        };
        for args in &inputs {
            let lab = lab_value(ex.reference, spec.width, args);
            assert_eq!(
                synth.value(args),
                lab,
                "{} at {args:x?}\n{}",
                ex.id,
                spec.c_source
            );
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} exercises have a search");
}

#[test]
fn each_proven_count_is_proven_again() {
    assert!(!PROVEN.is_empty());
    for id in PROVEN {
        let ex = exercise(id).unwrap_or_else(|| panic!("{id} is not an exercise"));
        assert_eq!(prove_fewest(ex, 60.0), Finding::Proven, "{id}");
    }
}

#[test]
fn an_exercise_with_division_is_not_searched() {
    let ex = exercises()
        .into_iter()
        .find(|e| e.operators.contains(&"/"))
        .expect("an exercise with /");
    assert!(matches!(prove_fewest(ex, 1.0), Finding::NotSearched(w) if w.contains('/')));
}

#[test]
fn the_verdict_says_proven_only_where_it_is() {
    let proven = exercise(PROVEN[0]).unwrap();
    assert_eq!(
        compare_text(proven, proven.best_ops),
        "as few as possible (proven: none is shorter)"
    );
    assert_eq!(
        compare_text(proven, proven.best_ops + 2),
        format!("the fewest possible is {}", proven.best_ops)
    );
    let open = exercises()
        .into_iter()
        .find(|e| !PROVEN.contains(&e.id))
        .unwrap();
    assert_eq!(
        compare_text(open, open.best_ops + 1),
        format!("the best known uses {}", open.best_ops)
    );
}
