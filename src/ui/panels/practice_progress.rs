//! Practice's progress in this browser (`localStorage`, key [`STORE_KEY`]:
//! the exercises solved and the fewest operators used, `id:ops` joined by
//! `,`), the exercise links, and what the page shows of Practice without
//! loading the panel: the "Try it" card under every other panel and the
//! start page's miniature.

use crate::practice::{exercises, for_panel, Exercise};
use crate::ui::dom::stored;
use crate::ui::route::{Panel, Route};
use crate::ui::state::{PracticeState, Solved};
use yew::prelude::*;

/// Where progress is kept.
pub const STORE_KEY: &str = "bitscope-practice";

pub fn load() -> Solved {
    Solved::parse(&stored(STORE_KEY).unwrap_or_default())
}

/// The link to an exercise.
pub fn exercise_link(ex: &'static Exercise) -> String {
    Route::of(&PracticeState {
        exercise: Some(ex),
        ..PracticeState::default()
    })
    .to_hash()
}

pub fn exercise_item(ex: &'static Exercise, solved: &Solved) -> Html {
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
