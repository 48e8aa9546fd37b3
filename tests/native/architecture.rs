//! The house rules of `src/` that a reader can check by eye, checked here:
//! no import circle between sibling modules, the layers of ARCHITECTURE.md
//! (dependencies point down only), no file over 800 lines (`.rs` and
//! `.wgsl`).
//!
//! Every file is parsed whole with `syn`. A module `a::x` depends on its
//! sibling `a::y` when any code of `a::x` (or of a module under it) names a
//! path that leads into `a::y`: a `use` tree (`use super::*` included), a
//! path in the code or in a macro's tokens (`crate::…`, `super::…`,
//! `self::…`, a child module, a name that a `use` brought in), or a path
//! through a re-export (`use super::legal_moves` in `chess/teach.rs` goes
//! through `pub use movegen::legal_moves` in `chess/mod.rs`, so it is an
//! edge to `chess::movegen`; every module the path passes through counts).
//! Only items marked `#[cfg(test)]` (or `#[cfg(all(test, …))]`) and the
//! files `tests.rs` / `*_tests.rs` are left out: a test may reach anywhere.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use syn::visit::{self, Visit};
use syn::{Attribute, ImplItem, Item, Meta, TraitItem, UseTree};

type Module = Vec<String>;

/// One source file: the module it is, and its text.
struct Source {
    module: Module,
    file: String,
    text: String,
}

/// Every `.rs` file under `dir` with its module path (`src/ui/route.rs` is
/// `ui::route`, `src/gpu/mod.rs` is `gpu`, `lib.rs` and `main.rs` the
/// root); test files left out.
fn sources(dir: &Path, prefix: &Module, out: &mut Vec<Source>) {
    for path in files(dir) {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let Some(stem) = name.strip_suffix(".rs") else {
            continue;
        };
        if stem == "tests" || stem.ends_with("_tests") {
            continue;
        }
        let rel = path
            .parent()
            .unwrap_or(dir)
            .strip_prefix(dir)
            .unwrap_or(Path::new(""));
        let mut module = prefix.clone();
        module.extend(rel.iter().map(|p| p.to_string_lossy().into_owned()));
        if !matches!(stem, "mod" | "lib" | "main") {
            module.push(stem.to_string());
        }
        let text = fs::read_to_string(&path).unwrap_or_default();
        out.push(Source {
            module,
            file: path.display().to_string(),
            text,
        });
    }
}

/// Every file under `dir`, sorted.
fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// What one module declares and names (before any path is resolved).
#[derive(Default)]
struct ModInfo {
    /// Items and child modules declared here.
    defines: BTreeSet<String>,
    /// A name a `use` binds here, and the path it was written with.
    uses: BTreeMap<String, Vec<String>>,
    /// `use path::*` here, as written.
    globs: Vec<Vec<String>>,
    /// Every path the code names (use trees included), as written.
    paths: Vec<Vec<String>>,
}

/// `#[cfg(test)]` or `#[cfg(all(test, …))]`.
fn is_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        let Meta::List(list) = &a.meta else {
            return false;
        };
        if !list.path.is_ident("cfg") {
            return false;
        }
        let cfg = list.tokens.to_string().replace(' ', "");
        cfg == "test"
            || cfg
                .strip_prefix("all(")
                .is_some_and(|r| r.split([',', ')']).any(|p| p == "test"))
    })
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// The name an item declares, if any.
fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Macro(i) => i.ident.as_ref()?,
        Item::Mod(i) => &i.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// The words of a token text that look like paths (`crate::a::b`): for
