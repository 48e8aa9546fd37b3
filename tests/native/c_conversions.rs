//! The C stepper's conversion steps are what C does: over the random
//! programs of `common::cgen` (run traced on random inputs), every implicit
//! conversion step's `after` equals what gcc gives when it converts
//! `before` from `from_type` to `to_type` (one C file, `to r = (from)v;`);
//! and `eval --file F --json` prints them with their types and bits, the
//! declarations' values, `i++`'s note, loop labels, and an error as JSON.

use crate::common::cgen;
use crate::common::cli::run;
use crate::common::gcc::{require as require_gcc, run_exe, Scratch, PRINT};
use crate::common::rng::Rng;
use bitscope::lang::c::{Program, RunOptions, Scalar, Value};
use std::collections::HashSet;
use std::fmt::Write as _;

/// (from, to, before bits, after bits) of every conversion step of the run.
fn conversions_of(p: &Program, name: &str, args: &[Value]) -> Vec<(Scalar, Scalar, u64, u64)> {
    let opts = RunOptions {
        trace: true,
        ..RunOptions::default()
    };
    let Ok(run) = p.run_values(name, args, &opts) else {
        return Vec::new();
    };
    run.steps
        .iter()
        .flat_map(|s| &s.exprs)
        .filter_map(|e| {
            e.conversion
                .as_ref()
                .map(|c| (c.before.ty, e.value.ty, c.before.bits, e.value.bits))
        })
        .collect()
}

#[test]
fn every_conversion_step_is_the_c_conversion_of_its_value() {
    require_gcc();
    let mut rng = Rng::new(53);
    let mut seen = HashSet::new();
    for seed in 0..120 {
        let g = cgen::generate(seed, &format!("f{seed}"));
        let p = Program::parse(&g.program()).unwrap();
        let f = p.entry(Some(&g.name)).unwrap().clone();
        for _ in 0..4 {
            let args: Vec<Value> = f
                .params
                .iter()
                .map(|(_, t)| Value::new(*t, i128::from(rng.next_u64() as i64)))
                .collect();
            seen.extend(conversions_of(&p, &g.name, &args));
        }
    }
    // (in a fixed order: the C file is the same every run)
    let mut seen: Vec<(Scalar, Scalar, u64, u64)> = seen.into_iter().collect();
    seen.sort_by_key(|c| (c.0.name(), c.1.name(), c.2));
    let kinds: HashSet<(Scalar, Scalar)> = seen.iter().map(|c| (c.0, c.1)).collect();
    assert!(
        seen.len() >= 200 && kinds.len() >= 12,
        "{} conversions of {} kinds",
        seen.len(),
        kinds.len()
    );
    let mut c = format!("{}{PRINT}\nint main(void)\n{{\n", cgen::HEADER);
    for (from, to, before, _) in &seen {
        let _ = writeln!(
            c,
            "    {{ {} v = ({})0x{before:x}ULL; {} r = v; PRINT(r); }}",
            from.name(),
            from.name(),
            to.name()
        );
    }
    c.push_str("    return 0;\n}\n");
    let scratch = Scratch::new("conversions");
    let exe = scratch.compile("conversions", &c);
    let gcc = run_exe(&exe, "");
    assert_eq!(gcc.len(), seen.len());
    for ((from, to, before, after), want) in seen.iter().zip(gcc) {
        let got = Value {
            ty: *to,
            bits: *after,
        }
        .extended();
        assert_eq!(
            got,
            want,
            "{} 0x{before:x} converted to {}",
            from.name(),
            to.name()
        );
    }
}

#[test]
fn eval_json_shows_conversions_values_notes_and_errors() {
    let dir = std::env::temp_dir().join(format!("bitscope-eval-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, src: &str| {
        let path = dir.join(name);
        std::fs::write(&path, src).unwrap();
        path.to_string_lossy().into_owned()
    };
    let mixed = file(
        "mixed.c",
        "int mixed_lt(int a, unsigned b) { return a < b; }\n",
    );
    let out = run(&[
        "eval", "--file", &mixed, "--var", "a=-1", "--var", "b=1", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let conv: Vec<&serde_json::Value> = v["steps"][0]["exprs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "conversion")
        .collect();
    assert_eq!(conv.len(), 1);
    let c = conv[0];
    assert_eq!(
        (
            c["text"].as_str(),
            c["from_type"].as_str(),
            c["to_type"].as_str()
        ),
        (Some("a"), Some("int"), Some("unsigned int"))
    );
    assert_eq!(
        (
            c["before"].as_str(),
            c["after"].as_str(),
            c["within"].as_str()
        ),
        (Some("0xffffffff"), Some("0xffffffff"), Some("a < b"))
    );
    assert_eq!(c["changes"], true);

    let src = "int f(int n)\n{\n    short c = n + n;\n    int i;\n    for (i = 0; i < 2; i++)\n        c += 1;\n    return c;\n}\n";
    let out = run(&[
        "eval",
        "--file",
        &file("loop.c", src),
        "--var",
        "n=30000",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(
        steps[0]["value"]["bits"], "0xea60",
        "the declaration's value: short -5536"
    );
    let narrowing = steps[0]["exprs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "conversion")
        .unwrap();
    assert_eq!(
        (narrowing["to_type"].as_str(), narrowing["after"].as_str()),
        (Some("short"), Some("0xea60"))
    );
    let notes: Vec<&str> = steps.iter().filter_map(|s| s["note"].as_str()).collect();
    assert!(
        notes.contains(&"i: 0 → 1, the expression's value 0"),
        "{notes:?}"
    );
    assert!(
        notes.contains(&"test before iteration 3: false, the loop ends"),
        "{notes:?}"
    );
    let text = String::from_utf8_lossy(
        &run(&["eval", "--file", &file("loop.c", src), "--var", "n=30000"]).stdout,
    )
    .into_owned();
    assert!(
        text.contains("initialisation of `n + n` in `c = n + n`") && text.contains("now -5536"),
        "{text}"
    );

    let ub = file(
        "ub.c",
        "int f(unsigned x)\n{\n    int n = 1;\n    n = __builtin_ctz(x);\n    return n;\n}\n",
    );
    let out = run(&["eval", "--file", &ub, "--var", "x=0", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["error"]["kind"].as_str(), v["error"]["line"].as_u64()),
        (Some("undefined"), Some(4))
    );
    assert_eq!(
        v["steps"].as_array().unwrap().len(),
        1,
        "the steps before the error"
    );
    assert!(v.get("value").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}
