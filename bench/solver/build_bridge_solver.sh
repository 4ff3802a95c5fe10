#!/bin/sh
# Builds bridge-solver (github.com/macroxue/bridge-solver) the way its own
# makefile does, with profile-guided optimisation trained on its
# hard_deals/deal.8, in the git-ignored bench/work/bridge-solver. Give the
# folder of a checkout of its sources in BRIDGE_SOLVER_SRC; nothing of it is
# kept in this repository. Prints the path of the program.
set -eu
: "${BRIDGE_SOLVER_SRC:?set BRIDGE_SOLVER_SRC to a checkout of macroxue/bridge-solver}"
WORK=bench/work/bridge-solver
rm -rf "$WORK"
mkdir -p "$WORK/hard_deals"
cp "$BRIDGE_SOLVER_SRC/solver.cc" "$BRIDGE_SOLVER_SRC/makefile" "$WORK/"
cp "$BRIDGE_SOLVER_SRC/hard_deals/deal.8" "$WORK/hard_deals/"
make -C "$WORK" --quiet solver.p solver >/dev/null
echo "$WORK/solver"
