//! "Write an exercise": a teacher's form (task, reference, arguments,
//! operators, budget, constants, `Assume:`, examples, hints). Checked for
//! sanity first (`practice::custom::Draft::check`: the block reads as a
//! data-lab puzzle, the reference compiles and gives its own examples'
//! values); then it gives a link that opens the exercise (all of it in the
//! link), an embed snippet, and the data-lab text to paste into a set file,
//! and it can join "my exercises", a set kept here that exports as the two
//! files.

use super::practice_sets::{export, keep_set, stored_sets};
use crate::practice::custom::{Draft, SetSource};
use crate::ui::embed::{site_base, snippet, EmbedOptions, EmbedRoute};
use crate::ui::route::Route;
use crate::ui::state::{PracticeState, SetPuzzle};
use yew::prelude::*;

/// The set that written exercises join.
const MY_SET: &str = "my exercises";

fn example() -> Draft {
    Draft {
        name: "bitOr".into(),
        task: "x | y using only ~ and &".into(),
        params: "int x, int y".into(),
        reference: "x | y".into(),
        legal_ops: "~ &".into(),
        max_ops: 8,
        max_constant: 255,
        assume: String::new(),
        examples: "bitOr(6, 5) = 7".into(),
        hints: "De Morgan: x | y is ~(~x & ~y)".into(),
        rating: 1,
    }
}

/// The exercise's route: the puzzle and its reference carried in the link.
fn route(source: &SetSource) -> Route {
    let custom = match crate::practice::link::pack(source, &source.name) {
        Some(data) => SetPuzzle::Packed {
            data,
            puzzle: source.name.clone(),
        },
        None => SetPuzzle::Linked {
            puzzles: source.puzzles.clone(),
            reference: source.reference.clone(),
            puzzle: source.name.clone(),
        },
    };
    Route::of(&PracticeState {
        custom: Some(custom),
        ..PracticeState::default()
    })
}

