# The payment SDK: Rust rules compiled to wasm (a merchant-page module and a
# hosted-field-frame module), the JS package
# (sdk/js, npm workspace @couture/payment-sdk) and the assets-host tree in
# sdk/dist/web/3.130.0 that the local server serves at /web.

SDK_WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/version = "\(.*\)"/\1/p;}' Cargo.lock)
SDK_WASM := $(CARGO_TARGET_DIR)/wasm32-unknown-unknown/wasm/payment_sdk.wasm
SDK_LOCKED ?= --locked
SDK_CARGO_BIN := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin

.PHONY: sdk-deps sdk-build sdk-lint sdk-test sdk-bench

# Panic locations stay in the wasm (a crate's bounds checks name their file):
# name a dependency's file by its crate alone, never by the folder it was
# unpacked into on the building machine.
SDK_REMAP = $(foreach d,$(wildcard $(or $(CARGO_HOME),$(HOME)/.cargo)/registry/src/*),--remap-path-prefix=$(d)=deps) --remap-path-prefix=$(CURDIR)=.
sdk-build: export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS = $(SDK_REMAP)

sdk-deps:
	rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@if [ "$$($(SDK_CARGO_BIN)/wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(SDK_WASM_BINDGEN_VERSION)" ]; then \
	  echo "installing wasm-bindgen-cli $(SDK_WASM_BINDGEN_VERSION)"; \
	  cargo install wasm-bindgen-cli --version $(SDK_WASM_BINDGEN_VERSION) --locked || \
	  cargo install wasm-bindgen-cli --version $(SDK_WASM_BINDGEN_VERSION); \
	fi
	@[ -x /usr/bin/chromium ] || (apt-get update && apt-get install -y chromium chromium-driver)
	@[ -d node_modules/playwright-core ] && [ -d node_modules/binaryen ] && [ -d node_modules/card-validator ] && [ -d node_modules/jsqr ] || npm ci

# Five modules from the one crate: the merchant page's (payment_sdk), the
# hosted-field frames' (payment_sdk_frame, the card and field rules), the
# alternative payment methods' (payment_sdk_apm), the Venmo desktop QR
# frame's encoder (payment_sdk_qr) and the Payment Request frame's rules
# (payment_sdk_payment_request).
# The modules own their memory (zero-filled at start) and Rust puts nothing
# in its first kilobyte: wasm-opt may fold constant addresses accordingly.
SDK_WASM_OPT := node node_modules/binaryen/bin/wasm-opt -Oz --low-memory-unused --zero-filled-memory --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --converge --strip-debug --strip-producers --strip-target-features

sdk-build:
	rm -rf sdk/.build && mkdir -p sdk/.build
	cargo build $(SDK_LOCKED) -p payment-sdk --profile wasm --lib --target wasm32-unknown-unknown --features frame
	cp $(SDK_WASM) sdk/.build/payment_sdk_frame.wasm
	cargo build $(SDK_LOCKED) -p payment-sdk --profile wasm --lib --target wasm32-unknown-unknown --features apm
	cp $(SDK_WASM) sdk/.build/payment_sdk_apm.wasm
	cargo build $(SDK_LOCKED) -p payment-sdk --profile wasm --lib --target wasm32-unknown-unknown --features qr
	cp $(SDK_WASM) sdk/.build/payment_sdk_qr.wasm
	cargo build $(SDK_LOCKED) -p payment-sdk --profile wasm --lib --target wasm32-unknown-unknown --features payment-request
	cp $(SDK_WASM) sdk/.build/payment_sdk_payment_request.wasm
	cargo build $(SDK_LOCKED) -p payment-sdk --profile wasm --lib --target wasm32-unknown-unknown --features merchant
	cargo build $(SDK_LOCKED) --release -p sandbox --bin sandbox-dev
	$(SDK_CARGO_BIN)/wasm-bindgen --target web --no-typescript --out-dir sdk/.build $(SDK_WASM)
	cargo run $(SDK_LOCKED) -q --release -p payment-sdk --bin sdk-constants > sdk/.build/constants.json
	for m in payment_sdk_frame payment_sdk_apm payment_sdk_qr payment_sdk_payment_request; do \
	  $(SDK_CARGO_BIN)/wasm-bindgen --target web --no-typescript --out-dir sdk/.build sdk/.build/$$m.wasm && rm sdk/.build/$$m.wasm || exit 1; \
	done
	for m in payment_sdk payment_sdk_frame payment_sdk_apm payment_sdk_qr payment_sdk_payment_request; do \
	  node sdk/wasm-no-fmt.mjs sdk/.build/$${m}_bg.wasm && $(SDK_WASM_OPT) sdk/.build/$${m}_bg.wasm -o sdk/.build/$${m}_bg.wasm || exit 1; \
	done
	node sdk/js/build.mjs

# The JavaScript (package, build, tests, benches, sandbox pages) under ESLint's
# recommended rules (sdk/eslint.config.mjs), the package's public types
# (sdk/js/types, sdk/js/tsconfig.types.json) under a strict type check, and
# the package's source checked from its JSDoc (sdk/js/tsconfig.js.json).
sdk-lint:
	cd sdk && npx eslint --max-warnings 0 .
	npx tsc -p sdk/js/tsconfig.types.json
	npx tsc -p sdk/js/tsconfig.js.json

# The Rust rules' unit tests run in the workspace nextest run (rust-test);
# here the browser tests run against the whole local server
# (shared/testkit/with-server.sh exports SHOP_URL; run without it, the tests
# start sandbox-dev themselves).
sdk-test:
	shared/testkit/with-server.sh node --test --test-concurrency=1 sdk/tests/

sdk-bench:
	SANDBOX_DEV=$(BIN)/sandbox-dev node sdk/bench/bench.mjs

DEPS += sdk-deps
BUILDS += sdk-build
LINTS += sdk-lint
TESTS += sdk-test
BENCHES += sdk-bench
