//! `bitscope bench gpu --matrix [--json]`: every GPU perft variant
//! (`gpu::matrix`: kernel x slider method x workgroup size) on the start
//! position and Kiwipete, one row each, counts checked against the CPU
//! perft. Every name it prints is accepted by `bitscope perft N --gpu
//! --variant NAME`.

use std::io::IsTerminal;
use std::time::Instant;

use bitscope::gpu::matrix::{adapter_key, matrix_cases, winner, MatrixCase, Winners};
use bitscope::gpu::measure::{measure_matrix, MatrixEvent, MatrixHost, MatrixRow, RowError};
use bitscope::gpu::{GpuPerft, Kernel};

pub fn run(rounds: u32, depth_offset: i32, json: bool) -> i32 {
    let gpu = match GpuPerft::new_blocking() {
        Ok(g) => g,
        Err(e) => return crate::cli::bad_input(e),
    };
    let r = gpu.report();
    let adapter = format!(
        "{} ({}, {}, timestamp queries: {})",
        r.name,
        r.backend,
        r.device_type,
        if r.timestamp_query { "offered" } else { "none" }
    );
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
    let mut term = Terminal {
        start: Instant::now(),
        tty: std::io::stderr().is_terminal(),
        rounds,
        in_rounds: false,
        failed: false,
        json,
        adapter: &adapter,
    };
    let cases = matrix_cases(depth_offset);
    let rows = match pollster::block_on(measure_matrix(&gpu, &cases, rounds, &mut term)) {
        Ok(rows) => rows,
        Err(e) => {
            eprintln!("  error: {e}");
            return 1;
        }
    };
    if !term.failed {
        let measured = bitscope::gpu::measure::variant_speeds(&rows);
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
    i32::from(term.failed)
}

/// The matrix on a terminal: the rounds' progress on stderr (a terminal
/// only), trouble on stderr, each case's rows on stdout when it is done.
struct Terminal<'a> {
    start: Instant,
    tty: bool,
    rounds: u32,
    /// The rounds' progress line is up (a message starts a new line).
    in_rounds: bool,
    /// A run failed or counted wrong.
    failed: bool,
    json: bool,
    adapter: &'a str,
}

impl MatrixHost for Terminal<'_> {
    fn now(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    async fn pause(&mut self) {}

    fn go_on(&self) -> bool {
        true
    }

    fn event(&mut self, event: MatrixEvent<'_>) {
        match event {
            MatrixEvent::Round(case, round) => {
                self.in_rounds = true;
                if self.tty {
                    eprint!("\r  {}: round {round} of {}", case.name, self.rounds);
                }
            }
            MatrixEvent::Trouble(case, v, e) => {
                let nl = if self.tty && self.in_rounds { "\n" } else { "" };
                let what = match e {
                    RowError::Skipped(_) => e.to_string(),
                    RowError::Failed(why) => {
                        self.failed = true;
                        format!("error: {why}")
                    }
                };
                eprintln!("{nl}  {:<32} {:<9} {what}", v.name(), case.name);
            }
            MatrixEvent::CaseDone(case, want, rows) => {
                if self.tty {
                    eprint!("\r{:40}\r", "");
                }
                self.in_rounds = false;
                self.case_rows(case, want, rows);
            }
            _ => {}
        }
    }
}

impl Terminal<'_> {
    /// A case's timed rows, a line (or a JSON object) each, and its fastest.
    fn case_rows(&mut self, case: &MatrixCase, want: u64, rows: &[MatrixRow]) {
        let (name, fen, depth) = (case.name, case.fen, case.depth);
        let mut baseline = None;
        let mut fastest: Vec<(String, f64)> = Vec::new();
        for row in rows {
            let Some(m) = &row.best else { continue };
            let (t, run, v) = (m.seconds, &m.run, &row.variant);
            let vname = v.name();
            let nps = m.nps();
            if baseline.is_none() && v.kernel == Kernel::Workgroup {
                baseline = Some(nps);
            }
            fastest.push((vname.clone(), nps));
            let ok = m.correct;
            self.failed |= !ok;
            if self.json {
                println!(
                    "{}",
                    serde_json::json!({
                        "variant": vname, "kernel": v.kernel.name(), "slider": run.slider.name(),
                        "workgroup_size": run.workgroup_size,
                        "position": name, "fen": fen, "depth": depth, "nodes": run.nodes,
                        "seconds": t, "nps": nps, "workgroup_bytes": row.workgroup_bytes,
                        "bytes_per_invocation": v.bytes_per_invocation(),
                        "private_bytes_per_invocation": v.private_bytes(),
                        "largest_private_array": v.largest_private_array(),
                        "global_bytes_per_position": v.global_bytes_per_position(),
                        "dispatches": run.dispatches, "submits": run.submits,
                        "readbacks": run.readbacks, "kernel_seconds": run.kernel_seconds(),
                        "split_depth": run.split_depth,
                        "counts_ok": ok, "adapter": self.adapter,
                    })
                );
            } else {
                println!(
                    "  {vname:<32} {name:<9} {depth:>5} {:>13} {t:>9.3} {:>11.1} {:>8} {:>8} {:>8} {:>9} {:>10} {:>9} {:>6.2}x{}",
                    run.nodes,
                    nps / 1e6,
                    row.workgroup_bytes,
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
        let best = winner(fastest.iter().map(|(n, x)| (n.as_str(), *x)));
        if let (Some((n, x)), false) = (best, self.json) {
            println!("  fastest on {name}: {n}, {:.1} M nodes/s", x / 1e6);
        }
    }
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
