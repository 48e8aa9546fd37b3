//! `bitscope bench gpu --matrix [--json]`: every GPU perft variant
//! (`gpu::matrix`: kernel x slider method x workgroup size) on the start
//! position and Kiwipete, one row each, counts checked against the CPU
//! perft. Every name it prints is accepted by `bitscope perft N --gpu
//! --variant NAME`.

use std::io::IsTerminal;
use std::time::Instant;

use bitscope::chess::perft::nodes_per_second;
use bitscope::chess::{perft, Position};
use bitscope::gpu::matrix::{adapter_key, matrix_cases, winner, MatrixVariant, Winners};
use bitscope::gpu::{GpuPerft, GpuRun, Variant};

pub fn run(rounds: u32, depth_offset: i32, json: bool) -> i32 {
    let gpu = match GpuPerft::new_blocking() {
        Ok(g) => g,
        Err(e) => return super::bad_input(e),
    };
    let r = gpu.report();
    let adapter = format!(
        "{} ({}, {}, timestamp queries: {})",
        r.name,
        r.backend,
        r.device_type,
        if r.timestamp_query { "offered" } else { "none" }
    );
    let cases = matrix_cases(depth_offset);
    let header = format!(
        "gpu perft matrix on {adapter}; best of {rounds} rounds (each round runs every variant once); counts checked against the CPU perft"
    );
    if json {
        eprintln!("{header}");
    } else {
        println!("{header}");
        println!(
            "  {:<32} {:<9} {:>5} {:>13} {:>9} {:>11} {:>8} {:>8} {:>8} {:>9} {:>10} {:>9} {:>7}",
            "variant",
            "position",
            "depth",
            "nodes",
            "seconds",
            "M nodes/s",
            "wg B",
            "wg B/inv",
            "priv B",
            "global B",
            "dispatches",
            "readbacks",
            "vs first"
        );
    }
    // the rounds' progress, on a terminal only
    let tty = std::io::stderr().is_terminal();
    let mut failed = false;
    // every measured row of both positions, for the adapter's winner
    let mut measured: Vec<(MatrixVariant, f64)> = Vec::new();
    for case in cases {
        let (name, fen, depth) = (case.name, case.fen, case.depth);
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let want = perft(&pos, depth);
        let mut cells = warm_cells(&gpu, &pos, name, &mut failed);
        // rounds interleaved: each round runs every variant once, so a burst
        // of load on the host slows one round of a variant, not all of them
        for round in 1..=rounds {
            if tty {
                eprint!("\r  {name}: round {round} of {rounds}");
            }
            for cell in cells.iter_mut().filter(|c| !c.failed) {
                let t0 = Instant::now();
                match gpu.run_blocking(&pos, depth, &cell.variant.options(), |_, _| true) {
                    Ok(run) => {
                        let t = t0.elapsed().as_secs_f64();
                        if cell.best.as_ref().is_none_or(|b| t < b.0) {
                            cell.best = Some((t, run));
                        }
                    }
                    Err(e) => {
                        let nl = if tty { "\n" } else { "" };
                        eprintln!("{nl}  {:<32} {name:<9} error: {e}", cell.variant.name());
                        cell.failed = true;
                        failed = true;
                    }
                }
            }
        }
        if tty {
            eprint!("\r{:40}\r", "");
        }
        let mut baseline = None;
        let mut rows: Vec<(String, f64)> = Vec::new();
        for cell in &cells {
            let Some((t, run)) = &cell.best else { continue };
            let (t, v) = (*t, &cell.variant);
            let vname = v.name();
            let nps = nodes_per_second(run.nodes, t) as f64;
            if baseline.is_none() && v.kernel == Variant::Workgroup {
                baseline = Some(nps);
            }
            rows.push((vname.clone(), nps));
            match measured.iter_mut().find(|m| m.0 == *v) {
                Some(m) => m.1 += nps,
                None => measured.push((*v, nps)),
            }
            let ok = run.nodes == want;
            failed |= !ok;
            if json {
                println!(
                    "{}",
                    serde_json::json!({
                        "variant": vname, "kernel": v.kernel.name(), "slider": v.slider.name(),
                        "workgroup_size": run.workgroup_size,
                        "position": name, "fen": fen, "depth": depth, "nodes": run.nodes,
                        "seconds": t, "nps": nps, "workgroup_bytes": cell.wg_bytes,
                        "bytes_per_invocation": v.bytes_per_invocation(),
                        "private_bytes_per_invocation": v.private_bytes(),
                        "largest_private_array": v.largest_private_array(),
                        "global_bytes_per_position": v.global_bytes_per_position(),
                        "dispatches": run.dispatches, "submits": run.submits,
                        "readbacks": run.readbacks, "kernel_seconds": run.kernel_seconds(),
                        "split_depth": run.split_depth,
                        "counts_ok": ok, "adapter": adapter,
                    })
                );
            } else {
                println!(
                    "  {vname:<32} {name:<9} {depth:>5} {:>13} {t:>9.3} {:>11.1} {:>8} {:>8} {:>8} {:>9} {:>10} {:>9} {:>6.2}x{}",
                    run.nodes,
                    nps / 1e6,
                    cell.wg_bytes,
                    v.bytes_per_invocation(),
                    v.private_bytes(),
                    v.global_bytes_per_position(),
                    run.dispatches,
                    run.readbacks,
                    baseline.map_or(f64::NAN, |b| nps / b),
                    if ok { String::new() } else { format!("   COUNT WRONG (want {want})") }
                );
            }
        }
        let best = winner(rows.iter().map(|(n, x)| (n.as_str(), *x)));
        if let (Some((n, x)), false) = (best, json) {
            println!("  fastest on {name}: {n}, {:.1} M nodes/s", x / 1e6);
        }
    }
    if !failed {
        let mut winners = load_winners();
        if let Some(slider) = winners.record(&adapter_key(r), &measured) {
            save_winners(&winners);
            let line =
                format!("  perft --gpu on this adapter now defaults to breadth-first-{slider}");
            if json {
                eprintln!("{line}");
            } else {
                println!("{line}");
            }
        }
    }
    i32::from(failed)
}

