//! The trick catalog's search for the page ([`Request::TricksSearch`]
//! (super::Request::TricksSearch)): the catalog (`crate::tricks`, its C
//! text and its search index) lives in the worker's module only, so the
//! page's first load does not carry it; the page gets the ranked entries
//! drawn as a list of links to the Lab.

use serde::{Deserialize, Serialize};

/// The most entries a query answers with.
pub const MAX_HITS: usize = 8;

/// One ranked entry: what the list shows, and what opens it in the Lab.
#[derive(Clone, Debug, PartialEq)]
pub struct TrickHit {
    pub id: String,
    pub title: String,
    pub task: String,
    pub family: String,
    pub fn_name: String,
    /// The trick's whole C file, and its specification's.
    pub source: String,
    pub spec_source: String,
    pub restriction: Option<String>,
    pub ops: u32,
    pub width: u32,
    /// A well-known published version that is wrong at an edge.
    pub wrong: bool,
    /// The slug of the panel that explains its idea.
    pub panel: String,
    /// It matches the whole query (not only some of its words).
    pub complete: bool,
}

/// A query's answer: the query (so a late answer is told apart), how many
/// entries match, and the list of the best as HTML, written here in the
/// worker: the page only shows it, so the first load carries neither the
/// catalog nor the code that reads and draws its entries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TricksFound {
    pub query: String,
    pub count: u32,
    pub html: String,
}

impl TrickHit {
    /// The Lab in C mode on the trick, its specification as "compare
    /// with": one click steps it, one more proves it.
    pub fn lab_route(&self) -> crate::ui::route::Route {
        use crate::ui::state::{CodeState, LabMode, LabState};
        let state = LabState {
            mode: LabMode::C,
            code: CodeState {
                src: self.source.clone(),
                func: Some(self.fn_name.clone()),
                args: Vec::new(),
                cmp: self.spec_source.clone(),
            },
            ..LabState::default()
        };
        crate::ui::route::Route::of(&state)
    }
}

impl TricksFound {
    /// The best [`MAX_HITS`] entries for `query` (none for a blank one),
    /// drawn ([`hits_html`]).
    #[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
    pub fn compute(query: &str) -> TricksFound {
        let hits = Self::hits(query);
        TricksFound {
            query: query.to_string(),
            count: hits.len() as u32,
            html: hits_html(query, &hits),
        }
    }

    /// The best [`MAX_HITS`] entries for `query` (none for a blank one).
    #[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
    pub fn hits(query: &str) -> Vec<TrickHit> {
        use crate::tricks::{catalog, search::index};
        let catalog = catalog();
        let hits = if query.trim().is_empty() {
            Vec::new()
        } else {
            // (the index is built once, on the worker's first query)
            index()
                .search(query)
                .iter()
                .take(MAX_HITS)
                .map(|h| {
                    let e = &catalog.entries[h.entry];
                    TrickHit {
                        id: e.id.clone(),
                        title: e.title.clone(),
                        task: e.task.clone(),
                        family: e.family.clone(),
                        fn_name: e.fn_name.clone(),
                        source: e.source.clone(),
                        spec_source: e.spec_source.clone(),
                        restriction: e.restriction.clone(),
                        ops: e.ops,
                        width: e.width,
                        wrong: e.wrong.is_some(),
                        panel: e.panel.clone(),
                        complete: h.complete,
                    }
                })
                .collect()
        };
        hits
    }
}

