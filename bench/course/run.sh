#!/bin/sh
# The whole sample course, as a teacher builds it: wall-clock time of
# `minibridge build lessons/` with double-dummy answer keys and with
# --no-play, release build, into a throwaway folder under bench/work.
# Run from the repository root: sh bench/course/run.sh
set -eu
WORK=bench/work/course
mkdir -p "$WORK"
cargo build --release --quiet
for mode in play no-play; do
    rm -rf "$WORK/$mode"
    flag=""
    [ "$mode" = no-play ] && flag="--no-play"
    start=$(date +%s.%N)
    target/release/minibridge build lessons/ --out "$WORK/$mode" $flag > "$WORK/$mode.txt"
    end=$(date +%s.%N)
    echo "$mode: $(awk "BEGIN { printf \"%.1f\", $end - $start }") s (summary in $WORK/$mode.txt)"
done
