#!/usr/bin/env python3
"""Turns bridge-solver's deal files (North; West and East on one line;
South; as in its hard_deals/ folder) into lines of the reference file's
shape, a PBN deal per line, so that the solver benchmark can run every
program on them: python3 bridge_solver_deals.py DIR/deal.* > deals.txt.
A line ends with `-`: the reference file's answers are not known here,
and compare.py checks the programs against one another instead."""

import re
import sys

RANKS = set("AKQJT98765432")


def hand(text):
    """One hand's four suits (spades first) as PBN: `K742.AJ72.8642.8`."""
    kept = "".join(c for c in text if c in RANKS or c in "-1 0").replace("10", "T")
    suits = kept.split()
    assert len(suits) == 4, f"not four suits: {text!r}"
    return ".".join("" if s == "-" else s for s in suits)


def convert(path):
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f if l.strip()]
    north, west_east, south = lines[0], lines[1], lines[2]
    west, east = re.split(r"\s{4,}|\t", west_east.strip(), maxsplit=1)
    return f"N:{hand(north)} {hand(east)} {hand(south)} {hand(west)} -"


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(convert(path))
