//! The data lab's float puzzles (tests/data/datalab_float), their comment
//! blocks as CS:APP hands them out: the set loads with the float rules
//! (`Legal ops: Any integer/unsigned operations…`: every operator, `if`
//! and loops, `unsigned` locals and constants of any value); a student's
//! right answers are proven for every input; three classic mistakes are
//! refuted. gcc judges both: the integer references equal the course's
//! own `float` references (tests.c, through a union) on every exponent's
//! edges and a million random patterns, and each counterexample gives, in
//! gcc, the student's value and the float reference's.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::gcc;
use crate::common::rng::Rng;
use bitscope::lang::prove::c::Outcome;
use bitscope::lang::prove::{Control, NoControl};
use bitscope::practice::grade::{grade, Grade, Status};
use bitscope::practice::sets::parse_set;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/datalab_float/");

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{DIR}{file}")).unwrap()
}

fn graded(student: &str) -> Grade {
    let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
    let set = parse_set(&read("puzzles.c")).unwrap();
    grade(
        &set,
        &read("reference.c"),
        &read(student),
        &bitscope::practice::options(),
        &mut ctl,
    )
    .unwrap()
}

/// The course's references, as CS:APP's tests.c computes them in `float`
/// (x86-64: `(int) f` out of range is 0x80000000).
const TESTS_C: &str = r#"
static float u2f(unsigned u) { union { unsigned u; float f; } a; a.u = u; return a.f; }
static unsigned f2u(float f) { union { unsigned u; float f; } a; a.f = f; return a.u; }
unsigned float_scale2(unsigned uf) { float f = u2f(uf); float tf = 2 * f; if (isnan(f)) return uf; else return f2u(tf); }
int float_float2int(unsigned uf) { float f = u2f(uf); int x = (int) f; return x; }
unsigned float_power2(int x) {
  float result = 1.0, p2 = 2.0;
  int recip = (x < 0);
  if ((unsigned) x == 0x80000000) return 0;
  if (recip) { x = -x; p2 = 0.5; }
  while (x > 0) { if (x & 0x1) result = result * p2; p2 = p2 * p2; x >>= 1; }
  return f2u(result);
}
"#;

#[test]
fn the_float_puzzles_load_with_their_own_rules() {
    let set = parse_set(&read("puzzles.c")).unwrap();
    let names: Vec<&str> = set.puzzles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["floatScale2", "floatFloat2Int", "floatPower2"]);
    for p in &set.puzzles {
        assert!(p.any_integer && p.control, "{}", p.name);
        assert_eq!((p.max_ops, p.rating), (30, 4), "{}", p.name);
        assert!(p.allows("&&") && p.allows("<") && p.allows("*") && p.allows("-x"));
    }
}

#[test]
fn right_answers_are_proven_and_classic_mistakes_refuted() {
    let right = graded("student_correct.c");
    for p in &right.puzzles {
        assert_eq!(
            p.status,
            Status::Correct,
            "{}: {} {:?}",
            p.name,
            p.kind,
            p.reason
        );
    }
    let wrong = graded("student_wrong.c");
    let statuses: Vec<(&str, Status)> = wrong
        .puzzles
        .iter()
        .map(|p| (p.name.as_str(), p.status))
        .collect();
    assert_eq!(
        statuses,
        [
            ("floatScale2", Status::Wrong),
            ("floatFloat2Int", Status::Wrong),
            ("floatPower2", Status::Wrong)
        ]
    );
}

#[test]
fn the_rules_are_the_float_puzzles_rules() {
    let set = parse_set(&read("puzzles.c")).unwrap();
    let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
    let mut answer = |body: &str| {
        let g = grade(
            &set,
            &read("reference.c"),
            &format!("unsigned floatScale2(unsigned uf) {{ {body} }}"),
            &bitscope::practice::options(),
            &mut ctl,
        )
        .unwrap();
        let p = g
            .puzzles
            .into_iter()
            .find(|p| p.name == "floatScale2")
            .unwrap();
        (p.status, p.kind)
    };
    // a constant past unsigned, a cast, a call: each a rule, never a crash
    assert_eq!(answer("return uf + 0x100000000;").1, "constant");
    assert_eq!(answer("return (unsigned)(int)uf;").1, "cast");
    assert_eq!(answer("return floatScale2(uf);").1, "call");
    assert_eq!(answer("long t = uf; return t;").1, "type");
    // unsigned locals and constants over 255 are allowed
    assert_ne!(
        answer("unsigned s = uf & 0x80000000; return s;").1,
        "type",
        "an unsigned local and 0x80000000"
    );
}

