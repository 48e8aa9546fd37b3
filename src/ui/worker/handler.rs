//! The worker side: `static/worker.js` loads this same wasm module and hands
//! every message to [`worker_handle`], which posts [`WorkerEvent`]s back.
//! The names `worker_handle` and `worker_warm_step` are the module's exports
//! that worker.js imports.

use super::pace::{now_seconds, Task};
use super::protocol::{
    DebruijnCount, MagicFound, MagicPage, MagicTableFound, PerftResult, Request, SearchProgress,
    SuiteResult, WorkerEvent,
};
use crate::bits::debruijn;
use crate::chess::perft::{divide_part_with, part_moves};
use crate::chess::perft::{divide_total, uci_rows};
use crate::chess::Position;
use std::ops::ControlFlow;
use wasm_bindgen::prelude::*;

/// Runs one request, calling `post(event)` for each event.
#[wasm_bindgen]
pub fn worker_handle(request: JsValue, post: &js_sys::Function) -> Result<(), JsValue> {
    match serde_wasm_bindgen::from_value(request) {
        Ok(request) => handle(request, post),
        Err(e) => post_event(
            post,
            &WorkerEvent::Error {
                message: format!("bad request: {e}"),
            },
        ),
    }
}

/// Runs `request`, posting each event to `post`: the one path of every
/// request and of the warm-ups, so that V8 optimises the calls a real
/// request makes (its optimised code guesses the targets of indirect
/// calls from the runs before, and a new target sends the running call
/// back to the baseline code: the 64-bit enumeration took 0.9-1.0 s after
/// a warm-up with another progress callback, 0.49-0.53 s with
/// `--no-wasm-deopt`).
fn handle(request: Request, post: &js_sys::Function) -> Result<(), JsValue> {
    let send = |event: &WorkerEvent| post_event(post, event);
    let event = run(request, &Task::new(now_seconds(), &send))?;
    send(&event)
}

fn post_event(post: &js_sys::Function, event: &WorkerEvent) -> Result<(), JsValue> {
    let value = serde_wasm_bindgen::to_value(event)?;
    post.call1(&JsValue::NULL, &value).map(|_| ())
}

/// One request: its last event (the result or an error).
fn run(request: Request, task: &Task) -> Result<WorkerEvent, JsValue> {
    let error = |message: String| WorkerEvent::Error { message };
    Ok(match request {
        Request::Perft {
            fen,
            depth,
            part,
            parts,
        } => match Position::from_fen(&fen) {
            Ok(position) => perft_part(&position, depth, (part, parts), task)?,
            Err(e) => error(e.to_string()),
        },
        Request::DebruijnCount { width, part, parts } => debruijn_count(width, (part, parts), task),
        Request::DebruijnPage {
            width,
            offset,
            limit,
        } => debruijn_page(width, offset, limit),
        Request::Suite {
            text,
            max_nodes,
            part,
            parts,
        } => run_suite(&text, max_nodes as u64, (part, parts), task)?,
        Request::MagicFind {
            piece,
            square,
            bits,
            seed,
            max_attempts,
        } => match find_magic(&piece, square, bits, seed, max_attempts, task) {
            Ok(found) => WorkerEvent::MagicFound(found),
            Err(message) => error(message),
        },
        Request::MagicFindAll {
            piece,
            seed,
            max_attempts,
        } => match find_table(&piece, seed, max_attempts, task) {
            Ok(found) => WorkerEvent::MagicTableFound(found),
            Err(message) => error(message),
        },
        Request::Synth(ask) => match super::synth::SynthAsk::read(&ask) {
            Ok(ask) => super::checks::synth_event(&ask, task)?,
            Err(message) => error(message),
        },
        Request::TricksSearch { query } => {
            WorkerEvent::TricksFound(super::tricks::TricksFound::compute(&query))
        }
        Request::Prove { left, right, width } => {
            super::checks::prove_event(&left, &right, width, task)?
        }
        Request::Practice { id, answer } => super::checks::practice_event(&id, &answer, task)?,
        Request::ProveC {
            left,
            right,
            left_fn,
        } => super::checks::prove_c_event(&left, &right, left_fn.as_deref(), task)?,
        Request::Grade {
            puzzles,
            reference,
            student,
        } => super::checks::grade_event(&puzzles, &reference, &student, task)?,
        Request::RunC { src, func, args } => {
            WorkerEvent::RanC(super::CRunDone::compute(&src, func.as_deref(), &args))
        }
        Request::DepthHint { fen, total } => depth_hint(&fen, total),
    })
}

/// Every de Bruijn multiplier of `width` in this worker's share of the
/// chunks, counted.
fn debruijn_count(width: u32, (part, parts): (u32, u32), task: &Task) -> WorkerEvent {
    match enumerate_in_chunks(width, (part as usize, parts as usize), task) {
        Ok((multipliers, odd)) => WorkerEvent::DebruijnDone(DebruijnCount {
            width,
            multipliers: multipliers as f64,
            odd: odd as f64,
            seconds: task.seconds(),
        }),
        Err(message) => WorkerEvent::Error { message },
    }
}

