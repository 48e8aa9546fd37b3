use super::*;
use proptest::prelude::*;

fn run(src: &str, args: &[i64]) -> Result<Value, CError> {
    let p = Program::parse(src)?;
    let name = p.entry(None)?.name.clone();
    let args: Vec<u64> = args.iter().map(|&a| a as u64).collect();
    Ok(p.run(&name, &args, &RunOptions::default())?
        .value
        .expect("a value"))
}

fn val(src: &str, args: &[i64]) -> i128 {
    run(src, args).unwrap_or_else(|e| panic!("{e}")).get()
}

fn err(src: &str, args: &[i64]) -> CError {
    run(src, args).expect_err("an error")
}

const POPCOUNT: &str = "#include <stdint.h>
unsigned popcount(uint32_t v) {
    v = v - ((v >> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333);
    return ((v + (v >> 4) & 0xF0F0F0F) * 0x1010101) >> 24;
}";

const DEBRUIJN: &str = "static const int MultiplyDeBruijnBitPosition[32] = {
  0, 9, 1, 10, 13, 21, 2, 29, 11, 14, 16, 18, 22, 25, 3, 30,
  8, 12, 20, 28, 15, 17, 24, 7, 19, 27, 23, 6, 26, 5, 4, 31
};
int log2_floor(uint32_t v) {
  v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16;
  return MultiplyDeBruijnBitPosition[(uint32_t)(v * 0x07C4ACDDU) >> 27];
}";

#[test]
fn classic_tricks_give_their_values() {
    for x in [0i64, 1, 0xff, 0xdead_beef, 0xffff_ffff, 0x8000_0000] {
        assert_eq!(
            val(POPCOUNT, &[x]),
            i128::from((x as u32).count_ones()),
            "{x:#x}"
        );
    }
    for x in [1i64, 2, 3, 0x8000, 0xffff_ffff, 0x1234_5678] {
        assert_eq!(
            val(DEBRUIJN, &[x]),
            i128::from(31 - (x as u32).leading_zeros()),
            "{x:#x}"
        );
    }
    let div3 = "unsigned d(unsigned x) { return (uint32_t)(((uint64_t)x * 0xAAAAAAAB) >> 33); }";
    for x in [0i64, 1, 2, 3, 100, 0xffff_ffff] {
        assert_eq!(
            val(&format!("#include <stdint.h>\n{div3}"), &[x]),
            i128::from((x as u32) / 3)
        );
    }
}

#[test]
fn promotions_are_cs() {
    assert_eq!(
        val(
            "int f(uint8_t a, uint8_t b) { return (a + b) >> 1; }",
            &[255, 255]
        ),
        255
    );
    assert_eq!(
        val(
            "uint8_t f(uint8_t a, uint8_t b) { uint8_t s = a + b; return s >> 1; }",
            &[255, 255]
        ),
        127
    );
    assert_eq!(val("int f(uint8_t a) { return ~a; }", &[0]), -1);
    assert_eq!(val("int f(int a) { return a < 0u; }", &[-1]), 0);
    assert_eq!(
        val("long f(void) { return -2147483648; }", &[]),
        -2147483648
    );
    assert_eq!(
        val(
            "int f(void) { return sizeof(0x80000000) + sizeof(2147483648); }",
            &[]
        ),
        12
    );
    assert_eq!(val("int f(char c) { return c; }", &[0xff]), -1);
    assert_eq!(val("int f(void) { return '\\xff'; }", &[]), -1);
    assert_eq!(val("bool f(int x) { return x; }", &[4]), 1);
    assert_eq!(
        val(
            "int f(int x) { return (x ^ (x >> 31)) - (x >> 31); }",
            &[-7]
        ),
        7
    );
    assert_eq!(
        val(
            "unsigned long f(void) { return sizeof(long) * CHAR_BIT + UINT_MAX; }",
            &[]
        ),
        64 + 0xffff_ffff
    );
    assert_eq!(val("int f(short a) { a++; return a; }", &[0x7fff]), -32768);
    let sizes = "int f(int x) { int t[3] = {1, 2}; return sizeof t + 10 * sizeof t[x & 1] + 100 * sizeof (t)[0]; }";
    assert_eq!(val(sizes, &[0]), 12 + 40 + 400);
}

