//! Teachers' sets in Practice: each loaded set (a data-lab puzzle file and
//! its reference) is a group of its own beside the built-in exercises,
//! kept in this browser with its own progress. A set loads from two files
//! (picked, or dropped on the card) or from two URLs next to a course's
//! page; a set that does not read, or a URL that does not load, is said
//! with its reason and leaves the other sets as they were. Each set
//! exports as its two files.
//!
//! `localStorage`: [`SETS_KEY`] holds the sets (JSON), [`PROGRESS_KEY`]
//! each set's solved puzzles.

use crate::practice::custom::SetSource;
use crate::ui::components::input_value;
use crate::ui::dom::{store, stored};
use crate::ui::route::Route;
use crate::ui::state::{PracticeState, SetPuzzle};
use std::collections::BTreeMap;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// Where the loaded sets are kept.
pub const SETS_KEY: &str = "bitscope-sets";
/// Where each set's solved puzzles are kept.
pub const PROGRESS_KEY: &str = "bitscope-set-progress";

/// The sets loaded in this browser, in the order loaded.
pub fn stored_sets() -> Vec<SetSource> {
    serde_json::from_str(&stored(SETS_KEY).unwrap_or_default()).unwrap_or_default()
}

/// Adds `set` (replacing one of the same name).
pub fn keep_set(set: SetSource) {
    let mut sets: Vec<SetSource> = stored_sets()
        .into_iter()
        .filter(|s| s.name != set.name)
        .collect();
    sets.push(set);
    store(SETS_KEY, &serde_json::to_string(&sets).unwrap_or_default());
}

fn drop_set(name: &str) {
    let sets: Vec<SetSource> = stored_sets()
        .into_iter()
        .filter(|s| s.name != name)
        .collect();
    store(SETS_KEY, &serde_json::to_string(&sets).unwrap_or_default());
}

fn progress() -> BTreeMap<String, Vec<String>> {
    serde_json::from_str(&stored(PROGRESS_KEY).unwrap_or_default()).unwrap_or_default()
}

/// The puzzles of `set` solved in this browser.
pub fn solved_in(set: &str) -> Vec<String> {
    progress().remove(set).unwrap_or_default()
}

/// Records `puzzle` of `set` as solved.
pub fn record_solved(set: &str, puzzle: &str) {
    let mut all = progress();
    let list = all.entry(set.to_string()).or_default();
    if !list.iter().any(|p| p == puzzle) {
        list.push(puzzle.to_string());
    }
    store(
        PROGRESS_KEY,
        &serde_json::to_string(&all).unwrap_or_default(),
    );
}

/// The link to a puzzle of a set: packed whole (`practice::link`), so it
/// opens in any browser; where the set is loaded, progress is kept in it.
pub fn puzzle_link(set: &SetSource, puzzle: &str) -> String {
    let Some(data) = crate::practice::link::pack(set, puzzle) else {
        return "#/practice".into();
    };
    Route::of(&PracticeState {
        custom: Some(SetPuzzle::Packed {
            data,
            puzzle: puzzle.to_string(),
        }),
        ..PracticeState::default()
    })
    .to_hash()
}

/// The name a set gets from a file name or a URL: its last part, without
/// the extension.
fn name_from(path: &str) -> String {
    let last = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let stem = last.split(['?', '#']).next().unwrap_or(last);
    stem.rsplit_once('.').map_or(stem, |(s, _)| s).to_string()
}

/// Whether a file name says it is the reference.
fn is_reference(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    n.contains("ref") || n.contains("solution") || n.contains("answer") || n.starts_with("test")
}

/// A set from its two texts: read (refused with its reason), then kept.
fn load(name: String, puzzles: String, reference: String) -> Result<String, String> {
    let set = SetSource {
        name,
        puzzles,
        reference,
    };
    let read = set.read().map_err(|e| e.to_string())?;
    let done = format!("loaded \"{}\": {} puzzles", set.name, read.puzzles.len());
    keep_set(set);
    Ok(done)
}

