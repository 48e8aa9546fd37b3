//! The `bitscope` command line: serve the site, trace tricks, perft, benchmarks.
//!
//! Bad input prints its message on stderr and exits with code 2.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    // `bitscope bench | head` should end quietly, like any Unix tool, rather
    // than panic on the closed pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(cli::main());
}

#[cfg(target_arch = "wasm32")]
fn main() {}
