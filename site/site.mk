# The site: Next.js static export (site/out), its tests and its figures.
# Included by the top Makefile; targets registered in DEPS, BUILDS, LINTS, TESTS, BENCHES.

SITE_ENV := NEXT_TELEMETRY_DISABLED=1 NEXT_IGNORE_INCORRECT_LOCKFILE=1
SITE_SOURCES := $(shell find site/src site/public site/build -type f -not -name "*.test.ts" 2>/dev/null) site/next.config.ts site/package.json site/tsconfig.json shared/messages.json shared/rules.json shared/picture-sizes.json shared/site-pages.json

# The build bakes no catalogue: its pages are templates, which `shopctl
# catalog import` (and `shopctl publish`) fill with the catalogue's heads and
# first paint and copy to each entity's address, into what the shop serves
# ($DATA_DIR/site locally). A new catalogue needs no build.

.PHONY: site-deps site-build site-lint site-test site-unit site-e2e site-bench site-api-types site-release site-url-check

# npm ci at the root when the installed tree is missing or older than the lockfile;
# Debian's Chromium for the journeys and Lighthouse.
site-deps:
	@if [ ! -x node_modules/.bin/next ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
		npm ci --no-audit --no-fund; \
	fi
	@command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium; }

# The payment SDK's assets host (an origin of its own, the server's
# ASSETS_URL), read at build time: the checkout loads the SDK from it. A stamp
# holding it, rewritten only when it differs, rebuilds the site when it
# changes. (The shop's public origin, SITE_URL, is the publication's, not the
# build's: `shopctl publish` names it in every head, sitemap.xml and robots.txt.)
ASSETS_PORT ?= $(shell echo $$(($(PORT) + 1)))
ASSETS_URL ?= http://127.0.0.1:$(ASSETS_PORT)
ASSETS_URL_STAMP := site/.assets-url

$(ASSETS_URL_STAMP): site-url-check
	@if [ "$$(cat $@ 2>/dev/null)" != '$(ASSETS_URL)' ]; then printf '%s\n' '$(ASSETS_URL)' > $@; fi

site/out/index.html: $(SITE_SOURCES) site/src/lib/api/schema.d.ts site/public/geo/countries.json $(ASSETS_URL_STAMP)
	cd site && NEXT_PUBLIC_ASSETS_URL='$(ASSETS_URL)' $(SITE_ENV) npx next build
	node site/build/scripts-after-paint.mjs site/out
	@touch site/out/index.html

site-build: site/out/index.html

$(BIN)/shopctl:
	$(MAKE) --no-print-directory rust-build

# The site's release to a deployed stage: the templates built for the stage's
# SDK assets host (its Site stack's AssetsUrl) and the stage's Pages stack
# deployed alone (the files, then a CloudFront invalidation), then the
# catalogue published again on the new templates (`shopctl publish` into the
# site bucket's published/, the published-pages store, an invalidation: every
# name from the stage's outputs; README, "Import the catalogue in AWS").
# AWS credentials and region come from the environment; the
# synth's settings as for any deploy, SHOP_* variables or CDK_ARGS:
#   AWS_REGION=eu-west-1 make site-release STAGE=staging CDK_ARGS="-c senderEmail=orders@mail.example.com"
STAGE_STACKS = Couture$(shell printf '%s' '$(STAGE)' | sed -E 's/(^|-)([a-z0-9])/\U\2/g')

site-release: infra-deps $(BIN)/shopctl
	$(if $(STAGE),,$(error site-release deploys one stage: make site-release STAGE=staging))
	assets=$$(aws cloudformation describe-stacks --stack-name $(STAGE_STACKS)Site \
		--query "Stacks[0].Outputs[?OutputKey=='AssetsUrl'].OutputValue" --output text); \
	if [ -z "$$assets" ] || [ "$$assets" = None ]; then echo "site-release: $(STAGE_STACKS)Site has no AssetsUrl output" >&2; exit 1; fi; \
	$(MAKE) --no-print-directory site-build ASSETS_URL="$$assets"
	$(if $(wildcard sdk/dist/web),,$(MAKE) --no-print-directory sdk-build)
	npx cdk deploy $(STAGE_STACKS)Pages --exclusively -c stage=$(STAGE) $(CDK_ARGS)
	out() { aws cloudformation describe-stacks --stack-name "$(STAGE_STACKS)$$1" \
		--query "Stacks[0].Outputs[?OutputKey=='$$2'].OutputValue" --output text; }; \
	TABLE_NAME=$$(out Data TableName) BLOBS_BUCKET=$$(out Blobs BlobsBucketName) BLOBS_PUBLIC_URL=/blobs \
	SITE_URL=$$(out Site SiteUrl) SITE_BUCKET=$$(out Site SiteBucketName) \
	PUBLISHED_PAGES_ARN=$$(out Site PublishedPagesArn) DISTRIBUTION_ID=$$(out Site DistributionId) \
	$(BIN)/shopctl publish

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

# Lint and types (the build refuses a type error too).
site-lint: site/src/lib/api/schema.d.ts
	cd site && npx eslint --max-warnings 0 .
	cd site && npx tsc --noEmit

site-unit: site-lint site/public/geo/countries.json
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
LINTS += site-lint
TESTS += site-test
BENCHES += site-bench
