//! The Lab's one-statement-a-line layout (`Program::pretty`, issue 53):
//! printed from the parsed tree, it must be the same program. Over the
//! random-program generator's programs, the trick catalog (tricks and
//! specifications) and the C examples, the printed text parses, prints
//! to itself again, is never crowded, and runs to the same value (or the
//! same error) through the same step texts on edge and random inputs.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::cgen;
use bitscope::bits::rng::Rng;
use bitscope::lang::c::{examples, Program, RunOptions};

/// The inputs each function runs on: edges, then randoms.
fn inputs(params: usize, rng: &mut Rng) -> Vec<Vec<u64>> {
    let edges = [0, 1, u64::MAX, 0x8000_0000, 0x7fff_ffff, 0xff];
    let mut all: Vec<Vec<u64>> = edges.iter().map(|&e| vec![e; params]).collect();
    all.extend((0..10).map(|_| (0..params).map(|_| rng.sparse()).collect()));
    all
}

/// The run's value or error, and its steps' texts and kinds.
fn outcome(p: &Program, name: &str, args: &[u64]) -> (String, Vec<String>) {
    let opts = RunOptions {
        trace: true,
        ..RunOptions::default()
    };
    match p.run_until_error(
        name,
        &p.entry(Some(name)).map_or(Vec::new(), |f| {
            f.params
                .iter()
                .zip(args)
                .map(|((_, t), &a)| bitscope::lang::c::Value::new(*t, i128::from(a as i64)))
                .collect()
        }),
        &opts,
    ) {
        Ok(r) => (
            format!("{:?}", r.value.map(|v| v.get())),
            r.steps
                .iter()
                .map(|s| format!("{:?} {}", s.kind, s.text))
                .collect(),
        ),
        Err((e, steps)) => (
            format!("{:?}: {}", e.kind, e.message),
            steps
                .iter()
                .map(|s| format!("{:?} {}", s.kind, s.text))
                .collect(),
        ),
    }
}

/// Checks one file; `Err` says what differs.
fn same_program(src: &str, rng: &mut Rng) -> Result<(), String> {
    let Ok(p) = Program::parse(src) else {
        return Ok(()); // (not the subset: nothing to lay out)
    };
    let text = p.pretty();
    let q = Program::parse(&text).map_err(|e| format!("does not parse: {e}\n{text}"))?;
    if q.pretty() != text {
        return Err(format!("not a fixed point:\n{text}\n---\n{}", q.pretty()));
    }
    if q.crowded() {
        return Err(format!("still crowded:\n{text}"));
    }
    for f in p.functions() {
        for args in inputs(f.params.len(), rng) {
            let (a, b) = (outcome(&p, &f.name, &args), outcome(&q, &f.name, &args));
            if a != b {
                return Err(format!(
                    "{}({args:x?}): {a:?}\nlaid out: {b:?}\n{text}",
                    f.name
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn the_layout_is_the_same_program() {
    let mut rng = Rng::new(53);
    let mut files: Vec<String> = (0..300)
        .map(|s| cgen::generate(s, &format!("f{s}")).program())
        .collect();
    for e in &bitscope::tricks::catalog().entries {
        files.push(e.source.clone());
        files.push(e.spec_source.clone());
    }
    files.extend(
        [
            examples::POP_SWAR,
            examples::POP_LOOP,
            examples::POP_KERNIGHAN,
        ]
        .map(String::from),
    );
    let failures: Vec<String> = files
        .iter()
        .filter_map(|src| same_program(src, &mut rng).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} files differ laid out; the first:\n{}",
        failures.len(),
        files.len(),
        failures[0]
    );
}

#[test]
fn a_one_line_snippet_steps_line_by_line() {
    let src = "int f(int x) { int y = x; if (y < 0) y = -y; y++; return y; }";
    let p = Program::parse(src).unwrap();
    assert!(p.crowded());
    let (q, text) = p.laid_out().unwrap();
    assert_eq!(
        text,
        "int f(int x)\n{\n    int y = x;\n    if (y < 0)\n        y = -y;\n    y++;\n    return y;\n}\n"
    );
    let run = q
        .run(
            "f",
            &[(-3i64) as u64],
            &RunOptions {
                trace: true,
                ..RunOptions::default()
            },
        )
        .unwrap();
    let lines: Vec<u32> = run.steps.iter().map(|s| s.line).collect();
    assert_eq!(lines, [3, 4, 5, 6, 7]);
    assert_eq!(run.value.unwrap().get(), 4);
    // one statement a line already: left as written
    let tidy = Program::parse("int g(int x)\n{\n  return x + 1;\n}").unwrap();
    assert!(!tidy.crowded() && tidy.laid_out().is_none());
}
