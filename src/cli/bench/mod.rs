//! `bitscope bench [perft|...]`: speed, measured, with a peer where one is
//! installed (Stockfish's `go perft`, timed in the same run).

// the GPU matrix and its winners file (which `perft --gpu` reads)
mod class;
pub(crate) mod matrix;
mod prove;
mod prove_c;
mod synth;
mod tricks;

use bitscope::bits::rng::Rng;
use bitscope::chess::stockfish::Stockfish;
use bitscope::chess::{perft, Position};
use clap::{Args, ValueEnum};
use std::time::Instant;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Suite {
    /// CPU perft: start depth 6, Kiwipete depth 5, against Stockfish.
    Perft,
    /// de Bruijn magics: enumerate and verify every 64-bit magic (1 and all threads), the ordered walk, nth/rank; naive search for comparison.
    Debruijn,
    /// Trits: table-driven conversion + packing against the plain loop.
    Trits,
    /// Popcount: SWAR, Kernighan's loop and count_ones, nanoseconds per word.
    Popcount,
    /// GPU perft, both kernel variants, next to the CPU perft.
    Gpu,
    /// Magic bitboards: `find` on all 64 squares of each slider (usual bits, seeded).
    Magic,
    /// Equivalence proofs: exhaustive 2^24, 64-bit identities by SAT, every exercise.
    Prove,
    /// The trick catalog: every entry proven against its specification
    /// (5 s budget each, every core), the total and the slowest.
    Tricks,
    /// The class server: a class submitting at once (p50, p99,
    /// submissions/s), then SIGKILL mid-load and a restart (not in `all`).
    Class,
    /// `bitscope synth` on the 25 Hacker's Delight programs of Brahma
    /// (PLDI 2011), one row each (not in `all`).
    Synth,
    /// Everything above but `class` and `synth`.
    All,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Which benchmark.
    #[arg(value_enum, default_value_t = Suite::All)]
    suite: Suite,
    /// Rounds per measurement; the best round counts.
    #[arg(long, default_value_t = 3)]
    rounds: u32,
    /// Perft depths relative to the standard ones (start 6, Kiwipete 5), for
    /// the CPU and the GPU suites: -3 gives a quick smoke run.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    depth_offset: i32,
    /// GPU bench depths relative to the CPU's: -1 for a software adapter, +1
    /// or +2 for a real GPU.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    gpu_depth_offset: i32,
    /// With `gpu`: every variant x workgroup size, one row each (see matrix.rs).
    #[arg(long)]
    matrix: bool,
    /// With `--matrix` or `synth`: one JSON object per line.
    #[arg(long)]
    json: bool,
    /// With `synth`: the table in Markdown.
    #[arg(long)]
    markdown: bool,
    /// With `synth`: seconds per program.
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    /// With `synth`: threads (0: every core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// With `synth`: no constant given, each found as `bitscope synth`
    /// finds them (the spec's own, then 2 s with any constant).
    #[arg(long)]
    find_consts: bool,
    /// With `synth`: the programs to run, "P1,P7" (default: all 25).
    #[arg(long, value_name = "P1,P7")]
    only: Option<String>,
    /// With `synth`: how each length is searched, "auto", "enumerate" or
    /// "sat" (as `bitscope synth --engine`).
    #[arg(long, value_name = "HOW", default_value = "auto")]
    engine: String,
    /// With `class`: the students (each submits every puzzle once).
    #[arg(long, default_value_t = 300)]
    students: usize,
    /// With `class`: the connections at once.
    #[arg(long, default_value_t = 32)]
    connections: usize,
}

