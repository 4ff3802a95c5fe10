#!/usr/bin/env bash
# Renders the README's pictures from real output: page 1 of the worksheet
# and of the answer key of one course lesson, at 60 dpi, into docs/.
# Needs pdftoppm (poppler-utils). Run from anywhere; rerun after a change
# to the worksheet or answer-key templates and commit the PNGs.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
lesson="lessons/05-golden-fit.yaml"
stem="$(basename "$lesson" .yaml)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

cd "$root"
command -v pdftoppm >/dev/null || { echo "pdftoppm is missing (poppler-utils)" >&2; exit 1; }
cargo run --quiet -- build "$lesson" --out "$out" >/dev/null
for handout in worksheet answers; do
    pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$out/$stem/$handout.pdf" "docs/$handout"
    echo "docs/$handout.png"
done
