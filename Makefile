# bitscope — the two commands of the README:
#   make serve   build the release site and serve it on http://127.0.0.1:$(PORT)
#   make test    every test layer: native, wasm in Chromium, Playwright end to end
# Both install whatever is missing first (scripts/setup.sh; quick when all is there).

PORT ?= 8080
DIST := dist
CARGO_BIN := $(HOME)/.cargo/bin
# wasm-opt from npm's binaryen must come first on PATH (Debian's is too old).
export PATH := $(CURDIR)/www/node_modules/.bin:$(CARGO_BIN):$(PATH)
# Native GPU tests run the WGSL on SwiftShader, the Vulkan driver Debian's chromium ships.
export VK_ICD_FILENAMES ?= /usr/lib/chromium/vk_swiftshader_icd.json
BIN := target/release/bitscope

.PHONY: serve test setup setup-test web cli test-native test-wasm test-e2e bench clean

serve: setup web cli
	$(BIN) serve --dir $(DIST) --port $(PORT)

test: setup-test test-native test-wasm test-e2e

setup:
	@scripts/setup.sh build

setup-test:
	@scripts/setup.sh test

# The release site: index.html + static/ + pkg/ (wasm-pack, wasm-opt -Oz).
# The wasm is rebuilt only when a source changed.
WASM := $(DIST)/pkg/bitscope_bg.wasm
SOURCES := $(shell find src -type f) build.rs Cargo.toml Cargo.lock

web: $(WASM)
	cp index.html $(DIST)/
	rm -rf $(DIST)/static && cp -r static $(DIST)/static
	esbuild static/style.css --minify --log-level=warning --outfile=$(DIST)/static/style.css
	# the worker's comments stay in static/worker.js, not in the page (639 -> 288 B gzip)
	esbuild static/worker.js --minify --format=esm --log-level=warning --outfile=$(DIST)/static/worker.js

# The crates' source paths in panic locations, shortened to `yew-0.23.0/src/...`
# (the registry's absolute path, repeated 130 times: 380 B gzip; expanded when
# the recipe runs, once the registry has its index directory).
CARGO_HOME_DIR = $(or $(CARGO_HOME),$(HOME)/.cargo)
REMAP = $(foreach d,$(wildcard $(CARGO_HOME_DIR)/registry/src/*),--remap-path-prefix=$(d)/=)

$(WASM): $(SOURCES)
	RUSTFLAGS="$$RUSTFLAGS $(REMAP)" wasm-pack build --profile web --target web --no-typescript --no-pack --out-dir $(DIST)/pkg
	# wasm-bindgen's JS glue, minified (names of exports and imports kept): 13.3 -> 10.6 KB gzip
	esbuild $(DIST)/pkg/bitscope.js --minify --format=esm --log-level=warning --outfile=$(DIST)/pkg/bitscope.min.js
	mv $(DIST)/pkg/bitscope.min.js $(DIST)/pkg/bitscope.js

cli:
	cargo build --release --bin bitscope

# 1. native: unit, property, integration and GPU (SwiftShader) tests, release
#    so that the deep perft counts run too.
test-native:
	cargo test --release

# 2. wasm32 tests in real headless Chromium (webdriver.json adds the WebGPU flags).
test-wasm:
	wasm-pack test --headless --chrome --release -- --test web

# 3. Playwright against the release build served on loopback.
test-e2e: web cli
	cd www && npm test

bench: cli
	$(BIN) bench

clean:
	cargo clean
	rm -rf $(DIST) www/screenshots
