# The site: Next.js static export (site/out), its tests and its figures.
# Included by the top Makefile; targets registered in DEPS, BUILDS, TESTS, BENCHES.

SITE_ENV := NEXT_TELEMETRY_DISABLED=1 NEXT_IGNORE_INCORRECT_LOCKFILE=1
SITE_SOURCES := $(shell find site/src site/public site/build -type f -not -name snapshot.json -not -name "*.test.ts" 2>/dev/null) site/next.config.ts site/package.json site/tsconfig.json shared/messages.json shared/picture-sizes.json

# The catalogue at build time (each list route's body as served), which the
# exported pages show before the API answers (SWR fallback data). Generated,
# not committed, from the store the environment configures: the embedded one
# is given the sample catalogue first (local and CI); a deploy's table is read
# as it is (`make site-release`).
CATALOG_SNAPSHOT := site/src/lib/catalog-snapshot/snapshot.json

.PHONY: site-deps site-build site-test site-unit site-e2e site-bench site-api-types site-release site-url-check

# npm ci at the root when the installed tree is missing or older than the lockfile;
# Debian's Chromium for the journeys and Lighthouse.
site-deps:
	@if [ ! -x node_modules/.bin/next ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
		npm ci --no-audit --no-fund; \
	fi
	@command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium; }

# The shop's public origin, which the pages name (canonical addresses, Open
# Graph, JSON-LD, sitemap.xml, robots.txt): the server's SITE_URL, read at
# build time. A stamp holding it, rewritten only when it differs, rebuilds the
# site when it changes.
# The payment SDK's assets host (an origin of its own, the server's
# ASSETS_URL) is read the same way: the checkout loads the SDK from it.
SITE_URL ?= http://127.0.0.1:$(PORT)
ASSETS_PORT ?= $(shell echo $$(($(PORT) + 1)))
ASSETS_URL ?= http://127.0.0.1:$(ASSETS_PORT)
SITE_URL_STAMP := site/.site-url
ASSETS_URL_STAMP := site/.assets-url

$(SITE_URL_STAMP): site-url-check
	@if [ "$$(cat $@ 2>/dev/null)" != '$(SITE_URL)' ]; then printf '%s\n' '$(SITE_URL)' > $@; fi

$(ASSETS_URL_STAMP): site-url-check
	@if [ "$$(cat $@ 2>/dev/null)" != '$(ASSETS_URL)' ]; then printf '%s\n' '$(ASSETS_URL)' > $@; fi

site/out/index.html: $(SITE_SOURCES) site/src/lib/api/schema.d.ts site/public/geo/countries.json $(CATALOG_SNAPSHOT) $(SITE_URL_STAMP) $(ASSETS_URL_STAMP)
	cd site && SITE_URL='$(SITE_URL)' NEXT_PUBLIC_ASSETS_URL='$(ASSETS_URL)' $(SITE_ENV) npx next build
	node site/build/scripts-after-paint.mjs site/out
	@touch site/out/index.html

site-build: site/out/index.html

$(CATALOG_SNAPSHOT): $(BIN)/shopctl $(shell find $(SAMPLE_CATALOG) -type f)
	$(if $(TABLE_NAME),,$(BIN)/shopctl catalog import $(SAMPLE_CATALOG))
	$(BIN)/shopctl snapshot $@

$(BIN)/shopctl:
	$(MAKE) --no-print-directory rust-build

# The season's release, after `shopctl catalog import` into a deployed stage
# (README, "The season's catalogue"): a fresh snapshot of that stage's table
# (its Data stack's TableName), the site rebuilt on it for the stage's origin
# (its Site stack's SiteUrl) and the SDK's assets host (its AssetsUrl), and the stage's Pages
# stack deployed alone (the files, then a CloudFront invalidation). AWS
# credentials and region come from the environment; the synth's settings as
# for any deploy, SHOP_* variables or CDK_ARGS:
#   AWS_REGION=eu-west-1 make site-release STAGE=staging CDK_ARGS="-c senderEmail=orders@mail.example.com"
# The build takes that snapshot as new (-W), never the sample catalogue's; the
# snapshot goes afterwards, so the next local build takes the local catalogue.
STAGE_STACKS = Couture$(shell printf '%s' '$(STAGE)' | sed -E 's/(^|-)([a-z0-9])/\U\2/g')

