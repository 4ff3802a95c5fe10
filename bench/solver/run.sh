#!/bin/sh
# Our solver against DDS 2.9 (through endplay) and, when BRIDGE_SOLVER_SRC
# names a checkout of macroxue/bridge-solver, against bridge-solver too, on
# the same deals, one thread, in one run. Run from the repository root:
#   sh bench/solver/run.sh
#   N=50 BRIDGE_SOLVER_SRC=../bridge-solver sh bench/solver/run.sh
#   DEALS=hard BRIDGE_SOLVER_SRC=../bridge-solver sh bench/solver/run.sh
#   QUESTIONS=1 sh bench/solver/run.sh
# QUESTIONS=1 times, instead of a single solve and a table, the two yes/no
# questions nearest each deal's answer (West's side at no trumps: the
# tricks the reference table gives it, and one more), as the technique
# probes and the lesson page ask them; DDS answers them with a target.
# bridge-solver has no such question, so it sits this one out.
# DDS runs from the Python that bench/dds_python.sh finds or makes.
set -eu
N=${N:-200}
DEALS=${DEALS:-tests/data/dds_reference.txt}
WORK=bench/work/solver
mkdir -p "$WORK"
# DEALS=hard: the hard deals bridge-solver's repository lists, but for its
# deal 4 (every hand void in one suit): its full table alone takes us
# about 25 s and DDS about 2 minutes (bench/solver/README.md).
# HARD_ALL=1 keeps it.
if [ "$DEALS" = hard ] && [ -n "${QUESTIONS:-}" ]; then
    echo "QUESTIONS=1 needs deals with their reference tables (the hard deals have none)" >&2
    exit 2
fi
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
# The deals go in chunks of CHUNK (default 20), and each chunk is timed
# with every program before the next, the order turning from chunk to
# chunk: this machine's speed drifts by 10-30% over minutes, and timing
# each program over the whole run in turn put that drift into the ratios
# (one run had DDS 29% slower than the run before it while our times
# held). Peak memory is the largest of a program's chunks.
CHUNK=${CHUNK:-20}
# Peak resident memory of a /usr/bin/time -v log (0 for an empty one).
kib() {
    k=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$1")
    echo "${k:-0}"
}
programs="ours dds"
MODE=""
if [ -n "${QUESTIONS:-}" ]; then
    MODE=questions
    BRIDGE_SOLVER=""
fi
[ -n "${BRIDGE_SOLVER:-}" ] && programs="$programs bridge-solver"
for p in $programs; do
    : > "$WORK/$p.txt"
    : > "$WORK/$p.time"
done
head -n "$N" "$DEALS" > "$WORK/deals.txt"
total=$(wc -l < "$WORK/deals.txt")
start=1
turn=0
while [ "$start" -le "$total" ]; do
    sed -n "${start},$((start + CHUNK - 1))p" "$WORK/deals.txt" > "$WORK/chunk.txt"
    n=$(wc -l < "$WORK/chunk.txt")
    # This chunk's order: the list turned by `turn` places.
    order=$(echo $programs | awk -v k="$turn" '{ for (i = 0; i < NF; i++) printf "%s ", $((i + k) % NF + 1) }')
    for p in $order; do
        case $p in
            ours) cmd="target/release/examples/solver_bench $WORK/chunk.txt $n $MODE" ;;
            dds) cmd="$DDS_PYTHON bench/solver/dds_times.py $WORK/chunk.txt $n $MODE" ;;
            bridge-solver) cmd="python3 bench/solver/bridge_solver_times.py $WORK/chunk.txt $n $BRIDGE_SOLVER" ;;
        esac
        # shellcheck disable=SC2086
        /usr/bin/time -v -o "$WORK/$p.chunk.time" $cmd >> "$WORK/$p.txt"
        if [ "$(kib "$WORK/$p.chunk.time")" -gt "$(kib "$WORK/$p.time")" ]; then
            cp "$WORK/$p.chunk.time" "$WORK/$p.time"
        fi
    done
    start=$((start + CHUNK))
    turn=$((turn + 1))
done
PEERS="DDS=$WORK/dds.txt:$WORK/dds.time"
if [ -n "${BRIDGE_SOLVER:-}" ]; then
    PEERS="$PEERS bridge-solver=$WORK/bridge-solver.txt:$WORK/bridge-solver.time"
fi
# shellcheck disable=SC2086
python3 bench/solver/compare.py "ours=$WORK/ours.txt:$WORK/ours.time" $PEERS
