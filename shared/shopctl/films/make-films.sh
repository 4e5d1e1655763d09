#!/usr/bin/env bash
# Makes each seed runway's film and poster from the seed's own artwork:
# a slow zoom over the runway's two banners and its first looks, crossfaded.
# The results are committed next to this script (the seed embeds them; the
# About page shows the posters), so
# `make test` and `make dev` never need ffmpeg; `make films` reruns this.
# Needs ffmpeg and rsvg-convert (Debian: ffmpeg, librsvg2-bin) and a built shopctl.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The artwork, exactly as the seed draws it, in a throwaway folder.
source "$here/../drawings.sh"
images="$drawings/runways"
products="$drawings/products"

film() {
  local id="$1" line="$2"
  local stills=("$images/$id-1.svg" "$images/$id-2.svg" "$products/prod-$line-01-1-1.svg" "$products/prod-$line-02-1-1.svg")
  local inputs=() i=0
  for svg in "${stills[@]}"; do
    # Fit each still into 640x360 on a dark ground, then zoom slowly for 2 s.
    rsvg-convert -h 720 "$svg" -o "$work/still.png"
    ffmpeg -loglevel error -y -i "$work/still.png" \
      -vf "scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=0x141414,zoompan=z='1+0.0015*on':d=60:s=640x360:fps=30" \
      -frames:v 60 -pix_fmt yuv420p "$work/clip$i.mp4"
    inputs+=(-i "$work/clip$i.mp4")
    i=$((i + 1))
  done
  # Three half-second crossfades: 4 x 2 s - 1.5 s = 6.5 s.
  ffmpeg -loglevel error -y "${inputs[@]}" -filter_complex \
    "[0][1]xfade=transition=fade:duration=0.5:offset=1.5[a];[a][2]xfade=transition=fade:duration=0.5:offset=3[b];[b][3]xfade=transition=fade:duration=0.5:offset=4.5,format=yuv420p[v]" \
    -map "[v]" -c:v libx264 -preset slow -crf 30 -profile:v main -movflags +faststart -an "$here/$id.mp4"
  ffmpeg -loglevel error -y -ss 0.5 -i "$here/$id.mp4" -frames:v 1 -q:v 5 "$here/$id.jpg"
}

for line in saigon-nocturne lotus-reverie monsoon-silk; do
  film "run-$line" "$line"
done
# The About page's gallery shows the same stills, served by the static site.
about="$root/site/public/images/about"
mkdir -p "$about"
cp "$here/run-saigon-nocturne.jpg" "$about/atelier.jpg"
cp "$here/run-lotus-reverie.jpg" "$about/embroidery.jpg"
cp "$here/run-monsoon-silk.jpg" "$about/silk.jpg"
ls -l "$here"/*.mp4 "$here"/*.jpg "$about"