site-release: infra-deps $(BIN)/shopctl
	$(if $(STAGE),,$(error site-release deploys one stage: make site-release STAGE=staging))
	rm -f $(CATALOG_SNAPSHOT)
	table=$$(aws cloudformation describe-stacks --stack-name $(STAGE_STACKS)Data \
		--query "Stacks[0].Outputs[?OutputKey=='TableName'].OutputValue" --output text); \
	if [ -z "$$table" ] || [ "$$table" = None ]; then echo "site-release: $(STAGE_STACKS)Data has no TableName output" >&2; exit 1; fi; \
	TABLE_NAME="$$table" $(BIN)/shopctl snapshot $(CATALOG_SNAPSHOT)
	url=$$(aws cloudformation describe-stacks --stack-name $(STAGE_STACKS)Site \
		--query "Stacks[0].Outputs[?OutputKey=='SiteUrl'].OutputValue" --output text); \
	if [ -z "$$url" ] || [ "$$url" = None ]; then echo "site-release: $(STAGE_STACKS)Site has no SiteUrl output" >&2; exit 1; fi; \
	assets=$$(aws cloudformation describe-stacks --stack-name $(STAGE_STACKS)Site \
		--query "Stacks[0].Outputs[?OutputKey=='AssetsUrl'].OutputValue" --output text); \
	if [ -z "$$assets" ] || [ "$$assets" = None ]; then echo "site-release: $(STAGE_STACKS)Site has no AssetsUrl output" >&2; exit 1; fi; \
	$(MAKE) --no-print-directory site-build -W $(CATALOG_SNAPSHOT) SITE_URL="$$url" ASSETS_URL="$$assets"
	$(if $(wildcard sdk/dist/web),,$(MAKE) --no-print-directory sdk-build)
	npx cdk deploy $(STAGE_STACKS)Pages --exclusively -c stage=$(STAGE) $(CDK_ARGS)
	rm -f $(CATALOG_SNAPSHOT)

# The API's TypeScript types, generated (not committed) from its OpenAPI
# document, shared/openapi.json, which `make openapi` rewrites and the
# contract's tests keep current.
site/src/lib/api/schema.d.ts: shared/openapi.json
	cd site && npx openapi-typescript ../shared/openapi.json --output src/lib/api/schema.d.ts

site-api-types:
	rm -f site/src/lib/api/schema.d.ts
	$(MAKE) --no-print-directory site/src/lib/api/schema.d.ts

# The country dataset (one file per country, fetched on demand), generated
# from devDependencies under permissive licences; see site/scripts/geo.mjs.
site/public/geo/countries.json: site/scripts/geo.mjs site/scripts/curated-cities.json package-lock.json
	node site/scripts/geo.mjs

site-unit: site/src/lib/api/schema.d.ts site/public/geo/countries.json $(CATALOG_SNAPSHOT)
	cd site && npx eslint --max-warnings 0 .
	cd site && npx tsc --noEmit
	cd site && npx vitest run

# The journeys need the release server and shopctl (built by `make build`).
# They stand for many shoppers: each browser context names its own client
# address in X-Forwarded-For, which the server trusts here as behind a proxy.
site-e2e: site-build
	@if [ -x shared/testkit/with-server.sh ]; then \
		TRUST_FORWARDED_FOR=1 shared/testkit/with-server.sh node site/e2e/run.mjs; \
	else \
		node site/e2e/run.mjs; \
	fi

site-test: site-unit site-e2e

# The Lighthouse yardstick: a Next.js export with no code of its own (site/bench/hello).
SITE_HELLO := site/bench/hello/out/index.html
$(SITE_HELLO): $(wildcard site/bench/hello/app/*) site/bench/hello/next.config.mjs package-lock.json
	cd site && $(SITE_ENV) npx next build bench/hello
	@touch $@

site-bench: site-build $(SITE_HELLO)
	node site/bench/run.mjs

DEPS += site-deps
BUILDS += site-build
TESTS += site-test
BENCHES += site-bench