/// `source` joined to "my exercises" (replacing an exercise of its name).
fn join_my_set(source: &SetSource) -> SetSource {
    let mut mine = stored_sets()
        .into_iter()
        .find(|s| s.name == MY_SET)
        .unwrap_or(SetSource {
            name: MY_SET.into(),
            puzzles: String::new(),
            reference: String::new(),
        });
    let others = |text: &str| {
        crate::practice::split::split(text)
            .into_iter()
            .filter(|i| i.function_name() != Some(source.name.as_str()))
            .map(|i| i.text(text).to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    mine.puzzles = format!("{}\n{}", others(&mine.puzzles), source.puzzles)
        .trim_start()
        .to_string();
    mine.reference = format!("{}\n{}", others(&mine.reference), source.reference)
        .trim_start()
        .to_string();
    mine
}

#[derive(Properties, PartialEq)]
pub(super) struct WriteProps {
    /// Called when "my exercises" changed.
    pub on_saved: Callback<()>,
    /// The draft as the link carries it (JSON; empty: the example).
    pub draft: String,
    /// A field changed: the new draft, for the link.
    pub on_draft: Callback<String>,
}

#[function_component(WriteCard)]
pub(super) fn write_card(props: &WriteProps) -> Html {
    // (the draft lives in the link: a reload or the link itself keeps it)
    let draft: Draft = serde_json::from_str(&props.draft).unwrap_or_else(|_| example());
    let checked = use_state(|| None::<Result<SetSource, String>>);
    // The draft as last typed: the link (and so `draft`) follows a moment
    // later, and a click on "check" in between must check what was typed.
    // (The link's draft when it changes: a reload, or a link followed.)
    let latest = use_mut_ref(|| (props.draft.clone(), draft.clone()));
    if latest.borrow().0 != props.draft {
        *latest.borrow_mut() = (props.draft.clone(), draft.clone());
    }
    let field = |label: &'static str,
                 class: &'static str,
                 get: fn(&Draft) -> String,
                 set: fn(&mut Draft, String),
                 rows: u32| {
        let (latest, on_draft) = (latest.clone(), props.on_draft.clone());
        let checked = checked.clone();
        let value = get(&draft);
        let update = move |text: String| {
            let mut next = latest.borrow().1.clone();
            set(&mut next, text);
            latest.borrow_mut().1 = next.clone();
            on_draft.emit(serde_json::to_string(&next).unwrap_or_default());
            checked.set(None);
        };
        if rows > 1 {
            let oninput = Callback::from(move |e: InputEvent| {
                update(
                    e.target_unchecked_into::<web_sys::HtmlTextAreaElement>()
                        .value(),
                )
            });
            html! { <label class="write-field wide">{ label }<textarea class={classes!("mono", class)} rows={rows.to_string()} {value} {oninput} /></label> }
        } else {
            let oninput = Callback::from(move |e: InputEvent| {
                update(
                    e.target_unchecked_into::<web_sys::HtmlInputElement>()
                        .value(),
                )
            });
            html! { <label class="write-field">{ label }<input type="text" class={classes!("mono", class)} {value} {oninput} /></label> }
        }
    };
    let check = {
        let (latest, checked) = (latest.clone(), checked.clone());
        Callback::from(move |_: MouseEvent| {
            let draft = latest.borrow().1.clone();
            checked.set(Some(draft.check().map_err(|e| e.to_string())))
        })
    };
    html! {
        <div class="card write-card">
            <h3>{ "Write an exercise" }</h3>
            <p class="muted">{ "A puzzle in the data lab's shape: the answer is a C function over int, held to the operators, budget and constants you allow, and proven against your reference on every input your Assume allows." }</p>
            <div class="write-fields">
                { field("name ", "write-name", |d| d.name.clone(), |d, v| d.name = v, 1) }
                { field("task ", "write-task", |d| d.task.clone(), |d, v| d.task = v, 1) }
                { field("arguments ", "write-params", |d| d.params.clone(), |d, v| d.params = v, 1) }
                { field("reference (an expression, or the whole function) ", "write-reference", |d| d.reference.clone(), |d, v| d.reference = v, 3) }
                { field("legal operators ", "write-ops", |d| d.legal_ops.clone(), |d, v| d.legal_ops = v, 1) }
                { field("max ops ", "write-max-ops", |d| d.max_ops.to_string(), |d, v| d.max_ops = v.trim().parse().unwrap_or(0), 1) }
                { field("max constant ", "write-max-constant", |d| d.max_constant.to_string(), |d, v| d.max_constant = v.trim().parse().unwrap_or(255), 1) }
                { field("assume (C conditions, comma-separated) ", "write-assume", |d| d.assume.clone(), |d, v| d.assume = v, 1) }
                { field("examples (name(args) = value, one a line) ", "write-examples", |d| d.examples.clone(), |d, v| d.examples = v, 2) }
                { field("hints (one a line) ", "write-hints", |d| d.hints.clone(), |d, v| d.hints = v, 2) }
                { field("points ", "write-rating", |d| d.rating.to_string(), |d, v| d.rating = v.trim().parse().unwrap_or(1), 1) }
            </div>
            <div class="actions">
                <button type="button" class="primary write-check" onclick={check}>{ "check and make the link" }</button>
            </div>
            { match &*checked {
                Some(Ok(source)) => made(source, &props.on_saved),
                Some(Err(e)) => html! { <p class="error write-error" role="alert">{ e.clone() }</p> },
                None => html! {},
            } }
        </div>
    }
}

/// What a checked exercise gives: its link, its embed, its data-lab text,
/// and "my exercises".
fn made(source: &SetSource, on_saved: &Callback<()>) -> Html {
    let route = route(source);
    let base = site_base();
    let link = format!("{base}{}", route.to_hash());
    let embed = snippet(
        &base,
        &EmbedRoute {
            route: route.clone(),
            options: EmbedOptions::default(),
        },
    );
    let text = format!(
        "{}\n/* the reference */\n{}",
        source.puzzles, source.reference
    );
    let save = {
        let (source, on_saved) = (source.clone(), on_saved.clone());
        Callback::from(move |_: MouseEvent| {
            keep_set(join_my_set(&source));
            on_saved.emit(());
        })
    };
    let export_mine = Callback::from(|_: MouseEvent| {
        if let Some(mine) = stored_sets().into_iter().find(|s| s.name == MY_SET) {
            export(&mine);
        }
    });
    html! {
        <div class="write-made" role="status">
            <p class="ok">{ "✓ The exercise reads, and the reference gives its examples." }</p>
            <p><a class="write-link" href={route.to_hash()}>{ "open the exercise" }</a>{ " — its link:" }</p>
            <textarea class="mono write-link-text" readonly=true rows="2" aria-label="the exercise's link" value={link} />
            <label class="write-field">{ "embed it in a course page" }
                <textarea class="mono write-embed" readonly=true rows="3" value={embed} /></label>
            <label class="write-field">{ "the data-lab text, for a set file" }
                <textarea class="mono write-text" readonly=true rows="10" value={text} /></label>
            <div class="actions">
                <button type="button" class="write-save" onclick={save}>{ format!("add to \"{MY_SET}\"") }</button>
                <button type="button" class="write-export" onclick={export_mine}>{ format!("export \"{MY_SET}\" as two files") }</button>
            </div>
        </div>
    }
}
