//! The Magic panel's "check a whole table" card: paste an engine's 64
//! magics (a C or Rust array, or one per line, with its shifts or bit
//! counts), see the 8x8 board of squares valid or not with their bits,
//! open a square in the stepper, and copy the repaired table. The reading,
//! checking and repairing are `chess::magic_lab::table`'s.

use super::cards::copy_button;
use crate::bits::square::Square;
use crate::chess::magic_lab::table::{
    check_table, parse_table, repair, BitsGiven, MagicTable, Repair, TableReport,
};
use crate::chess::magic_lab::SliderPiece;
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::worker::{MagicTableFound, Request};
use std::ops::ControlFlow;
use std::rc::Rc;
use yew::prelude::*;

/// A real engine's tables to start from: Pradyumna Kannan's magicmoves.
const ROOK_EXAMPLE: &str = include_str!("../../../../tests/data/magicmoves_rook.c");
const BISHOP_EXAMPLE: &str = include_str!("../../../../tests/data/magicmoves_bishop.c");

/// Candidates per square the page's repair tries (the usual bits need
/// thousands; it runs on the page, so it stays short).
const REPAIR_ATTEMPTS: u64 = 2_000_000;

#[derive(Properties, PartialEq)]
pub(super) struct TableCardProps {
    pub piece: SliderPiece,
    /// Opens a square in the stepper: its square, magic and bits.
    pub open: Callback<(Square, u64, u32)>,
}

type Checked = Result<(Rc<MagicTable>, Rc<TableReport>), String>;

fn check_text(piece: SliderPiece, text: &str) -> Checked {
    let table = parse_table(piece, text, BitsGiven::Usual).map_err(|e| e.to_string())?;
    let report = check_table(&table).map_err(|e| e.to_string())?;
    Ok((Rc::new(table), Rc::new(report)))
}

