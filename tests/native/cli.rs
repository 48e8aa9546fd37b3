//! The native CLI: traces, bad input, and the static server's safety.
#![cfg(not(target_arch = "wasm32"))]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::Duration;

use crate::common::cli::{bitscope, exits_2_with_a_message, last_json, succeeds_with_json};

#[test]
fn trace_sign_extend_as_json() {
    let out = bitscope()
        .args(["trace", "sign-extend", "0xb", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json = last_json(&out);
    assert_eq!(json["result"], -5);
    assert_eq!(json["steps"].as_array().unwrap().len(), 3);
    assert_eq!(json["steps"][2]["value"], "0xfb");
    let out = bitscope().args(["trace", "negate", "-8"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("result: -8"), "{text}");
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let out = bitscope()
        .args(["trace", "sign-extend", "0x1f"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("does not fit in 4 bits"), "{err}");
    let out = bitscope().args(["trace", "negate", "zz"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// A server on a free loopback port, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(dir: &Path) -> Server {
        let mut child = bitscope()
            .args(["serve", "--port", "0", "--dir"])
            .arg(dir)
            .env_remove("PORT")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"));
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        Server { child, addr }
    }

    /// A raw request, so that no client tidies the path before it is sent.
    fn get(&self, path: &str) -> (u16, String, Vec<u8>) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        )
        .unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a response head");
        let head = String::from_utf8_lossy(&raw[..split]).to_lowercase();
        let status = head[9..12].parse().unwrap();
        (status, head, raw[split + 4..].to_vec())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn site() -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("bitscope-serve-{}", std::process::id()));
    let site = root.join("site");
    std::fs::create_dir_all(site.join("pkg")).unwrap();
    std::fs::write(site.join("index.html"), "<!doctype html><title>t</title>").unwrap();
    std::fs::write(site.join("pkg/app_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(site.join("pkg/app.js"), "export default 1;").unwrap();
    // A file outside the served folder that must never come back.
    std::fs::write(root.join("secret.txt"), "TOP-SECRET").unwrap();
    (root, site)
}

#[test]
fn serve_sends_mime_types_and_refuses_traversal() {
    let (root, site) = site();
    let server = Server::start(&site);
    assert!(
        server.addr.starts_with("127.0.0.1:"),
        "binds loopback: {}",
        server.addr
    );

    let (status, head, _) = server.get("/");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"), "{head}");
    let (status, head, body) = server.get("/pkg/app_bg.wasm");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert_eq!(body, b"\0asm\x01\0\0\0");
    let (_, head, _) = server.get("/pkg/app.js");
    assert!(
        head.contains("content-type: text/javascript")
            || head.contains("content-type: application/javascript"),
        "{head}"
    );

    for path in [
        "/../secret.txt",
        "/pkg/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/secret.txt",
        "/pkg/%2e%2e/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "/pkg/..%2f..%2fsecret.txt",
        "/..%5csecret.txt",
        "/%2e%2e%2fsecret.txt",
        "/%252e%252e/secret.txt",
        "//secret.txt",
    ] {
        let (status, _, body) = server.get(path);
        assert!(
            status == 400 || status == 403 || status == 404,
            "{path}: status {status}"
        );
        assert!(
            !String::from_utf8_lossy(&body).contains("TOP-SECRET"),
            "{path} leaked the file outside the folder"
        );
    }
    drop(server);
    let _ = std::fs::remove_dir_all(root);
}

#[test]
fn serve_without_a_built_site_says_so() {
    let out = bitscope()
        .args(["serve", "--port", "0", "--dir", "/nonexistent-bitscope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no index.html"));
}

#[test]
fn perft_json_divide_and_bad_input() {
    let out = bitscope().args(["perft", "3", "--json"]).output().unwrap();
    assert!(out.status.success());
    let json = last_json(&out);
    assert_eq!(json["nodes"], 8902);
    assert_eq!(json["backend"], "cpu");
    // nps is nodes / seconds, rounded (a report that mixed them up fails).
    let seconds = json["seconds"].as_f64().unwrap();
    assert!(seconds > 0.0 && seconds < 60.0, "{json}");
    let nps = json["nps"].as_u64().unwrap();
    assert_eq!(nps, (8902.0 / seconds).round() as u64, "{json}");

    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let out = bitscope()
        .args(["perft", "2", "--divide", "--fen", kiwipete])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(": ")).collect();
    assert_eq!(rows.len(), 48, "{text}");
    assert!(rows.contains(&"e1g1: 43"), "{text}");
    assert!(text.contains("nodes 2039"), "{text}");

    let out = bitscope()
        .args(["perft", "2", "--fen", "8/8/8/8/8/8/8/8 w - -"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("king"));
    let out = bitscope().args(["perft", "99"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn perft_on_the_gpu_names_the_adapter() {
    // `make test` points VK_ICD_FILENAMES at SwiftShader; a missing driver fails.
    let json = succeeds_with_json(&["perft", "3", "--gpu", "--json", "--variant", "private"]);
    assert_eq!(json["nodes"], 8902);
    let backend = json["backend"].as_str().unwrap();
    assert!(backend.starts_with("gpu: "), "{backend}");
    assert!(backend.contains("private"), "{backend}");

    // --split-depth: the CPU plays that many plies (at most depth - 1: 4
    // is cut to 2), the kernel counts the rest, and the count stays the same.
    // (each run a process compiling its kernels: the splits shared out)
    for (variant, split) in [("workgroup", 1), ("breadth-first", 0), ("breadth-first", 4)] {
        let s = split.to_string();
        let json = succeeds_with_json(&[
            "perft",
            "3",
            "--gpu",
            "--json",
            "--variant",
            variant,
            "--split-depth",
            &s,
        ]);
        assert_eq!(json["nodes"], 8902, "{variant} split {split}");
        assert_eq!(json["split_depth"], split.min(2), "{variant} split {split}");
    }

    // --divide on the GPU: one count per root move, each from the kernel.
    let kiwipete = bitscope::chess::CPW_POSITIONS[1].1;
    let json = succeeds_with_json(&[
        "perft", "3", "--gpu", "--divide", "--json", "--fen", kiwipete,
    ]);
    assert_eq!(json["nodes"], 97862);
    let rows = json["divide"].as_array().unwrap();
    assert_eq!(rows.len(), 48, "{json}");
    assert!(rows.contains(&serde_json::json!(["e1g1", 2059])), "{json}");
}

#[test]
fn gpu_errors_exit_2_with_the_reason() {
    // An ICD file that does not exist: no Vulkan driver, so no adapter.
    let out = bitscope()
        .env("VK_ICD_FILENAMES", "/nonexistent/icd.json")
        .args(["perft", "2", "--gpu"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no GPU adapter"), "{err}");
}

#[test]
fn bench_prints_counts_and_ratios() {
    // Tiny depths (start 3, Kiwipete 2), one round: the shape, not the speed.
    let out = bitscope()
        .args(["bench", "perft", "--rounds", "1", "--depth-offset", "-3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("single thread"), "{text}");
    let ours: Vec<&str> = text.lines().filter(|l| l.contains(" bitscope ")).collect();
    let theirs: Vec<&str> = text.lines().filter(|l| l.contains(" stockfish ")).collect();
    assert_eq!(ours.len(), 2, "{text}");
    assert!(
        ours[0].contains("depth 3") && ours[0].contains(" 8902 nodes"),
        "{text}"
    );
    assert!(
        ours[1].contains("depth 2") && ours[1].contains(" 2039 nodes"),
        "{text}"
    );
    assert_eq!(theirs.len(), 2, "{text}");
    assert!(theirs.iter().all(|l| l.contains("ratio ")), "{text}");
    let threaded: Vec<&str> = text.lines().filter(|l| l.contains("all threads")).collect();
    assert_eq!(threaded.len(), 2, "{text}");
    assert!(threaded[0].contains(" 8902 nodes"), "{text}");
    assert!(threaded[1].contains(" 2039 nodes"), "{text}");
    assert!(!text.contains("DIFFER"), "{text}");

    let out = bitscope()
        .args(["bench", "trits", "--rounds", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("M boards/s").count(), 2, "{text}");
    assert!(!text.contains("DIFFER"), "{text}");

    let out = bitscope()
        .args(["bench", "gpu", "--rounds", "1", "--depth-offset", "-4"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let gpu_rows: Vec<&str> = text.lines().filter(|l| l.contains(" gpu ")).collect();
    assert_eq!(gpu_rows.len(), 4, "{text}");
    assert!(gpu_rows[0].contains(" 400 nodes"), "{text}");
    assert!(gpu_rows[2].contains(" 48 nodes"), "{text}");
    assert!(
        !text.contains("DIFFER") && !text.contains("error"),
        "{text}"
    );
}

#[test]
fn debruijn_count_check_and_scan() {
    for (bits, multipliers, sequences) in [(8, 4, 2), (16, 32, 16), (32, 4096, 2048)] {
        let out = bitscope()
            .args(["debruijn", "count", "--bits", &bits.to_string(), "--json"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let json = last_json(&out);
        assert_eq!(json["bits"], bits);
        assert_eq!(json["multipliers"], multipliers);
        assert_eq!(json["sequences"], sequences);
        let seconds = json["seconds"].as_f64().unwrap();
        assert!(seconds > 0.0 && seconds < 60.0, "{json}");
    }
    let out = bitscope()
        .args(["debruijn", "check", "--bits", "8", "0x1D", "--json"])
        .output()
        .unwrap();
    let json = last_json(&out);
    assert_eq!(json["valid"], true);
    assert_eq!(json["table"], serde_json::json!([0, 1, 6, 2, 7, 5, 4, 3]));
    let out = bitscope()
        .args(["debruijn", "check", "--bits", "8", "0x1f", "--json"])
        .output()
        .unwrap();
    let json = last_json(&out);
    assert_eq!(json["valid"], false);
    assert_eq!(json["table"], serde_json::Value::Null);
    assert_eq!(
        json["collisions"],
        serde_json::json!([[3, 4], [3, 5], [4, 5]])
    );
    let out = bitscope()
        .args([
            "debruijn",
            "scan",
            "--bits",
            "64",
            "0x8000000000000000",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(last_json(&out)["result"], 63);
    // bad input: width, magic wider than the width, v = 0, junk
    exits_2_with_a_message(&[
        &["debruijn", "count", "--bits", "12"],
        &["debruijn", "check", "--bits", "8", "0x100"],
        &["debruijn", "scan", "--bits", "8", "0"],
        &["debruijn", "scan", "--bits", "8", "0xzz"],
    ]);
}

#[test]
fn debruijn_nth_and_rank() {
    // 8 bits: 0x17, 0x1D, 0x2E, 0x3A; 64 bits: the first, the last, one between
    for (bits, n, magic) in [
        ("8", 1u64, "0x1d"),
        ("64", 0, "0x218a392cd3d5dbf"),
        ("64", 134_217_727, "0x7ef3ae369961512"),
        ("64", 67_108_863, "0x3f79d71b4cb0a89"),
    ] {
        let out = bitscope()
            .args(["debruijn", "nth", "--bits", bits, &n.to_string(), "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{bits} {n}");
        let width: u32 = bits.parse().unwrap();
        let expect = serde_json::json!({"bits": width, "n": n, "magic": magic});
        assert_eq!(last_json(&out), expect);
        let out = bitscope()
            .args(["debruijn", "rank", "--bits", bits, magic, "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{bits} {magic}");
        assert_eq!(last_json(&out)["rank"], n);
    }
    // past the end, not a magic, too wide: exit 2 with a message
    exits_2_with_a_message(&[
        &["debruijn", "nth", "--bits", "8", "4"],
        &["debruijn", "nth", "--bits", "64", "134217728"],
        &["debruijn", "rank", "--bits", "8", "0x1f"],
        &["debruijn", "rank", "--bits", "8", "0x100"],
    ]);
}

#[test]
fn perft_and_count_on_threads() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    for threads in ["1", "3"] {
        let out = bitscope()
            .args([
                "perft",
                "3",
                "--json",
                "--threads",
                threads,
                "--fen",
                kiwipete,
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let json = last_json(&out);
        assert_eq!(json["nodes"], 97862);
        assert_eq!(json["threads"], threads.parse::<u64>().unwrap());
        let out = bitscope()
            .args([
                "debruijn",
                "count",
                "--bits",
                "32",
                "--json",
                "--threads",
                threads,
            ])
            .output()
            .unwrap();
        assert_eq!(last_json(&out)["multipliers"], 4096);
    }
    let out = bitscope()
        .args([
            "perft",
            "2",
            "--divide",
            "--threads",
            "2",
            "--fen",
            kiwipete,
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let rows = text.lines().filter(|l| l.contains(": ")).count();
    assert_eq!(rows, 48, "{text}");
    assert!(text.contains("nodes 2039"), "{text}");
    let out = bitscope()
        .args(["perft", "2", "--threads", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn trace_swar_trits_and_nibble_board_as_json() {
    let out = bitscope()
        .args([
            "trace",
            "swar-add",
            "--width",
            "32",
            "--lane-bits",
            "4",
            "0x7830003F",
            "0x18500051",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(last_json(&out)["result"], "0x80800080");
    let out = bitscope()
        .args([
            "trace",
            "swar-avg",
            "--width",
            "64",
            "--lane-bits",
            "16",
            "6",
            "9",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(last_json(&out)["result"], "0x0000000000000007");
    // signed lanes -1, -8 and 1, 7: signed averages 0 and -1 (floor)
    let out = bitscope()
        .args([
            "trace",
            "swar-savg",
            "--width",
            "32",
            "--lane-bits",
            "4",
            "0x8f",
            "0x71",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(last_json(&out)["result"], "0x000000f0");
    let out = bitscope()
        .args(["trace", "trits", "0xffff", "0xffff000000000000", "--json"])
        .output()
        .unwrap();
    let json = last_json(&out);
    assert_eq!(json["result"]["trits"].as_array().unwrap().len(), 64);
    assert_eq!(
        json["result"]["packed"],
        serde_json::json!([121, 121, 121, 1, 0, 0, 0, 0, 0, 216, 242, 242, 80])
    );
    let out = bitscope()
        .args(["trace", "trits", "0x10000000", "0x10000001"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("e4"));
    let out = bitscope()
        .args([
            "trace",
            "nibble-board",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(
        last_json(&out)["result"],
        serde_json::json!([
            "0x1111111142365324",
            "0x0000000000000000",
            "0x0000000000000000",
            "0xcabedbac99999999"
        ])
    );
    let out = bitscope()
        .args([
            "trace",
            "swar-add",
            "--width",
            "48",
            "--lane-bits",
            "4",
            "1",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The app's own checks (not clap's): each exits 2 and names what is wrong.
#[test]
fn trace_bad_values_exit_2_with_the_reason() {
    let cases: [(&[&str], &str); 4] = [
        // a FEN with a 9-square rank
        (
            &[
                "trace",
                "nibble-board",
                "--fen",
                "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ],
            "rank",
        ),
        // a value wider than the 32-bit word
        (
            &[
                "trace",
                "swar-add",
                "--width",
                "32",
                "--lane-bits",
                "4",
                "0x100000000",
                "1",
            ],
            "32",
        ),
        // not hex
        (&["trace", "trits", "0xfg", "0x1"], "0xfg"),
        (&["trace", "trits", "0x1", "0x"], "0x"),
    ];
    for (args, reason) in cases {
        let out = bitscope().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(reason), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn debruijn_graph_and_search() {
    let out = bitscope()
        .args(["debruijn", "graph", "--bits", "8", "0x1d", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json = last_json(&out);
    assert_eq!(json["nodes"], serde_json::json!([0, 1, 2, 3]));
    assert_eq!(json["edges"].as_array().unwrap().len(), 8);
    assert_eq!(json["edges"][3], serde_json::json!([1, 3, 3]));
    // the seed's column of windows: 000 001 011 111 110 101 010 100
    assert_eq!(json["walk"], serde_json::json!([0, 1, 3, 7, 6, 5, 2, 4]));
    assert_eq!(json["valid"], true);
    assert_eq!(json["repeated"], serde_json::json!([]));
    let out = bitscope()
        .args(["debruijn", "graph", "--bits", "16", "0x1234", "--json"])
        .output()
        .unwrap();
    let json = last_json(&out);
    let walk: Vec<u64> = json["walk"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    assert_eq!(walk.len(), 16);
    assert_eq!(json["valid"], false);
    // the windows never read are exactly the 4-bit values missing from the walk
    let missing: Vec<u64> = (0..16).filter(|w| !walk.contains(w)).collect();
    assert_eq!(json["unused"], serde_json::json!(missing));
    assert!(!json["repeated"].as_array().unwrap().is_empty());

    let out = bitscope()
        .args(["debruijn", "search", "--bits", "16", "--json"])
        .output()
        .unwrap();
    let json = last_json(&out);
    // B(2, 4) has 16 de Bruijn sequences, each once with four leading zeros
    assert_eq!(json["result"]["leaves"], 16);
    assert_eq!(json["result"]["cuts"], 211);
    let out = bitscope()
        .args(["debruijn", "search", "--bits", "32"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// A visitor who closes the tab while a large file is being sent must not
/// end the server: a write to a socket whose peer has gone raises SIGPIPE,
/// whose default action (which the CLI restores for `bitscope … | head`)
/// ends the process.
#[test]
fn a_peer_that_hangs_up_mid_response_does_not_end_the_server() {
    let root = std::env::temp_dir().join(format!("bitscope-serve-hangup-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(root.join("index.html"), "<!doctype html><title>t</title>").unwrap();
    std::fs::write(root.join("big.bin"), vec![7u8; 8 << 20]).unwrap();
    let mut server = Server::start(&root);
    for _ in 0..20 {
        let mut s = TcpStream::connect(&server.addr).unwrap();
        write!(s, "GET /big.bin HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).unwrap();
        let mut some = [0u8; 4096];
        let _ = s.read(&mut some);
        drop(s);
    }
    std::thread::sleep(Duration::from_millis(300));
    let ended = server.child.try_wait().unwrap();
    assert!(ended.is_none(), "the server ended: {ended:?}");
    let (status, _, _) = server.get("/");
    assert_eq!(status, 200);
    drop(server);
    let _ = std::fs::remove_dir_all(root);
}
