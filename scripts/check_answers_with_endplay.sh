#!/usr/bin/env bash
# Analyses every lesson of the course with minibridge and has DDS, through
# endplay, re-check the answer keys: the double-dummy facts of every played
# board (scripts/check_answers_with_endplay.py), and its critical plays,
# the story after each one's wrong card and the technique proofs
# (scripts/check_key_plays_with_endplay.py). Two lessons are analysed at a
# time, for the machine's two cores. With ANALYSES set to a folder that
# already holds each lesson's `analyze --lesson L --json` as L.json (the
# test suite writes them from the facts its other tests worked out), those
# are checked instead.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/endplay_setup.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "${ANALYSES:-}" ]; then
    cp "$ANALYSES"/*.json "$work"/
else
    ls lessons/*.yaml | xargs -P 2 -I{} sh -c \
        '"$1" analyze --lesson "$2" --json > "$3/$(basename "$2" .yaml).json" 2> /dev/null' \
        sh "$bin" {} "$work"
fi
"$venv/bin/python" scripts/check_answers_with_endplay.py "$work"/*.json
"$venv/bin/python" scripts/check_key_plays_with_endplay.py "$work"/*.json
