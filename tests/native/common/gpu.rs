//! The GPU the GPU tests of one test binary share: found once, and a test
//! fails (not skips) when there is none.

use std::sync::OnceLock;

use bitscope::gpu::GpuPerft;

/// The shared GPU perft; panics with how to run the tests on SwiftShader
/// when no adapter is found.
pub fn gpu() -> &'static GpuPerft {
    static GPU: OnceLock<GpuPerft> = OnceLock::new();
    GPU.get_or_init(|| match GpuPerft::new_blocking() {
        Ok(g) => {
            eprintln!("adapter: {:?}", g.report());
            g
        }
        Err(e) => panic!(
            "no GPU adapter for the GPU perft tests: {e}\n\
             Without a GPU, run them on SwiftShader: \
             VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json cargo test --release \
             (needs Debian's chromium and libvulkan1)"
        ),
    })
}
