# The API contract: `make openapi` writes the OpenAPI document of every /api
# route to shared/openapi.json (committed; contract's tests fail when it is
# stale) and regenerates the site's TypeScript API types from it; `make
# messages` writes the texts the API and the site both show, from the
# domain, to shared/messages.json (committed and checked the same way), and
# `make rules` the formats the site checks a field against as the API does
# (postal code, phone), from the domain, to shared/rules.json (the same way).

.PHONY: openapi messages rules

openapi:
	cargo run --quiet --locked -p contract --bin openapi > shared/openapi.json.new
	mv shared/openapi.json.new shared/openapi.json
	$(MAKE) --no-print-directory site-api-types

messages:
	cargo run --quiet --locked -p contract --bin messages > shared/messages.json.new
	mv shared/messages.json.new shared/messages.json

rules:
	cargo run --quiet --locked -p contract --bin rules > shared/rules.json.new
	mv shared/rules.json.new shared/rules.json
