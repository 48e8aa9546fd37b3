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
# `make test` builds and tests natively in its own profile (Cargo.toml's
# test-release: release without LTO), and the e2e serves with that build.
TEST_PROFILE := test-release
TEST_BIN := target/$(TEST_PROFILE)/bitscope

.DELETE_ON_ERROR:
.PHONY: serve test setup setup-test dist web cli test-cli test-native build-wasm-tests test-wasm test-e2e bench clean

serve: setup dist cli
	$(BIN) serve --dir $(DIST) --port $(PORT)

# The native tests and the site's build run side by side (two profiles, so
# two Cargo locks): most of `make dist` is one thread (fat LTO, wasm-opt),
# most of the native build two. The wasm tests run on that side too, once
# the site is built, while the native tests still run (the longer side).
# (Run beside the e2e instead, the whole took longer: the wasm tests on
# 2026-12-02; the native tests on 2026-12-07, 18:11 -> 17:21 but the native
# tests 213 -> 578 s and the e2e's perft timings taken under load.)
# Each prints its output when it ends.
test: setup-test
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-native dist test-wasm
	@$(MAKE) --no-print-directory test-e2e

setup:
	@scripts/setup.sh build

setup-test:
	@scripts/setup.sh test

# The release site, in two stages:
# 1. $(SITE): index.html + static/ + pkg/ (wasm-pack, wasm-opt), minified by
#    esbuild; the wasm is rebuilt only when a source changed.
# 2. $(DIST): what a host serves (scripts/dist.mjs): content-hashed names for
#    the wasm, JS, CSS and icon, index.html and every URL relative (any
#    sub-path works), sw.js and the manifest, each file with .br (quality 11)
#    and .gz (-9) beside it; prints the first load in brotli and gzip.
SITE := target/site
WASM := $(SITE)/pkg/bitscope_bg.wasm
SOURCES := $(shell find src -type f) build.rs Cargo.toml Cargo.lock
MINIFY = esbuild --minify --log-level=warning

dist: $(DIST)/index.html

