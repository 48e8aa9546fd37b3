#!/usr/bin/env bash
# Installs what bitscope needs on a fresh Debian 12 machine (root, rustup, Node 20).
# Idempotent: every step checks first, so a warm run takes a second or two.
#   scripts/setup.sh build   -> what `make serve` needs (wasm target, wasm-bindgen, wasm-pack, npm deps)
#   scripts/setup.sh test    -> the above + chromium, chromedriver, libvulkan1, stockfish,
#                               mesa-vulkan-drivers (lavapipe, to test that it is refused),
#                               util-linux's taskset
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130
WASM_PACK_VERSION=0.15.1
what=${1:-build}

log() { printf '[setup] %s\n' "$*" >&2; }

# --- Debian packages (test only) -------------------------------------------
if [ "$what" = test ]; then
  need=()
  [ -x /usr/bin/chromium ] || need+=(chromium)
  [ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
  ldconfig -p 2>/dev/null | grep -q 'libvulkan.so.1' || need+=(libvulkan1)
  [ -x /usr/games/stockfish ] || need+=(stockfish)
  # gcc: the judge of the C subset's differential tests (tests/native/c_gcc.rs)
  command -v gcc >/dev/null || need+=(gcc)
  # taskset: the e2e times wasm against native with both pinned to one CPU
  command -v taskset >/dev/null || need+=(util-linux)
  # Mesa's lavapipe: never used to count, only to test that the host refuses it.
  [ -f /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ] || need+=(mesa-vulkan-drivers)
  if [ ${#need[@]} -gt 0 ]; then
    log "apt-get install ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${need[@]}" >/dev/null
  fi
  [ -f /usr/lib/chromium/vk_swiftshader_icd.json ] || { log "missing /usr/lib/chromium/vk_swiftshader_icd.json (SwiftShader Vulkan ICD from chromium)"; exit 1; }
fi

# --- Rust: wasm target and the pinned CLIs ---------------------------------
rustup target list --installed | grep -qx wasm32-unknown-unknown || { log "rustup target add wasm32-unknown-unknown"; rustup target add wasm32-unknown-unknown; }

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 5 min cold)"
  cargo install -q wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi
if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
  log "cargo install wasm-pack $WASM_PACK_VERSION (about 5 min cold)"
  cargo install -q wasm-pack --version "$WASM_PACK_VERSION"
fi

# --- npm: binaryen (wasm-opt), esbuild, happy-dom (the prerender), playwright-core, axe-core
# (`make dist` compresses with Node's own zlib: brotli -q 11 and gzip -9.)
if [ -f www/package-lock.json ]; then
  if [ ! -d www/node_modules ] || [ www/package-lock.json -nt www/node_modules/.package-lock.json ]; then
    log "npm ci in www/"
    (cd www && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
log "ok ($what)"
