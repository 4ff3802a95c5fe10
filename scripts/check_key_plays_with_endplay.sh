#!/usr/bin/env bash
# Analyses the technique lessons (every lesson with a `technique:`) with
# minibridge and re-checks each critical play of their boards with DDS,
# through endplay: scripts/check_key_plays_with_endplay.py says what is
# checked. The lessons are analysed side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/endplay_setup.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

pids=()
for lesson in $(grep -l '^ *technique:\|technique: {' lessons/*.yaml); do
    "$bin" analyze --lesson "$lesson" --json > "$work/$(basename "$lesson" .yaml).json" 2> /dev/null &
    pids+=($!)
done
for pid in "${pids[@]}"; do
    wait "$pid"
done
"$venv/bin/python" scripts/check_key_plays_with_endplay.py "$work"/*.json
