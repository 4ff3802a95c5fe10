#!/usr/bin/env python3
"""DDS (through endplay) confirms that every board of a technique lesson
needs its technique: the probe of docs/techniques.md, written with DDS in
dds_probes.py, passes every step on each board.

Usage: check_probes_with_endplay.py TECHNIQUE DEALS.json ANALYSIS.json ...
(repeated per lesson). DEALS.json is `minibridge deal --lesson L --format
json`, ANALYSIS.json `minibridge analyze --lesson L --no-play --json` of the
same lesson. The probes here look at every suit; a lesson that names a suit
per board (09-promotion) is checked the weaker way: the board needs the
technique in some suit. Exits 1 on any board that DDS does not confirm."""

import json
import sys

import dds_probes
from check_pbn_with_endplay import report

PROBES = {"finesse": (dds_probes.finesse, 3), "hold_up": (dds_probes.hold_up, 4),
          "promotion": (dds_probes.promotion, 3), "length": (dds_probes.length, 3)}


def main(args):
    problems, checked = [], 0
    for technique, deals_path, analysis_path in zip(args[::3], args[1::3], args[2::3]):
        probe, steps = PROBES[technique]
        with open(deals_path, encoding="utf-8") as f:
            deals = json.load(f)["boards"]
        with open(analysis_path, encoding="utf-8") as f:
            analyses = json.load(f)
        if len(deals) != len(analyses):
            problems.append(f"{deals_path}: {len(deals)} deals, {len(analyses)} analyses")
            continue
        for deal, a in zip(deals, analyses):
            where = f"{deals_path} board {deal['board']}"
            contract = a["contract"]
            if a["declarer"] != "S" or contract["strain"] != "NT":
                problems.append(f"{where}: the probes here need South in no trumps")
                continue
            lead = (a.get("guideline_lead") or {}).get("card", "-")
            passed = probe(deal["deal"], contract["tricks_needed"], lead)
            checked += 1
            if passed != steps:
                problems.append(f"{where}: DDS stops the {technique} probe after step {passed} of {steps}")
    report(problems, f"DDS confirms the technique on all {checked} boards")


if __name__ == "__main__":
    if len(sys.argv) < 4 or (len(sys.argv) - 1) % 3:
        sys.exit(__doc__)
    main(sys.argv[1:])
