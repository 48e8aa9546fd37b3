//! A table of rows under one header row (the Lab's steps and variables,
//! the nibble table).

use yew::prelude::*;

/// `<table class={class}>`: a header row of `head`, then `rows`.
pub fn data_table(class: &'static str, head: &[&str], rows: impl Iterator<Item = Html>) -> Html {
    let head = head.iter().map(|h| html! { <th>{ h.to_string() }</th> });
    html! {
        <table class={class}>
            <thead><tr>{ for head }</tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}
