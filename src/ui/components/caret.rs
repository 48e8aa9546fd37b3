//! An error at a column of a one-line text: the text again, a caret under
//! the column, and the message (the Lab's parse errors, Practice's
//! refusals). A long text is shown as a window around the column
//! (`lang::caret`), so the caret stays in view on any screen.
//!
//! ```text
//! x & (x - 1
//!           ^
//! column 11: expected ')'
//! ```

use crate::lang::caret::window;
use yew::prelude::*;

/// The text, a caret under the 1-based `column`, and `message`.
pub fn caret_error(text: &str, column: usize, message: String) -> Html {
    let (shown, at) = window(text, column.saturating_sub(1));
    let caret = format!("{}^", " ".repeat(at));
    html! {
        <div class="expr-error" data-column={column.to_string()}>
            <pre class="expr-echo"><span class="echo-line">{ shown }</span>{ "\n" }<span class="caret-line">{ caret }</span></pre>
            <p class="error" role="alert">{ message }</p>
        </div>
    }
}
