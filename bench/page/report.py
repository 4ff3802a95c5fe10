"""Plays every played board of the built course in the lesson pages and
reports the waits, the page sizes and the module's cost against native
(bench/page/run.sh)."""

import glob
import json
import os
import statistics
import subprocess
import sys

work, native, module = sys.argv[1:4]
waits, sizes, questions = [], [], []
for page in sorted(glob.glob(os.path.join(work, "course", "*", "lesson.html"))):
    html = open(page, encoding="utf-8").read()
    data = json.loads(html.split('id="lesson">', 1)[1].split("</script>", 1)[0])
    boards = [b for b in data["lesson"]["boards"] if b.get("table")]
    sizes.append((os.path.getsize(page), os.path.basename(os.path.dirname(page))))
    if not boards:
        continue
    run = subprocess.run(
        ["python3", "scripts/play_page.py", page] + [str(b["number"]) for b in boards],
        check=True, capture_output=True, text=True,
    )
    report = json.loads(run.stdout)
    waits.extend(report["card_waits"])
    tables = {str(b["number"]): b["table"] for b in boards}
    for b in report["boards"]:
        t = tables[b["board"]]
        for p in b["positions"]:
            questions.append(json.dumps({
                "deal": t["deal"], "strain": t["strain"], "declarer": t["declarer"],
                "needed": t["needed"], "played": p["played"], "best": True, "totals": True,
            }))
lines = "\n".join(questions) + "\n"
n_native, s_native = subprocess.run([native], input=lines, capture_output=True, text=True, check=True).stdout.split()
n_module, s_module = subprocess.run(
    ["node", "bench/page/answer.mjs", module], input=lines, capture_output=True, text=True, check=True
).stdout.split()
waits.sort()
print("cards played: %d; wait per card: median %.0f ms, 90th percentile %.0f ms, worst %.0f ms"
      % (len(waits), 1000 * statistics.median(waits), 1000 * waits[int(0.9 * len(waits))], 1000 * waits[-1]))
print("lesson.html: largest %.0f KB (%s), smallest %.0f KB (%s)"
      % (max(sizes)[0] / 1024, max(sizes)[1], min(sizes)[0] / 1024, min(sizes)[1]))
print("%s questions (each card's result at every position met): native %s s, WebAssembly in Node %s s: %.2fx"
      % (n_native, s_native, s_module, float(s_module) / float(s_native)))
