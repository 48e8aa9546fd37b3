//! Practice: the exercises (`crate::practice`), each a link, grouped by the
//! panel that explains the trick, with what this browser has solved; one
//! exercise at a time in `practice_exercise`. And the "Try it" card under
//! every other panel.
//!
//! Progress stays in this browser (`localStorage`, key [`STORE_KEY`]): the
//! exercises solved and the fewest operators used, `id:ops` joined by `,`.

use super::practice_exercise::ExerciseView;
use super::practice_grade::GradeCard;
use super::PanelProps;
use crate::practice::{exercises, for_panel, Exercise};
use crate::ui::dom::{store, stored};
use crate::ui::route::{Panel, Route};
use crate::ui::state::{PracticeAction, PracticeState, Solved};
use yew::prelude::*;

/// Where progress is kept.
pub const STORE_KEY: &str = "bitscope-practice";

fn load() -> Solved {
    Solved::parse(&stored(STORE_KEY).unwrap_or_default())
}

fn save(solved: Solved) -> Solved {
    store(STORE_KEY, &solved.encode());
    solved
}

/// The link to an exercise.
pub fn exercise_link(ex: &'static Exercise) -> String {
    Route::of(&PracticeState {
        exercise: Some(ex),
        ..PracticeState::default()
    })
    .to_hash()
}

#[function_component(PracticePanel)]
pub fn practice_panel(props: &PanelProps) -> Html {
    let state: PracticeState = props.state();
    let dispatch = props.dispatch(&state);
    let solved = use_state(load);
    let on_solved = {
        let solved = solved.clone();
        Callback::from(move |(id, ops): (String, usize)| solved.set(save(load().record(&id, ops))))
    };
    let body = match state.exercise {
        Some(ex) => html! {
            <ExerciseView state={state.clone()} dispatch={dispatch.clone()} {on_solved}
                best={solved.best(ex.id)} />
        },
        None => list_view(&solved),
    };
    let reset = {
        let solved = solved.clone();
        Callback::from(move |_: MouseEvent| solved.set(save(Solved::default())))
    };
    let back = dispatch.reform(|_: MouseEvent| PracticeAction::Open(None));
    let done = solved.count();
    html! {
        <section class="panel practice">
            <h2>{ "Practice" }</h2>
            <p class="lede">{ "Write the trick yourself, with the operators allowed and within the budget (each unary or binary operator counts one). Each answer is proven equal to a hidden reference on every input of its widths — by trying them all up to 2^24 inputs, beyond that with a SAT solver — or shown wrong with a counterexample you can step through in the Lab." }</p>
            <div class="practice-bar">
                if state.exercise.is_some() {
                    <a class="practice-back" href="#/practice" onclick={back}>{ "← all exercises" }</a>
                }
                <span class="practice-count" data-solved={done.to_string()}>{ format!("{done} of {} solved in this browser", exercises().len()) }</span>
                <button type="button" class="practice-reset" onclick={reset} disabled={done == 0}>{ "reset progress" }</button>
            </div>
            { body }
        </section>
    }
}

/// Every exercise, by panel, in navigation order.
fn list_view(solved: &Solved) -> Html {
    let groups = Panel::ALL.iter().filter_map(|&p| {
        let list = for_panel(p.slug());
        (!list.is_empty()).then(|| {
            html! {
                <div class="card practice-group" data-topic={p.slug()}>
                    <h3><a href={format!("#/{}", p.slug())}>{ p.title() }</a></h3>
                    <ul class="exercise-list">{ for list.iter().map(|ex| exercise_item(ex, solved)) }</ul>
                </div>
            }
        })
    });
    html! {
        <>
            <div class="cards practice-list">{ for groups }</div>
            <GradeCard />
        </>
    }
}

fn exercise_item(ex: &'static Exercise, solved: &Solved) -> Html {
    let best = solved.best(ex.id);
    let widths: Vec<String> = ex.widths.iter().map(u32::to_string).collect();
    html! {
        <li data-exercise={ex.id} class={classes!(best.is_some().then_some("solved"))}>
            <span class="solved-mark" aria-label={if best.is_some() { "solved" } else { "not solved" }}>
                { if best.is_some() { "✓" } else { "○" } }
            </span>
            <a href={exercise_link(ex)}>{ ex.title }</a>
            <span class="muted">{ format!(" {} bits, ≤ {} ops", widths.join("/"), ex.max_ops) }</span>
        </li>
    }
}

/// The "Try it" card under a panel: its exercises, each a link (none under
/// Practice itself).
pub fn try_it(panel: Panel) -> Html {
    let list = for_panel(panel.slug());
    if panel == Panel::Practice || list.is_empty() {
        return html! {};
    }
    let solved = load();
    html! {
        <aside class="card try-it" data-try={panel.slug()}>
            <h3>{ "Try it" }</h3>
            <p class="muted">{ "Write this panel's trick yourself; it is checked on every input." }</p>
            <ul class="exercise-list">{ for list.iter().map(|ex| exercise_item(ex, &solved)) }</ul>
        </aside>
    }
}

/// The start page's miniature: how many exercises, and how many solved here.
pub fn mini() -> Html {
    let all = exercises().len();
    let done = load().count();
    html! { <p class="mini">{ format!("{all} exercises on every panel's trick; {done} solved in this browser") }</p> }
}
