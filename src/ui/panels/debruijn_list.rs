//! The ascending list of a width's magics, a page at a time: prev / next, a
//! jump to any page, and the rank of a magic typed in (its place in the
//! list and a link to its page). Pages come from a worker
//! (`bits::debruijn::nth_magics`); a deep page is counted, not walked, so
//! every page comes back at once. Ranks are counted on the spot
//! (`rank_of`, well under a millisecond).

use crate::bits::debruijn::{multiplier_count, page_bounds, rank_of};
use crate::bits::word::parse_number;
use crate::ui::components::input_value;
use crate::ui::hooks::{use_worker_job, JobState};
use crate::ui::state::{last_page, MAGICS_PER_PAGE};
use crate::ui::worker::{MagicPage, Request};
use yew::prelude::*;

const PAGE: u64 = MAGICS_PER_PAGE;

#[derive(Properties, PartialEq)]
pub struct MagicListProps {
    pub width: u32,
    /// The page shown (0-based, from the URL).
    pub page: u64,
    /// The magic the panel shows (marked in the list when on this page).
    pub magic: u64,
    pub on_page: Callback<u64>,
    pub on_pick: Callback<u64>,
    /// The "rank of a magic" box's text (from the URL, so a link keeps it).
    pub rank: AttrValue,
    pub on_rank: Callback<String>,
}

/// What the rank box found: the rank of a valid magic, or why not.
fn rank_text(width: u32, text: &str) -> Result<u64, String> {
    let magic = parse_number(text.trim(), width).map_err(|e| e.to_string())?;
    rank_of(width, magic).map_err(|e| e.to_string())
}

#[function_component(MagicList)]
pub fn magic_list(props: &MagicListProps) -> Html {
    let MagicListProps {
        width, page, magic, ..
    } = *props;
    let listing = use_worker_job::<MagicPage>();
    {
        let listing = listing.clone();
        use_effect_with((width, page), move |&(width, page)| {
            listing.start(&Request::DebruijnPage {
                width,
                offset: page * PAGE,
                limit: PAGE as u32,
            })
        });
    }
    let last = last_page(width);
    let jump_error = use_state(|| None::<String>);
    {
        // a page shown (by any control) answers the last jump
        let jump_error = jump_error.clone();
        use_effect_with((width, page), move |_| jump_error.set(None));
    }
    let on_jump = {
        let (on_page, jump_error) = (props.on_page.clone(), jump_error.clone());
        Callback::from(move |e: Event| {
            let value = input_value(&e);
            match value.trim().parse::<u64>() {
                Ok(n) if (1..=last + 1).contains(&n) => {
                    jump_error.set(None);
                    on_page.emit(n - 1);
                }
                _ => jump_error.set(Some(format!(
                    "{:?} is not a page: pages run from 1 to {}",
                    value,
                    last + 1
                ))),
            }
        })
    };
    let on_rank = props.on_rank.reform(|e: InputEvent| input_value(&e));
    let rank = (!props.rank.trim().is_empty()).then(|| rank_text(width, &props.rank));
    let count = multiplier_count(width).unwrap_or(0);

    html! {
        <div class="magic-list-card">
            <h4 class="page-title">{ match page_bounds(width, page, PAGE) {
                Ok(Some((first, last_i))) => format!("page {} of {} (magics {first}–{last_i} of {count})", page + 1, last + 1),
                _ => format!("page {}", page + 1),
            } }</h4>
            <div class="row">
                <button type="button" class="page-prev" disabled={page == 0}
                    onclick={let to = page.saturating_sub(1); props.on_page.reform(move |_: MouseEvent| to)}>{ "◀ prev" }</button>
                <button type="button" class="page-next" disabled={page >= last}
                    onclick={props.on_page.reform(move |_: MouseEvent| page + 1)}>{ "next ▶" }</button>
                <label class="inline">{ "go to page " }
                    <input class="page-jump" type="number" min="1" max={(last + 1).to_string()}
                        value={(page + 1).to_string()} onchange={on_jump} /></label>
            </div>
            if let Some(e) = &*jump_error {
                <p class="error page-jump-error" role="alert">{ e.clone() }</p>
            }
            <div class="row">
                <label class="inline">{ "rank of a magic " }
                    <input class="rank-input mono" type="text" spellcheck="false" placeholder="0x…"
                        value={props.rank.clone()} oninput={on_rank} /></label>
                { match &rank {
                    None => html! { <span class="hint">{ "type a magic to see where it stands" }</span> },
                    Some(Ok(r)) => {
                        let to = r / PAGE;
                        html! { <span class="rank-result">
                            { format!("rank {r} (0-based) of {count}, page {} ", to + 1) }
                            <button type="button" class="linkish rank-go" onclick={props.on_page.reform(move |_: MouseEvent| to)}>{ "show its page" }</button>
                        </span> }
                    }
                    Some(Err(e)) => html! { <span class="error rank-error" role="alert">{ e.clone() }</span> },
                } }
            </div>
            { match &*listing {
                JobState::Done(MagicPage { width: w, offset, magics }) if *w == width && *offset as u64 == page * PAGE => html! {
                    <ol class="magic-list mono" start={(*offset as u64 + 1).to_string()}>
                        { for magics.iter().map(|m| {
                            let value = u64::from_str_radix(m.trim_start_matches("0x"), 16).ok();
                            let pick = value.map(|v| props.on_pick.reform(move |_: MouseEvent| v));
                            let current = value == Some(magic);
                            html! { <li class={classes!(current.then_some("current"))}>
                                <button type="button" class="linkish" onclick={pick}>{ m.clone() }</button></li> }
                        }) }
                    </ol>
                },
                JobState::Failed(e) => html! { <p class="error-box">{ e.clone() }</p> },
                _ => html! { <p class="muted" aria-busy="true">{ "listing…" }</p> },
            } }
        </div>
    }
}
