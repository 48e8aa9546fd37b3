//! gcc, the judge of the C subset: a scratch folder, compiling with the
//! oracle's flags (`-fwrapv -O0`), running an executable on argument lines,
//! and printing values as the interpreter's `Value::extended()` shows them.
//! A test that needs gcc fails (never skips) when it is missing.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub const GCC: &str = "gcc";

/// A scratch folder under the system's temporary folder, removed when
/// dropped unless `keep` (then its path is printed, for a repro).
pub struct Scratch {
    pub dir: PathBuf,
    pub keep: bool,
}

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "bitscope-c-gcc-{tag}-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("create a temporary folder");
        Scratch { dir, keep: false }
    }

    /// Writes `src` as `NAME.c` and compiles it; the executable's path.
    pub fn compile(&self, name: &str, src: &str) -> PathBuf {
        let c = self.dir.join(format!("{name}.c"));
        std::fs::write(&c, src).expect("write the C source");
        let exe = self.dir.join(name);
        compile(&c, &exe);
        exe
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if self.keep {
            eprintln!("gcc: the sources are kept in {}", self.dir.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Fails the test, clearly, when gcc cannot be run.
pub fn require() {
    let ok = Command::new(GCC)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(ok, "this test needs gcc (the oracle) on the PATH: install it (apt-get install gcc); it does not skip");
}

/// Compiles `source` to `exe` with the oracle's flags (and libm).
pub fn compile(source: &Path, exe: &Path) {
    let out = Command::new(GCC)
        .args(["-fwrapv", "-O0", "-w", "-o"])
        .arg(exe)
        .arg(source)
        .arg("-lm")
        .output()
        .expect("run gcc");
    assert!(
        out.status.success(),
        "gcc failed on {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs `exe` with `input` on stdin; its stdout lines as hex numbers.
pub fn run_exe(exe: &Path, input: &str) -> Vec<u64> {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the gcc executable");
    let mut stdin = child.stdin.take().expect("stdin");
    let text = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child
        .wait_with_output()
        .expect("wait for the gcc executable");
    writer
        .join()
        .expect("writer thread")
        .expect("write the inputs");
    assert!(
        out.status.success(),
        "{} failed ({}): {}",
        exe.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .map(|l| u64::from_str_radix(l.trim(), 16).expect("a hex line"))
        .collect()
}

/// Prints `r` as the interpreter's `Value::extended()`: sign-extended to 64
/// bits when its type is signed (`__typeof__`, so the driver does not
/// trust the interpreter's idea of the return type).
pub const PRINT: &str = r#"#include <stdio.h>
#define SIGNED_T(x) ((__typeof__(x))-1 < (__typeof__(x))0)
#define PRINT(r) printf("%llx\n", SIGNED_T(r) ? (unsigned long long)(long long)(r) : (unsigned long long)(r))
"#;

/// A `main` that reads lines of `n` hex arguments and prints `f(args)` and
/// `g(args)` for each (the arguments converted as a call converts them).
pub fn main_pair(n: usize) -> String {
    let vars: Vec<String> = (0..n).map(|k| format!("a{k}")).collect();
    let scan = if n == 0 {
        "1".to_string()
    } else {
        format!(
            "scanf(\"{}\", {}) == {n}",
            vec!["%llx"; n].join(" "),
            vars.iter()
                .map(|v| format!("&{v}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let decl = if n == 0 {
        String::new()
    } else {
        format!("unsigned long long {};", vars.join(", "))
    };
    let once = if n == 0 { "break;" } else { "" };
    format!("int main(void) {{ {decl} while ({scan}) {{ PRINT(f({a})); PRINT(g({a})); {once} }} return 0; }}\n", a = vars.join(", "))
}

/// Runs a `main_pair` executable on lines of arguments: (f, g) per line.
pub fn run(exe: &Path, inputs: &[Vec<u64>]) -> Vec<(u64, u64)> {
    let text: String = inputs
        .iter()
        .map(|a| {
            a.iter()
                .map(|v| format!("{v:x}"))
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let out = run_exe(exe, &text);
    out.chunks(2).map(|p| (p[0], p[1])).collect()
}

/// A `main` that reads lines `k a0 a1 a2` (hex) and prints function k's
/// value on its first arguments (as [`PRINT`]; each function is `(name,
/// how many arguments)`, the arguments converted as a call converts them).
pub fn dispatch_main(functions: &[(String, usize)]) -> String {
    let mut c = String::from("int main(void)\n{\n    unsigned long long k, a[3];\n");
    c.push_str("    while (scanf(\"%llx %llx %llx %llx\", &k, &a[0], &a[1], &a[2]) == 4) {\n        switch (k) {\n");
    for (k, (name, n)) in functions.iter().enumerate() {
        let args: Vec<String> = (0..*n).map(|i| format!("a[{i}]")).collect();
        let call = format!("{name}({})", args.join(", "));
        c.push_str(&format!(
            "        case {k}: {{ __typeof__({call}) r = {call}; PRINT(r); break; }}\n"
        ));
    }
    c.push_str("        }\n    }\n    return 0;\n}\n");
    c
}
