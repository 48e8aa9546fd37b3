//! Practice: the exercises (`crate::practice`), each a link, grouped by the
//! panel that explains the trick, with what this browser has solved; one
//! exercise at a time in `practice_exercise`. Built into its own module,
//! loaded when Practice first opens (`practice_loader` holds its place in
//! the page); progress and the "Try it" cards are `practice_progress`.

use super::practice_class::ClassView;
use super::practice_exercise::ExerciseView;
use super::practice_grade::GradeCard;
use super::practice_progress::{exercise_item, load, STORE_KEY};
pub use super::practice_progress::{mini, try_it};
use super::practice_puzzle::PuzzleView;
use super::practice_sets::SetsCard;
use super::practice_write::WriteCard;
use super::PanelProps;
use crate::practice::{exercises, for_panel};
use crate::ui::components::PanelFrame;
use crate::ui::dom::store;
use crate::ui::route::Panel;
use crate::ui::state::{PracticeAction, PracticeState, Solved};
use yew::prelude::*;

fn save(solved: Solved) -> Solved {
    store(STORE_KEY, &solved.encode());
    solved
}

/// Practice's lesson, above the exercises.
const PRACTICE_LEDE: &str = "Write the trick yourself, with the operators allowed and within the budget (each unary or binary operator counts one). Each answer is proven equal to a hidden reference on every input of its widths — by trying them all up to 2^24 inputs, beyond that with a SAT solver — or shown wrong with a counterexample you can step through in the Lab.";

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
        None => match (&state.custom, &state.seat) {
            (Some(which), _) => html! {
                <PuzzleView state={state.clone()} which={which.clone()} dispatch={dispatch.clone()} />
            },
            (None, Some(seat)) => html! {
                <ClassView state={state.clone()} seat={seat.clone()} dispatch={dispatch.clone()} />
            },
            (None, None) => html! {
                <ListView solved={(*solved).clone()} draft={state.draft.clone()} dispatch={dispatch.clone()} />
            },
        },
    };
    // Reset asks first: one click must not wipe every solved mark.
    let confirming = use_state(|| false);
    let ask = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(true))
    };
    let keep = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(false))
    };
    let reset = {
        let (solved, confirming) = (solved.clone(), confirming.clone());
        Callback::from(move |_: MouseEvent| {
            solved.set(save(Solved::default()));
            confirming.set(false);
        })
    };
    let back = dispatch.reform(|_: MouseEvent| PracticeAction::Open(None));
    // a class's page (a student's or the teacher's) is the class's, not
    // Practice's: its own heading, no Practice lesson
    let heading = state
        .seat
        .as_ref()
        .map(|seat| AttrValue::from(format!("Class {}", seat.class)));
    let lede = heading.is_none().then_some(AttrValue::from(PRACTICE_LEDE));
    let done = solved.count();
    html! {
        <PanelFrame panel={Panel::Practice} {heading} {lede}>
            <div class="practice-bar">
                if state.exercise.is_some() || state.custom.is_some() || state.seat.is_some() {
                    <a class="practice-back" href="#/practice" onclick={back}>{ "← all exercises" }</a>
                }
                // (a set's puzzle: the set's own progress is in its group)
                if state.custom.is_some() || state.seat.is_some() {
                } else if *confirming && done > 0 {
                    <span class="practice-confirm" role="alert">
                        { format!("Forget all {done} solved in this browser? ") }
                        <button type="button" class="practice-reset-yes" onclick={reset}>{ "yes, reset" }</button>
                        <button type="button" class="practice-reset-no" onclick={keep}>{ "keep them" }</button>
                    </span>
                } else {
                    <span class="practice-count" data-solved={done.to_string()}>{ format!("{done} of {} solved in this browser", exercises().len()) }</span>
                    <button type="button" class="practice-reset" onclick={ask} disabled={done == 0}>{ "reset progress…" }</button>
                }
            </div>
            { body }
        </PanelFrame>
    }
}

#[derive(Properties, PartialEq)]
struct ListProps {
    solved: Solved,
    /// The exercise form's draft (in the link).
    draft: String,
    dispatch: Callback<PracticeAction>,
}

/// Every exercise, by panel, in navigation order; then the teachers'
/// sets, the exercise form and the file grader.
#[function_component(ListView)]
fn list_view(
    ListProps {
        solved,
        draft,
        dispatch,
    }: &ListProps,
) -> Html {
    // bumped when the form adds to "my exercises": the sets read again
    let version = use_state(|| 0u32);
    let on_saved = {
        let version = version.clone();
        Callback::from(move |()| version.set(*version + 1))
    };
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
            <div class="cards practice-list">
                { for groups }
                <SetsCard version={*version} />
            </div>
            <WriteCard {on_saved} draft={draft.clone()} on_draft={dispatch.reform(PracticeAction::SetDraft)} />
            <GradeCard />
        </>
    }
}
