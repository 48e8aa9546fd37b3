//! The Magic panel's cards: piece and blockers, the stepped lookup, the
//! validator, the finder with the export. Each gets the panel's state and
//! dispatcher ([`CardProps`]); every number comes from `chess::magic_lab`.

use super::{piece_mark, CardProps, CheckedInput};
use crate::bits::square::Square;
use crate::chess::magic_lab::{
    check, export, lookup_trace, mask, occupancy_from_fen, parse_square, usual_bits, Lang,
    SliderPiece, MAX_BITS,
};
use crate::ui::components::{select_value, tab_stop, BitGrid, NumberInput, Roving, StepPlayer};
use crate::ui::hooks::{use_select_value, use_worker_job, JobState};
use crate::ui::state::MagicAction as Action;
use crate::ui::worker::{MagicFound, Request};
use std::rc::Rc;
use yew::prelude::*;

/// Candidates the browser tries before giving up (a few seconds; the usual
/// bits need thousands, one bit fewer more than this on every square).
const MAX_ATTEMPTS: u64 = 200_000_000;

/// The index-bits choice: from a few below the usual count up to
/// [`MAX_BITS`] (engines use more bits than the mask's squares).
fn bits_label(b: u32, usual: u32) -> String {
    use std::cmp::Ordering::*;
    match b.cmp(&usual) {
        Equal => format!("{b} (usual: one per mask square)"),
        Less => format!("{b} ({} fewer)", usual - b),
        Greater => format!("{b} ({} more)", b - usual),
    }
}

#[function_component(SetupCard)]
pub(super) fn setup_card(props: &CardProps) -> Html {
    let dispatch = props.dispatch.clone();
    let s = &props.state;
    let (piece, square, occupancy, magic, bits) = (s.piece, s.square, s.occupancy, s.magic, s.bits);
    let usual = usual_bits(piece, square);
    let m = mask(piece, square);
    let on_square = {
        let dispatch = dispatch.clone();
        Callback::from(move |text: String| {
            let s = parse_square(&text).map_err(|e| e.to_string())?;
            if s != square {
                dispatch.emit(Action::SetSquare(s));
            }
            Ok(())
        })
    };
    let on_fen = {
        let dispatch = dispatch.clone();
        Callback::from(move |text: String| {
            let occ = occupancy_from_fen(&text).map_err(|e| e.to_string())?;
            dispatch.emit(Action::SetOccupancy(occ));
            Ok(())
        })
    };
    let bits_ref = use_select_value(bits.to_string());
    let on_bits =
        dispatch.reform(|e: Event| Action::SetBits(select_value(&e).parse().unwrap_or(0)));
    let lowest = bits.min(usual.saturating_sub(4)).max(1);
    let move_piece = dispatch.reform(|sq: u32| Action::SetSquare(Square::from_index_masked(sq)));
    let marks = piece_mark(piece, square);
    html! {
        <div class="card">
            <h3>{ "Piece, square and blockers" }</h3>
            <div class="tabs" onkeydown={Roving::Choose.keydown()} role="tablist">
                { for SliderPiece::ALL.into_iter().map(|p| html! {
                    <button type="button" role="tab" data-piece={p.name()} aria-selected={(p == piece).to_string()}
                        class={classes!("tab", (p == piece).then_some("active"))} tabindex={tab_stop(p == piece)}
                        onclick={dispatch.reform(move |_: MouseEvent| Action::SetPiece(p))}>{ p.name() }</button>
                }) }
            </div>
            <CheckedInput id="magic-square" label="square" value={square.to_string()} parse={on_square} />
            <div class="grids row">
                <div class="mask-grid"><BitGrid board={m} marks={marks.clone()} small=true on_toggle={move_piece}
                    label={format!("mask: {} squares (click to move the {piece})", m.count_ones())} /></div>
                <div class="occ-grid"><BitGrid board={occupancy} highlight={m} marks={marks} small=true
                    on_toggle={dispatch.reform(Action::Toggle)} label="occupancy (click; ringed = in the mask)" /></div>
            </div>
            <NumberInput label="occupancy" name="magic-occ" value={occupancy} width={64} on_change={dispatch.reform(Action::SetOccupancy)} />
            <CheckedInput id="magic-fen" label="or from a FEN" value={String::new()} parse={on_fen}
                placeholder="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" />
            <NumberInput label="magic" name="magic-magic" value={magic} width={64} on_change={dispatch.reform(Action::SetMagic)} />
            <div class="row">
                <label>{ "index bits " }
                    <select class="magic-bits" onchange={on_bits} ref={bits_ref}>
                        { for (lowest..=MAX_BITS).rev().map(|b| html! {
                            <option value={b.to_string()} selected={b == bits}>{ bits_label(b, usual) }</option>
                        }) }
                    </select>
                </label>
                <button type="button" class="magic-builtin" disabled={props.state.is_builtin()}
                    onclick={dispatch.reform(|_: MouseEvent| Action::Builtin)}>{ "built-in magic" }</button>
            </div>
        </div>
    }
}