/// A page of the ascending list of multipliers, as hex text.
fn debruijn_page(width: u32, offset: u64, limit: u32) -> WorkerEvent {
    match debruijn::nth_magics(width, offset, limit as usize) {
        Ok(list) => WorkerEvent::PageDone(MagicPage {
            width,
            offset: offset as f64,
            magics: list
                .iter()
                .map(|&m| crate::bits::word::Word::new(m, width).hex())
                .collect(),
        }),
        Err(e) => WorkerEvent::Error {
            message: e.to_string(),
        },
    }
}

/// The depth whose perft a pasted total is (the divide compare's hint).
fn depth_hint(fen: &str, total: f64) -> WorkerEvent {
    match crate::chess::Setup::from_fen(fen) {
        Ok(setup) => WorkerEvent::DepthHinted(super::protocol::DepthHintDone {
            hint: crate::chess::compare::depth_hint(&setup, total as u64)
                .map(|(d, t)| (d, t as f64)),
        }),
        Err(e) => WorkerEvent::Error {
            message: e.to_string(),
        },
    }
}

/// A pool member's share of a perft's root moves (`part` of `parts`), with
/// a progress event per root move (throttled) and the divide at the end.
fn perft_part(
    position: &Position,
    depth: u32,
    (part, parts): (u32, u32),
    task: &Task,
) -> Result<WorkerEvent, JsValue> {
    // the part's size first, so that a pool's bar has its total
    let mine = part_moves(position, part as usize, parts as usize).len();
    let total = if depth == 0 { 0.0 } else { mine as f64 };
    task.report(0.0, total, format!("{mine} root moves to count"))?;
    let mut failed = None;
    let rows = divide_part_with(position, depth, part as usize, parts as usize, |p| {
        let (done, total) = ((p.index + 1) as f64, p.total as f64);
        match task.progress(done, total, || format!("{} {}", p.mv.to_uci(), p.nodes)) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    })
    .unwrap_or_else(|c| c.partial);
    if let Some(e) = failed {
        return Err(e);
    }
    // depth 0 counts the root once, in part 0 only
    let nodes = if part == 0 || depth > 0 {
        divide_total(&rows, depth)
    } else {
        0
    };
    Ok(WorkerEvent::PerftDone(PerftResult {
        nodes: nodes as f64,
        seconds: task.seconds(),
        divide: uci_rows(&rows)
            .into_iter()
            .map(|(m, n)| (m, n as f64))
            .collect(),
    }))
}

