//! `perft --gpu` defaults to breadth-first with the slider method that won
//! `bench gpu --matrix` on this adapter (Kogge-Stone before any matrix),
//! and its JSON line reports the host's read-backs, submits and dispatches
//! and `kernel_seconds` (null without timestamp queries). Needs a Vulkan
//! adapter (SwiftShader: VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json).
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

fn bitscope(cache: &std::path::Path, args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bitscope"))
        .args(args)
        .env("BITSCOPE_CACHE", cache)
        .output()
        .expect("bitscope runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {stderr}");
    (stdout, stderr)
}

fn perft_json(cache: &std::path::Path) -> serde_json::Value {
    let (stdout, _) = bitscope(cache, &["perft", "4", "--gpu", "--json"]);
    let line = stdout.lines().last().expect("a JSON line");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

#[test]
fn perft_gpu_defaults_to_the_matrix_winner() {
    let cache =
        std::env::temp_dir().join(format!("bitscope-cli-gpu-default-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    // before any matrix: breadth-first Kogge-Stone
    let j = perft_json(&cache);
    assert_eq!(j["nodes"], 197_281);
    let backend = j["backend"].as_str().unwrap();
    assert!(
        backend.contains("breadth-first memory, kogge-stone sliders"),
        "{backend}"
    );
    for key in ["readbacks", "submits", "dispatches"] {
        assert!(j[key].as_u64().is_some_and(|n| n >= 1), "{key}: {j}");
    }
    assert!(j.get("kernel_seconds").is_some(), "{j}");
    // a quick matrix saves this adapter's winner, and perft --gpu takes it
    let (stdout, stderr) = bitscope(
        &cache,
        &[
            "bench",
            "gpu",
            "--matrix",
            "--json",
            "--rounds",
            "2",
            "--gpu-depth-offset",
            "-2",
        ],
    );
    crate::cli_gpu_matrix::check_matrix_rows(&stdout, &stderr);
    let saved =
        std::fs::read_to_string(cache.join("gpu-winners.json")).expect("the winner is saved");
    let winners: bitscope::gpu::matrix::Winners = serde_json::from_str(&saved).unwrap();
    let slider = *winners.sliders.values().next().expect("one adapter");
    assert!(
        stderr.contains(&format!("defaults to breadth-first-{slider}")),
        "{stderr}"
    );
    let j = perft_json(&cache);
    assert_eq!(j["nodes"], 197_281);
    let backend = j["backend"].as_str().unwrap();
    assert!(
        backend.contains(&format!("breadth-first memory, {slider} sliders")),
        "{backend}"
    );
    let _ = std::fs::remove_dir_all(&cache);
}

/// `perft --gpu` merges by default: its JSON has each ply's nodes and
/// distinct positions (start perft 5: 5,362 distinct after 3 plies, built
/// on the GPU); `--no-merge` has no levels; `--leaf-table` with
/// `--leaf-parts 0` counts ply 3 unmerged through the table, and its level
/// says how often it found a count there.
#[test]
fn perft_gpu_merges_by_default_and_says_each_ply() {
    let cache = std::env::temp_dir().join(format!("bitscope-cli-merge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let json = |args: &[&str]| -> serde_json::Value {
        let (stdout, _) = bitscope(&cache, args);
        serde_json::from_str(stdout.lines().last().expect("a JSON line")).unwrap()
    };
    let j = json(&["perft", "5", "--gpu", "--json"]);
    assert_eq!(j["nodes"], 4_865_609);
    let levels = j["levels"].as_array().expect("levels");
    assert_eq!(levels.len(), 6, "{j}");
    assert_eq!(levels[3]["distinct"], 5_362, "{j}");
    assert_eq!(levels[3]["nodes"], 8_902, "{j}");
    assert_eq!(levels[5]["nodes"], 4_865_609, "{j}");
    assert!(
        levels[3].get("seconds").is_some() && levels[3]["parts"] == 1,
        "{j}"
    );
    let plain = json(&["perft", "5", "--gpu", "--json", "--no-merge"]);
    assert_eq!(plain["nodes"], 4_865_609);
    assert!(plain.get("levels").is_none(), "{plain}");
    let staged = json(&[
        "perft",
        "5",
        "--gpu",
        "--json",
        "--split-depth",
        "2",
        "--leaf-parts",
        "0",
        "--leaf-table",
    ]);
    assert_eq!(staged["nodes"], 4_865_609);
    let ply3 = &staged["levels"][3];
    let (hits, misses) = (ply3["hash_hits"].as_u64(), ply3["hash_misses"].as_u64());
    // each child of the 400 distinct ply-2 positions looked up once
    assert_eq!(
        hits.zip(misses).map(|(h, m)| h + m),
        Some(8_902),
        "{staged}"
    );
    assert!(misses >= Some(5_362) && hits > Some(0), "{staged}");
    let rate = ply3["hit_rate"].as_f64().unwrap();
    assert!(
        (rate - hits.unwrap() as f64 / 8_902.0).abs() < 1e-9,
        "{staged}"
    );
    assert!(staged["levels"][2]["hit_rate"].is_null(), "{staged}");
    let hashed = json(&[
        "perft",
        "4",
        "--gpu",
        "--json",
        "--no-merge",
        "--hash",
        "16",
    ]);
    assert_eq!(hashed["nodes"], 197_281);
    let _ = std::fs::remove_dir_all(&cache);
}
