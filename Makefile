# The shop's two commands: `make dev` runs the whole shop locally on embedded
# defaults; `make test` runs every test. Each part (site, sdk, infra, testkit)
# keeps its own targets in a fragment beside its code and registers them in
# DEPS, BUILDS, TESTS and BENCHES.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# One cargo target dir outside the clone, reused by every run and by CI.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/couture/target
# aws-lc's jitter entropy costs ~50 ms of init per cold start.
export AWS_LC_SYS_NO_JITTER_ENTROPY := 1
export CARGO_TERM_COLOR ?= never
BIN := $(CARGO_TARGET_DIR)/release
PORT ?= 3000

DEPS :=
BUILDS :=
TESTS :=
BENCHES :=

-include shared/testkit/testkit.mk
-include site/site.mk
-include sdk/sdk.mk
-include infra/infra.mk

.PHONY: help dev test bench deps build rust-build rust-test lint fmt seed serve

help:
	@echo "make dev    run the whole shop on http://127.0.0.1:$(PORT) (installs what is missing)"
	@echo "make test   run every test"
	@echo "make bench  print the performance figures"

deps: $(DEPS)

rust-build:
	cargo build --release --locked -p server -p shopctl

build: deps rust-build $(BUILDS)

seed: rust-build
	$(BIN)/shopctl seed

serve: build
	$(BIN)/shopctl seed
	PORT=$(PORT) $(BIN)/shop-server

dev: serve

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings

fmt:
	cargo fmt --all

rust-test: rust-build
	cargo nextest run --workspace --locked --cargo-profile release --no-fail-fast

test: build lint rust-test $(TESTS)

bench: build $(BENCHES)