/// macros (`format!`, `html!`) and serde's `with = "…"`, whose insides syn
/// leaves as tokens.
fn token_paths(text: &str) -> Vec<Vec<String>> {
    let text = text.replace(" :: ", "::").replace(":: ", "::");
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .filter(|w| w.contains("::"))
        .map(|w| {
            w.split("::")
                .filter(|p| !p.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// Walks one file, filling the `ModInfo` of its module and of the inline
/// modules in it.
struct Collector<'a> {
    stack: Vec<Module>,
    mods: &'a mut BTreeMap<Module, ModInfo>,
}

impl Collector<'_> {
    fn info(&mut self) -> &mut ModInfo {
        let m = self.stack.last().cloned().unwrap_or_default();
        self.mods.entry(m).or_default()
    }

    fn use_tree(&mut self, tree: &UseTree, mut prefix: Vec<String>) {
        let binding = match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                return self.use_tree(&p.tree, prefix);
            }
            UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, prefix.clone());
                }
                return;
            }
            UseTree::Glob(_) => {
                self.info().globs.push(prefix.clone());
                self.info().paths.push(prefix);
                return;
            }
            UseTree::Name(n) if n.ident == "self" => prefix.last().cloned().unwrap_or_default(),
            UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                n.ident.to_string()
            }
            UseTree::Rename(r) => {
                if r.ident != "self" {
                    prefix.push(r.ident.to_string());
                }
                r.rename.to_string()
            }
        };
        if binding != "_" {
            self.info().uses.insert(binding, prefix.clone());
        }
        self.info().paths.push(prefix);
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast Item) {
        if is_test(item_attrs(item)) {
            return;
        }
        if let Some(name) = item_name(item) {
            self.info().defines.insert(name);
        }
        match item {
            Item::Use(u) => self.use_tree(&u.tree, Vec::new()),
            Item::Mod(m) => {
                let mut inner = self.stack.last().cloned().unwrap_or_default();
                inner.push(m.ident.to_string());
                self.mods.entry(inner.clone()).or_default();
                if let Some((_, items)) = &m.content {
                    self.stack.push(inner);
                    for i in items {
                        self.visit_item(i);
                    }
                    self.stack.pop();
                }
            }
            _ => visit::visit_item(self, item),
        }
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        let attrs = match item {
            ImplItem::Const(i) => &i.attrs,
            ImplItem::Fn(i) => &i.attrs,
            ImplItem::Type(i) => &i.attrs,
            ImplItem::Macro(i) => &i.attrs,
            _ => return visit::visit_impl_item(self, item),
        };
        if !is_test(attrs) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast TraitItem) {
        let attrs = match item {
            TraitItem::Const(i) => &i.attrs,
            TraitItem::Fn(i) => &i.attrs,
            TraitItem::Type(i) => &i.attrs,
            TraitItem::Macro(i) => &i.attrs,
            _ => return visit::visit_trait_item(self, item),
        };
        if !is_test(attrs) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.info().paths.push(segments);
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let found = token_paths(&mac.tokens.to_string());
        self.info().paths.extend(found);
        visit::visit_macro(self, mac);
    }

    fn visit_attribute(&mut self, attr: &'ast Attribute) {
        if let Meta::List(list) = &attr.meta {
            if list.path.is_ident("serde") {
                // `with = "square_name"`: a path written as a string
                let text = list.tokens.to_string();
                let quoted = text.split('"').skip(1).step_by(2);
                let found = quoted.map(|q| q.split("::").map(str::to_string).collect());
                self.info()
                    .paths
                    .extend(found.collect::<Vec<Vec<String>>>());
            }
        }
        visit::visit_attribute(self, attr);
    }
}

/// The crate: every module's `ModInfo`, and the files it was read from.
struct Crate {
    mods: BTreeMap<Module, ModInfo>,
    errors: Vec<String>,
}

impl Crate {
    fn parse(sources: &[Source]) -> Crate {
        let mut mods = BTreeMap::new();
        let mut errors = Vec::new();
        mods.insert(Vec::new(), ModInfo::default());
        for s in sources {
            let file = match syn::parse_file(&s.text) {
                Ok(f) => f,
                Err(e) => {
                    errors.push(format!("{}: {e}", s.file));
                    continue;
                }
            };
            if is_test(&file.attrs) {
                continue;
            }
            mods.entry(s.module.clone()).or_default();
            let mut c = Collector {
                stack: vec![s.module.clone()],
                mods: &mut mods,
            };
            c.visit_file(&file);
        }
        Crate { mods, errors }
    }

    /// A path as written in `module`, made absolute; `None` for a path out
    /// of the crate (std, a dependency) or a local name.
    fn absolute(&self, module: &Module, path: &[String], depth: usize) -> Option<Module> {
        let first = path.first()?;
        let with = |base: &[String], skip: usize| {
            let mut m = base.to_vec();
            m.extend(path[skip..].iter().cloned());
            Some(m)
        };
        match first.as_str() {
            // `bitscope::` is the library's root for the binary (`cli/`)
            "crate" | "bitscope" => with(&[], 1),
            "self" => with(module, 1),
            "super" => {
                let ups = path.iter().take_while(|p| *p == "super").count();
                with(&module[..module.len().checked_sub(ups)?], ups)
            }
            _ if depth > 8 => None,
            _ => {
                let info = self.mods.get(module)?;
                if info.defines.contains(first) {
                    return with(module, 0);
                }
                if let Some(target) = info.uses.get(first) {
                    let mut m = self.absolute(module, target, depth + 1)?;
                    m.extend(path[1..].iter().cloned());
                    return Some(m);
                }
                info.globs.iter().find_map(|g| {
                    let from = self.absolute(module, g, depth + 1)?;
                    self.provides(&from, first, depth + 1)
                        .then(|| [from.as_slice(), path].concat())
                })
            }
        }
    }

