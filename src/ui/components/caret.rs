//! An error at a column of a one-line text: the text again, a caret under
//! the column, and the message (the Lab's parse errors, Practice's
//! refusals).
//!
//! ```text
//! x & (x - 1
//!           ^
//! column 11: expected ')'
//! ```

use yew::prelude::*;

/// The text, a caret under the 1-based `column`, and `message`.
pub fn caret_error(text: &str, column: usize, message: String) -> Html {
    let caret = format!("{}^", " ".repeat(column.saturating_sub(1)));
    html! {
        <div class="expr-error" data-column={column.to_string()}>
            <pre class="expr-echo"><span class="echo-line">{ text.to_string() }</span>{ "\n" }<span class="caret-line">{ caret }</span></pre>
            <p class="error" role="alert">{ message }</p>
        </div>
    }
}