/// gcc: the integer references against tests.c's float ones, and each
/// counterexample's two values.
/// Every exponent with edge fractions, both signs, and random patterns.
fn float_patterns() -> Vec<u64> {
    let mut patterns: Vec<u64> = Vec::new();
    for e in 0..256u64 {
        for f in [
            0, 1, 2, 0x3f_ffff, 0x40_0000, 0x40_0001, 0x7f_fffe, 0x7f_ffff,
        ] {
            patterns.extend([e << 23 | f, 1 << 31 | e << 23 | f]);
        }
    }
    let mut rng = Rng::new(0xF10A7);
    patterns.extend((0..1_000_000).map(|_| rng.next_u64() & 0xffff_ffff));
    patterns
}

/// floatPower2's inputs: -1000..=1000 and the edges of its ranges.
fn power2_inputs() -> Vec<u64> {
    (-1000i64..=1000)
        .chain([
            i64::from(i32::MIN),
            i64::from(i32::MAX),
            -150,
            -149,
            -127,
            -126,
            127,
            128,
        ])
        .map(|x| x as u64 & 0xffff_ffff)
        .collect()
}

#[test]
fn gcc_confirms_the_references_and_the_counterexamples() {
    gcc::require();
    let scratch = gcc::Scratch::new("datalab-float");
    let functions = [
        ("float_scale2".to_string(), 1),
        ("test_floatScale2".to_string(), 1),
        ("float_float2int".to_string(), 1),
        ("test_floatFloat2Int".to_string(), 1),
        ("float_power2".to_string(), 1),
        ("test_floatPower2".to_string(), 1),
        ("floatScale2".to_string(), 1),
        ("floatFloat2Int".to_string(), 1),
        ("floatPower2".to_string(), 1),
    ];
    let src = format!(
        "#include <math.h>\n{}\n{TESTS_C}\n{}\n{}\n{}",
        gcc::PRINT,
        read("reference.c"),
        read("student_wrong.c"),
        gcc::dispatch_main(&functions)
    );
    let exe = scratch.compile("datalab", &src);
    let run = |calls: &[(usize, u64)]| -> Vec<u64> {
        let text: String = calls
            .iter()
            .map(|(k, a)| format!("{k:x} {a:x} 0 0\n"))
            .collect();
        gcc::run_exe(&exe, &text)
    };
    let patterns = float_patterns();
    for (float_ref, int_ref) in [(0, 1), (2, 3)] {
        let calls: Vec<(usize, u64)> = patterns
            .iter()
            .flat_map(|&p| [(float_ref, p), (int_ref, p)])
            .collect();
        let out = run(&calls);
        for (k, pair) in out.chunks(2).enumerate() {
            assert_eq!(
                pair[0], pair[1],
                "{}: at {:#x}",
                functions[int_ref].0, patterns[k]
            );
        }
    }
    let ints = power2_inputs();
    let calls: Vec<(usize, u64)> = ints.iter().flat_map(|&x| [(4, x), (5, x)]).collect();
    for (k, pair) in run(&calls).chunks(2).enumerate() {
        assert_eq!(
            pair[0], pair[1],
            "test_floatPower2 at {}",
            ints[k] as u32 as i32
        );
    }
    // each counterexample: gcc's student and gcc's float reference
    for (p, (float_ref, student)) in
        graded("student_wrong.c")
            .puzzles
            .iter()
            .zip([(0, 6), (2, 7), (4, 8)])
    {
        let cx = p
            .counterexample
            .as_ref()
            .unwrap_or_else(|| panic!("{}", p.name));
        let arg = cx.args[0].1.bits;
        let value = |o: &Outcome| match o {
            Outcome::Value(v) => v.extended(),
            other => panic!("{}: {other:?}", p.name),
        };
        let out = run(&[(student, arg), (float_ref, arg)]);
        assert_eq!(
            out,
            [value(&cx.got), value(&cx.expected)],
            "{} at {arg:#x}",
            p.name
        );
        assert_ne!(out[0], out[1], "{}", p.name);
    }
}

/// `(float) x` on the bits: the top one's place, the bits below the 24
/// kept rounded to nearest even.
const INT2FLOAT: &str = "unsigned f(int x) {
  unsigned sign = x & 0x80000000u, a = sign ? -x : x, frac, rest, half;
  int e = 31;
  if (x == 0) return 0;
  while (!(a >> e)) e--;
  if (e <= 23) return sign | (((unsigned)(e + 126) << 23) + (a << (23 - e)));
  frac = a >> (e - 23);
  rest = a & ((1u << (e - 23)) - 1);
  half = 1u << (e - 24);
  if (rest > half || (rest == half && (frac & 1))) frac++;
  return sign | (((unsigned)(e + 126) << 23) + frac);
}";

