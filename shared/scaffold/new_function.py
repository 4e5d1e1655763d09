#!/usr/bin/env python3
"""Scaffolds a new API function and wires it everywhere it must be known.

    make function NAME=payment PREFIXES=/api/payment

creates functions/<name> (lib.rs with the router, main.rs under lambda_http)
and registers it in the workspace (members, dependencies, `cargo lambda watch`
routes), in shared/routes.json (the local server, API Gateway and the tests
read it), and in the local server's router table. Infra needs nothing: every
routes.json entry becomes a Lambda; it may touch the table only once
shared/function-access.json names its key prefixes (until then the synth
warns that it has no table grant).
"""

import json
import re
import sys
from pathlib import Path

CARGO = """[package]
name = "{name}"
version.workspace = true
edition.workspace = true
rust-version.workspace = true
publish.workspace = true

[[bin]]
name = "{name}"
path = "src/main.rs"

# The Lambda build (`cargo lambda build --no-default-features`) links only
# the AWS adapters named on `app` below; `cargo lambda watch` and the tests
# add the embedded ones (default).
[features]
default = ["embedded"]
embedded = ["app/embedded"]

[dependencies]
app = {{ workspace = true, features = ["aws-dynamodb", "aws-secrets"] }}
domain.workspace = true
shop-http.workspace = true
axum.workspace = true
serde.workspace = true
serde_json.workspace = true
tokio.workspace = true
tracing.workspace = true
lambda_http.workspace = true

[lints]
workspace = true
"""

LIB = """//! The {name} function's routes ({prefixes}). Handlers read as named steps;
//! the rules, messages and table access live in `shared/domain`.

use app::App;
use axum::routing::get;
use axum::{{Json, Router}};
use serde_json::{{json, Value}};

use shop_http::ApiResult;

pub fn router(app: App) -> Router {{
    Router::new()
        .route("{first}", get(index))
        .with_state(app)
}}

async fn index() -> ApiResult<Json<Value>> {{
    Ok(Json(json!({{ "data": [] }})))
}}
"""

MAIN = """//! The {name} function under lambda_http (and `cargo lambda watch`).

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {{
    shop_http::lambda::run("{name}", {crate}::router).await
}}
"""


def insert_after_last(text: str, pattern: str, addition: str) -> str:
    """Inserts `addition` after the last line matching `pattern`."""
    lines = text.splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if re.search(pattern, line))
    lines.insert(last + 1, addition)
    return "".join(lines)


def scaffold(root: Path, name: str, prefixes: list[str]) -> None:
    if not re.fullmatch(r"[a-z][a-z0-9-]*", name):
        sys.exit(f"NAME must be lower-case letters, digits and dashes: {name!r}")
    if not prefixes or not all(re.fullmatch(r"/api(/[a-z0-9-]+)+", p) for p in prefixes):
        sys.exit(f"PREFIXES must be /api/... paths: {prefixes!r}")
    folder = root / "functions" / name
    if folder.exists():
        sys.exit(f"{folder.relative_to(root)} exists already")
    crate = name.replace("-", "_")

    (folder / "src").mkdir(parents=True)
    (folder / "Cargo.toml").write_text(CARGO.format(name=name))
    (folder / "src" / "lib.rs").write_text(
        LIB.format(name=name, prefixes=", ".join(prefixes), first=prefixes[0])
    )
    (folder / "src" / "main.rs").write_text(MAIN.format(name=name, crate=crate))

    cargo = (root / "Cargo.toml").read_text()
    cargo = insert_after_last(cargo, r'^\s*"functions/', f'  "functions/{name}",\n')
    cargo = insert_after_last(
        cargo, r'^[a-z-]+ = \{ path = "functions/', f'{name} = {{ path = "functions/{name}" }}\n'
    )
    watch = "".join(f'"{p}" = "{name}"\n"{p}/{{*rest}}" = "{name}"\n' for p in prefixes)
    cargo = insert_after_last(cargo, r'^"/api/.*" = "', watch)
    (root / "Cargo.toml").write_text(cargo)

    routes_path = root / "shared" / "routes.json"
    routes = json.loads(routes_path.read_text())
    routes["functions"].append({"name": name, "prefixes": prefixes})
    entries = ",\n".join(
        f'    {{ "name": "{f["name"]}", "prefixes": {json.dumps(f["prefixes"])} }}'
        for f in routes["functions"]
    )
    comment = json.dumps(routes["$comment"], ensure_ascii=False)
    routes_path.write_text(f'{{\n  "$comment": {comment},\n  "functions": [\n{entries}\n  ]\n}}\n')

    server_cargo = root / "shared" / "server" / "Cargo.toml"
    server_cargo.write_text(
        server_cargo.read_text().replace(
            "sandbox.workspace = true\n", f"{name}.workspace = true\nsandbox.workspace = true\n", 1
        )
    )
    server_routes = root / "shared" / "server" / "src" / "routes.rs"
    server_routes.write_text(
        insert_after_last(
            server_routes.read_text(), r'^\s*"[a-z-]+" => [a-z_]+::router,', f'        "{name}" => {crate}::router,\n'
        )
    )
    print(f"functions/{name} created and wired; give it its table prefixes in shared/function-access.json")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    scaffold(Path(__file__).resolve().parents[2], sys.argv[1], sys.argv[2:])
