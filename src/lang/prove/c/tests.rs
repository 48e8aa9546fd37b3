use super::*;
use crate::lang::c::examples::{POP_KERNIGHAN, POP_LOOP, POP_SWAR};
use crate::lang::prove::NoControl;

fn prove_src(a: &str, b: &str) -> Verdict {
    let (pa, pb) = (Program::parse(a).unwrap(), Program::parse(b).unwrap());
    prove_entries(&pa, &pb, &Options::default(), &mut NoControl).unwrap()
}

#[test]
fn popcounts_are_proven_equal() {
    let v = prove_src(POP_SWAR, POP_LOOP);
    assert_eq!((v.equal, v.method), (Some(true), Method::Bdd), "{v:?}");
    let v = prove_src(POP_KERNIGHAN, POP_LOOP);
    assert_eq!((v.equal, v.method), (Some(true), Method::Bdd), "{v:?}");
}

#[test]
fn a_mutant_is_refuted_with_a_checked_counterexample() {
    let v = prove_src(
        &POP_SWAR.replace("0x33333333) +", "0x33333332) +"),
        POP_LOOP,
    );
    assert_eq!(v.equal, Some(false));
    let c = v.counterexample.unwrap();
    assert_eq!(c.kind, "value");
    assert_ne!(c.left, c.right);
}

#[test]
fn undefined_on_one_side_is_a_counterexample() {
    let v = prove_src(
        "int f(int x, int n) { return x >> (n & 31); }",
        "int f(int x, int n) { return x >> n; }",
    );
    assert_eq!(v.equal, Some(false));
    assert_eq!(v.counterexample.unwrap().kind, "undefined");
    // the arithmetic-shift abs, for an int
    let v = prove_src(
        "int f(int x) { return (x ^ (x >> 31)) - (x >> 31); }",
        "int f(int x) { return x < 0 ? -x : x; }",
    );
    assert_eq!(v.equal, Some(true), "{v:?}");
}

#[test]
fn narrow_inputs_are_tried_one_by_one() {
    // 8 bits: every input at once
    let v = prove_src(
        "int f(uint8_t a) { return (a * 3) >> 1; }",
        "int f(uint8_t a) { return a + (a >> 1); }",
    );
    assert_eq!(
        (v.equal, v.method, v.agreeing),
        (Some(true), Method::Exhaustive, 256)
    );
    // 16 bits: the diagram first, faster than 65,536 runs
    let v = prove_src(
        "int f(uint8_t a, uint8_t b) { return (a + b) >> 1; }",
        "int f(uint8_t a, uint8_t b) { return (a & b) + ((a ^ b) >> 1); }",
    );
    assert_eq!((v.equal, v.method), (Some(true), Method::Bdd));
    let v = prove_src(
        "uint8_t f(uint8_t a, uint8_t b) { return (uint8_t)(a + b) >> 1; }",
        "int f(uint8_t a, uint8_t b) { return (a & b) + ((a ^ b) >> 1); }",
    );
    assert_eq!(v.equal, Some(false));
}

#[test]
fn tables_and_calls_are_blasted() {
    let table = "static const int T[32] = {0, 9, 1, 10, 13, 21, 2, 29, 11, 14, 16, 18, 22, 25, 3, 30, 8, 12, 20, 28, 15, 17, 24, 7, 19, 27, 23, 6, 26, 5, 4, 31};
static unsigned smear(unsigned v) { v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16; return v; }
int lg(unsigned v) { return T[(unsigned)(smear(v) * 0x07C4ACDDU) >> 27]; }";
    let plain = "int lg(unsigned v) { int r = 0; while (v >>= 1) r++; return r; }";
    let v = prove_src(table, plain);
    assert_eq!((v.equal, v.method), (Some(true), Method::Bdd), "{v:?}");
}

/// Out of time from the first check after the first sampling on.
struct SpentInSat(bool);

impl Control for SpentInSat {
    fn check(&mut self, p: Progress) -> Flow {
        self.0 |= p.phase != Phase::Sampling;
        if self.0 {
            Flow::OutOfTime
        } else {
            Flow::Continue
        }
    }
}

#[test]
fn a_spent_budget_answers_with_the_inputs_already_tried() {
    // the budget runs out in the solver: the answer comes from the 4096
    // inputs sampled before it, never from a million more past the budget
    // (7's magic with the add fix-up: no floor form, hard for the solver)
    let a = Program::parse(
        "unsigned d(unsigned x) { unsigned t = (unsigned)(((unsigned long long)x * 0x24924925ull) >> 32); return (((x - t) >> 1) + t) >> 2; }",
    )
    .unwrap();
    let b = Program::parse("unsigned e(unsigned x) { return x / 7; }").unwrap();
    let opts = Options {
        samples: 1 << 20,
        ..Options::default()
    };
    let v = prove_entries(&a, &b, &opts, &mut SpentInSat(false)).unwrap();
    assert_eq!(
        (v.equal, v.method, v.agreeing),
        (None, Method::Sampled, 4096),
        "{v:?}"
    );
    assert!(v.not_proven.unwrap().contains("the time budget is spent"));
}
