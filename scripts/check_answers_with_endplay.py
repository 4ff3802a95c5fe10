#!/usr/bin/env python3
"""Re-check the double-dummy facts of the answer keys with DDS (through
endplay from PyPI), board by board.

Usage: check_answers_with_endplay.py ANALYSIS.json...

Each file is `minibridge analyze --lesson L --json` (one object per board).
For every played board the deal is rebuilt from the play record, and DDS
must give:
  - the whole table of tricks by declarer and denomination (`dd_table`);
  - the guideline contract's tricks (`guideline_tricks`), which the play
    record's tricks for the declaring side must equal too;
  - declarer's tricks after every legal opening lead (`leads`), the leads
    that hold declarer to the fewest (`best_leads`) and the guideline lead's
    tricks and verdict (`guideline_lead`);
  - the best contract's tricks (`best_contract`) from the same table;
  - the extra tricks: `guideline_tricks` minus the sure tricks, and the
    tricks the play record wins suit by suit (`extra_tricks`).
Three-player (`ez3`) boards move the chairs and are left to the tests of
that rule system. Exits 1 on any mismatch.
"""

import json
import sys

from endplay.dds import calc_dd_table, solve_board
from endplay.types import Denom, Player

from check_key_plays_with_endplay import rebuild, winner
from check_pbn_with_endplay import report

PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
DENOMS = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
LETTERS = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}


def check_board(b, problems, where):
    play = b["play"]
    record = play["play_record"]["tricks"]
    strain = b["contract"]["strain"]
    declarer = b["declarer"]
    side = "NS" if declarer in "NS" else "EW"
    deal = rebuild(record, strain)

    table = calc_dd_table(deal)
    for seat, row in play["dd_table"].items():
        for denom, tricks in row.items():
            theirs = table[DENOMS[denom], PLAYERS[seat]]
            if theirs != tricks:
                problems.append(f"{where}: {seat} in {denom} takes {theirs} with DDS, we say {tricks}")
    dds_guideline = table[DENOMS[strain], PLAYERS[declarer]]
    if play["guideline_tricks"] != dds_guideline:
        problems.append(f"{where}: the guideline contract takes {dds_guideline} with DDS, "
                        f"we say {play['guideline_tricks']}")
    trump = strain if strain != "NT" else None
    won = sum(1 for t in record if winner(t["cards"], t["leader"], trump) in side)
    if won != play["guideline_tricks"]:
        problems.append(f"{where}: the play record wins {won} tricks, not {play['guideline_tricks']}")

    # Declarer's tricks after each opening lead: DDS scores the leader's cards.
    after = {LETTERS[c.suit] + c.rank.abbr: 13 - n for c, n in solve_board(deal)}
    ours = {lead["card"]: lead["tricks"] for lead in play["leads"]}
    if ours != after:
        wrong = sorted(c for c in set(ours) | set(after) if ours.get(c) != after.get(c))
        problems.append(f"{where}: the leads {wrong} differ from DDS")
        return
    fewest = min(after.values())
    best = sorted(c for c, n in after.items() if n == fewest)
    if sorted(play["best_leads"]["cards"]) != best or play["best_leads"]["tricks"] != fewest:
        problems.append(f"{where}: DDS's best leads are {best} ({fewest}), we say {play['best_leads']}")
    g = play["guideline_lead"]
    if g["tricks"] != after.get(g["card"]) or g["among_best"] != (after.get(g["card"]) == fewest):
        problems.append(f"{where}: the guideline lead {g['card']} gives {after.get(g['card'])} "
                        f"with DDS, we say {g['tricks']} (among the best: {g['among_best']})")

    bc = play["best_contract"]
    dds_best = table[DENOMS[bc["contract"]["strain"]], PLAYERS[bc["declarer"]]]
    if bc["tricks"] != dds_best:
        problems.append(f"{where}: the best contract takes {dds_best} with DDS, we say {bc['tricks']}")

    extra = play["extra_tricks"]
    sure = b["sure_tricks"]["total"]
    if extra["tricks"] != dds_guideline - sure:
        problems.append(f"{where}: extra tricks {extra['tricks']}, DDS {dds_guideline} minus {sure} sure")
    per_suit = {s: 0 for s in "SHDC"}
    for t in record:
        if winner(t["cards"], t["leader"], trump) in side:
            cards, leader = t["cards"], t["leader"]
            k = "NESW".index(winner(cards, leader, trump)) - "NESW".index(leader)
            per_suit[cards[k % 4][0]] += 1
    if extra["won"] != per_suit:
        problems.append(f"{where}: the record wins {per_suit} by suit, we say {extra['won']}")
    more = [s for s in "SHDC" if per_suit[s] > b["sure_tricks"][s]]
    if extra["suits"] != more:
        problems.append(f"{where}: extra tricks come from {more}, we say {extra['suits']}")


def main(files):
    problems = []
    checked = 0
    for name in files:
        with open(name, encoding="utf-8") as f:
            boards = json.load(f)
        for b in boards:
            if not b.get("play") or b["ruleset"] == "ez3":
                continue
            check_board(b, problems, f"{name} board {b['board']}")
            checked += 1
    report(problems, f"DDS agrees with the answer keys' double-dummy facts on all {checked} boards")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