pub fn run(args: BenchArgs) -> i32 {
    let rounds = args.rounds.max(1);
    if args.matrix {
        let offset = args.depth_offset + args.gpu_depth_offset;
        return matrix::run(rounds, offset, args.json);
    }
    if args.suite == Suite::Class {
        return class::run(args.students, args.connections);
    }
    if args.suite == Suite::Synth {
        let format = match (args.json, args.markdown) {
            (true, _) => synth::Format::Json,
            (_, true) => synth::Format::Markdown,
            _ => synth::Format::Text,
        };
        let Some(engine) = bitscope::synth::Engine::from_name(&args.engine) else {
            return crate::cli::bad_input("--engine: auto, enumerate or sat");
        };
        let how = synth::How {
            timeout: args.timeout,
            threads: args.threads,
            engine,
            find_consts: args.find_consts,
        };
        return synth::run(&how, args.only.as_deref(), format);
    }
    if matches!(args.suite, Suite::Perft | Suite::All) {
        bench_perft(rounds, args.depth_offset);
    }
    if matches!(args.suite, Suite::Debruijn | Suite::All) {
        bench_debruijn(rounds);
    }
    if matches!(args.suite, Suite::Trits | Suite::All) {
        bench_trits(rounds);
    }
    if matches!(args.suite, Suite::Magic | Suite::All) {
        bench_magic(rounds);
    }
    if matches!(args.suite, Suite::Popcount | Suite::All) {
        bench_popcount(rounds);
    }
    if matches!(args.suite, Suite::Prove | Suite::All) {
        prove::run(rounds);
        prove_c::run(rounds);
    }
    if matches!(args.suite, Suite::Tricks | Suite::All) {
        tricks::run(rounds);
    }
    if matches!(args.suite, Suite::Gpu | Suite::All) {
        bench_gpu(rounds, args.depth_offset + args.gpu_depth_offset);
    }
    0
}

/// The best of `rounds` timings of `f`, and its last result.
pub fn best<T>(rounds: u32, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut out = None;
    for _ in 0..rounds.max(1) {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(r);
    }
    (best, out.expect("at least one round"))
}

fn bench_debruijn(rounds: u32) {
    println!("de Bruijn magics (v & -v), best of {rounds}");
    bench_debruijn_enumeration(rounds);
    bench_debruijn_ranks();
    bench_debruijn_small(rounds);
    bench_debruijn_naive_32();
}

/// Every 64-bit magic, meet in the middle on 1 and on every thread, and the
/// ordered walk on 32 of its 1024 chunks.
fn bench_debruijn_enumeration(rounds: u32) {
    use bitscope::bits::debruijn::{enumerate_chunk, validate, FastEnumerator, Tally};
    let cores = bitscope::chess::parallel::available_threads();
    for threads in [1, cores] {
        let (t, (all, odd, checked)) = best(rounds, || {
            let Ok(e) = FastEnumerator::new_threaded(64, threads) else {
                return (0, 0, true);
            };
            let sums = e.run_threaded(
                threads,
                |acc: &mut (Tally, bool), m| {
                    acc.0.add(m);
                    // an independent full window check on one magic in 2^20
                    if acc.0.all & 0xF_FFFF == 0 {
                        acc.1 |= !validate(64, m).is_ok_and(|v| v.valid);
                    }
                },
                |_, _| {},
            );
            let failed = sums.iter().any(|a| a.1);
            let Tally { all, odd } = sums.into_iter().map(|a| a.0).sum();
            (all, odd, !failed)
        });
        println!(
            "  64-bit: every magic enumerated and verified   {all} ({odd} odd) in {t:.3} s, meet in the middle, {threads} thread(s){}",
            if checked {
                ""
            } else {
                "   A SAMPLED MAGIC FAILED VALIDATION"
            }
        );
    }
    // the ordered walk (depth-first over the de Bruijn graph), on every
    // 32nd chunk: the whole walk takes about 32 times as long
    let (t, n) = best(1, || {
        (0..32u64)
            .map(|k| enumerate_chunk(64, k * 32 + 16, 1024, |_| {}).unwrap_or(0))
            .sum::<u64>()
    });
    println!(
        "  64-bit: ordered circuit walk (one thread)    {n} in 32 of 1024 chunks, {t:.3} s: all would take about {:.1} s",
        t * 32.0
    );
}