    /// Whether `name` can be named in `module` (declared, or brought in).
    fn provides(&self, module: &Module, name: &str, depth: usize) -> bool {
        let Some(info) = self.mods.get(module) else {
            return false;
        };
        info.defines.contains(name)
            || info.uses.contains_key(name)
            || (depth < 8
                && info.globs.iter().any(|g| {
                    self.absolute(module, g, depth + 1)
                        .is_some_and(|from| self.provides(&from, name, depth + 1))
                }))
    }

    /// The modules an absolute path passes through, to the one where its
    /// item really lives: `chess::legal_moves` is `[chess, chess::movegen]`.
    fn owners(&self, path: &Module, depth: usize) -> Vec<Module> {
        let n = (0..=path.len())
            .rev()
            .find(|&n| self.mods.contains_key(&path[..n]))
            .unwrap_or(0);
        let module = path[..n].to_vec();
        let mut hops = vec![module.clone()];
        if n < path.len() && depth < 8 && !self.mods[&module].defines.contains(&path[n]) {
            if let Some(next) = self.absolute(&module, &path[n..], 0) {
                if &next != path {
                    hops.extend(self.owners(&next, depth + 1));
                }
            }
        }
        hops
    }

    /// Every module reached from each module's code (itself left out).
    fn references(&self) -> BTreeMap<Module, BTreeSet<Module>> {
        let mut out: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
        for (module, info) in &self.mods {
            for p in &info.paths {
                let Some(abs) = self.absolute(module, p, 0) else {
                    continue;
                };
                for hop in self.owners(&abs, 0) {
                    if &hop != module {
                        out.entry(module.clone()).or_default().insert(hop);
                    }
                }
            }
        }
        out
    }
}

/// Sibling edges: `a::x -> a::y` for every reference that leaves `a::x`
/// (or a module under it) into `a::y` (or a module under it).
fn sibling_edges(refs: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, targets) in refs {
        for r in targets {
            let common = module.iter().zip(r).take_while(|(a, b)| a == b).count();
            if common < module.len() && common < r.len() {
                let (from, to) = (module[..=common].to_vec(), r[..=common].to_vec());
                edges.entry(from).or_default().insert(to);
            }
        }
    }
    edges
}

/// The pairs of sibling modules that reach each other.
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
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
                out.push(format!("{} <-> {}", a.join("::"), b.join("::")));
            }
        }
    }
    out
}

/// The layers (top-level modules) each layer imports.
fn layer_edges(edges: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in edges.iter().filter(|(m, _)| m.len() == 1) {
        out.entry(from[0].clone())
            .or_default()
            .extend(tos.iter().map(|t| t[0].clone()));
    }
    out
}

/// What ARCHITECTURE.md allows each layer to import (a layer not listed
/// may import any layer but `ui` and `cli`; `ui` and `cli` anything).
const LAYERS: &[(&str, &[&str])] = &[
    ("bits", &[]),
    ("lang", &["bits"]),
    ("chess", &["bits"]),
    ("synth", &["tricks", "lang", "bits"]),
    ("practice", &["synth", "lang", "bits"]),
    ("tricks", &["lang", "bits"]),
    ("class", &["practice", "synth", "lang", "bits"]),
];

/// The imports that break the layer rules.
fn layer_breaches(layers: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for (from, tos) in layers {
        let allowed = LAYERS.iter().find(|(l, _)| l == from).map(|(_, a)| *a);
        for to in tos {
            let ok = match allowed {
                Some(allowed) => allowed.contains(&to.as_str()),
                None => {
                    matches!(from.as_str(), "ui" | "cli") || !matches!(to.as_str(), "ui" | "cli")
                }
            };
            if !ok {
                out.push(format!("{from} -> {to}"));
            }
        }
    }
    out
}

fn read_src() -> (Vec<Source>, Crate) {
    let mut srcs = Vec::new();
    sources(Path::new("src"), &Vec::new(), &mut srcs);
    let krate = Crate::parse(&srcs);
    assert!(krate.errors.is_empty(), "parse errors: {:#?}", krate.errors);
    (srcs, krate)
}

