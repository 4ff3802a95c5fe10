"""The finesse, hold-up, promotion and length probes of docs/techniques.md
written with DDS (through endplay), for deals South declares in no trumps
(West leads). Run alone, on the candidate deals technique_bench wrote, it
prints one line per deal: `<µs> <steps passed>`, the same steps as our
probes (bench/technique/run.sh). check_probes_with_endplay.py imports it.
Usage: python dds_probes.py TECHNIQUE FILE [--all-cards]

The drawing-trumps probe follows our solver's play record (the teacher's
choice among equal cards) and the ruffing probe bars a seat from ruffing,
which DDS cannot be asked; those two have no twin here."""

import sys
import time

from endplay.dds import solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Card, Deal, Denom, Player, Rank

SOUTH, WEST, EAST, NORTH = Player.south, Player.west, Player.east, Player.north
OURS = (NORTH, SOUTH)
HONOURS = [Rank.RK, Rank.RQ, Rank.RJ]


def value(rank):
    """2 for the two … 14 for the ace (endplay's ranks are bit flags)."""
    return rank.value.bit_length() - 1


def ranks(deal, player, suit):
    return [c.rank for c in deal[player] if c.suit.value == suit]


ALL_CARDS = False


def makes(deal, need):
    """Whether South's side takes `need` of the tricks left from the
    position, for the side to play: one DDS search with a target (DDS's own
    yes/no question) or, with --all-cards, the score of every card (what a
    script that only knows `solve_board(deal)` asks)."""
    left = len(deal[deal.curplayer])
    if need <= 0:
        return True
    if need > left:
        return False
    ours = deal.curplayer in OURS
    if ALL_CARDS:
        best = max(t for _, t in solve_board(deal))
        return (best if ours else left - best) >= need
    target = need if ours else left - need + 1
    reached = any(t >= target for _, t in solve_board(deal, SolveMode.TargetOne, target))
    return reached if ours else not reached


def fresh(pbn):
    d = Deal(pbn)
    d.first = WEST
    d.trump = Denom.nt
    return d


def exchange(pbn, a, b):
    """The deal with cards `a` and `b` (suit, rank) changing hands."""
    deal = fresh(pbn)
    owner = lambda card: next(p for p in Player if any(
        c.suit.value == card[0] and c.rank == card[1] for c in deal[p]))
    pa, pb = owner(a), owner(b)
    if pa == pb:
        return None
    ca = next(c for c in deal[pa] if c.suit.value == a[0] and c.rank == a[1])
    cb = next(c for c in deal[pb] if c.suit.value == b[0] and c.rank == b[1])
    deal[pa].remove(ca)
    deal[pb].remove(cb)
    deal[pa].add(cb)
    deal[pb].add(ca)
    return deal


def fails_once_changed(pbn, need, changed):
    if not changed:
        return 0
    if not makes(fresh(pbn), need):
        return 1
    return 3 if any(not makes(d, need) for d in changed) else 2


def changed_fails_then_makes(pbn, need, changed):
    if not changed:
        return 0
    if all(makes(d, need) for d in changed):
        return 1
    return 3 if makes(fresh(pbn), need) else 2


def finesse(pbn, need, _lead):
    deal = fresh(pbn)
    moved = []
    for suit in range(4):
        ours = ranks(deal, NORTH, suit) + ranks(deal, SOUTH, suit)
        for d, other in ((WEST, EAST), (EAST, WEST)):
            low = min(ranks(deal, other, suit), default=None, key=value)
            for h in HONOURS:
                if h not in ranks(deal, d, suit) or low is None or value(low) >= value(h):
                    continue
                above = any(value(r) > value(h) for r in ours)
                below = any(value(r) == value(h) - 1 for r in ours)
                if above and below:
                    moved.append(exchange(pbn, (suit, h), (suit, low)))
    return fails_once_changed(pbn, need, [d for d in moved if d])


