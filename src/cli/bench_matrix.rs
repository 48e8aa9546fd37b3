//! `bitscope bench gpu --matrix [--json]`: every GPU perft variant
//! (`gpu::matrix`: kernel x slider method x workgroup size) on the start
//! position and Kiwipete, one row each, counts checked against the CPU
//! perft. Every name it prints is accepted by `bitscope perft N --gpu
//! --variant NAME`.

use std::time::Instant;

use bitscope::chess::{perft, Position};
use bitscope::gpu::matrix::{matrix_cases, winner, MatrixVariant};
use bitscope::gpu::{GpuPerft, Variant};

pub fn run(rounds: u32, depth_offset: i32, json: bool) -> i32 {
    let gpu = match GpuPerft::new_blocking() {
        Ok(g) => g,
        Err(e) => return super::bad_input(e),
    };
    let r = gpu.report();
    let adapter = format!("{} ({}, {})", r.name, r.backend, r.device_type);
    let cases = matrix_cases(depth_offset);
    let header = format!(
        "gpu perft matrix on {adapter}; best of {rounds}; counts checked against the CPU perft"
    );
    if json {
        eprintln!("{header}");
    } else {
        println!("{header}");
        println!(
            "  {:<32} {:<9} {:>5} {:>13} {:>9} {:>11} {:>8} {:>9} {:>10} {:>7}",
            "variant",
            "position",
            "depth",
            "nodes",
            "seconds",
            "M nodes/s",
            "wg B",
            "global B",
            "dispatches",
            "vs first"
        );
    }
    let mut failed = false;
    for case in cases {
        let (name, fen, depth) = (case.name, case.fen, case.depth);
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let want = perft(&pos, depth);
        let mut baseline = None;
        let mut rows: Vec<(String, f64)> = Vec::new();
        for cell in MatrixVariant::all() {
            {
                let vname = cell.name();
                let options = cell.options();
                let wg_bytes = match gpu.resolve_workgroup(&options) {
                    Ok((_, b)) => b,
                    Err(e) => {
                        eprintln!("  {vname:<32} {name:<9} skipped: {e}");
                        continue;
                    }
                };
                // build the pipelines outside the timings
                if let Err(e) = gpu.run_blocking(&pos, 1, &options, |_, _| true) {
                    eprintln!("  {vname:<32} {name:<9} error: {e}");
                    failed = true;
                    continue;
                }
                let mut best: Option<(f64, bitscope::gpu::GpuRun)> = None;
                for _ in 0..rounds {
                    let t0 = Instant::now();
                    match gpu.run_blocking(&pos, depth, &options, |_, _| true) {
                        Ok(run) => {
                            let t = t0.elapsed().as_secs_f64();
                            if best.as_ref().is_none_or(|b| t < b.0) {
                                best = Some((t, run));
                            }
                        }
                        Err(e) => {
                            eprintln!("  {vname:<32} {name:<9} error: {e}");
                            failed = true;
                            break;
                        }
                    }
                }
                let Some((t, run)) = best else { continue };
                let nps = run.nodes as f64 / t;
                if baseline.is_none() && cell.kernel == Variant::Workgroup {
                    baseline = Some(nps);
                }
                rows.push((vname.clone(), nps));
                let ok = run.nodes == want;
                failed |= !ok;
                if json {
                    println!(
                        "{}",
                        serde_json::json!({
                            "variant": vname, "kernel": cell.kernel.name(), "slider": cell.slider.name(),
                            "workgroup_size": run.workgroup_size,
                            "position": name, "fen": fen, "depth": depth, "nodes": run.nodes,
                            "seconds": t, "nps": nps, "workgroup_bytes": wg_bytes,
                            "bytes_per_invocation": cell.bytes_per_invocation(),
                            "global_bytes_per_position": cell.global_bytes_per_position(),
                            "dispatches": run.batches, "split_depth": run.split_depth,
                            "counts_ok": ok, "adapter": adapter,
                        })
                    );
                } else {
                    println!(
                        "  {vname:<32} {name:<9} {depth:>5} {:>13} {t:>9.3} {:>11.1} {wg_bytes:>8} {:>9} {:>10} {:>6.2}x{}",
                        run.nodes,
                        nps / 1e6,
                        cell.global_bytes_per_position(),
                        run.batches,
                        baseline.map_or(f64::NAN, |b| nps / b),
                        if ok { String::new() } else { format!("   COUNT WRONG (want {want})") }
                    );
                }
            }
        }
        let best = winner(rows.iter().map(|(n, x)| (n.as_str(), *x)));
        if let (Some((n, x)), false) = (best, json) {
            println!("  fastest on {name}: {n}, {:.1} M nodes/s", x / 1e6);
        }
    }
    i32::from(failed)
}
