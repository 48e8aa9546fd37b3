//! Build step: the WGSL kernels without their comments and indentation, for
//! `include_str!` (the page carries the kernels as text: 46 KB as written,
//! half of it comments and spaces). `src/gpu/kernels/*.wgsl` stay the source
//! to read. Lines starting with `//@@` (the host cuts the variant blocks at
//! them) and `const ` (the host substitutes some) stay whole lines; every
//! other line is joined to the one before, with the spaces dropped that
//! separate nothing: a space stays only between two word characters
//! (`fn main`) or between two operator characters (`a - -b`), so no two
//! tokens merge. WGSL has no string literals, so `//` always starts a
//! comment. `vec2<u32>` becomes the alias `V2`, and the page's copy leaves
//! out the `//@@BEGIN NATIVE` blocks (test hooks).

use std::{env, fs, path::Path};

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.'
}

fn is_operator(c: char) -> bool {
    !is_word(c) && !"(){}[],;:".contains(c)
}

/// Whether a space between `a` and `b` keeps two tokens apart.
fn space_needed(a: char, b: char) -> bool {
    (is_word(a) && is_word(b)) || (is_operator(a) && is_operator(b))
}

/// Appends `code` to `out`, the spaces that separate nothing dropped.
fn push_squeezed(out: &mut String, code: &str) {
    for (i, c) in code.char_indices() {
        if c == ' ' {
            let next = code[i + 1..].chars().next();
            match (out.chars().last(), next) {
                (Some(a), Some(b)) if space_needed(a, b) => out.push(' '),
                _ => {}
            }
        } else {
            // a joined line's start, where the source had a line break
            if i == 0 && out.ends_with(|a: char| a != '\n' && space_needed(a, c)) {
                out.push(' ');
            }
            out.push(c);
        }
    }
}

fn minify(src: &str) -> String {
    let mut out = String::with_capacity(src.len() / 2);
    for line in src.lines() {
        let t = line.trim();
        let code = if t.starts_with("//@@") {
            t
        } else {
            t.find("//").map_or(t, |i| t[..i].trim_end())
        };
        if code.is_empty() {
            continue;
        }
        if code.starts_with("//@@") || code.starts_with("const ") {
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(code);
            out.push('\n');
        } else {
            push_squeezed(&mut out, code);
        }
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// `text` without its `//@@BEGIN NATIVE` .. `//@@END NATIVE` blocks (test
/// hooks the page does not need).
fn without_native_blocks(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(b) = rest.find("//@@BEGIN NATIVE") {
        out.push_str(&rest[..b]);
        let e = rest[b..]
            .find("//@@END NATIVE")
            .expect("every //@@BEGIN NATIVE has its //@@END NATIVE");
        rest = &rest[b + e + "//@@END NATIVE".len()..];
    }
    out.push_str(rest);
    out
}

fn main() {
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let wasm = env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    // `cfg(browser_ui)`: the Yew front end is built (wasm32, for the page's
    // module, the GPU panel's or the panels'; see Cargo.toml's features)
    println!("cargo::rustc-check-cfg=cfg(browser_ui)");
    let feature = |f: &str| env::var_os(format!("CARGO_FEATURE_{f}")).is_some();
    if wasm && (feature("PAGE") || feature("GPU_PANEL") || feature("PANELS")) {
        println!("cargo::rustc-cfg=browser_ui");
    }
    let dir = Path::new("src/gpu/kernels");
    println!("cargo:rerun-if-changed={}", dir.display());
    let entries = fs::read_dir(dir).expect("src/gpu/kernels exists");
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "wgsl") {
            println!("cargo:rerun-if-changed={}", path.display());
            let text = fs::read_to_string(&path).expect("a readable WGSL file");
            let name = path.file_name().expect("a file name");
            let text = if wasm {
                without_native_blocks(&text)
            } else {
                text
            };
            // `vec2<u32>` (a bitboard) written 242 times: one alias instead,
            // declared in bitboards.wgsl, which every kernel source includes
            let mut small = minify(&text).replace("vec2<u32>", "V2");
            if name == "bitboards.wgsl" {
                small.insert_str(0, "alias V2=vec2<u32>;\n");
            }
            fs::write(Path::new(&out).join(name), small).expect("OUT_DIR is writable");
        }
    }
    count_tricks(Path::new(&out));
}

/// `trick_count.rs`: the catalog's `/* @trick ` comments counted, so the
/// start page says how many tricks there are without carrying them.
fn count_tricks(out: &Path) {
    let dir = Path::new("src/tricks/families");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut n = 0;
    for entry in fs::read_dir(dir)
        .expect("src/tricks/families exists")
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "c") {
            println!("cargo:rerun-if-changed={}", path.display());
            let text = fs::read_to_string(&path).expect("a readable family file");
            n += text.matches("/* @trick ").count();
        }
    }
    let code = format!("/// How many tricks the catalog holds (build.rs counts them).\npub const TRICK_COUNT: usize = {n};\n");
    fs::write(out.join("trick_count.rs"), code).expect("OUT_DIR is writable");
}
