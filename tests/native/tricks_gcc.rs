//! The trick catalog against gcc (issue 55): every function of every
//! family file (each trick and each specification) run by the interpreter
//! and by `gcc -fwrapv -O0` on its edge values and seeded random inputs,
//! those where the entry's restriction holds (the restriction is run by
//! the interpreter too, as a function appended to the file). Every value
//! must agree and the interpreter may not fail: the catalog's C means what
//! gcc says it means. One executable a family (20 compilations).
//!
//! gcc is required: without it this test FAILS (as `c_gcc`'s).
#![cfg(not(target_arch = "wasm32"))]

use std::fmt::Write as _;

use crate::c_gcc::{fail_with, ours, tuples, Disagreement};
use crate::common::gcc::{compile, dispatch_main, require as require_gcc, run_exe, Scratch, PRINT};
use crate::common::rng::Rng;
use bitscope::lang::c::Program;
use bitscope::tricks::{catalog, FAMILY_FILES};

/// Random inputs a function gets beside its edge values.
const RANDOMS: usize = 24;

/// One function to compare: its name, its parameters (bits, signed) and
/// the restriction function its inputs must pass (if any).
struct Target {
    name: String,
    params: Vec<(u32, bool)>,
    ok: Option<String>,
}

/// The family's functions (tricks and specifications, each once) and the
/// file with one `bitscope_ok_K` function a restricted entry appended.
fn targets(file: &str, text: &str) -> (Vec<Target>, String) {
    let parsed = Program::parse(text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut source = text.to_string();
    let mut out: Vec<Target> = Vec::new();
    for (k, e) in catalog()
        .entries
        .iter()
        .filter(|e| e.file == file)
        .enumerate()
    {
        let f = parsed.entry(Some(&e.fn_name)).expect("a trick of the file");
        let ok = e.restriction.as_ref().map(|r| {
            let params: Vec<String> = f
                .params
                .iter()
                .map(|(n, t)| format!("{} {n}", t.name()))
                .collect();
            let name = format!("bitscope_ok_{k}");
            let _ = write!(
                source,
                "\nint {name}({})\n{{\n    return {r};\n}}\n",
                params.join(", ")
            );
            name
        });
        for name in [&e.fn_name, &e.spec_name] {
            if out.iter().any(|t| &t.name == name) {
                continue;
            }
            let g = parsed.entry(Some(name)).expect("a function of the file");
            out.push(Target {
                name: name.clone(),
                params: g
                    .params
                    .iter()
                    .map(|(_, t)| (t.bits(), t.signed()))
                    .collect(),
                ok: ok.clone(),
            });
        }
    }
    (out, source)
}

/// A driver: reads `k a0 a1 a2` lines, prints function k's value.
fn driver(source_path: &str, targets: &[Target]) -> String {
    let calls: Vec<(String, usize)> = targets
        .iter()
        .map(|t| (t.name.clone(), t.params.len()))
        .collect();
    format!(
        "{PRINT}#include \"{source_path}\"\n{}",
        dispatch_main(&calls)
    )
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn every_catalog_function_agrees_with_gcc() {
    require_gcc();
    let mut scratch = Scratch::new("tricks");
    let (mut disagreements, mut failures, mut total) = (Vec::new(), Vec::new(), 0);
    let mut rng = Rng::new(55);
    let mut functions = 0;
    for (file, text) in FAMILY_FILES {
        let (targets, source) = targets(file, text);
        functions += targets.len();
        let program =
            Program::parse(&source).unwrap_or_else(|e| panic!("{file} with its restrictions: {e}"));
        // each function's inputs, those its restriction lets through
        let mut calls: Vec<(usize, Vec<u64>)> = Vec::new();
        for (k, t) in targets.iter().enumerate() {
            for args in tuples(&t.params, RANDOMS, &mut rng) {
                let allowed =
                    t.ok.as_ref()
                        .is_none_or(|ok| ours(&program, ok, &args).is_ok_and(|v| v != 0));
                if allowed {
                    calls.push((k, args));
                }
            }
        }
        let stem = file.trim_end_matches(".c");
        let family = scratch.dir.join(file);
        std::fs::write(&family, &source).expect("write the family file");
        let c = scratch.dir.join(format!("{stem}_driver.c"));
        std::fs::write(&c, driver(&family.display().to_string(), &targets))
            .expect("write a driver");
        let exe = scratch.dir.join(stem);
        compile(&c, &exe);
        let stdin: String = calls
            .iter()
            .map(|(k, a)| {
                format!(
                    "{k:x} {:x} {:x} {:x}\n",
                    a.first().unwrap_or(&0),
                    a.get(1).unwrap_or(&0),
                    a.get(2).unwrap_or(&0)
                )
            })
            .collect();
        let expected = run_exe(&exe, &stdin);
        if expected.len() != calls.len() {
            failures.push(format!(
                "{file}: gcc printed {} values for {} inputs",
                expected.len(),
                calls.len()
            ));
            continue;
        }
        for ((k, args), &gcc) in calls.iter().zip(&expected) {
            total += 1;
            let got = ours(&program, &targets[*k].name, args);
            if got.as_ref() != Ok(&gcc) {
                disagreements.push(Disagreement {
                    what: format!("{file}: {}", targets[*k].name),
                    args: args.clone(),
                    gcc,
                    ours: got,
                });
            }
        }
    }
    println!(
        "tricks_gcc: {} family files, {functions} functions, {total} inputs, {} disagree, {} files failed",
        FAMILY_FILES.len(),
        disagreements.len(),
        failures.len()
    );
    assert!(total > 5000, "only {total} inputs compared");
    // every trick's function (each has its own) and the specifications
    assert!(
        functions > catalog().entries.len(),
        "{functions} functions compared"
    );
    if !disagreements.is_empty() || !failures.is_empty() {
        scratch.keep = true;
        fail_with(&disagreements, &failures, total);
    }
}
