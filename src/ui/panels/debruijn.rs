//! de Bruijn bit scan: `table[((v & -v) * magic) >> (N - log2 N)]`, stepped
//! for 8/16/32/64-bit words; the table derived from the magic's windows; any
//! magic validated (with its collisions); every magic enumerated in a Web
//! Worker; the table exported as Rust or C.
//!
//! URL state: `width`, `magic` (hex), `v` (hex), `variant`
//! (`isolate` | `mask` | `reverse` | `fold`), `step`, `dstep`, `page`.

use super::PanelProps;
use crate::bits::debruijn::{
    derivation_trace, derive_table, export_c, export_rust, folded_scan_trace, known_magic,
    log2_width, mask_magic, mask_scan_trace, reverse_scan_trace, scan_trace, shift_for, validate,
    window_mask, KNOWN_MAGICS, WIDTHS,
};
use crate::bits::word::{mask, parse_number, Word};
use crate::ui::components::{BitRow, NumberInput, StepPlayer};
use crate::ui::worker::{Job, Request, WorkerEvent};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Magics listed per page.
const PAGE: u64 = 32;

#[derive(Clone, Copy, PartialEq)]
enum Variant {
    Isolate,
    Mask,
    Reverse,
    Fold,
}

impl Variant {
    const ALL: [(Variant, &'static str, &'static str); 4] = [
        (Variant::Isolate, "isolate", "v & -v"),
        (Variant::Mask, "mask", "v ^ (v - 1)"),
        (Variant::Reverse, "reverse", "bit scan reverse"),
        (Variant::Fold, "fold", "64-bit folded into 32"),
    ];
}

#[derive(Clone, PartialEq)]
enum Enumeration {
    Idle,
    Running {
        done: f64,
        total: f64,
        elapsed: f64,
    },
    Done {
        multipliers: f64,
        odd: f64,
        seconds: f64,
    },
    Cancelled,
    Failed(String),
}