/// Any page at once: the k-th magic and a magic's rank, by counting.
fn bench_debruijn_ranks() {
    use bitscope::bits::debruijn::{magic_count, nth_magic, rank_of};
    let total = magic_count(64).unwrap_or(1);
    let ks: Vec<u64> = (0..64u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % total)
        .collect();
    let (mut worst, mut sum) = (0f64, 0f64);
    for &k in ks.iter().chain([0, total - 1].iter()) {
        let start = Instant::now();
        let ok = nth_magic(64, k).and_then(|m| rank_of(64, m)) == Ok(k);
        let t = start.elapsed().as_secs_f64();
        (worst, sum) = (worst.max(t), sum + t);
        if !ok {
            println!("  64-bit: nth/rank DISAGREE at {k}");
        }
    }
    println!(
        "  64-bit: nth_magic + rank_of, {} ranks        {:.2} ms each on average, {:.2} ms at worst",
        ks.len() + 2,
        sum / (ks.len() + 2) as f64 * 1e3,
        worst * 1e3
    );
}

/// The ordered search and the naive one at 8, 16 (and 32) bits.
fn bench_debruijn_small(rounds: u32) {
    use bitscope::bits::debruijn::{enumerate_all, naive_magics, ScanKind};
    for width in [8u32, 16, 32] {
        let (t, n) = best(rounds, || {
            enumerate_all(width, |m| {
                std::hint::black_box(m);
            })
        });
        println!(
            "  {width:>2}-bit: ordered search                      {} in {t:.6} s",
            n.unwrap_or(0)
        );
    }
    for width in [8u32, 16] {
        let (t, v) = best(rounds, || {
            naive_magics(width, ScanKind::Isolate).unwrap_or_default()
        });
        println!(
            "  {width:>2}-bit: naive (try every candidate)         {} in {t:.6} s",
            v.len()
        );
    }
}

