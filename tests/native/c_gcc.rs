//! Differential tests of the C interpreter (`bitscope::lang::c`) against
//! gcc, the oracle: `gcc -fwrapv -O0` on x86-64 Linux is the semantics the
//! interpreter promises.
//!
//! * `corpus`: every snippet of `tests/data/c/*.c` (bit tricks, data-lab
//!   puzzles, bitboard flips, integer promotions; each defined on every
//!   input) is compiled by gcc with a driver that calls its last function
//!   on argument lines read from stdin and prints the result as the 64-bit
//!   `Value::extended()` would be. Each file gets the edge values of its
//!   parameter types and seeded random values (at least 64 tuples), and
//!   every interpreter value must equal gcc's; any interpreter error fails.
//! * `generated`: 300 random functions from `common::cgen` (a Csmith-style
//!   generator of functions defined on every input under `-fwrapv`),
//!   compiled into one gcc executable, each compared on 16 inputs. For a
//!   longer hunt, `BITSCOPE_CGEN_PROGRAMS=5000 BITSCOPE_CGEN_SEED=1000`
//!   sets how many programs and the first seed.
//!
//! gcc is required: without it these tests FAIL. Release only (`cargo test
//! --release --test c_gcc`), like the other oracle tests.
#![cfg(not(target_arch = "wasm32"))]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::common::cgen;
use crate::common::rng::Rng;
use bitscope::lang::c::{Program, RunOptions};

use crate::common::gcc::{compile, dispatch_main, require as require_gcc, run_exe, Scratch, PRINT};

/// `v` cut to `bits` (a `bool` to its low bit), then sign-extended to 64
/// bits when signed: how the interpreter's `extended()` shows a value.
fn fit(v: u64, bits: u32, signed: bool) -> u64 {
    if bits == 1 {
        return v & 1;
    }
    let shift = 64 - bits;
    if signed {
        (((v << shift) as i64) >> shift) as u64
    } else {
        (v << shift) >> shift
    }
}

/// The edge values of a type: 0, 1, 2, all ones (-1, or the unsigned
/// maximum), the top bit alone (the signed minimum), the signed maximum,
/// 0x55.., 0xaa.., and width - 1, width, width + 1 (for shift counts).
fn edges(bits: u32, signed: bool) -> Vec<u64> {
    if bits == 1 {
        return vec![0, 1];
    }
    let top = 1u64 << (bits - 1);
    let raw = [
        0,
        1,
        2,
        !0,
        top,
        top - 1,
        0x5555_5555_5555_5555,
        0xaaaa_aaaa_aaaa_aaaa,
    ];
    let mut out: Vec<u64> = raw.iter().map(|&v| fit(v, bits, signed)).collect();
    out.extend([u64::from(bits) - 1, u64::from(bits), u64::from(bits) + 1]);
    out.sort_unstable();
    out.dedup();
    out
}

/// A random argument: mostly a value of the type (uniform, sparse or
/// small), sometimes raw 64-bit bits that the call converts by wrapping.
fn random_arg(rng: &mut Rng, bits: u32, signed: bool) -> u64 {
    let v = match rng.below(8) {
        0..=2 => rng.next_u64(),
        3 | 4 => rng.sparse(),
        5 | 6 => (rng.below(140) as i64 - 70) as u64,
        _ => {
            return if bits == 1 {
                rng.next_u64() & 3
            } else {
                rng.next_u64()
            }
        }
    };
    fit(v, bits, signed)
}

/// The argument tuples of one function: every combination of edge values
/// when there are at most 256, else each edge value at each position with
/// random others; then `randoms` random tuples.
pub(crate) fn tuples(params: &[(u32, bool)], randoms: usize, rng: &mut Rng) -> Vec<Vec<u64>> {
    let lists: Vec<Vec<u64>> = params.iter().map(|&(b, s)| edges(b, s)).collect();
    let mut out: Vec<Vec<u64>> = vec![vec![]];
    if lists.iter().map(Vec::len).product::<usize>() <= 256 {
        for list in &lists {
            out = out
                .iter()
                .flat_map(|t| list.iter().map(move |&v| [t.clone(), vec![v]].concat()))
                .collect();
        }
    } else {
        out.clear();
        for (i, list) in lists.iter().enumerate() {
            for &v in list {
                let mut t: Vec<u64> = params.iter().map(|&(b, s)| random_arg(rng, b, s)).collect();
                t[i] = v;
                out.push(t);
            }
        }
    }
    for _ in 0..randoms {
        out.push(params.iter().map(|&(b, s)| random_arg(rng, b, s)).collect());
    }
    out
}

