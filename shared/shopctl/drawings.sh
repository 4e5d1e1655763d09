# Sourced by art/make-art.sh and films/make-films.sh: seeds the catalogue
# with its pictures as drawn (`shopctl seed --drawings`) into a throwaway
# data folder, `$work`, removed on exit. Sets `root` (the repository) and
# `drawings` (the folder of the SVG drawings, by the seed's names).
# Needs a built release shopctl.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
shopctl="${CARGO_TARGET_DIR:-$HOME/.cache/couture/target}/release/shopctl"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && env -u TABLE_NAME -u BLOBS_BUCKET DATA_DIR="$work/data" "$shopctl" seed --drawings >/dev/null)
drawings="$(find "$work/data" -type d -path '*blobs/images' | head -n1)"
