//! Magic bitboards: a slider's attack set looked up with one multiply —
//! `occ & mask`, `× magic`, `>> (64 − bits)`, the index, the table — beside
//! the ray walk; any magic validated (harmless and breaking collisions); a
//! magic found in a Web Worker; one square's constants exported.
//!
//! URL state: `ui::state::MagicState` (`piece`, `sq`, `occ`, `magic`,
//! `bits`, `step`). The numbers come from `chess::magic_lab`.

use super::PanelProps;
use crate::bits::square::Square;
use crate::chess::magic_lab::{
    check, export_c, export_rust, lookup_trace, mask, occupancy_from_fen, parse_square, usual_bits,
    Slider,
};
use crate::ui::components::{panel_link, BitGrid, NumberInput, StepPlayer};
use crate::ui::hooks::{use_select_value, use_worker_job, JobState};
use crate::ui::state::{
    DebruijnAction, DebruijnState, MagicAction as Action, MagicState, PanelState,
};
use crate::ui::worker::{MagicFound, Request};
use std::rc::Rc;
use yew::prelude::*;

/// Candidates the browser tries before giving up (a few seconds; the usual
/// bits need thousands, one bit fewer more than this on every square).
const MAX_ATTEMPTS: u64 = 200_000_000;

/// Collisions listed of each kind.
const LISTED: usize = 12;

/// The piece's letter on its square, for a BitGrid's marks.
fn piece_mark(piece: Slider, square: Square) -> Rc<Vec<String>> {
    let letter = match piece {
        Slider::Rook => "R",
        Slider::Bishop => "B",
    };
    Rc::new(
        (0..64)
            .map(|i| {
                if i == square.index() {
                    letter.into()
                } else {
                    String::new()
                }
            })
            .collect(),
    )
}

/// A text field whose value is checked by `parse` on every keystroke: a
/// good one is sent up, a bad one shows its error and changes nothing.
#[derive(Properties, PartialEq)]
struct CheckedInputProps {
    id: AttrValue,
    label: AttrValue,
    /// The state's value, as text (shown again when it changes outside).
    value: String,
    /// Reads the text: `Ok` sends it on, `Err` is the message shown.
    parse: Callback<String, Result<(), String>>,
    #[prop_or_default]
    placeholder: AttrValue,
}

#[function_component(CheckedInput)]
fn checked_input(props: &CheckedInputProps) -> Html {
    let text = use_state(|| props.value.clone());
    let error = use_state(|| None::<String>);
    {
        let (text, error) = (text.clone(), error.clone());
        use_effect_with(props.value.clone(), move |v| {
            text.set(v.clone());
            error.set(None);
        });
    }
    let oninput = {
        let (text, error, parse) = (text.clone(), error.clone(), props.parse.clone());
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let value = input.value();
            error.set(parse.emit(value.clone()).err());
            text.set(value);
        })
    };
    html! {
        <div class={classes!("number-input", error.is_some().then_some("invalid"))}>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input id={props.id.clone()} type="text" spellcheck="false" autocomplete="off"
                class="fen-input" value={(*text).clone()} {oninput} placeholder={props.placeholder.clone()}
                aria-invalid={error.is_some().to_string()} />
            if let Some(e) = &*error {
                <span class="error" role="alert" data-error-for={props.id.clone()}>{ e.clone() }</span>
            }
        </div>
    }
}