/// A file's text.
pub async fn file_text(f: web_sys::File) -> Result<String, String> {
    let value = JsFuture::from(f.text())
        .await
        .map_err(|_| format!("{} could not be read", f.name()))?;
    Ok(value.as_string().unwrap_or_default())
}

/// Reads two files (either order: the reference is the one whose name says
/// so, else the second).
async fn load_files(files: Vec<web_sys::File>) -> Result<String, String> {
    let [a, b] = <[web_sys::File; 2]>::try_from(files)
        .map_err(|_| "choose two files: the puzzles and the reference".to_string())?;
    let (puzzles, reference) = if is_reference(&a.name()) {
        (b, a)
    } else {
        (a, b)
    };
    let text = |f: web_sys::File| async move {
        let value = JsFuture::from(f.text())
            .await
            .map_err(|_| format!("{} could not be read", f.name()))?;
        Ok::<String, String>(value.as_string().unwrap_or_default())
    };
    let name = name_from(&puzzles.name());
    load(name, text(puzzles).await?, text(reference).await?)
}

/// Fetches a URL's text.
async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let fail = |why: String| format!("{url} could not be loaded: {why}");
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| {
            fail(
                e.as_string()
                    .unwrap_or_else(|| "the network refused it".into()),
            )
        })?
        .dyn_into()
        .map_err(|_| fail("no response".into()))?;
    if !response.ok() {
        return Err(fail(format!("HTTP {}", response.status())));
    }
    let text = response.text().map_err(|_| fail("no text".into()))?;
    let value = JsFuture::from(text)
        .await
        .map_err(|_| fail("no text".into()))?;
    Ok(value.as_string().unwrap_or_default())
}

async fn load_urls(puzzles: String, reference: String) -> Result<String, String> {
    let p = fetch_text(puzzles.trim()).await?;
    let r = fetch_text(reference.trim()).await?;
    load(name_from(puzzles.trim()), p, r)
}

/// The files of a file input or a drop.
pub fn file_list(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    list.map(|l| (0..l.length()).filter_map(|i| l.get(i)).collect())
        .unwrap_or_default()
}

