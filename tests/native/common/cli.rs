//! Running the `bitscope` binary from the CLI tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test, its cache (the GPU matrix's saved winners) in the
/// build's own temporary folder, not the user's home.
pub fn bitscope() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bitscope"));
    let cache = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("bitscope-cache");
    command.env("BITSCOPE_CACHE", cache);
    command
}

/// Runs `bitscope args` to the end.
pub fn run(args: &[&str]) -> Output {
    bitscope().args(args).output().expect("bitscope runs")
}

/// Each command is bad input: exit code 2 and a message on stderr.
pub fn exits_2_with_a_message(cases: &[&[&str]]) {
    for args in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

/// Runs a command that must succeed (else its stderr is shown) and parses
/// its last stdout line as JSON.
pub fn succeeds_with_json(args: &[&str]) -> serde_json::Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    last_json(&out)
}

/// The last stdout line parsed as JSON.
pub fn last_json(out: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().last().expect("some output");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// Runs `bitscope args` with `input` on its standard input.
pub fn with_stdin(args: &[&str], input: &str) -> Output {
    feed(bitscope().args(args), input)
}

/// Runs `command` with `input` on its standard input.
pub fn feed(command: &mut Command, input: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// A command's standard error, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
