//! The start page (the empty route): one card per panel with its lesson in
//! a line and a live miniature, both from the panel registry, and a
//! suggested path through the panels.

use crate::ui::route::Panel;
use yew::prelude::*;

/// The suggested order through the panels.
pub const PATH: [Panel; 8] = [
    Panel::Nibbles,
    Panel::Swar,
    Panel::DeBruijn,
    Panel::Lab,
    Panel::Practice,
    Panel::Trits,
    Panel::Position,
    Panel::Gpu,
];

#[function_component(StartPage)]
pub fn start_page() -> Html {
    let link = |p: Panel| html! { <a href={format!("#/{}", p.slug())} data-start={p.slug()}>{ p.title() }</a> };
    html! {
        <section class="panel start">
            <h2>{ "Bit tricks, step by step" }</h2>
            <p class="lede">{ "Each panel takes one trick apart on real bits, checks every step against plain arithmetic, and says where its source texts are wrong. A suggested path:" }</p>
            <ol class="path">{ for PATH.iter().map(|p| html! { <li>{ link(*p) }</li> }) }</ol>
            <p class="lede">{ format!("Or find a trick you know by name, among {} classic ones, each stepped and proven:", crate::tricks::TRICK_COUNT) }</p>
            <crate::ui::trick_search::TrickSearch id="start-search" big=true />
            <div class="cards">
                { for Panel::ALL.iter().map(|&p| html! {
                    <div class="card start-card" data-card={p.slug()}>
                        <h3>{ link(p) }</h3>
                        <p>{ p.lesson() }</p>
                        { super::mini(p) }
                    </div>
                }) }
            </div>
        </section>
    }
}