/// One input on which the interpreter and gcc disagree (or the
/// interpreter failed).
pub(crate) struct Disagreement {
    pub(crate) what: String,
    pub(crate) args: Vec<u64>,
    pub(crate) gcc: u64,
    pub(crate) ours: Result<u64, String>,
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| format!("{:#x}", *a as i64))
            .collect();
        write!(
            f,
            "{}({}): gcc {:#x}, bitscope ",
            self.what,
            args.join(", "),
            self.gcc
        )?;
        match &self.ours {
            Ok(v) => write!(f, "{v:#x}"),
            Err(e) => write!(f, "error: {e}"),
        }
    }
}

/// The interpreter's value of `name` on `args`, as `extended()` bits (with
/// a step budget well above what any corpus or generated function needs).
pub(crate) fn ours(p: &Program, name: &str, args: &[u64]) -> Result<u64, String> {
    let opts = RunOptions {
        budget: 50_000_000,
        ..RunOptions::default()
    };
    let run = p.run(name, args, &opts).map_err(|e| e.to_string())?;
    run.value
        .map(|v| v.extended())
        .ok_or_else(|| "no value returned".to_string())
}

/// `args` as a stdin line of 3 hex numbers (unused ones 0), after `prefix`.
fn arg_line(prefix: &str, args: &[u64]) -> String {
    let mut line = prefix.to_string();
    for k in 0..3 {
        let _ = write!(line, "{:x} ", args.get(k).copied().unwrap_or(0));
    }
    line.pop();
    line.push('\n');
    line
}