/// Downloads `text` as a file named `name`.
pub(super) fn download(name: &str, text: &str, mime: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(a) = link {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Exports a set as its two files.
pub fn export(set: &SetSource) {
    download(&format!("{}.c", set.name), &set.puzzles, "text/x-c");
    download(
        &format!("{}-reference.c", set.name),
        &set.reference,
        "text/x-c",
    );
}

#[derive(Properties, PartialEq)]
pub(super) struct SetsProps {
    /// Bumped by the page when a set changes elsewhere (the exercise form).
    pub version: u32,
}

/// "Your sets": load a set, and each loaded set as a group of puzzles.
#[function_component(SetsCard)]
pub(super) fn sets_card(props: &SetsProps) -> Html {
    let sets = use_state(stored_sets);
    let message = use_state(|| None::<Result<String, String>>);
    let urls = use_state(|| (String::new(), String::new()));
    {
        let sets = sets.clone();
        use_effect_with(props.version, move |_| sets.set(stored_sets()));
    }
    let finish = {
        let (sets, message) = (sets.clone(), message.clone());
        Callback::from(move |result: Result<String, String>| {
            sets.set(stored_sets());
            message.set(Some(result));
        })
    };
    let run = move |future: std::pin::Pin<
        Box<dyn std::future::Future<Output = Result<String, String>>>,
    >| {
        let finish = finish.clone();
        wasm_bindgen_futures::spawn_local(async move { finish.emit(future.await) });
    };
    let on_files = {
        let run = run.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            run(Box::pin(load_files(file_list(input.files()))));
            input.set_value("");
        })
    };
    let on_drop = {
        let run = run.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            run(Box::pin(load_files(file_list(
                e.data_transfer().and_then(|d| d.files()),
            ))));
        })
    };
    let on_fetch = {
        let (run, urls) = (run.clone(), urls.clone());
        Callback::from(move |_: MouseEvent| {
            run(Box::pin(load_urls(urls.0.clone(), urls.1.clone())))
        })
    };
    let url_field = |which: usize, label: &'static str, class: &'static str| {
        let urls = urls.clone();
        let value = if which == 0 {
            urls.0.clone()
        } else {
            urls.1.clone()
        };
        let oninput = Callback::from(move |e: InputEvent| {
            let (mut a, mut b) = (*urls).clone();
            *(if which == 0 { &mut a } else { &mut b }) = input_value(&e);
            urls.set((a, b));
        });
        html! { <label class="set-url">{ label }<input type="url" class={class} {value} {oninput} placeholder="https://…/bits.c" /></label> }
    };
    let remove = {
        let sets = sets.clone();
        Callback::from(move |name: String| {
            drop_set(&name);
            sets.set(stored_sets());
        })
    };
    html! {
        <>
            { for sets.iter().map(|s| set_group(s, remove.clone())) }
            <div class="card sets-card" data-local="the sets are kept in this browser" ondragover={Callback::from(|e: DragEvent| e.prevent_default())} ondrop={on_drop}>
                <h3>{ "Load a puzzle set" }</h3>
                <p class="muted">{ "A data-lab set: the puzzle file (comment blocks with Legal ops, Max ops, Rating, Assume) and its reference answers. Choose or drop both files here, or give their URLs next to your course's page." }</p>
                <label class="set-files">{ "the two files " }
                    <input type="file" class="set-file" accept=".c,.h,.txt,text/plain" multiple=true onchange={on_files} />
                </label>
                <div class="set-urls">
                    { url_field(0, "puzzles URL ", "set-url-puzzles") }
                    { url_field(1, "reference URL ", "set-url-reference") }
                    <button type="button" class="set-fetch" onclick={on_fetch}
                        disabled={urls.0.trim().is_empty() || urls.1.trim().is_empty()}>{ "load from the URLs" }</button>
                </div>
                { match &*message {
                    Some(Ok(m)) => html! { <p class="ok set-message" role="status">{ m.clone() }</p> },
                    Some(Err(e)) => html! { <p class="error set-message" role="alert">{ e.clone() }</p> },
                    None => html! {},
                } }
            </div>
        </>
    }
}

/// One loaded set: its puzzles (each a link, solved ones marked), export
/// and remove.
fn set_group(set: &SetSource, remove: Callback<String>) -> Html {
    let solved = solved_in(&set.name);
    let puzzles = set.read().map(|s| s.puzzles).unwrap_or_default();
    let exported = set.clone();
    let name = set.name.clone();
    html! {
        <div class="card practice-group set-group" data-set={set.name.clone()}>
            <h3>{ format!("Set: {}", set.name) }</h3>
            <p class="muted">{ format!("{} of {} solved in this browser", solved.len(), puzzles.len()) }</p>
            <ul class="exercise-list">
                { for puzzles.iter().map(|p| {
                    let done = solved.contains(&p.name);
                    html! {
                        <li data-puzzle={p.name.clone()} class={classes!(done.then_some("solved"))}>
                            <span class="solved-mark">{ if done { "✓" } else { "○" } }</span>
                            <a href={puzzle_link(set, &p.name)}>{ p.name.clone() }</a>
                            <span class="muted">{ format!(" {}, ≤ {} ops, {} pt", p.task, p.max_ops, p.rating) }</span>
                        </li>
                    }
                }) }
            </ul>
            <div class="actions">
                <button type="button" class="set-export" onclick={Callback::from(move |_: MouseEvent| export(&exported))}>{ "export the two files" }</button>
                <button type="button" class="set-remove" onclick={Callback::from(move |_: MouseEvent| remove.emit(name.clone()))}>{ "remove" }</button>
            </div>
        </div>
    }
}