#[function_component(DebruijnPanel)]
pub fn debruijn_panel(props: &PanelProps) -> Html {
    let p = &props.params;
    let width = p
        .get("width")
        .and_then(|w| w.parse::<u32>().ok())
        .filter(|w| WIDTHS.contains(w))
        .unwrap_or(8);
    let read = |key: &str, default: u64| {
        p.get(key)
            .and_then(|t| parse_number(&format!("0x{t}"), width).ok())
            .unwrap_or(default & mask(width))
    };
    let magic = read("magic", known_magic(width).unwrap_or(0x1d));
    let v = read("v", 0b0110_1000);
    let variant = Variant::ALL
        .iter()
        .find(|(_, k, _)| Some(*k) == p.get("variant"))
        .map(|x| x.0)
        .unwrap_or(Variant::Isolate);
    let step = p.usize_or("step", 0);
    let dstep = p.usize_or("dstep", 0);
    let page = p.usize_or("page", 0) as u64;

    let validation = use_memo((width, magic), |&(w, m)| validate(w, m));
    let scan = use_memo((width, magic, v, variant), |&(w, m, v, variant)| {
        match variant {
            Variant::Isolate => scan_trace(w, m, v),
            Variant::Mask => mask_magic(w, m).and_then(|mm| mask_scan_trace(w, mm, v)),
            Variant::Reverse => mask_magic(w, m).and_then(|mm| reverse_scan_trace(w, mm, v)),
            Variant::Fold => folded_scan_trace(v),
        }
        .map(Rc::new)
        .map_err(|e| e.to_string())
    });
    let derivation = use_memo((width, magic), |&(w, m)| {
        derive_table(w, m)
            .and_then(|d| derivation_trace(w, m).map(|t| (Rc::new(d), Rc::new(t))))
            .map_err(|e| e.to_string())
    });

    // -- enumeration in a worker --
    let enumeration = use_state(|| Enumeration::Idle);
    let listing = use_state(|| None::<(u32, u64, Vec<String>)>);
    let job: Rc<RefCell<Option<Job>>> = use_mut_ref(|| None);
    let page_job: Rc<RefCell<Option<Job>>> = use_mut_ref(|| None);
    {
        let job = job.clone();
        let enumeration = enumeration.clone();
        use_effect_with(width, move |_| {
            job.borrow_mut().take();
            enumeration.set(Enumeration::Idle);
        });
    }
    // The page of magics: asked of a worker whenever width or page change.
    {
        let listing = listing.clone();
        let page_job = page_job.clone();
        use_effect_with((width, page), move |&(width, page)| {
            let request = Request::DebruijnPage {
                width,
                offset: page * PAGE,
                limit: PAGE as u32,
            };
            let slot = page_job.clone();
            let events = Callback::from(move |event: WorkerEvent| match event {
                WorkerEvent::PageDone { offset, magics } => {
                    if let Some(j) = slot.borrow_mut().take() {
                        j.release();
                    }
                    listing.set(Some((width, offset as u64, magics)));
                }
                WorkerEvent::Error { .. } => {
                    slot.borrow_mut().take();
                }
                _ => {}
            });
            *page_job.borrow_mut() = Job::start(&request, events).ok();
        });
    }

    let set = |key: &'static str| {
        let p = p.clone();
        let on = props.on_params.clone();
        Callback::from(move |v: u64| {
            on.emit(
                p.with(key, format!("{v:x}"))
                    .without("step")
                    .without("dstep"),
            )
        })
    };
    let choose = |key: &'static str, value: String| {
        let p = p.clone();
        let on = props.on_params.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = p.with(key, value.clone()).without("step").without("dstep");
            if key == "width" {
                next = next.without("magic").without("v").without("page");
            }
            on.emit(next)
        })
    };
    let toggle_v = {
        let set = set("v");
        Callback::from(move |bit: u32| set.emit(v ^ (1u64 << bit)))
    };
    let step_cb = |key: &'static str| props.update(move |p, s: usize| p.with(key, s.to_string()));
    let on_known = {
        let p = p.clone();
        let on = props.on_params.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if !select.value().is_empty() {
                on.emit(
                    p.with("magic", select.value())
                        .without("step")
                        .without("dstep"),
                );
            }
        })
    };
    let run_enum = {
        let enumeration = enumeration.clone();
        let job = job.clone();
        Callback::from(move |_: MouseEvent| {
            let state = enumeration.clone();
            let slot = job.clone();
            let events = Callback::from(move |event: WorkerEvent| match event {
                WorkerEvent::Progress {
                    done,
                    total,
                    elapsed,
                    ..
                } => state.set(Enumeration::Running {
                    done,
                    total,
                    elapsed,
                }),
                WorkerEvent::DebruijnDone {
                    multipliers,
                    odd,
                    seconds,
                    ..
                } => {
                    if let Some(j) = slot.borrow_mut().take() {
                        j.release();
                    }
                    state.set(Enumeration::Done {
                        multipliers,
                        odd,
                        seconds,
                    });
                }
                WorkerEvent::Error { message } => {
                    slot.borrow_mut().take();
                    state.set(Enumeration::Failed(message));
                }
                _ => {}
            });
            match Job::start(&Request::DebruijnCount { width }, events) {
                Ok(j) => {
                    *job.borrow_mut() = Some(j);
                    enumeration.set(Enumeration::Running {
                        done: 0.0,
                        total: 1.0,
                        elapsed: 0.0,
                    });
                }
                Err(e) => enumeration.set(Enumeration::Failed(e)),
            }
        })
    };
    let cancel_enum = {
        let enumeration = enumeration.clone();
        let job = job.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(j) = job.borrow_mut().take() {
                j.cancel();
            }
            crate::ui::worker::prewarm();
            enumeration.set(Enumeration::Cancelled);
        })
    };
    let copy = |text: String| {
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&text);
            }
        })
    };

    let shift = shift_for(width).unwrap_or(0);
    let log2 = log2_width(width).unwrap_or_default();
    let valid = validation.as_ref().as_ref().is_ok_and(|v| v.valid);
    let running = matches!(*enumeration, Enumeration::Running { .. });

    html! {
        <section class="panel debruijn">
            <h2>{ "de Bruijn bit scan" }</h2>
            <p class="lede">
                { format!("Find the index of the lowest set bit with one multiply: isolate it (v & -v, a power of two), multiply by a magic whose top {log2} bits are different for each of the {width} shifts, keep those bits (>> {shift}), and look the index up in a {width}-entry table.") }
            </p>
            <div class="card">
                <div class="tabs">
                    { for WIDTHS.iter().map(|w| html! {
                        <button type="button" class={classes!("tab", (*w == width).then_some("active"))} data-width={w.to_string()}
                            onclick={choose("width", w.to_string())}>{ format!("{w}-bit") }</button>
                    }) }
                </div>
                <div class="row">
                    <NumberInput label="magic" name="magic" value={magic} {width} on_change={set("magic")} />
                    <label>{ "known: " }
                        <select class="known-magic" onchange={on_known}>
                            <option value="">{ "—" }</option>
                            { for KNOWN_MAGICS.iter().filter(|k| k.0 == width).map(|(_, m, name)| html! {
                                <option value={format!("{m:x}")} selected={*m == magic}>{ *name }</option>
                            }) }
                        </select>
                    </label>
                </div>
                <BitRow word={Word::new(magic, width)} highlight={window_mask(width).unwrap_or_default()} label="magic: its top bits are window 0" readouts={false} />
                { match &*validation {
                    Ok(val) if val.valid => html! {
                        <p class="validity ok">{ format!("valid: all {width} windows are different ✓") }</p>
                    },
                    Ok(val) => html! {
                        <div class="validity bad">
                            <p>{ format!("not a magic: {} collision{}", val.collisions.len(), if val.collisions.len() == 1 { "" } else { "s" }) }</p>
                            <table class="data collisions">
                                <thead><tr><th>{ "bits" }</th><th>{ "same window" }</th></tr></thead>
                                <tbody>
                                    { for val.collisions.iter().take(32).map(|(i, j)| html! {
                                        <tr><td class="num">{ format!("{i} and {j}") }</td>
                                            <td class="mono">{ Word::new(val.windows[*i as usize] as u64, log2).binary(0) }</td></tr>
                                    }) }
                                </tbody>
                            </table>
                            if val.collisions.len() > 32 { <p class="muted">{ format!("… and {} more", val.collisions.len() - 32) }</p> }
                        </div>
                    },
                    Err(e) => html! { <p class="error-box">{ e.to_string() }</p> },
                } }
            </div>

            <div class="cols even">
                <div class="card">
                    <h3>{ "Scan a value" }</h3>
                    <NumberInput label="v" name="scan-v" value={v} {width} on_change={set("v")} />
                    <BitRow word={Word::new(v, width)} on_toggle={toggle_v} label="v (click the bits)" readouts={false} />
                    <div class="tabs">
                        { for Variant::ALL.iter().filter(|(var, _, _)| *var != Variant::Fold || width == 64).map(|(var, key, text)| html! {
                            <button type="button" class={classes!("tab", (*var == variant).then_some("active"))} data-variant={*key}
                                onclick={choose("variant", key.to_string())}>{ *text }</button>
                        }) }
                    </div>
                    { match &*scan {
                        Ok(t) => html! { <StepPlayer trace={t.clone()} {step} on_step={step_cb("step")} /> },
                        Err(e) => html! { <p class="error-box scan-error" role="alert">{ e.clone() }</p> },
                    } }
                </div>
                <div class="card">
                    <h3>{ "Where the table comes from" }</h3>
                    { match &*derivation {
                        Ok((d, t)) => {
                            let shown = dstep.min(t.steps.len().saturating_sub(1));
                            html! {
                                <>
                                <p class="muted">{ d.zero_fill_note() }</p>
                                <div class="table-scroll">
                                <table class="data windows">
                                    <thead><tr><th>{ "bit i" }</th><th>{ "magic << i" }</th><th>{ "window" }</th><th>{ "cyclic" }</th><th>{ "table[window] = i" }</th></tr></thead>
                                    <tbody>
                                        { for d.rows.iter().enumerate().map(|(k, r)| {
                                            let filled = k < shown;
                                            let top = Word::new(r.shifted, width).binary(0);
                                            let (head, tail) = top.split_at(log2 as usize);
                                            html! {
                                                <tr class={classes!((!filled).then_some("pending"))}>
                                                    <td class="num">{ r.bit }</td>
                                                    <td class="mono"><span class="window-bits">{ head.to_string() }</span>{ tail.to_string() }</td>
                                                    <td class="num">{ r.window }{ if r.zero_filled > 0 { format!(" ({} fill)", r.zero_filled) } else { String::new() } }</td>
                                                    <td class="num">{ r.cyclic }</td>
                                                    <td class="num">{ if filled { format!("table[{}] = {}", r.window, r.bit) } else { "…".into() } }</td>
                                                </tr>
                                            }
                                        }) }
                                    </tbody>
                                </table>
                                </div>
                                <StepPlayer trace={t.clone()} step={dstep} on_step={step_cb("dstep")} />
                                <div class="tables">
                                    <p class="mono table-0">{ format!("0-based: {{{}}}", d.table.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")) }</p>
                                    <p class="mono table-1">{ format!("1-based: {{{}}}", d.table_one_based.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")) }</p>
                                </div>
                                </>
                            }
                        }
                        Err(e) => html! { <p class="error-box">{ format!("no table: {e}") }</p> },
                    } }
                </div>
            </div>

            <div class="cols even">
                <div class="card">
                    <h3>{ format!("Every {width}-bit magic") }</h3>
                    <div class="row">
                        <button type="button" class="primary enum-run" onclick={run_enum} disabled={running}>{ "enumerate all" }</button>
                        <button type="button" class="enum-cancel" onclick={cancel_enum} disabled={!running}>{ "cancel" }</button>
                    </div>
                    { match &*enumeration {
                        Enumeration::Idle => html! { <p class="muted">{ "A depth-first search over the magic's bits, keeping only those whose windows stay distinct, runs in a Web Worker." }</p> },
                        Enumeration::Running { done, total, elapsed } => html! {
                            <div><progress class="enum-progress" max={total.to_string()} value={done.to_string()}></progress>
                            <p class="stats">{ format!("{done} / {total} chunks, {elapsed:.1} s") }</p></div>
                        },
                        Enumeration::Done { multipliers, odd, seconds } => html! {
                            <p class="stats enum-done">
                                <span>{ "multipliers " }<strong class="enum-count">{ (*multipliers as u64).to_string() }</strong></span>
                                <span>{ "odd (de Bruijn sequences) " }<strong class="enum-odd">{ (*odd as u64).to_string() }</strong></span>
                                <span>{ format!("{seconds:.2} s") }</span>
                            </p>
                        },
                        Enumeration::Cancelled => html! { <p class="muted enum-cancelled">{ "Cancelled." }</p> },
                        Enumeration::Failed(e) => html! { <p class="error-box">{ e.clone() }</p> },
                    } }
                    <h4>{ format!("page {} (magics {}–{})", page + 1, page * PAGE, page * PAGE + PAGE - 1) }</h4>
                    <div class="row">
                        <button type="button" class="page-prev" disabled={page == 0} onclick={choose("page", page.saturating_sub(1).to_string())}>{ "◀ prev" }</button>
                        <button type="button" class="page-next" onclick={choose("page", (page + 1).to_string())}>{ "next ▶" }</button>
                    </div>
                    { match &*listing {
                        Some((w, offset, magics)) if *w == width && *offset == page * PAGE => html! {
                            <ol class="magic-list mono" start={(offset + 1).to_string()}>
                                { for magics.iter().map(|m| {
                                    let hex = m.trim_start_matches("0x").to_string();
                                    let pick = choose("magic", hex.clone());
                                    html! { <li><button type="button" class="linkish" onclick={pick}>{ m.clone() }</button></li> }
                                }) }
                            </ol>
                        },
                        _ => html! { <p class="muted">{ "listing…" }</p> },
                    } }
                </div>
                <div class="card">
                    <h3>{ "Copy the table" }</h3>
                    if valid {
                        { for [("Rust", export_rust(width, magic)), ("C", export_c(width, magic))].into_iter().map(|(lang, code)| {
                            let code = code.unwrap_or_default();
                            html! {
                                <div class="export">
                                    <div class="row"><strong>{ lang }</strong>
                                        <button type="button" class={format!("copy-{}", lang.to_lowercase())} onclick={copy(code.clone())}>{ format!("copy as {lang}") }</button></div>
                                    <pre class={format!("code export-{}", lang.to_lowercase())}>{ code }</pre>
                                </div>
                            }
                        }) }
                    } else {
                        <p class="muted">{ "Choose a valid magic to export its table." }</p>
                    }
                </div>
            </div>
        </section>
    }
}
