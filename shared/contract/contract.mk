# The API contract: `make openapi` writes the OpenAPI document of every /api
# route to shared/openapi.json (committed; contract's tests fail when it is
# stale) and regenerates the site's TypeScript API types from it.

.PHONY: openapi

openapi:
	cargo run --quiet --locked -p contract --bin openapi > shared/openapi.json.new
	mv shared/openapi.json.new shared/openapi.json
	$(MAKE) --no-print-directory site-api-types