/// `chess::magic_lab::find` with a progress event at most every 40 ms.
fn find_magic(
    piece: &str,
    square: u32,
    bits: u32,
    seed: u32,
    max_attempts: f64,
    task: &Task,
) -> Result<MagicFound, String> {
    use crate::chess::magic_lab::{find, SliderPiece};
    let slider: SliderPiece = piece.parse().map_err(|e| format!("{e}"))?;
    let sq = u8::try_from(square)
        .ok()
        .and_then(crate::bits::square::Square::new)
        .ok_or_else(|| format!("square index {square} is out of range (0..=63)"))?;
    // (a failed post stops the search: the page is gone)
    let progress = |n: u64| {
        let sent = task.progress(n as f64, max_attempts, || format!("{n} attempts"));
        if sent.is_ok() {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    };
    let found = find(slider, sq, bits, seed as u64, max_attempts as u64, progress)
        .map_err(|e| e.to_string())?;
    Ok(MagicFound {
        piece: slider.name().to_string(),
        square,
        magic: format!("0x{:016x}", found.magic),
        bits: found.bits,
        attempts: found.attempts as f64,
        seconds: task.seconds(),
    })
}

/// Visits every magic of a width with the meet-in-the-middle enumerator:
/// grows the half-sequence tree, then joins it chunk by chunk, posting the
/// tree's live leaf and cut counts and the magics so far; returns (all, odd).
fn enumerate_in_chunks(
    width: u32,
    (part, parts): (usize, usize),
    task: &Task,
) -> Result<(u64, u64), String> {
    // One bar for both phases: BUILD_STEPS steps while the tree grows, then
    // one per join chunk (1024 from each worker), throttled.
    const BUILD_STEPS: usize = 64;
    let total = |chunks: usize| (BUILD_STEPS + chunks) as f64;
    let report = |done: f64,
                  total: f64,
                  label: String,
                  phase: &str,
                  s: &debruijn::SearchStats,
                  magics: u64| {
        let search = || SearchProgress {
            phase: phase.into(),
            leaves: s.leaves as f64,
            cut_repeat: s.cut_repeat as f64,
            cut_cycle: s.cut_cycle as f64,
            magics: magics as f64,
        };
        task.progress_with(done, total, || (label, Some(search())))
            .map_err(|e| format!("{e:?}"))
    };
    let chunks =
        debruijn::FastEnumerator::share_chunks(width, part, parts).map_err(|e| e.to_string())?;
    let mut failed = None;
    let mut calls = 0usize;
    let enumerator = debruijn::FastEnumerator::new_part(width, part, parts, |done, all, s| {
        calls += 1;
        let label = format!("growing the first halves: {done} of {all} subtrees");
        match report(
            calls.min(BUILD_STEPS) as f64,
            total(chunks),
            label,
            "half-sequences",
            s,
            0,
        ) {
            Ok(()) => true,
            Err(e) => {
                failed = Some(e);
                false
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let enumerator = enumerator.map_err(|e| e.to_string())?;
    let stats = enumerator.stats();
    let mine: Vec<usize> = enumerator.my_chunks().collect();
    let chunks = mine.len();
    let mut tally = debruijn::Tally::default();
    let mut scratch = debruijn::JoinScratch::default();
    for (i, &k) in mine.iter().enumerate() {
        enumerator
            .run_chunk_in(k, &mut scratch, |m| tally.add(m))
            .map_err(|e| e.to_string())?;
        let label = format!("joining the halves: chunk {} of {chunks}", i + 1);
        report(
            (BUILD_STEPS + i + 1) as f64,
            total(chunks),
            label,
            "join",
            &stats,
            tally.all,
        )?;
    }
    Ok((tally.all, tally.odd))
}

/// This worker's share of a perft suite: its lines (every `parts`-th
/// readable one), each count with `chess::perft`, a progress report (at
/// most every 40 ms) per count.
fn run_suite(
    text: &str,
    max_nodes: u64,
    (part, parts): (u32, u32),
    task: &Task,
) -> Result<WorkerEvent, JsValue> {
    use crate::chess::suite::{parse_suite, run_line_timed};
    let (lines, _) = parse_suite(text);
    let parts = parts.max(1) as usize;
    let mine: Vec<_> = lines
        .iter()
        .enumerate()
        .filter(|(k, _)| k % parts == part as usize)
        .map(|(_, l)| l)
        .collect();
    let total = mine
        .iter()
        .map(|l| l.planned(max_nodes).count())
        .sum::<usize>() as f64;
    let mut done = 0.0;
    let mut results = Vec::with_capacity(mine.len());
    for line in mine {
        let r = run_line_timed(line, max_nodes, now_seconds, |p, d| {
            done += 1.0;
            task.progress(done, total, || format!("line {} depth {d}", line.line))?;
            Ok::<u64, JsValue>(crate::chess::perft(p, d))
        })?;
        results.push(r);
    }
    Ok(WorkerEvent::SuiteDone(SuiteResult {
        lines: results,
        seconds: task.seconds(),
    }))
}

/// One step of the warm-up, 10-20 ms: a whole 32-bit enumeration and a
/// start perft to depth 5 (4.9 M nodes), each through [`handle`] (its
/// events to `post`, which drops them). `static/worker.js` repeats it for
/// 0.3 s, or until the first request comes: a fresh wasm module starts in
/// V8's baseline compiler, at about half speed, a call under way never
/// switches, and V8 compiles a hot function again in the background, so
/// warming up takes time, not one call (docs/performance.md).
#[wasm_bindgen]
pub fn worker_warm_step(post: &js_sys::Function) {
    let _ = handle(Request::debruijn_count(32), post);
    let start = Request::Perft {
        fen: Position::startpos().to_fen(),
        depth: 5,
        part: 0,
        parts: 1,
    };
    let _ = handle(start, post);
}

/// A whole table, each square with its usual bits and `seed` (as
/// `magic find --all`), written as C.
fn find_table(
    piece: &str,
    seed: u32,
    max_attempts: f64,
    task: &Task,
) -> Result<MagicTableFound, String> {
    use crate::bits::square::Square;
    use crate::chess::magic_lab::{export_table, find_squares, Lang, SliderPiece};
    let slider: SliderPiece = piece.parse().map_err(|e| format!("{e}"))?;
    let found = find_squares(
        slider,
        Square::all(),
        None,
        seed.into(),
        max_attempts as u64,
        |n| {
            let sent = task.progress(n as f64, 64.0, || format!("{n} squares"));
            if sent.is_ok() {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        },
    )
    .map_err(|e| e.to_string())?;
    let magics: Vec<Option<(u64, u32)>> = found
        .iter()
        .map(|s| s.found.map(|f| (f.magic, f.bits)))
        .collect();
    let not_found: Vec<String> = found
        .iter()
        .filter(|s| s.found.is_none())
        .map(|s| s.square.to_string())
        .collect();
    Ok(MagicTableFound {
        piece: slider.name().to_string(),
        text: export_table(Lang::C, slider, &magics),
        found: 64 - not_found.len() as u32,
        not_found,
        seconds: task.seconds(),
    })
}
