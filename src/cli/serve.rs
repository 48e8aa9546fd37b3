//! `bitscope serve`: the static site on loopback, by tower-http's ServeDir
//! (correct MIME types such as application/wasm; paths that climb out of the
//! folder, plain or percent-encoded, are refused).

use axum::Router;
use clap::Args;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use tower_http::services::ServeDir;

#[derive(Args)]
pub struct ServeArgs {
    /// Folder to serve (the output of `make web`).
    #[arg(long, default_value = "dist")]
    dir: PathBuf,
    /// Port (0 picks a free one); the PORT environment variable also works.
    #[arg(long, env = "PORT", default_value_t = 8080)]
    port: u16,
    /// Address to bind; loopback unless you mean otherwise.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
}

pub fn run(args: ServeArgs) -> i32 {
    if !args.dir.join("index.html").is_file() {
        return super::bad_input(format!(
            "{} has no index.html: build the site first (`make web`, or `make serve`)",
            args.dir.display()
        ));
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return 1;
        }
    };
    runtime.block_on(async move {
        let listener =
            match tokio::net::TcpListener::bind(SocketAddr::new(args.host, args.port)).await {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("error: cannot listen on {}:{}: {e}", args.host, args.port);
                    return 1;
                }
            };
        let addr = match listener.local_addr() {
            Ok(a) => a,
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        };
        println!("bitscope: serving {} on http://{addr}/", args.dir.display());
        let app = Router::new().fallback_service(ServeDir::new(&args.dir));
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        match axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await
        {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {e}");
                1
            }
        }
    })
}
