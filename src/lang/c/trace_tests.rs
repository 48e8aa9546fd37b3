//! The trace says what C does: each implicit conversion a step of its own
//! (types, bits before and after, the rule), declarations with their
//! values, `i++` with old and new, loop tests with the iteration they
//! decide, and a run that stops keeping the steps before it.

use super::trace::CStep;
use super::types::{Scalar, Why};
use super::{ErrorKind, Program, RunOptions, Value};

fn steps(src: &str, args: &[i64]) -> Vec<CStep> {
    let p = Program::parse(src).unwrap();
    let f = p.functions().last().unwrap().clone();
    let args: Vec<Value> = f
        .params
        .iter()
        .zip(args)
        .map(|((_, t), &a)| Value::new(*t, a.into()))
        .collect();
    let opts = RunOptions {
        trace: true,
        ..RunOptions::default()
    };
    p.run_values(&f.name, &args, &opts).unwrap().steps
}

/// Every conversion of the run: (operand, why, from, to, before bits, after bits, changes).
fn conversions(steps: &[CStep]) -> Vec<(String, Why, Scalar, Scalar, u64, u64, bool)> {
    steps
        .iter()
        .flat_map(|s| &s.exprs)
        .filter_map(|e| {
            let c = e.conversion.as_ref()?;
            Some((
                e.text.clone(),
                c.why,
                c.before.ty,
                e.value.ty,
                c.before.bits,
                e.value.bits,
                c.changes,
            ))
        })
        .collect()
}

#[test]
fn a_mixed_compare_shows_the_int_becoming_unsigned() {
    let s = steps(
        "int mixed_lt(int a, unsigned b) { return a < b; }",
        &[-1, 1],
    );
    assert_eq!(
        conversions(&s),
        [(
            "a".into(),
            Why::Arithmetic,
            Scalar::Int,
            Scalar::UInt,
            0xffff_ffff,
            0xffff_ffff,
            true
        )]
    );
    let c = s[0]
        .exprs
        .iter()
        .find_map(|e| e.conversion.as_ref())
        .unwrap();
    assert_eq!(
        c.rule,
        "-1 converted to unsigned int: the same 32 bits, now read as 4294967295"
    );
    assert_eq!(c.within, "a < b");
    assert_eq!(s[0].value.unwrap().get(), 0);
}

#[test]
fn a_short_initialised_from_an_int_sum_is_narrowed_visibly() {
    let s = steps(
        "int f(int a, int b) { short c = a + b; return c; }",
        &[30000, 30000],
    );
    assert_eq!(
        conversions(&s),
        [
            (
                "a + b".into(),
                Why::Initialisation,
                Scalar::Int,
                Scalar::Short,
                60000,
                0xea60,
                true
            ),
            (
                "c".into(),
                Why::Return,
                Scalar::Short,
                Scalar::Int,
                0xea60,
                0xffff_ea60,
                false
            ),
        ]
    );
    assert_eq!(
        s[0].value.map(Value::get),
        Some(-5536),
        "the declaration shows its value"
    );
}

#[test]
fn promotions_of_small_types_are_steps_that_keep_the_value() {
    let s = steps(
        "int avg(unsigned char a, unsigned char b) { return (a + b) >> 1; }",
        &[200, 100],
    );
    let c = conversions(&s);
    assert_eq!(c.len(), 2);
    assert!(c
        .iter()
        .all(|c| c.1 == Why::Promotion && (c.2, c.3) == (Scalar::UChar, Scalar::Int) && !c.6));
    // a plain int expression converts nothing
    assert!(conversions(&steps("int f(int x) { return x + 1; }", &[5])).is_empty());
    // an argument and an assignment that narrow
    let s = steps(
        "int g(char c) { return c; }\nint f(int x) { unsigned char u; u = x; return g(x); }",
        &[300],
    );
    let whys: Vec<(Why, Scalar, Scalar)> =
        conversions(&s).iter().map(|c| (c.1, c.2, c.3)).collect();
    assert!(
        whys.contains(&(Why::Assignment, Scalar::Int, Scalar::UChar)),
        "{whys:?}"
    );
    assert!(
        whys.contains(&(Why::Argument, Scalar::Int, Scalar::Char)),
        "{whys:?}"
    );
}

#[test]
fn declarations_increments_and_loop_tests_say_their_values() {
    let s = steps(
        "int f(int n) { int i = 0; int s = 0; for (i = 0; i < n; i++) s += i; return s; }",
        &[2],
    );
    let texts: Vec<(&str, Option<i128>, Option<&str>)> = s
        .iter()
        .map(|s| (s.text.as_str(), s.value.map(Value::get), s.note.as_deref()))
        .collect();
    assert_eq!(texts[0], ("int i = 0;", Some(0), None));
    let incs: Vec<_> = texts.iter().filter(|t| t.0 == "i++").collect();
    assert_eq!(incs[0].2, Some("i: 0 → 1, the expression's value 0"));
    assert_eq!(incs[1].2, Some("i: 1 → 2, the expression's value 1"));
    let tests: Vec<_> = texts
        .iter()
        .filter(|t| t.0.starts_with("for"))
        .map(|t| t.2.unwrap())
        .collect();
    assert_eq!(
        tests,
        [
            "test before iteration 1: true",
            "test before iteration 2: true",
            "test before iteration 3: false, the loop ends"
        ]
    );
}

#[test]
fn a_run_that_stops_keeps_the_steps_before_it() {
    let p = Program::parse(
        "int f(unsigned x)\n{\n    int n = 1;\n    n = __builtin_ctz(x);\n    return n;\n}",
    )
    .unwrap();
    let opts = RunOptions {
        trace: true,
        ..RunOptions::default()
    };
    let (e, before) = p
        .run_until_error("f", &[Value::new(Scalar::UInt, 0)], &opts)
        .unwrap_err();
    assert_eq!((e.kind, e.line), (ErrorKind::Undefined, 4));
    assert_eq!(before.len(), 1);
    assert_eq!(before[0].text, "int n = 1;");
}
