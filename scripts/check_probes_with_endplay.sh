#!/usr/bin/env bash
# Deals the technique lessons whose probes have a DDS twin (finesse,
# hold-up, promotion, length) and has DDS, through endplay, confirm that
# every board passes its probe: scripts/check_probes_with_endplay.py says
# what is checked. The lessons are dealt side by side. With PROBED set to
# a folder that already holds each lesson's L.deals.json (`deal --lesson L
# --format json`) and L.analysis.json (`analyze --lesson L --no-play
# --json`), as the test suite writes them from the boards its other tests
# dealt, those are checked instead.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/endplay_setup.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

specs="16-finesse:finesse 17-hold-up:hold_up 09-promotion:promotion 08-length-tricks:length"
if [ -n "${PROBED:-}" ]; then
    cp "$PROBED"/*.json "$work"/
else
    pids=()
    for spec in $specs; do
        lesson=${spec%%:*}
        ( "$bin" deal --lesson "lessons/$lesson.yaml" --format json > "$work/$lesson.deals.json"
          "$bin" analyze --lesson "lessons/$lesson.yaml" --no-play --json > "$work/$lesson.analysis.json" ) &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid"
    done
fi
args=()
for spec in $specs; do
    lesson=${spec%%:*}
    args+=("${spec#*:}" "$work/$lesson.deals.json" "$work/$lesson.analysis.json")
done
"$venv/bin/python" scripts/check_probes_with_endplay.py "${args[@]}"
