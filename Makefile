# The shop's two commands: `make dev` runs the whole shop locally on embedded
# defaults; `make test` runs every test. Each part (site, sdk, infra, testkit)
# keeps its own targets in a fragment beside its code and registers them in
# DEPS, BUILDS, LINTS, TESTS and BENCHES. The fragments are included, not
# -included: a missing one stops make instead of dropping its targets.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# One cargo target dir outside the clone, reused by every run and by CI.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/couture/target
export CARGO_TERM_COLOR ?= never
BIN := $(CARGO_TARGET_DIR)/release
PORT ?= 3000
# The sample catalogue: a catalogue folder as a house keeps its own (README,
# "The season's catalogue"). `make dev` imports it; importing again changes nothing.
SAMPLE_CATALOG := shared/sample-catalog

DEPS :=
BUILDS :=
LINTS :=
TESTS :=
BENCHES :=

# A new API function, wired into the workspace, routes.json and the local
# server: make function NAME=gift-cards PREFIXES="/api/gift-cards /api/vouchers"
function:
	python3 shared/scaffold/new_function.py $(NAME) $(PREFIXES)

scaffold-test:
	python3 -m unittest discover -s shared/scaffold -p 'test_*.py'

TESTS += scaffold-test

include shared/testkit/testkit.mk
include shared/contract/contract.mk
include site/site.mk
include sdk/sdk.mk
include infra/infra.mk

.PHONY: help dev atelier-invite test bench deps build target-room rust-deps rust-build rust-test rust-bench bench-tools lint rust-lint format-check format fmt seed serve watch watch-deps function scaffold-test

help:
	@echo "make dev    run the whole shop on http://127.0.0.1:$(PORT), the SDK's assets on port $(PORT)+1 (installs what is missing)"
	@echo "make atelier-invite EMAIL=you@example.com   invite the atelier console's first owner (the link lands in .data/outbox/)"
	@echo "make test   run every test"
	@echo "make bench  print the performance figures"

# What every part needs from the machine: Debian packages for the tools the
# tests drive, and Rust's test runner.
rust-deps:
	@missing=""; for p in curl:curl python3:python3 java:openjdk-17-jre-headless; do \
		command -v $${p%%:*} >/dev/null || missing="$$missing $${p#*:}"; done; \
	if [ -n "$$missing" ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	@command -v cargo-nextest >/dev/null || cargo install cargo-nextest --locked

deps: rust-deps $(DEPS)

# Room on the disk for the reused target dir before any build (shared/testkit/target_room.py).
TARGET_ROOM_GB ?= 20
target-room:
	@python3 shared/testkit/target_room.py $(CARGO_TARGET_DIR) $(TARGET_ROOM_GB)

rust-build: rust-deps target-room
	cargo build --release --locked -p server -p shopctl

build: deps rust-build $(BUILDS)

seed: rust-build
	$(BIN)/shopctl catalog import $(SAMPLE_CATALOG)

# The whole shop in the foreground: seeded embedded store, API, sandbox, SDK and site.
serve: build
	$(BIN)/shopctl catalog import $(SAMPLE_CATALOG)
	PORT=$(PORT) $(BIN)/shop-server

dev: serve

# Invites a member of the atelier console (the first owner, locally): the
# enrolment link lands in the outbox, .data/outbox/.
ROLE ?= owner
atelier-invite: rust-build
	@test -n "$(EMAIL)" || { echo "usage: make atelier-invite EMAIL=you@example.com [ROLE=owner|staff]"; exit 2; }
	$(BIN)/shopctl staff invite $(EMAIL) --role $(ROLE)

# Each function alone under cargo-lambda's emulator, at its production /api
# paths on http://127.0.0.1:$(WATCH_PORT): the functions built first (no
# compile on the first request), sharing .data/ (the catalogue `make seed`
# imports, and its session key) with `make dev`, their own origin for the
# Origin check and email links, and the sandbox on a port of its own.
WATCH_PORT ?= 9000
WATCH_SANDBOX_PORT ?= 9002
WATCH_URL = http://127.0.0.1:$(WATCH_PORT)
WATCH_FUNCTIONS = $(shell python3 -c "import json; print(' '.join(f['name'] for f in json.load(open('shared/routes.json'))['functions']))")
CARGO_LAMBDA_VERSION ?= 1.9.2

watch-deps:
	@test -x .venv/bin/pip || python3 -m venv .venv
	@if ! .venv/bin/cargo-lambda lambda --version 2>/dev/null | grep -q ' $(CARGO_LAMBDA_VERSION) '; then \
		.venv/bin/pip install --quiet cargo-lambda==$(CARGO_LAMBDA_VERSION); \
	fi

watch: rust-deps watch-deps seed
	@# One build per function, as the emulator's `cargo run --bin <name>` resolves
	@# its features: the first request then starts it instead of compiling it.
	for f in $(WATCH_FUNCTIONS); do cargo build --locked --bin $$f; done
	cargo build --locked -p sandbox --bin sandbox-dev
	$(CARGO_TARGET_DIR)/debug/sandbox-dev $(WATCH_SANDBOX_PORT) sdk/dist & sandbox=$$!; \
	trap 'kill $$sandbox' EXIT; \
	.venv/bin/cargo-lambda lambda watch --invoke-port $(WATCH_PORT) \
		--env-var SESSION_KEY=$$(base64 -w0 .data/session.key) \
		--env-var SITE_URL=$(WATCH_URL) --env-var ALLOWED_ORIGINS=$(WATCH_URL) \
		--env-var SANDBOX_URL=http://127.0.0.1:$(WATCH_SANDBOX_PORT)/sandbox

# Every part's lint and type check (LINTS: site-lint, sdk-lint, infra-lint),
# and one formatter for the TypeScript, JavaScript and CSS of them all
# (Prettier, .prettierrc.json; `make format` rewrites what format-check refuses).
lint: rust-lint format-check $(LINTS)

rust-lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings

format-check:
	npx prettier --check .

format:
	npx prettier --write .

fmt: format
	cargo fmt --all

rust-test: rust-build
	cargo nextest run --workspace --locked --no-fail-fast
	# app and aws-env as the Lambda builds see them: refusals of the adapters
	# a build lacks, and the AWS configuration read from the environment alone.
	cargo nextest run --locked -p app --no-default-features --features embedded
	cargo nextest run --locked -p aws-env --no-default-features

test: build lint rust-test $(TESTS)
	@echo "make test: every suite passed"

# The HTTP yardstick: wrk loads both, nginx serves the same bytes as the shop
# (Debian starts the packaged nginx on port 80: stopped, the bench runs its own).
bench-tools:
	@if ! command -v wrk >/dev/null || ! command -v nginx >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk nginx-light; \
		service nginx stop >/dev/null 2>&1 || true; \
	fi

# The figures, with every function's Lambda bootstrap and the yardstick built
# as the deploy builds them, on both architectures (infra/infra.mk).
rust-bench: rust-build bench-tools lambda-bootstraps
	cargo build --release --locked -p bench
	$(BIN)/shop-bench $(CARGO_TARGET_DIR)

bench: build rust-bench $(BENCHES)

