#!/usr/bin/env bash
# Deals boards with minibridge and checks that endplay (an independent PBN
# and LIN reader from PyPI) reads every deal, dealer and vulnerability as we
# wrote them, and builds lessons whose PBN and LIN carry the guideline
# contract's play, checked by scripts/check_exports_with_endplay.py. Makes a
# throwaway virtual environment under target/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/endplay_setup.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check() {
    local name=$1
    shift
    "$bin" deal "$@" --format pbn > "$work/$name.pbn"
    "$bin" deal "$@" --format json > "$work/$name.json"
    "$bin" deal "$@" --format lin > "$work/$name.lin"
    "$venv/bin/python" scripts/check_pbn_with_endplay.py "$work/$name.pbn" "$work/$name.json" "$work/$name.lin"
}

# Every dealer and vulnerability of the 16-board cycle, twice over.
check seed1 --seed 1 --boards 32
check seed2 --seed 20261122 --boards 16 --first-board 9
# Lessons: constraints, predealt cards, a fixed dealer, a fixed deal. Of
# the technique lessons, whose boards the solver proves while dealing (up
# to seconds each, three times over here), the length lesson stands for
# all: their boards go through the same writers, and their own checks
# prove them.
for lesson in lessons/*.yaml; do
    name=$(basename "$lesson" .yaml)
    if grep -q 'technique:' "$lesson" && [ "$name" != 08-length-tricks ]; then
        continue
    fi
    check "$name" --lesson "$lesson" --seed 7
done

# Built lessons, analysed with play: one ebu board, dbv levels, and ez3,
# whose boards with moved chairs carry the deal alone.
"$bin" build lessons/11-exercise-deal.yaml lessons/12-dbv-eroeffnung.yaml \
    lessons/15-ez3-three-players.yaml --out "$work/built" > /dev/null
for lesson in 11-exercise-deal 12-dbv-eroeffnung; do
    "$venv/bin/python" scripts/check_exports_with_endplay.py "$work/built/$lesson" --expect-play
done
"$venv/bin/python" scripts/check_exports_with_endplay.py "$work/built/15-ez3-three-players"