#[test]
fn statements_run_as_c() {
    let src = "#define BITS 32
int count(unsigned x) { int n = 0, i; for (i = 0; i < BITS; i++) { if (!(x >> i & 1)) continue; n++; } return n; }";
    assert_eq!(val(src, &[0xf0f0]), 8);
    let src = "int f(int n) { int s = 0; do { s += n; } while (--n > 0); return s; }";
    assert_eq!(val(src, &[4]), 10);
    let src = "int f(int n) { int s = 0; while (1) { if (n == 0) break; s = s * 2 + 1, n--; } return s; }";
    assert_eq!(val(src, &[3]), 7);
    let src = "int g(int n) { return n <= 1 ? 1 : n * g(n - 1); } int f(int n) { return g(n); }";
    assert_eq!(val(src, &[5]), 120);
    let src = "#define MAX(a, b) ((a) > (b) ? (a) : (b))\nint f(int a, int b) { int t[3] = {a, b}; t[2] = MAX(a, b); return t[2] + t[1]; }";
    assert_eq!(val(src, &[3, 9]), 18);
    let src = "typedef unsigned long long U64; U64 f(U64 b) { return __builtin_bswap64(b) ^ (U64)__builtin_popcountll(b); }";
    assert_eq!(
        val(src, &[0x0102_0304_0506_0708]) as u64,
        0x0807_0605_0403_0201 ^ 13
    );
}

#[test]
fn undefined_behaviour_is_said_at_its_line() {
    let e = err("int f(int x) {\n  int y = x;\n  return y >> 32;\n}", &[1]);
    assert_eq!((e.kind, e.line), (ErrorKind::Undefined, 3));
    assert!(e.message.contains("shift by 32"), "{e}");
    assert_eq!(
        err("int f(int x) { return x / 0; }", &[1]).kind,
        ErrorKind::Undefined
    );
    assert_eq!(
        err("int f(int x) { return x / -1; }", &[i64::from(i32::MIN)]).kind,
        ErrorKind::Undefined
    );
    assert_eq!(
        err("int f(unsigned x) { return __builtin_ctz(x); }", &[0]).kind,
        ErrorKind::Undefined
    );
    assert_eq!(
        err(
            "int f(int i) { static const int t[2] = {1, 2}; return t[i]; }",
            &[2]
        )
        .kind,
        ErrorKind::Bounds
    );
    let e = err("int f(int x) { while (x) { } return 0; }", &[1]);
    assert_eq!(e.kind, ErrorKind::Budget);
    let p = Program::parse("int f(int x) { return x + 1; }").unwrap();
    let r = p
        .run("f", &[i32::MAX as u64], &RunOptions::default())
        .unwrap();
    assert_eq!(
        (r.value.unwrap().get(), r.warnings.len()),
        (i128::from(i32::MIN), 1)
    );
}

#[test]
fn refused_constructs_are_named() {
    let cases = [
        ("int f(int *p) { return 0; }", "pointers are not supported"),
        (
            "struct s { struct t { int a; } b; }; int f(void) { return 0; }",
            "a union or struct inside another is not supported",
        ),
        (
            "long f(float x) { return *(long *)&x; }",
            "`*(long *)&x` reads 8 bytes from the 4-byte `x`: outside the object, undefined behaviour",
        ),
        ("double f(double x) { return sin(x); }", "`sin`: its result differs between C libraries"),
        ("long double f(void) { return 0; }", "`long double`"),
        ("double f(double x) { return 1.5L; }", "long double is not supported"),
        ("int f(float x) { return x % 2; }", "`%` needs integers, not a `float`"),
        ("int f(float x) { return ~x; }", "`~` needs an integer, not a `float`"),
        (
            "int f(int x) { goto end; end: return x; }",
            "`goto` is not supported",
        ),
        (
            "int f(int x) { return printf(\"%d\", x); }",
            "strings are not supported",
        ),
        (
            "int f(int x) { return abs(x); }",
            "`abs`: only the file's own functions",
        ),
        (
            "union u { int a; }; int f(void) { union u v[2]; return 0; }",
            "an array of unions or structs is not supported",
        ),
    ];
    for (src, want) in cases {
        let e = Program::parse(src).expect_err(src);
        assert!(e.message.contains(want), "{src}: {e}");
        assert_ne!(e.kind, ErrorKind::Syntax, "{src}: {e}");
    }
}