/// The results as an ordered list: each entry's title a link to the Lab
/// ([`TrickHit::lab_route`]), its task, and its family, width, operators,
/// restriction; or a line saying nothing matched. Every text is escaped.
#[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
pub fn hits_html(query: &str, hits: &[TrickHit]) -> String {
    // a question a panel answers (the fast inverse square root, 0.1 + 0.2)
    // comes first, and Enter opens it
    let topic = crate::tricks::topics::topic_of(query)
        .map(|t| {
            format!(
                "<p class=\"trick-topic\"><a class=\"trick-hit trick-topic-link\" href=\"{}\">{}</a></p>",
                escape(t.route),
                escape(t.says)
            )
        })
        .unwrap_or_default();
    if hits.is_empty() {
        return format!(
            "{topic}<p class=\"trick-none muted\">No trick matches \"{}\".</p>",
            escape(query)
        );
    }
    let items: Vec<String> = hits
        .iter()
        .map(|h| {
            let mut facts = vec![
                h.family.clone(),
                format!("{} bits", h.width),
                format!("{} ops", h.ops),
            ];
            if let Some(r) = &h.restriction {
                facts.push(format!("for {r}"));
            }
            if h.wrong {
                facts.push("a wrong version, with its counterexample".into());
            }
            // (the Lab is where the result opens: no second link to it)
            let idea = crate::ui::route::Panel::from_slug(&h.panel)
                .filter(|p| *p != crate::ui::route::Panel::Lab)
                .map(|p| format!(" <a class=\"trick-panel\" href=\"#/{}\">the idea: {}</a>", p.slug(), escape(p.title())))
                .unwrap_or_default();
            format!(
                "<li data-trick=\"{}\"><a class=\"trick-hit\" href=\"{}\">{}</a><span class=\"trick-task\">{}</span><span class=\"trick-facts muted\">{}{idea}</span></li>",
                escape(&h.id),
                escape(&h.lab_route().to_hash()),
                escape(&h.title),
                escape(&h.task),
                escape(&facts.join(" · "))
            )
        })
        .collect();
    let weak = if hits.iter().any(|h| h.complete) {
        String::new()
    } else {
        "<p class=\"trick-weak\">No trick matches all of your words; the closest:</p>".into()
    };
    format!(
        "{topic}{weak}<ol class=\"trick-list\" aria-label=\"tricks for {}\">{}</ol>",
        escape(query),
        items.concat()
    )
}

/// Text made safe inside HTML (an element's text or a quoted attribute).
#[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_tricks_a_learner_looked_for_are_found_first() {
        for (query, family) in [
            ("round up to a power of two", "pow2"),
            ("count bits", "popcount"),
            ("index of the lowest set bit", "log2-ctz-clz"),
            ("reverse bits", "reverse"),
            ("divide by 3", "divide"),
        ] {
            let hits = TricksFound::hits(query);
            assert!(hits.len() <= MAX_HITS);
            let first = &hits[0];
            assert_eq!(first.family, family, "{query}: {}", first.title);
            assert!(first.source.contains(&first.fn_name));
        }
        assert!(TricksFound::hits("  ").is_empty());
        let drawn = TricksFound::compute("reverse bits");
        assert_eq!(drawn.html.matches("<li ").count(), drawn.count as usize);
        assert!(drawn.html.contains("href=\"#/lab?"));
        // a query is text, never markup
        let odd = TricksFound::compute("<b>x & \"y\"");
        assert!(odd.html.contains("&lt;b&gt;x &amp; &quot;y&quot;") && !odd.html.contains("<b>"));
    }

    #[test]
    fn a_question_a_panel_answers_links_that_panel_first() {
        for (query, route) in [
            (
                "fast inverse square root",
                "#/float?mode=trick&amp;trick=invsqrt&amp;n=2",
            ),
            (
                "0.1 + 0.2",
                "#/float?f=binary64&amp;mode=op&amp;a=0.1&amp;b=0.2&amp;c=0.3",
            ),
            ("IEEE 754", "#/float\""),
            ("bfloat16", "#/float\""),
        ] {
            let html = TricksFound::compute(query).html;
            let first = html.find("class=\"trick-hit").unwrap();
            assert!(html[first..].contains(route), "{query}: {html}");
            assert!(html.find("trick-topic").unwrap() < html.find("<ol").unwrap_or(html.len()));
        }
        assert!(!TricksFound::compute("reverse bits")
            .html
            .contains("trick-topic"));
    }

    #[test]
    fn a_hit_opens_the_lab_on_the_trick_compared_with_its_spec() {
        use crate::ui::route::Route;
        use crate::ui::state::{LabMode, LabState, UrlState};
        for hit in TricksFound::hits("reverse bits") {
            let hash = hit.lab_route().to_hash();
            let back = Route::parse(&hash);
            let lab = LabState::from_params(&back.params);
            assert_eq!(lab.mode, LabMode::C, "{hash}");
            assert_eq!(lab.code.src, hit.source);
            assert_eq!(lab.code.cmp, hit.spec_source);
            assert_eq!(lab.code.func.as_deref(), Some(hit.fn_name.as_str()));
        }
    }
}
