#!/bin/sh
# Our solver against DDS 2.9 (through endplay) on the same 200 deals, one
# thread, in one run. Run from the repository root: sh bench/solver/run.sh
# A throwaway Python environment is made under bench/work (git-ignored)
# unless DDS_PYTHON names a Python that already has endplay.
set -eu
N=${N:-200}
DEALS=tests/data/dds_reference.txt
WORK=bench/work/solver
mkdir -p "$WORK"
if [ -z "${DDS_PYTHON:-}" ]; then
    if [ ! -x "$WORK/venv/bin/python" ]; then
        python3 -m venv "$WORK/venv"
        "$WORK/venv/bin/pip" install --quiet endplay
    fi
    DDS_PYTHON="$WORK/venv/bin/python"
fi
cargo build --release --quiet --example solver_bench
/usr/bin/time -v -o "$WORK/ours.time" target/release/examples/solver_bench "$DEALS" "$N" > "$WORK/ours.txt"
/usr/bin/time -v -o "$WORK/dds.time" "$DDS_PYTHON" bench/solver/dds_times.py "$DEALS" "$N" > "$WORK/dds.txt"
python3 bench/solver/compare.py "$WORK/ours.txt" "$WORK/dds.txt" "$WORK/ours.time" "$WORK/dds.time"
