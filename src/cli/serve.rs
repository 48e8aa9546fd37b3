//! `bitscope serve`: the site `make dist` wrote, as a real host would serve
//! it, by tower-http's ServeDir:
//!
//! - `Content-Encoding: br` or `gzip` from the `.br` / `.gz` file beside
//!   each asset when the client accepts it (else the file itself), always
//!   with `Vary: Accept-Encoding`;
//! - content-hashed files (`bitscope_bg.1a2b3c4d5e.wasm`) cached for a year
//!   and `immutable`; everything else (index.html, sw.js, the manifest,
//!   embed.js) `no-cache`, so a new deploy shows at the next visit;
//! - the right MIME types (application/wasm, text/javascript, ...);
//! - paths that climb out of the folder, plain or percent-encoded, refused;
//! - `--prefix /courses/bits/` serves the same folder under a sub-path, as a
//!   course site would host it (every URL in dist/ is relative).

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use clap::Args;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;
use tower_http::services::ServeDir;
use tower_http::timeout::RequestBodyTimeoutLayer;

#[derive(Args)]
pub struct ServeArgs {
    /// Folder to serve (the output of `make dist`).
    #[arg(long, default_value = "dist")]
    dir: PathBuf,
    /// Port (0 picks a free one); the PORT environment variable also works.
    #[arg(long, env = "PORT", default_value_t = 8080)]
    port: u16,
    /// Address to bind; loopback unless you mean otherwise.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// The sub-path the site lives under, e.g. `/courses/bits/`; anything
    /// outside it is 404.
    #[arg(long, default_value = "/")]
    prefix: String,
}

/// `Cache-Control` of a hashed file: a year, never revalidated.
pub const CACHE_HASHED: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of everything else: revalidated on every use.
pub const CACHE_FRESH: &str = "no-cache";

/// A `--prefix` that is not a plain sub-path.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("--prefix {0:?} is not a sub-path like /courses/bits/ (segments of letters, digits, '-', '_', '.', '~'; no '.' or '..' segment)")]
pub struct BadPrefix(String);

/// `courses/bits`, `/courses/bits`, `/courses/bits/` -> `/courses/bits/`;
/// `/` or empty -> `/`.
pub fn normalize_prefix(prefix: &str) -> Result<String, BadPrefix> {
    let segments: Vec<&str> = prefix.split('/').filter(|s| !s.is_empty()).collect();
    let plain = |s: &str| {
        s != "."
            && s != ".."
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.~".contains(c))
    };
    if segments.iter().all(|s| plain(s)) {
        Ok(segments.iter().fold("/".to_string(), |p, s| p + s + "/"))
    } else {
        Err(BadPrefix(prefix.to_string()))
    }
}

/// Whether a path names a content-hashed file: a `.`, ten lower-case hex
/// digits and a `.` in its last segment (`scripts/dist.mjs` names them so).
pub fn is_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.split('.').rev().skip(1).any(|part| {
        part.len() == 10
            && part
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// What the server does with a request path under `prefix` (normalized).
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    /// Serve this path of the folder (starts with `/`).
    File(String),
    /// The prefix without its final slash: redirect to it, so that the
    /// page's relative URLs resolve inside the prefix.
    Slash,
    /// Outside the prefix.
    Outside,
}

pub fn route(prefix: &str, path: &str) -> Route {
    if prefix.len() > 1 && path == &prefix[..prefix.len() - 1] {
        return Route::Slash;
    }
    match path.strip_prefix(prefix) {
        Some(rest) => Route::File(format!("/{rest}")),
        None => Route::Outside,
    }
}

/// The site under `prefix`, served from `dir`.
pub fn app(dir: &std::path::Path, prefix: String) -> Router {
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    let prefix: Arc<str> = prefix.into();
    Router::new().fallback(move |req: Request| serve(req, prefix.clone(), files.clone()))
}

async fn serve(mut req: Request, prefix: Arc<str>, files: ServeDir) -> Response {
    let query = req
        .uri()
        .query()
        .map(|q| format!("?{q}"))
        .unwrap_or_default();
    let file = match route(&prefix, req.uri().path()) {
        Route::File(file) => file,
        Route::Slash => {
            let to = format!("{prefix}{query}");
            return (StatusCode::PERMANENT_REDIRECT, [(header::LOCATION, to)]).into_response();
        }
        Route::Outside => return StatusCode::NOT_FOUND.into_response(),
    };
    match format!("{file}{query}").parse::<Uri>() {
        Ok(uri) => *req.uri_mut() = uri,
        Err(_) => return StatusCode::BAD_REQUEST.into_response(),
    }
    let response = match files.oneshot(req).await {
        Ok(r) => r,
        Err(never) => match never {},
    };
    let mut response = response.map(Body::new);
    if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        let cache = if is_hashed(&file) {
            CACHE_HASHED
        } else {
            CACHE_FRESH
        };
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    }
    response
}

pub fn run(args: ServeArgs) -> i32 {
    if !args.dir.join("index.html").is_file() {
        return super::bad_input(format!(
            "{} has no index.html: build the site first (`make dist`, or `make serve`)",
            args.dir.display()
        ));
    }
    let prefix = match normalize_prefix(&args.prefix) {
        Ok(p) => p,
        Err(e) => return super::bad_input(e),
    };
    let app = app(&args.dir, prefix.clone());
    let say = move |addr| {
        format!(
            "bitscope: serving {} on http://{addr}{prefix}",
            args.dir.display()
        )
    };
    serve_until_stopped(
        SocketAddr::new(args.host, args.port),
        app,
        false,
        ConnLimits::default(),
        say,
    )
}

