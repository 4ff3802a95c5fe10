#!/bin/sh
# Our solver against DDS 2.9 (through endplay) and, when BRIDGE_SOLVER_SRC
# names a checkout of macroxue/bridge-solver, against bridge-solver too, on
# the same deals, one thread, in one run. Run from the repository root:
#   sh bench/solver/run.sh
#   N=50 BRIDGE_SOLVER_SRC=../bridge-solver sh bench/solver/run.sh
#   DEALS=hard BRIDGE_SOLVER_SRC=../bridge-solver sh bench/solver/run.sh
# DDS runs from the Python that bench/dds_python.sh finds or makes.
set -eu
N=${N:-200}
DEALS=${DEALS:-tests/data/dds_reference.txt}
WORK=bench/work/solver
mkdir -p "$WORK"
# DEALS=hard: the hard deals bridge-solver's repository lists, but for its
# deal 4 (every hand void in one suit): one no-trump solve of it takes us
# two minutes, its full table far longer (bench/solver/README.md).
# HARD_ALL=1 keeps it.
if [ "$DEALS" = hard ]; then
    : "${BRIDGE_SOLVER_SRC:?DEALS=hard needs BRIDGE_SOLVER_SRC}"
    skip='/deal\.4$'
    if [ -n "${HARD_ALL:-}" ]; then skip='^$'; fi
    python3 bench/solver/bridge_solver_deals.py $(ls "$BRIDGE_SOLVER_SRC"/hard_deals/deal.* | sort -t. -k2 -n | grep -v "$skip") > "$WORK/hard.txt"
    DEALS=$WORK/hard.txt
fi
. bench/dds_python.sh
cargo build --release --quiet --example solver_bench
PEERS=""
if [ -n "${BRIDGE_SOLVER_SRC:-}" ]; then
    BRIDGE_SOLVER=$(sh bench/solver/build_bridge_solver.sh)
fi
/usr/bin/time -v -o "$WORK/ours.time" target/release/examples/solver_bench "$DEALS" "$N" > "$WORK/ours.txt"
/usr/bin/time -v -o "$WORK/dds.time" "$DDS_PYTHON" bench/solver/dds_times.py "$DEALS" "$N" > "$WORK/dds.txt"
PEERS="DDS=$WORK/dds.txt:$WORK/dds.time"
if [ -n "${BRIDGE_SOLVER:-}" ]; then
    /usr/bin/time -v -o "$WORK/bridge-solver.time" python3 bench/solver/bridge_solver_times.py "$DEALS" "$N" "$BRIDGE_SOLVER" > "$WORK/bridge-solver.txt"
    PEERS="$PEERS bridge-solver=$WORK/bridge-solver.txt:$WORK/bridge-solver.time"
fi
# shellcheck disable=SC2086
python3 bench/solver/compare.py "ours=$WORK/ours.txt:$WORK/ours.time" $PEERS
