#!/usr/bin/env bash
# Renders the README's pictures from real output: page 1 of the worksheet,
# the answer key and the crib sheet of one course lesson and of an EZ score
# sheet, at 60 dpi, and the lesson
# page in a headless browser (a phone's student view, the teacher view and
# the projector in the middle of the play), into docs/.
# Needs pdftoppm (poppler-utils) and chromium. Run from anywhere; rerun after a change
# to the worksheet or answer-key templates and commit the PNGs.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
lesson="lessons/05-golden-fit.yaml"
stem="$(basename "$lesson" .yaml)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

cd "$root"
command -v pdftoppm >/dev/null || { echo "pdftoppm is missing (poppler-utils)" >&2; exit 1; }
cargo run --quiet -- build "$lesson" --out "$out" >/dev/null
# The worksheet's board 1 follows its teaching-point page.
pdftoppm -png -r 60 -f 2 -l 2 -singlefile "$out/$stem/worksheet.pdf" docs/worksheet
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$out/$stem/answers.pdf" docs/answers
echo docs/worksheet.png docs/answers.png
# Best play and the play plan of the hold-up lesson's board 1 (the foot
# of its answer key's first page).
cargo run --quiet -- build lessons/17-hold-up.yaml --out "$out" >/dev/null
pdftoppm -png -r 90 -f 1 -l 1 -x 40 -y 700 -W 665 -H 282 -singlefile \
    "$out/17-hold-up/answers.pdf" docs/play-plan
echo "docs/play-plan.png"
# The crib sheet of the same lesson (ebu) and the EZ evening's score sheet.
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$out/$stem/crib.pdf" docs/crib
echo "docs/crib.png"
cargo run --quiet -- build lessons/14-ez-evening.yaml --out "$out" --no-play >/dev/null
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$out/14-ez-evening/score-sheet.pdf" docs/score-sheet
echo "docs/score-sheet.png"
page="file://$out/$stem/lesson.html"
command -v chromium >/dev/null || { echo "chromium is missing: no lesson page pictures" >&2; exit 1; }
shot() {
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --user-data-dir="$out/browser" --window-size="$2" \
        --screenshot="docs/$1.png" "$page#$3" >/dev/null 2>&1
    echo "docs/$1.png"
}
shot lesson-student 390,844 student
shot lesson-teacher 1280,800 teacher/1
shot lesson-projector 1280,800 projector/1/5
# Play mode at the finesse lesson's first key play: the address replays
# the answer key's cards up to the key card (hints on), where the page
# puts a result on each card and says the lesson's words.
cargo run --quiet -- build lessons/16-finesse.yaml --out "$out" >/dev/null
page="file://$out/16-finesse/lesson.html"
at=$(python3 - "$out/16-finesse/lesson.html" <<'PY'
import json, sys
html = open(sys.argv[1], encoding="utf-8").read()
data = json.loads(html.split('id="lesson">', 1)[1].split("</script>", 1)[0])
for b in data["lesson"]["boards"]:
    k = b.get("key_play")
    if k and b.get("table") and k["trick"] > 1:
        record = b["play"]["record"]
        cards = [c["code"] for t in record[: k["trick"] - 1] for c in t["cards"]]
        # The key trick's cards before the key card.
        for c in record[k["trick"] - 1]["cards"]:
            if c["code"] == k["card"]["code"]:
                break
            cards.append(c["code"])
        print("play/%d/%s?hints" % (b["number"], ".".join(cards)))
        break
PY
)
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$out/browser" --window-size=1280,760 --virtual-time-budget=10000 \
    --screenshot=docs/lesson-play.png "$page#$at" >/dev/null 2>&1
echo "docs/lesson-play.png"
