//! What a learner asks the trick search that a panel answers better than
//! a catalog entry: "fast inverse square root" needs float arithmetic,
//! "0.1 + 0.2" is a question about rounding. Each topic is a few phrases and
//! the panel state that shows the answer.
//!
//! ```text
//! "how are floats stored in bits"  →  #/float             (the word "floats")
//! "fast inverse square root"       →  #/float?mode=trick&trick=invsqrt&n=2
//! "0.1+0.2"                        →  #/float?f=binary64&mode=op&a=0.1&b=0.2&c=0.3
//! ```

/// A panel's answer to some questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Topic {
    /// Phrases, lower case, words separated by one space; a query
    /// containing one (as whole words) is answered.
    pub phrases: &'static [&'static str],
    /// The link (a route with its state).
    pub route: &'static str,
    /// What the link shows, in a line.
    pub says: &'static str,
}

/// Every topic, most specific first (the first that matches answers).
pub const TOPICS: &[Topic] = &[
    Topic {
        phrases: &["fast inverse square root", "inverse square root", "0x5f3759df", "0x5f375a86", "quake"],
        route: "#/float?mode=trick&trick=invsqrt&n=2",
        says: "Float panel: the fast inverse square root stepped on the bits, with its Newton step and its error",
    },
    Topic {
        phrases: &["0.1 + 0.2", "0.1+0.2", "0.1 plus 0.2", "0.30000000000000004"],
        route: "#/float?f=binary64&mode=op&a=0.1&b=0.2&c=0.3",
        says: "Float panel: 0.1 + 0.2 in binary64, each rounding stepped, and why it is not 0.3",
    },
    Topic {
        phrases: &[
            "float", "floats", "floating point", "floating-point", "ieee 754", "ieee754", "bfloat16", "bf16",
            "fp8", "fp16", "e4m3", "e5m2", "binary16", "binary32", "binary64", "half precision",
            "single precision", "double precision", "ulp", "nan", "subnormal", "denormal", "mantissa",
        ],
        route: "#/float",
        says: "Float panel: a float's sign, exponent and fraction, its exact value, rounding and arithmetic stepped",
    },
];

/// The topic a query asks about, if any.
pub fn topic_of(query: &str) -> Option<&'static Topic> {
    let words = normalise(query);
    let joined = format!(" {words} ");
    let squeezed: String = words.chars().filter(|c| !c.is_whitespace()).collect();
    TOPICS.iter().find(|t| {
        t.phrases.iter().any(|p| {
            joined.contains(&format!(" {p} "))
                || (p.contains(|c: char| !c.is_ascii_alphanumeric() && c != ' ')
                    && squeezed.contains(&p.replace(' ', "")))
        })
    })
}

/// Lower case, punctuation around words dropped (a `.` or `+` inside a
/// word kept: `0.1`, `c++`), single spaces.
fn normalise(query: &str) -> String {
    query
        .to_lowercase()
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| {
                matches!(c, '?' | '!' | ',' | ';' | ':' | '"' | '\'' | '(' | ')')
            })
        })
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_questions_a_learner_asked_find_the_float_panel() {
        let route = |q: &str| topic_of(q).map(|t| t.route);
        for q in [
            "float bits",
            "IEEE 754",
            "bfloat16",
            "fp8",
            "How are floats stored in bits?",
            "what is a NaN",
        ] {
            assert_eq!(route(q), Some("#/float"), "{q}");
        }
        assert_eq!(
            route("fast inverse square root"),
            Some("#/float?mode=trick&trick=invsqrt&n=2")
        );
        assert_eq!(
            route("Fast Inverse Square Root."),
            Some("#/float?mode=trick&trick=invsqrt&n=2")
        );
        for q in ["0.1 + 0.2", "why is 0.1+0.2 != 0.3", "0.1  +  0.2"] {
            assert_eq!(
                route(q),
                Some("#/float?f=binary64&mode=op&a=0.1&b=0.2&c=0.3"),
                "{q}"
            );
        }
        for q in [
            "reverse bits",
            "count bits",
            "divide by 3",
            "nanoseconds",
            "floatable",
            "",
        ] {
            assert_eq!(route(q), None, "{q}");
        }
    }

    #[test]
    fn every_topic_s_link_opens_its_panel() {
        for t in TOPICS {
            let r = crate::ui::route::Route::parse(t.route);
            assert_eq!(
                format!("#/{}", r.panel.slug()),
                t.route.split('?').next().unwrap()
            );
        }
    }
}
