#!/bin/sh
# The solver's work on the whole sample course, counted in search nodes
# rather than seconds: the count does not drift with the machine's load
# (two builds of one binary differ by a few thousand nodes in 356 million,
# as the two cores share the boards differently), so a change to the
# probes or the search can be weighed in one run where timings would need
# many. Counts with answer keys and with --no-play (the probes alone), for
# this checkout's release build and, if given, another binary of the
# program built the same way (the one before a change).
# Run from the repository root: sh bench/course/nodes.sh [OTHER_BINARY]
set -eu
WORK=bench/work/course-nodes
mkdir -p "$WORK"
cargo build --release --quiet
# Nodes of one build of the course by binary $1, extra flag $2 (or none).
count() {
    rm -rf "$WORK/out"
    MINIBRIDGE_SOLVER_NODES=1 "$1" build lessons/ --out "$WORK/out" ${2:+"$2"} \
        2>&1 >/dev/null | sed -n 's/^solver nodes: //p'
}
for bin in target/release/minibridge ${1:+"$1"}; do
    echo "$bin: $(count "$bin") nodes with answer keys, $(count "$bin" --no-play) with --no-play"
done
