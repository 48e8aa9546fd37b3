//! Source corrections, "why it works" paragraphs and links between panels:
//! the text and numbers come from `bits::teach`, `chess::teach` and
//! `gpu::teach`; this only draws them.

use crate::bits::teach::Correction;
use crate::ui::registry::OwnPanel;
use crate::ui::route::Route;
use crate::ui::state::PanelState;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SourceNoteProps {
    pub item: Correction,
}

/// One correction: "<source> says …; in fact …", and its table.
#[function_component(SourceNote)]
pub fn source_note(props: &SourceNoteProps) -> Html {
    let c = &props.item;
    html! {
        <aside class="correction" data-correction={c.key}>
            <p><strong>{ "Source check. " }</strong>{ c.sentence() }</p>
            if let Some(t) = &c.table {
                <div class="table-scroll">
                <table class="data">
                    <thead><tr>{ for t.head.iter().map(|h| html! { <th>{ h.clone() }</th> }) }</tr></thead>
                    <tbody>{ for t.rows.iter().map(|r| html! {
                        <tr>{ for r.iter().enumerate().map(|(i, c)| html! { <td class={(i > 0).then_some("num")}>{ c.clone() }</td> }) }</tr>
                    }) }</tbody>
                </table>
                </div>
            }
        </aside>
    }
}

/// The corrections with `key` among `items`, drawn where they concern.
pub fn notes(items: &[Correction], keys: &[&str]) -> Html {
    items
        .iter()
        .filter(|c| keys.contains(&c.key))
        .map(|c| html! { <SourceNote item={c.clone()} /> })
        .collect()
}

/// A "why it works" paragraph.
pub fn why(text: String) -> Html {
    html! { <p class="why">{ text }</p> }
}

/// A link that opens the panel that owns `state`, with that state in its URL
/// (built by the state's own `to_params`, so it reads back to the same state).
pub fn panel_link<S: PanelState + OwnPanel>(state: &S, text: String) -> Html {
    let panel = S::PANEL;
    let href = Route {
        panel,
        params: state.to_params(),
    }
    .to_hash();
    html! { <a class="panel-link" data-link={panel.slug()} {href}>{ text }</a> }
}