/// How long a connection may take, and how many there may be at once:
/// a client that sends half a request, or holds a connection idle, is
/// closed instead of holding a file descriptor forever.
#[derive(Clone, Copy, Debug)]
pub struct ConnLimits {
    /// The whole header of a request, from the connection's start or the
    /// end of the previous response (so also a keep-alive connection's
    /// idle time): hyper's `header_read_timeout`.
    pub header_read: Duration,
    /// A request's whole body: tower-http's `RequestBodyTimeout`.
    pub body_read: Duration,
    /// Connections served at once; more wait in the listen queue.
    pub max_connections: usize,
}

impl Default for ConnLimits {
    fn default() -> ConnLimits {
        ConnLimits {
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(30),
            max_connections: 512,
        }
    }
}

/// Serves `app` on `addr` until Ctrl-C, on a current-thread runtime or
/// (`threads`) one thread a core; prints `say(the address bound)` once it
/// listens (tests and scripts read the port from it). Gives the exit code.
pub fn serve_until_stopped(
    addr: SocketAddr,
    app: Router,
    threads: bool,
    limits: ConnLimits,
    say: impl FnOnce(SocketAddr) -> String,
) -> i32 {
    // A visitor who hangs up mid-response must not end the server: `main`
    // gives SIGPIPE its default action (for `bitscope … | head`), which
    // ends the process on a write to a closed socket; a server ignores it
    // (the write fails with EPIPE and only that connection ends).
    #[cfg(unix)]
    // SAFETY: one signal's action set before the runtime starts a thread.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let builder = if threads {
        tokio::runtime::Builder::new_multi_thread()
    } else {
        tokio::runtime::Builder::new_current_thread()
    };
    let runtime = match { builder }.enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return 1;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {addr}: {e}");
                return 1;
            }
        };
        let bound = match listener.local_addr() {
            Ok(a) => a,
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        };
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{}", say(bound)).and_then(|()| out.flush());
        accept_until_stopped(listener, app, limits).await;
        0
    })
}

/// Accepts connections (at most `limits.max_connections` at once) and
/// serves each with hyper's HTTP/1 and the limits' timeouts; on Ctrl-C,
/// stops accepting and gives the open requests 10 s to finish.
async fn accept_until_stopped(listener: TcpListener, app: Router, limits: ConnLimits) {
    let service = TowerToHyperService::new(
        tower::ServiceBuilder::new()
            .layer(RequestBodyTimeoutLayer::new(limits.body_read))
            .service(app),
    );
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read)
        .keep_alive(true);
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let stop = tokio::signal::ctrl_c();
    tokio::pin!(stop);
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            break;
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // (out of descriptors, a reset before accept: the next one)
                Err(_) => continue,
            },
            _ = &mut stop => break,
        };
        let conn = graceful.watch(http.serve_connection(TokioIo::new(stream), service.clone()));
        tokio::spawn(async move {
            let _ = conn.await;
            drop(slot);
        });
    }
    let _ = tokio::time::timeout(Duration::from_secs(10), graceful.shutdown()).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_normalize_to_slashes_on_both_ends() {
        assert_eq!(normalize_prefix("/").unwrap(), "/");
        assert_eq!(normalize_prefix("").unwrap(), "/");
        assert_eq!(normalize_prefix("courses/bits").unwrap(), "/courses/bits/");
        assert_eq!(
            normalize_prefix("/courses//bits/").unwrap(),
            "/courses/bits/"
        );
        assert!(normalize_prefix("/courses/../etc").is_err());
        assert!(normalize_prefix("/a b/").is_err());
        assert!(normalize_prefix("/./").is_err());
    }

    #[test]
    fn hashed_names_are_the_ones_dist_writes() {
        assert!(is_hashed("/pkg/bitscope_bg.0123456789.wasm"));
        assert!(is_hashed("/static/style.abcdef0123.css"));
        assert!(!is_hashed("/index.html"));
        assert!(!is_hashed("/sw.js"));
        assert!(!is_hashed("/static/embed.js"));
        assert!(!is_hashed("/static/worker.js"));
        // nine or eleven digits, upper case, or the digits as the extension: no
        assert!(!is_hashed("/pkg/a.012345678.wasm"));
        assert!(!is_hashed("/pkg/a.0123456789a.wasm"));
        assert!(!is_hashed("/pkg/a.ABCDEF0123.wasm"));
        assert!(!is_hashed("/pkg/a.0123456789"));
        // a hashed directory name does not make its files hashed
        assert!(!is_hashed("/0123456789.d/index.html"));
    }

    #[test]
    fn routes_under_a_prefix() {
        let p = "/courses/bits/";
        assert_eq!(route(p, "/courses/bits/"), Route::File("/".into()));
        assert_eq!(
            route(p, "/courses/bits/pkg/x.wasm"),
            Route::File("/pkg/x.wasm".into())
        );
        assert_eq!(route(p, "/courses/bits"), Route::Slash);
        assert_eq!(route(p, "/courses/bitsy/"), Route::Outside);
        assert_eq!(route(p, "/index.html"), Route::Outside);
        assert_eq!(route("/", "/"), Route::File("/".into()));
        assert_eq!(route("/", "/sw.js"), Route::File("/sw.js".into()));
    }
}