/// 32-bit naive, time-boxed: how long all 2^32 candidates would take.
fn bench_debruijn_naive_32() {
    use bitscope::bits::debruijn::{naive_scan, ScanKind};
    let budget = 2.0;
    let start = Instant::now();
    let (mut tried, mut found, mut next) = (0u64, 0u64, Some(0u64));
    while let Some(from) = next {
        if start.elapsed().as_secs_f64() >= budget {
            break;
        }
        match naive_scan(32, ScanKind::Isolate, from, 1 << 22, |_| {}) {
            Ok(p) => {
                tried += p.tried;
                found += p.found;
                next = p.next;
            }
            Err(_) => break,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let per_candidate = secs / tried.max(1) as f64;
    if next.is_none() {
        println!("  32-bit: naive (try every candidate)         {found} in {secs:.2} s (all 2^32 candidates)");
    } else {
        println!(
            "  32-bit: naive, time-boxed                   {found} in {tried} of 2^32 candidates, {secs:.2} s: all would take about {:.0} s",
            per_candidate * 2f64.powi(32)
        );
    }
    println!(
        "  64-bit: naive at that rate would take about {:.1e} years",
        per_candidate * 2f64.powi(64) / 3.156e7
    );
}

fn bench_trits(rounds: u32) {
    use bitscope::bits::trit::{convert_fast, convert_plain};
    // a million random pairs of disjoint boards, the same for both
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let boards: Vec<(u64, u64)> = (0..1 << 20)
        .map(|_| {
            let a = rng.next_u64() & rng.next_u64();
            let b = rng.next_u64() & rng.next_u64() & !a;
            (a, b)
        })
        .collect();
    type Convert = fn(u64, u64) -> Result<([u8; 64], [u8; 13]), bitscope::bits::trit::TritError>;
    let run = |convert: Convert| {
        let mut acc = 0u64;
        for &(a, b) in &boards {
            if let Ok((t, p)) = convert(std::hint::black_box(a), std::hint::black_box(b)) {
                acc = acc.wrapping_add(t[17] as u64 + p[5] as u64);
            }
        }
        acc
    };
    println!(
        "trits: two bitboards -> 64 trits + 13 packed bytes, {} boards, best of {rounds}",
        boards.len()
    );
    let (tp, sp) = best(rounds, || run(convert_plain));
    let (tf, sf) = best(rounds, || run(convert_fast));
    let rate = |t: f64| boards.len() as f64 / t / 1e6;
    println!("  plain per-square loop   {:>8.2} M boards/s", rate(tp));
    println!(
        "  256-entry table         {:>8.2} M boards/s   {:.1}x{}",
        rate(tf),
        tp / tf,
        if sp == sf { "" } else { "   RESULTS DIFFER" }
    );
}

fn bench_magic(rounds: u32) {
    use bitscope::chess::magic_lab::{find, usual_bits, SliderPiece, DEFAULT_MAX_ATTEMPTS};
    use bitscope::chess::Square;
    println!("magic find: all 64 squares, usual bits (one per mask square), seeds 1..=64, best of {rounds}");
    for piece in SliderPiece::ALL {
        let (t, (attempts, failed)) = best(rounds, || {
            let (mut attempts, mut failed) = (0u64, 0u32);
            for s in Square::all() {
                let seed = s.index() as u64 + 1;
                match find(
                    piece,
                    s,
                    usual_bits(piece, s),
                    seed,
                    DEFAULT_MAX_ATTEMPTS,
                    |_| std::ops::ControlFlow::Continue(()),
                ) {
                    Ok(f) => attempts += f.attempts,
                    Err(_) => failed += 1,
                }
            }
            (attempts, failed)
        });
        println!(
            "  {:<6}  {t:>8.3} s   {attempts:>9} attempts   {:>6.1} ns/attempt{}",
            piece.name(),
            t / attempts.max(1) as f64 * 1e9,
            if failed > 0 {
                format!("   {failed} NOT FOUND")
            } else {
                String::new()
            }
        );
    }
}

/// The POPCNT instruction, where the CPU has it (the default x86-64 target
/// does not assume it, so plain `count_ones` compiles to a SWAR sequence).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn popcnt_sum(words: &[u64]) -> u64 {
    words
        .iter()
        .map(|&w| u64::from(std::hint::black_box(w).count_ones()))
        .sum()
}

fn bench_popcount(rounds: u32) {
    use bitscope::bits::popcount::{kernighan, swar64};
    use std::hint::black_box;
    // a million random words (32 bits set on average), and sparse ones (8)
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let dense: Vec<u64> = (0..1 << 20).map(|_| rng.next_u64()).collect();
    let sparse: Vec<u64> = (0..1 << 20).map(|_| rng.sparse()).collect();
    println!(
        "popcount: nanoseconds per word, {} words each, best of {rounds}",
        dense.len()
    );
    for (name, words) in [("random (~32 set)", &dense), ("sparse (~8 set)", &sparse)] {
        let sum =
            |f: fn(u64) -> u32| -> u64 { words.iter().map(|&w| u64::from(f(black_box(w)))).sum() };
        let want: u64 = words.iter().map(|w| u64::from(w.count_ones())).sum();
        let ns = |t: f64| t * 1e9 / words.len() as f64;
        let row = |form: &str, (t, got): (f64, u64)| {
            println!(
                "  {name:<17} {form:<28} {:>6.2} ns/word{}",
                ns(t),
                if got == want { "" } else { "   WRONG SUM" }
            );
        };
        row("SWAR (shifts, masks, mul)", best(rounds, || sum(swar64)));
        row("Kernighan x &= x - 1", best(rounds, || sum(kernighan)));
        row("u64::count_ones", best(rounds, || sum(u64::count_ones)));
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU was just checked to have POPCNT.
            row(
                "POPCNT instruction",
                best(rounds, || unsafe { popcnt_sum(words) }),
            );
        }
    }
}

/// The positions the CPU and GPU benchmarks share, at the standard depths
/// (start 6, Kiwipete 5) moved by `offset` (at least 1).
fn perft_cases(offset: i32) -> [(&'static str, &'static str, u32); 2] {
    let [start, kiwipete, ..] = bitscope::chess::CPW_POSITIONS;
    let depth = |d: i32| (d + offset).clamp(1, 12) as u32;
    [
        (start.0, start.1, depth(6)),
        (kiwipete.0, kiwipete.1, depth(5)),
    ]
}

