//! `bitscope bench gpu --matrix [--json]`: every GPU perft variant (kernel x
//! workgroup size) on the start position and Kiwipete, one row each, counts
//! checked against the CPU perft. Every name it prints is accepted by
//! `bitscope perft N --gpu --variant NAME`.

use std::time::Instant;

use bitscope::chess::{perft, Position, CPW_POSITIONS};
use bitscope::gpu::packed::POS_BYTES;
use bitscope::gpu::{bfs, GpuPerft, Options, Variant};

/// Workgroup sizes the matrix tries for every kernel.
pub const MATRIX_WORKGROUP_SIZES: [u32; 3] = [64, 128, 256];

/// The matrix name of a variant at a workgroup size: `breadth-first-wg128`.
pub fn variant_name(variant: Variant, workgroup_size: u32) -> String {
    format!("{}-wg{workgroup_size}", variant.name())
}

/// Reads `workgroup`, `private`, `breadth-first` or a matrix name
/// (`private-wg256`): the variant and the workgroup size the name fixes.
pub fn parse_variant(name: &str) -> Option<(Variant, Option<u32>)> {
    let (base, wg) = match name.rsplit_once("-wg") {
        Some((base, wg)) => (base, Some(wg.parse().ok()?)),
        None => (name, None),
    };
    let variant = Variant::EVERY.into_iter().find(|v| v.name() == base)?;
    Some((variant, wg))
}

/// Global memory per position a variant stores: depth-first, the frontier
/// position and its (lo, hi) count; breadth-first, each materialized
/// position and its children's offset.
fn global_bytes(variant: Variant) -> u64 {
    match variant {
        Variant::BreadthFirst => bfs::GLOBAL_BYTES_PER_POSITION,
        _ => POS_BYTES as u64 + 8,
    }
}

pub fn run(rounds: u32, depth_offset: i32, json: bool) -> i32 {
    let gpu = match GpuPerft::new_blocking() {
        Ok(g) => g,
        Err(e) => return super::bad_input(e),
    };
    let r = gpu.report();
    let adapter = format!("{} ({}, {})", r.name, r.backend, r.device_type);
    let [start, kiwipete, ..] = CPW_POSITIONS;
    let depth = |d: i32| (d + depth_offset).clamp(1, 12) as u32;
    let cases = [
        (start.0, start.1, depth(6)),
        (kiwipete.0, kiwipete.1, depth(5)),
    ];
    let header = format!(
        "gpu perft matrix on {adapter}; best of {rounds}; counts checked against the CPU perft"
    );
    if json {
        eprintln!("{header}");
    } else {
        println!("{header}");
        println!(
            "  {:<22} {:<9} {:>5} {:>13} {:>9} {:>11} {:>8} {:>9} {:>10} {:>7}",
            "variant",
            "position",
            "depth",
            "nodes",
            "seconds",
            "M nodes/s",
            "wg B",
            "global B",
            "dispatches",
            "vs wg64"
        );
    }
    let mut failed = false;
    for (name, fen, depth) in cases {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let want = perft(&pos, depth);
        let mut baseline = None;
        for variant in Variant::EVERY {
            for wg in MATRIX_WORKGROUP_SIZES {
                let vname = variant_name(variant, wg);
                let options = Options {
                    variant,
                    workgroup_size: wg,
                    shrink_to_fit: false,
                    ..Options::default()
                };
                let wg_bytes = match gpu.resolve_workgroup(&options) {
                    Ok((_, b)) => b,
                    Err(e) => {
                        eprintln!("  {vname:<22} {name:<9} skipped: {e}");
                        continue;
                    }
                };
                // build the pipelines outside the timings
                if let Err(e) = gpu.run_blocking(&pos, 1, &options, |_, _| true) {
                    eprintln!("  {vname:<22} {name:<9} error: {e}");
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
                            eprintln!("  {vname:<22} {name:<9} error: {e}");
                            failed = true;
                            break;
                        }
                    }
                }
                let Some((t, run)) = best else { continue };
                let nps = run.nodes as f64 / t;
                if variant == Variant::Workgroup && wg == 64 {
                    baseline = Some(nps);
                }
                let ok = run.nodes == want;
                failed |= !ok;
                if json {
                    println!(
                        "{}",
                        serde_json::json!({
                            "variant": vname, "kernel": variant.name(), "workgroup_size": run.workgroup_size,
                            "position": name, "fen": fen, "depth": depth, "nodes": run.nodes,
                            "seconds": t, "nps": nps, "workgroup_bytes": wg_bytes,
                            "global_bytes_per_position": global_bytes(variant),
                            "dispatches": run.batches, "split_depth": run.split_depth,
                            "counts_ok": ok, "adapter": adapter,
                        })
                    );
                } else {
                    println!(
                        "  {vname:<22} {name:<9} {depth:>5} {:>13} {t:>9.3} {:>11.1} {wg_bytes:>8} {:>9} {:>10} {:>6.2}x{}",
                        run.nodes,
                        nps / 1e6,
                        global_bytes(variant),
                        run.batches,
                        baseline.map_or(f64::NAN, |b| nps / b),
                        if ok { String::new() } else { format!("   COUNT WRONG (want {want})") }
                    );
                }
            }
        }
    }
    i32::from(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_matrix_name_parses_back() {
        for v in Variant::EVERY {
            assert_eq!(parse_variant(v.name()), Some((v, None)));
            for wg in MATRIX_WORKGROUP_SIZES {
                assert_eq!(parse_variant(&variant_name(v, wg)), Some((v, Some(wg))));
            }
        }
        assert_eq!(parse_variant("breadth-first-wgx"), None);
        assert_eq!(parse_variant("fast"), None);
    }
}
