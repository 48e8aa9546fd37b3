//! Every panel's frame: its section, its heading (the registry's, the one
//! place a panel's name is written) and its lede. The shell adds the rest
//! around every panel once: the "Try it" card below and the Embed button.
//!
//! ```text
//! <section class="panel swar">
//!   <h2>SWAR: lanes inside one register</h2>   Panel::heading
//!   (intro: the Lab's mode tabs)
//!   <p class="lede">…</p>                        lede
//!   children
//! </section>
//! ```

use crate::ui::registry::Panel;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PanelFrameProps {
    pub panel: Panel,
    /// Classes beside `panel <slug>` (the Lab's `lab-c`).
    #[prop_or_default]
    pub class: Classes,
    /// A heading of its own instead of the registry's (a class's page).
    #[prop_or_default]
    pub heading: Option<AttrValue>,
    /// What stands between the heading and the lede.
    #[prop_or_default]
    pub intro: Html,
    /// The panel's lesson in a paragraph (none where an error stands alone).
    #[prop_or_default]
    pub lede: Option<AttrValue>,
    #[prop_or_default]
    pub children: Html,
}

#[function_component(PanelFrame)]
pub fn panel_frame(props: &PanelFrameProps) -> Html {
    let PanelFrameProps {
        panel,
        class,
        intro,
        lede,
        children,
        heading,
    } = props;
    html! {
        <section class={classes!("panel", panel.slug(), class.clone())}>
            <h2>{ heading.clone().unwrap_or_else(|| panel.heading().into()) }</h2>
            { intro.clone() }
            if let Some(lede) = lede {
                <p class="lede">{ lede.clone() }</p>
            }
            { children.clone() }
        </section>
    }
}
