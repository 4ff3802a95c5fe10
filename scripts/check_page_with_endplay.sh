#!/usr/bin/env bash
# Builds lessons of every rule system with seeds of their own (deals the
# lessons were not tuned on), plays a few boards of each lesson page in
# headless Chromium through scripts/play_page.py, as declarer and, on most
# pages, as the defenders, and has DDS, through endplay, re-check what the
# page showed and how its engine played: scripts/check_page_with_endplay.py
# says what is checked. Needs chromium on PATH (or $CHROMIUM).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/endplay_setup.sh

chromium=${CHROMIUM:-chromium}
if ! command -v "$chromium" > /dev/null; then
    echo "check_page_with_endplay: $chromium not found; the page is played in headless Chromium" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# lesson:seed:boards played as declarer:boards played as the defenders.
# ebu twice (golden fit in a suit, the finesse lesson's notrumps), dbv in
# notrumps and in a suit, ez's free auction, and ez3, whose moved chairs put
# the players in other seats. The finesse lesson's seed is one it deals
# quickly (~10 s; some take 30 s).
specs="05-golden-fit:424242:3:2 16-finesse:31337:2:0 12-dbv-eroeffnung:7070:2:0
13-dbv-trumpf:8128:3:2 14-ez-evening:2718:3:2 15-ez3-three-players:1618:3:2"

# Building is the slow part: two lessons at a time, each into a folder of
# its own.
for spec in $specs; do
    IFS=: read -r lesson seed _ <<< "$spec"
    echo "$lesson $seed"
done | xargs -P 2 -n 2 sh -c '"$1" build "lessons/$3.yaml" --seed "$4" --out "$2/$3" > /dev/null' \
    sh "$bin" "$work"

# One browser at a time: the waits measured are the page's, not a second
# Chromium's competing for the cores.
args=()
for spec in $specs; do
    IFS=: read -r lesson seed declare defend <<< "$spec"
    page=$work/$lesson/$lesson/lesson.html
    for role in declare defend; do
        count=${!role}
        [ "$count" -gt 0 ] || continue
        flag=()
        [ "$role" = defend ] && flag=(--defend)
        boards=$("$venv/bin/python" scripts/check_page_with_endplay.py --pick "$count" "$page")
        # shellcheck disable=SC2086 # the board numbers are separate arguments
        python3 scripts/play_page.py "$page" $boards ${flag[@]+"${flag[@]}"} --seed "$seed" > "$work/$lesson.$role.json"
        args+=("$page" "$work/$lesson.$role.json")
    done
done
"$venv/bin/python" scripts/check_page_with_endplay.py "${args[@]}"
