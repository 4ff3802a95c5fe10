#!/bin/sh
# The lesson page's Play mode (issue 30): every played board of the sample
# course played through in headless Chromium as a student would
# (scripts/play_page.py: clicks, hints on, the engine's replies at once),
# with the wait from each click until the page is ready for the next card;
# the size of each lesson.html; and what the engine costs in WebAssembly
# against native, on the same questions (every position the student met,
# asked for each card's result), in one run.
# Run from the repository root: sh bench/page/run.sh
set -eu
WORK=bench/work/page
rm -rf "$WORK"
mkdir -p "$WORK"
cargo build --release --quiet
cargo build --release --quiet -p minibridge-wasm --example answer
target/release/minibridge build lessons/ --out "$WORK/course" > "$WORK/build.txt"
python3 bench/page/report.py "$WORK" target/release/examples/answer wasm/minibridge.wasm
