//! Floating point in C against gcc, the oracle: `gcc -fwrapv -O0` on
//! x86-64 (SSE, no excess precision) is what `bitscope::lang::c` promises,
//! NaN bits included.
//!
//! * `generated`: 500 random functions from `common::fgen` (float,
//!   double, unions, pointer puns, conversions both ways, `<math.h>`),
//!   compiled into one executable, each run on 24 inputs: edge float and
//!   double patterns (zeros, subnormals, the largest and smallest normals,
//!   infinities, NaNs with payloads, values around 2^31 and 2^63) and
//!   random words. Every value, and every NaN's bits, must agree: from
//!   the evaluator, and from the prover's circuits for the same function
//!   (built once with the words as inputs, then simulated on each input).
//!   `BITSCOPE_FGEN_PROGRAMS` and `BITSCOPE_FGEN_SEED` set how many and the
//!   first seed.
//!
//! gcc is required: without it this test FAILS. Release only.
#![cfg(not(target_arch = "wasm32"))]

use std::time::Instant;

use crate::c_gcc::{fail_with, ours, Disagreement};
use crate::common::fgen::{self, DOUBLE_EDGES, FLOAT_EDGES};
use crate::common::gcc::{compile, dispatch_main, require as require_gcc, run_exe, Scratch, PRINT};
use crate::common::rng::Rng;
use bitscope::lang::c::Program;

const INPUTS: usize = 24;

/// The inputs of one function: the first 16 take edge patterns (a float
/// in the low word of `a` under random high bits, a double in `b`), the
/// rest random words.
fn inputs(rng: &mut Rng, k: usize) -> Vec<[u64; 2]> {
    (0..INPUTS)
        .map(|j| {
            let high = rng.next_u64() & 0xffff_ffff_0000_0000;
            if j < 16 {
                let f = FLOAT_EDGES[(j + 7 * k) % FLOAT_EDGES.len()];
                let d = DOUBLE_EDGES[(3 * j + k) % DOUBLE_EDGES.len()];
                [high | u64::from(f), d]
            } else {
                [rng.next_u64(), rng.next_u64()]
            }
        })
        .collect()
}

/// A function's index and its two words.
type Input = (usize, [u64; 2]);

/// The functions compiled into one executable by gcc and run on their
/// inputs: the scratch folder, each (function, input), gcc's values.
fn run_in_gcc(functions: &[fgen::Generated]) -> (Scratch, Vec<Input>, Vec<u64>) {
    let mut c = format!("#include <math.h>\n{PRINT}{}", fgen::HELPERS);
    for g in functions {
        c.push_str(&g.code);
    }
    let calls: Vec<(String, usize)> = functions.iter().map(|g| (g.name.clone(), 2)).collect();
    c.push_str(&dispatch_main(&calls));
    let scratch = Scratch::new("generated_float");
    let (source, exe) = (scratch.dir.join("floats.c"), scratch.dir.join("floats"));
    std::fs::write(&source, &c).expect("write the generated C");
    compile(&source, &exe);

    let mut rng = Rng::new(0xF1_0A7);
    let all: Vec<Input> = (0..functions.len())
        .flat_map(|k| inputs(&mut rng, k).into_iter().map(move |a| (k, a)))
        .collect();
    let stdin: String = all
        .iter()
        .map(|(k, a)| format!("{k:x} {:x} {:x} 0\n", a[0], a[1]))
        .collect();
    std::fs::write(scratch.dir.join("stdin.txt"), &stdin).expect("write the inputs");
    let expected = run_exe(&exe, &stdin);
    assert_eq!(expected.len(), all.len(), "gcc printed too few values");

    (scratch, all, expected)
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn generated() {
    let (programs, first) = (
        crate::common::env_or("BITSCOPE_FGEN_PROGRAMS", 500),
        crate::common::env_or("BITSCOPE_FGEN_SEED", 0),
    );
    require_gcc();
    let started = Instant::now();
    let functions: Vec<fgen::Generated> = (first..first + programs)
        .map(|s| fgen::generate(s, &format!("f{s}")))
        .collect();
    let (mut scratch, all, expected) = run_in_gcc(&functions);
    let (mut disagreements, mut failures) = (Vec::new(), Vec::new());
    let (mut first_bad, mut gated) = (None, 0);
    for (k, g) in functions.iter().enumerate() {
        let before = (disagreements.len(), failures.len());
        match Program::parse(&g.program()) {
            Err(e) => failures.push(format!("{}: does not parse: {e}", g.name)),
            Ok(p) => {
                let mine = &all[k * INPUTS..(k + 1) * INPUTS];
                gated += gates_agree(
                    &p,
                    &g.name,
                    mine,
                    &expected[k * INPUTS..],
                    &mut disagreements,
                );
                for (i, (_, args)) in all.iter().enumerate().skip(k * INPUTS).take(INPUTS) {
                    let got = ours(&p, &g.name, args);
                    if got.as_ref() != Ok(&expected[i]) {
                        disagreements.push(Disagreement {
                            what: g.name.clone(),
                            args: args.to_vec(),
                            gcc: expected[i],
                            ours: got,
                        });
                    }
                }
            }
        }
        if (disagreements.len(), failures.len()) != before && first_bad.is_none() {
            first_bad = Some(k);
        }
    }
    println!(
        "c_gcc_float generated: {programs} programs (seeds {first}..{}, {gated} also through the prover's gates), {} of {} inputs agree; {:.1} s",
        first + programs,
        all.len() - disagreements.len(),
        all.len(),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(
        gated,
        functions.len(),
        "every generated program is built as a circuit (fma, which is not a gate, is not generated)"
    );
    if let Some(k) = first_bad {
        scratch.keep = true;
        eprintln!(
            "the first program that disagrees:\n{}",
            functions[k].program()
        );
        fail_with(&disagreements, &failures, all.len());
    }
}

/// The prover's circuits for `name` (when it builds them: a rounding libm
/// function does not) simulated on `inputs`, each value against gcc's.
/// 1 when the circuits were built, else 0.
fn gates_agree(
    p: &Program,
    name: &str,
    inputs: &[Input],
    gcc: &[u64],
    disagreements: &mut Vec<Disagreement>,
) -> usize {
    use bitscope::lang::c::{Scalar, Value};
    use bitscope::lang::prove::c::{through_gates, Side};
    let ty = Scalar::ULongLong;
    let args: Vec<Vec<Value>> = inputs
        .iter()
        .map(|(_, a)| a.iter().map(|&w| Value::new(ty, i128::from(w))).collect())
        .collect();
    let side = Side {
        program: p,
        function: name,
    };
    let Ok(values) = through_gates(side, &[ty, ty], &args) else {
        return 0;
    };
    for ((_, a), (v, want)) in inputs.iter().zip(values.iter().zip(gcc)) {
        let got = v.map(|v| v.extended());
        if got != Some(*want) {
            disagreements.push(Disagreement {
                what: format!("{name} through the prover's gates"),
                args: a.to_vec(),
                gcc: *want,
                ours: got.ok_or_else(|| "undefined".to_string()),
            });
        }
    }
    1
}
