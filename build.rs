//! Build step: the WGSL kernels without their comments and indentation, for
//! `include_str!` (the page carries the kernels as text: 46 KB as written,
//! half of it comments and spaces). `src/gpu/kernels/*.wgsl` stay the source
//! to read; lines starting with `//@@` are kept, as the host cuts the
//! variant blocks at them. WGSL has no string literals, so `//` always
//! starts a comment.

use std::{env, fs, path::Path};

fn minify(src: &str) -> String {
    let mut out = String::with_capacity(src.len() / 2);
    for line in src.lines() {
        let t = line.trim();
        let code = if t.starts_with("//@@") {
            t
        } else {
            t.find("//").map_or(t, |i| t[..i].trim_end())
        };
        if !code.is_empty() {
            out.push_str(code);
            out.push('\n');
        }
    }
    out
}

fn main() {
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let dir = Path::new("src/gpu/kernels");
    println!("cargo:rerun-if-changed={}", dir.display());
    let entries = fs::read_dir(dir).expect("src/gpu/kernels exists");
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "wgsl") {
            println!("cargo:rerun-if-changed={}", path.display());
            let text = fs::read_to_string(&path).expect("a readable WGSL file");
            let name = path.file_name().expect("a file name");
            fs::write(Path::new(&out).join(name), minify(&text)).expect("OUT_DIR is writable");
        }
    }
}