/// `f / 2` on the bits: the exponent down by one, or the fraction halved
/// (rounded to even) once it is subnormal.
const HALF: &str = "unsigned f(unsigned uf) {
  unsigned sign = uf & 0x80000000u, e = (uf >> 23) & 0xff, m = uf & 0x7fffff;
  if (e == 0xff) return uf;
  if (e > 1) return uf - 0x800000;
  m = m | (e << 23);
  m = (m >> 1) + ((m & 1) & (m >> 1));
  return sign | m;
}";

/// A data lab's tests.c as handed out (float references through a union,
/// a helper per direction, a function of no puzzle) grades without an
/// edit: each right answer is proven (full marks), each classic mistake
/// is refuted at a counterexample that gcc reproduces with the student's
/// code and tests.c's own float code.
#[test]
fn tests_c_as_handed_out_grades_without_edits() {
    gcc::require();
    let tests_c = read("tests.c");
    let set = parse_set(&read("puzzles.c")).unwrap();
    let mut ctl = || Box::new(NoControl) as Box<dyn Control>;
    let mut grade_with = |student: &str| {
        let opts = bitscope::practice::options();
        grade(&set, &tests_c, &read(student), &opts, &mut ctl).unwrap()
    };
    let right = grade_with("student_correct.c");
    for p in &right.puzzles {
        assert_eq!(p.status, Status::Correct, "{}: {}", p.name, p.reason);
        assert!(p.reason.contains("proven"), "{}: {}", p.name, p.reason);
    }
    let wrong = grade_with("student_wrong.c");
    let scratch = gcc::Scratch::new("datalab-tests-c");
    let names = ["floatScale2", "floatFloat2Int", "floatPower2"];
    let mut functions: Vec<(String, usize)> = names.iter().map(|n| (n.to_string(), 1)).collect();
    functions.extend(names.iter().map(|n| (format!("test_{n}"), 1)));
    let src = format!(
        "{}\n{tests_c}\n{}\n{}",
        gcc::PRINT,
        read("student_wrong.c"),
        gcc::dispatch_main(&functions)
    );
    let exe = scratch.compile("tests_c", &src);
    for (k, p) in wrong.puzzles.iter().enumerate() {
        assert_eq!(p.status, Status::Wrong, "{}: {}", p.name, p.reason);
        let cx = p.counterexample.as_ref().expect("a counterexample");
        let arg = cx.args[0].1.bits;
        let value = |o: &Outcome| match o {
            Outcome::Value(v) => v.extended(),
            other => panic!("{}: {other:?}", p.name),
        };
        let out = gcc::run_exe(
            &exe,
            &format!("{k:x} {arg:x} 0 0\n{:x} {arg:x} 0 0\n", k + 3),
        );
        assert_eq!(
            out,
            [value(&cx.got), value(&cx.expected)],
            "{} at {arg:#x}",
            p.name
        );
    }
}