#[function_component(LookupCard)]
pub(super) fn lookup_card(props: &CardProps) -> Html {
    let s = &props.state;
    let trace = use_memo(
        (s.piece, s.square, s.occupancy, s.magic, s.bits),
        |&(p, sq, o, mg, b)| {
            lookup_trace(p, sq, o, mg, b)
                .map(Rc::new)
                .map_err(|e| e.to_string())
        },
    );
    let body = match &*trace {
        Ok(t) => {
            let last = &t.steps[t.steps.len() - 1];
            let walk = last.operands.first().map_or(0, |o| o.value.bits);
            let index = t.steps.get(3).map_or(0, |s| s.value.bits);
            let same = last.value.bits == walk;
            html! {
                <>
                <StepPlayer trace={t.clone()} step={s.step} on_step={props.dispatch.reform(Action::Step)} />
                <p class={classes!("magic-answer", if same { "ok" } else { "bad" })}>
                    { "index " }<strong class="magic-index">{ index }</strong>
                    { " → table " }<code class="magic-attack">{ format!("0x{:016x}", last.value.bits) }</code>
                    { " · ray walk " }<code class="magic-walk">{ format!("0x{walk:016x}") }</code>
                    { if same { " ✓ the same" } else { " ✗ different" } }
                </p>
                <div class="grids row">
                    <BitGrid board={last.value.bits} highlight={last.value.bits ^ walk} small=true label="from the table" />
                    <BitGrid board={walk} small=true label="ray walk (reference)" />
                </div>
                </>
            }
        }
        Err(e) => html! { <p class="error-box" role="alert">{ e.clone() }</p> },
    };
    html! {
        <div class="card">
            <h3>{ "The lookup, step by step" }</h3>
            { body }
        </div>
    }
}

#[function_component(ValidateCard)]
pub(super) fn validate_card(props: &CardProps) -> Html {
    let s = &props.state;
    let report = use_memo((s.piece, s.square, s.magic, s.bits), |&(p, sq, mg, b)| {
        check(p, sq, mg, b).map_err(|e| e.to_string())
    });
    let dispatch = props.dispatch.clone();
    let body = match &*report {
        Ok(r) => html! {
            <>
            <p class={classes!("validity", if r.valid { "ok" } else { "bad" })}>
                { if r.valid { format!("valid for {} bits ✓", r.bits) } else { format!("not valid for {} bits: {} breaking collisions", r.bits, r.breaking) } }
            </p>
            <p class="stats">
                <span>{ "indices used " }<strong class="magic-used">{ format!("{} / {}", r.used, 1u64 << r.bits) }</strong></span>
                <span>{ "harmless " }<strong class="magic-harmless">{ r.harmless }</strong></span>
                <span>{ "breaking " }<strong class="magic-breaking">{ r.breaking }</strong></span>
            </p>
            <p class="muted">{ format!("Two keys on one index collide. Harmless: both have the same attack set, so one entry serves both (this is what lets fewer bits work). Breaking: different sets — the table gives one of them a wrong answer. The first {} collisions are listed (and the first breaking one); click a row to look up its second key.", crate::chess::magic_lab::LISTED_COLLISIONS) }</p>
            if r.collisions.is_empty() {
                <p class="muted no-collisions">{ "No collisions: every key has an index of its own." }</p>
            } else {
            <div class="table-scroll">
            <table class="data collisions">
                <thead><tr><th>{ "index" }</th><th>{ "first key" }</th><th>{ "second key" }</th><th>{ "kind" }</th></tr></thead>
                <tbody>
                    { for r.first_breaking.iter().filter(|b| !r.collisions.contains(b)).chain(r.collisions.iter()).map(|c| {
                        let occ = c.occupancies[1];
                        let kind = if c.harmless { "harmless" } else { "breaking" };
                        html! {
                            <tr class={classes!("collision", kind)} onclick={dispatch.reform(move |_: MouseEvent| Action::SetOccupancy(occ))}>
                                <td class="num">{ c.index }</td>
                                <td class="mono">{ format!("0x{:016x}", c.occupancies[0]) }</td>
                                <td class="mono">{ format!("0x{occ:016x}") }</td>
                                <td>{ kind }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            </div>
            }
            </>
        },
        Err(e) => html! { <p class="error-box">{ e.clone() }</p> },
    };
    html! {
        <div class="card magic-validate">
            <h3>{ "Validate the magic" }</h3>
            { body }
        </div>
    }
}

fn copy(text: String) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.navigator().clipboard().write_text(&text);
        }
    })
}