#[test]
fn switch_falls_through_and_its_mistakes_are_named() {
    let src = "int f(int x) {\n  int r = 0;\n  switch (x) {\n  case 1: r += 1;\n  case 2: r += 2; break;\n  default: r = 9;\n  case -3: r = -r;\n  }\n  return r;\n}";
    let got: Vec<i128> = [1, 2, 3, -3, 0].iter().map(|&x| val(src, &[x])).collect();
    assert_eq!(got, [3, 2, -9, 0, -9]);
    // the step says where the value entered
    let p = Program::parse(src).unwrap();
    let opts = RunOptions {
        trace: true,
        ..RunOptions::default()
    };
    let steps = p.run("f", &[2], &opts).unwrap().steps;
    let step = steps.iter().find(|s| s.text == "switch (x)").unwrap();
    assert_eq!(step.note.as_deref(), Some("enters at `case 2:` (line 5)"));
    let steps = p.run("f", &[7], &opts).unwrap().steps;
    let step = steps.iter().find(|s| s.text == "switch (x)").unwrap();
    assert_eq!(
        step.note.as_deref(),
        Some("no case matches: enters at `default:`")
    );
    let mistakes = [
        (
            "int f(int x) { case 1: return x; }",
            "`case` outside a `switch`",
        ),
        (
            "int f(int x) { switch (x) { case 1: case 1: x++; } return x; }",
            "duplicate `case 1`",
        ),
        (
            "int f(int x) { switch (x) { default: x++; default: x--; } return x; }",
            "a second `default`",
        ),
        (
            "int f(int x) { switch (x) { case 1: { case 2: x++; } } return x; }",
            "inside a statement of a `switch`",
        ),
        (
            "int f(int x) { switch (x) { case 1: int y = 2; x += y; } return x; }",
            "a declaration directly in a `switch` block",
        ),
        (
            "int f(int x) { switch (x) { case 1: continue; } return x; }",
            "`continue` outside a loop",
        ),
        (
            "int f(int x) { break; return x; }",
            "`break` outside a loop or a `switch`",
        ),
    ];
    for (src, want) in mistakes {
        let e = Program::parse(src).expect_err(src);
        assert!(e.message.contains(want), "{src}: {e}");
    }
}

#[test]
fn the_trace_has_lines_iterations_and_variables() {
    let src = "unsigned f(unsigned x) {\n  unsigned n = 0;\n  while (x) {\n    x &= x - 1;\n    n++;\n  }\n  return n;\n}";
    let p = Program::parse(src).unwrap();
    let opts = RunOptions {
        trace: true,
        ..RunOptions::default()
    };
    let r = p.run("f", &[0b1011], &opts).unwrap();
    assert_eq!(r.value.unwrap().get(), 3);
    let last = r.steps.last().unwrap();
    assert_eq!((last.line, last.kind), (7, StepKind::Return));
    let clear: Vec<&CStep> = r.steps.iter().filter(|s| s.line == 4).collect();
    assert_eq!(
        clear.iter().map(|s| s.iteration).collect::<Vec<_>>(),
        [Some(1), Some(2), Some(3)]
    );
    let x = clear[0].vars.iter().find(|v| v.name == "x").unwrap();
    assert_eq!((x.value.unwrap().bits, x.changed), (0b1010, 0b0001));
    assert!(clear[0]
        .exprs
        .iter()
        .any(|e| e.text == "x - 1" && e.value.bits == 0b1010));
}

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let src = String::from_utf8_lossy(&bytes);
        if let Ok(p) = Program::parse(&src) {
            let f = p.entry(None).unwrap().clone();
            let args = vec![3; f.params.len()];
            let _ = p.run(&f.name, &args, &RunOptions { budget: 10_000, ..RunOptions::default() });
        }
    }

    #[test]
    fn truncated_snippets_never_panic(cut in 0usize..400) {
        for src in [POPCOUNT, DEBRUIJN] {
            let s: String = src.chars().take(cut).collect();
            if let Ok(p) = Program::parse(&s) {
                let f = p.entry(None).unwrap().clone();
                let _ = p.run(&f.name, &vec![7; f.params.len()], &RunOptions::default());
            }
        }
    }
}
