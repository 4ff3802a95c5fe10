#!/bin/sh
# Technique probes: per technique lesson, attempts and seconds per board of a
# release build (`--no-play`: the probes, not the answer keys); then our
# finesse, hold-up, promotion and length probes against the same probes
# written with DDS (through endplay) on the same candidate deals, in one
# run. Run from the repository root:
#   sh bench/technique/run.sh
# DDS runs from the Python that bench/dds_python.sh finds or makes.
set -eu
N=${N:-40}
WORK=bench/work/technique
mkdir -p "$WORK"
. bench/dds_python.sh
cargo build --release --quiet
cargo build --release --quiet --example technique_bench
echo "lesson technique boards attempts seconds seconds/board"
for spec in 16-finesse:finesse 17-hold-up:hold_up 18-ruffing:ruff_in_short_hand \
    07-drawing-trumps:draw_trumps 08-length-tricks:length 09-promotion:promotion; do
    lesson=${spec%%:*}
    technique=${spec#*:}
    start=$(date +%s.%N)
    target/release/minibridge build "lessons/$lesson.yaml" --no-play --out "$WORK/out" \
        > "$WORK/$lesson.txt" 2>&1
    end=$(date +%s.%N)
    awk -v l="$lesson" -v t="$technique" -v s="$start" -v e="$end" \
        '$1 == l { printf "%s %s %s %s %.1f %.2f\n", l, t, $3, $4, e - s, (e - s) / $3 }' \
        "$WORK/$lesson.txt"
done
# Probes with a DDS twin: ours and DDS's on the same candidate deals, the
# lesson's own boards first (they pass every step), then random ones. DDS
# is asked the same yes/no questions (its target mode), and then the score
# of every card, as a script that only calls solve_board(deal) would.
for spec in finesse:16-finesse hold_up:17-hold-up promotion:09-promotion length:08-length-tricks; do
    technique=${spec%%:*}
    lesson=${spec#*:}
    target/release/examples/technique_bench "$technique" "$N" "$WORK/candidates.txt" \
        "$WORK/out/$lesson/deals.pbn" > "$WORK/ours-$technique.txt"
    for mode in target all-cards; do
        flag=""
        [ "$mode" = all-cards ] && flag=--all-cards
        "$DDS_PYTHON" scripts/dds_probes.py "$technique" "$WORK/candidates.txt" $flag \
            > "$WORK/dds-$technique-$mode.txt"
        paste "$WORK/ours-$technique.txt" "$WORK/dds-$technique-$mode.txt" |
            awk -v t="$technique" -v m="$mode" '
            BEGIN { all = (t == "hold_up") ? 4 : 3 }
            { ours += $1; dds += $3; same += ($2 == $4); n++; passed += ($2 == all) }
            END {
                printf "%s probe, %d candidate deals (%d need it): ours %.2f s, DDS (%s) %.2f s, %.1fx; same steps on %d of %d\n",
                    t, n, passed, ours / 1e6, m, dds / 1e6, dds / ours, same, n
            }'
    done
done
