#!/usr/bin/env python3
"""Cross-check our PBN with an independent reader (endplay, from PyPI).

Usage: check_pbn_with_endplay.py DEALS.pbn DEALS.json [DEALS.lin]

The JSON is `minibridge deal --format json` for the same boards. Every
board endplay reads from the PBN (and from the LIN, when given) must match
the JSON record: board number, dealer, vulnerability and each seat's 13
cards. Exits 1 on any mismatch.
"""

import json
import sys

import endplay.parsers.lin as lin
import endplay.parsers.pbn as pbn
from endplay.types import Player, Vul

SEATS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
VULS = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}


def main(pbn_path, json_path, lin_path=None):
    with open(pbn_path, encoding="utf-8", newline="") as f:
        text = f.read()
    if "\r\n" not in text or "\n" in text.replace("\r\n", ""):
        sys.exit(f"{pbn_path}: export PBN must use CRLF line ends only")
    with open(json_path, encoding="utf-8") as f:
        records = json.load(f)["boards"]
    compare(pbn_path, pbn.loads(text), records)
    if lin_path:
        with open(lin_path, encoding="utf-8") as f:
            compare(lin_path, lin.load(f), records)


def compare(path, boards, records):
    if len(boards) != len(records):
        sys.exit(f"endplay read {len(boards)} boards, the JSON has {len(records)}")
    problems = []
    for board, rec in zip(boards, records):
        where = f"board {rec['board']}"
        if board.board_num != rec["board"]:
            problems.append(f"{where}: endplay reads board number {board.board_num}")
        if board.dealer != SEATS[rec["dealer"]]:
            problems.append(f"{where}: endplay reads dealer {board.dealer.name}, expected {rec['dealer']}")
        if board.vul != VULS[rec["vulnerable"]]:
            problems.append(f"{where}: endplay reads vulnerability {board.vul.name}, expected {rec['vulnerable']}")
        for letter, player in SEATS.items():
            theirs = board.deal[player].to_pbn()
            ours = rec["hands"][letter]
            if theirs != ours:
                problems.append(f"{where}: {letter} is {theirs} for endplay, {ours} in the JSON")
            if len(board.deal[player]) != 13:
                problems.append(f"{where}: {letter} holds {len(board.deal[player])} cards")
    report(problems, f"endplay agrees on all {len(boards)} boards of {path}")


def report(problems, agreed):
    """Prints each problem to stderr and exits 1, or prints `agreed`."""
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(agreed)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(*sys.argv[1:])
