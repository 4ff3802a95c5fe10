#!/usr/bin/env python3
"""Times DDS 2.9 (through endplay) on the first N deals of a reference file,
one thread: one single solve (no trumps, West on lead, best card only) and one
full table per deal. Prints `<single µs> <table µs> <single tricks> <table>`
per deal, the same format as our `solver_bench` example.

`dds_times.py FILE N questions` times instead the two yes/no questions
nearest the answer (`SolveBoard` with a target, one card): can West's
side, West on lead at no trumps, take the tricks the file's table gives
it, and one more? Prints `<µs for both> <answers>` as `solver_bench`
does."""

import sys
import time

import endplay._dds as _dds
from endplay.dds import calc_dd_table, solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Deal, Denom, Player

SEATS = "NESW"
STRAINS = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
PLAYERS = [Player.north, Player.east, Player.south, Player.west]


def reference_deals(default_n):
    """The PBN deals of the first N lines of the file named on the command
    line (`FILE [N]`), with DDS set to one thread."""
    path = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else default_n
    _dds.SetMaxThreads(1)
    with open(path) as f:
        lines = [l for l in f if l.strip()][:n]
    return [" ".join(line.split()[:4]) for line in lines]


def warm_up(pbn):
    """Solves, untimed, the first deal with every hand moved one seat on:
    a process's first solve sets up DDS's memory (several milliseconds),
    and the benchmark runs the deals in chunks, one process each. (The
    same deal would not do: DDS keeps its table for a deal asked again.)"""
    first, hands = pbn.split(":")
    hands = hands.split()
    moved = Deal(first + ":" + " ".join(hands[1:] + hands[:1]))
    moved.first = Player.west
    moved.trump = Denom.nt
    solve_board(moved, SolveMode.OptimalOne)
    calc_dd_table(moved)


def can_take(deal, target):
    """Whether the side on lead takes at least `target` tricks: DDS's
    answer with a target (one card that reaches it, or none). At least none
    is yes and more than thirteen no, without asking (DDS refuses both)."""
    if not 0 < target <= 13:
        return target <= 0
    return any(True for _ in solve_board(deal, SolveMode.TargetOne, target=target))


def questions(deals, tables):
    """The two target questions of each deal, timed together."""
    for pbn, digits in zip(deals, tables):
        # South's row (N, E, S, W rows of NT S H D C): South declares
        # when West leads.
        takes = 13 - int(digits[10], 16)
        deal = Deal(pbn)
        deal.first = Player.west
        deal.trump = Denom.nt
        t0 = time.perf_counter()
        yes = can_take(deal, takes)
        more = can_take(deal, takes + 1)
        t1 = time.perf_counter()
        print(f"{int((t1 - t0) * 1e6)} {int(yes)}{int(more)}")


def main():
    deals = reference_deals(200)
    if deals:
        warm_up(deals[0])
    if len(sys.argv) > 3 and sys.argv[3] == "questions":
        with open(sys.argv[1]) as f:
            tables = [l.split()[4] for l in f if l.strip()][: len(deals)]
        questions(deals, tables)
        return
    for pbn in deals:
        deal = Deal(pbn)
        deal.first = Player.west
        deal.trump = Denom.nt
        t0 = time.perf_counter()
        best = solve_board(deal, SolveMode.OptimalOne)
        t1 = time.perf_counter()
        table = calc_dd_table(Deal(pbn))
        t2 = time.perf_counter()
        single = max(score for _, score in best)
        digits = "".join("%x" % table[s, p] for p in PLAYERS for s in STRAINS)
        print(f"{int((t1 - t0) * 1e6)} {int((t2 - t1) * 1e6)} {single} {digits}")


if __name__ == "__main__":
    main()
