//! The house rules of `src/` that a reader can check by eye, checked here:
//! no import circle between sibling modules, no file over 800 lines.
//!
//! A module `a::x` depends on its sibling `a::y` when any file under `a::x`
//! names a path under `a::y` (`crate::a::y::…`, or `super::y::…` from a file
//! of `a::x`). Test modules (`#[cfg(test)]` and `tests.rs`) are left out:
//! a test may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Module = Vec<String>;

/// Every `.rs` file under `dir` with its module path (`src/ui/route.rs` is
/// `ui::route`, `src/gpu/mod.rs` is `gpu`).
fn modules(dir: &Path, prefix: &Module, out: &mut BTreeMap<Module, String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            let mut m = prefix.clone();
            m.push(name);
            modules(&path, &m, out);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            let mut m = prefix.clone();
            if !matches!(stem, "mod" | "lib" | "main") {
                m.push(stem.to_string());
            }
            if stem != "tests" && !stem.ends_with("_tests") {
                out.insert(m, fs::read_to_string(&path).unwrap_or_default());
            }
        }
    }
}

/// The code without comments and without its `#[cfg(test)]` tail.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `use a::{b, c::{d, e}}` written out: `a::b`, `a::c::d`, `a::c::e`.
fn expand_use(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or("").trim();
        if !path.is_empty() {
            out.push(format!("{prefix}{path}"));
        }
        return;
    };
    let head = &tree[..open];
    let inner = tree[open + 1..].trim_end().trim_end_matches('}');
    // split the inner list on commas at brace depth 0
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand_use(&inner[start..i], &format!("{prefix}{head}"), out);
                start = i + 1;
            }
            _ => {}
        }
    }
    expand_use(&inner[start..], &format!("{prefix}{head}"), out);
}

/// The paths a file's code names: its `use` trees written out, and the
/// `crate::…` / `super::…` paths in its code.
fn paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    // a `use` statement starts a line and ends at the next `;`
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let line = line.trim_start();
        let Some(tree) = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .find_map(|p| line.strip_prefix(p))
        else {
            continue;
        };
        let mut statement = tree.to_string();
        while !statement.contains(';') {
            let Some(next) = lines.next() else { break };
            statement.push_str(next);
        }
        expand_use(statement.split(';').next().unwrap_or(""), "", &mut out);
    }
    out.extend(
        text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .filter(|w| w.starts_with("crate::") || w.starts_with("super::"))
            .map(str::to_string),
    );
    out
}

/// The module paths a file names, made absolute.
fn references(module: &Module, text: &str) -> Vec<Module> {
    let mut out = Vec::new();
    for w in paths(text) {
        let parts: Vec<&str> = w.split("::").filter(|p| !p.is_empty()).collect();
        let ups = parts.iter().take_while(|p| **p == "super").count();
        let (base, skip): (Module, usize) = if parts.first() == Some(&"crate") {
            (Vec::new(), 1)
        } else if ups > 0 {
            // `super` is the module's parent, for a file and a `mod.rs` alike
            (module[..module.len().saturating_sub(ups)].to_vec(), ups)
        } else {
            continue;
        };
        let mut m = base;
        m.extend(parts[skip..].iter().map(|p| p.to_string()));
        out.push(m);
    }
    out
}

/// Sibling edges: `a::x -> a::y` for every reference that leaves `a::x`
/// into a sibling that exists.
fn sibling_edges(mods: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let exists = |m: &Module| mods.keys().any(|k| k.starts_with(m));
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, text) in mods {
        for r in references(module, &code(text)) {
            let common = module.iter().zip(&r).take_while(|(a, b)| a == b).count();
            if common < module.len() && common < r.len() {
                let (from, to) = (module[..=common].to_vec(), r[..=common].to_vec());
                if exists(&to) {
                    edges.entry(from).or_default().insert(to);
                }
            }
        }
    }
    edges
}

/// The modules that can reach themselves through sibling edges.
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<(Module, Module)> {
    let reaches = |from: &Module, to: &Module| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            if &m == to {
                return true;
            }
            if seen.insert(m.clone()) {
                stack.extend(edges.get(&m).into_iter().flatten().cloned());
            }
        }
        false
    };
    let mut out = Vec::new();
    for (a, tos) in edges {
        for b in tos {
            if a < b && reaches(b, a) {
                out.push((a.clone(), b.clone()));
            }
        }
    }
    out
}

#[test]
fn no_import_circle_between_sibling_modules() {
    let mut mods = BTreeMap::new();
    modules(Path::new("src"), &Vec::new(), &mut mods);
    assert!(mods.len() > 50, "read {} modules", mods.len());
    let edges = sibling_edges(&mods);
    // the check sees real edges: the UI renders what the library computes
    assert!(edges[&vec!["ui".to_string()]].contains(&vec!["bits".to_string()]));
    let found: Vec<String> = circles(&edges)
        .iter()
        .map(|(a, b)| format!("{} <-> {}", a.join("::"), b.join("::")))
        .collect();
    assert!(found.is_empty(), "import circles: {found:#?}");
}

#[test]
fn no_file_in_src_over_800_lines() {
    let mut mods = BTreeMap::new();
    modules(Path::new("src"), &Vec::new(), &mut mods);
    let long: Vec<String> = mods
        .iter()
        .filter(|(_, t)| t.lines().count() > 800)
        .map(|(m, t)| format!("{} ({} lines)", m.join("::"), t.lines().count()))
        .collect();
    assert!(long.is_empty(), "{long:?}");
}