/// The references as tests.c writes them, an integer answer each, and
/// whether they are equal.
fn reference_cases() -> Vec<(&'static str, String, bool)> {
    let cases: [(&str, &str, bool); 12] = [
        (
            "int test_floatIsEqual(unsigned uf, unsigned ug) { return u2f(uf) == u2f(ug); }",
            "int f(unsigned x, unsigned y) { return ((x == y) & ((x << 1) <= 0xff000000)) | (((x | y) << 1) == 0); }",
            true,
        ),
        (
            "int test_floatIsLess(unsigned uf, unsigned ug) { return u2f(uf) < u2f(ug); }",
            "int f(unsigned x, unsigned y) { return ((x << 1) <= 0xff000000) & ((y << 1) <= 0xff000000) & (((x | y) << 1) != 0) & (((x >> 31) > (y >> 31)) | ((((x ^ y) >> 31) == 0) & ((x < y) ^ (x >> 31)) & (x != y))); }",
            true,
        ),
        (
            "unsigned test_floatAbsVal(unsigned uf) { float f = u2f(uf); if (isnan(f)) return uf; return f2u(fabsf(f)); }",
            "unsigned f(unsigned x) { return ((x & 0x7fffffff) > 0x7f800000) ? x : x & 0x7fffffff; }",
            true,
        ),
        (
            "unsigned test_floatNegate(unsigned uf) { float f = u2f(uf); float nf = -f; if (isnan(f)) return uf; return f2u(nf); }",
            "unsigned f(unsigned x) { return x ^ (((x & 0x7fffffff) <= 0x7f800000) << 31); }",
            true,
        ),
        (
            "int test_floatFloat2Int(unsigned uf) { float f = u2f(uf); int x = (int) f; return x; }",
            REFERENCE_C,
            true,
        ),
        (
            "unsigned test_floatScale2(unsigned uf) { float f = u2f(uf); float tf = 2*f; if (isnan(f)) return uf; else return f2u(tf); }",
            REFERENCE_C,
            true,
        ),
        (
            "unsigned test_floatPower2(int x) { float result = 1.0; float p2 = 2.0; int recip = (x < 0); if ((unsigned)x == 0x80000000) return 0; if (recip) { x = -x; p2 = 0.5; } while (x > 0) { if (x & 0x1) result = result * p2; p2 = p2 * p2; x >>= 1; } return f2u(result); }",
            REFERENCE_C,
            true,
        ),
        (
            "unsigned test_floatInt2Float(int x) { float f = (float) x; return f2u(f); }",
            INT2FLOAT,
            true,
        ),
        (
            "unsigned test_floatHalf(unsigned uf) { float f = u2f(uf); if (isnan(f)) return uf; return f2u(f / 2); }",
            HALF,
            true,
        ),
        // planted: 2f past the largest float kept finite
        (
            "unsigned test_floatScale2(unsigned uf) { float f = u2f(uf); float tf = 2*f; if (isnan(f)) return uf; else return f2u(tf); }",
            "unsigned f(unsigned uf) { unsigned e = (uf >> 23) & 0xff; if (e == 0xff) return uf; if (e == 0) return (uf & 0x80000000) | (uf << 1); return uf + 0x800000; }",
            false,
        ),
        // planted: -0 below +0, and a NaN kept negated
        (
            "int test_floatIsLess(unsigned uf, unsigned ug) { return u2f(uf) < u2f(ug); }",
            "int f(unsigned x, unsigned y) { return ((x << 1) <= 0xff000000) & ((y << 1) <= 0xff000000) & (((x >> 31) > (y >> 31)) | ((((x ^ y) >> 31) == 0) & ((x < y) ^ (x >> 31)) & (x != y))); }",
            false,
        ),
        (
            "unsigned test_floatNegate(unsigned uf) { return f2u(-u2f(uf)); }",
            "unsigned f(unsigned x) { return x ^ (((x & 0x7fffffff) <= 0x7f800000) << 31); }",
            false,
        ),
];
    let reference = read("reference.c");
    cases
        .into_iter()
        .map(|(r, a, eq)| {
            (
                r,
                if a == REFERENCE_C {
                    reference.clone()
                } else {
                    a.to_string()
                },
                eq,
            )
        })
        .collect()
}

/// Stands for reference.c's text in [`reference_cases`].
const REFERENCE_C: &str = "reference.c";

/// The circuits take floats, arithmetic and its rounding included: the
/// data lab's references written in `float`, as tests.c writes them, are
/// proven equal to integer answers by the diagram or the solver (not by
/// trying inputs), and planted mistakes are refuted.
#[test]
fn float_references_are_proven_by_the_circuits() {
    use bitscope::lang::c::Program;
    use bitscope::lang::prove::{Method, Options};
    const U2F: &str = "#include <math.h>\nstatic float u2f(unsigned u) { union { unsigned u; float f; } a; a.u = u; return a.f; }\nstatic unsigned f2u(float f) { union { unsigned u; float f; } a; a.f = f; return a.u; }\n";
    let cases = reference_cases();
    for (reference, answer, equal) in cases {
        let r = Program::parse(&format!("{U2F}{reference}")).unwrap();
        let a = Program::parse(&answer).unwrap();
        let name_r = r.functions().last().unwrap().name.clone();
        // reference.c holds three: the one of the reference's name
        let name_a = if answer.contains("test_floatFloat2Int") {
            name_r.clone()
        } else {
            a.functions().last().unwrap().name.clone()
        };
        let side = |p, f| bitscope::lang::prove::c::Side {
            program: p,
            function: f,
        };
        let v = bitscope::lang::prove::c::prove(
            side(&a, &name_a),
            side(&r, &name_r),
            None,
            &Options::default(),
            &mut NoControl,
        )
        .unwrap();
        assert_eq!(
            v.equal,
            Some(equal),
            "{reference}: {:?} {:?}",
            v.method,
            v.not_proven
        );
        if equal {
            assert!(
                matches!(v.method, Method::Bdd | Method::Sat),
                "{reference}: {:?}",
                v.method
            );
        } else {
            assert!(v.counterexample.is_some(), "{reference}");
        }
    }
}