def promotion(pbn, need, _lead):
    deal = fresh(pbn)
    changed = []
    for suit in range(4):
        ours = {value(r): r for p in OURS for r in ranks(deal, p, suit)}
        theirs = {value(r): r for p in (WEST, EAST) for r in ranks(deal, p, suit)}
        if not ours:
            continue
        top = max(ours)
        higher = sum(1 for v in theirs if v > top)
        end, run = top, 1
        while end - 1 in ours:
            end, run = end - 1, run + 1
        low = min(theirs, default=None)
        if low is None or low >= end:
            continue
        if higher > 0 and run > higher:
            changed.append(exchange(pbn, (suit, ours[end]), (suit, theirs[low])))
    return changed_fails_then_makes(pbn, need, [d for d in changed if d])


def length(pbn, need, _lead):
    deal = fresh(pbn)
    n = lambda p, s: len(ranks(deal, p, s))
    changed = []
    for suit in range(4):
        long = NORTH if n(NORTH, suit) > n(SOUTH, suit) else SOUTH
        if n(long, suit) <= max(n(WEST, suit), n(EAST, suit)):
            continue
        shorter = EAST if n(EAST, suit) < n(WEST, suit) else WEST
        given = min(ranks(deal, long, suit), key=value)
        others = [c for c in deal[shorter] if c.suit.value != suit]
        if not others:
            continue
        # The lowest card, the first suit (spades first) among equal ranks.
        low = min(value(c.rank) for c in others)
        taken = next(c for s in range(4) for c in others
                     if c.suit.value == s and value(c.rank) == low)
        changed.append(exchange(pbn, (suit, given), (taken.suit.value, taken.rank)))
    return fails_once_changed(pbn, need, [d for d in changed if d])


def groups(deal):
    """One legal card of the player to play per group of cards equal in
    play: touching cards of one hand with no card left in another hand (or
    on the table) between them."""
    hand = deal[deal.curplayer]
    legal = list(deal.legal_moves())
    elsewhere = {(c.suit.value, value(c.rank)) for p in Player if p != deal.curplayer
                 for c in deal[p]} | {(c.suit.value, value(c.rank)) for c in deal.curtrick}
    held = {(c.suit.value, value(c.rank)) for c in hand}
    out = []
    for c in legal:
        s, v = c.suit.value, value(c.rank)
        # Skip c when the next card above it that is still out is ours too.
        above = v + 1
        while above <= 14 and (s, above) not in held and (s, above) not in elsewhere:
            above += 1
        if above <= 14 and (s, above) in held:
            continue
        out.append(c)
    return out


def played(deal, card):
    d = deal.copy()
    d.play(card)
    return d


def first_trick(after_lead, need, win):
    """Whether South's side, choosing dummy's card and then declarer's
    against each card of the third hand, can settle the first trick as
    `win` says (taken or let go) and still make the contract."""
    rest = need - (1 if win else 0)

    def settled(after_third):
        for card in groups(after_third):
            d = played(after_third, card)
            if (d.first in OURS) == win and makes(d, rest):
                return True
        return False

    return any(all(settled(played(after_dummy, third)) for third in groups(after_dummy))
               for after_dummy in (played(after_lead, c) for c in groups(after_lead)))


def hold_up(pbn, need, lead):
    deal = fresh(pbn)
    if lead == "-":
        return 0
    suit = "SHDC".index(lead[0])
    rank = Rank["R" + lead[1]]
    ours = [value(r) for p in OURS for r in ranks(deal, p, suit)]
    third = [value(r) for r in ranks(deal, EAST, suit)]
    top = max(ours, default=0)
    if not (top > value(rank) and top > max(third, default=0)):
        return 0
    deal.play(Card(suit=Denom(suit), rank=rank))
    if not makes(deal, need):
        return 1
    if first_trick(deal, need, True):
        return 2
    return 4 if first_trick(deal, need, False) else 3


def main():
    global ALL_CARDS
    ALL_CARDS = "--all-cards" in sys.argv[3:]
    technique, path = sys.argv[1], sys.argv[2]
    probe = {"finesse": finesse, "hold_up": hold_up, "promotion": promotion,
             "length": length}[technique]
    for line in open(path):
        f = line.split()
        pbn, need, lead = " ".join(f[:4]), int(f[4]), f[5]
        t0 = time.perf_counter()
        passed = probe(pbn, need, lead)
        print(int((time.perf_counter() - t0) * 1e6), passed)


if __name__ == "__main__":
    main()
