//! What `bitscope bench gpu --matrix --json` prints: every variant on both
//! positions, one JSON line each with the fields the issue names, counts
//! checked (every kernel x slider x workgroup size counts start 4 and
//! Kiwipete 3 right, with the slider and workgroup size it names), and
//! every printed name accepted by `perft --gpu --variant`. `cli_gpu_default`
//! runs the matrix (on SwiftShader in CI) and checks it here.

use std::collections::BTreeSet;

use crate::common::cli::succeeds_with_json;
use bitscope::gpu::matrix::MatrixVariant;
use bitscope::gpu::Kernel;

/// The rows of `bench gpu --matrix --json --rounds 2 --gpu-depth-offset -2`
/// (the quick size: start depth 4, Kiwipete depth 3), checked. The run is
/// `cli_gpu_default`'s, which needs one anyway (a matrix on SwiftShader
/// compiles 27 pipelines: most of a minute).
pub(crate) fn check_matrix_rows(stdout: &str, stderr: &str) {
    assert!(stderr.contains("best of 2 rounds"), "{stderr}");
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let all = MatrixVariant::all();
    for (position, depth, nodes) in [("start", 4, 197_281), ("kiwipete", 3, 97_862)] {
        let here: Vec<&serde_json::Value> =
            rows.iter().filter(|r| r["position"] == position).collect();
        let names: BTreeSet<String> = here
            .iter()
            .map(|r| r["variant"].as_str().unwrap().to_string())
            .collect();
        // a variant is either measured or named on stderr as skipped (the
        // workgroup kernel past the adapter's workgroup memory), never lost
        for v in &all {
            let name = v.name();
            assert!(
                names.contains(&name)
                    || (v.kernel == Kernel::Workgroup
                        && stderr.contains(&format!("{name:<32} {position:<9} skipped"))),
                "{name} on {position}: {stderr}"
            );
        }
        assert!(names.len() >= 18, "{names:?}");
        assert_eq!(names.len(), here.len(), "one row per variant");
        for r in here {
            // the run used the slider and workgroup size the name gives
            let v = all
                .iter()
                .find(|v| v.name() == r["variant"])
                .expect("a variant");
            assert_eq!(r["slider"], v.slider.name(), "{r}");
            assert_eq!(r["workgroup_size"], v.workgroup_size, "{r}");
            assert_eq!(r["depth"], depth, "{r}");
            assert_eq!(r["nodes"], nodes, "{r}");
            assert_eq!(r["counts_ok"], true, "{r}");
            let seconds = r["seconds"].as_f64().unwrap();
            let nps = r["nps"].as_f64().unwrap();
            assert!(
                seconds > 0.0 && (nps * seconds - nodes as f64).abs() < 1e-6 * nps,
                "{r}"
            );
            assert!(r["fen"].as_str().unwrap().contains('/'), "{r}");
            assert!(r["workgroup_bytes"].as_u64().is_some(), "{r}");
            assert!(!r["adapter"].as_str().unwrap().is_empty(), "{r}");
        }
    }
    // a printed name runs as a perft variant, with the same count
    let name = rows
        .iter()
        .map(|r| r["variant"].as_str().unwrap())
        .find(|n| n.starts_with("breadth-first-magic"))
        .expect("a breadth-first row");
    let json = succeeds_with_json(&["perft", "3", "--gpu", "--variant", name, "--json"]);
    assert_eq!(json["nodes"], 8902);
}