fn bench_perft(rounds: u32, depth_offset: i32) {
    let threads = bitscope::chess::parallel::available_threads();
    println!("perft, single thread (both engines; Stockfish's go perft has no threads), best of {rounds} (bulk counting at the last ply); then ours on all {threads} threads");
    let _ = perft(&Position::startpos(), 1); // build the tables first
    let mut stockfish = Stockfish::start();
    if let Err(e) = &stockfish {
        println!("  stockfish: {e}");
    }
    for (name, fen, depth) in perft_cases(depth_offset) {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let mut ours = f64::MAX;
        let mut theirs = f64::MAX;
        let mut nodes = 0;
        let mut sf_nodes = None;
        for _ in 0..rounds {
            let t = Instant::now();
            nodes = perft(&pos, depth);
            ours = ours.min(t.elapsed().as_secs_f64());
            if let Ok(sf) = &mut stockfish {
                match sf.perft(fen, depth) {
                    Ok(reply) => {
                        sf_nodes = Some(reply.nodes);
                        theirs = theirs.min(reply.seconds);
                    }
                    Err(e) => println!("  stockfish: {e}"),
                }
            }
        }
        let mnps = |n: u64, s: f64| bitscope::chess::perft::nodes_per_second(n, s) as f64 / 1e6;
        println!(
            "  {name:<9} depth {depth}  bitscope  {nodes:>11} nodes {ours:>7.3} s {:>7.1} M nodes/s",
            mnps(nodes, ours)
        );
        match sf_nodes {
            Some(n) => {
                println!(
                    "  {:<9} depth {depth}  stockfish {n:>11} nodes {theirs:>7.3} s {:>7.1} M nodes/s   ratio {:.2}x{}",
                    "",
                    mnps(n, theirs),
                    mnps(nodes, ours) / mnps(n, theirs),
                    if n == nodes { "" } else { "   COUNTS DIFFER" }
                );
            }
            None => println!("  {:<9} depth {depth}  stockfish: no count (see above)", ""),
        }
        let (t, all) = best(rounds, || {
            bitscope::chess::parallel::perft_parallel(&pos, depth, threads)
        });
        println!(
            "  {:<9} depth {depth}  {:<9} {all:>11} nodes {t:>7.3} s {:>7.1} M nodes/s   all threads, {:.2}x one thread{}",
            "",
            format!("{threads} thr."),
            mnps(all, t),
            ours / t,
            if all == nodes { "" } else { "   COUNTS DIFFER" }
        );
    }
}

fn bench_gpu(rounds: u32, depth_offset: i32) {
    use bitscope::gpu::{GpuPerft, Kernel, Options};
    let gpu = match GpuPerft::new_blocking() {
        Ok(g) => g,
        Err(e) => {
            println!("gpu: {e}");
            return;
        }
    };
    let r = gpu.report();
    println!(
        "gpu perft on {} ({}, {}), workgroup storage {} B; best of {rounds}",
        r.name, r.backend, r.device_type, r.max_compute_workgroup_storage_size
    );
    for variant in Kernel::DEPTH_FIRST {
        // build the pipeline outside the timings
        let _ = gpu.warm_up_blocking(&Position::startpos(), 1, &Options::with_variant(variant));
    }
    for (name, fen, depth) in perft_cases(depth_offset) {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let (cpu_t, cpu_nodes) = best(rounds, || perft(&pos, depth));
        println!(
            "  {name:<9} depth {depth}  cpu            {cpu_nodes:>13} nodes {cpu_t:>8.3} s {:>9.1} M nodes/s",
            bitscope::chess::perft::nodes_per_second(cpu_nodes, cpu_t) as f64 / 1e6
        );
        for variant in Kernel::DEPTH_FIRST {
            let options = Options::with_variant(variant);
            let (t, run) = best(rounds, || {
                gpu.run_blocking(&pos, depth, &options, |_, _| true)
            });
            match run {
                Ok(run) => println!(
                    "  {name:<9} depth {depth}  gpu {:<10} {:>13} nodes {t:>8.3} s {:>9.1} M nodes/s  {:.2}x cpu{}",
                    variant.name(),
                    run.nodes,
                    bitscope::chess::perft::nodes_per_second(run.nodes, t) as f64 / 1e6,
                    cpu_t / t,
                    if run.nodes == cpu_nodes { "" } else { "   COUNTS DIFFER" }
                ),
                Err(e) => println!("  {name:<9} depth {depth}  gpu {:<10} error: {e}", variant.name()),
            }
        }
    }
}
