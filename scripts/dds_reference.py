#!/usr/bin/env python3
"""Writes double-dummy reference data from DDS 2.9 (through the endplay package).

Run it from the repository root:

    python3 -m venv /tmp/dds-venv && /tmp/dds-venv/bin/pip install endplay
    /tmp/dds-venv/bin/python scripts/dds_reference.py > tests/data/dds_reference.txt

The virtual environment lives outside the repository; only the text output is
committed. Deals come from Python's Mersenne Twister with a fixed seed, so the
file is reproducible with the same endplay version.

Output, one deal per line:

    <deal as PBN, North first> <table> [<strain><declarer> <card>=<tricks> ...]

<table> is 20 characters 0-9a-d: declarers N, E, S, W, each over strains
NT, S, H, D, C (tricks for that declarer). The optional part, present on the
first LEAD_DEALS lines, lists every legal opening lead (by declarer's
left-hand opponent) with the tricks declarer takes after it.
"""

import random
import sys

from endplay.dds import calc_dd_table, solve_board
from endplay.types import Deal, Denom, Player

DEALS = 1000
LEAD_DEALS = 200
SEED = 20261122

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SEATS = "NESW"
STRAINS = ["NT", "S", "H", "D", "C"]
DENOM = {
    "NT": Denom.nt,
    "S": Denom.spades,
    "H": Denom.hearts,
    "D": Denom.diamonds,
    "C": Denom.clubs,
}
PLAYER = {
    "N": Player.north,
    "E": Player.east,
    "S": Player.south,
    "W": Player.west,
}


def random_deal(rng):
    pack = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(pack)
    hands = []
    for h in range(4):
        cards = pack[13 * h : 13 * h + 13]
        suits = []
        for s in range(4):
            ranks = sorted((r for (cs, r) in cards if cs == s), reverse=True)
            suits.append("".join(RANKS[r] for r in ranks))
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def card_text(card):
    # endplay prints cards like "SA" / "♠A" depending on version; build our own.
    suit = {
        Denom.spades: "S",
        Denom.hearts: "H",
        Denom.diamonds: "D",
        Denom.clubs: "C",
    }[card.suit]
    rank = card.rank.abbr
    return suit + ("T" if rank == "10" else rank)


def main():
    rng = random.Random(SEED)
    out = sys.stdout
    for i in range(DEALS):
        pbn = random_deal(rng)
        deal = Deal(pbn)
        table = calc_dd_table(deal)
        digits = "".join(
            "%x" % table[DENOM[st], PLAYER[se]] for se in SEATS for st in STRAINS
        )
        line = f"{pbn} {digits}"
        if i < LEAD_DEALS:
            strain = STRAINS[i % 5]
            declarer = SEATS[(i // 5) % 4]
            leader = SEATS[(SEATS.index(declarer) + 1) % 4]
            deal.first = PLAYER[leader]
            deal.trump = DENOM[strain]
            leads = sorted(
                (card_text(card), 13 - score) for card, score in solve_board(deal)
            )
            line += f" {strain}{declarer} " + " ".join(f"{c}={t}" for c, t in leads)
        out.write(line + "\n")


if __name__ == "__main__":
    main()