/// One variant of the matrix on one position: its best run so far.
struct Cell {
    variant: MatrixVariant,
    wg_bytes: u64,
    best: Option<(f64, GpuRun)>,
    failed: bool,
}

/// The variants the adapter runs, each with its pipelines built (one run
/// at depth 1) so that compiling stays outside the timings.
fn warm_cells(gpu: &GpuPerft, pos: &Position, name: &str, failed: &mut bool) -> Vec<Cell> {
    let mut cells = Vec::new();
    for variant in MatrixVariant::all() {
        let vname = variant.name();
        let options = variant.options();
        let wg_bytes = match gpu.resolve_workgroup(&options) {
            Ok((_, b)) => b,
            Err(e) => {
                eprintln!("  {vname:<32} {name:<9} skipped: {e}");
                continue;
            }
        };
        if let Err(e) = gpu.run_blocking(pos, 1, &options, |_, _| true) {
            eprintln!("  {vname:<32} {name:<9} error: {e}");
            *failed = true;
            continue;
        }
        cells.push(Cell {
            variant,
            wg_bytes,
            best: None,
            failed: false,
        });
    }
    cells
}

/// Where `bench gpu --matrix` keeps each adapter's winner for `perft --gpu`:
/// `$BITSCOPE_CACHE`, else `$XDG_CACHE_HOME/bitscope`, else
/// `~/.cache/bitscope`, file `gpu-winners.json`.
fn winners_path() -> Option<std::path::PathBuf> {
    let dir = std::env::var_os("BITSCOPE_CACHE")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("XDG_CACHE_HOME").map(|d| std::path::Path::new(&d).join("bitscope"))
        })
        .or_else(|| {
            std::env::var_os("HOME").map(|d| std::path::Path::new(&d).join(".cache/bitscope"))
        })?;
    Some(dir.join("gpu-winners.json"))
}

/// The saved winners (none when no matrix has run or the file is unreadable).
pub fn load_winners() -> Winners {
    winners_path()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

fn save_winners(winners: &Winners) {
    let Some(path) = winners_path() else { return };
    let saved = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| {
            std::fs::write(
                &path,
                serde_json::to_string_pretty(winners).unwrap_or_default(),
            )
        });
    if let Err(e) = saved {
        eprintln!("could not save the winner to {}: {e}", path.display());
    }
}