fn m(path: &str) -> Module {
    path.split("::")
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn no_import_circle_between_sibling_modules() {
    let (srcs, krate) = read_src();
    assert!(srcs.len() > 150, "read {} files", srcs.len());
    let edges = sibling_edges(&krate.references());
    let count: usize = edges.values().map(BTreeSet::len).sum();
    eprintln!(
        "read {} files, {} modules, {count} sibling edges",
        srcs.len(),
        krate.mods.len()
    );
    // the check sees real edges: the UI renders what the library computes,
    // and a path through a parent's re-export reaches where the item lives
    assert!(edges[&m("ui")].contains(&m("bits")));
    assert!(edges[&m("chess::teach")].contains(&m("chess::movegen")));
    assert!(edges[&m("chess::teach")].contains(&m("chess::moves")));
    let found = circles(&edges);
    assert!(found.is_empty(), "import circles: {found:#?}");
}

#[test]
fn layers_import_down_only() {
    let (_, krate) = read_src();
    let layers = layer_edges(&sibling_edges(&krate.references()));
    eprintln!("layer imports: {layers:?}");
    assert!(layers["lang"].contains("bits"), "{layers:?}");
    let found = layer_breaches(&layers);
    assert!(
        found.is_empty(),
        "imports against ARCHITECTURE.md's layers: {found:#?}"
    );
}

#[test]
fn no_file_in_src_over_800_lines() {
    let long: Vec<String> = files(Path::new("src"))
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs" || e == "wgsl"))
        .map(|p| (p, fs::read_to_string(p).unwrap_or_default().lines().count()))
        .filter(|(_, n)| *n > 800)
        .map(|(p, n)| format!("{} ({n} lines)", p.display()))
        .collect();
    assert!(long.is_empty(), "{long:?}");
}

// The checker itself, on planted module trees: each hides a circle where
// the old line-based reader did not look.

fn planted(files: &[(&str, &str)]) -> Vec<String> {
    let srcs: Vec<Source> = files
        .iter()
        .map(|(module, text)| Source {
            module: m(module),
            file: module.to_string(),
            text: text.to_string(),
        })
        .collect();
    let krate = Crate::parse(&srcs);
    assert!(krate.errors.is_empty(), "{:?}", krate.errors);
    circles(&sibling_edges(&krate.references()))
}

#[test]
fn a_circle_through_a_re_export_is_found() {
    let found = planted(&[
        ("", "pub mod a;"),
        ("a", "mod x;\nmod y;\npub use x::Thing;\nuse y::*;"),
        (
            "a::x",
            "pub struct Thing;\npub fn f() -> u32 { super::Other::N }",
        ),
        // y reaches x only through a's `pub use x::Thing`
        (
            "a::y",
            "use super::Thing;\npub struct Other;\nimpl Other { pub const N: u32 = 1; }",
        ),
    ]);
    assert_eq!(found, ["a::x <-> a::y"]);
    // and through `use super::*`, with no name written
    let found = planted(&[
        ("", "pub mod a;"),
        ("a", "mod x;\nmod y;\npub use x::Thing;"),
        ("a::x", "pub struct Thing;\nfn f() { crate::a::y::g() }"),
        ("a::y", "use super::*;\npub fn g() { let _ = Thing; }"),
    ]);
    assert_eq!(found, ["a::x <-> a::y"]);
}

#[test]
fn a_circle_after_a_cfg_test_line_is_found() {
    let found = planted(&[
        ("", "pub mod a;"),
        ("a", "mod x;\nmod y;"),
        (
            "a::x",
            "#[cfg(test)]\nmod tests;\n\nuse super::y::Other;\npub struct Thing(Other);",
        ),
        (
            "a::y",
            "pub struct Other;\n#[cfg(all(test, not(target_arch = \"wasm32\")))]\nmod t {}\n\n\
                  pub fn g() -> Option<crate::a::x::Thing> { None }",
        ),
    ]);
    assert_eq!(found, ["a::x <-> a::y"]);
    // while the test items themselves are left out
    let found = planted(&[
        ("", "pub mod a;"),
        ("a", "mod x;\nmod y;"),
        (
            "a::x",
            "use super::y::Other;\n#[cfg(test)]\nmod tests { use crate::a::y::*; }",
        ),
        (
            "a::y",
            "pub struct Other;\n#[cfg(test)]\nfn t() { crate::a::x::f(); }",
        ),
    ]);
    assert!(found.is_empty(), "{found:?}");
}
