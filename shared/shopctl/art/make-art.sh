#!/usr/bin/env bash
# Makes the seed's photographs from its drawings: every SVG the seed draws
# (`shopctl seed --drawings`), rendered at its own size and saved as WebP
# under images/ beside this script, with the drawing's name. Committed (the
# seed embeds them, shared/shopctl/src/artwork.rs), so `make test` and
# `make dev` never need these tools; `make art` reruns this after imagery.rs
# or the seed's pictures change.
# Needs rsvg-convert and ffmpeg (Debian: librsvg2-bin, ffmpeg) and a built shopctl.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../drawings.sh"

rm -rf "$here/images"
(cd "$drawings" && find . -name '*.svg' | sort) | while read -r svg; do
  photo="$here/images/${svg#./}"
  photo="${photo%.svg}.webp"
  mkdir -p "$(dirname "$photo")"
  rsvg-convert "$drawings/$svg" -o "$work/still.png"
  # Quality 80: no banding on the drawings' gradients, a third of a JPEG's bytes.
  ffmpeg -loglevel error -y -i "$work/still.png" -c:v libwebp -quality 80 "$photo"
done
echo "$(find "$here/images" -name '*.webp' | wc -l) photographs, $(du -sh "$here/images" | cut -f1)"
