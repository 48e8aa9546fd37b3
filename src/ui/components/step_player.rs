//! `StepPlayer`: prev / next / play / reset over a [`Trace`].
//!
//! Shows the steps up to the current one, the current one marked, each with
//! its label, expression, value (a [`BitRow`]), operands and note. The left
//! and right arrow keys step too (not while typing in a field).
//!
//! An embed (`ui::embed`) provides [`StepLimits`]: only the steps in its
//! range can be reached, and the steps may play on their own.

use super::BitRow;
use crate::bits::trace::Trace;
use crate::ui::steps::StepRange;
use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StepPlayerProps {
    pub trace: Rc<Trace>,
    /// The current step (0-based; clamped to the trace).
    pub step: usize,
    pub on_step: Callback<usize>,
}

/// What an embed allows every stepper in it (a context; none on the full page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepLimits {
    /// Only these steps can be reached.
    pub range: Option<StepRange>,
    /// Play once shown.
    pub autoplay: bool,
}

/// How many steps before the current one stay on screen.
const SHOWN_BEFORE: usize = 5;

/// Milliseconds between steps while playing.
const PLAY_DELAY_MS: u32 = 900;

#[function_component(StepPlayer)]
pub fn step_player(props: &StepPlayerProps) -> Html {
    let count = props.trace.steps.len();
    let limits = use_context::<StepLimits>();
    // the reachable steps: all of them, or an embed's range
    let (first, last) = match limits.and_then(|l| l.range) {
        Some(range) => range.within(count),
        None => (0, count.saturating_sub(1)),
    };
    let step = props.step.clamp(first, last);
    let playing = use_state(|| limits.is_some_and(|l| l.autoplay) && step < last);
    use_autoplay(playing.clone(), step, last, props.on_step.clone());
    let root = use_node_ref();
    use_arrow_keys(root.clone(), step, (first, last), props.on_step.clone());

    let go = |to: usize| {
        let on_step = props.on_step.clone();
        let playing = playing.clone();
        Callback::from(move |_: MouseEvent| {
            playing.set(false);
            on_step.emit(to)
        })
    };
    let toggle_play = {
        let playing = playing.clone();
        let on_step = props.on_step.clone();
        Callback::from(move |_: MouseEvent| {
            if !*playing && step >= last {
                on_step.emit(first);
            }
            playing.set(!*playing)
        })
    };

    // Long traces (a 64-bit derivation has 66 steps) show the current step
    // and the few before it.
    let first_shown = step.saturating_sub(SHOWN_BEFORE).max(first);
    let steps = (first_shown..=step).map(|i| {
        html! { <StepItem trace={props.trace.clone()} index={i} current={i == step} on_step={props.on_step.clone()} /> }
    });

    html! {
        <div class="step-player" ref={root} data-trick={props.trace.trick.clone()}>
            <div class="step-controls" role="toolbar" aria-label="step controls">
                <button type="button" class="reset" onclick={go(first)} disabled={step == first} title="first step (Home)">{ "|◀ reset" }</button>
                <button type="button" class="prev" onclick={go(step.saturating_sub(1).max(first))} disabled={step == first} title="previous step (←)">{ "◀ prev" }</button>
                <button type="button" class="play" onclick={toggle_play} title="play the steps">
                    { if *playing { "❚❚ pause" } else { "▶ play" } }
                </button>
                <button type="button" class="next" onclick={go((step + 1).min(last))} disabled={step >= last} title="next step (→)">{ "next ▶" }</button>
                <span class="step-count" aria-live="polite">{ format!("step {} of {}", step + 1, count) }</span>
            </div>
            <h3 class="trace-title">{ props.trace.title.clone() }</h3>
            if first_shown > first {
                <p class="muted earlier-steps">{ format!("… {} earlier step{} above (← or reset to go back)", first_shown - first, if first_shown - first == 1 { "" } else { "s" }) }</p>
            }
            <ol class="steps">{ for steps }</ol>
            if step + 1 == count {
                <p class="trace-result">{ "result: " }<strong class="result-value">{ props.trace.result_text() }</strong></p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct StepItemProps {
    trace: Rc<Trace>,
    index: usize,
    current: bool,
    on_step: Callback<usize>,
}

/// One step: its label, expression and value; the current one also shows
/// its operands and note. A click makes it the current step.
#[function_component(StepItem)]
fn step_item(props: &StepItemProps) -> Html {
    let (i, current) = (props.index, props.current);
    let Some(s) = props.trace.steps.get(i) else {
        return Html::default();
    };
    let onclick = props.on_step.reform(move |_: MouseEvent| i);
    html! {
        <li class={classes!("step", current.then_some("current"))} data-step={i.to_string()} {onclick}>
            <div class="step-head">
                <span class="step-no">{ i + 1 }</span>
                <span class="step-label">{ s.label.clone() }</span>
                <code class="step-expr">{ s.expr.clone() }</code>
            </div>
            <BitRow word={s.value} lane_bits={s.lane_bits} highlight={s.highlight}
                readouts={current} />
            if current {
                { for s.operands.iter().map(|op| html! {
                    <BitRow word={op.value} lane_bits={s.lane_bits} label={op.name.clone()} readouts={false} />
                }) }
                if !s.note.is_empty() { <p class="step-note">{ s.note.clone() }</p> }
            }
        </li>
    }
}

/// While `playing`, one timer per step moves to the next, stopping at the end.
#[hook]
fn use_autoplay(playing: UseStateHandle<bool>, step: usize, last: usize, on_step: Callback<usize>) {
    // The callback is part of the deps: an old one would carry old state.
    use_effect_with(
        (*playing, step, last, on_step.clone()),
        move |&(is_playing, step, last, _)| {
            let timer = (is_playing && step < last)
                .then(|| Timeout::new(PLAY_DELAY_MS, move || on_step.emit(step + 1)));
            if is_playing && step >= last {
                playing.set(false);
            }
            move || drop(timer)
        },
    );
}

/// ← → Home End step through the trace (within `first..=last`), unless the
/// focus is in a text field. With several steppers on a page, one answers:
/// the one holding the focus (a button of it clicked), else the first.
#[hook]
fn use_arrow_keys(root: NodeRef, step: usize, range: (usize, usize), on_step: Callback<usize>) {
    let (first, last) = range;
    use_effect_with(
        (step, first, last, on_step),
        move |(step, first, last, on_step)| {
            let (step, first, last, on_step) = (*step, *first, *last, on_step.clone());
            let options = EventListenerOptions::enable_prevent_default();
            let listener = web_sys::window().map(|window| {
                EventListener::new_with_options(&window, "keydown", options, move |event| {
                    let Some(key) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    if is_typing(key) || key.alt_key() || key.ctrl_key() || key.meta_key() {
                        return;
                    }
                    if !answers_keys(&root) {
                        return;
                    }
                    let next = match key.key().as_str() {
                        "ArrowRight" if step < last => Some(step + 1),
                        "ArrowLeft" if step > first => Some(step - 1),
                        "Home" => Some(first),
                        "End" => Some(last),
                        _ => None,
                    };
                    if let Some(n) = next {
                        key.prevent_default();
                        on_step.emit(n);
                    }
                })
            });
            move || drop(listener)
        },
    );
}

/// Whether the stepper at `root` is the one the keys step: the focused
/// one, else the first on the page.
fn answers_keys(root: &NodeRef) -> bool {
    let Some(me) = root.get() else {
        return false;
    };
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    let focused = document
        .active_element()
        .and_then(|el| el.closest(".step-player").ok().flatten());
    let chosen = focused.or_else(|| document.query_selector(".step-player").ok().flatten());
    chosen.is_some_and(|el| me.is_same_node(Some(&el)))
}

/// Whether a key went to a text field (which keeps its arrow keys).
fn is_typing(key: &web_sys::KeyboardEvent) -> bool {
    key.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}
