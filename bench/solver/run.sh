#!/bin/sh
# Our solver against DDS 2.9 (through endplay) on the same 200 deals, one
# thread, in one run. Run from the repository root: sh bench/solver/run.sh
# DDS runs from the Python that bench/dds_python.sh finds or makes.
set -eu
N=${N:-200}
DEALS=tests/data/dds_reference.txt
WORK=bench/work/solver
mkdir -p "$WORK"
. bench/dds_python.sh
cargo build --release --quiet --example solver_bench
/usr/bin/time -v -o "$WORK/ours.time" target/release/examples/solver_bench "$DEALS" "$N" > "$WORK/ours.txt"
/usr/bin/time -v -o "$WORK/dds.time" "$DDS_PYTHON" bench/solver/dds_times.py "$DEALS" "$N" > "$WORK/dds.txt"
python3 bench/solver/compare.py "$WORK/ours.txt" "$WORK/dds.txt" "$WORK/ours.time" "$WORK/dds.time"