#[function_component(TableCard)]
pub(super) fn table_card(props: &TableCardProps) -> Html {
    let piece = props.piece;
    let text = use_state(String::new);
    // the last text that read as a table: bad input keeps the board
    let good = use_state(String::new);
    let error = use_state(|| None::<String>);
    let repaired = use_state(|| None::<Result<Repair, String>>);
    let checked = use_memo((piece, (*good).clone()), |(p, t)| {
        (!t.is_empty()).then(|| check_text(*p, t))
    });
    let set_text = {
        let (text, good, error, repaired) =
            (text.clone(), good.clone(), error.clone(), repaired.clone());
        Callback::from(move |value: String| {
            match check_text(piece, &value) {
                Ok(_) => {
                    error.set(None);
                    good.set(value.clone());
                    repaired.set(None);
                }
                Err(e) => error.set(Some(e)),
            }
            text.set(value);
        })
    };
    let oninput = set_text.reform(|e: InputEvent| {
        let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
        area.value()
    });
    let example = match piece {
        SliderPiece::Rook => ROOK_EXAMPLE,
        SliderPiece::Bishop => BISHOP_EXAMPLE,
    };
    let load_example = set_text.reform(move |_: MouseEvent| example.to_string());
    let body = match checked.as_ref() {
        Some(Ok((table, report))) => {
            let run_repair = {
                let (table, report, repaired) = (table.clone(), report.clone(), repaired.clone());
                Callback::from(move |_: MouseEvent| {
                    let r = repair(&table, &report, 1, REPAIR_ATTEMPTS, |_, _| {
                        ControlFlow::Continue(())
                    });
                    repaired.set(Some(r.map_err(|e| e.to_string())));
                })
            };
            html! {
                <>
                <TableBoard report={report.clone()} open={props.open.clone()} />
                { totals(report) }
                if !report.valid {
                    <button type="button" class="table-repair" onclick={run_repair}>{ "repair the invalid squares" }</button>
                }
                { repaired_view(repaired.as_ref(), &set_text) }
                </>
            }
        }
        Some(Err(e)) => html! { <p class="error-box">{ e.clone() }</p> },
        None => html! { <p class="muted">{ "Paste a table to see its board." }</p> },
    };
    html! {
        <div class="card magic-table">
            <h3>{ format!("Check a whole {piece} table") }</h3>
            <p class="muted">{ "64 magics, a1 first: a C or Rust array (hex or decimal, ULL or u64, comments and trailing commas are fine) or one per line. A second array of shifts (64 − bits) or bit counts gives each square its bits; without one, the usual bits (one per mask square). More bits than the mask has squares are fine, as fixed-shift engines use." }</p>
            <div class={classes!("table-input", error.is_some().then_some("invalid"))}>
                <textarea id="magic-table-text" class="table-text" rows="8" spellcheck="false"
                    value={(*text).clone()} {oninput} aria-invalid={error.is_some().to_string()}
                    placeholder="const U64 RookMagic[64] = { 0x0080001020400080ULL, ... };" />
                if let Some(e) = &*error {
                    <span class="error" role="alert" data-error-for="magic-table-text">{ e.clone() }</span>
                }
            </div>
            <div class="row">
                <button type="button" class="table-example" onclick={load_example}>{ format!("load an engine's {piece} table (magicmoves)") }</button>
            </div>
            <FindTable {piece} {set_text} />
            { body }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct FindTableProps {
    piece: SliderPiece,
    /// Where the table found goes: the card's text (checked like a pasted one).
    set_text: Callback<String>,
}

/// "Find all 64": a magic for every square (each its usual bits) in the
/// worker (`Request::MagicFindAll`, the same search as `bitscope magic
/// find --all`); the table found fills the text above as C, so the board
/// checks it.
#[function_component(FindTable)]
fn find_table(props: &FindTableProps) -> Html {
    let piece = props.piece;
    let job = use_worker_job::<MagicTableFound>();
    {
        let job = job.clone();
        use_effect_with(piece, move |_| job.reset());
    }
    let done = match &*job {
        JobState::Done(f) if f.piece == piece.name() => Some(f.clone()),
        _ => None,
    };
    {
        let set_text = props.set_text.clone();
        use_effect_with(done, move |done| {
            if let Some(f) = done {
                set_text.emit(f.text.clone());
            }
        });
    }
    let start = {
        let job = job.clone();
        Callback::from(move |_: MouseEvent| {
            let request = Request::MagicFindAll {
                piece: piece.name().into(),
                seed: 1,
                max_attempts: REPAIR_ATTEMPTS as f64,
            };
            job.start(&request);
        })
    };
    let cancel = {
        let job = job.clone();
        Callback::from(move |_: MouseEvent| job.cancel())
    };
    html! {
        <div class="row find-table">
            <button type="button" class="find-all" onclick={start} disabled={job.is_running()}>{ format!("find a whole {piece} table (all 64 squares)") }</button>
            if job.is_running() {
                <button type="button" class="find-all-cancel" onclick={cancel}>{ "cancel" }</button>
            }
            { match &*job {
                JobState::Running(p) => html! { <span class="stats find-all-progress">{ format!("{} of 64 squares, {:.1} s", p.done as u64, p.elapsed) }</span> },
                JobState::Done(f) => html! { <span class="stats find-all-done">{ format!("{} of 64 found in {:.2} s: the table below", f.found, f.seconds) }</span> },
                JobState::Failed(e) => html! { <span class="error find-all-error">{ e.clone() }</span> },
                JobState::Cancelled => html! { <span class="muted">{ "Cancelled." }</span> },
                JobState::Idle => html! {},
            } }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct TableBoardProps {
    report: Rc<TableReport>,
    open: Callback<(Square, u64, u32)>,
}

/// 8x8 squares, rank 8 on top: green valid, red not, each with its bits;
/// a click opens the square in the stepper.
#[function_component(TableBoard)]
fn table_board(props: &TableBoardProps) -> Html {
    let squares = &props.report.squares;
    html! {
        <div class="table-board" role="grid" aria-label="the table's squares: index bits, valid or not">
            { for (0..8).rev().flat_map(|rank| (0..8).map(move |file| rank * 8 + file)).map(|i| {
                let s = &squares[i];
                let (square, magic, bits) = (s.square, s.magic, s.bits);
                let title = format!("{square}: 0x{magic:016x}, {bits} bits ({} usual), {}", s.usual_bits,
                    if s.valid { "valid".to_string() } else { format!("{} breaking collisions", s.breaking) });
                html! {
                    <button type="button" class={classes!("tsq", if s.valid { "valid" } else { "invalid" })}
                        data-square={square.to_string()} {title}
                        onclick={props.open.reform(move |_: MouseEvent| (square, magic, bits))}>
                        <span class="tsq-name">{ square.to_string() }</span>
                        <span class="tsq-bits">{ bits }</span>
                    </button>
                }
            }) }
        </div>
    }
}

fn totals(r: &TableReport) -> Html {
    html! {
        <p class="stats table-totals">
            <span class={classes!("table-valid", if r.valid { "ok" } else { "bad" })}>{ format!("{} of 64 squares valid", r.valid_squares) }</span>
            <span class="table-size">{ format!("{:.1} KB (the usual layout: {:.1} KB)", r.size_kb, r.usual_kb) }</span>
            <span class="table-biggest">{ format!("biggest: {} with {} bits, {} entries", r.biggest.square, r.biggest.bits, r.biggest.entries) }</span>
        </p>
    }
}

fn repaired_view(repaired: Option<&Result<Repair, String>>, set_text: &Callback<String>) -> Html {
    match repaired {
        None => html! {},
        Some(Err(e)) => html! { <p class="error-box">{ e.clone() }</p> },
        Some(Ok(r)) => {
            let fixed = r.text.clone();
            html! {
                <div class="table-repaired">
                    <p class="stats">
                        { for r.replaced.iter().map(|x| html! {
                            <span>{ format!("{}: 0x{:016x}", x.square, x.found.magic) }</span>
                        }) }
                        if !r.not_found.is_empty() {
                            <span class="bad">{ format!("no magic found for {}", r.not_found.iter().map(Square::to_string).collect::<Vec<_>>().join(", ")) }</span>
                        }
                    </p>
                    <div class="row">
                        { copy_button("copy the repaired table", fixed.clone(), "table-copy") }
                        <button type="button" class="table-check-repaired" onclick={set_text.reform(move |_: MouseEvent| fixed.clone())}>{ "check the repaired table" }</button>
                    </div>
                    <pre class="code table-repaired-text">{ r.text.clone() }</pre>
                </div>
            }
        }
    }
}
