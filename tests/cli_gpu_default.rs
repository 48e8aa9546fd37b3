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
    let (_, stderr) = bitscope(
        &cache,
        &[
            "bench",
            "gpu",
            "--matrix",
            "--json",
            "--rounds",
            "1",
            "--gpu-depth-offset",
            "-4",
        ],
    );
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