# (dist/ is assembled again only when something in it changed)
$(DIST)/index.html: $(WASM) index.html $(wildcard static/*) scripts/dist.mjs
	rm -rf $(SITE)/static && mkdir -p $(SITE)/static
	cp index.html static/icon.svg $(SITE)/ && mv $(SITE)/icon.svg $(SITE)/static/
	$(MINIFY) static/style.css --outfile=$(SITE)/static/style.css
	# the worker's and the service worker's comments stay in static/, not in the page
	$(MINIFY) static/worker.js --format=esm --outfile=$(SITE)/static/worker.js
	$(MINIFY) static/sw.js --outfile=$(SITE)/sw.js
	$(MINIFY) static/embed.js --outfile=$(SITE)/static/embed.js
	node scripts/dist.mjs $(SITE) $(DIST)

# the older name of the same target
web: dist

# The crates' source paths in panic locations, shortened to `yew-0.23.0/src/...`
# (the registry's absolute path, repeated 130 times: 380 B gzip; expanded when
# the recipe runs, once the registry has its index directory).
CARGO_HOME_DIR = $(or $(CARGO_HOME),$(HOME)/.cargo)
REMAP = $(foreach d,$(wildcard $(CARGO_HOME_DIR)/registry/src/*),--remap-path-prefix=$(d)/=)

# Four wasm modules from the one crate: the page's (`page` feature: the
# shell, the start page, the search), the panels' (`panels`: every panel
# but the GPU's) and the GPU panel's (`gpu-panel`: the panel, wgpu, the
# kernels), each fetched when one of its panels is first opened, and the Web Worker's (`worker`:
# perft, enumeration, searches, the equivalence checker), fetched when a
# panel first starts a worker. Each glue is minified the same way.
# The worker's module is optimised for speed, not size (it is not in the
# first load; P16's shortest-program search in Chromium: 3.4 s at "z", 2.4 s
# at 3): the bitscope crate alone, so its dependencies stay the others'.
WORKER_SPEED := --config 'profile.web.package.bitscope.opt-level=3'
$(WASM): $(SOURCES)
	# (a fresh folder: wasm-pack 0.15 runs wasm-opt on every .wasm it finds in it)
	rm -rf $(SITE)/pkg $(SITE)/pkg-worker $(SITE)/pkg-gpu $(SITE)/pkg-panels
	RUSTFLAGS="$$RUSTFLAGS $(REMAP)" wasm-pack build --profile web --target web --no-typescript --no-pack --out-dir $(SITE)/pkg --out-name bitscope -- --no-default-features --features page
	# (its own folder, for the same reason)
	RUSTFLAGS="$$RUSTFLAGS $(REMAP)" wasm-pack build --profile web --target web --no-typescript --no-pack --out-dir $(SITE)/pkg-worker -- --no-default-features --features worker $(WORKER_SPEED)
	mv $(SITE)/pkg-worker/bitscope_bg.wasm $(SITE)/pkg/bitscope_worker_bg.wasm
	sed 's/bitscope_bg\.wasm/bitscope_worker_bg.wasm/' $(SITE)/pkg-worker/bitscope.js > $(SITE)/pkg/bitscope_worker.js
	RUSTFLAGS="$$RUSTFLAGS $(REMAP)" wasm-pack build --profile web --target web --no-typescript --no-pack --out-dir $(SITE)/pkg-gpu -- --no-default-features --features gpu-panel
	mv $(SITE)/pkg-gpu/bitscope_bg.wasm $(SITE)/pkg/bitscope_gpu_bg.wasm
	sed 's/bitscope_bg\.wasm/bitscope_gpu_bg.wasm/' $(SITE)/pkg-gpu/bitscope.js > $(SITE)/pkg/bitscope_gpu.js
	RUSTFLAGS="$$RUSTFLAGS $(REMAP)" wasm-pack build --profile web --target web --no-typescript --no-pack --out-dir $(SITE)/pkg-panels -- --no-default-features --features panels
	mv $(SITE)/pkg-panels/bitscope_bg.wasm $(SITE)/pkg/bitscope_panels_bg.wasm
	sed 's/bitscope_bg\.wasm/bitscope_panels_bg.wasm/' $(SITE)/pkg-panels/bitscope.js > $(SITE)/pkg/bitscope_panels.js
	rm -rf $(SITE)/pkg-worker $(SITE)/pkg-gpu $(SITE)/pkg-panels
	# wasm-bindgen's JS glue, minified (names of exports and imports kept): 13.3 -> 10.6 KB gzip
	for glue in bitscope bitscope_worker bitscope_gpu bitscope_panels; do \
	  $(MINIFY) $(SITE)/pkg/$$glue.js --format=esm --outfile=$(SITE)/pkg/$$glue.min.js && mv $(SITE)/pkg/$$glue.min.js $(SITE)/pkg/$$glue.js; done

cli:
	cargo build --release --bin bitscope

# the CLI as `cargo test` builds it: the dev-dependencies add features to
# shared crates (bitflags, num-traits), so a plain `cargo build` would build
# wgpu and its kin once more
test-cli:
	cargo test --profile $(TEST_PROFILE) --no-run --test native

# 1. native: unit, property, integration and GPU (SwiftShader) tests,
#    optimised so that the deep perft counts run too.
test-native:
	cargo test --profile $(TEST_PROFILE)

# 2. wasm32 tests in real headless Chromium (webdriver.json adds the WebGPU
#    flags), built as the site is (profile web, the same flags), so that they
#    reuse the dependencies `make dist` built.
# (wasm-bindgen-test's headless runner gives the whole suite 20 s by
# default; the suite takes about that on this machine, so it gets 180)
# (cargo runs them through wasm-bindgen's test runner, headless Chromium by
# chromedriver: `wasm-pack test` would also build the library's unit tests
# for wasm32, which never run there)
WASM_TEST_FLAGS = RUSTFLAGS="$$RUSTFLAGS $(REMAP)"
WASM_TEST_RUN = CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=180
test-wasm: build-wasm-tests
	$(WASM_TEST_FLAGS) $(WASM_TEST_RUN) cargo test --target wasm32-unknown-unknown --profile web --test web

# (its build alone, which `make test` runs beside the native tests)
build-wasm-tests: $(WASM)
	$(WASM_TEST_FLAGS) cargo test --target wasm32-unknown-unknown --profile web --test web --no-run

# 3. Playwright against the release build served on loopback.
test-e2e: dist test-cli
	cd www && BITSCOPE_BIN=$(TEST_BIN) npm test

bench: cli
	$(BIN) bench

clean:
	cargo clean
	rm -rf $(DIST) www/screenshots