/// The clipboard button of a text (shared with the table card).
pub(super) fn copy_button(label: &str, text: String, class: &'static str) -> Html {
    html! { <button type="button" {class} onclick={copy(text)}>{ label.to_string() }</button> }
}

#[function_component(FindCard)]
pub(super) fn find_card(props: &CardProps) -> Html {
    let s = &props.state;
    let (piece, square, magic, bits) = (s.piece, s.square, s.magic, s.bits);
    let usual = usual_bits(piece, square);
    let finder = use_worker_job::<MagicFound>();
    let seed = use_state(|| 1u32);
    {
        let finder = finder.clone();
        use_effect_with((piece, square), move |_| finder.reset());
    }
    let run_find = {
        let (finder, seed) = (finder.clone(), seed.clone());
        Callback::from(move |_: MouseEvent| {
            finder.start(&Request::MagicFind {
                piece: piece.name().into(),
                square: square.index() as u32,
                bits,
                seed: *seed,
                max_attempts: MAX_ATTEMPTS as f64,
            });
            seed.set(seed.wrapping_add(1).max(1));
        })
    };
    let cancel_find = {
        let finder = finder.clone();
        Callback::from(move |_: MouseEvent| finder.cancel())
    };
    let valid = check(piece, square, magic, bits).is_ok_and(|r| r.valid);
    let dispatch = props.dispatch.clone();
    html! {
        <div class="card magic-find">
            <h3>{ "Find a magic" }</h3>
            <p class="muted">{ format!("Random sparse candidates (the AND of three random words) until one hashes all {} keys of the mask into {bits} bits without a breaking collision; the next run's seed is {}. Fewer bits than {usual} need constructive collisions (harmless ones) in just the right places: far harder — the search gives up after {MAX_ATTEMPTS} candidates.", 1u64 << usual, *seed) }</p>
            <div class="row">
                <button type="button" class="primary find-run" onclick={run_find} disabled={finder.is_running()}>{ format!("find a {bits}-bit magic") }</button>
                <button type="button" class="find-cancel" onclick={cancel_find} disabled={!finder.is_running()}>{ "cancel" }</button>
            </div>
            { match &*finder {
                JobState::Idle => html! {},
                JobState::Running(p) => html! {
                    <p class="stats find-progress"><span>{ "attempts " }<strong class="find-attempts">{ p.done as u64 }</strong>{ format!(" of {}", p.total as u64) }</span><span>{ format!("{:.1} s", p.elapsed) }</span></p>
                },
                JobState::Done(f) => {
                    let value = u64::from_str_radix(f.magic.trim_start_matches("0x"), 16).unwrap_or(magic);
                    let here = f.piece == piece.name() && f.square as usize == square.index();
                    let fb = f.bits;
                    html! {
                        <div class="find-done">
                            <p class="stats">
                                <span>{ "magic " }<strong class="found-magic">{ f.magic.clone() }</strong></span>
                                <span>{ "attempts " }<strong class="found-attempts">{ f.attempts as u64 }</strong></span>
                                <span>{ format!("{} bits", f.bits) }</span>
                                <span class="found-seconds">{ format!("{:.3} s", f.seconds) }</span>
                            </p>
                            if here {
                                <button type="button" class="find-use" onclick={dispatch.reform(move |_: MouseEvent| Action::UseMagic { magic: value, bits: fb })}>{ "use this magic" }</button>
                            }
                        </div>
                    }
                }
                JobState::Cancelled => html! { <p class="muted find-cancelled">{ "Cancelled." }</p> },
                JobState::Failed(e) => html! { <p class="error-box find-error">{ e.clone() }</p> },
            } }
            <h3 class="export-title">{ "Export this square" }</h3>
            if valid {
                { for Lang::ALL.into_iter().map(|lang| {
                    let code = export(lang, piece, square, magic, bits).unwrap_or_default();
                    let lang = lang.name();
                    html! {
                        <div class="export">
                            <div class="row"><strong>{ lang }</strong>
                                { copy_button(&format!("copy as {lang}"), code.clone(), "copy") }</div>
                            <pre class={format!("code export-{}", lang.to_ascii_lowercase())}>{ code }</pre>
                        </div>
                    }
                }) }
            } else {
                <p class="muted">{ "Only a valid magic is exported." }</p>
            }
        </div>
    }
}
