//! "Find a trick": the catalog's search box, in the header of every page
//! and on the start page (`/` focuses the header's). Each keystroke asks
//! the worker (`Request::TricksSearch`: the catalog lives in the worker's
//! module, loaded on first use, so the page's first load does not carry
//! it, and the worker draws the list); each result opens the trick in the
//! Lab's C mode with its specification as "compare with".

use crate::ui::components::input_value;
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::worker::{prewarm, Request, TricksFound};
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TrickSearchProps {
    /// The input's id (the header's is `trick-search`, which `/` focuses).
    pub id: AttrValue,
    /// The start page's larger box.
    #[prop_or_default]
    pub big: bool,
}

#[function_component(TrickSearch)]
pub fn trick_search(props: &TrickSearchProps) -> Html {
    let query = use_state(String::new);
    let job = use_worker_job::<TricksFound>();
    let oninput = {
        let (query, job) = (query.clone(), job.clone());
        Callback::from(move |e: InputEvent| {
            let text = input_value(&e);
            if text.trim().is_empty() {
                job.reset();
            } else {
                job.start(&Request::TricksSearch {
                    query: text.clone(),
                });
            }
            query.set(text);
        })
    };
    let list_id = format!("{}-results", props.id);
    let onkeydown = {
        let (query, job, list) = (query.clone(), job.clone(), list_id.clone());
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                query.set(String::new());
                job.reset();
            }
            // Enter opens the first result; ArrowDown goes into the list
            "Enter" => {
                if let Some(first) = result_links(&list).into_iter().next() {
                    e.prevent_default();
                    first.click();
                }
            }
            "ArrowDown" => {
                if let Some(first) = result_links(&list).into_iter().next() {
                    e.prevent_default();
                    let _ = first.focus();
                }
            }
            _ => {}
        })
    };
    // ArrowDown and ArrowUp move between the results (Enter on one opens
    // it, as on any link); ArrowUp from the first goes back to the box
    let on_list_key = {
        let (list, input_id) = (list_id.clone(), props.id.to_string());
        Callback::from(move |e: KeyboardEvent| {
            let step: isize = match e.key().as_str() {
                "ArrowDown" => 1,
                "ArrowUp" => -1,
                _ => return,
            };
            e.prevent_default();
            let links = result_links(&list);
            let active = crate::ui::dom::focused();
            let at = links
                .iter()
                .position(|l| active.as_ref().is_some_and(|a| a.is_same_node(Some(l))));
            let next = at.map_or(0, |k| k as isize + step);
            match usize::try_from(next).ok().and_then(|k| links.get(k)) {
                Some(link) => {
                    let _ = link.focus();
                }
                None if next < 0 => focus_by_id(&input_id),
                None => {}
            }
        })
    };
    // following a result (a link) closes the list: the header's box
    // stays on the page the link opens
    let onclick = {
        let (query, job) = (query.clone(), job.clone());
        Callback::from(move |e: MouseEvent| {
            let on_link = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest("a").ok().flatten())
                .is_some();
            if on_link {
                query.set(String::new());
                job.reset();
            }
        })
    };
    html! {
        <div class={classes!("trick-search", props.big.then_some("big"))} role="search" {onclick}
            aria-label={if props.big { "find a trick, on the start page" } else { "find a trick" }}>
            <label for={props.id.clone()} class="visually-hidden">{ "find a trick" }</label>
            <input id={props.id.clone()} type="search" autocomplete="off" spellcheck="false"
                placeholder="find a trick: reverse bits, divide by 3…" value={(*query).clone()}
                {oninput} {onkeydown} onfocus={Callback::from(|_: FocusEvent| prewarm())}
                aria-controls={list_id.clone()} data-local="a search: its results are links" />
            <div class="trick-results-keys" onkeydown={on_list_key}>{ results(&job, &query, &list_id) }</div>
        </div>
    }
}

/// The result links in the list `list_id`, in order.
fn result_links(list_id: &str) -> Vec<web_sys::HtmlElement> {
    let Some(found) = crate::ui::dom::document().and_then(|d| {
        d.query_selector_all(&format!("#{list_id} a.trick-hit"))
            .ok()
    }) else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|k| found.item(k))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

fn focus_by_id(id: &str) {
    let field = crate::ui::dom::document()
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(field) = field {
        let _ = field.focus();
    }
}

/// The worker's list for the last answer (drawn there: see
/// `worker::tricks::hits_html`), or its error.
fn results(job: &JobState<TricksFound>, query: &str, id: &str) -> Html {
    let id = id.to_string();
    // (always there, empty and hidden without an answer: the input's
    // aria-controls names it)
    match job {
        JobState::Done(found) if !query.trim().is_empty() => {
            let list = Html::from_html_unchecked(AttrValue::from(found.html.clone()));
            html! { <div class="trick-results" {id} data-count={found.count.to_string()}>{ list }</div> }
        }
        JobState::Failed(e) => {
            html! { <div class="trick-results" {id} role="alert"><p class="error">{ e.clone() }</p></div> }
        }
        _ => html! { <div class="trick-results" {id} hidden=true></div> },
    }
}

/// `/` anywhere but in a field focuses the header's search box.
#[hook]
pub fn use_slash_focuses_search() {
    use_effect_with((), |_| {
        let listener = crate::ui::dom::on_page_key(|key| {
            if key.key() != "/" || key.ctrl_key() || key.meta_key() || key.alt_key() {
                return;
            }
            let field = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("trick-search"))
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(field) = field {
                key.prevent_default();
                let _ = field.focus();
            }
        });
        move || drop(listener)
    });
}
