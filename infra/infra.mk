# Infra: the CDK app (infra/), its assertion tests, and the full offline synth.
#   make infra-lint   the CDK app's type check and ESLint (part of make lint)
#   make infra-test   assertion tests + a synth with bundling skipped (part of make test)
#   make synth        the full synth: every arm64 bootstrap built by cargo-lambda (zig), no Docker

.PHONY: infra-deps infra-synth-deps cargo-lambda-deps lambda-bootstraps infra-lint infra-test synth

INFRA_LAMBDA_DIR := $(CARGO_TARGET_DIR)/lambda-arm64
# The synths' sender (a deploy names its own: -c senderEmail=...).
SYNTH_SENDER ?= no-reply@mail.couture.test
CARGO_LAMBDA_VERSION := 1.9.2
ZIGLANG_VERSION := 0.17.1

# npm ci at the root (all workspaces) only when the lock changed since the last install.
infra-deps:
	@if [ ! -d node_modules/aws-cdk-lib ] || [ ! -d node_modules/aws-cdk ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
		npm ci --no-audit --no-fund; \
	fi

# What builds the bootstraps (the full synth, `make lambda-bootstraps`):
# cargo-lambda and zig from PyPI into .venv, and the arm64 std.
cargo-lambda-deps:
	@test -x .venv/bin/pip || python3 -m venv .venv
	@if ! .venv/bin/cargo-lambda lambda --version 2>/dev/null | grep -q ' $(CARGO_LAMBDA_VERSION) '; then \
		.venv/bin/pip install --quiet cargo-lambda==$(CARGO_LAMBDA_VERSION) ziglang==$(ZIGLANG_VERSION); \
	fi
	@rustup target list --installed | grep -qx aarch64-unknown-linux-gnu || rustup target add aarch64-unknown-linux-gnu

infra-synth-deps: infra-deps cargo-lambda-deps

# Every function's bootstrap and the hello-lambda yardstick, built as a
# bundling synth builds them, for x86_64 and arm64 (make rust-bench):
# $(CARGO_TARGET_DIR)/lambda-<arch>/<name>/bootstrap. ARCHS=arm64 for one.
ARCHS ?= x86_64 arm64
lambda-bootstraps: infra-deps cargo-lambda-deps
	@start=$$(date +%s); \
	PATH="$(CURDIR)/.venv/bin:$$PATH" npx tsx infra/bin/build-bootstraps.ts $(ARCHS); \
	echo "lambda-bootstraps: $$(( $$(date +%s) - start )) s for $(ARCHS)"

# The CDK app's types, its tests' included (strict, infra/tsconfig.json), and
# ESLint with typescript-eslint's strict rules (infra/eslint.config.mjs).
infra-lint: infra-deps
	npx tsc --noEmit -p infra
	cd infra && npx eslint --max-warnings 0 .

infra-test: infra-lint
	node --import tsx --test infra/test/*.test.ts
	@for stage in staging prod; do \
		identity=$$([ $$stage = staging ] && echo create || echo existing); \
		SKIP_BUNDLING=1 npx cdk synth --quiet -o cdk.out/$$stage -c stage=$$stage -c senderIdentity=$$identity \
			-c senderEmail=$(SYNTH_SENDER) -c allowMissingAssets=true >/dev/null || exit 1; \
		echo "infra: synthesized $$(ls cdk.out/$$stage/*.template.json | wc -l) stacks of stage $$stage without bundling"; \
	done

synth: infra-synth-deps
	@start=$$(date +%s); \
	PATH="$(CURDIR)/.venv/bin:$$PATH" npx cdk synth --quiet -c allowMissingAssets=true -c senderEmail=$(SYNTH_SENDER); \
	echo "synth: $$(( $$(date +%s) - start )) s (bootstraps in $(INFRA_LAMBDA_DIR))"
	@npx tsx infra/bin/bundle-sizes.ts cdk.out

DEPS += infra-deps
LINTS += infra-lint
TESTS += infra-test
