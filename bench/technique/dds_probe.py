"""The finesse and hold-up probes of docs/techniques.md written with DDS
(through endplay), on the candidate deals technique_bench wrote. Prints one
line per deal: `<µs> <steps passed>`, the same steps as our probes.
Usage: python dds_probe.py TECHNIQUE FILE"""

import sys
import time

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player, Rank

SOUTH, WEST, EAST, NORTH = Player.south, Player.west, Player.east, Player.north
HONOURS = [Rank.RK, Rank.RQ, Rank.RJ]


def makes(deal, need):
    """Whether South's side takes `need` tricks from the position: one DDS
    solve of the side to play (its best card's tricks)."""
    best = max(t for _, t in solve_board(deal))
    ours = deal.curplayer in (NORTH, SOUTH)
    done = 13 - len(deal[deal.curplayer]) - (1 if len(deal.curtrick) else 0)
    left = 13 - done
    ns = best if ours else left - best
    return ns >= need


def fresh(pbn):
    d = Deal(pbn)
    d.first = WEST
    d.trump = Denom.nt
    return d


def finesse(pbn, need):
    deal = fresh(pbn)
    moved = []
    for suit in range(4):
        hand = lambda p: [c.rank for c in deal[p] if c.suit.value == suit]
        ours = hand(NORTH) + hand(SOUTH)
        for d, other in ((WEST, EAST), (EAST, WEST)):
            low = min(hand(other), default=None, key=lambda r: r.value)
            for h in HONOURS:
                if h not in hand(d) or low is None or low.value >= h.value:
                    continue
                above = any(r.value > h.value for r in ours)
                below = any(r.value == h.value >> 1 for r in ours)
                if above and below:
                    moved.append((suit, d, h, other, low))
    if not moved:
        return 0
    if not makes(deal, need):
        return 1
    for suit, d, h, other, low in moved:
        swapped = fresh(pbn)
        card_h = next(c for c in swapped[d] if c.suit.value == suit and c.rank == h)
        card_l = next(c for c in swapped[other] if c.suit.value == suit and c.rank == low)
        swapped[d].remove(card_h)
        swapped[other].remove(card_l)
        swapped[d].add(card_l)
        swapped[other].add(card_h)
        if not makes(swapped, need):
            return 3
    return 2


def main():
    technique, path = sys.argv[1], sys.argv[2]
    probe = {"finesse": finesse}[technique]
    for line in open(path):
        f = line.split()
        pbn, need = " ".join(f[:4]), int(f[4])
        t0 = time.perf_counter()
        passed = probe(pbn, need)
        print(int((time.perf_counter() - t0) * 1e6), passed)


if __name__ == "__main__":
    main()
