#!/usr/bin/env bash
# Runs a command against a whole local shop: a release shop-server on a free
# port (and the payment SDK's assets host on a second one) with a fresh,
# seeded data folder. The command sees SHOP_URL and ASSETS_URL; the server
# stops when the command ends, and its log is kept when the command fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${CARGO_TARGET_DIR:-$HOME/.cache/couture/target}/release"
[ -x "$bin/shop-server" ] && [ -x "$bin/shopctl" ] || { echo "with-server: build first (make build)" >&2; exit 2; }

data="$(mktemp -d)"
log="$data/server.log"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port="$(free_port)"
assets_port="$(free_port)"
while [ "$assets_port" = "$port" ]; do assets_port="$(free_port)"; done
export DATA_DIR="$data" PORT="$port" SITE_URL="http://127.0.0.1:$port"
export ASSETS_PORT="$assets_port" ASSETS_URL="http://127.0.0.1:$assets_port"
unset TABLE_NAME BLOBS_BUCKET MAIL_TRANSPORT

# The import's progress (a line per picture) goes to its log, shown if it fails.
(cd "$root" && "$bin/shopctl" catalog import shared/sample-catalog >/dev/null 2>"$data/import.log") || { cat "$data/import.log" >&2; exit 1; }
(cd "$root" && exec "$bin/shop-server" >"$log" 2>&1) &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
trap cleanup EXIT
for _ in $(seq 1 100); do
  curl -fsS "$SITE_URL/api/banners" >/dev/null 2>&1 && curl -fsS -o /dev/null "$ASSETS_URL/sandbox/gateway/client_token" -X POST -H 'Content-Type: application/json' -d '{}' 2>/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
export SHOP_URL="$SITE_URL"
status=0
"$@" || status=$?
if [ "$status" -ne 0 ]; then
  echo "with-server: '$*' failed ($status); server log:" >&2
  tail -n 40 "$log" >&2
else
  rm -rf "$data"
fi
exit "$status"