pub(crate) fn fail_with(disagreements: &[Disagreement], failures: &[String], total: usize) -> ! {
    let mut msg = format!(
        "{} failure(s) before running, and {} of {total} inputs that disagree with gcc:",
        failures.len(),
        disagreements.len()
    );
    for f in failures {
        let _ = write!(msg, "\n  {f}");
    }
    for d in disagreements.iter().take(40) {
        let _ = write!(msg, "\n  {d}");
    }
    if disagreements.len() > 40 {
        let _ = write!(msg, "\n  ... and {} more", disagreements.len() - 40);
    }
    panic!("{msg}");
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn corpus() {
    require_gcc();
    let started = Instant::now();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/c");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data/c")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 40,
        "the corpus has {} files, expected at least 40",
        files.len()
    );

    let mut scratch = Scratch::new("corpus");
    let (mut disagreements, mut failures, mut total) = (Vec::new(), Vec::new(), 0);
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(path).expect("read a corpus file");
        let program = match Program::parse(&src) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{file}: does not parse: {e}"));
                continue;
            }
        };
        let f = match program.entry(None) {
            Ok(f) => f,
            Err(e) => {
                failures.push(format!("{file}: no entry: {e}"));
                continue;
            }
        };
        let params: Vec<(u32, bool)> = f
            .params
            .iter()
            .map(|(_, t)| (t.bits(), t.signed()))
            .collect();
        // seeded by the file's name (FNV-1a): its inputs stay the same when
        // files are added
        let seed = file.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        let inputs = tuples(&params, 64, &mut Rng::new(seed));

        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let (source, exe) = (
            scratch.dir.join(format!("{stem}_driver.c")),
            scratch.dir.join(&stem),
        );
        let call_args: Vec<String> = (0..params.len()).map(|k| format!("a[{k}]")).collect();
        let call = format!("{}({})", f.name, call_args.join(", "));
        let driver = format!(
            "{PRINT}#include \"{}\"\nint main(void)\n{{\n    unsigned long long a[3];\n    \
             while (scanf(\"%llx %llx %llx\", &a[0], &a[1], &a[2]) == 3) {{\n        \
             __typeof__({call}) r = {call};\n        PRINT(r);\n    }}\n    return 0;\n}}\n",
            path.display()
        );
        std::fs::write(&source, driver).expect("write a driver");
        compile(&source, &exe);
        let stdin: String = inputs.iter().map(|t| arg_line("", t)).collect();
        let expected = run_exe(&exe, &stdin);
        assert_eq!(
            expected.len(),
            inputs.len(),
            "{file}: gcc printed {} values for {} inputs",
            expected.len(),
            inputs.len()
        );

        for (args, &gcc) in inputs.iter().zip(&expected) {
            total += 1;
            let got = ours(&program, &f.name, args);
            if got.as_ref() != Ok(&gcc) {
                disagreements.push(Disagreement {
                    what: format!("{file}: {}", f.name),
                    args: args.clone(),
                    gcc,
                    ours: got,
                });
            }
        }
    }
    println!(
        "c_gcc corpus: {} files, {total} inputs, {} agree, {} disagree, {} files failed, {:.1} s",
        files.len(),
        total - disagreements.len(),
        disagreements.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    if !disagreements.is_empty() || !failures.is_empty() {
        scratch.keep = true;
        fail_with(&disagreements, &failures, total);
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn generated() {
    const INPUTS: usize = 16;
    let (programs, first) = (
        crate::common::env_or("BITSCOPE_CGEN_PROGRAMS", 300),
        crate::common::env_or("BITSCOPE_CGEN_SEED", 0),
    );
    require_gcc();
    let started = Instant::now();
    let functions: Vec<cgen::Generated> = (first..first + programs)
        .map(|s| cgen::generate(s, &format!("f{s}")))
        .collect();

    // one C file: every function, and a main that picks one by number
    let mut c = format!("{}{PRINT}\n", cgen::HEADER);
    for g in &functions {
        c.push_str(&g.code);
        c.push('\n');
    }
    let calls: Vec<(String, usize)> = functions
        .iter()
        .map(|g| (g.name.clone(), g.params.len()))
        .collect();
    c.push_str(&dispatch_main(&calls));

    let mut scratch = Scratch::new("generated");
    let (source, exe) = (
        scratch.dir.join("generated.c"),
        scratch.dir.join("generated"),
    );
    std::fs::write(&source, &c).expect("write the generated C");
    compile(&source, &exe);

    let mut rng = Rng::new(0x6E4E_4A7E);
    let mut inputs = Vec::new(); // (function, args)
    for (k, g) in functions.iter().enumerate() {
        let lists: Vec<Vec<u64>> = g.params.iter().map(|t| edges(t.bits, t.signed)).collect();
        for j in 0..INPUTS {
            let args: Vec<u64> = g
                .params
                .iter()
                .zip(&lists)
                .enumerate()
                .map(|(i, (t, list))| {
                    if j < 8 && (i + j) % 3 != 2 {
                        list[(j + 5 * i) % list.len()]
                    } else {
                        random_arg(&mut rng, t.bits, t.signed)
                    }
                })
                .collect();
            inputs.push((k, args));
        }
    }
    let stdin: String = inputs
        .iter()
        .map(|(k, a)| arg_line(&format!("{k:x} "), a))
        .collect();
    let expected = run_exe(&exe, &stdin);
    assert_eq!(
        expected.len(),
        inputs.len(),
        "the generated executable printed too few values"
    );

    let (mut disagreements, mut failures) = (Vec::new(), Vec::new());
    let mut programs_ok = 0;
    let mut first_bad: Option<usize> = None;
    for (k, g) in functions.iter().enumerate() {
        let (before, failed_before) = (disagreements.len(), failures.len());
        match Program::parse(&g.program()) {
            Err(e) => failures.push(format!("{}: does not parse: {e}", g.name)),
            Ok(p) => {
                if let Ok(f) = p.entry(Some(&g.name)) {
                    let theirs: Vec<(u32, bool)> = f
                        .params
                        .iter()
                        .map(|(_, t)| (t.bits(), t.signed()))
                        .collect();
                    let mine: Vec<(u32, bool)> =
                        g.params.iter().map(|t| (t.bits, t.signed)).collect();
                    if theirs != mine {
                        failures.push(format!(
                            "{}: parameter types {theirs:?}, expected {mine:?}",
                            g.name
                        ));
                    }
                }
                // the inputs of function k are the k-th run of INPUTS
                for (i, (_, args)) in inputs.iter().enumerate().skip(k * INPUTS).take(INPUTS) {
                    let got = ours(&p, &g.name, args);
                    if got.as_ref() != Ok(&expected[i]) {
                        let what = g.name.clone();
                        disagreements.push(Disagreement {
                            what,
                            args: args.clone(),
                            gcc: expected[i],
                            ours: got,
                        });
                    }
                }
            }
        }
        if disagreements.len() == before && failures.len() == failed_before {
            programs_ok += 1;
        } else if first_bad.is_none() {
            first_bad = Some(k);
        }
    }
    println!(
        "c_gcc generated: {programs_ok} of {programs} programs agree (seeds {first}..{}); {} of {} inputs agree; {:.1} s",
        first + programs,
        inputs.len() - disagreements.len(),
        inputs.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(k) = first_bad {
        scratch.keep = true;
        let seed = first + k as u64;
        eprintln!(
            "c_gcc: the first program that disagrees (seed {seed}):\n{}",
            functions[k].program()
        );
        fail_with(&disagreements, &failures, inputs.len());
    }
}