#[function_component(MagicPanel)]
pub fn magic_panel(props: &PanelProps) -> Html {
    let state: MagicState = props.state();
    let dispatch = props.dispatch(&state);
    let MagicState {
        piece,
        square,
        occupancy,
        magic,
        bits,
        step,
    } = state.clone();
    let usual = usual_bits(piece, square);
    let m = mask(piece, square);

    let trace = use_memo(
        (piece, square, occupancy, magic, bits),
        |&(p, s, o, mg, b)| {
            lookup_trace(p, s, o, mg, b)
                .map(Rc::new)
                .map_err(|e| e.to_string())
        },
    );
    let report = use_memo((piece, square, magic, bits), |&(p, s, mg, b)| {
        check(p, s, mg, b).map_err(|e| e.to_string())
    });

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
    let on_bits = dispatch.reform(|e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        Action::SetBits(select.value().parse().unwrap_or(0))
    });
    let lowest = bits.min(usual.saturating_sub(4)).max(1);
    let move_piece = dispatch.reform(|sq: u32| Action::SetSquare(Square::from_index_masked(sq)));
    let marks = piece_mark(piece, square);
    let copy = |text: String| {
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&text);
            }
        })
    };
    let debruijn = DebruijnState::default().apply(DebruijnAction::SetWidth(64));
    let valid = report.as_ref().as_ref().is_ok_and(|r| r.valid);

    html! {
        <section class="panel magic">
            <h2>{ "Magic bitboards" }</h2>
            <p class="lede">
                { "A rook's or bishop's attack set in one lookup: keep the blockers on its rays (occ & mask), multiply by a magic, keep the top bits of the 64-bit product (>> (64 − bits)) and read a table filled once from the ray walk. It is the de Bruijn scan's multiply-and-keep-the-top-bits hash, on a different key set." }
            </p>
            { panel_link(&debruijn, "see also: the same hash in the de Bruijn bit scan".into()) }
            <div class="cols even">
                <div class="card">
                    <h3>{ "Piece, square and blockers" }</h3>
                    <div class="tabs" role="tablist">
                        { for Slider::ALL.into_iter().map(|p| html! {
                            <button type="button" role="tab" data-piece={p.name()} aria-selected={(p == piece).to_string()}
                                class={classes!("tab", (p == piece).then_some("active"))}
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
                                { for (lowest..=usual).rev().map(|b| html! {
                                    <option value={b.to_string()} selected={b == bits}>
                                        { if b == usual { format!("{b} (usual: one per mask square)") } else { format!("{b} ({} fewer)", usual - b) } }
                                    </option>
                                }) }
                            </select>
                        </label>
                        <button type="button" class="magic-builtin" disabled={state.is_builtin()}
                            onclick={dispatch.reform(|_: MouseEvent| Action::Builtin)}>{ "built-in magic" }</button>
                    </div>
                </div>
                <div class="card">
                    <h3>{ "The lookup, step by step" }</h3>
                    { match &*trace {
                        Ok(t) => {
                            let last = &t.steps[t.steps.len() - 1];
                            let walk = last.operands.first().map_or(0, |o| o.value.bits);
                            let index = t.steps.get(3).map_or(0, |s| s.value.bits);
                            let same = last.value.bits == walk;
                            html! {
                                <>
                                <StepPlayer trace={t.clone()} {step} on_step={dispatch.reform(Action::Step)} />
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
                    } }
                </div>
            </div>
            <div class="cols even">
                <div class="card magic-validate">
                    <h3>{ "Validate the magic" }</h3>
                    { match &*report {
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
                            <p class="muted">{ "Two keys on one index collide. Harmless: both have the same attack set, so one entry serves both (this is what lets fewer bits work). Breaking: different sets — the table gives one of them a wrong answer. Click a row to look up its second key." }</p>
                            if r.collisions.is_empty() {
                                <p class="muted no-collisions">{ "No collisions: every key has an index of its own." }</p>
                            } else {
                            <div class="table-scroll">
                            <table class="data collisions">
                                <thead><tr><th>{ "index" }</th><th>{ "first key" }</th><th>{ "second key" }</th><th>{ "kind" }</th></tr></thead>
                                <tbody>
                                    { for r.collisions.iter().filter(|c| !c.harmless).take(LISTED).chain(r.collisions.iter().filter(|c| c.harmless).take(LISTED)).map(|c| {
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
                    } }
                </div>
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
                        { for [("Rust", export_rust(piece, square, magic, bits)), ("C", export_c(piece, square, magic, bits))].into_iter().map(|(lang, code)| {
                            let code = code.unwrap_or_default();
                            html! {
                                <div class="export">
                                    <div class="row"><strong>{ lang }</strong>
                                        <button type="button" onclick={copy(code.clone())}>{ format!("copy as {lang}") }</button></div>
                                    <pre class={format!("code export-{}", lang.to_ascii_lowercase())}>{ code }</pre>
                                </div>
                            }
                        }) }
                    } else {
                        <p class="muted">{ "Only a valid magic is exported." }</p>
                    }
                </div>
            </div>
        </section>
    }
}

/// The start page's miniature: a rook's mask on d4 and its table size.
pub fn mini() -> Html {
    use crate::chess::magic_lab::{mask, usual_bits, Slider};
    use crate::chess::Square;
    let m = mask(Slider::Rook, Square::D4);
    let bits = usual_bits(Slider::Rook, Square::D4);
    html! {
        <>
        <BitGrid board={m} small=true label="rook on d4: its mask" />
        <p class="mini">{ format!("{bits} blockers that matter: a {}-entry table", 1u32 << bits) }</p>
        </>
    }
}
